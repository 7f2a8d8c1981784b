//! The model the rest of the library reads and none of it defines: PHP values
//! as the rules see them ([`value`]). It sits below the constraint catalogue,
//! coercion and normalization, and reads none of them.

pub mod value;
