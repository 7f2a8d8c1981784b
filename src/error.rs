//! Errors and warnings, with the dotted path of the definition part they concern.

use crate::sym::Sym;
use crate::view::KeyRef;
use smallvec::SmallVec;
use std::fmt::{self, Write as _};

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

    /// The segments, root first.
    pub fn segs(&self) -> &[Seg<'a>] {
        &self.segs
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
                Seg::Key(k) => push_key(&mut out, *k),
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

/// Appends a key to a path or message, the one way every path spells keys
/// (the PHP twin's `Path::key()` is the same rule): an int in decimal; a
/// string as it is, except that NUL and each byte that is not part of a
/// well-formed UTF-8 sequence are written `\xNN` (two lowercase hex digits).
/// So a path is always valid UTF-8 (it goes into `$warnings` and exception
/// messages, which callers `json_encode`) with no NUL (which the native
/// exception message, a C string, cannot hold), and shows which bytes were
/// wrong.
pub fn push_key(out: &mut String, key: KeyRef<'_>) {
    match key {
        KeyRef::Int(i) => {
            let _ = write!(out, "{i}");
        }
        KeyRef::Str(b) => {
            for chunk in b.utf8_chunks() {
                for (i, part) in chunk.valid().split('\0').enumerate() {
                    if i > 0 {
                        out.push_str("\\x00");
                    }
                    out.push_str(part);
                }
                for byte in chunk.invalid() {
                    let _ = write!(out, "\\x{byte:02x}");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{push_key, Path, Seg};
    use crate::sym::Sym;
    use crate::view::KeyRef;

    fn spell(b: &[u8]) -> String {
        let mut s = String::new();
        push_key(&mut s, KeyRef::Str(b));
        s
    }

    /// The same vectors as tests/phpunit/RobustnessTest.php's `keySpellings`.
    #[test]
    fn keys_are_spelled_with_invalid_bytes_escaped() {
        assert_eq!(spell(b""), "");
        assert_eq!(spell("name é 😀".as_bytes()), "name é 😀");
        assert_eq!(spell(b"\\x41"), "\\x41");
        assert_eq!(spell(b"\xff"), "\\xff");
        assert_eq!(spell(b"a\xc3\xa9\xff b"), "aé\\xff b");
        // Truncated, overlong, surrogate and out-of-range sequences: every
        // byte of them is escaped, whatever their grouping.
        assert_eq!(spell(b"\xe2\x82"), "\\xe2\\x82");
        assert_eq!(spell(b"\xe2\x82a"), "\\xe2\\x82a");
        assert_eq!(spell(b"\xf0\x9f\x98"), "\\xf0\\x9f\\x98");
        assert_eq!(spell(b"\xc0\xaf"), "\\xc0\\xaf");
        assert_eq!(spell(b"\xe0\x80\x80"), "\\xe0\\x80\\x80");
        assert_eq!(spell(b"\xed\xa0\x80"), "\\xed\\xa0\\x80");
        assert_eq!(spell(b"\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");
        assert_eq!(spell(b"\x80\xc3\xa9"), "\\x80é");
        assert_eq!(spell(b"a\0b\0"), "a\\x00b\\x00");
        let mut s = String::new();
        push_key(&mut s, KeyRef::Int(-5));
        assert_eq!(s, "-5");
    }

    #[test]
    fn paths_spell_keys_that_way() {
        let mut p = Path::default();
        p.push(Seg::Sym(Sym::Properties));
        p.push(Seg::Key(KeyRef::Str(b"a\xff")));
        let e = p.error(&[Seg::Key(KeyRef::Int(3))], "bad");
        assert_eq!(e.to_string(), "properties.a\\xff.3: bad");
    }
}
