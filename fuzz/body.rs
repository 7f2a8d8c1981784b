// The body of the fuzz target `core` (fuzz/fuzz_targets/core.rs), included
// as it is by the seeded-corpus test (tests/fuzz_corpus.rs). One input drives
// one entry point of the pure Rust core over the serde_json backend, chosen
// by its first byte, and checks what must always hold:
//
// 0  normalize: the rest is JSON, a definition or [definition, options];
//    the same call gives the same result twice.
// 1  coerce: the rest is JSON, [value, definition] or [value, definition,
//    options]; a coerced value coerces to itself (idempotence).
// 2  regex: the rest is a PCRE pattern (delimiters and modifiers); a
//    translation is a valid ECMA-262 pattern with the `u` flag.
// 3  JSON: the rest is a string given to coerce for a list and for a map
//    (B1's decoder), then decoded as json_decode would; idempotence again.
//
// Anything else the core does with hostile input must not panic: a panic is
// the failure libFuzzer reports.

/// Runs one fuzz input.
pub fn run(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    match mode % 4 {
        0 => fuzz_normalize(rest),
        1 => fuzz_coerce(rest),
        2 => fuzz_regex(rest),
        _ => fuzz_json(rest),
    }
}

fn fuzz_normalize(rest: &[u8]) {
    let Ok(v) = serde_json::from_slice::<serde_json::Value>(rest) else {
        return;
    };
    let (definition, options) = match &v {
        serde_json::Value::Array(a) if a.len() == 2 && a[0].is_object() => (&a[0], Some(&a[1])),
        _ => (&v, None),
    };
    let first = tool_schema::normalize_json(definition, options);
    let again = tool_schema::normalize_json(definition, options);
    assert_eq!(first, again, "normalize is deterministic");
}

/// Coerces, then coerces the output again: it must stay as it is.
fn coerce_twice(
    value: &serde_json::Value,
    definition: &serde_json::Value,
    options: &serde_json::Value,
) {
    let Ok(out) = tool_schema::coerce::coerce_json(value, definition, options) else {
        return;
    };
    let again = tool_schema::coerce::coerce_json(&out, definition, options)
        .expect("the definition was accepted once");
    assert_eq!(
        tool_schema::json::php_shape(&again),
        tool_schema::json::php_shape(&out),
        "coercing twice equals coercing once: value {value}, definition {definition}"
    );
}

fn fuzz_coerce(rest: &[u8]) {
    let Ok(serde_json::Value::Array(a)) = serde_json::from_slice::<serde_json::Value>(rest) else {
        return;
    };
    let null = serde_json::Value::Null;
    match a.as_slice() {
        [value, definition] => coerce_twice(value, definition, &null),
        [value, definition, options] => coerce_twice(value, definition, options),
        _ => {}
    }
}

fn fuzz_regex(rest: &[u8]) {
    let source = String::from_utf8_lossy(rest);
    if let Ok(p) = pcre2ecma::translate(&source) {
        assert!(
            regress::Regex::with_flags(&p, "u").is_ok(),
            "{source:?} translated to {p:?}, which is not a valid ECMA-262 pattern"
        );
    }
}

fn fuzz_json(rest: &[u8]) {
    let text = String::from_utf8_lossy(rest).into_owned();
    let value = serde_json::Value::String(text);
    for ty in ["list", "map"] {
        coerce_twice(
            &value,
            &serde_json::json!({ "type": ty }),
            &serde_json::Value::Null,
        );
        let def = serde_json::json!({ "type": ty, "items": {"type": "integer"}, "properties": {"a": {"type": "boolean"}, "0": {"type": "list"}} });
        coerce_twice(&value, &def, &serde_json::Value::Null);
    }
    let mut b = tool_schema::json::JsonBuilder;
    let _ = tool_schema::coerce::json_string::decode_json::<&serde_json::Value, _>(&mut b, rest);
}
