//! The two small traits every rule is written against.
//!
//! [`Node`] is a read-only view of a PHP value (a definition, or part of one);
//! [`Build`] makes the output schema. The zval backend implements both over Zend
//! hashtables without any intermediate tree; the serde_json backend
//! ([`crate::json`]) implements them over `serde_json::Value` for the Rust tests.
//! Both backends follow PHP's value model: arrays are ordered maps whose keys are
//! ints or byte strings, and strings are bytes that may not be UTF-8.

use crate::sym::Sym;

/// What an array key is, as PHP has them: an int, or a string's bytes (maybe
/// not UTF-8). A read-only view for matching, comparing and messages; writing
/// a key into an output takes the backend's own [`Node::Key`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyRef<'a> {
    Int(i64),
    Str(&'a [u8]),
}

/// A key of an array read through [`Node::try_each`]. Only the backend makes
/// them, so a backend may keep in a key what it needs to write it into an
/// output cheaply (the zval backend keeps the engine's string, and shares it).
pub trait Key<'a>: Copy + 'a {
    /// What the key is.
    fn get(self) -> KeyRef<'a>;

    /// The well-known symbol the key spells. Backends may use what they know
    /// of the key (the zval backend compares the key's cached hash with the
    /// interned symbols' hashes).
    fn sym(self) -> Option<Sym> {
        match self.get() {
            KeyRef::Str(s) => Sym::find(s),
            KeyRef::Int(_) => None,
        }
    }
}

/// The serde_json backend's keys are plain views: its builder makes owned
/// strings of them, so any key is fine to write.
impl<'a> Key<'a> for KeyRef<'a> {
    fn get(self) -> KeyRef<'a> {
        self
    }
}

/// PHP's rule for array keys: a decimal integer string without leading zeros
/// (and not `-0`) within the int64 range is an int key (`"5"` is `5`).
pub fn php_key(s: &[u8]) -> KeyRef<'_> {
    let digits = s.strip_prefix(b"-").unwrap_or(s);
    let canonical = !digits.is_empty()
        && digits.len() <= 19
        && digits.iter().all(u8::is_ascii_digit)
        && (digits[0] != b'0' || (digits.len() == 1 && digits.len() == s.len()));
    if canonical {
        if let Some(i) = std::str::from_utf8(s)
            .ok()
            .and_then(|t| t.parse::<i64>().ok())
        {
            return KeyRef::Int(i);
        }
    }
    KeyRef::Str(s)
}

/// What a value is.
#[derive(Clone, Copy, Debug)]
pub enum Kind<'a, N> {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(&'a [u8]),
    Array(N),
    /// An object, resource or anything else a definition cannot hold.
    Other,
}

/// A read-only view of a value. References are looked through.
pub trait Node<'a>: Copy + 'a {
    /// The keys [`Node::try_each`] gives.
    type Key: Key<'a>;

    fn kind(self) -> Kind<'a, Self>;
    /// The value under a well-known key, when `self` is an array holding it.
    fn get(self, key: Sym) -> Option<Self>;
    /// Number of entries, when `self` is an array (0 otherwise).
    fn len(self) -> usize;
    /// Keys are exactly 0..len in order (PHP's `array_is_list`).
    fn is_list(self) -> bool;
    /// Calls `f` for each entry of the array, in order; stops at the first error.
    fn try_each<E>(self, f: impl FnMut(Self::Key, Self) -> Result<(), E>) -> Result<(), E>;

    /// True when `self` is a string of valid UTF-8. Backends may cache the
    /// answer (the zval backend uses the engine's own flag, as PCRE does).
    fn is_utf8(self) -> bool {
        matches!(self.kind(), Kind::Str(b) if std::str::from_utf8(b).is_ok())
    }

    /// True when `self` is not an array or has no entries.
    fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// True when `self` is an array.
    fn is_array(self) -> bool {
        matches!(self.kind(), Kind::Array(_))
    }
}

/// Builds the output. `Val` owns what it holds until it is put into a container.
pub trait Build<'a, N: Node<'a>> {
    type Val;
    type Obj;
    type Arr;

    fn obj(&mut self) -> Self::Obj;
    fn arr(&mut self) -> Self::Arr;
    fn put(&mut self, obj: &mut Self::Obj, key: Sym, val: Self::Val);
    /// Puts under a key taken from the input (a property name).
    fn put_key(&mut self, obj: &mut Self::Obj, key: N::Key, val: Self::Val);
    fn push(&mut self, arr: &mut Self::Arr, val: Self::Val);
    /// Finishes an object; an empty one is `{}` (stdClass), never `[]`.
    fn end_obj(&mut self, obj: Self::Obj) -> Self::Val;
    fn end_arr(&mut self, arr: Self::Arr) -> Self::Val;

    fn sym(&mut self, s: Sym) -> Self::Val;
    fn string(&mut self, s: &str) -> Self::Val;
    fn int(&mut self, i: i64) -> Self::Val;
    fn float(&mut self, f: f64) -> Self::Val;
    fn bool(&mut self, b: bool) -> Self::Val;
    fn null(&mut self) -> Self::Val;
    /// The input value itself, shared (by refcount in PHP) rather than rebuilt.
    fn share(&mut self, node: N) -> Self::Val;
    /// An input key as a string value (int keys are written in decimal).
    fn key_string(&mut self, key: N::Key) -> Self::Val;
}

#[cfg(test)]
mod tests {
    use super::{php_key, KeyRef};

    #[test]
    fn php_keys() {
        assert_eq!(php_key(b"0"), KeyRef::Int(0));
        assert_eq!(php_key(b"-0"), KeyRef::Str(b"-0"));
        assert_eq!(php_key(b"01"), KeyRef::Str(b"01"));
        assert_eq!(php_key(b"-5"), KeyRef::Int(-5));
        assert_eq!(php_key(b"9223372036854775807"), KeyRef::Int(i64::MAX));
        assert_eq!(
            php_key(b"9223372036854775808"),
            KeyRef::Str(b"9223372036854775808")
        );
        assert_eq!(php_key(b"-9223372036854775808"), KeyRef::Int(i64::MIN));
        assert_eq!(php_key(b""), KeyRef::Str(b""));
        assert_eq!(php_key(b"a"), KeyRef::Str(b"a"));
    }
}
