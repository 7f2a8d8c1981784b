//! A8: `title` and `description`. Default (`title: "merged"`): `description` is
//! "Label: Description" (or whichever is not empty), no `title`; a label that
//! only restates the property's name ([`restates`]) is left out of it (issue
//! 30: the model reads the name right before it). With `title: "split"`:
//! `title` = label, `description` = description. A type note (decimal,
//! timestamp, entity) is appended to the description as its own sentence.

use std::borrow::Cow;

use crate::view::KeyRef;

use super::definition::Def;
use crate::model::ty::Ty;
use crate::view::Node;

/// A text to emit: an input string shared as it is (with its text, checked
/// once when the definition was read), or a new one.
pub enum Text<'a, N> {
    Share(N, &'a str),
    Owned(String),
}

/// The note a type (its id `type_id`) adds to the description.
pub fn note(ty: Ty, type_id: &[u8]) -> Option<Cow<'static, str>> {
    match ty {
        Ty::Decimal => Some(Cow::Borrowed(super::decimal::NOTE)),
        Ty::Timestamp => Some(Cow::Borrowed(super::date_time::TIMESTAMP_NOTE)),
        Ty::Timespan => Some(Cow::Borrowed(super::date_time::TIMESPAN_NOTE)),
        Ty::Entity => Some(super::entity::note(type_id)),
        _ => None,
    }
}

/// The parts joined, allocated once.
fn concat(parts: &[&str]) -> String {
    let mut s = String::with_capacity(parts.iter().map(|p| p.len()).sum());
    for p in parts {
        s.push_str(p);
    }
    s
}

/// Appends `note` as a sentence of its own.
fn with_note(text: &str, note: &str) -> String {
    if text.is_empty() {
        return note.to_owned();
    }
    let sep = if text.ends_with(['.', '!', '?']) {
        " "
    } else {
        ". "
    };
    concat(&[text, sep, note])
}

/// Whether `label` only restates the property name `name`: equal once ASCII
/// letters are lowercased and spaces, underscores and hyphens are removed
/// (`"Entity Type"` and `entity_type`, `"Entity ID"` and `entityId`), and
/// not empty then.
pub fn restates(label: &str, name: KeyRef<'_>) -> bool {
    let name_digits;
    let name: &[u8] = match name {
        KeyRef::Str(s) => s,
        KeyRef::Int(i) => {
            name_digits = i.to_string();
            name_digits.as_bytes()
        }
    };
    let fold = |s: &[u8]| -> Vec<u8> {
        s.iter()
            .filter(|b| !matches!(b, b' ' | b'_' | b'-'))
            .map(u8::to_ascii_lowercase)
            .collect()
    };
    let l = fold(label.as_bytes());
    !l.is_empty() && l == fold(name)
}

/// `(title, description)`; `name`: the property name of a map's property
/// (none for the root and list items).
#[inline(always)]
pub fn texts<'a, N: Node<'a>>(
    def: &Def<'a, N>,
    split: bool,
    name: Option<KeyRef<'_>>,
) -> (Option<Text<'a, N>>, Option<Text<'a, N>>) {
    // A base schema says what the value is instead.
    let note = if def.base_schema.is_some() {
        None
    } else {
        note(def.ty, def.type_id)
    };
    let (title, body) = if split {
        (
            def.label.map(|(n, t)| Text::Share(n, t)),
            def.description.map(|(n, t)| Text::Share(n, t)),
        )
    } else {
        let label = def
            .label
            .filter(|(_, l)| !name.is_some_and(|n| restates(l, n)));
        let body = match (label, def.description) {
            (Some((_, l)), Some((_, d))) => Some(Text::Owned(concat(&[l, ": ", d]))),
            (Some((l, t)), None) => Some(Text::Share(l, t)),
            (None, Some((d, t))) => Some(Text::Share(d, t)),
            (None, None) => None,
        };
        (None, body)
    };
    let body = match (body, note) {
        (body, None) => body,
        (None, Some(n)) => Some(Text::Owned(n.into_owned())),
        (Some(Text::Share(_, b)), Some(n)) => Some(Text::Owned(with_note(b, &n))),
        (Some(Text::Owned(b)), Some(n)) => Some(Text::Owned(with_note(&b, &n))),
    };
    (title, body)
}
