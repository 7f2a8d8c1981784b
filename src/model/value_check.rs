//! Values copied into the schema as they are (`default`, `examples`, choices,
//! `const`, `base_schema`) must encode as JSON: no objects or resources, no NaN or
//! INF, valid UTF-8 strings and keys, bounded nesting.

use super::vocab::MAX_DEPTH;
use crate::error::{DefinitionError, Path, Seg};
use crate::sym::Sym;
use crate::view::{Key, KeyRef, Kind, Node};
use smallvec::{smallvec, SmallVec};

use super::vocab::valid_utf8;

/// Checks `value`, found under `key` at `path`.
pub fn check_value<'a, N: Node<'a>>(
    value: N,
    path: &Path<'_>,
    key: Sym,
) -> Result<(), DefinitionError> {
    let mut trail: SmallVec<[Seg<'a>; 8]> = smallvec![Seg::Sym(key)];
    walk(value, path, &mut trail)
}

fn walk<'a, N: Node<'a>>(
    value: N,
    path: &Path<'_>,
    trail: &mut SmallVec<[Seg<'a>; 8]>,
) -> Result<(), DefinitionError> {
    match value.kind() {
        Kind::Array(a) => {
            if trail.len() > MAX_DEPTH {
                return Err(path.error(trail, "nesting deeper than 64 levels"));
            }
            a.try_each(|k, v| {
                let k = k.get();
                if let KeyRef::Str(b) = k {
                    if !valid_utf8(b) {
                        return Err(path.error(trail, "keys must be valid UTF-8"));
                    }
                }
                trail.push(Seg::Key(k));
                let r = walk(v, path, trail);
                trail.pop();
                r
            })
        }
        _ => scalar(value, path, trail, "must not be an object or resource"),
    }
}

/// A scalar fit for `enum`/`const`: null, bool, int, finite float, UTF-8 string.
pub fn check_scalar<'a, N: Node<'a>>(
    value: N,
    path: &Path<'_>,
    trail: &[Seg<'_>],
) -> Result<(), DefinitionError> {
    scalar(value, path, trail, "must be a scalar")
}

fn scalar<'a, N: Node<'a>>(
    value: N,
    path: &Path<'_>,
    trail: &[Seg<'_>],
    otherwise: &str,
) -> Result<(), DefinitionError> {
    match value.kind() {
        Kind::Null | Kind::Bool(_) | Kind::Int(_) => Ok(()),
        Kind::Float(f) if f.is_finite() => Ok(()),
        Kind::Float(_) => Err(path.error(trail, "must be a finite number")),
        Kind::Str(_) if value.is_utf8() => Ok(()),
        Kind::Str(_) => Err(path.error(trail, "must be valid UTF-8")),
        _ => Err(path.error(trail, otherwise)),
    }
}
