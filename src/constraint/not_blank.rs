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

use super::Problem;
use crate::error::DefinitionError;
use crate::model::facets::{raise, Enum, Facets, Not, Pattern, Rule};
use crate::model::ty::{Cat, Ty};
use crate::model::value::{option_flag, trim, Scalar, V};
use crate::sym::Sym;
use crate::view::{Kind, Node};

/// `NotBlank`'s options, read once ([`read`]), as the constraint object
/// holds them.
#[derive(Clone, Copy)]
pub struct NotBlankOptions<'a> {
    /// `allowNull` (default false).
    pub allow_null: bool,
    /// `normalizer`, when a string (a function's name).
    pub normalizer: Option<&'a [u8]>,
    /// The first option normalize_schema refuses: `allowNull` not a bool or
    /// null, `normalizer` not a string or null.
    pub problem: Option<Problem>,
}

pub fn read<'a, N: Node<'a>>(opts: N) -> NotBlankOptions<'a> {
    let allow_null = opts.get(Sym::AllowNull);
    let normalizer = opts.get(Sym::Normalizer).map(Node::kind);
    NotBlankOptions {
        allow_null: option_flag(allow_null, false, false) == Some(true),
        normalizer: match normalizer {
            Some(Kind::Str(s)) => Some(s),
            _ => None,
        },
        problem: Problem::flag(allow_null, Sym::AllowNull).or(match normalizer {
            None | Some(Kind::Null | Kind::Str(_)) => None,
            Some(_) => Some(Problem(
                Some(Sym::Normalizer),
                "must be the name of a function",
            )),
        }),
    }
}

pub fn apply<'a, N: Node<'a>>(
    rule: &mut Rule<'_, 'a>,
    opts: N,
    facets: &mut Facets<N>,
) -> Result<(), DefinitionError> {
    let NotBlankOptions {
        allow_null,
        normalizer,
        problem,
    } = read(opts);
    if let Some(p) = problem {
        return Err(p.error(rule));
    }
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

impl NotBlankOptions<'_> {
    /// Symfony's NotBlank: `false === $v || (empty($v) && '0' != $v)` after
    /// the normalizer; null passes with `allowNull`.
    pub fn rejects(self, v: V<'_>) -> bool {
        let V::Scalar(v) = v else {
            return v == V::Array { empty: true };
        };
        match v {
            Scalar::Null => !self.allow_null,
            Scalar::Bool(false) => true,
            Scalar::Str(s) if self.normalizer == Some(b"trim") => trim(s).is_empty(),
            Scalar::Str(s) => s.is_empty(),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::model::value::{Scalar, V};
    use serde_json::json;

    #[test]
    fn blank_as_symfony_decides() {
        let (plain, trim) = (json!(null), json!({"normalizer": "trim"}));
        let (plain, trim) = (super::read(&plain), super::read(&trim));
        assert!(plain.rejects(V::Scalar(Scalar::Bool(false))));
        assert!(!plain.rejects(V::Scalar(Scalar::Int(0))));
        assert!(!plain.rejects(V::Scalar(Scalar::Str(b" "))));
        assert!(trim.rejects(V::Scalar(Scalar::Str(b" "))));
        assert!(plain.rejects(V::Array { empty: true }));
    }
}
