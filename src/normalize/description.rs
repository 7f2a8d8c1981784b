//! A8: `title` and `description`. Default (`title: "merged"`): `description` is
//! "Label: Description" (or whichever is not empty), no `title`. With
//! `title: "split"`: `title` = label, `description` = description. A type note
//! (decimal, timestamp) is appended to the description as its own sentence.

use super::definition::{Def, Ty};
use crate::view::{Kind, Node};

/// A text to emit: an input string shared as it is, or a new one.
pub enum Text<N> {
    Share(N),
    Owned(String),
}

fn as_str<'a, N: Node<'a>>(n: N) -> &'a str {
    match n.kind() {
        // Checked to be UTF-8 when the definition was read.
        Kind::Str(b) => std::str::from_utf8(b).unwrap_or(""),
        _ => "",
    }
}

/// The note a type adds to the description.
pub fn note(ty: Ty) -> Option<&'static str> {
    match ty {
        Ty::Decimal => Some(super::decimal::NOTE),
        Ty::Timestamp => Some(super::date_time::TIMESTAMP_NOTE),
        Ty::Timespan => Some(super::date_time::TIMESPAN_NOTE),
        Ty::Entity => Some(super::entity::NOTE),
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

/// `(title, description)`.
pub fn texts<'a, N: Node<'a>>(def: &Def<'a, N>, split: bool) -> (Option<Text<N>>, Option<Text<N>>) {
    // A base schema says what the value is instead.
    let note = if def.base_schema.is_some() {
        None
    } else {
        note(def.ty)
    };
    let (title, body) = if split {
        (def.label.map(Text::Share), def.description.map(Text::Share))
    } else {
        let body = match (def.label, def.description) {
            (Some(l), Some(d)) => Some(Text::Owned(concat(&[as_str(l), ": ", as_str(d)]))),
            (Some(l), None) => Some(Text::Share(l)),
            (None, Some(d)) => Some(Text::Share(d)),
            (None, None) => None,
        };
        (None, body)
    };
    let body = match (body, note) {
        (body, None) => body,
        (None, Some(n)) => Some(Text::Owned(n.to_owned())),
        (Some(Text::Share(b)), Some(n)) => Some(Text::Owned(with_note(as_str(b), n))),
        (Some(Text::Owned(b)), Some(n)) => Some(Text::Owned(with_note(&b, n))),
    };
    (title, body)
}
