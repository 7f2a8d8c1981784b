//! The `mcp` profile's schema, written at once, node by node, in the
//! canonical key order ([`Normalizer::write`]): the builders of the callers
//! emit this way ([`super::Emit`]). Type unions are split and the root fixed
//! as they are written ([`super::profile::mcp`]); a second `format`,
//! `pattern`, `not` or `enum` goes into `allOf`. The other profiles write the
//! model instead ([`super::fill`]). `php/src/Normalize/Normalizer.php`'s
//! writing methods are its twin.

use super::definition::Def;
use super::options::NullStyle;
use super::profile::mcp::RootFix;
use super::{base_type, Emit, Emitted, Normalizer};
use super::{extra, list_of_any_empty, map_type, not_null, nullable, one, pattern, profile};
use crate::error::DefinitionError;
use crate::model::facets::Facets;
use crate::model::schema::{container_bit, count_keys};
use crate::model::ty::Cat;
use crate::model::vocab::Num;
use crate::sym::Sym;
use crate::view::{Build, Kind, Node};

impl<'a, B> Normalizer<'_, 'a, B> {
    /// Writes the node at once: the `mcp` profile's schema, final (the
    /// builders of the callers emit this way).
    #[inline(always)]
    pub fn write<N: Node<'a>>(&mut self, e: Emitted<'_, 'a, N>) -> Result<B::Val, DefinitionError>
    where
        B: Emit<'a, N>,
    {
        let (d, depth, style) = (e.d, e.depth, e.style);
        // The root of a tool input is never null (`mcp`): an object is written
        // as a required one.
        let fix = (depth == 0 && self.options.profile == profile::Profile::Mcp).then_some(RootFix);
        let optional = e.optional && !(fix.is_some() && style != NullStyle::TypeArray && object(d));
        let mut out = self.b.obj();
        if let Some(t) = e.title {
            let v = self.text(t);
            self.b.put(&mut out, Sym::Title, v);
        }
        if let Some(t) = e.description {
            let v = self.text(t);
            self.b.put(&mut out, Sym::Description, v);
        }
        if optional && style != NullStyle::TypeArray {
            let inner = {
                let mut inner = self.b.obj();
                self.body(d, e.facets, e.non_empty, false, &mut inner, depth, None)?;
                self.b.end_obj(inner)
            };
            let branches = nullable::branches(self.b, inner);
            let key = if style == NullStyle::OneOf {
                Sym::OneOf
            } else {
                Sym::AnyOf
            };
            self.b.put(&mut out, key, branches);
        } else {
            self.body(d, e.facets, e.non_empty, optional, &mut out, depth, fix)?;
        }
        self.values(d, e.cat, &mut out);
        Ok(self.b.end_obj(out))
    }

    /// `default` and `examples`, as given (a map's empty array as `{}`).
    fn values<N: Node<'a>>(&mut self, d: &Def<'a, N>, cat: Cat, out: &mut B::Obj)
    where
        B: Emit<'a, N>,
    {
        if let Some(v) = d.default {
            let v = self.map_value(cat, v);
            self.b.put(out, Sym::Default, v);
        }
        if let Some(v) = d.examples {
            let v = if cat == Cat::Map && list_of_any_empty(v) {
                let mut list = self.b.arr();
                v.each(|_, e| {
                    let e = self.map_value(cat, e);
                    self.b.push(&mut list, e);
                });
                self.b.end_arr(list)
            } else {
                self.b.share(v)
            };
            self.b.put(out, Sym::Examples, v);
        }
    }

    /// Writes the validation keywords into `out`. `non_empty`: a list or map
    /// must not be empty as Drupal's NotNull sees it; `null_ok`: the schema
    /// itself must let null through (an optional input in the `type_array`
    /// style); `fix`: the root, for `mcp`.
    #[allow(clippy::too_many_arguments)]
    fn body<N: Node<'a>>(
        &mut self,
        d: &Def<'a, N>,
        f: &mut Facets<N>,
        non_empty: bool,
        null_ok: bool,
        out: &mut B::Obj,
        depth: usize,
        fix: Option<RootFix>,
    ) -> Result<(), DefinitionError>
    where
        B: Emit<'a, N>,
    {
        let mcp = self.options.profile == profile::Profile::Mcp;
        if let Some(base) = d.base_schema {
            if mcp && (fix.is_some() || profile::mcp::may_hold_union(base)) {
                let root = depth == 0;
                profile::mcp::base(self.b, base, profile::mcp::Top { null_ok, root, fix }, out);
            } else {
                nullable::base_schema(self.b, base, null_ok, out);
            }
            return Ok(());
        }
        let cat = d.ty.cat();
        let (mut items, mut props) = (None, None);
        self.children(d, f, non_empty, depth, &mut items, &mut props)?;
        let split = mcp && base_type::json_type(d.ty).is_none();
        let fix = fix.filter(|_| null_ok && base_type::json_type(d.ty) == Some(Sym::Object));
        if split {
            profile::mcp::any_union(self.b, f, null_ok, depth == 0, out);
        } else if fix.is_some() {
            let ty = self.b.sym(Sym::Object);
            self.b.put(out, Sym::Type, ty);
        } else {
            let ty = nullable::type_value(self.b, d.ty, null_ok);
            self.b.put(out, Sym::Type, ty);
        }
        self.keywords(cat, f, null_ok, out, items, props, (!split, fix));
        Ok(())
    }

    /// The keywords after `type`, in their order; a second `format`,
    /// `pattern`, `not` or `enum` goes into `allOf`. `typed.0`: the keywords
    /// of one type are written here (not: in the branches of a split union);
    /// `typed.1`: the root fix takes null out of the `enum`.
    #[allow(clippy::too_many_arguments)]
    fn keywords<N: Node<'a>>(
        &mut self,
        cat: Cat,
        f: &Facets<N>,
        null_ok: bool,
        out: &mut B::Obj,
        items: Option<B::Val>,
        props: Option<map_type::Closed<B::Val>>,
        typed: (bool, Option<RootFix>),
    ) where
        B: Build<'a, N>,
    {
        let mut all_of = Vec::new();
        let b = &mut *self.b;
        if let Some((first, rest)) = f.formats.split_first() {
            if typed.0 {
                let v = b.sym(*first);
                b.put(out, Sym::Format, v);
            }
            for s in rest {
                let v = b.sym(*s);
                all_of.push(one(b, Sym::Format, v));
            }
        }
        if let Some((first, rest)) = f.patterns.split_first() {
            if typed.0 {
                let v = pattern(b, first);
                b.put(out, Sym::Pattern, v);
            }
            for p in rest {
                let v = pattern(b, p);
                all_of.push(one(b, Sym::Pattern, v));
            }
        }
        if let Some((first, rest)) = f.nots.split_first() {
            let v = nullable::not_schema(b, first, null_ok);
            b.put(out, Sym::Not, v);
            for n in rest {
                let v = nullable::not_schema(b, n, null_ok);
                all_of.push(one(b, Sym::Not, v));
            }
        }
        if let Some((first, rest)) = f.enums.split_first() {
            let (k, v) = match typed.1 {
                Some(_) => profile::mcp::enumeration_fixed(b, *first),
                None => nullable::enumeration(b, *first, null_ok),
            };
            b.put(out, k, v);
            for e in rest {
                let (k, v) = nullable::enumeration(b, *e, null_ok);
                all_of.push(one(b, k, v));
            }
        }
        if typed.0 {
            put_lengths(b, f, out);
            number_keywords(b, f, out);
        }
        for e in &f.extras {
            let v = extra(b, *e);
            all_of.push(v);
        }
        container(self.b, cat, f, out, items, props);
        put_all_of(self.b, out, all_of);
    }
}

/// A list's `items` and counts, a map's properties and counts.
fn container<'a, N: Node<'a>, B: Build<'a, N>>(
    b: &mut B,
    cat: Cat,
    f: &Facets<N>,
    out: &mut B::Obj,
    items: Option<B::Val>,
    props: Option<map_type::Closed<B::Val>>,
) {
    match cat {
        Cat::List => {
            if let Some(v) = items {
                b.put(out, Sym::Items, v);
            }
        }
        Cat::Map => {
            if let Some(p) = props {
                map_type::put(b, out, p);
            }
        }
        _ => return,
    }
    if let Some([min, max]) = count_keys(container_bit(cat)) {
        put_int(b, out, min, min_count(f));
        put_int(b, out, max, f.max_count);
    }
}

/// The lower count as written: a count of 1 the NotNull guard already states
/// is left out.
pub(super) fn min_count<N>(f: &Facets<N>) -> Option<i64> {
    f.min_count
        .filter(|&m| !(m == 1 && not_null::implies_min_one(f)))
}

/// `minLength`, `maxLength`.
fn put_lengths<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, f: &Facets<N>, out: &mut B::Obj) {
    put_int(b, out, Sym::MinLength, f.min_length);
    put_int(b, out, Sym::MaxLength, f.max_length);
}

/// The keywords of a string, in their order (the first `format` and
/// `pattern`; the others are in `allOf`).
pub(crate) fn string_keywords<'a, N: Node<'a>, B: Build<'a, N>>(
    b: &mut B,
    f: &Facets<N>,
    out: &mut B::Obj,
) {
    if let Some(first) = f.formats.first() {
        let v = b.sym(*first);
        b.put(out, Sym::Format, v);
    }
    if let Some(first) = f.patterns.first() {
        let v = pattern(b, first);
        b.put(out, Sym::Pattern, v);
    }
    put_lengths(b, f, out);
}

/// The bounds of a number, in their order.
pub(crate) fn number_keywords<'a, N: Node<'a>, B: Build<'a, N>>(
    b: &mut B,
    f: &Facets<N>,
    out: &mut B::Obj,
) {
    put_num(b, out, Sym::Minimum, f.minimum);
    put_num(b, out, Sym::ExclusiveMinimum, f.exclusive_minimum);
    put_num(b, out, Sym::Maximum, f.maximum);
    put_num(b, out, Sym::ExclusiveMaximum, f.exclusive_maximum);
}

/// Whether a definition's schema is an object without null: a map, or a
/// base schema of type `"object"`.
fn object<'a, N: Node<'a>>(d: &Def<'a, N>) -> bool {
    match d.base_schema {
        Some(base) => matches!(
            base.get(Sym::Type).map(|t| t.kind()),
            Some(Kind::Str(b"object"))
        ),
        None => base_type::json_type(d.ty) == Some(Sym::Object),
    }
}

/// `allOf`, unless empty.
fn put_all_of<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, out: &mut B::Obj, all_of: Vec<B::Val>) {
    if !all_of.is_empty() {
        let mut arr = b.arr();
        for v in all_of {
            b.push(&mut arr, v);
        }
        let v = b.end_arr(arr);
        b.put(out, Sym::AllOf, v);
    }
}

fn put_int<'a, N: Node<'a>, B: Build<'a, N>>(
    b: &mut B,
    out: &mut B::Obj,
    key: Sym,
    v: Option<i64>,
) {
    if let Some(i) = v {
        let v = b.int(i);
        b.put(out, key, v);
    }
}

fn put_num<'a, N: Node<'a>, B: Build<'a, N>>(
    b: &mut B,
    out: &mut B::Obj,
    key: Sym,
    v: Option<Num>,
) {
    match v {
        Some(Num::Int(i)) => {
            let v = b.int(i);
            b.put(out, key, v);
        }
        Some(Num::Float(x)) => {
            let v = b.float(x);
            b.put(out, key, v);
        }
        None => {}
    }
}
