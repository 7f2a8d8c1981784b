//! Runs the Rust regex translator over tests/regex/corpus.json and writes
//! the workspace's target/regex-rust.json ({source: {pattern} | {skip, message}, with the
//! work units spent and the largest intermediate structure, and the same for
//! `$` read as under `D` in `end_only`: translate_opts), which
//! tests/regex/differential.php compares byte for byte with the PHP
//! translator: the two must also count the same work, or they would part
//! near the budget.
//! `REGEX_CORPUS` / `REGEX_RUST_OUT` (absolute, or relative to this crate's
//! directory, where cargo runs the test) select
//! another corpus and output file (used by tests/regex/fuzz.php).

use pcre2ecma::{pcre_version, translate, translate_opts, Work};
use serde_json::{json, Map, Value};
use std::path::Path;
use std::time::{Duration, Instant};

#[test]
fn corpus_translations() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus_path =
        std::env::var("REGEX_CORPUS").unwrap_or_else(|_| "tests/regex/corpus.json".into());
    let out_path =
        std::env::var("REGEX_RUST_OUT").unwrap_or_else(|_| "../target/regex-rust.json".into());
    let text = std::fs::read_to_string(root.join(&corpus_path)).expect("the corpus is readable");
    let corpus: Value = serde_json::from_str(&text).expect("corpus.json is JSON");
    let patterns = corpus["patterns"].as_array().expect("patterns is a list");
    let mut out = Map::new();
    for entry in patterns {
        let source = entry["source"].as_str().expect("source is a string");
        let one = |end_only: bool| {
            let mut work = Work::new();
            let mut result = match translate_opts(source, &pcre_version(), &mut work, end_only) {
                Ok(p) => json!({ "pattern": p }),
                Err(s) => json!({ "skip": s.code, "message": s.message }),
            };
            result["work"] = json!(work.used());
            result["peak"] = json!(work.peak());
            result
        };
        let mut result = one(false);
        result["end_only"] = one(true);
        out.insert(source.to_string(), result);
    }
    assert_eq!(out.len(), patterns.len(), "duplicate sources in corpus");
    let out_file = root.join(&out_path);
    if let Some(dir) = out_file.parent() {
        std::fs::create_dir_all(dir).expect("the output directory can be created");
    }
    let encoded = serde_json::to_string_pretty(&Value::Object(out)).expect("encodable");
    std::fs::write(out_file, encoded).expect("the output file is writable");
}

#[test]
fn huge_and_deep_inputs_skip_fast() {
    let start = Instant::now();
    for source in [
        format!("/{}/", "(".repeat(100_000)),
        format!("/{}/", ")".repeat(100_000)),
        format!("/{}/", "a".repeat(1 << 20)),
        format!("/{}/", "[".repeat(1 << 20)),
        format!("/{}a{}/u", "(?:".repeat(1000), ")".repeat(1000)),
        format!("/{}/", "(?:a{65535}){65535}".repeat(100)),
        format!("/^{}$/u", "\\d".repeat(2000)),
    ] {
        assert!(translate(&source).is_err(), "expected a skip");
    }
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "took {:?}",
        start.elapsed()
    );
}
