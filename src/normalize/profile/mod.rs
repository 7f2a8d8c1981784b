//! Provider profiles: a pass over the canonical schema that writes the schema
//! one consumer accepts as it is (option `profile`).
//!
//! - `mcp` (the default): the canonical schema, with the root of a tool input
//!   always a plain `"type": "object"` ([`mcp`]). Nothing else is read: the
//!   pass looks at the root's `type` and returns.
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
//! [`Build`]; `php/src/Normalize/Profile/` is its twin, byte for byte.

pub mod anthropic;
pub mod gemini;
pub mod gemini_json;
pub mod mcp;
pub mod openai;
pub mod text;

use super::facets::Num;
use crate::error::{Path, Seg, Warning};
use crate::sym::Sym;
use crate::view::{Build, Key, KeyRef, Kind, Node};
use std::cmp::Ordering;

pub const CONSTRAINT_DROPPED: &str = "profile_constraint_dropped";
pub const STRICT_IMPOSSIBLE: &str = "profile_strict_impossible";
pub const LIMIT_EXCEEDED: &str = "profile_limit_exceeded";

/// The consumer a schema is written for.
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
}

/// Applies `profile` to the canonical `schema`. `None`: the schema stays as it
/// is. `unions`: where the normalizer may have written a `type` union (`mcp`
/// reads no further than the root and these places).
pub fn apply<'v, N: Node<'v>, B: Build<'v, N>>(
    b: &mut B,
    schema: N,
    profile: Profile,
    unions: &[Site],
    warnings: &mut Vec<Warning>,
) -> Option<B::Val> {
    apply_counted(b, schema, profile, unions, warnings).0
}

/// [`apply`], with the counts of the size limits (all zero for `mcp` and
/// `gemini`, which have none): `fit_budget` sums them over a tool list.
pub fn apply_counted<'v, N: Node<'v>, B: Build<'v, N>>(
    b: &mut B,
    schema: N,
    profile: Profile,
    unions: &[Site],
    warnings: &mut Vec<Warning>,
) -> (Option<B::Val>, Stats) {
    if profile == Profile::Mcp {
        return (mcp::apply(b, schema, unions), Stats::default());
    }
    let mut pass = Pass {
        b,
        profile,
        warnings,
        path: Path::default(),
        stats: Stats::default(),
        quiet: 0,
    };
    let out = pass.node(schema, Place::Root);
    match profile {
        Profile::OpenAi => openai::limits(&mut pass),
        Profile::Anthropic => anthropic::limits(&mut pass),
        _ => {}
    }
    (Some(out), pass.stats)
}

/// One step of a definition path, owned: into `items`, or into a property.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Items,
    Prop(OwnedKey),
}

/// A property name, owned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OwnedKey {
    Int(i64),
    Str(Vec<u8>),
}

impl OwnedKey {
    pub fn is(&self, k: KeyRef<'_>) -> bool {
        match (self, k) {
            (OwnedKey::Int(a), KeyRef::Int(b)) => *a == b,
            (OwnedKey::Str(a), KeyRef::Str(b)) => a == b,
            _ => false,
        }
    }
}

/// A definition's place in the schema (`properties.<name>` and `items` steps
/// from the root), where the normalizer wrote something a profile rewrites.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Site(pub Vec<Step>);

impl Site {
    /// The site of the definition at `path`.
    pub fn of(path: &Path<'_>) -> Site {
        let mut steps = Vec::new();
        let segs = path.segs();
        let mut i = 0;
        while i < segs.len() {
            match (segs[i], segs.get(i + 1)) {
                (Seg::Sym(Sym::Properties), Some(Seg::Key(k))) => {
                    steps.push(Step::Prop(match *k {
                        KeyRef::Int(n) => OwnedKey::Int(n),
                        KeyRef::Str(s) => OwnedKey::Str(s.to_vec()),
                    }));
                    i += 2;
                }
                (Seg::Sym(Sym::Items), _) => {
                    steps.push(Step::Items);
                    i += 1;
                }
                _ => i += 1,
            }
        }
        Site(steps)
    }
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

/// One schema object, read into its parts.
pub struct Parts<'v, N: Node<'v>> {
    pub title: Option<N>,
    pub description: Option<N>,
    pub default: Option<N>,
    pub examples: Option<N>,
    /// Null is accepted (besides what the other parts accept).
    pub nullable: bool,
    /// The non-null types (`ALL` when there is no `type`).
    pub types: u8,
    /// `format`s: the node's own first, then those of `allOf` entries.
    pub formats: Vec<N>,
    pub patterns: Vec<N>,
    pub nots: Vec<N>,
    /// The allowed values (`enum`/`const`, all of them intersected), null left out.
    pub values: Option<Vec<N>>,
    /// The values came from one `const`.
    pub is_const: bool,
    /// Every `enum`/`const` as written (for the description when dropped).
    pub value_sets: Vec<(N, bool)>,
    pub min_length: Option<i64>,
    pub max_length: Option<i64>,
    pub minimum: Option<Num>,
    pub exclusive_minimum: Option<Num>,
    pub maximum: Option<Num>,
    pub exclusive_maximum: Option<Num>,
    pub multiple_of: Option<Num>,
    pub items: Option<N>,
    pub min_items: Option<i64>,
    pub max_items: Option<i64>,
    pub properties: Option<N>,
    pub required: Option<N>,
    pub additional: Option<N>,
    pub min_properties: Option<i64>,
    pub max_properties: Option<i64>,
    pub any_of: Option<N>,
    pub one_of: Option<N>,
    /// Anything else, in order.
    pub other: Vec<(K<N::Key>, N)>,
}

impl<'v, N: Node<'v>> Default for Parts<'v, N> {
    fn default() -> Self {
        Parts {
            title: None,
            description: None,
            default: None,
            examples: None,
            nullable: false,
            types: ALL,
            formats: Vec::new(),
            patterns: Vec::new(),
            nots: Vec::new(),
            values: None,
            is_const: false,
            value_sets: Vec::new(),
            min_length: None,
            max_length: None,
            minimum: None,
            exclusive_minimum: None,
            maximum: None,
            exclusive_maximum: None,
            multiple_of: None,
            items: None,
            min_items: None,
            max_items: None,
            properties: None,
            required: None,
            additional: None,
            min_properties: None,
            max_properties: None,
            any_of: None,
            one_of: None,
            other: Vec::new(),
        }
    }
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

/// The pass over one schema.
pub struct Pass<'p, 'v, B> {
    pub b: &'p mut B,
    pub profile: Profile,
    pub warnings: &'p mut Vec<Warning>,
    pub path: Path<'v>,
    pub stats: Stats,
    /// > 0 while writing the branches of `any`: no warnings of their own.
    pub quiet: u32,
}

/// Annotation keywords of base schemas that carry no validation and are left
/// out without a warning where a profile cannot write them.
fn is_silent_annotation(k: KeyRef<'_>) -> bool {
    matches!(
        k,
        KeyRef::Str(
            b"$comment"
                | b"$schema"
                | b"deprecated"
                | b"readOnly"
                | b"writeOnly"
                | b"contentMediaType"
                | b"contentEncoding"
        )
    )
}

fn non_negative<'v, N: Node<'v>>(v: N) -> Option<i64> {
    match v.kind() {
        Kind::Int(i) if i >= 0 => Some(i),
        _ => None,
    }
}

fn tighter_min(a: Option<Num>, b: Num) -> Option<Num> {
    match a {
        Some(x) if text::cmp(x, b) != Ordering::Less => Some(x),
        _ => Some(b),
    }
}

fn tighter_max(a: Option<Num>, b: Num) -> Option<Num> {
    match a {
        Some(x) if text::cmp(x, b) != Ordering::Greater => Some(x),
        _ => Some(b),
    }
}

fn tighter_min_i(a: Option<i64>, b: i64) -> Option<i64> {
    Some(a.map_or(b, |x| x.max(b)))
}

fn tighter_max_i(a: Option<i64>, b: i64) -> Option<i64> {
    Some(a.map_or(b, |x| x.min(b)))
}

/// `{"type": "null"}` exactly.
pub fn is_null_schema<'v, N: Node<'v>>(n: N) -> bool {
    n.len() == 1 && matches!(n.get(Sym::Type).map(|t| t.kind()), Some(Kind::Str(b"null")))
}

/// The non-null branch of a nullable wrapper: a node whose only validation
/// keyword is `oneOf`/`anyOf` of two branches, one of them `{"type": "null"}`.
pub fn null_wrapper<'v, N: Node<'v>>(s: N) -> Option<N> {
    let mut list = None;
    let mut other = false;
    let _ = s.try_each(|k, v| {
        match k.sym() {
            Some(Sym::Title | Sym::Description | Sym::Default | Sym::Examples) => {}
            Some(Sym::OneOf | Sym::AnyOf) if list.is_none() => list = Some(v),
            _ => other = true,
        }
        Ok::<(), ()>(())
    });
    let list = list.filter(|_| !other)?;
    if list.len() != 2 || !list.is_list() {
        return None;
    }
    let mut branches = Vec::with_capacity(2);
    let _ = list.try_each(|_, v| {
        branches.push(v);
        Ok::<(), ()>(())
    });
    match (is_null_schema(branches[0]), is_null_schema(branches[1])) {
        (false, true) if branches[0].is_array() => Some(branches[0]),
        (true, false) if branches[1].is_array() => Some(branches[1]),
        _ => None,
    }
}

fn list_of<'v, N: Node<'v>>(l: N) -> Vec<N> {
    let mut out = Vec::with_capacity(l.len());
    let _ = l.try_each(|_, v| {
        out.push(v);
        Ok::<(), ()>(())
    });
    out
}

/// Reads a schema object into its parts, the nullable wrapper and `allOf`
/// entries of simple keywords included.
pub fn read<'v, N: Node<'v>>(s: N) -> Parts<'v, N> {
    let mut p = Parts::default();
    let mut type_null = false;
    let mut all_of = None;
    let wrapper = null_wrapper(s);
    let body = match wrapper {
        Some(inner) => {
            // Annotations sit outside the wrapper.
            for (sym, slot) in [
                (Sym::Title, &mut p.title),
                (Sym::Description, &mut p.description),
                (Sym::Default, &mut p.default),
                (Sym::Examples, &mut p.examples),
            ] {
                *slot = s.get(sym);
            }
            inner
        }
        None => s,
    };
    let _ = body.try_each(|k, v| {
        let sym = k.sym();
        let taken = match sym {
            Some(Sym::Title) if matches!(v.kind(), Kind::Str(_)) => {
                if p.title.is_none() {
                    p.title = Some(v);
                }
                true
            }
            Some(Sym::Description) if matches!(v.kind(), Kind::Str(_)) => {
                if p.description.is_none() {
                    p.description = Some(v);
                }
                true
            }
            Some(Sym::Default) => {
                if p.default.is_none() {
                    p.default = Some(v);
                }
                true
            }
            Some(Sym::Examples) if v.is_list() && v.is_array() => {
                if p.examples.is_none() {
                    p.examples = Some(v);
                }
                true
            }
            Some(Sym::Type) => read_type(v, &mut p.types, &mut type_null),
            Some(Sym::AllOf) if v.is_list() && v.is_array() => {
                all_of = Some(v);
                true
            }
            Some(Sym::AnyOf) if v.is_list() && v.is_array() && !v.is_empty() => {
                p.any_of = Some(v);
                true
            }
            Some(Sym::OneOf) if v.is_list() && v.is_array() && !v.is_empty() => {
                p.one_of = Some(v);
                true
            }
            Some(Sym::Items) => {
                p.items = Some(v);
                true
            }
            Some(Sym::Properties) if v.is_array() => {
                p.properties = Some(v);
                true
            }
            Some(Sym::Required) if v.is_list() && v.is_array() => {
                p.required = Some(v);
                true
            }
            Some(Sym::AdditionalProperties) => {
                p.additional = Some(v);
                true
            }
            Some(s) => simple(&mut p, s, v),
            None => false,
        };
        if !taken {
            p.other.push((K::In(k), v));
        }
        Ok::<(), ()>(())
    });
    if let Some(entries) = all_of {
        let _ = entries.try_each(|_, e| {
            if !merge_entry(&mut p, e) {
                p.other.push((K::S(Sym::AllOf), e));
            }
            Ok::<(), ()>(())
        });
    }
    // Null: a `{"type": "null"}` branch, or `type` lets it in and every
    // enum/const holds it.
    p.nullable = wrapper.is_some()
        || (type_null
            && p.value_sets
                .iter()
                .all(|(set, is_const)| admits_null(*set, *is_const)));
    if !p.value_sets.is_empty() {
        let mut values: Vec<N> = Vec::new();
        for (i, (set, is_const)) in p.value_sets.iter().enumerate() {
            let list = if *is_const { vec![*set] } else { list_of(*set) };
            let list: Vec<N> = list
                .into_iter()
                .filter(|v| !matches!(v.kind(), Kind::Null))
                .collect();
            if i == 0 {
                for v in list {
                    if !values.iter().any(|w| text::json_eq(*w, v)) {
                        values.push(v);
                    }
                }
            } else {
                values.retain(|w| list.iter().any(|v| text::json_eq(*w, *v)));
            }
        }
        p.is_const = p.value_sets.len() == 1 && p.value_sets[0].1;
        p.values = Some(values);
    }
    p
}

fn admits_null<'v, N: Node<'v>>(set: N, is_const: bool) -> bool {
    if is_const {
        return matches!(set.kind(), Kind::Null);
    }
    let mut found = false;
    let _ = set.try_each(|_, v| {
        found |= matches!(v.kind(), Kind::Null);
        Ok::<(), ()>(())
    });
    found
}

fn read_type<'v, N: Node<'v>>(v: N, types: &mut u8, null: &mut bool) -> bool {
    let mut one = |name: &[u8], acc: &mut u8| {
        if name == b"null" {
            *null = true;
        } else if let Some(bit) = type_bit(name) {
            *acc |= bit;
        }
    };
    match v.kind() {
        Kind::Str(name) => {
            let mut acc = 0;
            one(name, &mut acc);
            *types = acc;
            true
        }
        Kind::Array(list) if list.is_list() => {
            let mut acc = 0;
            let _ = list.try_each(|_, t| {
                if let Kind::Str(name) = t.kind() {
                    one(name, &mut acc);
                }
                Ok::<(), ()>(())
            });
            *types = acc;
            true
        }
        _ => false,
    }
}

/// Reads one of the simple keywords (those an `allOf` entry may hold too).
fn simple<'v, N: Node<'v>>(p: &mut Parts<'v, N>, s: Sym, v: N) -> bool {
    let num = text::num_of(v);
    let count = non_negative(v);
    match s {
        Sym::Format if matches!(v.kind(), Kind::Str(_)) => p.formats.push(v),
        Sym::Pattern if matches!(v.kind(), Kind::Str(_)) => p.patterns.push(v),
        Sym::Not => p.nots.push(v),
        Sym::Enum if v.is_array() && v.is_list() => p.value_sets.push((v, false)),
        Sym::Const => p.value_sets.push((v, true)),
        Sym::MinLength if count.is_some() => {
            p.min_length = tighter_min_i(p.min_length, count.unwrap_or(0))
        }
        Sym::MaxLength if count.is_some() => {
            p.max_length = tighter_max_i(p.max_length, count.unwrap_or(0))
        }
        Sym::MinItems if count.is_some() => {
            p.min_items = tighter_min_i(p.min_items, count.unwrap_or(0))
        }
        Sym::MaxItems if count.is_some() => {
            p.max_items = tighter_max_i(p.max_items, count.unwrap_or(0))
        }
        Sym::MinProperties if count.is_some() => {
            p.min_properties = tighter_min_i(p.min_properties, count.unwrap_or(0))
        }
        Sym::MaxProperties if count.is_some() => {
            p.max_properties = tighter_max_i(p.max_properties, count.unwrap_or(0))
        }
        Sym::Minimum => match num {
            Some(n) => p.minimum = tighter_min(p.minimum, n),
            None => return false,
        },
        Sym::ExclusiveMinimum => match num {
            Some(n) => p.exclusive_minimum = tighter_min(p.exclusive_minimum, n),
            None => return false,
        },
        Sym::Maximum => match num {
            Some(n) => p.maximum = tighter_max(p.maximum, n),
            None => return false,
        },
        Sym::ExclusiveMaximum => match num {
            Some(n) => p.exclusive_maximum = tighter_max(p.exclusive_maximum, n),
            None => return false,
        },
        Sym::MultipleOf if p.multiple_of.is_none() => match num {
            Some(n) if n.as_f64() > 0.0 => p.multiple_of = Some(n),
            _ => return false,
        },
        _ => return false,
    }
    true
}

/// Merges an `allOf` entry made only of simple keywords (annotations in it
/// are left out); false when it holds anything else.
fn merge_entry<'v, N: Node<'v>>(p: &mut Parts<'v, N>, e: N) -> bool {
    if !e.is_array() || e.is_empty() {
        return false;
    }
    let mergeable = e
        .try_each(|k, v| {
            let ok = match k.sym() {
                Some(Sym::Title | Sym::Description | Sym::Default | Sym::Examples) => true,
                Some(Sym::Format | Sym::Pattern) => matches!(v.kind(), Kind::Str(_)),
                Some(Sym::Not | Sym::Const) => true,
                Some(Sym::Enum) => v.is_array() && v.is_list(),
                Some(
                    Sym::MinLength
                    | Sym::MaxLength
                    | Sym::MinItems
                    | Sym::MaxItems
                    | Sym::MinProperties
                    | Sym::MaxProperties,
                ) => non_negative(v).is_some(),
                Some(
                    Sym::Minimum | Sym::ExclusiveMinimum | Sym::Maximum | Sym::ExclusiveMaximum,
                ) => text::num_of(v).is_some(),
                _ => false,
            };
            if ok {
                Ok(())
            } else {
                Err(())
            }
        })
        .is_ok();
    if !mergeable {
        return false;
    }
    let _ = e.try_each(|k, v| {
        if let Some(s) = k.sym() {
            if !matches!(
                s,
                Sym::Title | Sym::Description | Sym::Default | Sym::Examples
            ) {
                simple(p, s, v);
            }
        }
        Ok::<(), ()>(())
    });
    true
}

impl<'p, 'v, B> Pass<'p, 'v, B> {
    /// A warning at the current path.
    pub fn warn(&mut self, code: &'static str, message: String) {
        if self.quiet > 0 && code == STRICT_IMPOSSIBLE {
            return;
        }
        self.warnings.push(Warning {
            code,
            path: self.path.render(&[]),
            message,
        });
    }

    /// A constraint the profile cannot state: warning, and a note for the
    /// description.
    pub fn drop_note(&mut self, notes: &mut Vec<String>, note: String) {
        let label = self.profile.label();
        self.warn(
            CONSTRAINT_DROPPED,
            format!("{label} cannot state this constraint; the description says it and Drupal checks it: {note}"),
        );
        notes.push(note);
    }

    /// The profile's strict mode cannot state `what`.
    pub fn impossible(&mut self, what: &str) {
        let label = self.profile.label();
        self.warn(
            STRICT_IMPOSSIBLE,
            format!("{label} cannot state {what}: send this tool without strict mode"),
        );
    }

    /// Writes the schema `s` found at the current path.
    pub fn node<N: Node<'v>>(&mut self, s: N, place: Place) -> B::Val
    where
        B: Build<'v, N>,
    {
        if !s.is_array() {
            // A boolean schema (from a base schema).
            return match self.profile {
                Profile::Gemini | Profile::GeminiJson => {
                    let mut notes = Vec::new();
                    let t = text::json(s);
                    self.drop_note(&mut notes, format!("Must match the JSON schema {t}."));
                    let mut o = self.b.obj();
                    let v = self.b.string(&notes.join(" "));
                    self.b.put(&mut o, Sym::Description, v);
                    self.b.end_obj(o)
                }
                _ => {
                    self.impossible("a boolean schema");
                    self.b.share(s)
                }
            };
        }
        let mut p = read(s);
        if place == Place::Root {
            // The root of a tool input is an object, never null.
            if p.types == OBJECT {
                p.nullable = false;
            } else if !matches!(self.profile, Profile::Gemini | Profile::GeminiJson) {
                self.impossible("a root that is not an object");
            }
        }
        let mut notes: Vec<String> = Vec::new();
        let body = self.body(&mut p, &mut notes);
        if place == Place::OptionalProperty {
            self.stats.optional_properties += 1;
        }
        match self.profile {
            Profile::OpenAi => openai::finish(self, p, body, notes, place),
            Profile::Anthropic => anthropic::finish(self, p, body, notes, place),
            Profile::GeminiJson => gemini_json::finish(self, p, body, notes),
            _ => gemini::finish(self, p, body, notes),
        }
    }

    /// The validation keywords of `p`, for one type or as branches.
    fn body<N: Node<'v>>(
        &mut self,
        p: &mut Parts<'v, N>,
        notes: &mut Vec<String>,
    ) -> Body<'v, N, B::Val>
    where
        B: Build<'v, N>,
    {
        // Constraints no profile here can write.
        for n in std::mem::take(&mut p.nots) {
            let note = not_note(n);
            self.drop_note(notes, note);
        }
        for f in p.formats.split_off(p.formats.len().min(1)) {
            self.drop_note(notes, format!("Format: {}.", str_of(f)));
        }
        for pat in p.patterns.split_off(p.patterns.len().min(1)) {
            self.drop_note(
                notes,
                format!("Must match the regular expression `{}`.", str_of(pat)),
            );
        }
        for (k, v) in std::mem::take(&mut p.other) {
            if let K::In(key) = k {
                if is_silent_annotation(key.get()) {
                    continue;
                }
            }
            let note = match k {
                K::S(Sym::AllOf) => format!("Must also match the JSON schema {}.", text::json(v)),
                K::S(s) => format!("{}: {}.", s.as_str(), text::json(v)),
                K::In(key) => match key.get() {
                    KeyRef::Str(s) => format!("{}: {}.", String::from_utf8_lossy(s), text::json(v)),
                    KeyRef::Int(i) => format!("{i}: {}.", text::json(v)),
                },
            };
            self.drop_note(notes, note);
        }
        if let Some(one_of) = p.one_of.take() {
            self.drop_note(
                notes,
                "Exactly one of the alternatives must match.".to_owned(),
            );
            if p.any_of.is_none() {
                p.any_of = Some(one_of);
            } else {
                let note = format!(
                    "Must also match one of the JSON schemas {}.",
                    text::json(one_of)
                );
                self.drop_note(notes, note);
            }
        }
        // Allowed values: of the node's types; representable, or dropped; then
        // the keywords they make redundant are left out.
        if let Some(values) = p.values.take() {
            let typed: Vec<N> = values
                .into_iter()
                .filter(|v| value_types(*v) & p.types != 0)
                .collect();
            if typed.is_empty() {
                self.drop_values(p, notes, true);
            } else if !self.values_writable(&typed) {
                self.drop_values(p, notes, false);
            } else {
                let kept = filter_values(p, typed);
                if kept.is_empty() {
                    self.drop_values(p, notes, true);
                } else {
                    p.values = Some(kept);
                }
            }
        }
        // Several types: one branch per type.
        let mut types = p.types;
        if types & NUMBER != 0 {
            types &= !INTEGER;
        }
        if p.values.is_none() && types.count_ones() > 1 {
            if let Some(list) = p.any_of.take() {
                let note = format!(
                    "Must also match one of the JSON schemas {}.",
                    text::json(list)
                );
                self.drop_note(notes, note);
            }
            let any = (p.types | INTEGER) == ALL && p.any_of.is_none();
            if any && !matches!(self.profile, Profile::Gemini | Profile::GeminiJson) {
                self.impossible("a value of any JSON type");
            }
            self.quiet += u32::from(any);
            let mut branches = Vec::new();
            for (bit, _) in TYPES {
                if types & bit == 0 {
                    continue;
                }
                let mut q = split(p, bit);
                let body = self.single(&mut q, bit, notes);
                let v = self.close(body);
                branches.push(v);
            }
            self.quiet -= u32::from(any);
            return Body::Branches(branches);
        }
        if let Some(values) = &p.values {
            let vt = values.iter().fold(0u8, |acc, v| acc | value_types(*v));
            // Values of several types: one branch per type.
            let mut bits = Vec::new();
            for (bit, _) in TYPES {
                if types & bit != 0 && vt & bit != 0 && !(bit == INTEGER && types & NUMBER != 0) {
                    bits.push(bit);
                }
            }
            if bits.len() > 1 && self.profile != Profile::Anthropic {
                let mut branches = Vec::new();
                for bit in bits {
                    let mut q = split(p, bit);
                    let body = self.single(&mut q, bit, notes);
                    let v = self.close(body);
                    branches.push(v);
                }
                return Body::Branches(branches);
            }
            if let Some(bit) = bits.first() {
                types = *bit;
            }
        }
        let bit = TYPES
            .iter()
            .map(|(b, _)| *b)
            .find(|b| types & b != 0)
            .unwrap_or(STRING);
        self.single(p, bit, notes)
    }

    /// Leaves the allowed values out (warning and note).
    fn drop_values<N: Node<'v>>(
        &mut self,
        p: &mut Parts<'v, N>,
        notes: &mut Vec<String>,
        none: bool,
    ) {
        p.values = None;
        if none {
            self.drop_note(
                notes,
                "No value is allowed: the allowed values contradict the other constraints."
                    .to_owned(),
            );
            return;
        }
        for (set, is_const) in std::mem::take(&mut p.value_sets) {
            let note = if is_const {
                format!("Exactly {}.", text::json(set))
            } else {
                format!("One of: {}.", text::json(set))
            };
            self.drop_note(notes, note);
        }
    }

    /// Whether the profile can write these values as allowed values.
    fn values_writable<N: Node<'v>>(&self, values: &[N]) -> bool {
        match self.profile {
            Profile::Anthropic => anthropic::values_writable(values),
            Profile::Gemini => gemini::values_writable(values),
            _ => true,
        }
    }

    /// The keywords of one type.
    fn single<N: Node<'v>>(
        &mut self,
        p: &mut Parts<'v, N>,
        bit: u8,
        notes: &mut Vec<String>,
    ) -> Body<'v, N, B::Val>
    where
        B: Build<'v, N>,
    {
        match self.profile {
            Profile::OpenAi => openai::single(self, p, bit, notes),
            Profile::Anthropic => anthropic::single(self, p, bit, notes),
            Profile::GeminiJson => gemini_json::single(self, p, bit, notes),
            _ => gemini::single(self, p, bit, notes),
        }
    }

    /// A body as a schema of its own (a branch).
    pub fn close<N: Node<'v>>(&mut self, body: Body<'v, N, B::Val>) -> B::Val
    where
        B: Build<'v, N>,
    {
        match body {
            Body::Keys(keys) => {
                let mut o = self.b.obj();
                self.put_all(&mut o, keys);
                self.b.end_obj(o)
            }
            Body::Branches(branches) => {
                let mut o = self.b.obj();
                let v = self.arr(branches);
                self.b.put(&mut o, Sym::AnyOf, v);
                self.b.end_obj(o)
            }
            Body::Values(values, is_const) => {
                let mut o = self.b.obj();
                let (k, v) = self.values(&values, is_const, false);
                self.b.put(&mut o, k, v);
                self.b.end_obj(o)
            }
            Body::Ints(values) => {
                let mut o = self.b.obj();
                let v = anthropic::int_list(self, &values, false);
                self.b.put(&mut o, Sym::Enum, v);
                self.b.end_obj(o)
            }
        }
    }

    pub fn put_all<N: Node<'v>>(&mut self, o: &mut B::Obj, keys: Vec<(K<N::Key>, B::Val)>)
    where
        B: Build<'v, N>,
    {
        for (k, v) in keys {
            match k {
                K::S(s) => self.b.put(o, s, v),
                K::In(key) => self.b.put_key(o, key, v),
            }
        }
    }

    pub fn arr<N: Node<'v>>(&mut self, items: Vec<B::Val>) -> B::Val
    where
        B: Build<'v, N>,
    {
        let mut a = self.b.arr();
        for v in items {
            self.b.push(&mut a, v);
        }
        self.b.end_arr(a)
    }

    /// `enum` (or `const` for one value from a `const`), null appended when `null`.
    pub fn values<N: Node<'v>>(&mut self, values: &[N], is_const: bool, null: bool) -> (Sym, B::Val)
    where
        B: Build<'v, N>,
    {
        if is_const && values.len() == 1 && !null {
            return (Sym::Const, self.b.share(values[0]));
        }
        let mut a = self.b.arr();
        for v in values {
            let v = self.b.share(*v);
            self.b.push(&mut a, v);
        }
        if null {
            let v = self.b.null();
            self.b.push(&mut a, v);
        }
        (Sym::Enum, self.b.end_arr(a))
    }

    /// `{"type": "null"}` (in the profile's spelling of the type).
    pub fn null_schema<N: Node<'v>>(&mut self, name: &str) -> B::Val
    where
        B: Build<'v, N>,
    {
        let mut o = self.b.obj();
        let v = self.b.string(name);
        self.b.put(&mut o, Sym::Type, v);
        self.b.end_obj(o)
    }

    pub fn num<N: Node<'v>>(&mut self, n: Num) -> B::Val
    where
        B: Build<'v, N>,
    {
        match n {
            Num::Int(i) => self.b.int(i),
            Num::Float(f) => self.b.float(f),
        }
    }

    /// The schema of `items`, at `<path>.items`.
    pub fn items<N: Node<'v>>(&mut self, items: N) -> B::Val
    where
        B: Build<'v, N>,
    {
        self.path.push(Seg::Sym(Sym::Items));
        let v = self.node(items, Place::Inner);
        self.path.pop();
        v
    }

    /// The `properties` map, each at `<path>.properties.<name>`; with the
    /// names in order.
    pub fn properties<N: Node<'v>>(
        &mut self,
        props: N,
        required: Option<N>,
    ) -> (B::Val, Vec<N::Key>)
    where
        B: Build<'v, N>,
    {
        let required = required.map(list_of).unwrap_or_default();
        let mut names = Vec::new();
        let mut o = self.b.obj();
        self.stats.object_depth += 1;
        self.stats.max_object_depth = self.stats.max_object_depth.max(self.stats.object_depth);
        let _ = props.try_each(|name, schema| {
            let is_required = required.iter().any(|r| match (r.kind(), name.get()) {
                (Kind::Str(s), KeyRef::Str(n)) => s == n,
                (Kind::Str(s), KeyRef::Int(i)) => s == i.to_string().as_bytes(),
                _ => false,
            });
            self.stats.properties += 1;
            self.stats.string_length += match name.get() {
                KeyRef::Str(s) => text::chars(s) as usize,
                KeyRef::Int(i) => i.to_string().len(),
            };
            self.path.push(Seg::Sym(Sym::Properties));
            self.path.push(Seg::Key(name.get()));
            let place = if is_required {
                Place::RequiredProperty
            } else {
                Place::OptionalProperty
            };
            let v = self.node(schema, place);
            self.path.pop();
            self.path.pop();
            self.b.put_key(&mut o, name, v);
            names.push(name);
            Ok::<(), ()>(())
        });
        self.stats.object_depth -= 1;
        (self.b.end_obj(o), names)
    }

    /// The `properties` of a map in strict mode (openai, anthropic), with
    /// the names in order: `{}` for a closed map without any; `None` for an
    /// open map without properties, which is written as it is (non-strict).
    pub fn strict_properties<N: Node<'v>>(
        &mut self,
        p: &Parts<'v, N>,
    ) -> Option<(B::Val, Vec<N::Key>)>
    where
        B: Build<'v, N>,
    {
        let closed = matches!(p.additional.map(|a| a.kind()), Some(Kind::Bool(false)));
        match p.properties {
            Some(props) => Some(self.properties(props, p.required)),
            None if closed => {
                let o = self.b.obj();
                Some((self.b.end_obj(o), Vec::new()))
            }
            None => None,
        }
    }

    /// The rest of a map in strict mode (openai, anthropic):
    /// `additionalProperties: false`, or strict mode cannot state the map;
    /// `minProperties`/`maxProperties` dropped into the notes.
    pub fn strict_additional<N: Node<'v>>(
        &mut self,
        p: &Parts<'v, N>,
        keys: &mut Vec<(K<N::Key>, B::Val)>,
        notes: &mut Vec<String>,
    ) where
        B: Build<'v, N>,
    {
        match p.additional.map(|a| a.kind()) {
            Some(Kind::Bool(false)) => {
                let v = self.b.bool(false);
                keys.push((K::S(Sym::AdditionalProperties), v));
            }
            Some(_) => {
                self.impossible("a map that accepts other keys (additionalProperties)");
                if let Some(a) = p.additional {
                    let v = self.b.share(a);
                    keys.push((K::S(Sym::AdditionalProperties), v));
                }
            }
            None => self.impossible("a map that accepts any keys"),
        }
        for (n, word) in [
            (p.min_properties, "At least"),
            (p.max_properties, "At most"),
        ] {
            if let Some(n) = n {
                let what = text::plural(n, "property", "properties");
                self.drop_note(notes, format!("{word} {n} {what}."));
            }
        }
    }

    /// The first `format`, when it is one of the consumer's `known` formats;
    /// dropped into the notes when it is not.
    pub fn known_format<N: Node<'v>>(
        &mut self,
        p: &Parts<'v, N>,
        known: &[&[u8]],
        keys: &mut Vec<(K<N::Key>, B::Val)>,
        notes: &mut Vec<String>,
    ) where
        B: Build<'v, N>,
    {
        if let Some(f) = p.formats.first().copied() {
            if matches!(f.kind(), Kind::Str(s) if known.contains(&s)) {
                let v = self.b.share(f);
                keys.push((K::S(Sym::Format), v));
            } else {
                self.drop_note(notes, format!("Format: {}.", str_of(f)));
            }
        }
    }

    /// The `anyOf` of a base schema: each branch written for the profile.
    pub fn branches<N: Node<'v>>(&mut self, list: N) -> Vec<B::Val>
    where
        B: Build<'v, N>,
    {
        let mut out = Vec::new();
        for v in list_of(list) {
            let v = self.node(v, Place::Inner);
            out.push(v);
        }
        out
    }

    /// Counts allowed values for the size limits.
    pub fn count_values<N: Node<'v>>(&mut self, values: &[N]) {
        self.stats.enum_values += values.len();
        let mut strings = 0usize;
        let mut length = 0usize;
        for v in values {
            if let Kind::Str(s) = v.kind() {
                strings += 1;
                length += text::chars(s) as usize;
            }
        }
        self.stats.string_length += length;
        if strings > 250 && length > 15_000 {
            let at = self.path.render(&[]);
            self.stats.long_enums.push(at);
        }
    }

    /// Notes for `default` and `examples`, for profiles that cannot write them.
    pub fn annotation_notes<N: Node<'v>>(&mut self, p: &Parts<'v, N>, notes: &mut Vec<String>) {
        if let Some(d) = p.default {
            if d.is_object() && d.is_empty() {
                // The schema's `{}` (an empty map's default), not PHP's `[]`.
                notes.push("Default: {}.".to_owned());
            } else if !matches!(d.kind(), Kind::Null) {
                notes.push(format!("Default: {}.", text::json(d)));
            }
        }
        if let Some(e) = p.examples {
            let list = list_of(e);
            match list.len() {
                0 => {}
                1 => notes.push(format!("Example: {}.", text::json(list[0]))),
                _ => {
                    let all: Vec<String> = list.iter().map(|v| text::json(*v)).collect();
                    notes.push(format!("Examples: {}.", all.join(", ")));
                }
            }
        }
    }

    /// Title and description (with the notes) into `o`.
    pub fn texts<N: Node<'v>>(&mut self, o: &mut B::Obj, p: &Parts<'v, N>, notes: &[String])
    where
        B: Build<'v, N>,
    {
        if let Some(t) = p.title {
            let v = self.b.share(t);
            self.b.put(o, Sym::Title, v);
        }
        match (p.description, notes.is_empty()) {
            (Some(d), true) => {
                let v = self.b.share(d);
                self.b.put(o, Sym::Description, v);
            }
            (d, false) => {
                let mut s = String::new();
                if let Some(d) = d {
                    s.push_str(&str_of(d));
                    if !s.is_empty() {
                        s.push_str("\n\n");
                    }
                }
                s.push_str(&notes.join(" "));
                let v = self.b.string(&s);
                self.b.put(o, Sym::Description, v);
            }
            (None, true) => {}
        }
    }
}

/// The text of a string node.
pub fn str_of<'v, N: Node<'v>>(n: N) -> String {
    match n.kind() {
        Kind::Str(s) => String::from_utf8_lossy(s).into_owned(),
        _ => text::json(n),
    }
}

/// What a `not` says, for the description: the canonical forms in words (a
/// `match: false` Regex, excluded values, NotNull's empty containers), any
/// other as JSON.
pub fn not_note<'v, N: Node<'v>>(n: N) -> String {
    if let Some(pat) = not_pattern(n) {
        return format!(
            "Must not match the regular expression `{}`.",
            String::from_utf8_lossy(pat)
        );
    }
    let ty = n.get(Sym::Type).map(|t| t.kind());
    if n.len() == 1 {
        if let Some(e) = n.get(Sym::Enum) {
            return format!("Must not be one of: {}.", text::json(e));
        }
        if let Some(c) = n.get(Sym::Const) {
            return format!("Must not be {}.", text::json(c));
        }
    }
    if n.len() == 2 {
        if let (Some(Kind::Str(b"object")), Some(a)) = (ty, n.get(Sym::AdditionalProperties)) {
            if is_null_schema(a) {
                return "At least one property must not be null.".to_owned();
            }
        }
        if let (Some(Kind::Str(b"array")), Some(_)) = (ty, n.get(Sym::Items)) {
            return "At least one item must not be empty.".to_owned();
        }
    }
    format!("Must not match the JSON schema {}.", text::json(n))
}

/// The pattern of a `not` written for a `match: false` Regex: `{"pattern": p}`
/// or `{"type": "string", "pattern": p}`.
fn not_pattern<'v, N: Node<'v>>(n: N) -> Option<&'v [u8]> {
    let pat = n.get(Sym::Pattern)?;
    let Kind::Str(p) = pat.kind() else {
        return None;
    };
    let typed = matches!(
        n.get(Sym::Type).map(|t| t.kind()),
        Some(Kind::Str(b"string"))
    );
    (n.len() == 1 || (n.len() == 2 && typed)).then_some(p)
}

/// The parts of `p` that apply to the type `bit` (values of that type only).
fn split<'v, N: Node<'v>>(p: &Parts<'v, N>, bit: u8) -> Parts<'v, N> {
    let mut q = Parts {
        types: bit,
        values: p.values.as_ref().map(|vs| {
            vs.iter()
                .copied()
                .filter(|v| value_types(*v) & bit != 0)
                .collect()
        }),
        is_const: p.is_const,
        value_sets: p.value_sets.clone(),
        ..Parts::default()
    };
    match bit {
        STRING => {
            q.formats = p.formats.clone();
            q.patterns = p.patterns.clone();
            q.min_length = p.min_length;
            q.max_length = p.max_length;
        }
        INTEGER | NUMBER => {
            q.minimum = p.minimum;
            q.exclusive_minimum = p.exclusive_minimum;
            q.maximum = p.maximum;
            q.exclusive_maximum = p.exclusive_maximum;
            q.multiple_of = p.multiple_of;
        }
        ARRAY => {
            q.items = p.items;
            q.min_items = p.min_items;
            q.max_items = p.max_items;
        }
        OBJECT => {
            q.properties = p.properties;
            q.required = p.required;
            q.additional = p.additional;
            q.min_properties = p.min_properties;
            q.max_properties = p.max_properties;
        }
        _ => {}
    }
    q
}

/// Keeps the values that satisfy the length, bound and count keywords, and
/// leaves those keywords out (the values say it all).
fn filter_values<'v, N: Node<'v>>(p: &mut Parts<'v, N>, values: Vec<N>) -> Vec<N> {
    let ok = |v: &N| -> bool {
        match v.kind() {
            Kind::Str(s) => {
                let n = text::chars(s);
                p.min_length.is_none_or(|m| n >= m) && p.max_length.is_none_or(|m| n <= m)
            }
            Kind::Int(_) | Kind::Float(_) => {
                let x = text::num_of(*v).unwrap_or(Num::Int(0));
                p.minimum.is_none_or(|m| text::cmp(x, m) != Ordering::Less)
                    && p.exclusive_minimum
                        .is_none_or(|m| text::cmp(x, m) == Ordering::Greater)
                    && p.maximum
                        .is_none_or(|m| text::cmp(x, m) != Ordering::Greater)
                    && p.exclusive_maximum
                        .is_none_or(|m| text::cmp(x, m) == Ordering::Less)
            }
            Kind::Array(a) if a.is_list() => {
                let n = a.len() as i64;
                p.min_items.is_none_or(|m| n >= m) && p.max_items.is_none_or(|m| n <= m)
            }
            Kind::Array(a) => {
                let n = a.len() as i64;
                p.min_properties.is_none_or(|m| n >= m) && p.max_properties.is_none_or(|m| n <= m)
            }
            _ => true,
        }
    };
    let kept: Vec<N> = values.into_iter().filter(|v| ok(v)).collect();
    p.min_length = None;
    p.max_length = None;
    p.minimum = None;
    p.exclusive_minimum = None;
    p.maximum = None;
    p.exclusive_maximum = None;
    p.min_items = None;
    p.max_items = None;
    p.min_properties = None;
    p.max_properties = None;
    kept
}

/// Lookarounds and backreferences: constructs the strict modes' regex
/// engines refuse.
pub fn has_lookaround_or_backref(p: &[u8]) -> bool {
    let mut i = 0;
    let mut class = false;
    while i < p.len() {
        match p[i] {
            b'\\' => {
                if !class {
                    if let Some(&c) = p.get(i + 1) {
                        if c.is_ascii_digit() && c != b'0' || c == b'k' {
                            return true;
                        }
                    }
                }
                i += 2;
                continue;
            }
            b'[' => class = true,
            b']' => class = false,
            b'(' if !class => {
                let rest = &p[i + 1..];
                if rest.starts_with(b"?=")
                    || rest.starts_with(b"?!")
                    || rest.starts_with(b"?<=")
                    || rest.starts_with(b"?<!")
                {
                    return true;
                }
            }
            _ => {}
        }
        i += 1;
    }
    false
}
