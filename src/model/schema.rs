//! One schema node as the profiles write it ([`Schema`]): filled by the
//! normalizer from what it computed (`normalize::fill`), or read from a base
//! schema (`normalize::profile::reader`, the one place a schema is read).
//! The JSON types as bits, the count keywords ([`count_keys`]), the shapes
//! every reader of a schema knows (a null schema, NotNull's guard), and
//! [`SchemaNode`]: a node that may carry its model.
//! `php/src/Model/Schema.php` is its twin.

use super::ty::Cat;
use super::vocab::Num;
use crate::sym::Sym;
use crate::view::{Kind, Node};
use std::cell::RefCell;

/// A node the profile pass writes from: a value, or a node the normalizer
/// modelled.
pub trait SchemaNode<'v>: Node<'v> {
    /// The model of the node, when the normalizer made one (the pass
    /// writes it once).
    fn model(self) -> Option<&'v RefCell<Schema<'v, Self>>>;
}

/// One schema node as a profile writes it.
pub struct Schema<'v, N: Node<'v>> {
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

impl<'v, N: Node<'v>> Default for Schema<'v, N> {
    fn default() -> Self {
        Schema {
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

impl<'v, N: Node<'v>> Schema<'v, N> {
    /// The lower and upper count of the type `bit` ([`count_keys`]).
    pub fn counts(&self, bit: u8) -> [Option<i64>; 2] {
        match bit {
            ARRAY => [self.min_items, self.max_items],
            OBJECT => [self.min_properties, self.max_properties],
            _ => [None, None],
        }
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

pub fn type_bit(name: &[u8]) -> Option<u8> {
    TYPES
        .iter()
        .find(|(_, s)| s.as_str().as_bytes() == name)
        .map(|(b, _)| *b)
}

/// `{"type": "null"}` exactly.
pub fn is_null_schema<'v, N: Node<'v>>(n: N) -> bool {
    n.len() == 1 && matches!(n.get(Sym::Type).map(|t| t.kind()), Some(Kind::Str(b"null")))
}

/// The values of a list, in order.
pub fn list_of<'v, N: Node<'v>>(l: N) -> Vec<N> {
    let mut out = Vec::with_capacity(l.len());
    l.each(|_, v| out.push(v));
    out
}

/// The container keyword of a `not` that every empty list (`items`) or map
/// (`additionalProperties`) satisfies: `{items: S}` or `{additionalProperties:
/// S}`, alone or beside the container's `type`. Such a `not` refuses the
/// empty container whatever `S` is.
pub fn guard_count<'v, N: Node<'v>>(n: N) -> Option<Sym> {
    let ty = n.get(Sym::Type).map(|t| t.kind());
    let (key, ty_name): (Sym, &[u8]) = if n.get(Sym::Items).is_some() {
        (Sym::Items, b"array")
    } else if n.get(Sym::AdditionalProperties).is_some() {
        (Sym::AdditionalProperties, b"object")
    } else {
        return None;
    };
    match (n.len(), ty) {
        (1, None) => Some(key),
        (2, Some(Kind::Str(t))) if t == ty_name => Some(key),
        _ => None,
    }
}

/// The count keywords of the type `bit`, lower then upper: a list's
/// `minItems`/`maxItems`, a map's `minProperties`/`maxProperties`. How a
/// count (`Count`, `Length` on a map, NotNull's one) is written, by every
/// profile.
pub fn count_keys(bit: u8) -> Option<[Sym; 2]> {
    match bit {
        ARRAY => Some([Sym::MinItems, Sym::MaxItems]),
        OBJECT => Some([Sym::MinProperties, Sym::MaxProperties]),
        _ => None,
    }
}

/// The type bit of a definition's category (a list's, a map's; 0 for the
/// others, which have no counts).
pub fn container_bit(cat: Cat) -> u8 {
    match cat {
        Cat::List => ARRAY,
        Cat::Map => OBJECT,
        _ => 0,
    }
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
