//! The model the rest of the library reads and none of it defines, below the
//! constraint catalogue, coercion and normalization, reading none of them:
//! PHP values as the rules see them ([`value`]), a definition's type
//! ([`ty`]), what its constraints say ([`facets`], with the [`facets::Rule`]
//! a catalogue module is given), the words every part speaks ([`vocab`]), the
//! check of given values ([`value_check`]) and PHP date formats as patterns
//! ([`date_format`]).

pub mod date_format;
pub mod facets;
pub mod schema;
pub mod ty;
pub mod value;
pub mod value_check;
pub mod vocab;
