//! The one place a schema is read: a base schema (foreign JSON Schema, as a
//! definition gives it, copied with its null let in) into the model a
//! profile writes from ([`Schema`], [`read`]): the nullable wrapper, `allOf`
//! entries of simple keywords and every `enum`/`const` folded in. Its
//! per-keyword rule ([`simple`]) is also how the normalizer fills a model
//! (`normalize::fill`), so a keyword lands where it lands for a base schema.
//! `php/src/Normalize/Profile/Reader.php` is its twin.

use super::{text, type_bit, Schema, K};
use crate::model::facets::{lower, lower_num, raise, raise_num};
use crate::model::schema::{guard_count, is_null_schema, list_of};
use crate::model::vocab::Num;
use crate::sym::Sym;
use crate::view::{Key, Kind, Node};

fn non_negative<'v, N: Node<'v>>(v: N) -> Option<i64> {
    match v.kind() {
        Kind::Int(i) if i >= 0 => Some(i),
        _ => None,
    }
}

/// The non-null branch of a nullable wrapper: a node whose only validation
/// keyword is `oneOf`/`anyOf` of two branches, one of them `{"type": "null"}`.
pub fn null_wrapper<'v, N: Node<'v>>(s: N) -> Option<N> {
    let mut list = None;
    let mut other = false;
    s.each(|k, v| match k.sym() {
        Some(Sym::Title | Sym::Description | Sym::Default | Sym::Examples) => {}
        Some(Sym::OneOf | Sym::AnyOf) if list.is_none() => list = Some(v),
        _ => other = true,
    });
    let list = list.filter(|_| !other)?;
    if list.len() != 2 || !list.is_list() {
        return None;
    }
    let branches = list_of(list);
    match (is_null_schema(branches[0]), is_null_schema(branches[1])) {
        (false, true) if branches[0].is_array() => Some(branches[0]),
        (true, false) if branches[1].is_array() => Some(branches[1]),
        _ => None,
    }
}

/// Reads a schema object into its parts, the nullable wrapper and `allOf`
/// entries of simple keywords included.
pub fn read<'v, N: Node<'v>>(s: N) -> Schema<'v, N> {
    let mut p = Schema::default();
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
    body.each(|k, v| {
        if !keyword(&mut p, k.sym(), v, &mut type_null, &mut all_of) {
            p.other.push((K::In(k), v));
        }
    });
    if let Some(entries) = all_of {
        entries.each(|_, e| {
            if !merge_entry(&mut p, e) {
                p.other.push((K::S(Sym::AllOf), e));
            }
        });
    }
    // Null: a `{"type": "null"}` branch, or `type` lets it in and every
    // enum/const holds it.
    p.nullable = wrapper.is_some()
        || (type_null
            && p.value_sets
                .iter()
                .all(|(set, is_const)| admits_null(*set, *is_const)));
    intersect_values(&mut p);
    p
}

/// Reads one keyword of the node into `p`; false when it is not one the parts
/// hold (it goes to `other`). `all_of` is merged after the others.
fn keyword<'v, N: Node<'v>>(
    p: &mut Schema<'v, N>,
    sym: Option<Sym>,
    v: N,
    type_null: &mut bool,
    all_of: &mut Option<N>,
) -> bool {
    // The first annotation stays: a nullable wrapper's, read before its body.
    let keep = move |slot: &mut Option<N>| {
        slot.get_or_insert(v);
        true
    };
    let set = move |slot: &mut Option<N>| {
        *slot = Some(v);
        true
    };
    match sym {
        Some(Sym::Title) if matches!(v.kind(), Kind::Str(_)) => keep(&mut p.title),
        Some(Sym::Description) if matches!(v.kind(), Kind::Str(_)) => keep(&mut p.description),
        Some(Sym::Default) => keep(&mut p.default),
        Some(Sym::Examples) if v.is_list() && v.is_array() => keep(&mut p.examples),
        Some(Sym::Type) => read_type(v, &mut p.types, type_null),
        Some(Sym::AllOf) if v.is_list() && v.is_array() => set(all_of),
        Some(Sym::AnyOf) if v.is_list() && v.is_array() && !v.is_empty() => set(&mut p.any_of),
        Some(Sym::OneOf) if v.is_list() && v.is_array() && !v.is_empty() => set(&mut p.one_of),
        Some(Sym::Items) => set(&mut p.items),
        Some(Sym::Properties) if v.is_array() => set(&mut p.properties),
        Some(Sym::Required) if v.is_list() && v.is_array() => set(&mut p.required),
        Some(Sym::AdditionalProperties) => set(&mut p.additional),
        Some(s) => simple(p, s, v),
        None => false,
    }
}

/// The allowed values: every `enum`/`const` intersected, null left out.
pub fn intersect_values<'v, N: Node<'v>>(p: &mut Schema<'v, N>) {
    if p.value_sets.is_empty() {
        return;
    }
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

fn admits_null<'v, N: Node<'v>>(set: N, is_const: bool) -> bool {
    if is_const {
        return matches!(set.kind(), Kind::Null);
    }
    let mut found = false;
    set.each(|_, v| found |= matches!(v.kind(), Kind::Null));
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
            list.each(|_, t| {
                if let Kind::Str(name) = t.kind() {
                    one(name, &mut acc);
                }
            });
            *types = acc;
            true
        }
        _ => false,
    }
}

/// Whether `v` is a value of the simple keyword `s` (those an `allOf`
/// entry may hold too, `multipleOf` aside).
fn fits<'v, N: Node<'v>>(s: Sym, v: N) -> bool {
    match s {
        Sym::Format | Sym::Pattern => matches!(v.kind(), Kind::Str(_)),
        Sym::Not | Sym::Const => true,
        Sym::Enum => v.is_array() && v.is_list(),
        Sym::MinLength
        | Sym::MaxLength
        | Sym::MinItems
        | Sym::MaxItems
        | Sym::MinProperties
        | Sym::MaxProperties => non_negative(v).is_some(),
        Sym::Minimum | Sym::ExclusiveMinimum | Sym::Maximum | Sym::ExclusiveMaximum => {
            text::num_of(v).is_some()
        }
        _ => false,
    }
}

/// Reads one of the simple keywords, or `multipleOf`: a bound keeps the
/// tighter of the node's and its `allOf` entries'.
pub fn simple<'v, N: Node<'v>>(p: &mut Schema<'v, N>, s: Sym, v: N) -> bool {
    let count = non_negative(v).unwrap_or(0);
    let num = text::num_of(v);
    if s == Sym::MultipleOf {
        let first = p.multiple_of.is_none() && num.is_some_and(|n| n.as_f64() > 0.0);
        if first {
            p.multiple_of = num;
        }
        return first;
    }
    if !fits(s, v) {
        return false;
    }
    let num = num.unwrap_or(Num::Int(0));
    match s {
        Sym::Format => p.formats.push(v),
        Sym::Pattern => p.patterns.push(v),
        Sym::Not => {
            // NotNull's guard (`not: {items: ...}`, `not: {additionalProperties:
            // ...}`) refuses the empty list or map: the count it implies, for
            // a profile that drops the `not`.
            match guard_count(v) {
                Some(Sym::Items) => raise(&mut p.min_items, 1),
                Some(_) => raise(&mut p.min_properties, 1),
                None => {}
            }
            p.nots.push(v)
        }
        Sym::Enum | Sym::Const => p.value_sets.push((v, s == Sym::Const)),
        Sym::MinLength => raise(&mut p.min_length, count),
        Sym::MaxLength => lower(&mut p.max_length, count),
        Sym::MinItems => raise(&mut p.min_items, count),
        Sym::MaxItems => lower(&mut p.max_items, count),
        Sym::MinProperties => raise(&mut p.min_properties, count),
        Sym::MaxProperties => lower(&mut p.max_properties, count),
        Sym::Minimum => raise_num(&mut p.minimum, num),
        Sym::ExclusiveMinimum => raise_num(&mut p.exclusive_minimum, num),
        Sym::Maximum => lower_num(&mut p.maximum, num),
        Sym::ExclusiveMaximum => lower_num(&mut p.exclusive_maximum, num),
        _ => return false,
    }
    true
}

fn is_annotation(s: Option<Sym>) -> bool {
    matches!(
        s,
        Some(Sym::Title | Sym::Description | Sym::Default | Sym::Examples)
    )
}

/// Merges an `allOf` entry made only of simple keywords (annotations in it
/// are left out); false when it holds anything else.
fn merge_entry<'v, N: Node<'v>>(p: &mut Schema<'v, N>, e: N) -> bool {
    if !e.is_array() || e.is_empty() {
        return false;
    }
    let mergeable = e.all(|k, v| is_annotation(k.sym()) || k.sym().is_some_and(|s| fits(s, v)));
    if mergeable {
        e.each(|k, v| {
            if let Some(s) = k.sym().filter(|s| !is_annotation(Some(*s))) {
                simple(p, s, v);
            }
        });
    }
    mergeable
}
