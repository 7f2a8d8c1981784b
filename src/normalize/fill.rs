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
        let (d, cat, optional) = (e.d, e.cat, e.optional);
        let null_ok = optional && e.style == NullStyle::TypeArray;
        let (mut items, mut props) = (None, None);
        self.children(d, e.facets, e.non_empty, e.depth, &mut items, &mut props)?;
        let f = &*e.facets;
        let (val, cell) = self.b.model();
        let m = &mut *cell.borrow_mut();
        m.title = e.title.map(|t| self.text(t));
        m.description = e.description.map(|t| self.text(t));
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
            put_int(m, min, super::write::min_count(f));
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

/// The model is what the reader reads from the canonical schema: for every
/// normalize fixture's definition, in every profile that writes from the
/// model, the model the normalizer fills and the canonical schema it writes
/// (the writer all but `mcp` once had), read by the reader, say the same,
/// field by field and child by child.
#[cfg(test)]
mod tests {
    use super::super::options::Options;
    use super::super::profile::{read, text, Profile, Schema, SchemaNode, K};
    use super::super::val::{Arena, ValBuild};
    use crate::json::{Built, JsonBuilder};
    use crate::view::Key;
    use serde_json::Value;
    use std::fmt::Write;

    /// Every field of the model of `s`, its children's too.
    fn render<'v, N: SchemaNode<'v>>(s: N, out: &mut String) {
        let (modelled, read_in);
        let m: &Schema<'v, N> = match s.model() {
            Some(cell) => {
                modelled = cell.borrow();
                &modelled
            }
            None if !s.is_array() => {
                out.push_str(&text::json(s));
                return;
            }
            None => {
                read_in = read(s);
                &read_in
            }
        };
        let one = |v: Option<N>| v.map(text::json);
        let all = |vs: &[N]| vs.iter().map(|v| text::json(*v)).collect::<Vec<_>>();
        let _ = write!(
            out,
            "{{title {:?} description {:?} default {:?} examples {:?} nullable {} types {} formats {:?} patterns {:?} nots {:?} values {:?} const {} sets {:?} ",
            one(m.title),
            one(m.description),
            one(m.default),
            one(m.examples),
            m.nullable,
            m.types,
            all(&m.formats),
            all(&m.patterns),
            all(&m.nots),
            m.values.as_deref().map(all),
            m.is_const,
            m.value_sets.iter().map(|(v, c)| (text::json(*v), *c)).collect::<Vec<_>>(),
        );
        let _ = write!(
            out,
            "lengths {:?} {:?} bounds {:?} {:?} {:?} {:?} {:?} counts {:?} {:?} {:?} {:?} required {:?} one_of {:?} other {:?} ",
            m.min_length,
            m.max_length,
            m.minimum,
            m.exclusive_minimum,
            m.maximum,
            m.exclusive_maximum,
            m.multiple_of,
            m.min_items,
            m.max_items,
            m.min_properties,
            m.max_properties,
            one(m.required),
            one(m.one_of),
            other(m),
        );
        for (name, child) in [("items", m.items), ("additional", m.additional)] {
            if let Some(c) = child {
                let _ = write!(out, "{name} ");
                render(c, out);
            }
        }
        if let Some(props) = m.properties {
            props.each(|k, c| {
                let _ = write!(out, "property {:?} ", k.get());
                render(c, out);
            });
        }
        if let Some(list) = m.any_of {
            list.each(|_, c| {
                out.push_str("branch ");
                render(c, out);
            });
        }
        out.push('}');
    }

    /// The keywords kept as they are, with their keys.
    fn other<'v, N: SchemaNode<'v>>(m: &Schema<'v, N>) -> Vec<(String, String)> {
        let key = |k: &K<N::Key>| match k {
            K::S(s) => s.as_str().to_owned(),
            K::In(k) => format!("{:?}", k.get()),
        };
        m.other
            .iter()
            .map(|(k, v)| (key(k), text::json(*v)))
            .collect()
    }

    impl<'a> SchemaNode<'a> for Built<'a> {
        fn model(self) -> Option<&'a std::cell::RefCell<Schema<'a, Self>>> {
            None
        }
    }

    #[test]
    fn the_model_is_the_canonical_schema_read() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
        let (mut compared, mut failures) = (0, Vec::new());
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if !name.starts_with("normalize_") {
                continue;
            }
            let file: Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            for case in file["cases"].as_array().into_iter().flatten() {
                let Some(def) = case.get("definition").filter(|d| d.is_object()) else {
                    continue;
                };
                let def = &crate::json::php_shape(def);
                let options = case
                    .get("options")
                    .map(Options::read)
                    .unwrap_or(Ok(Options::default()));
                let Ok(options) = options else { continue };
                for profile in Profile::ALL.iter().copied().filter(|p| *p != Profile::Mcp) {
                    let options = Options { profile, ..options };
                    let arena = Arena::default();
                    let mut w = Vec::new();
                    let Ok(model) = super::super::canonical(
                        &mut ValBuild { arena: &arena },
                        def,
                        options,
                        &mut w,
                    ) else {
                        continue;
                    };
                    let written = super::super::canonical(&mut JsonBuilder, def, options, &mut w)
                        .expect("written as modelled");
                    let (mut a, mut b) = (String::new(), String::new());
                    render(model, &mut a);
                    render(Built(&written), &mut b);
                    compared += 1;
                    if a != b {
                        failures.push(format!(
                            "{name} {} {}:\n  model {a}\n  read  {b}",
                            case["name"],
                            profile.id().name
                        ));
                    }
                }
            }
        }
        assert!(compared > 1000, "only {compared} definitions compared");
        assert!(
            failures.is_empty(),
            "{} differ:\n{}",
            failures.len(),
            failures[..failures.len().min(5)].join("\n")
        );
    }
}
