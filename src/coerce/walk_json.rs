//! The serde_json walker: the reference backend for fixtures and parity. It
//! mimics PHP value semantics: a JSON object whose keys are "0".."n-1" in order
//! is a PHP list; a u64 above i64::MAX is a PHP float.

use serde_json::{Map, Value};

use super::definition::{is_list, php_key, KeyRef};
use super::DefinitionError;
use super::{
    decide, decode_json, parse_definition, scalar_of_node, CoerceDef, DefNode, Kind, Repair, Scalar,
};

fn float_value(f: f64) -> Value {
    serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)
}

/// `ToolSchema\coerce_input()` over JSON values.
pub fn coerce_json(
    value: &Value,
    definition: &Value,
    options: &Value,
) -> Result<Value, DefinitionError> {
    check_options(options)?;
    let def = parse_definition(definition)?;
    Ok(walk(&def, value).unwrap_or_else(|| value.clone()))
}

/// Only `[]` (or `{}`) is accepted for now.
pub fn check_options(options: &Value) -> Result<(), DefinitionError> {
    if let Some(mut entries) = options.entries() {
        if let Some((key, _)) = entries.next() {
            let mut path = "options.".to_owned();
            crate::error::push_key(&mut path, key);
            return Err(DefinitionError::new(&path, "unknown option"));
        }
        Ok(())
    } else if options.is_null() {
        Ok(())
    } else {
        Err(DefinitionError::new("options", "must be an array"))
    }
}

/// Coerce `value`; `None` when it stays unchanged.
pub fn walk(def: &CoerceDef<'_, &Value>, value: &Value) -> Option<Value> {
    let Some(scalar) = scalar_of_node(value) else {
        return walk_array(def, value);
    };
    Some(match decide(def, scalar)? {
        Repair::Null => Value::Null,
        Repair::Bool(b) => Value::Bool(b),
        Repair::Int(i) => Value::from(i),
        Repair::Float(f) => float_value(f),
        Repair::String(s) => Value::String(s),
        Repair::Choice(i) => def.choices.get(i)?.1.clone(),
        Repair::Json => {
            let Scalar::Str(s) = scalar else { return None };
            let decoded = decode_json(s)?;
            walk(def, &decoded).unwrap_or(decoded)
        }
        Repair::WrapList => {
            let item = match &def.items {
                Some(items) => walk(items, value).unwrap_or_else(|| value.clone()),
                None => value.clone(),
            };
            Value::Array(vec![item])
        }
    })
}

fn walk_array(def: &CoerceDef<'_, &Value>, value: &Value) -> Option<Value> {
    match def.kind {
        Kind::List => {
            let items = def.items.as_deref()?;
            match value {
                Value::Array(a) => {
                    let mut out: Option<Vec<Value>> = None;
                    for (i, item) in a.iter().enumerate() {
                        if let Some(new) = walk(items, item) {
                            out.get_or_insert_with(|| a.clone())[i] = new;
                        }
                    }
                    out.map(Value::Array)
                }
                Value::Object(m) if is_list(value) => walk_object(m, |_, _| Some(items)),
                _ => None,
            }
        }
        Kind::Map => match value {
            Value::Object(m) if !def.properties.is_empty() => walk_object(m, |k, _| {
                let k = php_key(k.as_bytes());
                def.properties
                    .iter()
                    .find(|(name, _)| *name == k)
                    .map(|(_, d)| d)
            }),
            // A PHP list given for a map whose property names are 0, 1, ...
            Value::Array(a) if !def.properties.is_empty() => {
                let mut out: Option<Vec<Value>> = None;
                for (i, item) in a.iter().enumerate() {
                    let k = KeyRef::Int(i as i64);
                    let Some((_, d)) = def.properties.iter().find(|(name, _)| *name == k) else {
                        continue;
                    };
                    if let Some(new) = walk(d, item) {
                        out.get_or_insert_with(|| a.clone())[i] = new;
                    }
                }
                out.map(Value::Array)
            }
            _ => None,
        },
        _ => None,
    }
}

fn walk_object<'d, 'v, F>(m: &Map<String, Value>, def_for: F) -> Option<Value>
where
    'v: 'd,
    F: Fn(&str, &Value) -> Option<&'d CoerceDef<'v, &'v Value>>,
{
    let mut out: Option<Map<String, Value>> = None;
    for (k, item) in m {
        let Some(d) = def_for(k, item) else { continue };
        if let Some(new) = walk(d, item) {
            if let Some(slot) = out.get_or_insert_with(|| m.clone()).get_mut(k) {
                *slot = new;
            }
        }
    }
    out.map(Value::Object)
}
