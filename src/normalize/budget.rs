//! `fit_budget`: the schemas of a whole tool list for one request, within the
//! provider's per-request limits of strict mode.
//!
//! A tool list is `tool name => input definition`. Each tool is normalized
//! with the profile (as `normalize_schema()` does); a tool stays strict when
//! its schema can be strict on its own (no `profile_strict_impossible`, no
//! `profile_limit_exceeded`) and its counts, added to those of the strict
//! tools before it, stay within every per-request limit. The rule is
//! first-fit in list order: the tools are taken in the order given, each one
//! that fits is kept strict and counted, each one that does not is sent
//! without strict mode (the `mcp` profile's schema: the canonical one, nothing
//! dropped) with one warning `profile_budget_exceeded` at the tool's name that
//! names every limit it would break; the tools after it are still tried.
//!
//! The per-request limits (summed over the strict tools):
//! - `anthropic`: 20 strict tools, 24 optional parameters, 16 parameters with
//!   union types ("JSON Schema limitations" of strict tool use);
//! - `openai`: 5,000 object properties, 1,000 enum values, 120,000
//!   characters of property names and enum and const values. OpenAI's guide
//!   states them per schema; the request's strict tools are counted together,
//!   the reading that can never be refused. Nesting (10 levels) and one long
//!   enum are a property of one schema: a tool over them is
//!   `profile_limit_exceeded` on its own.
//!
//! `mcp`, `gemini` and `gemini_json` have no strict mode: every tool is
//! `strict: false`, with the profile's schema, and nothing is counted.
//!
//! Warnings of each tool carry its name in front of their path
//! (`<tool>.properties.x`; `<tool>` for the tool's root); a malformed
//! definition is a `DefinitionError` at the tool's name whose message is the
//! error `normalize_schema()` gives (`node_create: properties.x.type: ...`).

use super::options::Options;
use super::profile::{Limit, Profile, Stats, LIMIT_EXCEEDED, STRICT_IMPOSSIBLE};
use crate::error::{push_key, DefinitionError, Warning};
use crate::sym::Sym;
use crate::view::{Build, Key, KeyRef, Kind, Node};

pub const BUDGET_EXCEEDED: &str = "profile_budget_exceeded";

/// What one tool's normalization gives: its schema, counts and warnings,
/// and, when asked for, its `input_examples` ([`super::input_examples`]).
pub struct Normalized<V> {
    pub schema: V,
    pub stats: Stats,
    pub warnings: Vec<Warning>,
    pub examples: Option<V>,
}

/// The tool name as paths spell it.
fn tool_path(key: KeyRef<'_>) -> String {
    let mut s = String::new();
    push_key(&mut s, key);
    s
}

fn prefixed(tool: &str, path: &str) -> String {
    if path.is_empty() {
        tool.to_owned()
    } else {
        format!("{tool}.{path}")
    }
}

/// Fits `tools` (name => definition) into the per-request budget of the
/// profile in `options`. `normalize` normalizes one definition with the
/// options given (the backend's `normalize_schema()`), and, when its flag is
/// set, the tool's `input_examples` for the schema it returns. Returns
/// `name => {"schema": ..., "strict": bool}` in the order of `tools`, with
/// `"input_examples": [...]` after them for the `anthropic` profile when the
/// tool has examples that validate against the schema it is sent with.
pub fn fit<'a, N: Node<'a>, B: Build<'a, N>>(
    b: &mut B,
    tools: N,
    options: Option<N>,
    warnings: &mut Vec<Warning>,
    mut normalize: impl FnMut(N, Options, bool) -> Result<Normalized<B::Val>, DefinitionError>,
) -> Result<B::Val, DefinitionError> {
    let options = match options {
        Some(o) => Options::read(o)?,
        None => Options::default(),
    };
    let profile = options.profile;
    let fallback = Options {
        profile: Profile::Mcp,
        ..options
    };
    let limits = profile.id().budget;
    let examples = profile.id().input_examples;
    let mut used = vec![0usize; limits.len()];
    let mut out = b.arr_for(tools.len());
    tools.try_each(|key, def| {
        let tool = tool_path(key.get());
        // The tool's name, then the error as `normalize_schema()` gives it.
        let renamed = |e: DefinitionError| DefinitionError {
            path: tool.clone(),
            message: e.to_string(),
        };
        if !matches!(def.kind(), Kind::Array(_)) {
            return Err(DefinitionError {
                path: tool.clone(),
                message: "the definition must be an array".to_owned(),
            });
        }
        let first = normalize(def, options, examples).map_err(renamed)?;
        let mut strict = false;
        let mut reasons = Vec::new();
        let chosen = if limits.is_empty() {
            first
        } else if first
            .warnings
            .iter()
            .any(|w| w.code == STRICT_IMPOSSIBLE || w.code == LIMIT_EXCEEDED)
        {
            // Not strict on its own: its reasons, then the canonical schema.
            reasons.extend(
                first
                    .warnings
                    .into_iter()
                    .filter(|w| w.code == STRICT_IMPOSSIBLE || w.code == LIMIT_EXCEEDED),
            );
            normalize(def, fallback, examples).map_err(renamed)?
        } else if let Some(reason) = charge(profile, limits, &mut used, &first.stats) {
            reasons.push(reason);
            normalize(def, fallback, examples).map_err(renamed)?
        } else {
            strict = true;
            first
        };
        for w in chosen.warnings.into_iter().chain(reasons) {
            warnings.push(Warning {
                code: w.code,
                path: prefixed(&tool, &w.path),
                message: w.message,
            });
        }
        let mut entry = b.obj();
        b.put(&mut entry, Sym::Schema, chosen.schema);
        let s = b.bool(strict);
        b.put(&mut entry, Sym::Strict, s);
        if let Some(e) = chosen.examples {
            b.put(&mut entry, Sym::InputExamples, e);
        }
        let entry = b.end_obj(entry);
        b.put_arr_key(&mut out, key, entry);
        Ok(())
    })?;
    Ok(b.end_arr(out))
}

/// Charges a tool that can be strict on its own to the request: when its
/// counts, added to those of the strict tools before it (`used`), stay within
/// every limit, adds them and returns `None`; otherwise returns the
/// `profile_budget_exceeded` warning naming every limit it would pass, and
/// `used` stays as it was.
fn charge(
    profile: Profile,
    limits: &[Limit],
    used: &mut [usize],
    stats: &Stats,
) -> Option<Warning> {
    let mut over = Vec::new();
    for (i, l) in limits.iter().enumerate() {
        let n = (l.count)(stats);
        if used[i] + n > l.max {
            over.push(format!(
                "at most {} {} per request (the strict tools before this one: {}, this one: {})",
                l.max, l.what, used[i], n
            ));
        }
    }
    if !over.is_empty() {
        return Some(Warning {
            code: BUDGET_EXCEEDED,
            path: String::new(),
            message: format!(
                "{} allows {}: this tool is sent without strict mode",
                profile.label(),
                over.join("; ")
            ),
        });
    }
    for (i, l) in limits.iter().enumerate() {
        used[i] += (l.count)(stats);
    }
    None
}
