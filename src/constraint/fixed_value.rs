//! `FixedValue` and `IdenticalTo` → `const`. Options: the value, or
//! `{value: ...}` ([`value`], a comparison's); a comparison with another
//! property (`propertyPath`) is left out.
//! A value is rejected unless it is `===` the value; null passes.

use super::choice::applies;
use super::comparison::value;
use crate::error::{DefinitionError, Seg};
use crate::model::facets::{Enum, Facets, Rule};
use crate::model::ty::Cat;
use crate::model::value::{Scalar, V};
use crate::model::value_check::check_scalar;
use crate::sym::Sym;
use crate::view::{Kind, Node};

pub fn apply<'a, N: Node<'a>>(
    rule: &mut Rule<'_, 'a>,
    opts: N,
    facets: &mut Facets<N>,
) -> Result<(), DefinitionError> {
    let value = value(opts);
    if let Some(v) = value {
        let trail = [
            Seg::Sym(Sym::Constraints),
            Seg::Key(rule.name),
            Seg::Sym(Sym::Value),
        ];
        let at = if opts.is_array() { 3 } else { 2 };
        check_scalar(v, rule.path, &trail[..at])?;
    }
    if !applies(rule.cat) {
        rule.not_applicable();
    } else if let Some(v) = value {
        // A float is never `===` the int PHP decodes a JSON integer into.
        facets.enums.push(match (rule.cat, v.kind()) {
            (Cat::Int, Kind::Float(_)) => Enum::Nothing,
            _ => Enum::Const(v),
        });
    } else {
        rule.unstated(super::comparison::COMPARED);
    }
    Ok(())
}

/// Symfony's IdenticalTo: `$v === $value`; null passes.
pub fn rejects<'a, N: Node<'a>>(options: N, v: V<'_>) -> Option<bool> {
    let value = Scalar::of(value(options)?.kind())?;
    Some(v != V::Scalar(Scalar::Null) && v != V::Scalar(value))
}
