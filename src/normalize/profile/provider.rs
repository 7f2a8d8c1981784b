//! The skeleton of one type's keywords, shared by every provider: allowed
//! values written alone (where the provider does), then the keywords of the
//! type, `type` first, an `anyOf` of the node's own last. A provider is a
//! [`Provider`]: what it writes for a string, a number, a list, a map, each a
//! hook over [`One`]. `php/src/Normalize/Profile/Provider.php` is its twin.

use super::SchemaNode;
use super::{
    str_of, text, type_sym, Body, Pass, Place, Schema, ARRAY, INTEGER, K, NUMBER, OBJECT, STRING,
};
use crate::model::schema::count_keys;
use crate::model::vocab::Num;
use crate::sym::Sym;
use crate::view::{Build, Kind, Node};

/// The keywords written so far, in order.
pub type Keys<'v, N, V> = Vec<(K<<N as Node<'v>>::Key>, V)>;

/// One type's keywords being written: the pass, the parts of the type `bit`,
/// the keywords so far and the notes for the description.
pub struct One<'a, 'p, 'v, N: SchemaNode<'v>, B: Build<'v, N>> {
    pub pass: &'a mut Pass<'p, 'v, N, B>,
    pub p: &'a mut Schema<'v, N>,
    pub bit: u8,
    pub keys: Keys<'v, N, B::Val>,
    pub notes: &'a mut Vec<String>,
}

/// What one provider writes for each type; [`Provider::single`] is the rest.
pub trait Provider {
    /// The body for allowed values written without `type`; `None`: they are
    /// written with the type's keywords (by its hook).
    fn values_alone<'v, N: SchemaNode<'v>, B: Build<'v, N>>(
        _o: &mut One<'_, '_, 'v, N, B>,
    ) -> Option<Body<'v, N, B::Val>> {
        None
    }

    /// The value of `type`.
    fn type_value<'v, N: SchemaNode<'v>, B: Build<'v, N>>(o: &mut One<'_, '_, 'v, N, B>) -> B::Val {
        o.pass.b.sym(type_sym(o.bit))
    }

    fn string<'v, N: SchemaNode<'v>, B: Build<'v, N>>(o: &mut One<'_, '_, 'v, N, B>);

    /// `Some`: the body is this (written another way than as keywords).
    fn number<'v, N: SchemaNode<'v>, B: Build<'v, N>>(
        o: &mut One<'_, '_, 'v, N, B>,
    ) -> Option<Body<'v, N, B::Val>>;

    fn array<'v, N: SchemaNode<'v>, B: Build<'v, N>>(o: &mut One<'_, '_, 'v, N, B>);

    fn object<'v, N: SchemaNode<'v>, B: Build<'v, N>>(o: &mut One<'_, '_, 'v, N, B>);

    /// A boolean: nothing but the type, unless the provider writes its values.
    fn boolean<'v, N: SchemaNode<'v>, B: Build<'v, N>>(_o: &mut One<'_, '_, 'v, N, B>) {}

    /// The branches of an `anyOf` beside the type's keywords.
    fn any_of<'v, N: SchemaNode<'v>, B: Build<'v, N>>(
        o: &mut One<'_, '_, 'v, N, B>,
        list: N,
    ) -> Vec<B::Val> {
        o.pass.branches(list)
    }

    /// `default` goes into the description (the provider cannot write it).
    const DEFAULT_NOTE: bool = true;

    /// `examples` go into the description (the provider cannot write them).
    const EXAMPLES_NOTES: bool = true;

    /// A nullable node's own keywords carry its null (in a `type` list).
    const NULL_IN_TYPE: bool = false;

    /// An optional property's null is written (not: it is left out).
    const OPTIONAL_NULL: bool = true;

    /// The null is written by [`Provider::after`], not in the body.
    const NULL_AFTER: bool = false;

    /// Allowed values of several types are written as one branch per type
    /// (not: one `enum` of them all).
    const VALUE_BRANCHES: bool = true;

    /// What follows the body in the finished node.
    fn after<'v, N: SchemaNode<'v>, B: Build<'v, N>>(
        _pass: &mut Pass<'_, 'v, N, B>,
        _o: &mut B::Obj,
        _p: &Schema<'v, N>,
    ) {
    }

    /// Whether the provider can write these values as allowed values.
    fn values_writable<'v, N: SchemaNode<'v>>(_values: &[N]) -> bool {
        true
    }

    /// The finished node: title and description (with the notes), the body
    /// and the node's null.
    fn finish<'v, N: SchemaNode<'v>, B: Build<'v, N>>(
        pass: &mut Pass<'_, 'v, N, B>,
        p: &Schema<'v, N>,
        body: Body<'v, N, B::Val>,
        mut notes: Vec<String>,
        place: Place,
    ) -> B::Val {
        if Self::DEFAULT_NOTE || Self::EXAMPLES_NOTES {
            pass.annotation_notes(p, &mut notes, Self::DEFAULT_NOTE, Self::EXAMPLES_NOTES);
        }
        // The node's null in its body (an `anyOf` branch, an `enum` value).
        let null = p.nullable
            && !Self::NULL_AFTER
            && (Self::OPTIONAL_NULL || place != Place::OptionalProperty);
        let mut o = pass.b.obj();
        pass.texts(&mut o, p, &notes);
        let union = match body {
            Body::Keys(keys) if !null || Self::NULL_IN_TYPE => {
                let union = keys.iter().any(|(k, _)| matches!(k, K::S(Sym::AnyOf)));
                pass.put_all(&mut o, keys);
                union
            }
            Body::Ints(values) => {
                let v = pass.int_list(&values, null);
                pass.b.put(&mut o, Sym::Enum, v);
                false
            }
            Body::Values(values, is_const) => {
                let (k, v) = pass.values(&values, is_const, null);
                pass.b.put(&mut o, k, v);
                false
            }
            body => {
                let mut branches = match body {
                    Body::Branches(branches) => branches,
                    keys => vec![pass.close(keys)],
                };
                if null {
                    branches.push(pass.null_schema("null"));
                }
                let v = pass.arr(branches);
                pass.b.put(&mut o, Sym::AnyOf, v);
                true
            }
        };
        if union && matches!(place, Place::OptionalProperty | Place::RequiredProperty) {
            pass.stats.union_properties += 1;
        }
        Self::after(pass, &mut o, p);
        pass.b.end_obj(o)
    }

    /// The keywords of one type.
    fn single<'v, N: SchemaNode<'v>, B: Build<'v, N>>(
        pass: &mut Pass<'_, 'v, N, B>,
        p: &mut Schema<'v, N>,
        bit: u8,
        notes: &mut Vec<String>,
    ) -> Body<'v, N, B::Val> {
        let mut o = One {
            pass,
            p,
            bit,
            keys: Vec::with_capacity(8),
            notes,
        };
        if let Some(body) = Self::values_alone(&mut o) {
            return body;
        }
        let t = Self::type_value(&mut o);
        o.put(Sym::Type, t);
        match bit {
            STRING => Self::string(&mut o),
            INTEGER | NUMBER => {
                if let Some(body) = Self::number(&mut o) {
                    return body;
                }
            }
            ARRAY => Self::array(&mut o),
            OBJECT => Self::object(&mut o),
            _ => Self::boolean(&mut o),
        }
        if let Some(list) = o.p.any_of.take() {
            let branches = Self::any_of(&mut o, list);
            let v = o.pass.arr(branches);
            o.put(Sym::AnyOf, v);
        }
        Body::Keys(o.keys)
    }
}

impl<'v, N: SchemaNode<'v>, B: Build<'v, N>> One<'_, '_, 'v, N, B> {
    pub fn put(&mut self, sym: Sym, v: B::Val) {
        self.keys.push((K::S(sym), v));
    }

    /// The node `n` as it is, as `sym`.
    pub fn share(&mut self, sym: Sym, n: N) {
        let v = self.pass.b.share(n);
        self.put(sym, v);
    }

    /// Each count that is set, as an int keyword.
    pub fn ints<const C: usize>(&mut self, counts: [(Sym, Option<i64>); C]) {
        for (sym, v) in counts {
            if let Some(i) = v {
                let v = self.pass.b.int(i);
                self.put(sym, v);
            }
        }
    }

    /// The counts of the type (a list's `minItems`/`maxItems`, a map's
    /// `minProperties`/`maxProperties`), when set.
    pub fn counts(&mut self) {
        let counts = self.p.counts(self.bit);
        self.count_ints(counts);
    }

    /// The counts `[lower, upper]` given, as the type's count keywords.
    pub fn count_ints(&mut self, [min, max]: [Option<i64>; 2]) {
        if let Some([kmin, kmax]) = count_keys(self.bit) {
            self.ints([(kmin, min), (kmax, max)]);
        }
    }

    /// `minLength` and `maxLength`, when set.
    pub fn lengths(&mut self) {
        self.ints([
            (Sym::MinLength, self.p.min_length),
            (Sym::MaxLength, self.p.max_length),
        ]);
    }

    /// Each number that is set, as a number keyword.
    pub fn nums<const C: usize>(&mut self, nums: [(Sym, Option<Num>); C]) {
        for (sym, v) in nums {
            if let Some(n) = v {
                let v = self.pass.num(n);
                self.put(sym, v);
            }
        }
    }

    /// A constraint the profile cannot state (warning and note).
    pub fn drop_note(&mut self, note: String) {
        self.pass.drop_note(self.notes, note);
    }

    pub fn drop_pattern(&mut self, pat: N) {
        self.drop_note(text::pattern_note(&str_of(pat)));
    }

    pub fn drop_multiple(&mut self, m: Num) {
        self.drop_note(format!("A multiple of {}.", text::num(m)));
    }

    pub fn drop_format(&mut self, f: N) {
        self.drop_note(format!("Format: {}.", str_of(f)));
    }

    /// The allowed values, as `enum` (or `const` for one from a `const`
    /// when `allow_const`); counted for the size limits when `count`; with
    /// null added when `null`.
    pub fn values(&mut self, allow_const: bool, count: bool, null: bool) {
        if let Some(values) = self.p.values.take() {
            if count {
                self.pass.count_values(&values);
            }
            let (k, v) = self
                .pass
                .values(&values, allow_const && self.p.is_const, null);
            self.put(k, v);
        }
    }

    /// The schema of `items`, when there is one.
    pub fn items(&mut self) -> bool {
        let Some(items) = self.p.items else {
            return false;
        };
        let v = self.pass.items(items);
        self.put(Sym::Items, v);
        true
    }

    /// The first `format`, when it is one the consumer knows (`known`);
    /// dropped into the notes when it is not.
    pub fn known_format(&mut self, known: impl Fn(&[u8]) -> bool) {
        if let Some(f) = self.p.formats.first().copied() {
            if matches!(f.kind(), Kind::Str(s) if known(s)) {
                self.share(Sym::Format, f);
            } else {
                self.drop_format(f);
            }
        }
    }

    /// The `properties` of a map in strict mode (openai, anthropic), with
    /// the names in order: `{}` for a closed map without any; nothing for an
    /// open map without properties, which is written as it is (non-strict).
    pub fn strict_properties(&mut self) -> Option<Vec<N::Key>> {
        let closed = matches!(self.p.additional.map(|a| a.kind()), Some(Kind::Bool(false)));
        let (v, names) = match self.p.properties {
            Some(props) => self.pass.properties(props, self.p.required),
            None if closed => {
                let o = self.pass.b.obj();
                (self.pass.b.end_obj(o), Vec::new())
            }
            None => return None,
        };
        self.put(Sym::Properties, v);
        Some(names)
    }

    /// The rest of a map in strict mode (openai, anthropic):
    /// `additionalProperties: false`, or strict mode cannot state the map;
    /// `minProperties`/`maxProperties` dropped into the notes.
    pub fn strict_additional(&mut self) {
        match self.p.additional.map(|a| a.kind()) {
            Some(Kind::Bool(false)) => {
                let v = self.pass.b.bool(false);
                self.put(Sym::AdditionalProperties, v);
            }
            Some(_) => {
                self.pass
                    .impossible("a map that accepts other keys (additionalProperties)");
                if let Some(a) = self.p.additional {
                    self.share(Sym::AdditionalProperties, a);
                }
            }
            None => self.pass.impossible("a map that accepts any keys"),
        }
        let [min, max] = self.p.counts(self.bit);
        self.drop_counts(min, max, "property", "properties");
    }

    /// Drops count bounds as notes: `At least 2 items.`, `At most 1 item.`.
    pub fn drop_counts(
        &mut self,
        min: Option<i64>,
        max: Option<i64>,
        one: &'static str,
        many: &'static str,
    ) {
        for (n, word) in [(min, "At least"), (max, "At most")] {
            if let Some(n) = n {
                let what = text::plural(n, one, many);
                self.drop_note(format!("{word} {n} {what}."));
            }
        }
    }
}
