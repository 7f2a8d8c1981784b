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
    /// The value under `key` (a PHP key: `"5"` is never a string key), when
    /// `self` is an array holding it. A hash lookup, as `$array[$key]`.
    fn find(self, key: KeyRef<'_>) -> Option<Self>;
    /// [`Node::find`] with a key read from another array of the same backend
    /// (the zval backend reuses the key string's cached hash).
    fn find_key(self, key: Self::Key) -> Option<Self> {
        self.find(key.get())
    }
    /// Number of entries, when `self` is an array (0 otherwise).
    fn len(self) -> usize;
    /// Keys are exactly 0..len in order (PHP's `array_is_list`).
    fn is_list(self) -> bool;
    /// Calls `f` for each entry of the array, in order; stops at the first error.
    fn try_each<E>(self, f: impl FnMut(Self::Key, Self) -> Result<(), E>) -> Result<(), E>;

    /// Calls `f` for each entry of the array, in order.
    fn each(self, mut f: impl FnMut(Self::Key, Self)) {
        let _ = self.try_each(|k, v| {
            f(k, v);
            Ok::<(), ()>(())
        });
    }

    /// True when `f` holds for some entry of the array (stops at the first).
    fn any(self, mut f: impl FnMut(Self::Key, Self) -> bool) -> bool {
        self.try_each(|k, v| if f(k, v) { Err(()) } else { Ok(()) })
            .is_err()
    }

    /// True when `f` holds for every entry of the array (stops at the first
    /// it does not).
    fn all(self, mut f: impl FnMut(Self::Key, Self) -> bool) -> bool {
        !self.any(|k, v| !f(k, v))
    }

    /// True when `self` is a string of valid UTF-8. Backends may cache the
    /// answer (the zval backend uses the engine's own flag, as PCRE does).
    fn is_utf8(self) -> bool {
        self.utf8().is_some()
    }

    /// The string, when `self` is a string of valid UTF-8: checked once, so a
    /// rule that needs the text after [`Node::is_utf8`] does not check again.
    fn utf8(self) -> Option<&'a str> {
        match self.kind() {
            Kind::Str(b) => std::str::from_utf8(b).ok(),
            _ => None,
        }
    }

    /// True when `self` is not an array or has no entries.
    fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// True when `self` is an array.
    fn is_array(self) -> bool {
        matches!(self.kind(), Kind::Array(_))
    }

    /// True when `self` is an object (a `stdClass`, a JSON object), which
    /// [`Node::kind`] reads as an array: an empty one is `{}`, not `[]`.
    fn is_object(self) -> bool {
        false
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
    /// An array for about `len` entries (a hint).
    fn arr_for(&mut self, len: usize) -> Self::Arr {
        let _ = len;
        self.arr()
    }
    /// Puts into an array (a PHP array: any keys, in order) under a key read
    /// from an input array. A key already there keeps its place and gets the
    /// new value.
    fn put_arr_key(&mut self, arr: &mut Self::Arr, key: N::Key, val: Self::Val);
    /// Puts into an array under a key given as bytes (a decoded JSON member
    /// name), with PHP's rule for keys ([`php_key`]: `"5"` is the int key 5).
    /// A key already there keeps its place and gets the new value; returns
    /// false then.
    fn put_arr_bytes(&mut self, arr: &mut Self::Arr, key: &[u8], val: Self::Val) -> bool;
    /// Finishes an object; an empty one is `{}` (stdClass), never `[]`.
    fn end_obj(&mut self, obj: Self::Obj) -> Self::Val;
    /// Finishes an array: a PHP array as it is (the serde_json backend makes
    /// a JSON array of one keyed 0..n in order, as `json_encode` does).
    fn end_arr(&mut self, arr: Self::Arr) -> Self::Val;

    fn sym(&mut self, s: Sym) -> Self::Val;
    fn string(&mut self, s: &str) -> Self::Val;
    fn int(&mut self, i: i64) -> Self::Val;
    fn float(&mut self, f: f64) -> Self::Val;
    fn bool(&mut self, b: bool) -> Self::Val;
    fn null(&mut self) -> Self::Val;
    /// The input value itself, shared (by refcount in PHP) rather than
    /// rebuilt, for a new output (a schema): the zval backend copies out any
    /// PHP references the value holds, so the output shares no variable with
    /// the input.
    fn share(&mut self, node: N) -> Self::Val;
    /// A part of an input value kept as it is in a rebuilt copy of that value
    /// (coerce's unchanged entries): shared as it is, like the value itself
    /// when nothing changes.
    fn keep(&mut self, node: N) -> Self::Val {
        self.share(node)
    }
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
