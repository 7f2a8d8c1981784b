//! Kept rule: a scalar given for a `list` becomes a one-item list (the item is
//! then coerced with `items`). Not wrapped: null (never `[null]`), `""` (B6 turns
//! it into null when optional; a required list keeps it), and strings starting
//! with `[` or `{` after JSON whitespace (B1 decides those; broken JSON stays).
//!
//! Nor, for a list of strings (string kinds and entity references), a string
//! holding a list separator, `,` `;` or a line break (`\n`, `\r`), inside its
//! padding: `"a,b"` may be one item or two, so it stays for validation to
//! report (issue 19; before, it became `["a,b"]`). A single value (`"a"`,
//! `"a b"`, `"a\n"`) is still wrapped; a list of other items is wrapped as
//! before (its item rules decide what a `"1,2"` is).

use super::choice_match::trim;
use super::{json_string, Def, Repair, Scalar};
use crate::normalize::definition::{Cat, Ty};
use crate::sym::Sym;
use crate::view::{Kind, Node};

/// The bytes that separate list items in a string.
pub fn is_separator(c: u8) -> bool {
    matches!(c, b',' | b';' | b'\n' | b'\r')
}

pub fn decide<'a, N: Node<'a>>(def: &Def<N>, v: Scalar<'_>) -> Option<Repair<N>> {
    match v {
        Scalar::Null => None,
        Scalar::Str(b"") => None,
        Scalar::Str(s) if json_string::opening(s).is_some() => None,
        Scalar::Str(s) if of_strings(def) && trim(s).iter().any(|&c| is_separator(c)) => None,
        _ => Some(Repair::WrapList),
    }
}

/// Whether the list's items are strings: a string kind or an entity reference.
fn of_strings<'a, N: Node<'a>>(def: &Def<N>) -> bool {
    match def
        .node
        .get(Sym::Items)
        .and_then(|i| i.get(Sym::Type))
        .map(|t| t.kind())
    {
        Some(Kind::Str(id)) => {
            let ty = Ty::from_id(id);
            ty.cat() == Cat::Str || ty == Ty::Entity
        }
        _ => false,
    }
}
