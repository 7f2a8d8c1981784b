//! Every fixture definition (every `tests/fixtures/normalize_*.json` case with
//! a schema), as the input of a tool (a definition that is not a map is the
//! one property `value` of a root map), in every nullable style and every
//! profile, through the Rust core:
//!
//! - the project's per-profile checker (`tests/profiles/checker.rs`, written
//!   from each provider's documented rules) finds nothing, or only what a
//!   `profile_strict_impossible` / `profile_limit_exceeded` warning names at
//!   the same path;
//! - every warning of the pass has a profile code and a path of the
//!   definition;
//! - the cases are written to `target/profiles/corpus.json` (or
//!   `$TOOL_SCHEMA_PROFILE_CORPUS`) with the canonical schema and the
//!   fixture's `accept`/`reject` values, for the providers' own code
//!   (`tests/profiles/sdk_check.py`, `tests/profiles/mcp_check.mjs`, run by
//!   `scripts/test.d/80-profiles.sh`).

#[path = "profiles/checker.rs"]
mod checker;

use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::path::Path;

const STYLES: [&str; 3] = ["type_array", "one_of", "any_of"];
const PROFILES: [&str; 5] = ["mcp", "openai", "anthropic", "gemini", "gemini_json"];

/// The fixture definitions with a schema: (name, definition, options, accept, reject).
/// A fixture definition: name, definition, options, accepted and rejected values.
type Fixture = (String, Value, Map<String, Value>, Vec<Value>, Vec<Value>);

fn definitions() -> Vec<Fixture> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/fixtures")
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("normalize_") && n.ends_with(".json"))
        })
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        // The profiles' own fixtures: their accept/reject lists are about the
        // profile's schema (its tightenings), not values Drupal refuses.
        let own = f
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with("normalize_profile_"));
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(&f).expect("read"))
            .expect("fixture JSON");
        for case in doc["cases"].as_array().into_iter().flatten() {
            if case.get("schema").is_none() {
                continue;
            }
            let mut options = case
                .get("options")
                .and_then(Value::as_object)
                .cloned()
                .unwrap_or_default();
            options.remove("nullable");
            options.remove("profile");
            let list = |k: &str| match case.get(k).and_then(Value::as_array) {
                Some(values) if !own => values.clone(),
                _ => Vec::new(),
            };
            out.push((
                case["name"].as_str().unwrap_or("?").to_owned(),
                case["definition"].clone(),
                options,
                list("accept"),
                list("reject"),
            ));
        }
    }
    out.extend(tools());
    out
}

/// The Tool module's tools (`tests/profiles/tools.php`, from real Drupal), one
/// root map of inputs each, when `$TOOL_SCHEMA_PROFILE_TOOLS` names their file
/// (scripts/test.d/80-profiles.sh sets it; the file must then exist), or
/// `target/profiles/tools.json` exists.
fn tools() -> Vec<Fixture> {
    let (path, required) = match std::env::var("TOOL_SCHEMA_PROFILE_TOOLS") {
        Ok(p) if !p.is_empty() => (p, true),
        _ => (
            format!("{}/target/profiles/tools.json", env!("CARGO_MANIFEST_DIR")),
            false,
        ),
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if required => panic!("{path}: {e}"),
        Err(_) => {
            println!("profiles: no {path}: the Tool module's tools are not included");
            return Vec::new();
        }
    };
    let tools: Map<String, Value> = serde_json::from_str(&text).expect("tools JSON");
    println!(
        "profiles: {} tools of the Tool module from {path}",
        tools.len()
    );
    tools
        .into_iter()
        .map(|(id, def)| {
            (
                format!("tool:{id}"),
                def,
                Map::new(),
                Vec::new(),
                Vec::new(),
            )
        })
        .collect()
}

/// The definition as a tool input: a map as it is, anything else as the
/// property `value` of a root map (values wrapped the same way).
fn as_tool(def: &Value) -> (Value, bool) {
    if def.get("type") == Some(&json!("map")) {
        (def.clone(), false)
    } else {
        (json!({"type": "map", "properties": {"value": def}}), true)
    }
}

#[test]
fn profiles_over_fixtures() {
    let mut failures = Vec::new();
    let mut corpus = Vec::new();
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut skipped = std::collections::BTreeSet::new();
    let defs = definitions();
    assert!(defs.len() > 150, "definitions: {}", defs.len());
    for (name, def, options, accept, reject) in &defs {
        let (tool, wrapped) = as_tool(def);
        let wrap = |v: &Value| {
            if wrapped {
                json!({"value": v})
            } else {
                v.clone()
            }
        };
        for style in STYLES {
            let mut canonical = None;
            for profile in PROFILES {
                let mut o = options.clone();
                o.insert("nullable".into(), json!(style));
                o.insert("profile".into(), json!(profile));
                let o = Value::Object(o);
                let (schema, warnings) = match tool_schema::normalize_json(&tool, Some(&o)) {
                    Ok(r) => r,
                    // A definition at the depth limit cannot be a tool's input.
                    Err(e) if wrapped && e.message.contains("nesting deeper") => {
                        skipped.insert(name.clone());
                        continue;
                    }
                    Err(e) => {
                        failures.push(format!("{name} {style} {profile}: error {e}"));
                        continue;
                    }
                };
                if profile == "mcp" {
                    canonical = Some(schema.clone());
                }
                let covered = |path: &str| {
                    warnings.iter().any(|w| {
                        w.path == path
                            && (w.code == "profile_strict_impossible"
                                || w.code == "profile_limit_exceeded")
                    })
                };
                for (path, message) in checker::check(profile, &schema) {
                    if !covered(&path) {
                        failures.push(format!(
                            "{name} {style} {profile}: at {path:?}: {message}\n    {}",
                            serde_json::to_string(&schema).unwrap_or_default()
                        ));
                    }
                }
                for w in &warnings {
                    *counts.entry(format!("{profile} {}", w.code)).or_default() += 1;
                }
                *counts.entry(format!("{profile} schemas")).or_default() += 1;
                let strict = !warnings
                    .iter()
                    .any(|w| w.code == "profile_strict_impossible");
                if strict {
                    *counts.entry(format!("{profile} strict")).or_default() += 1;
                }
                let ws: Vec<Value> = warnings
                    .iter()
                    .map(|w| json!({"code": w.code, "path": w.path, "message": w.message}))
                    .collect();
                corpus.push(json!({
                    "name": name,
                    "style": style,
                    "profile": profile,
                    "definition": tool,
                    "schema": schema,
                    "canonical": canonical.clone().unwrap_or(Value::Null),
                    "json_schema": if profile == "gemini" { checker::gemini_to_json_schema(&schema) } else { schema.clone() },
                    "warnings": ws,
                    "strict": strict,
                    "accept": accept.iter().filter(|v| js_exact(v)).map(wrap).collect::<Vec<_>>(),
                    "reject": reject.iter().filter(|v| js_exact(v)).map(wrap).collect::<Vec<_>>(),
                }));
            }
        }
    }
    let out = std::env::var("TOOL_SCHEMA_PROFILE_CORPUS")
        .unwrap_or_else(|_| format!("{}/target/profiles/corpus.json", env!("CARGO_MANIFEST_DIR")));
    if let Some(dir) = Path::new(&out).parent() {
        std::fs::create_dir_all(dir).expect("corpus directory");
    }
    std::fs::write(&out, serde_json::to_string(&corpus).expect("corpus")).expect("write corpus");
    println!(
        "profiles: {} definitions x {} styles x {} profiles = {} schemas -> {out}",
        defs.len() - skipped.len(),
        STYLES.len(),
        PROFILES.len(),
        corpus.len()
    );
    println!("  skipped (too deep to be a tool's input): {skipped:?}");
    for (k, n) in &counts {
        println!("  {k}: {n}");
    }
    if !failures.is_empty() {
        panic!(
            "{} checker failure(s):\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
}

#[test]
fn checker_finds_what_it_should() {
    // The checker is not vacuous: each rule fires on a schema that breaks it.
    let cases = [
        ("mcp", json!({"type": ["object", "null"]})),
        (
            "mcp",
            json!({"type": "object", "properties": {"a": {"enum": []}}}),
        ),
        (
            "openai",
            json!({"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false}),
        ),
        (
            "openai",
            json!({"type": "object", "properties": {}, "required": []}),
        ),
        (
            "openai",
            json!({"type": "object", "properties": {"a": {"type": "string", "format": "uri"}}, "required": ["a"], "additionalProperties": false}),
        ),
        (
            "openai",
            json!({"type": "object", "properties": {"a": {"type": "string", "pattern": "a(?=b)"}}, "required": ["a"], "additionalProperties": false}),
        ),
        (
            "openai",
            json!({"type": "object", "properties": {"a": {"oneOf": [{"type": "string"}]}}, "required": ["a"], "additionalProperties": false}),
        ),
        (
            "openai",
            json!({"type": "object", "properties": {"a": {"type": "array"}}, "required": ["a"], "additionalProperties": false}),
        ),
        (
            "openai",
            json!({"type": "object", "properties": {"a": {"type": "string", "default": "x"}}, "required": ["a"], "additionalProperties": false}),
        ),
        (
            "anthropic",
            json!({"type": "object", "properties": {"a": {"type": ["string", "null"]}}, "additionalProperties": false}),
        ),
        (
            "anthropic",
            json!({"type": "object", "properties": {"a": {"type": "string", "enum": ["x"]}}, "additionalProperties": false}),
        ),
        (
            "anthropic",
            json!({"type": "object", "properties": {"a": {"type": "string", "pattern": "^x$"}}, "additionalProperties": false}),
        ),
        (
            "anthropic",
            json!({"type": "object", "properties": {"a": {"type": "integer", "minimum": 1}}, "additionalProperties": false}),
        ),
        (
            "anthropic",
            json!({"type": "object", "properties": {"a": {"type": "array", "minItems": 2}}, "additionalProperties": false}),
        ),
        ("anthropic", json!({"type": "object", "properties": {}})),
        (
            "gemini",
            json!({"type": "OBJECT", "properties": {"a": {"type": ["STRING", "NULL"]}}}),
        ),
        (
            "gemini",
            json!({"type": "OBJECT", "properties": {"a": {"type": "STRING", "const": "x"}}}),
        ),
        (
            "gemini",
            json!({"type": "OBJECT", "properties": {"a": {"type": "INTEGER", "enum": [1]}}}),
        ),
        (
            "gemini",
            json!({"type": "OBJECT", "properties": {"a": {"type": "STRING", "format": "email"}}}),
        ),
        (
            "gemini",
            json!({"type": "OBJECT", "properties": {"a": {"type": "NUMBER", "exclusiveMinimum": 0}}}),
        ),
        (
            "gemini",
            json!({"type": "OBJECT", "properties": {"a": {"type": "STRING", "examples": ["x"]}}}),
        ),
        (
            "gemini_json",
            json!({"type": "object", "properties": {"a": {"type": "string", "const": "x"}}}),
        ),
        (
            "gemini_json",
            json!({"type": "object", "properties": {"a": {"type": "STRING"}}}),
        ),
        (
            "gemini_json",
            json!({"type": "object", "properties": {"a": {"type": "number", "exclusiveMinimum": 0}}}),
        ),
        (
            "gemini_json",
            json!({"type": "object", "properties": {"a": {"not": {"pattern": "^x"}}}}),
        ),
    ];
    for (profile, schema) in cases {
        assert!(
            !checker::check(profile, &schema).is_empty(),
            "{profile} checker accepts {schema}"
        );
    }
    let good = [
        ("mcp", json!({"type": "object", "properties": {}})),
        (
            "openai",
            json!({"type": "object", "properties": {"a": {"anyOf": [{"type": "string", "pattern": "^x$"}, {"type": "null"}]}}, "required": ["a"], "additionalProperties": false}),
        ),
        (
            "anthropic",
            json!({"type": "object", "properties": {"a": {"enum": ["x", null]}}, "required": ["a"], "additionalProperties": false}),
        ),
        (
            "gemini",
            json!({"type": "OBJECT", "properties": {"a": {"type": "STRING", "enum": ["x"], "nullable": true}}, "required": ["a"]}),
        ),
        (
            "gemini_json",
            json!({"type": "object", "properties": {"a": {"type": ["string", "null"], "enum": ["x", null], "default": "x"}}, "additionalProperties": false}),
        ),
    ];
    for (profile, schema) in good {
        assert_eq!(
            checker::check(profile, &schema),
            vec![],
            "{profile} {schema}"
        );
    }
}

/// Whether a JavaScript number holds every number of `v` exactly: the corpus's
/// values are judged by ajv, which reads an integer beyond 2^53 as the nearest
/// double (`2^54 + 1` is `2^54`), so such a value says nothing there (the
/// fixture runner, with exact integers, checks it).
fn js_exact(v: &Value) -> bool {
    const SAFE: u64 = 1 << 53;
    match v {
        Value::Number(n) => n.as_i64().map_or_else(
            || n.as_u64().is_none_or(|u| u <= SAFE),
            |i| i.unsigned_abs() <= SAFE,
        ),
        Value::Array(a) => a.iter().all(js_exact),
        Value::Object(o) => o.values().all(js_exact),
        _ => true,
    }
}
