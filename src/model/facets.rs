//! What the constraints of one definition say, gathered before anything is
//! written, so that keywords come out in one fixed order whatever the order of
//! the constraints. A keyword set twice keeps the tighter bound; a second
//! `format`, `pattern`, `not` or `enum` goes into `allOf`.
//!
//! Constraints that do not fit the input's type are not stated; Drupal still
//! runs them, so they are reported ([`Rule::not_applicable`]).

use crate::error::{DefinitionError, Path, Seg, Warning};
use crate::sym::Sym;
use crate::view::KeyRef;
use smallvec::{smallvec, SmallVec};

use super::ty::{Cat, Ty};
use super::vocab::cmp;
pub use super::vocab::Num;
use std::cmp::Ordering;

/// A `pattern` value.
#[derive(Debug)]
pub enum Pattern {
    Sym(Sym),
    Text(String),
}

/// An `enum` (list of choices) or a `const`.
#[derive(Clone, Copy, Debug)]
pub enum Enum<N> {
    List(N),
    Const(N),
    /// No value but null (`Null`, `Blank` off strings, an empty choice list):
    /// `enum: [null]` where null is let in, `not: {}` where it is not.
    Nothing,
    /// `true` only: `NotBlank` on a boolean (Symfony's NotBlank rejects `false`).
    True,
    /// The choices of a strict `Choice` on an integer, floats left out: PHP
    /// decodes a JSON integer as an int, which is never `===` a float, while
    /// a JSON Schema validator takes `2` for `2.0`.
    Ints(N),
}

/// A schema under `not`.
#[derive(Debug)]
pub enum Not<N> {
    /// `match: false` Regex: `{pattern}`.
    Pattern(String),
    /// `match: false` Choice: `{enum}`.
    Enum(N),
    /// `NotBlank` on `any`: `{enum: [false, "", [], {}]}`.
    Blank,
    /// A required list whose items may be empty: not every item is empty
    /// (Drupal's NotNull treats a list of empty items as null). Holds the item
    /// definition, if any.
    EmptyItems(Option<N>),
    /// A required map with no required property: not every value is null
    /// (Drupal's NotNull treats a map of null values as null).
    NullValues,
}

/// Extra `allOf` members that no single keyword states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extra {
    /// `Ip` version `all`: `{anyOf: [{format: ipv4}, {format: ipv6}]}`.
    Ipv4OrIpv6,
}

#[derive(Debug)]
pub struct Facets<N> {
    pub formats: SmallVec<[Sym; 2]>,
    pub patterns: SmallVec<[Pattern; 2]>,
    pub nots: SmallVec<[Not<N>; 1]>,
    pub enums: SmallVec<[Enum<N>; 2]>,
    pub extras: SmallVec<[Extra; 1]>,
    /// Choice lists for the items of a list (`Choice` with `multiple: true`),
    /// with their `match` option.
    pub item_enums: SmallVec<[(N, bool); 1]>,
    pub min_length: Option<i64>,
    pub max_length: Option<i64>,
    pub minimum: Option<Num>,
    pub exclusive_minimum: Option<Num>,
    pub maximum: Option<Num>,
    pub exclusive_maximum: Option<Num>,
    /// minItems for lists, minProperties for maps.
    pub min_count: Option<i64>,
    pub max_count: Option<i64>,
    /// `NotNull`: null is refused below the input level even when the
    /// definition is optional, and a list or map must not be empty.
    pub not_null: bool,
    /// A constraint whose validator refuses null (NotBlank without
    /// `allowNull`, EntityBundleExists): null is refused below the input level.
    pub null_refused_nested: bool,
}

impl<N> Default for Facets<N> {
    fn default() -> Self {
        Facets {
            formats: SmallVec::new(),
            patterns: SmallVec::new(),
            nots: SmallVec::new(),
            enums: SmallVec::new(),
            extras: SmallVec::new(),
            item_enums: SmallVec::new(),
            min_length: None,
            max_length: None,
            minimum: None,
            exclusive_minimum: None,
            maximum: None,
            exclusive_maximum: None,
            min_count: None,
            max_count: None,
            not_null: false,
            null_refused_nested: false,
        }
    }
}

/// Keeps the larger lower bound.
pub fn raise(slot: &mut Option<i64>, v: i64) {
    if slot.is_none_or(|old| v > old) {
        *slot = Some(v);
    }
}

/// Keeps the smaller upper bound.
pub fn lower(slot: &mut Option<i64>, v: i64) {
    if slot.is_none_or(|old| v < old) {
        *slot = Some(v);
    }
}

/// Keeps the tighter of each bound of a count or a length: a stated minimum
/// (`raise`) and maximum (`lower`), `None` where one is not stated. A minimum
/// of 0 says nothing (no count or length is below it) and is not kept: no
/// `minItems: 0`, `minLength: 0` in the schema.
#[inline]
pub fn narrow(min: &mut Option<i64>, max: &mut Option<i64>, stated: (Option<i64>, Option<i64>)) {
    if let Some(m) = stated.0.filter(|&m| m > 0) {
        raise(min, m);
    }
    if let Some(m) = stated.1 {
        lower(max, m);
    }
}

/// Keeps the larger lower bound, exactly on ints ([`cmp`]); the first of
/// equal ones.
pub fn raise_num(slot: &mut Option<Num>, v: Num) {
    if slot.is_none_or(|old| cmp(v, old) == Ordering::Greater) {
        *slot = Some(v);
    }
}

/// Keeps the smaller upper bound, exactly on ints; the first of equal ones.
pub fn lower_num(slot: &mut Option<Num>, v: Num) {
    if slot.is_none_or(|old| cmp(v, old) == Ordering::Less) {
        *slot = Some(v);
    }
}

impl<N> Facets<N> {
    pub fn add_format(&mut self, f: Sym) {
        if !self.formats.contains(&f) {
            self.formats.push(f);
        }
    }
}

/// What a constraint rule sees: where it is, which constraint it is, what it
/// applies to, and where to put warnings. One for the constraints of a
/// definition: the dispatch ([`crate::constraint::apply`]) sets `name` and
/// `id` for each.
pub struct Rule<'p, 'a> {
    pub path: &'p Path<'a>,
    /// The constraint's key, as given.
    pub name: KeyRef<'a>,
    /// The id the key spells (the PHP twin's `Rule::$id`).
    pub id: Sym,
    pub ty: Ty,
    pub cat: Cat,
    /// Option `derived_enum_limit` (the one option a rule reads).
    pub derived_enum_limit: i64,
    pub warnings: &'p mut Vec<Warning>,
}

impl<'a> Rule<'_, 'a> {
    /// An error at `constraints.<name>.<extra...>`.
    pub fn error(&self, extra: &[Seg<'_>], message: &str) -> DefinitionError {
        let mut segs: SmallVec<[Seg<'_>; 8]> =
            smallvec![Seg::Sym(Sym::Constraints), Seg::Key(self.name)];
        segs.extend_from_slice(extra);
        self.path.error(&segs, message)
    }

    /// The constraint does not fit the input's type: it is not stated, and
    /// Drupal, which still runs it, rejects values the schema accepts.
    pub fn not_applicable(&mut self) {
        self.warn(
            super::vocab::NOT_APPLICABLE,
            "does not fit the input's type and is not stated in the schema; Drupal still runs it and rejects values the schema accepts"
                .to_owned(),
        );
    }

    /// The constraint says something JSON Schema cannot state here (a
    /// comparison with another value, site state): not stated.
    pub fn unstated(&mut self, why: &str) {
        self.warn(super::vocab::UNSTATED, why.to_owned());
    }

    /// A warning at `constraints.<name>`.
    pub fn warn(&mut self, code: &'static str, message: String) {
        let path = self
            .path
            .render(&[Seg::Sym(Sym::Constraints), Seg::Key(self.name)]);
        self.warnings.push(Warning {
            code,
            path,
            message,
        });
    }
}
