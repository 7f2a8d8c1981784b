//! The per-profile checker: what each consumer documents that it accepts,
//! written from its documentation independently of the pass in
//! `src/normalize/profile/` (which it checks). A violation is `(path,
//! message)`, the path in the definition's terms (`properties.<name>`,
//! `items`; `anyOf`/`oneOf` entries are skipped), so that it can be matched
//! with the pass's `profile_strict_impossible` / `profile_limit_exceeded`
//! warnings.
//!
//! Sources:
//! - OpenAI, "Structured model outputs", section "Supported schemas"
//!   (platform.openai.com/docs/guides/structured-outputs).
//! - Anthropic, "Structured outputs", section "JSON Schema limitations"
//!   (platform.claude.com/docs/en/build-with-claude/structured-outputs), and
//!   what `anthropic.transform_schema` keeps.
//! - Gemini API reference, "Schema" (ai.google.dev/api/caching#Schema), and the
//!   function calling guide (formats date-time and enum).
//! - Gemini's `parametersJsonSchema`: google-genai's `types.JSONSchema`
//!   (3.6), the SDK's statement of the JSON Schema subset Gemini takes there.
//! - MCP: the `Tool` type of the specification (`inputSchema.type` is
//!   `"object"`); JSON Schema 2020-12 (an `enum` has at least one value).

use serde_json::{Map, Value};

pub type Violation = (String, String);

struct Walk<'a> {
    profile: &'a str,
    out: Vec<Violation>,
    path: Vec<String>,
    properties: usize,
    depth: usize,
    max_depth: usize,
    enum_values: usize,
    string_length: usize,
    optional: usize,
    unions: usize,
}

impl Walk<'_> {
    fn bad(&mut self, message: impl Into<String>) {
        self.out.push((self.path.join("."), message.into()));
    }
}

const OPENAI_KEYS: &[&str] = &[
    "type",
    "description",
    "title",
    "enum",
    "const",
    "anyOf",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "pattern",
    "format",
    "minLength",
    "maxLength",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minItems",
    "maxItems",
];
const OPENAI_FORMATS: &[&str] = &[
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "uuid",
];
const ANTHROPIC_KEYS: &[&str] = &[
    "type",
    "description",
    "title",
    "enum",
    "const",
    "anyOf",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "format",
    "minItems",
];
const ANTHROPIC_FORMATS: &[&str] = &[
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "uri",
    "ipv4",
    "ipv6",
    "uuid",
];
const JSON_TYPES: &[&str] = &[
    "object", "array", "string", "integer", "number", "boolean", "null",
];
const GEMINI_KEYS: &[&str] = &[
    "type",
    "format",
    "title",
    "description",
    "nullable",
    "enum",
    "maxItems",
    "minItems",
    "properties",
    "required",
    "minProperties",
    "maxProperties",
    "minLength",
    "maxLength",
    "pattern",
    "example",
    "anyOf",
    "propertyOrdering",
    "default",
    "items",
    "minimum",
    "maximum",
    "additionalProperties",
];
/// The fields of google-genai's `types.JSONSchema`, by alias.
const GEMINI_JSON_KEYS: &[&str] = &[
    "type",
    "format",
    "title",
    "description",
    "default",
    "items",
    "minItems",
    "maxItems",
    "enum",
    "properties",
    "required",
    "minProperties",
    "maxProperties",
    "minimum",
    "maximum",
    "minLength",
    "maxLength",
    "pattern",
    "additionalProperties",
    "anyOf",
    "uniqueItems",
    "$ref",
    "$defs",
    "oneOf",
];
const GEMINI_TYPES: &[&str] = &[
    "STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT", "NULL",
];

/// Lookarounds and backreferences (refused by the strict modes' regex engines).
pub fn lookaround_or_backref(p: &str) -> bool {
    let b = p.as_bytes();
    let mut class = false;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => {
                if !class
                    && i + 1 < b.len()
                    && (matches!(b[i + 1], b'1'..=b'9') || b[i + 1] == b'k')
                {
                    return true;
                }
                i += 2;
                continue;
            }
            b'[' => class = true,
            b']' => class = false,
            b'(' if !class => {
                let rest = &p[i + 1..];
                if ["?=", "?!", "?<=", "?<!"]
                    .iter()
                    .any(|x| rest.starts_with(x))
                {
                    return true;
                }
            }
            _ => {}
        }
        i += 1;
    }
    false
}

/// The violations of `schema` against the documented rules of `profile`.
pub fn check(profile: &str, schema: &Value) -> Vec<Violation> {
    let mut w = Walk {
        profile,
        out: Vec::new(),
        path: Vec::new(),
        properties: 0,
        depth: 0,
        max_depth: 0,
        enum_values: 0,
        string_length: 0,
        optional: 0,
        unions: 0,
    };
    match profile {
        "mcp" => {
            if schema.get("type") != Some(&Value::String("object".into())) {
                w.bad("the root of inputSchema must have \"type\": \"object\"");
            }
            mcp_enums(&mut w, schema);
        }
        _ => {
            let Some(o) = schema.as_object() else {
                w.bad("the schema is not an object");
                return w.out;
            };
            if profile != "gemini" {
                if o.get("type") != Some(&Value::String("object".into())) {
                    w.bad("the root must be an object schema (not anyOf, not null)");
                }
            } else if o.get("type") != Some(&Value::String("OBJECT".into())) {
                w.bad("parameters must be of type OBJECT");
            }
            node(&mut w, schema, false);
            limits(&mut w);
        }
    }
    w.out
}

/// No `enum: []` anywhere a schema can be.
fn mcp_enums(w: &mut Walk<'_>, s: &Value) {
    let Some(o) = s.as_object() else { return };
    if o.get("enum")
        .and_then(Value::as_array)
        .is_some_and(Vec::is_empty)
    {
        w.bad("enum must have at least one value");
    }
    for (k, v) in o {
        match k.as_str() {
            "properties" | "patternProperties" | "$defs" => {
                if let Some(m) = v.as_object() {
                    for (name, s) in m {
                        w.path.push(format!("properties.{name}"));
                        mcp_enums(w, s);
                        w.path.pop();
                    }
                }
            }
            "items" | "not" | "additionalProperties" => {
                if k == "items" {
                    w.path.push("items".into());
                }
                mcp_enums(w, v);
                if k == "items" {
                    w.path.pop();
                }
            }
            "anyOf" | "oneOf" | "allOf" => {
                for s in v.as_array().into_iter().flatten() {
                    mcp_enums(w, s);
                }
            }
            _ => {}
        }
    }
}

/// The names in `required` (none when there is no list).
fn required_names(o: &Map<String, Value>) -> Vec<&str> {
    o.get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

fn is_primitive(v: &Value) -> bool {
    !v.is_array() && !v.is_object()
}

fn node(w: &mut Walk<'_>, s: &Value, optional_property: bool) {
    let Some(o) = s.as_object() else {
        w.bad("a schema must be an object");
        return;
    };
    match w.profile {
        "openai" => openai(w, o),
        "anthropic" => anthropic(w, o, optional_property),
        "gemini_json" => gemini_json(w, o),
        _ => gemini(w, o),
    }
    // Children.
    if let Some(items) = o.get("items") {
        w.path.push("items".into());
        node(w, items, false);
        w.path.pop();
    }
    if let Some(list) = o.get("anyOf").and_then(Value::as_array) {
        for b in list {
            node(w, b, false);
        }
    }
    if let Some(props) = o.get("properties").and_then(Value::as_object) {
        let required = required_names(o);
        w.depth += 1;
        w.max_depth = w.max_depth.max(w.depth);
        for (name, p) in props {
            w.properties += 1;
            w.string_length += name.chars().count();
            let optional = !required.contains(&name.as_str());
            if optional {
                w.optional += 1;
            }
            let union = p.get("anyOf").is_some() || p.get("type").is_some_and(Value::is_array);
            if union {
                w.unions += 1;
            }
            w.path.push("properties".into());
            w.path.push(name.clone());
            node(w, p, optional);
            w.path.pop();
            w.path.pop();
        }
        w.depth -= 1;
    }
    if w.profile == "gemini" || w.profile == "gemini_json" {
        if let Some(a) = o.get("additionalProperties").filter(|a| a.is_object()) {
            w.path.push("additionalProperties".into());
            node(w, a, false);
            w.path.pop();
        }
    }
}

fn openai(w: &mut Walk<'_>, o: &Map<String, Value>) {
    for k in o.keys() {
        if !OPENAI_KEYS.contains(&k.as_str()) {
            w.bad(format!("keyword {k} is not supported"));
        }
    }
    match o.get("type") {
        Some(Value::String(t)) if JSON_TYPES.contains(&t.as_str()) => {}
        Some(t) => w.bad(format!("type {t} is not one supported type")),
        None if o.contains_key("anyOf") || o.contains_key("enum") || o.contains_key("const") => {}
        None => w.bad("a schema needs a type, anyOf or enum"),
    }
    let ty = o.get("type").and_then(Value::as_str).unwrap_or("");
    if let Some(f) = o.get("format").and_then(Value::as_str) {
        if !OPENAI_FORMATS.contains(&f) {
            w.bad(format!("format {f} is not supported"));
        }
    }
    if let Some(p) = o.get("pattern").and_then(Value::as_str) {
        if lookaround_or_backref(p) {
            w.bad("pattern uses a lookaround or a backreference");
        }
    }
    if let Some(e) = o.get("enum").and_then(Value::as_array) {
        w.enum_values += e.len();
        let strings: Vec<&str> = e.iter().filter_map(Value::as_str).collect();
        let len: usize = strings.iter().map(|s| s.chars().count()).sum();
        w.string_length += len;
        if strings.len() > 250 && len > 15_000 {
            w.bad("an enum of more than 250 strings is longer than 15000 characters");
        }
        if e.is_empty() {
            w.bad("enum is empty");
        }
    }
    if let Some(Value::String(c)) = o.get("const") {
        w.string_length += c.chars().count();
    }
    if ty == "object" {
        let props: Vec<&String> = o
            .get("properties")
            .and_then(Value::as_object)
            .map(|m| m.keys().collect())
            .unwrap_or_default();
        if o.get("properties").is_none() {
            w.bad("an object needs properties");
        }
        let required = required_names(o);
        let names: Vec<&str> = props.iter().map(|s| s.as_str()).collect();
        if required != names {
            w.bad("every property must be in required, in order");
        }
        if o.get("additionalProperties") != Some(&Value::Bool(false)) {
            w.bad("additionalProperties must be false");
        }
    }
    if ty == "array" && o.get("items").is_none() {
        w.bad("an array needs items");
    }
}

fn anthropic(w: &mut Walk<'_>, o: &Map<String, Value>, _optional: bool) {
    for k in o.keys() {
        if !ANTHROPIC_KEYS.contains(&k.as_str()) {
            w.bad(format!("keyword {k} is not supported"));
        }
    }
    let literals = o.contains_key("enum") || o.contains_key("const");
    match o.get("type") {
        Some(Value::String(t)) if JSON_TYPES.contains(&t.as_str()) => {
            if literals {
                w.bad("type beside enum/const (transform_schema drops it)");
            }
            if o.contains_key("anyOf") {
                w.bad("type beside anyOf (transform_schema drops it)");
            }
        }
        Some(t) => w.bad(format!("type {t} is not one supported type")),
        None if literals || o.contains_key("anyOf") => {}
        None => w.bad("a schema needs a type, anyOf, enum or const"),
    }
    if literals {
        let only = o
            .keys()
            .all(|k| matches!(k.as_str(), "enum" | "const" | "description" | "title"));
        if !only {
            w.bad("enum/const beside other keywords (transform_schema moves them)");
        }
    }
    if let Some(e) = o.get("enum") {
        match e.as_array() {
            Some(list) if !list.is_empty() && list.iter().all(is_primitive) => {}
            _ => w.bad("enum must be a non-empty list of strings, numbers, booleans or nulls"),
        }
    }
    if let Some(c) = o.get("const") {
        if !is_primitive(c) {
            w.bad("const must be a string, number, boolean or null");
        }
    }
    let ty = o.get("type").and_then(Value::as_str).unwrap_or("");
    if let Some(f) = o.get("format").and_then(Value::as_str) {
        if ty != "string" || !ANTHROPIC_FORMATS.contains(&f) {
            w.bad(format!("format {f} is not supported"));
        }
    }
    if let Some(m) = o.get("minItems") {
        if ty != "array" || !(m == 0 || m == 1) {
            w.bad("minItems must be 0 or 1 on an array");
        }
    }
    if ty == "object" {
        if o.get("additionalProperties") != Some(&Value::Bool(false)) {
            w.bad("additionalProperties must be false");
        }
        if !o.get("properties").is_some_and(Value::is_object) {
            w.bad("an object needs properties");
        }
    }
}

fn gemini(w: &mut Walk<'_>, o: &Map<String, Value>) {
    for k in o.keys() {
        if !GEMINI_KEYS.contains(&k.as_str()) {
            w.bad(format!("field {k} is not a Schema field"));
        }
    }
    match o.get("type") {
        Some(Value::String(t)) if GEMINI_TYPES.contains(&t.as_str()) => {}
        Some(t) => w.bad(format!("type {t} is not one Type")),
        None if o.contains_key("anyOf") => {}
        None => {
            if o.keys().any(|k| k != "description" && k != "title") {
                w.bad("a schema needs a type or anyOf");
            }
        }
    }
    if let Some(e) = o.get("enum") {
        let ok = e
            .as_array()
            .is_some_and(|l| !l.is_empty() && l.iter().all(Value::is_string));
        if !ok || o.get("type").and_then(Value::as_str) != Some("STRING") {
            w.bad("enum must be a non-empty list of strings on a STRING");
        }
    }
    if let Some(f) = o.get("format") {
        if !matches!(f.as_str(), Some("date-time" | "enum")) {
            w.bad(format!("format {f} is not supported"));
        }
    }
    if let Some(n) = o.get("nullable") {
        if !n.is_boolean() {
            w.bad("nullable must be a boolean");
        }
    }
    float_bounds(w, o);
}

fn gemini_json(w: &mut Walk<'_>, o: &Map<String, Value>) {
    for k in o.keys() {
        if !GEMINI_JSON_KEYS.contains(&k.as_str()) {
            w.bad(format!("field {k} is not a JSONSchema field"));
        }
    }
    let one = |t: &Value| t.as_str().is_some_and(|t| JSON_TYPES.contains(&t));
    match o.get("type") {
        None => {}
        Some(Value::Array(l)) if !l.is_empty() && l.iter().all(one) => {}
        Some(t) if one(t) => {}
        Some(t) => w.bad(format!(
            "type {t} is not a JSONSchemaType or a list of them"
        )),
    }
    if let Some(e) = o.get("enum") {
        if e.as_array().is_none_or(|l| l.is_empty()) {
            w.bad("enum must be a non-empty list");
        }
    }
    float_bounds(w, o);
}

/// `minimum`/`maximum` are floats (Gemini's `Schema` and `types.JSONSchema`).
fn float_bounds(w: &mut Walk<'_>, o: &Map<String, Value>) {
    for k in ["minimum", "maximum"] {
        if let Some(v) = o.get(k) {
            if !v.is_number() {
                w.bad(format!("{k} must be a number"));
            }
            if v.as_i64()
                .is_some_and(|i| i128::from(i) != (i as f64) as i128)
            {
                w.bad(format!("{k} is not exact as a float"));
            }
        }
    }
}

fn limits(w: &mut Walk<'_>) {
    w.path.clear();
    match w.profile {
        "openai" => {
            if w.properties > 5000 {
                w.bad("more than 5000 object properties");
            }
            if w.max_depth > 10 {
                w.bad("more than 10 levels of nesting");
            }
            if w.enum_values > 1000 {
                w.bad("more than 1000 enum values");
            }
            if w.string_length > 120_000 {
                w.bad("more than 120000 characters of names and enum values");
            }
        }
        "anthropic" => {
            if w.optional > 24 {
                w.bad("more than 24 optional parameters");
            }
            if w.unions > 16 {
                w.bad("more than 16 parameters with union types");
            }
        }
        _ => {}
    }
}

/// The JSON Schema a Gemini `Schema` stands for: lowercase types, `nullable`
/// as a null branch, `example`, `propertyOrdering` and `format: enum` left out.
pub fn gemini_to_json_schema(s: &Value) -> Value {
    let Some(o) = s.as_object() else {
        return s.clone();
    };
    let mut out = Map::new();
    let mut nullable = false;
    for (k, v) in o {
        match k.as_str() {
            "type" => {
                out.insert(
                    k.clone(),
                    Value::String(v.as_str().unwrap_or("").to_ascii_lowercase()),
                );
            }
            "nullable" => nullable = v == &Value::Bool(true),
            "example" | "propertyOrdering" => {}
            "format" if v == "enum" => {}
            "items" => {
                out.insert(k.clone(), gemini_to_json_schema(v));
            }
            "additionalProperties" if v.is_object() => {
                out.insert(k.clone(), gemini_to_json_schema(v));
            }
            "anyOf" => {
                let list = v
                    .as_array()
                    .map(|l| l.iter().map(gemini_to_json_schema).collect())
                    .unwrap_or_default();
                out.insert(k.clone(), Value::Array(list));
            }
            "properties" => {
                let m = v
                    .as_object()
                    .map(|m| {
                        m.iter()
                            .map(|(n, s)| (n.clone(), gemini_to_json_schema(s)))
                            .collect()
                    })
                    .unwrap_or_default();
                out.insert(k.clone(), Value::Object(m));
            }
            _ => {
                out.insert(k.clone(), v.clone());
            }
        }
    }
    if !nullable {
        return Value::Object(out);
    }
    let mut wrapped = Map::new();
    for k in ["title", "description", "default"] {
        if let Some(v) = out.remove(k) {
            wrapped.insert(k.into(), v);
        }
    }
    let null = serde_json::json!({"type": "null"});
    wrapped.insert("anyOf".into(), Value::Array(vec![Value::Object(out), null]));
    Value::Object(wrapped)
}
