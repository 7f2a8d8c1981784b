//! `NotBlank` → `minLength: 1` on strings, `minItems: 1` on lists,
//! `minProperties: 1` on maps. (Symfony's NotBlank lets `"0"` and `0` through, as
//! these do.) Options are ignored.

use super::definition::Cat;
use super::facets::{raise, Facets};

pub fn apply<N>(cat: Cat, facets: &mut Facets<N>) {
    match cat {
        Cat::Str => raise(&mut facets.min_length, 1),
        Cat::List | Cat::Map => raise(&mut facets.min_count, 1),
        _ => {}
    }
}
