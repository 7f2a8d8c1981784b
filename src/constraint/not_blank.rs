//! `NotBlank`, as Symfony's NotBlank decides blank (`false`, `""`, `[]`, null;
//! `"0"` and `0` are not blank): `minLength: 1` on strings, `minItems: 1` on
//! lists, `minProperties: 1` on maps, `const: true` on booleans, and
//! `not: {enum: [false, "", [], {}]}` on `any`. Numbers are never blank.
//!
//! Options: unless `allowNull` is true, null is refused below the input level
//! (Drupal skips only an optional input that is null). A `normalizer` runs on
//! strings first: `trim` → a `pattern` asking for a character trim() keeps;
//! any other function is not stated ([`super::UNSTATED`]).
//!
//! A value is rejected as Symfony's NotBlank decides (options as the
//! constraint object holds them): blank is `false`, `""`, an empty array
//! (only B1's `"[]"` or `"{}"`), and null unless `allowNull`; `0`, `0.0` and
//! `"0"` are not blank. The `trim` normalizer trims strings first. Its
//! validator refuses null (unless `allowNull`): coercion never makes it null.

use super::choice::flag;
use crate::error::{DefinitionError, Seg};
use crate::model::facets::{raise, Enum, Facets, Not, Pattern, Rule};
use crate::model::ty::{Cat, Ty};
use crate::model::value::{option_flag, trim, Scalar, V};
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
        // An entity with a fixed type is already a non-empty string
        // (`minLength: 1`, src/normalize/entity.rs): nothing blank passes.
        Cat::Any if rule.ty == Ty::Entity && facets.min_length.is_some() => {}
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

/// Whether null fails: no `allowNull` as the constraint object holds it.
pub fn refuses_null<'a, N: Node<'a>>(options: N) -> bool {
    !(options.is_array() && option_flag(options, Sym::AllowNull, false, false) == Some(true))
}

/// Symfony's NotBlank: `false === $v || (empty($v) && '0' != $v)` after the
/// normalizer; null passes with `allowNull`.
pub fn rejects<'a, N: Node<'a>>(options: N, v: V<'_>) -> bool {
    let V::Scalar(v) = v else {
        return v == V::Array { empty: true };
    };
    match v {
        Scalar::Null => refuses_null(options),
        Scalar::Bool(false) => true,
        Scalar::Str(s) => {
            let trims = matches!(
                options.get(Sym::Normalizer).map(|n| n.kind()),
                Some(Kind::Str(b"trim"))
            );
            (if trims { trim(s) } else { s }).is_empty()
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::model::value::{Scalar, V};
    use serde_json::json;

    #[test]
    fn blank_as_symfony_decides() {
        let plain = json!(null);
        let trim = json!({"normalizer": "trim"});
        assert!(super::rejects(&plain, V::Scalar(Scalar::Bool(false))));
        assert!(!super::rejects(&plain, V::Scalar(Scalar::Int(0))));
        assert!(!super::rejects(&plain, V::Scalar(Scalar::Str(b" "))));
        assert!(super::rejects(&trim, V::Scalar(Scalar::Str(b" "))));
        assert!(super::rejects(&plain, V::Array { empty: true }));
    }
}
