//! Runs every case of `tests/fixtures/coerce_*.json` against the serde_json
//! walker, and checks idempotence (coercing the output again changes nothing).

use std::path::Path;

use serde_json::{json, Value};
use tool_schema::coerce::coerce_json;

/// `===` semantics: int and float apart, key order significant.
fn identical(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            (x.is_f64() == y.is_f64()) && x.as_f64() == y.as_f64() && x.as_i64() == y.as_i64()
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| identical(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|((k1, v1), (k2, v2))| k1 == k2 && identical(v1, v2))
        }
        _ => a == b,
    }
}

#[test]
fn coerce_fixtures() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("coerce_") && n.ends_with(".json"))
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no coerce fixtures");
    let mut failures = Vec::new();
    let mut count = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read fixture");
        let doc: Value = serde_json::from_str(&text).expect("fixture JSON");
        for case in doc["cases"].as_array().expect("cases") {
            if case["function"] != "coerce" {
                continue;
            }
            count += 1;
            let name = case["name"].as_str().unwrap_or("?");
            let options = case.get("options").cloned().unwrap_or_else(|| json!({}));
            let got = coerce_json(&case["input"], &case["definition"], &options);
            match (got, case.get("error")) {
                (Err(e), Some(want)) => {
                    let msg = e.to_string();
                    if !msg.contains(want.as_str().unwrap_or("")) {
                        failures.push(format!("{name}: error {msg:?}, want {want}"));
                    }
                }
                (Err(e), None) => failures.push(format!("{name}: unexpected error {e}")),
                (Ok(v), Some(want)) => failures.push(format!("{name}: got {v}, want error {want}")),
                (Ok(v), None) => {
                    let want = &case["output"];
                    if !identical(&v, want) {
                        failures.push(format!("{name}: got {v}, want {want}"));
                    } else {
                        match coerce_json(&v, &case["definition"], &options) {
                            Ok(again) if identical(&again, &v) => {}
                            other => failures.push(format!("{name}: not idempotent: {other:?}")),
                        }
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!("{count} coerce fixture cases passed");
}
