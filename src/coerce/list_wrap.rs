//! Kept rule: a scalar given for a `list` becomes a one-item list (the item is
//! then coerced with `items`), only when the item is a value the item
//! definition accepts (issue 27).
//!
//! Not wrapped:
//! - null (never `[null]`), `""` (B6 turns it into null when optional; a
//!   required list keeps it), strings starting with `[` or `{` after JSON
//!   whitespace (B1 decides those; broken JSON stays), and strings holding a
//!   markdown code fence mark (```` ``` ````: [`super::fenced_json`] decides
//!   those; a fence it cannot read stays);
//! - a string holding a list separator, `,` `;` or a line break (`\n`,
//!   `\r`), inside its padding, for any list, with or without `items`:
//!   `"a,b"` may be one item or two, so it stays for validation to report
//!   (issue 19 for lists of strings; issue 27 for every list: before,
//!   `"1,2"` for integers and `"a,b"` without `items` became `["1,2"]` and
//!   `["a,b"]`). A single value (`"a"`, `"a b"`, `"a\n"`) is still wrapped;
//! - (issue 27) a scalar the item definition does not accept once the item's
//!   own rules have repaired it: the item must be of the item's type and
//!   pass the constraints the guard reads ([`guard::accepts`]): `"abc"` for
//!   a list of integers, `"blog"` for items with `Choice: ["article",
//!   "page"]` stay; `"5"` → `[5]`, `"Article"` → `["article"]`. Before, the
//!   scalar was wrapped whatever the item became.

use super::{decide as decide_item, fenced_json, guard, json_string, Def, Repair};
use crate::model::value::{trim, Scalar, V};
use crate::view::Node;

/// The bytes that separate list items in a string.
pub fn is_separator(c: u8) -> bool {
    matches!(c, b',' | b';' | b'\n' | b'\r')
}

pub fn decide<'a, N: Node<'a>>(def: &Def<N>, v: Scalar<'_>) -> Option<Repair<N>> {
    match v {
        Scalar::Null => None,
        Scalar::Str(b"") => None,
        Scalar::Str(s)
            if json_string::opening(s).is_some()
                || fenced_json::has_fence(s)
                || trim(s).iter().any(|&c| is_separator(c)) =>
        {
            None
        }
        _ => match def.items() {
            Some(items) if !accepts_item(&items, v) => None,
            _ => Some(Repair::WrapList),
        },
    }
}

/// Whether `v`, repaired as an item of `items` would be, is a value `items`
/// accepts.
fn accepts_item<'a, N: Node<'a>>(items: &Def<N>, v: Scalar<'_>) -> bool {
    match decide_item(items, v) {
        None => guard::accepts(items, V::Scalar(v)),
        Some(r) => guard::after(v, &r).is_some_and(|to| guard::accepts(items, to)),
    }
}
