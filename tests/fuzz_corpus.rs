//! The body of the fuzz target (fuzz/body.rs) over a seeded corpus, on every
//! `cargo test`, on the stable toolchain: the seeds are every fixture case
//! (normalize definitions, coerce inputs, JSON strings) and every pattern of
//! the regex corpus, and each is also run after seeded random edits (bytes
//! flipped, inserted, deleted; pieces of other seeds spliced in; JSON tokens
//! that break or nest). The coverage-guided runs are `cargo fuzz` (stage
//! scripts/test.d/65-fuzz.sh, long runs: fuzz/README.md).
//!
//! Environment: `TOOL_SCHEMA_FUZZ_SEED` (default 20261201),
//! `TOOL_SCHEMA_FUZZ_EDITS` (edits per seed, default 32),
//! `TOOL_SCHEMA_FUZZ_SEEDS` (a directory: write the seeds there, one file
//! each, as the starting corpus of `cargo fuzz`).

use serde_json::Value;
use std::path::Path;

mod body {
    include!("../fuzz/body.rs");
}

#[path = "common/rng.rs"]
#[allow(dead_code)]
mod rng;
use rng::Rng;

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// One input per entry point and fixture case or corpus pattern.
fn seeds() -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut seeds = Vec::new();
    let mut with = |mode: u8, bytes: &[u8]| {
        let mut s = vec![mode];
        s.extend_from_slice(bytes);
        seeds.push(s);
    };
    let mut files: Vec<_> = std::fs::read_dir(root.join("tests/fixtures"))
        .expect("tests/fixtures")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a fixture file");
        let doc: Value = serde_json::from_str(&text).expect("fixture JSON");
        for case in doc["cases"].as_array().into_iter().flatten() {
            let def = &case["definition"];
            if case["function"] == "normalize" {
                let v = match case.get("options") {
                    Some(o) => serde_json::json!([def, o]),
                    None => def.clone(),
                };
                with(0, v.to_string().as_bytes());
            } else {
                let input = &case["input"];
                with(1, serde_json::json!([input, def]).to_string().as_bytes());
                if let Some(s) = input.as_str() {
                    with(3, s.as_bytes());
                }
            }
        }
    }
    let corpus: Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("pcre2ecma/tests/regex/corpus.json"))
            .expect("the regex corpus"),
    )
    .expect("corpus.json");
    for p in corpus["patterns"].as_array().into_iter().flatten() {
        if let Some(source) = p["source"].as_str() {
            with(2, source.as_bytes());
        }
    }
    seeds
}

const TOKENS: &[&[u8]] = &[
    b"[",
    b"]",
    b"{",
    b"}",
    b",",
    b":",
    b"\"",
    b"\\",
    b"\\u",
    b"\\ud800",
    b"0",
    b"-0",
    b"1e400",
    b"9223372036854775808",
    b"null",
    b"true",
    b" ",
    b"\xff",
    b"\x00",
    b"\"type\"",
    b"\"list\"",
    b"\"map\"",
    b"\"items\"",
    b"\"properties\"",
    b"\"required\":false",
    b"\"constraints\"",
    b"\"Choice\"",
    b"\"Regex\"",
    b"(?",
    b"(",
    b")",
    b"*",
    b"+",
    b"{2,",
    b"\\p{L}",
    b"/",
];

/// A random edit of `s` (with a piece of `other` sometimes).
fn mutate(r: &mut Rng, s: &[u8], other: &[u8]) -> Vec<u8> {
    let mut out = s.to_vec();
    for _ in 0..1 + r.below(3) {
        let at = 1 + r.below(out.len().max(1));
        let at = at.min(out.len());
        match r.below(5) {
            0 if at < out.len() => out[at] ^= 1 << r.below(8),
            1 if at < out.len() => {
                out.remove(at);
            }
            2 => {
                let t = TOKENS[r.below(TOKENS.len())];
                out.splice(at..at, t.iter().copied());
            }
            3 if !other.is_empty() => {
                let from = r.below(other.len());
                let len = r.below(64).min(other.len() - from);
                out.splice(at..at, other[from..from + len].iter().copied());
            }
            _ => {
                // Nest: wrap the rest in brackets.
                out.splice(at..at, b"[".iter().copied());
                out.push(b']');
            }
        }
    }
    out
}

#[test]
fn fuzz_body_over_the_seeded_corpus() {
    let seeds = seeds();
    assert!(seeds.len() > 1000, "{} seeds", seeds.len());
    if let Some(dir) = std::env::var_os("TOOL_SCHEMA_FUZZ_SEEDS") {
        std::fs::create_dir_all(&dir).expect("the seed directory");
        for (i, s) in seeds.iter().enumerate() {
            std::fs::write(Path::new(&dir).join(format!("seed-{i:05}")), s).expect("a seed file");
        }
    }
    let seed = env_or("TOOL_SCHEMA_FUZZ_SEED", 20261201);
    let edits = env_or("TOOL_SCHEMA_FUZZ_EDITS", 32);
    let mut r = Rng(seed);
    let mut runs = 0u64;
    for (i, s) in seeds.iter().enumerate() {
        body::run(s);
        runs += 1;
        for _ in 0..edits {
            let other = &seeds[r.below(seeds.len())];
            let m = mutate(&mut r, s, &other[1..]);
            let shown = String::from_utf8_lossy(&m).into_owned();
            let result = std::panic::catch_unwind(|| body::run(&m));
            assert!(
                result.is_ok(),
                "seed {seed}, input {i}: mode {} {:?}",
                m[0],
                shown
            );
            runs += 1;
        }
    }
    eprintln!("fuzz body: {runs} inputs (seed {seed}, {edits} edits per seed input)");
}
