//! The pass over one schema for the openai, anthropic, gemini and
//! gemini_json profiles: each node's model ([`Schema`]: the normalizer's, or
//! a base schema read), its keywords written for the profile, with the
//! warnings at the definition's path. `php/src/Normalize/Profile/Pass.php`
//! is its twin.

use super::provider::Provider;
use super::reader::read;
use super::SchemaNode;
use super::{
    not_note, str_of, text, value_types, Body, Place, Profile, Schema, Stats, ALL, ARRAY,
    CONSTRAINT_DROPPED, INTEGER, K, NUMBER, OBJECT, STRICT_IMPOSSIBLE, STRING, TYPES,
};
use crate::error::{Path, Seg, Warning};
use crate::model::schema::list_of;
use crate::model::vocab::{cmp, Num};
use crate::sym::Sym;
use crate::view::{Build, Key, KeyRef, Kind};
use std::cmp::Ordering;
use std::marker::PhantomData;

/// The pass over one schema.
pub struct Pass<'p, 'v, N, B> {
    pub b: &'p mut B,
    pub profile: Profile,
    pub warnings: &'p mut Vec<Warning>,
    pub path: Path<'v>,
    pub stats: Stats,
    /// > 0 while writing the branches of `any`: no warnings of their own.
    pub quiet: u32,
    /// The schema's node type (the pass reads nodes of one kind).
    pub node: PhantomData<N>,
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

impl<'v, N: SchemaNode<'v>, B: Build<'v, N>> Pass<'_, 'v, N, B> {
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

    /// [`Pass::node`] for the provider `P`.
    pub(super) fn node_for<P: Provider>(&mut self, s: N, place: Place) -> B::Val {
        let model = s.model();
        if model.is_none() && !s.is_array() {
            // A boolean schema (from a base schema).
            if self.profile.strict() {
                self.impossible("a boolean schema");
                return self.b.share(s);
            }
            let mut notes = Vec::new();
            let t = text::json(s);
            self.drop_note(&mut notes, format!("Must match the JSON schema {t}."));
            let mut o = self.b.obj();
            let v = self.b.string(&notes.join(" "));
            self.b.put(&mut o, Sym::Description, v);
            return self.b.end_obj(o);
        }
        // The normalizer's model, or a base schema read.
        let (mut modelled, mut read_in);
        let p = match model {
            Some(cell) => {
                modelled = cell.borrow_mut();
                &mut *modelled
            }
            None => {
                read_in = read(s);
                &mut read_in
            }
        };
        if place == Place::Root {
            // The root of a tool input is an object, never null.
            if p.types == OBJECT {
                p.nullable = false;
            } else if self.profile.strict() {
                self.impossible("a root that is not an object");
            }
        }
        let mut notes: Vec<String> = Vec::new();
        let body = self.body::<P>(p, &mut notes);
        if place == Place::OptionalProperty {
            self.stats.optional_properties += 1;
        }
        P::finish(self, p, body, notes, place)
    }

    /// The validation keywords of `p`, for one type or as branches.
    fn body<P: Provider>(
        &mut self,
        p: &mut Schema<'v, N>,
        notes: &mut Vec<String>,
    ) -> Body<'v, N, B::Val> {
        let unwritable = !p.nots.is_empty()
            || p.formats.len() > 1
            || p.patterns.len() > 1
            || !p.other.is_empty()
            || p.one_of.is_some();
        if unwritable {
            self.drop_unwritable(p, notes);
        }
        self.allowed_values::<P>(p, notes);
        // Several types: one branch per type.
        let mut types = p.types;
        if types & NUMBER != 0 {
            types &= !INTEGER;
        }
        if p.values.is_none() && types.count_ones() > 1 {
            return self.type_branches::<P>(p, types, notes);
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
            if bits.len() > 1 && P::VALUE_BRANCHES {
                let branches = bits.into_iter().map(|bit| self.branch::<P>(p, bit, notes));
                return Body::Branches(branches.collect());
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
        P::single(self, p, bit, notes)
    }

    /// Constraints no profile here can write, into the notes: `not`, the
    /// second `format` and `pattern` on, keywords the parts do not hold,
    /// `allOf` entries that could not be merged; `oneOf` as an `anyOf`.
    fn drop_unwritable(&mut self, p: &mut Schema<'v, N>, notes: &mut Vec<String>) {
        for n in std::mem::take(&mut p.nots) {
            let note = not_note(n);
            self.drop_note(notes, note);
        }
        for f in p.formats.split_off(p.formats.len().min(1)) {
            self.drop_note(notes, format!("Format: {}.", str_of(f)));
        }
        for pat in p.patterns.split_off(p.patterns.len().min(1)) {
            self.drop_note(notes, text::pattern_note(&str_of(pat)));
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
    }

    /// Allowed values: of the node's types; representable, or dropped; then
    /// the keywords they make redundant are left out.
    fn allowed_values<P: Provider>(&mut self, p: &mut Schema<'v, N>, notes: &mut Vec<String>) {
        let Some(values) = p.values.take() else {
            return;
        };
        let typed: Vec<N> = values
            .into_iter()
            .filter(|v| value_types(*v) & p.types != 0)
            .collect();
        if typed.is_empty() {
            self.drop_values(p, notes, true);
        } else if !P::values_writable(&typed) {
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

    /// Several types, without allowed values: one branch per type.
    fn type_branches<P: Provider>(
        &mut self,
        p: &mut Schema<'v, N>,
        types: u8,
        notes: &mut Vec<String>,
    ) -> Body<'v, N, B::Val> {
        if let Some(list) = p.any_of.take() {
            let note = format!(
                "Must also match one of the JSON schemas {}.",
                text::json(list)
            );
            self.drop_note(notes, note);
        }
        let any = (p.types | INTEGER) == ALL && p.any_of.is_none();
        if any && self.profile.strict() {
            self.impossible("a value of any JSON type");
        }
        self.quiet += u32::from(any);
        let branches = TYPES
            .iter()
            .filter(|(bit, _)| types & bit != 0)
            .map(|(bit, _)| self.branch::<P>(p, *bit, notes))
            .collect();
        self.quiet -= u32::from(any);
        Body::Branches(branches)
    }

    /// The branch of `p` for the type `bit`.
    fn branch<P: Provider>(
        &mut self,
        p: &Schema<'v, N>,
        bit: u8,
        notes: &mut Vec<String>,
    ) -> B::Val {
        let mut q = split(p, bit);
        let body = P::single(self, &mut q, bit, notes);
        self.close(body)
    }

    /// Leaves the allowed values out (warning and note).
    fn drop_values(&mut self, p: &mut Schema<'v, N>, notes: &mut Vec<String>, none: bool) {
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

    /// A body as a schema of its own (a branch).
    pub fn close(&mut self, body: Body<'v, N, B::Val>) -> B::Val {
        let mut o = self.b.obj();
        match body {
            Body::Keys(keys) => self.put_all(&mut o, keys),
            Body::Branches(branches) => {
                let v = self.arr(branches);
                self.b.put(&mut o, Sym::AnyOf, v);
            }
            Body::Values(values, is_const) => {
                let (k, v) = self.values(&values, is_const, false);
                self.b.put(&mut o, k, v);
            }
            Body::Ints(values) => {
                let v = self.int_list(&values, false);
                self.b.put(&mut o, Sym::Enum, v);
            }
        }
        self.b.end_obj(o)
    }

    pub fn put_all(&mut self, o: &mut B::Obj, keys: Vec<(K<N::Key>, B::Val)>) {
        for (k, v) in keys {
            match k {
                K::S(s) => self.b.put(o, s, v),
                K::In(key) => self.b.put_key(o, key, v),
            }
        }
    }

    pub fn arr(&mut self, items: Vec<B::Val>) -> B::Val {
        let mut a = self.b.arr();
        for v in items {
            self.b.push(&mut a, v);
        }
        self.b.end_arr(a)
    }

    /// `enum` (or `const` for one value from a `const`), null appended when `null`.
    pub fn values(&mut self, values: &[N], is_const: bool, null: bool) -> (Sym, B::Val) {
        if is_const && values.len() == 1 && !null {
            return (Sym::Const, self.b.share(values[0]));
        }
        (Sym::Enum, self.list(values, |b, v| b.share(*v), null))
    }

    /// An `enum` of ints, null appended when `null`.
    pub fn int_list(&mut self, values: &[i64], null: bool) -> B::Val {
        self.list(values, |b, i| b.int(*i), null)
    }

    /// A list of `items`, each written by `each`, null appended when `null`.
    fn list<T>(&mut self, items: &[T], each: impl Fn(&mut B, &T) -> B::Val, null: bool) -> B::Val {
        let mut a = self.b.arr();
        for item in items {
            let v = each(self.b, item);
            self.b.push(&mut a, v);
        }
        if null {
            let v = self.b.null();
            self.b.push(&mut a, v);
        }
        self.b.end_arr(a)
    }

    /// `{"type": "null"}` (in the profile's spelling of the type).
    pub fn null_schema(&mut self, name: &str) -> B::Val {
        let mut o = self.b.obj();
        let v = self.b.string(name);
        self.b.put(&mut o, Sym::Type, v);
        self.b.end_obj(o)
    }

    pub fn num(&mut self, n: Num) -> B::Val {
        match n {
            Num::Int(i) => self.b.int(i),
            Num::Float(f) => self.b.float(f),
        }
    }

    /// The schema of `items`, at `<path>.items`.
    pub fn items(&mut self, items: N) -> B::Val {
        self.path.push(Seg::Sym(Sym::Items));
        let v = self.node(items, Place::Inner);
        self.path.pop();
        v
    }

    /// The `properties` map, each at `<path>.properties.<name>`; with the
    /// names in order.
    pub fn properties(&mut self, props: N, required: Option<N>) -> (B::Val, Vec<N::Key>) {
        let required = required.map(list_of).unwrap_or_default();
        let mut names = Vec::new();
        let mut o = self.b.obj();
        self.stats.object_depth += 1;
        self.stats.max_object_depth = self.stats.max_object_depth.max(self.stats.object_depth);
        props.each(|name, schema| {
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
        });
        self.stats.object_depth -= 1;
        (self.b.end_obj(o), names)
    }

    /// The `anyOf` of a base schema: each branch written for the profile.
    pub fn branches(&mut self, list: N) -> Vec<B::Val> {
        list_of(list)
            .into_iter()
            .map(|v| self.node(v, Place::Inner))
            .collect()
    }

    /// Counts allowed values for the size limits.
    pub fn count_values(&mut self, values: &[N]) {
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

    /// Notes for `default` (when `default`) and `examples` (when `examples`).
    pub fn annotation_notes(
        &mut self,
        p: &Schema<'v, N>,
        notes: &mut Vec<String>,
        default: bool,
        examples: bool,
    ) {
        if let Some(d) = p
            .default
            .filter(|d| default && !matches!(d.kind(), Kind::Null))
        {
            notes.push(format!("Default: {}.", text::json(d)));
        }
        if let Some(e) = p.examples.filter(|_| examples) {
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
    pub fn texts(&mut self, o: &mut B::Obj, p: &Schema<'v, N>, notes: &[String]) {
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

/// The parts of `p` that apply to the type `bit` (values of that type only).
fn split<'v, N: SchemaNode<'v>>(p: &Schema<'v, N>, bit: u8) -> Schema<'v, N> {
    let mut q = Schema {
        types: bit,
        values: p.values.as_ref().map(|vs| {
            vs.iter()
                .copied()
                .filter(|v| value_types(*v) & bit != 0)
                .collect()
        }),
        is_const: p.is_const,
        value_sets: p.value_sets.clone(),
        ..Schema::default()
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
fn filter_values<'v, N: SchemaNode<'v>>(p: &mut Schema<'v, N>, values: Vec<N>) -> Vec<N> {
    let ok = |v: &N| -> bool {
        match v.kind() {
            Kind::Str(s) => {
                let n = text::chars(s);
                p.min_length.is_none_or(|m| n >= m) && p.max_length.is_none_or(|m| n <= m)
            }
            Kind::Int(_) | Kind::Float(_) => {
                let x = text::num_of(*v).unwrap_or(Num::Int(0));
                p.minimum.is_none_or(|m| cmp(x, m) != Ordering::Less)
                    && p.exclusive_minimum
                        .is_none_or(|m| cmp(x, m) == Ordering::Greater)
                    && p.maximum.is_none_or(|m| cmp(x, m) != Ordering::Greater)
                    && p.exclusive_maximum
                        .is_none_or(|m| cmp(x, m) == Ordering::Less)
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
