//! The model of one node ([`Schema`]) for the profiles other than `mcp`,
//! filled from what the normalizer computed (the facets, the type, whether
//! null is let in, the annotations, the children's models) instead of a
//! schema written and read back. Each keyword goes through the reader's own
//! per-keyword rule ([`reader::simple`]), in the order the canonical schema
//! states them, so that a bound, a second `format` or an `enum` that is not
//! a list lands where it lands for a base schema. A node with a base schema
//! is that schema copied (its null let in, the definition's annotations) and
//! read by the reader, the one place a schema is read.
//! `php/src/Normalize/Fill.php` is its twin.

use super::definition::Def;
use super::options::NullStyle;
use super::profile::reader;
use super::val::{Val, ValBuild};
use super::{base_type, extra, list_of_any_empty, nullable, one, pattern};
use super::{Emit, Emitted, Normalizer};
use crate::error::DefinitionError;
use crate::model::facets::{raise, Facets, Not};
use crate::model::schema::{container_bit, count_keys, type_bit, Schema, ALL, K};
use crate::model::ty::Cat;
use crate::model::vocab::Num;
use crate::sym::Sym;
use crate::view::{Build, Node};

impl<'a, N: Node<'a>> Emit<'a, N> for ValBuild<'a, N> {
    fn emit(
        n: &mut Normalizer<'_, 'a, Self>,
        e: Emitted<'_, 'a, N>,
    ) -> Result<Val<'a, N>, DefinitionError> {
        if e.d.base_schema.is_some() {
            let written = n.write(e)?;
            let (val, cell) = n.b.model();
            *cell.borrow_mut() = reader::read(written);
            return Ok(val);
        }
        n.fill(e)
    }

    /// The model of [`super::list_type::choice_items`]: any type, its
    /// choices as allowed values (or `not`s).
    fn choice_items(&mut self, item_enums: &[(N, bool)]) -> Val<'a, N> {
        let (val, cell) = self.model();
        let m = &mut *cell.borrow_mut();
        let mut entries = Vec::new();
        let (mut has_enum, mut has_not) = (false, false);
        for (k, v) in super::list_type::choices(self, item_enums) {
            let first = if k == Sym::Not {
                &mut has_not
            } else {
                &mut has_enum
            };
            if *first {
                entries.push((k, v));
            } else {
                *first = true;
                keyword(m, k, v);
            }
        }
        for (k, v) in entries {
            if k == Sym::Not {
                m.nots.push(v);
            } else if !reader::simple(m, k, v) {
                let entry = one(self, k, v);
                m.other.push((K::S(Sym::AllOf), entry));
            }
        }
        reader::intersect_values(m);
        val
    }
}

/// A keyword of the node itself: a `not` (of choices: no count implied),
/// or one through the reader's rule.
fn keyword<'a, N: Node<'a>>(m: &mut Schema<'a, Val<'a, N>>, key: Sym, v: Val<'a, N>) {
    if key == Sym::Not {
        m.nots.push(v);
    } else {
        put(m, key, v);
    }
}

/// A keyword through the reader's rule; one the rule does not take is kept
/// as it is, for the description.
fn put<'a, N: Node<'a>>(m: &mut Schema<'a, Val<'a, N>>, key: Sym, v: Val<'a, N>) {
    if !reader::simple(m, key, v) {
        m.other.push((K::S(key), v));
    }
}

fn put_int<'a, N: Node<'a>>(m: &mut Schema<'a, Val<'a, N>>, key: Sym, v: Option<i64>) {
    if let Some(i) = v {
        put(m, key, Val::Int(i));
    }
}

fn put_num<'a, N: Node<'a>>(m: &mut Schema<'a, Val<'a, N>>, key: Sym, v: Option<Num>) {
    match v {
        Some(Num::Int(i)) => put(m, key, Val::Int(i)),
        Some(Num::Float(f)) => put(m, key, Val::Float(f)),
        None => {}
    }
}

/// A `not`: the guard of a non-empty list or map refuses the empty one,
/// the count it implies for a profile that drops the `not`.
fn not<'a, N: Node<'a>>(m: &mut Schema<'a, Val<'a, N>>, n: &Not<N>, v: Val<'a, N>) {
    match n {
        Not::EmptyItems(_) => raise(&mut m.min_items, 1),
        Not::NullValues => raise(&mut m.min_properties, 1),
        Not::Pattern(_) | Not::Enum(_) | Not::Blank => {}
    }
    m.nots.push(v);
}

impl<'a, N: Node<'a>> Normalizer<'_, 'a, ValBuild<'a, N>> {
    /// The model of a node without a base schema.
    fn fill(&mut self, e: Emitted<'_, 'a, N>) -> Result<Val<'a, N>, DefinitionError> {
        let Emitted {
            d,
            facets,
            cat,
            optional,
            style,
            non_empty,
            depth,
            title,
            description,
        } = e;
        let null_ok = optional && style == NullStyle::TypeArray;
        let (mut items, mut props) = (None, None);
        self.children(d, facets, non_empty, depth, &mut items, &mut props)?;
        let f = &*facets;
        let (val, cell) = self.b.model();
        let m = &mut *cell.borrow_mut();
        m.title = title.map(|t| self.text(t));
        m.description = description.map(|t| self.text(t));
        // A null branch, or null in `type` and in every `enum`.
        m.nullable = optional;
        m.types = match base_type::json_type(d.ty) {
            Some(t) => type_bit(t.as_str().as_bytes()).unwrap_or(ALL),
            None => base_type::ANY
                .iter()
                .filter_map(|t| type_bit(t.as_str().as_bytes()))
                .fold(0, |acc, bit| acc | bit),
        };
        let b = &mut *self.b;
        // The keywords, in their order; the first of each kind here, the
        // others as `allOf` entries after them.
        if let Some(first) = f.formats.first() {
            put(m, Sym::Format, Val::Sym(*first));
        }
        if let Some(first) = f.patterns.first() {
            let v = pattern(b, first);
            put(m, Sym::Pattern, v);
        }
        if let Some(first) = f.nots.first() {
            let v = nullable::not_schema(b, first, null_ok);
            not(m, first, v);
        }
        if let Some(first) = f.enums.first() {
            let (k, v) = nullable::enumeration(b, *first, null_ok);
            put(m, k, v);
        }
        put_int(m, Sym::MinLength, f.min_length);
        put_int(m, Sym::MaxLength, f.max_length);
        put_num(m, Sym::Minimum, f.minimum);
        put_num(m, Sym::ExclusiveMinimum, f.exclusive_minimum);
        put_num(m, Sym::Maximum, f.maximum);
        put_num(m, Sym::ExclusiveMaximum, f.exclusive_maximum);
        self.container(m, cat, f, items, props);
        let b = &mut *self.b;
        for s in f.formats.iter().skip(1) {
            put(m, Sym::Format, Val::Sym(*s));
        }
        for p in f.patterns.iter().skip(1) {
            let v = pattern(b, p);
            put(m, Sym::Pattern, v);
        }
        for n in f.nots.iter().skip(1) {
            let v = nullable::not_schema(b, n, null_ok);
            not(m, n, v);
        }
        for e in f.enums.iter().skip(1) {
            let (k, v) = nullable::enumeration(b, *e, null_ok);
            if !reader::simple(m, k, v) {
                let entry = one(b, k, v);
                m.other.push((K::S(Sym::AllOf), entry));
            }
        }
        for x in &f.extras {
            let entry = extra(b, *x);
            m.other.push((K::S(Sym::AllOf), entry));
        }
        self.annotations(m, d, cat);
        reader::intersect_values(m);
        Ok(val)
    }

    /// A list's `items` and counts, a map's properties and counts.
    fn container(
        &mut self,
        m: &mut Schema<'a, Val<'a, N>>,
        cat: Cat,
        f: &Facets<N>,
        items: Option<Val<'a, N>>,
        props: Option<super::map_type::Closed<Val<'a, N>>>,
    ) {
        match cat {
            Cat::List => m.items = items,
            Cat::Map => {
                if let Some(p) = props {
                    let (properties, required) = p.into_parts();
                    m.properties = Some(properties);
                    m.required = required;
                    m.additional = Some(Val::Bool(false));
                }
            }
            _ => return,
        }
        if let Some([min, max]) = count_keys(container_bit(cat)) {
            put_int(m, min, super::min_count(f));
            put_int(m, max, f.max_count);
        }
    }

    /// `default` and `examples`, as [`Normalizer::values`] writes them.
    fn annotations(&mut self, m: &mut Schema<'a, Val<'a, N>>, d: &Def<'a, N>, cat: Cat) {
        if let Some(v) = d.default {
            m.default = Some(self.map_value(cat, v));
        }
        if let Some(v) = d.examples {
            m.examples = Some(if cat == Cat::Map && list_of_any_empty(v) {
                let mut list = self.b.arr();
                v.each(|_, e| {
                    let e = self.map_value(cat, e);
                    self.b.push(&mut list, e);
                });
                self.b.end_arr(list)
            } else {
                Val::Node(v)
            });
        }
    }
}
