//! `NotBlank`, as Symfony's NotBlank decides blank (`false`, `""`, `[]`, null;
//! `"0"` and `0` are not blank): `minLength: 1` on strings, `minItems: 1` on
//! lists, `minProperties: 1` on maps, `const: true` on booleans, and
//! `not: {enum: [false, "", [], {}]}` on `any`. Numbers are never blank.
//!
//! Options: unless `allowNull` is true, null is refused below the input level
//! (Drupal skips only an optional input that is null). A `normalizer` runs on
//! strings first: `trim` → a `pattern` asking for a character trim() keeps;
//! any other function is not stated ([`super::constraint::UNSTATED`]).

use super::choice::flag;
use super::definition::Cat;
use super::facets::{raise, Enum, Facets, Not, Pattern, Rule};
use crate::error::{DefinitionError, Seg};
use crate::sym::Sym;
use crate::view::{Kind, Node};

pub fn apply<'a, N: Node<'a>>(
    rule: &mut Rule<'_, 'a>,
    opts: N,
    facets: &mut Facets<N>,
) -> Result<(), DefinitionError> {
    let (allow_null, normalizer) = if opts.is_array() {
        let allow_null = flag(rule, opts, Sym::AllowNull, false)?;
        let normalizer = match opts.get(Sym::Normalizer).map(|n| n.kind()) {
            None | Some(Kind::Null) => None,
            Some(Kind::Str(s)) => Some(s),
            Some(_) => {
                return Err(rule.error(
                    &[Seg::Sym(Sym::Normalizer)],
                    "must be the name of a function",
                ))
            }
        };
        (allow_null, normalizer)
    } else {
        (false, None)
    };
    if !allow_null {
        facets.null_refused_nested = true;
    }
    match rule.cat {
        Cat::Str => raise(&mut facets.min_length, 1),
        Cat::List | Cat::Map => raise(&mut facets.min_count, 1),
        Cat::Bool => facets.enums.push(Enum::True),
        Cat::Any => facets.nots.push(Not::Blank),
        Cat::Int | Cat::Num => {}
    }
    if let (Some(f), Cat::Str | Cat::Any) = (normalizer, rule.cat) {
        if f == b"trim" {
            facets.patterns.push(Pattern::Sym(Sym::NotBlankTrimPattern));
        } else {
            rule.unstated(
                "the normalizer is not stated: a blank value after it may pass the schema",
            );
        }
    }
    Ok(())
}
