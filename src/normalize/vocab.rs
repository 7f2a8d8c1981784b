//! The words every part of `normalize` speaks: a number as written, the
//! consumer a schema is written for, the nesting limit, UTF-8. They live here,
//! below every rule and profile module, so that `normalize/` imports in one
//! direction (the rules and the profiles name them, this names nothing).

use std::cmp::Ordering;

/// A constraint that does not fit the input's type (Email on an integer,
/// Count on a float, `multiple` on a scalar): not stated, and Drupal still runs it.
pub const NOT_APPLICABLE: &str = "constraint_not_applicable";
/// A constraint Drupal checks that JSON Schema cannot state (site state,
/// other values): the schema accepts values it rejects.
pub const UNSTATED: &str = "constraint_unstated";

/// How deep definitions (and copied values) may nest.
pub const MAX_DEPTH: usize = 64;

/// A number as written: int or float.
#[derive(Clone, Copy, Debug)]
pub enum Num {
    Int(i64),
    Float(f64),
}

impl Num {
    pub fn as_f64(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        }
    }
}

/// The consumer a schema is written for (option `profile`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Profile {
    #[default]
    Mcp,
    OpenAi,
    Anthropic,
    Gemini,
    GeminiJson,
}

impl Profile {
    /// The option value.
    pub fn parse(s: &[u8]) -> Option<Profile> {
        match s {
            b"mcp" => Some(Profile::Mcp),
            b"openai" => Some(Profile::OpenAi),
            b"anthropic" => Some(Profile::Anthropic),
            b"gemini" => Some(Profile::Gemini),
            b"gemini_json" => Some(Profile::GeminiJson),
            _ => None,
        }
    }

    /// How warnings name the consumer.
    pub fn label(self) -> &'static str {
        match self {
            Profile::Mcp => "MCP",
            Profile::OpenAi => "OpenAI strict mode",
            Profile::Anthropic => "Anthropic strict tool use",
            Profile::Gemini => "Gemini",
            Profile::GeminiJson => "Gemini (parametersJsonSchema)",
        }
    }

    /// Whether the consumer has a strict mode (which a schema can be beyond:
    /// `profile_strict_impossible`).
    pub fn strict(self) -> bool {
        matches!(self, Profile::OpenAi | Profile::Anthropic)
    }
}

/// Two numbers in order: exactly when both are ints, as floats otherwise
/// (every bound helper compares this way).
pub fn cmp(a: Num, b: Num) -> Ordering {
    match (a, b) {
        (Num::Int(x), Num::Int(y)) => x.cmp(&y),
        _ => a
            .as_f64()
            .partial_cmp(&b.as_f64())
            .unwrap_or(Ordering::Equal),
    }
}

pub(crate) fn valid_utf8(b: &[u8]) -> bool {
    std::str::from_utf8(b).is_ok()
}
