//! Provider profiles: a pass over the canonical schema that writes the schema
//! one consumer accepts as it is (option `profile`).
//!
//! - `mcp` (the default): the canonical schema, with the root of a tool input
//!   always a plain `"type": "object"` and type unions split ([`mcp`]), as the
//!   normalizer writes it: there is no pass.
//! - `openai` ([`openai`]), `anthropic` ([`anthropic`]), `gemini` ([`gemini`]),
//!   `gemini_json` ([`gemini_json`]): the whole schema is read back into
//!   [`Parts`] per node and written again.
//!
//! Every change is one of three kinds:
//! 1. exact rewrites (the accepted set stays the same, or only changes in ways
//!    Drupal does not see: a missing optional input is read as null);
//! 2. loosenings, each with a warning `profile_constraint_dropped` at the
//!    definition's path and the dropped constraint stated in the `description`,
//!    so the model still reads it and Drupal's validation still checks it;
//! 3. `profile_strict_impossible`: the provider's strict mode cannot state the
//!    schema (send that tool non-strict); the schema is then written as close
//!    to the canonical one as the profile allows.
//!
//! Size limits are checked and warned about (`profile_limit_exceeded`).
//! Warnings use the definition's path: `properties.<name>` and `items` map to
//! themselves, `anyOf`/`oneOf`/`allOf` wrappers are skipped.
//!
//! The pass is written once against [`Node`] (it reads the schema the
//! normalizer built: zvals in the extension, serde_json values in Rust) and
//! [`Build`]; `php/src/Normalize/Profile/` is its twin, byte for byte, one
//! class per module with the module's stem (`Parts.php`, `Pass.php`,
//! `Text.php`, one per provider; this module's own is `Profile.php`). The
//! model is [`Parts`] ([`parts`], with its reader), the pass over it [`Pass`]
//! ([`pass`]), the words of descriptions and warnings [`text`].

pub mod anthropic;
pub mod gemini;
pub mod gemini_json;
pub mod mcp;
pub mod openai;
pub mod parts;
pub mod pass;
pub mod provider;
pub mod text;

pub use super::vocab::Profile;
use crate::error::{Path, Warning};
use crate::sym::Sym;
use crate::view::{Build, Kind, Node};
pub use parts::{is_null_schema, null_wrapper, read, Parts};
pub use pass::Pass;
pub use text::{not_note, str_of};

pub const CONSTRAINT_DROPPED: &str = "profile_constraint_dropped";
pub const STRICT_IMPOSSIBLE: &str = "profile_strict_impossible";
pub const LIMIT_EXCEEDED: &str = "profile_limit_exceeded";

/// Applies `profile` to the canonical `schema`. `None`: the schema stays as it
/// is (`mcp`: the normalizer wrote it final).
pub fn apply<'v, N: Node<'v>, B: Build<'v, N>>(
    b: &mut B,
    schema: N,
    profile: Profile,
    warnings: &mut Vec<Warning>,
) -> Option<B::Val> {
    apply_counted(b, schema, profile, warnings).0
}

/// [`apply`], with the counts of the size limits (all zero for `mcp` and
/// `gemini`, which have none): `fit_budget` sums them over a tool list.
pub fn apply_counted<'v, N: Node<'v>, B: Build<'v, N>>(
    b: &mut B,
    schema: N,
    profile: Profile,
    warnings: &mut Vec<Warning>,
) -> (Option<B::Val>, Stats) {
    if profile == Profile::Mcp {
        // Written final by the normalizer.
        return (None, Stats::default());
    }
    let mut pass = Pass {
        b,
        profile,
        warnings,
        path: Path::default(),
        stats: Stats::default(),
        quiet: 0,
        node: std::marker::PhantomData,
    };
    let out = pass.node(schema, Place::Root);
    match profile {
        Profile::OpenAi => openai::limits(&mut pass),
        Profile::Anthropic => anthropic::limits(&mut pass),
        _ => {}
    }
    (Some(out), pass.stats)
}

// JSON types as bits.
pub const STRING: u8 = 1;
pub const INTEGER: u8 = 2;
pub const NUMBER: u8 = 4;
pub const BOOLEAN: u8 = 8;
pub const ARRAY: u8 = 16;
pub const OBJECT: u8 = 32;
pub const ALL: u8 = 63;

/// The types in the order branches are written.
pub const TYPES: [(u8, Sym); 6] = [
    (STRING, Sym::String),
    (INTEGER, Sym::Integer),
    (NUMBER, Sym::Number),
    (BOOLEAN, Sym::Boolean),
    (ARRAY, Sym::Array),
    (OBJECT, Sym::Object),
];

fn type_bit(name: &[u8]) -> Option<u8> {
    TYPES
        .iter()
        .find(|(_, s)| s.as_str().as_bytes() == name)
        .map(|(b, _)| *b)
}

/// The type name of the bit `bit` (`string` for anything else).
pub fn type_sym(bit: u8) -> Sym {
    TYPES
        .iter()
        .find(|(b, _)| *b == bit)
        .map_or(Sym::String, |(_, s)| *s)
}

/// The JSON types a value has (an integral float is also an integer).
pub fn value_types<'v, N: Node<'v>>(v: N) -> u8 {
    match v.kind() {
        Kind::Str(_) => STRING,
        Kind::Int(_) => INTEGER | NUMBER,
        Kind::Float(f) if f.fract() == 0.0 => INTEGER | NUMBER,
        Kind::Float(_) => NUMBER,
        Kind::Bool(_) => BOOLEAN,
        Kind::Array(a) if a.is_list() => ARRAY,
        Kind::Array(_) => OBJECT,
        Kind::Null | Kind::Other => 0,
    }
}

/// A key of the output: a well-known one, or one read from the schema.
#[derive(Clone, Copy, Debug)]
pub enum K<Q> {
    S(Sym),
    In(Q),
}

/// Where a node sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Root,
    /// The schema of a property that is not in its map's `required`.
    OptionalProperty,
    /// The schema of a required property.
    RequiredProperty,
    /// Anything else (list items, branches).
    Inner,
}

/// Counts for the size limits.
#[derive(Default, Debug)]
pub struct Stats {
    pub properties: usize,
    pub object_depth: usize,
    pub max_object_depth: usize,
    pub enum_values: usize,
    pub string_length: usize,
    /// Enums of more than 250 string values whose total length is over 15,000.
    pub long_enums: Vec<String>,
    pub optional_properties: usize,
    pub union_properties: usize,
}

/// What a node's validation keywords became, before annotations and null.
pub enum Body<'v, N: Node<'v>, V> {
    /// One type's keywords.
    Keys(Vec<(K<N::Key>, V)>),
    /// Alternatives (`anyOf`).
    Branches(Vec<V>),
    /// Only allowed values (Anthropic writes enums without `type`).
    Values(Vec<N>, bool),
    /// Only allowed integers (Anthropic's bounds written as an enum).
    Ints(Vec<i64>),
}
