//! The cargo-fuzz target for the pure Rust core: normalize, coerce, the
//! PCRE translator and B1's JSON decoder, over the serde_json backend. The
//! body is `fuzz/body.rs`, also run over a seeded corpus by
//! `tests/fuzz_corpus.rs` (every `cargo test`).
#![no_main]

use libfuzzer_sys::fuzz_target;

include!("../body.rs");

fuzz_target!(|data: &[u8]| run(data));
