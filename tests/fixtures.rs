//! Runs every case of every `tests/fixtures/*.json` file against the Rust core
//! (serde_json backend), each case as its own test named `<file>::<case>`:
//! `cargo test --no-default-features --test fixtures normalize_map::map_empty`
//! runs one, `... --test fixtures normalize_map::` one file. The PHPUnit suite
//! runs the same files against both PHP implementations;
//! `target/fixture-cases.txt` lists the case names found here so that suite
//! can check it saw the same ones.
//!
//! A file is `{"rule": ..., "cases": [...]}`. A case is either
//! - `"function": "normalize"`: `definition`, optional `options`, and either
//!   `schema` (+ `warnings`, `accept`, `reject`) or `error` (the exact message), or
//! - `"function": "coerce"`: `input`, `definition`, optional `options`, and either
//!   `output` (coercing it again must give it back: idempotence) or `error` (a
//!   part of the message).
//!
//! A case may name the PCRE2 versions it is for, `"pcre": ["10.42"]` (a
//! regex whose reading or tables differ by version); it runs only where the
//! running version's number is listed, and is reported as ignored elsewhere
//! (a case without `pcre` holds on every claimed version). The Rust core has
//! no PHP: the version is `TOOL_SCHEMA_PCRE_VERSION` when set (as
//! `pcre2ecma::pcre_version()` reads it), else 10.42; run the 10.46 cases with
//! `TOOL_SCHEMA_PCRE_VERSION=10.46 cargo test --no-default-features --test fixtures`.
//!
//! A case's failures are all collected and reported together. A file that
//! cannot be read or parsed is a failing test of its own (`<file>::(file)`).

// Gemini's OpenAPI `Schema` read as JSON Schema, for the `gemini` profile's cases.
#[allow(dead_code)]
#[path = "profiles/checker.rs"]
mod checker;

use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::{Map, Value};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Keys a case may have, per function (`note`/`comment` are free text).
const NORMALIZE_KEYS: &[&str] = &[
    "name",
    "function",
    "pcre",
    "definition",
    "options",
    "schema",
    "warnings",
    "accept",
    "reject",
    "error",
    "note",
    "comment",
];
const COERCE_KEYS: &[&str] = &[
    "name",
    "function",
    "input",
    "definition",
    "options",
    "output",
    "error",
    "note",
    "comment",
];

/// The failures of one case.
#[derive(Default)]
struct Run {
    failures: Vec<String>,
}

impl Run {
    fn fail(&mut self, message: impl AsRef<str>) {
        self.failures.push(message.as_ref().to_owned());
    }

    fn result(self) -> Result<(), Failed> {
        if self.failures.is_empty() {
            Ok(())
        } else {
            Err(self.failures.join("\n").into())
        }
    }
}

/// The fixture directory: `tests/fixtures`, or `$TOOL_SCHEMA_FIXTURES` (a scratch
/// directory of extra cases; the case list is then not written).
fn fixture_dir() -> (PathBuf, bool) {
    match std::env::var_os("TOOL_SCHEMA_FIXTURES") {
        Some(d) if !d.is_empty() => (PathBuf::from(d), false),
        _ => (
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures"),
            true,
        ),
    }
}

fn fixture_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort_by(|a, b| a.file_name().cmp(&b.file_name()));
    files
}

fn text(v: &Value) -> String {
    serde_json::to_string(v).expect("a serde_json::Value always serializes")
}

/// The cases of one fixture file.
fn load(path: &Path) -> Result<Vec<Value>, String> {
    let raw = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    let mut doc: Value = serde_json::from_str(&raw).map_err(|e| format!("invalid JSON: {e}"))?;
    match doc.get_mut("cases").map(Value::take) {
        Some(Value::Array(cases)) if !cases.is_empty() => Ok(cases),
        Some(Value::Array(_)) => Err("\"cases\" is empty".to_owned()),
        _ => Err("no \"cases\" list".to_owned()),
    }
}

fn main() {
    let args = Arguments::from_args();
    let (dir, default_dir) = fixture_dir();
    let mut trials = Vec::new();
    let mut names = BTreeSet::new();
    for path in fixture_files(&dir) {
        let stem = path
            .file_stem()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let cases = match load(&path) {
            Ok(cases) => cases,
            Err(message) => {
                trials.push(Trial::test(format!("{stem}::(file)"), move || {
                    Err(message.into())
                }));
                continue;
            }
        };
        for (index, case) in cases.into_iter().enumerate() {
            let name = match case.get("name").and_then(Value::as_str) {
                Some(n) if !n.is_empty() => n.to_owned(),
                _ => format!("#{index}"),
            };
            let unique = names.insert(name.clone());
            let elsewhere = !for_this_pcre(&case);
            trials.push(
                Trial::test(format!("{stem}::{name}"), move || {
                    let mut run = Run::default();
                    if !unique {
                        run.fail("duplicate case name (names must be unique across files)");
                    }
                    run_case(&mut run, &case);
                    run.result()
                })
                .with_ignored_flag(elsewhere),
            );
        }
    }
    if default_dir {
        let target = Path::new(env!("CARGO_MANIFEST_DIR")).join("target");
        let list: String = names.iter().map(|n| format!("{n}\n")).collect();
        if let Err(e) = std::fs::create_dir_all(&target)
            .and_then(|()| std::fs::write(target.join("fixture-cases.txt"), list))
        {
            let message = format!("cannot write target/fixture-cases.txt: {e}");
            trials.push(Trial::test("(fixture-cases.txt)", move || {
                Err(message.into())
            }));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}

/// Whether the case is for the PCRE2 version the core translates for (no
/// `pcre` key: every version; a malformed one runs, and fails in `run_case`).
fn for_this_pcre(case: &Value) -> bool {
    let Some(list) = case.get("pcre").and_then(Value::as_array) else {
        return true;
    };
    let running = pcre2ecma::pcre_version();
    let number = running.split(' ').next().unwrap_or("");
    list.iter().any(|v| v.as_str() == Some(number))
}

fn run_case(run: &mut Run, case: &Value) {
    let Some(case) = case.as_object() else {
        run.fail("a case must be an object");
        return;
    };
    match case.get("name").and_then(Value::as_str) {
        Some(n) if !n.is_empty() => {}
        _ => run.fail("a case needs a non-empty \"name\""),
    }
    let function = case.get("function").and_then(Value::as_str).unwrap_or("");
    let known = match function {
        "normalize" => NORMALIZE_KEYS,
        "coerce" => COERCE_KEYS,
        other => {
            run.fail(format!("unknown function {other:?}"));
            return;
        }
    };
    for key in case.keys() {
        if !known.contains(&key.as_str()) {
            run.fail(format!("unknown key {key:?} in a {function} case"));
        }
    }
    if let Some(list) = case.get("pcre") {
        let ok = list.as_array().is_some_and(|l| {
            !l.is_empty()
                && l.iter()
                    .all(|v| matches!(v.as_str(), Some("10.42" | "10.46")))
        });
        if !ok {
            run.fail("\"pcre\" must be a non-empty list of claimed PCRE2 versions (\"10.42\", \"10.46\")");
        }
    }
    if function == "normalize" {
        normalize_case(run, case);
    } else {
        coerce_case(run, case);
    }
}

fn normalize_case(run: &mut Run, case: &Map<String, Value>) {
    let Some(definition) = case.get("definition") else {
        run.fail("no \"definition\"");
        return;
    };
    let options = case.get("options");
    let result = tool_schema::normalize_json(definition, options);
    match (case.get("schema"), case.get("error")) {
        (Some(_), Some(_)) => run.fail("has both \"schema\" and \"error\""),
        (None, None) => run.fail("has neither \"schema\" nor \"error\""),
        (None, Some(expected)) => {
            for key in ["warnings", "accept", "reject"] {
                if case.contains_key(key) {
                    run.fail(format!("an error case cannot have {key:?}"));
                }
            }
            let Some(expected) = expected.as_str() else {
                run.fail("\"error\" must be a string");
                return;
            };
            match result {
                Ok((schema, _)) => run.fail(format!(
                    "expected error {expected:?}, got schema {}",
                    text(&schema)
                )),
                Err(e) if e.to_string() == expected => {}
                Err(e) => run.fail(format!(
                    "expected error {expected:?}, got {:?}",
                    e.to_string()
                )),
            }
        }
        (Some(expected), None) => {
            match result {
                Err(e) => run.fail(format!("expected a schema, got error {:?}", e.to_string())),
                Ok((schema, warnings)) => {
                    let (want, got) = (text(expected), text(&schema));
                    if want != got {
                        run.fail(format!("schema differs\n{}", diff(&want, &got)));
                    }
                    let got: Vec<Value> = warnings
                        .iter()
                        .map(|w| {
                            serde_json::json!({"code": w.code, "path": w.path, "message": w.message})
                        })
                        .collect();
                    let want = case
                        .get("warnings")
                        .cloned()
                        .unwrap_or_else(|| Value::Array(Vec::new()));
                    let got = Value::Array(got);
                    if text(&want) != text(&got) {
                        run.fail(format!(
                            "warnings differ\n    expected: {}\n    actual:   {}",
                            text(&want),
                            text(&got)
                        ));
                    }
                }
            }
            check_schema(run, case, definition, expected);
        }
    }
}

/// The expected schema is valid 2020-12, and validates what it should.
fn check_schema(run: &mut Run, case: &Map<String, Value>, definition: &Value, schema: &Value) {
    let gemini = case.get("options").and_then(|o| o.get("profile")) == Some(&Value::from("gemini"));
    let converted;
    let schema = if gemini {
        converted = checker::gemini_to_json_schema(schema);
        &converted
    } else {
        schema
    };
    let validator = match jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .should_validate_formats(true)
        .with_keyword("pattern", ecma_pattern)
        .build(schema)
    {
        Ok(v) => v,
        Err(e) => {
            run.fail(format!("expected schema does not compile: {e}"));
            return;
        }
    };
    let must = |run: &mut Run, what: &str, value: &Value, valid: bool| {
        if validator.is_valid(value) != valid {
            let verb = if valid { "should" } else { "should not" };
            run.fail(format!("{what} {} {verb} validate", text(value)));
        }
    };
    if let Some(examples) = definition.get("examples").and_then(Value::as_array) {
        for e in examples {
            must(run, "example", e, true);
        }
    }
    if let Some(d) = definition.get("default").filter(|d| !d.is_null()) {
        must(run, "default", d, true);
    }
    // An optional input accepts null, except at the root of a tool input: a
    // map there is always a plain object (the profiles' general fix).
    let optional = definition.get("required") == Some(&Value::Bool(false));
    let root_object = schema.get("type") == Some(&Value::from("object"));
    must(run, "null", &Value::Null, optional && !root_object);
    for (key, valid) in [("accept", true), ("reject", false)] {
        match case.get(key) {
            None => {}
            Some(Value::Array(values)) => {
                for v in values {
                    must(run, key, v, valid);
                }
            }
            Some(_) => run.fail(format!("{key:?} must be a list")),
        }
    }
}

fn coerce_case(run: &mut Run, case: &Map<String, Value>) {
    let (Some(input), Some(definition)) = (case.get("input"), case.get("definition")) else {
        run.fail("a coerce case needs \"input\" and \"definition\"");
        return;
    };
    let empty = Value::Object(Map::new());
    let options = case.get("options").unwrap_or(&empty);
    let result = tool_schema::coerce::coerce_json(input, definition, options);
    match (case.get("output"), case.get("error")) {
        (Some(_), Some(_)) => run.fail("has both \"output\" and \"error\""),
        (None, None) => run.fail("has neither \"output\" nor \"error\""),
        (Some(expected), None) => match result {
            // `===`: the text tells int from float and keeps key order.
            Ok(out) if text(&out) == text(expected) => {
                match tool_schema::coerce::coerce_json(&out, definition, options) {
                    Ok(again) if text(&again) == text(&out) => {}
                    Ok(again) => run.fail(format!(
                        "coercing twice differs from coercing once: {}",
                        text(&again)
                    )),
                    Err(e) => run.fail(format!(
                        "coercing the output again: error {:?}",
                        e.to_string()
                    )),
                }
            }
            Ok(out) => run.fail(format!(
                "output differs\n{}",
                diff(&text(expected), &text(&out))
            )),
            Err(e) => run.fail(format!(
                "expected output {}, got error {:?}",
                text(expected),
                e.to_string()
            )),
        },
        (None, Some(expected)) => {
            let Some(expected) = expected.as_str() else {
                run.fail("\"error\" must be a string");
                return;
            };
            match result {
                Ok(out) => run.fail(format!(
                    "expected error containing {expected:?}, got {}",
                    text(&out)
                )),
                Err(e) if e.to_string().contains(expected) => {}
                Err(e) => run.fail(format!(
                    "expected error containing {expected:?}, got {:?}",
                    e.to_string()
                )),
            }
        }
    }
}

/// Both texts, or for long ones the first difference with some context.
fn diff(want: &str, got: &str) -> String {
    const CONTEXT: usize = 80;
    if want.len() + got.len() <= 1000 {
        return format!("    expected: {want}\n    actual:   {got}");
    }
    let at = want
        .char_indices()
        .zip(got.chars())
        .find(|((_, a), b)| a != b)
        .map_or(want.len().min(got.len()), |((i, _), _)| i);
    let window = |s: &str| {
        let mut from = at.saturating_sub(CONTEXT);
        while !s.is_char_boundary(from) {
            from -= 1;
        }
        let mut to = (at + CONTEXT).min(s.len());
        while !s.is_char_boundary(to) {
            to += 1;
        }
        format!("...{}...", &s[from..to])
    };
    format!(
        "    first difference at byte {at}\n    expected: {}\n    actual:   {}",
        window(want),
        window(got)
    )
}

/// `pattern` with ECMA-262 semantics (`new RegExp(p, 'u')`, not anchored), as
/// JSON Schema says: the jsonschema crate's own `pattern` uses Rust regex
/// semantics, where `\d` and `\w` are Unicode-aware.
struct EcmaPattern(regress::Regex);

impl jsonschema::Keyword for EcmaPattern {
    fn validate<'i>(
        &self,
        instance: &'i Value,
        location: &jsonschema::paths::LazyLocation,
    ) -> Result<(), jsonschema::ValidationError<'i>> {
        if self.is_valid(instance) {
            Ok(())
        } else {
            Err(jsonschema::ValidationError::custom(
                jsonschema::paths::Location::new(),
                location.into(),
                instance,
                "does not match pattern",
            ))
        }
    }

    fn is_valid(&self, instance: &Value) -> bool {
        match instance {
            Value::String(s) => self.0.find(s).is_some(),
            _ => true,
        }
    }
}

// The signature is the one jsonschema asks of a keyword factory.
#[allow(clippy::result_large_err)]
fn ecma_pattern<'a>(
    _parent: &'a Map<String, Value>,
    value: &'a Value,
    location: jsonschema::paths::Location,
) -> Result<Box<dyn jsonschema::Keyword>, jsonschema::ValidationError<'a>> {
    let compiled = value
        .as_str()
        .and_then(|p| regress::Regex::with_flags(&numbered_backrefs(p), "u").ok());
    match compiled {
        Some(re) => Ok(Box::new(EcmaPattern(re))),
        None => Err(jsonschema::ValidationError::custom(
            jsonschema::paths::Location::new(),
            location,
            value,
            "pattern is not a valid ECMA-262 regex with the u flag",
        )),
    }
}

/// regress 0.10 indexes `\k<name>` backreferences one group too far (an
/// out-of-bounds panic); numbered ones work. Rewrites `(?<name>...)` to `(...)`
/// and `\k<name>` to `\N`, which means the same in ECMA-262.
fn numbered_backrefs(p: &str) -> String {
    let chars: Vec<char> = p.chars().collect();
    let mut names: Vec<String> = Vec::new();
    let mut out = String::new();
    let (mut i, mut class, mut group) = (0, false, 0usize);
    let name_at = |start: usize| -> Option<(String, usize)> {
        let end = chars[start..].iter().position(|&c| c == '>')? + start;
        Some((chars[start..end].iter().collect(), end + 1))
    };
    while i < chars.len() {
        let c = chars[i];
        if c == '\\' && i + 1 < chars.len() {
            if !class && chars[i + 1] == 'k' && chars.get(i + 2) == Some(&'<') {
                if let Some((name, next)) = name_at(i + 3) {
                    if let Some(n) = names.iter().position(|x| *x == name) {
                        out.push_str(&format!("(?:\\{})", n + 1));
                        i = next;
                        continue;
                    }
                }
            }
            out.push(c);
            out.push(chars[i + 1]);
            i += 2;
            continue;
        }
        match c {
            '[' => class = true,
            ']' => class = false,
            '(' if !class => {
                if chars.get(i + 1) != Some(&'?') {
                    group += 1;
                    names.push(String::new());
                } else if chars.get(i + 2) == Some(&'<')
                    && !matches!(chars.get(i + 3), Some('=') | Some('!'))
                {
                    if let Some((name, next)) = name_at(i + 3) {
                        group += 1;
                        names.push(name);
                        out.push('(');
                        i = next;
                        continue;
                    }
                }
            }
            _ => {}
        }
        out.push(c);
        i += 1;
    }
    debug_assert_eq!(group, names.len());
    out
}
