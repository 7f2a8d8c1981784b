//! `fit_budget` on the cases of `tests/budget/*.json` against the Rust core
//! (tests/phpunit/BudgetTest.php runs the same files against both PHP
//! implementations): the `strict` flags and the warnings as given, every
//! schema `normalize_schema()`'s (with the profile for a strict tool, `mcp`
//! for a fallback), errors word for word. The cases are written by
//! `tests/budget/generate.py`.

use serde_json::{json, Value};
use tool_schema::json::php_shape;

fn cases() -> Vec<Value> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/budget");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/budget")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("read");
        let data: Value = serde_json::from_str(&text).expect("json");
        out.extend(data["cases"].as_array().expect("cases").iter().cloned());
    }
    out
}

fn warnings_json(w: &[tool_schema::error::Warning]) -> Value {
    Value::Array(
        w.iter()
            .map(|w| json!({"code": w.code, "path": w.path, "message": w.message}))
            .collect(),
    )
}

#[test]
fn budget_cases() {
    let cases = cases();
    assert!(cases.len() >= 18, "the budget cases were not found");
    let mut failures = Vec::new();
    for case in &cases {
        let name = case["name"].as_str().expect("name");
        let tools = php_shape(&case["tools"]);
        let options = php_shape(&case["options"]);
        let result = tool_schema::fit_budget_json(&tools, Some(&options));
        if let Some(error) = case.get("error") {
            match result {
                Err(e) if e.to_string() == error.as_str().unwrap_or("") => {}
                Err(e) => failures.push(format!("{name}: error {e}, expected {error}")),
                Ok(_) => failures.push(format!("{name}: no error, expected {error}")),
            }
            continue;
        }
        let (out, warnings) = match result {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let empty = serde_json::Map::new();
        let tool_map = case["tools"].as_object().unwrap_or(&empty);
        let out_map = match &out {
            Value::Object(m) => m.clone(),
            Value::Array(a) if a.is_empty() => serde_json::Map::new(),
            other => {
                failures.push(format!("{name}: not a map: {other}"));
                continue;
            }
        };
        let names: Vec<_> = out_map.keys().collect();
        if names != tool_map.keys().collect::<Vec<_>>() {
            failures.push(format!("{name}: the tools, in order: {names:?}"));
        }
        let profile = options
            .get("profile")
            .and_then(Value::as_str)
            .unwrap_or("mcp");
        let mut strict = serde_json::Map::new();
        for (tool, entry) in &out_map {
            let keys: Vec<_> = entry
                .as_object()
                .map(|o| o.keys().collect())
                .unwrap_or_default();
            // `input_examples` (issue 30): only where the case expects them.
            let expected = case
                .get("input_examples")
                .and_then(|e| e.get(tool.as_str()));
            let want: &[&str] = if expected.is_some() {
                &["schema", "strict", "input_examples"]
            } else {
                &["schema", "strict"]
            };
            if keys != want {
                failures.push(format!("{name}: {tool}: keys {keys:?}"));
            }
            if let Some(e) = expected {
                if entry.get("input_examples") != Some(e) {
                    failures.push(format!(
                        "{name}: {tool}: input_examples {}",
                        entry
                            .get("input_examples")
                            .map(Value::to_string)
                            .unwrap_or_default()
                    ));
                }
            }
            let is_strict = entry["strict"].as_bool().unwrap_or(false);
            strict.insert(tool.clone(), Value::Bool(is_strict));
            let mut o = options.clone();
            if !is_strict && matches!(profile, "openai" | "anthropic") {
                o["profile"] = json!("mcp");
            }
            let def = php_shape(&tool_map[tool]);
            let alone = tool_schema::normalize_json(&def, Some(&o)).map(|(s, _)| s);
            if alone.as_ref().ok() != Some(&entry["schema"]) {
                failures.push(format!(
                    "{name}: the schema of {tool} is not normalize_schema()'s"
                ));
            }
        }
        if Value::Object(strict) != case["strict"] {
            failures.push(format!("{name}: strict flags differ"));
        }
        if warnings_json(&warnings) != case["warnings"] {
            failures.push(format!(
                "{name}: warnings {}",
                serde_json::to_string_pretty(&warnings_json(&warnings)).unwrap_or_default()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
