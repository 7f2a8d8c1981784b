//! Provider profiles: the writers of the schema one consumer accepts as it is
//! (option `profile`).
//!
//! - `mcp` (the default): the canonical schema, with the root of a tool input
//!   always a plain `"type": "object"` and type unions split ([`mcp`]), as the
//!   normalizer writes it, node by node: there is no pass.
//! - `openai` ([`openai`]), `anthropic` ([`anthropic`]), `gemini` ([`gemini`]),
//!   `gemini_json` ([`gemini_json`]): the normalizer fills the model of each
//!   node ([`Schema`], `normalize::fill`), and the pass ([`Pass`]) writes the
//!   model for the provider. Nothing the library wrote is read again; a base
//!   schema (foreign JSON Schema) is read into the same model ([`reader`], the
//!   one place a schema is read).
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
//! The pass is written once against [`SchemaNode`] (a node that may carry its
//! model: the normalizer's values, `normalize::val`) and [`Build`];
//! `php/src/Normalize/Profile/` is its twin, byte for byte, one class per
//! module with the module's stem (`Reader.php`, `Pass.php`, `Text.php`, one
//! per provider; this module's own is `Profile.php`; the model is
//! `php/src/Model/Schema.php`). The pass over the model is [`Pass`]
//! ([`pass`]), the skeleton every provider fills [`Provider`] ([`provider`]),
//! the words of descriptions and warnings [`text`].

pub mod anthropic;
pub mod gemini;
pub mod gemini_json;
pub mod mcp;
pub mod openai;
pub mod pass;
pub mod provider;
pub mod reader;
pub mod text;

use crate::error::{Path, Warning};
pub use crate::model::schema::is_null_schema;
pub use crate::model::schema::{
    type_bit, type_sym, value_types, Schema, SchemaNode, ALL, ARRAY, BOOLEAN, INTEGER, K, NUMBER,
    OBJECT, STRING, TYPES,
};
use crate::view::{Build, Node};
pub use pass::Pass;
pub use provider::Provider;
pub use reader::{null_wrapper, read};
pub use text::{not_note, str_of};

/// The providers, each named once: its profile (the variant of [`Profile`]),
/// its module, and the writer of the model its pass uses ([`Provider`]).
/// `mcp`, the default, is written by the normalizer: it has no writer here.
macro_rules! providers {
    ($($variant:ident => $module:ident :: $writer:ident,)*) => {
        /// The consumer a schema is written for (option `profile`): one per
        /// provider module, each of which says who it is in its [`Id`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
        pub enum Profile {
            #[default]
            Mcp,
            $($variant,)*
        }

        impl Profile {
            pub const ALL: &'static [Profile] = &[Profile::Mcp, $(Profile::$variant,)*];

            /// Who the provider is.
            pub fn id(self) -> &'static Id {
                match self {
                    Profile::Mcp => &mcp::ID,
                    $(Profile::$variant => &$module::ID,)*
                }
            }
        }

        impl<'v, N: SchemaNode<'v>, B: Build<'v, N>> Pass<'_, 'v, N, B> {
            /// Writes the schema `s` found at the current path, for the
            /// pass's provider.
            pub fn node(&mut self, s: N, place: Place) -> B::Val {
                match self.profile {
                    $(Profile::$variant => self.node_for::<$module::$writer>(s, place),)*
                    Profile::Mcp => unreachable!("the normalizer writes mcp"),
                }
            }
        }
    };
}

// A new provider: its module above, and its line here.
providers! {
    OpenAi => openai::OpenAi,
    Anthropic => anthropic::Anthropic,
    Gemini => gemini::Gemini,
    GeminiJson => gemini_json::GeminiJson,
}

impl Profile {
    /// The option value.
    pub fn parse(s: &[u8]) -> Option<Profile> {
        Profile::ALL
            .iter()
            .copied()
            .find(|p| p.id().name.as_bytes() == s)
    }

    /// How warnings name the consumer.
    pub fn label(self) -> &'static str {
        self.id().label
    }

    /// Whether the consumer has a strict mode (which a schema can be beyond:
    /// `profile_strict_impossible`).
    pub fn strict(self) -> bool {
        self.id().strict
    }
}

/// Who one provider is: its option value, how warnings name it, its strict
/// mode and the limits of that mode.
pub struct Id {
    pub name: &'static str,
    pub label: &'static str,
    pub strict: bool,
    /// The size limits of one schema: a message for each one `stats` passes.
    pub limits: fn(&Stats) -> Vec<String>,
    /// The per-request limits `fit_budget` sums over the strict tools.
    pub budget: &'static [Limit],
    /// `fit_budget` gives each tool its `input_examples`.
    pub input_examples: bool,
}

/// No size limits.
pub fn no_limits(_: &Stats) -> Vec<String> {
    Vec::new()
}

/// One per-request limit: what it counts, its maximum, how a message names it.
pub struct Limit {
    pub count: fn(&Stats) -> usize,
    pub max: usize,
    pub what: &'static str,
}

pub const fn limit(count: fn(&Stats) -> usize, max: usize, what: &'static str) -> Limit {
    Limit { count, max, what }
}

pub const CONSTRAINT_DROPPED: &str = "profile_constraint_dropped";
pub const STRICT_IMPOSSIBLE: &str = "profile_strict_impossible";
pub const LIMIT_EXCEEDED: &str = "profile_limit_exceeded";

/// Writes the model `schema` (the normalizer's root) for `profile`, with the
/// counts of the size limits: `fit_budget` sums them over a tool list.
pub fn apply_counted<'v, N: SchemaNode<'v>, B: Build<'v, N>>(
    b: &mut B,
    schema: N,
    profile: Profile,
    warnings: &mut Vec<Warning>,
) -> (B::Val, Stats) {
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
    for message in (profile.id().limits)(&pass.stats) {
        pass.warn(LIMIT_EXCEEDED, message);
    }
    (out, pass.stats)
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
