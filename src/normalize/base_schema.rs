//! `base_schema`: the JSON Schema to start from for a type id the normalizer does
//! not know. It must have a `type` (a JSON type name or a list of them) without
//! `"null"`, so a required input never accepts null. Its own annotations are
//! replaced by the definition's; constraints are not added to it. For an optional
//! input in the `type_array` style, `null` is added to `type` and `enum`, `const`
//! becomes an `enum`; a base schema with a keyword that could still shut null out
//! (`not`, `allOf`, `anyOf`, `oneOf`, `$ref`, `if`, ...) is wrapped in `anyOf`.

use super::value_check::check_value;
use crate::error::{DefinitionError, Path, Seg};
use crate::sym::Sym;
use crate::view::{KeyRef, Kind, Node};

pub fn check<'a, N: Node<'a>>(base: N, path: &Path<'_>) -> Result<(), DefinitionError> {
    check_value(base, path, Sym::BaseSchema)?;
    let at = [Seg::Sym(Sym::BaseSchema), Seg::Sym(Sym::Type)];
    let type_name = |n: N| matches!(n.kind(), Kind::Str(s) if s != b"null" && !s.is_empty());
    match base.get(Sym::Type) {
        None => Err(path.error(&at, "is required")),
        Some(t) => match t.kind() {
            Kind::Str(_) if type_name(t) => Ok(()),
            Kind::Array(list) if list.is_list() && list.len() > 0 => list.try_each(|_, v| {
                if type_name(v) {
                    Ok(())
                } else {
                    Err(path.error(&at, "must list JSON types other than \"null\""))
                }
            }),
            _ => Err(path.error(
                &at,
                "must be a JSON type other than \"null\", or a list of them",
            )),
        },
    }
}

/// Keywords of a base schema that are replaced by the definition's.
pub fn is_annotation(key: KeyRef<'_>) -> bool {
    matches!(
        key,
        KeyRef::Str(b"title" | b"description" | b"default" | b"examples")
    )
}

/// True when the base schema may reject null even with `null` in `type`/`enum`.
pub fn may_shut_out_null<'a, N: Node<'a>>(base: N) -> bool {
    let mut found = false;
    let _ = base.try_each(|k, _| {
        if matches!(
            k,
            KeyRef::Str(
                b"not"
                    | b"allOf"
                    | b"anyOf"
                    | b"oneOf"
                    | b"$ref"
                    | b"$dynamicRef"
                    | b"if"
                    | b"then"
                    | b"else"
            )
        ) {
            found = true;
        }
        Ok::<(), ()>(())
    });
    found
}
