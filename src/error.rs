//! Errors and warnings, with the dotted path of the definition part they concern.

use crate::sym::Sym;
use crate::view::KeyRef;
use smallvec::SmallVec;
use std::fmt;

/// A malformed definition or option: a programming error, `\ValueError` in PHP.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DefinitionError {
    pub path: String,
    pub message: String,
}

impl fmt::Display for DefinitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

impl std::error::Error for DefinitionError {}

/// A note for the tool author: the schema is sound but says less than Drupal checks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    pub code: &'static str,
    pub path: String,
    pub message: String,
}

/// One step of a path.
#[derive(Clone, Copy, Debug)]
pub enum Seg<'a> {
    Sym(Sym),
    Key(KeyRef<'a>),
}

/// The path from the root of the definition to the part being read. Rendered only
/// when an error or warning needs it.
#[derive(Default, Debug)]
pub struct Path<'a> {
    segs: SmallVec<[Seg<'a>; 16]>,
}

impl<'a> Path<'a> {
    pub fn push(&mut self, seg: Seg<'a>) {
        self.segs.push(seg);
    }

    pub fn pop(&mut self) {
        self.segs.pop();
    }

    pub fn depth(&self) -> usize {
        self.segs.len()
    }

    /// The path with `extra` appended, dotted: `properties.tags.items.type`.
    pub fn render(&self, extra: &[Seg<'_>]) -> String {
        let mut out = String::new();
        for seg in self.segs.iter().chain(extra.iter()) {
            if !out.is_empty() {
                out.push('.');
            }
            match seg {
                Seg::Sym(s) => out.push_str(s.as_str()),
                Seg::Key(KeyRef::Int(i)) => out.push_str(&i.to_string()),
                // Keys reaching a path were checked to be UTF-8 first.
                Seg::Key(KeyRef::Str(b)) => out.push_str(&String::from_utf8_lossy(b)),
            }
        }
        out
    }

    pub fn error(&self, extra: &[Seg<'_>], message: impl Into<String>) -> DefinitionError {
        DefinitionError {
            path: self.render(extra),
            message: message.into(),
        }
    }
}
