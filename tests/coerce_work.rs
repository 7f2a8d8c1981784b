//! coerce_input does work in proportion to its input, counted (never timed):
//! the walker reaches the definition through a [`Node`] that counts every
//! lookup and every entry it is shown. A map of 40,000 keys against 40,000
//! properties must cost a few steps per key, as a hash lookup does, not a scan
//! of the property list per key (1.6 billion steps; 1.45 s native before).

use std::cell::Cell;

use serde_json::{json, Map, Value};
use tool_schema::coerce::coerce;
use tool_schema::json::{php_shape, JsonBuilder};
use tool_schema::sym::Sym;
use tool_schema::view::{Build, KeyRef, Kind, Node};

/// A serde_json node that counts the work done through it.
#[derive(Clone, Copy)]
struct Counted<'a> {
    v: &'a Value,
    steps: &'a Cell<u64>,
}

impl<'a> Counted<'a> {
    fn step(self) {
        self.steps.set(self.steps.get() + 1);
    }
    fn wrap(self, v: &'a Value) -> Self {
        Counted {
            v,
            steps: self.steps,
        }
    }
}

impl<'a> Node<'a> for Counted<'a> {
    type Key = KeyRef<'a>;

    fn kind(self) -> Kind<'a, Self> {
        match self.v.kind() {
            Kind::Null => Kind::Null,
            Kind::Bool(b) => Kind::Bool(b),
            Kind::Int(i) => Kind::Int(i),
            Kind::Float(f) => Kind::Float(f),
            Kind::Str(s) => Kind::Str(s),
            Kind::Array(_) => Kind::Array(self),
            Kind::Other => Kind::Other,
        }
    }
    fn get(self, key: Sym) -> Option<Self> {
        self.step();
        Node::get(self.v, key).map(|v| self.wrap(v))
    }
    fn find(self, key: KeyRef<'_>) -> Option<Self> {
        self.step();
        self.v.find(key).map(|v| self.wrap(v))
    }
    fn len(self) -> usize {
        self.v.len()
    }
    fn is_list(self) -> bool {
        self.step();
        self.v.is_list()
    }
    fn try_each<E>(self, mut f: impl FnMut(KeyRef<'a>, Self) -> Result<(), E>) -> Result<(), E> {
        self.v.try_each(|k, v| {
            self.step();
            f(k, self.wrap(v))
        })
    }
}

/// The serde_json builder, for counted nodes.
struct Builder(JsonBuilder);

impl<'a> Build<'a, Counted<'a>> for Builder {
    type Val = Value;
    type Obj = <JsonBuilder as Build<'a, &'a Value>>::Obj;
    type Arr = <JsonBuilder as Build<'a, &'a Value>>::Arr;

    fn obj(&mut self) -> Self::Obj {
        Build::<&Value>::obj(&mut self.0)
    }
    fn arr(&mut self) -> Self::Arr {
        Build::<&Value>::arr(&mut self.0)
    }
    fn put(&mut self, obj: &mut Self::Obj, key: Sym, val: Value) {
        Build::<&Value>::put(&mut self.0, obj, key, val);
    }
    fn put_key(&mut self, obj: &mut Self::Obj, key: KeyRef<'a>, val: Value) {
        Build::<&Value>::put_key(&mut self.0, obj, key, val);
    }
    fn push(&mut self, arr: &mut Self::Arr, val: Value) {
        Build::<&Value>::push(&mut self.0, arr, val);
    }
    fn put_arr_key(&mut self, arr: &mut Self::Arr, key: KeyRef<'a>, val: Value) {
        Build::<&Value>::put_arr_key(&mut self.0, arr, key, val);
    }
    fn put_arr_bytes(&mut self, arr: &mut Self::Arr, key: &[u8], val: Value) -> bool {
        Build::<&Value>::put_arr_bytes(&mut self.0, arr, key, val)
    }
    fn end_obj(&mut self, obj: Self::Obj) -> Value {
        Build::<&Value>::end_obj(&mut self.0, obj)
    }
    fn end_arr(&mut self, arr: Self::Arr) -> Value {
        Build::<&Value>::end_arr(&mut self.0, arr)
    }
    fn sym(&mut self, s: Sym) -> Value {
        Build::<&Value>::sym(&mut self.0, s)
    }
    fn string(&mut self, s: &str) -> Value {
        Build::<&Value>::string(&mut self.0, s)
    }
    fn int(&mut self, i: i64) -> Value {
        Build::<&Value>::int(&mut self.0, i)
    }
    fn float(&mut self, f: f64) -> Value {
        Build::<&Value>::float(&mut self.0, f)
    }
    fn bool(&mut self, b: bool) -> Value {
        Build::<&Value>::bool(&mut self.0, b)
    }
    fn null(&mut self) -> Value {
        Build::<&Value>::null(&mut self.0)
    }
    fn share(&mut self, node: Counted<'a>) -> Value {
        php_shape(node.v)
    }
    fn keep(&mut self, node: Counted<'a>) -> Value {
        node.v.clone()
    }
    fn key_string(&mut self, key: KeyRef<'a>) -> Value {
        Build::<&Value>::key_string(&mut self.0, key)
    }
}

/// The steps one coercion takes.
fn steps(value: &Value, definition: &Value) -> (Value, u64) {
    let steps = Cell::new(0);
    let v = Counted {
        v: value,
        steps: &steps,
    };
    let d = Counted {
        v: definition,
        steps: &steps,
    };
    let out = coerce(&mut Builder(JsonBuilder), v, d, None)
        .expect("a valid definition")
        .unwrap_or_else(|| value.clone());
    (out, steps.get())
}

fn map_case(n: usize, repair: bool) -> (Value, Value) {
    let mut props = Map::new();
    let mut value = Map::new();
    for i in 0..n {
        props.insert(
            format!("p{i}"),
            json!({"type": "integer", "required": false}),
        );
        // The value's keys in the reverse order: a scan from the front would
        // be at its slowest.
        let j = n - 1 - i;
        let v = if repair {
            json!(j.to_string())
        } else {
            json!(j)
        };
        value.insert(format!("p{j}"), v);
    }
    (
        Value::Object(value),
        json!({"type": "map", "properties": Value::Object(props)}),
    )
}

#[test]
fn a_map_costs_a_few_steps_per_key() {
    for repair in [false, true] {
        let mut per_key = Vec::new();
        for n in [1_000, 40_000] {
            let (value, definition) = map_case(n, repair);
            let (out, steps) = steps(&value, &definition);
            if repair {
                assert_eq!(out["p7"], json!(7));
                assert_eq!(out.as_object().map(Map::len), Some(n));
            } else {
                assert_eq!(out, value);
            }
            per_key.push(steps as f64 / n as f64);
            // The definition checked (a few steps per property), the value
            // walked (one entry and one lookup per key), the changed entries
            // put: linear, with a small constant.
            assert!(
                steps < 16 * n as u64,
                "{n} keys x {n} properties (repair: {repair}): {steps} steps"
            );
        }
        // And the constant does not grow with the size.
        assert!(
            per_key[1] < per_key[0] * 1.1,
            "steps per key: {per_key:?} (repair: {repair})"
        );
    }
}

#[test]
fn a_list_costs_a_few_steps_per_item() {
    let n = 40_000;
    let value = Value::Array((0..n).map(|i| json!(i.to_string())).collect());
    let definition = json!({"type": "list", "items": {"type": "integer"}});
    let (out, steps) = steps(&value, &definition);
    assert_eq!(out[n - 1], json!(n - 1));
    assert!(steps < 16 * n as u64, "{steps} steps for {n} items");
}
