//! `NotBlank`, as Symfony's NotBlank decides blank (`false`, `""`, `[]`, null;
//! `"0"` and `0` are not blank): `minLength: 1` on strings, `minItems: 1` on
//! lists, `minProperties: 1` on maps, `const: true` on booleans, and
//! `not: {enum: [false, "", [], {}]}` on `any`. Numbers are never blank.
//! Options are ignored.

use super::definition::Cat;
use super::facets::{raise, Enum, Facets, Not};

pub fn apply<N>(cat: Cat, facets: &mut Facets<N>) {
    match cat {
        Cat::Str => raise(&mut facets.min_length, 1),
        Cat::List | Cat::Map => raise(&mut facets.min_count, 1),
        Cat::Bool => facets.enums.push(Enum::True),
        Cat::Any => facets.nots.push(Not::Blank),
        Cat::Int | Cat::Num => {}
    }
}
