//! `"null"` (the word, in any ASCII case, padding aside) for an optional input
//! of a non-string type becomes null: the same inputs as B6
//! ([`super::empty_optional`]: the integer kinds, float, boolean, list, map,
//! decimal, datetime_iso8601), and only where B6 may make a null (never a
//! list item, nor the only value of a map that must hold something). A
//! required input, and every string kind (`"null"` is a string there), keep
//! it. Issue 19. Issue 27: but an optional enum (a string kind, entity or
//! other id with a `Choice` or `AllowedValues`) none of whose choices is the
//! word ([`empty_optional::not_a_choice`]) makes it null too.

use super::{empty_optional, Def, Repair};
use crate::model::value::{trim, Scalar};
use crate::view::Node;

/// Whether `s` is the word null (ASCII case, padding aside).
pub fn is_null_word(s: &[u8]) -> bool {
    trim(s).eq_ignore_ascii_case(b"null")
}

/// `unmatched`: no choice of the definition matches `v` (B2 found none).
pub fn decide<'a, N: Node<'a>>(def: &Def<N>, v: Scalar<'_>, unmatched: bool) -> Option<Repair<N>> {
    match v {
        Scalar::Str(s)
            if is_null_word(s)
                && !def.required
                && def.may_null
                && (empty_optional::applies_to(def.ty)
                    || unmatched && empty_optional::not_a_choice(def, v)) =>
        {
            Some(Repair::Null)
        }
        _ => None,
    }
}
