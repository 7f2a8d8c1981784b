//! The serde_json backend: [`Node`] and [`Build`] over `serde_json::Value`, with PHP's
//! value model (what `json_decode($json, true)` would give PHP). Used by the Rust
//! tests and the fixtures; the extension uses the zval backend instead.

use crate::sym::Sym;
use crate::view::{Build, KeyRef, Kind, Node};
use serde_json::{Map, Number, Value};

/// PHP turns a canonical decimal string key into an int key.
pub fn php_key(key: &str) -> KeyRef<'_> {
    crate::view::php_key(key.as_bytes())
}

fn object_is_list(map: &Map<String, Value>) -> bool {
    map.keys()
        .enumerate()
        .all(|(i, k)| php_key(k) == KeyRef::Int(i as i64))
}

/// The value PHP would hold after `json_decode($json, true)` and `json_encode`:
/// objects whose keys are 0..n become lists (an empty object becomes `[]`).
pub fn php_shape(v: &Value) -> Value {
    match v {
        Value::Array(a) => Value::Array(a.iter().map(php_shape).collect()),
        Value::Object(m) if object_is_list(m) => Value::Array(m.values().map(php_shape).collect()),
        Value::Object(m) => {
            Value::Object(m.iter().map(|(k, v)| (k.clone(), php_shape(v))).collect())
        }
        Value::Number(n) if n.is_u64() && n.as_i64().is_none() => n
            .as_f64()
            .and_then(Number::from_f64)
            .map_or(Value::Null, Value::Number),
        other => other.clone(),
    }
}

impl<'a> Node<'a> for &'a Value {
    type Key = KeyRef<'a>;

    fn kind(self) -> Kind<'a, Self> {
        match self {
            Value::Null => Kind::Null,
            Value::Bool(b) => Kind::Bool(*b),
            Value::Number(n) => match n.as_i64() {
                Some(i) => Kind::Int(i),
                None => Kind::Float(n.as_f64().unwrap_or(f64::NAN)),
            },
            Value::String(s) => Kind::Str(s.as_bytes()),
            Value::Array(_) | Value::Object(_) => Kind::Array(self),
        }
    }

    fn get(self, key: Sym) -> Option<Self> {
        match self {
            Value::Object(m) => m.get(key.as_str()),
            _ => None,
        }
    }

    fn find(self, key: KeyRef<'_>) -> Option<Self> {
        match (self, key) {
            (Value::Object(m), KeyRef::Int(i)) => m.get(&i.to_string()),
            // A canonical int spelling is never a string key (`php_key`).
            (Value::Object(m), KeyRef::Str(b)) => std::str::from_utf8(b)
                .ok()
                .filter(|k| php_key(k) == KeyRef::Str(b))
                .and_then(|k| m.get(k)),
            (Value::Array(a), KeyRef::Int(i)) => usize::try_from(i).ok().and_then(|i| a.get(i)),
            _ => None,
        }
    }

    fn is_object(self) -> bool {
        matches!(self, Value::Object(_))
    }

    fn len(self) -> usize {
        match self {
            Value::Object(m) => m.len(),
            Value::Array(a) => a.len(),
            _ => 0,
        }
    }

    fn is_list(self) -> bool {
        match self {
            Value::Array(_) => true,
            Value::Object(m) => object_is_list(m),
            _ => false,
        }
    }

    fn try_each<E>(self, mut f: impl FnMut(KeyRef<'a>, Self) -> Result<(), E>) -> Result<(), E> {
        match self {
            Value::Object(m) => {
                for (k, v) in m {
                    f(php_key(k), v)?;
                }
            }
            Value::Array(a) => {
                for (i, v) in a.iter().enumerate() {
                    f(KeyRef::Int(i as i64), v)?;
                }
            }
            _ => {}
        }
        Ok(())
    }
}

/// Builds `serde_json::Value`s.
#[derive(Default)]
pub struct JsonBuilder;

/// A PHP array being built: a list while its keys are 0, 1, ... in order,
/// keyed otherwise (PHP's value model: it becomes a JSON array exactly when
/// `json_encode` would make one).
pub enum JsonArr {
    List(Vec<Value>),
    Keyed(Map<String, Value>),
}

impl JsonArr {
    /// Puts under a PHP key; false when the key was there already.
    fn put(&mut self, key: KeyRef<'_>, val: Value) -> bool {
        if let JsonArr::List(items) = self {
            match key {
                KeyRef::Int(i) if usize::try_from(i).is_ok_and(|i| i == items.len()) => {
                    items.push(val);
                    return true;
                }
                KeyRef::Int(i) if usize::try_from(i).is_ok_and(|i| i < items.len()) => {
                    items[i as usize] = val;
                    return false;
                }
                _ => {
                    let keyed = std::mem::take(items)
                        .into_iter()
                        .enumerate()
                        .map(|(i, v)| (i.to_string(), v))
                        .collect();
                    *self = JsonArr::Keyed(keyed);
                }
            }
        }
        match self {
            JsonArr::Keyed(m) => m.insert(key_text(key), val).is_none(),
            JsonArr::List(_) => false,
        }
    }
}

fn key_text(key: KeyRef<'_>) -> String {
    match key {
        KeyRef::Int(i) => i.to_string(),
        KeyRef::Str(b) => String::from_utf8_lossy(b).into_owned(),
    }
}

/// The methods both builds share (they differ in how a node is shared).
macro_rules! json_build {
    () => {
        type Val = Value;
        type Obj = Map<String, Value>;
        type Arr = JsonArr;

        fn obj(&mut self) -> Self::Obj {
            Map::new()
        }
        fn arr(&mut self) -> Self::Arr {
            JsonArr::List(Vec::new())
        }
        fn put(&mut self, obj: &mut Self::Obj, key: Sym, val: Value) {
            obj.insert(key.as_str().to_owned(), val);
        }
        fn put_key(&mut self, obj: &mut Self::Obj, key: KeyRef<'a>, val: Value) {
            obj.insert(key_text(key), val);
        }
        fn push(&mut self, arr: &mut Self::Arr, val: Value) {
            match arr {
                JsonArr::List(items) => items.push(val),
                JsonArr::Keyed(m) => {
                    // PHP's next free index: one above the largest int key.
                    let next = m
                        .keys()
                        .filter_map(|k| match php_key(k) {
                            KeyRef::Int(i) => Some(i.saturating_add(1)),
                            KeyRef::Str(_) => None,
                        })
                        .max()
                        .unwrap_or(0)
                        .max(0);
                    m.insert(next.to_string(), val);
                }
            }
        }
        fn put_arr_key(&mut self, arr: &mut Self::Arr, key: KeyRef<'a>, val: Value) {
            arr.put(key, val);
        }
        fn put_arr_bytes(&mut self, arr: &mut Self::Arr, key: &[u8], val: Value) -> bool {
            arr.put(crate::view::php_key(key), val)
        }
        fn end_obj(&mut self, obj: Self::Obj) -> Value {
            Value::Object(obj)
        }
        fn end_arr(&mut self, arr: Self::Arr) -> Value {
            match arr {
                JsonArr::List(items) => Value::Array(items),
                JsonArr::Keyed(m) if object_is_list(&m) => Value::Array(m.into_values().collect()),
                JsonArr::Keyed(m) => Value::Object(m),
            }
        }
        fn sym(&mut self, s: Sym) -> Value {
            Value::String(s.as_str().to_owned())
        }
        fn string(&mut self, s: &str) -> Value {
            Value::String(s.to_owned())
        }
        fn int(&mut self, i: i64) -> Value {
            Value::Number(i.into())
        }
        fn float(&mut self, f: f64) -> Value {
            Number::from_f64(f).map_or(Value::Null, Value::Number)
        }
        fn bool(&mut self, b: bool) -> Value {
            Value::Bool(b)
        }
        fn null(&mut self) -> Value {
            Value::Null
        }
        fn key_string(&mut self, key: KeyRef<'a>) -> Value {
            Value::String(key_text(key))
        }
    };
}

impl<'a> Build<'a, &'a Value> for JsonBuilder {
    json_build!();

    /// An input value as PHP holds it (`json_decode($json, true)`).
    fn share(&mut self, node: &'a Value) -> Value {
        php_shape(node)
    }
    /// The part as it was given (a caller that gives `{}` gets `{}` back,
    /// as it does when nothing changes).
    fn keep(&mut self, node: &'a Value) -> Value {
        node.clone()
    }
}

/// The normalizer writes each node at once.
impl<'a> crate::normalize::Emit<'a, &'a Value> for JsonBuilder {
    #[inline(always)]
    fn emit(
        n: &mut crate::normalize::Normalizer<'_, 'a, Self>,
        e: crate::normalize::Emitted<'_, 'a, &'a Value>,
    ) -> Result<Value, crate::error::DefinitionError> {
        n.write(e)
    }
}

/// A value this backend built (a schema), read by `input_examples` to check
/// the examples against the schema a tool is sent with: read
/// as an input is, but shared as it is, so that its `{}` stay objects (the
/// zval backend's `stdClass`).
#[derive(Clone, Copy, Debug)]
pub struct Built<'a>(pub &'a Value);

impl<'a> Node<'a> for Built<'a> {
    type Key = KeyRef<'a>;

    fn kind(self) -> Kind<'a, Self> {
        match self.0.kind() {
            Kind::Array(a) => Kind::Array(Built(a)),
            Kind::Null => Kind::Null,
            Kind::Bool(b) => Kind::Bool(b),
            Kind::Int(i) => Kind::Int(i),
            Kind::Float(f) => Kind::Float(f),
            Kind::Str(s) => Kind::Str(s),
            Kind::Other => Kind::Other,
        }
    }
    fn get(self, key: Sym) -> Option<Self> {
        Node::get(self.0, key).map(Built)
    }
    fn find(self, key: KeyRef<'_>) -> Option<Self> {
        self.0.find(key).map(Built)
    }
    fn len(self) -> usize {
        Node::len(self.0)
    }
    fn is_object(self) -> bool {
        self.0.is_object()
    }
    fn is_list(self) -> bool {
        self.0.is_list()
    }
    fn try_each<E>(self, mut f: impl FnMut(KeyRef<'a>, Self) -> Result<(), E>) -> Result<(), E> {
        self.0.try_each(|k, v| f(k, Built(v)))
    }
}

impl<'a> Build<'a, Built<'a>> for JsonBuilder {
    json_build!();

    fn share(&mut self, node: Built<'a>) -> Value {
        node.0.clone()
    }
}
