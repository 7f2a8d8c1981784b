//! B6: `""` for an optional input that cannot hold it becomes null.
//!
//! Inputs that cannot hold `""`: the integer kinds (integer, timestamp,
//! timespan), float, boolean, list, map, and the two string-typed kinds for
//! which `""` is never valid: decimal and datetime_iso8601. And (issue 19) a
//! string kind whose schema refuses `""` although Drupal's validators skip
//! it ([`refuses_empty`]): `email`, `uri`, `duration_iso8601` (their
//! `format`), `Email`, `Url`, `Uuid`, `Ip`, `Date`/`DateOnly` (a format or
//! pattern), `Length` with a minimum of 1 or more, a `Regex` whose stated
//! `pattern` does not match `""` (or whose `match: false` pattern does). Not
//! applied to the other string kinds, nor where the schema accepts `""`, nor
//! to `any` or other ids (`entity:node`, ...), nor to required inputs, nor to
//! `" "`. Takes precedence over list wrapping.
//!
//! Never where a null could empty a list or map that must not be empty
//! (Drupal's NotNull treats a list of null items, or a map of null values,
//! as null): not for the items or properties of a required list or map (or
//! one with a constraint refusing null), nor below a list item of such a
//! list ([`Def::may_null`]).

use super::{Def, Repair, Scalar};
use crate::normalize::definition::{Cat, Ty};
use crate::regex::ir::{Assert, Look, Node as Re};
use crate::sym::Sym;
use crate::view::{Key, Kind, Node};

pub fn applies_to(ty: Ty) -> bool {
    matches!(
        ty.cat(),
        Cat::Int | Cat::Num | Cat::Bool | Cat::List | Cat::Map
    ) || matches!(ty, Ty::Decimal | Ty::DatetimeIso8601)
}

pub fn decide<'a, N: Node<'a>>(def: &Def<N>, v: Scalar<'_>) -> Option<Repair<N>> {
    (v == Scalar::Str(b"")
        && !def.required
        && def.may_null
        && (applies_to(def.ty) || refuses_empty(def)))
    .then_some(Repair::Null)
}

/// A string kind whose schema (normalize_schema's) refuses `""`.
pub fn refuses_empty<'a, N: Node<'a>>(def: &Def<N>) -> bool {
    if def.ty.cat() != Cat::Str {
        return false;
    }
    if matches!(def.ty, Ty::Email | Ty::Uri | Ty::DurationIso8601) {
        return true;
    }
    let Some(constraints) = def.node.get(Sym::Constraints) else {
        return false;
    };
    constraints
        .try_each(|name, o| match name.sym() {
            Some(Sym::Email | Sym::Url | Sym::Uuid | Sym::Ip | Sym::Date | Sym::DateOnly) => {
                Err(())
            }
            Some(Sym::Length) if length_min(o) >= 1 => Err(()),
            Some(Sym::Regex) if regex_refuses_empty(o) => Err(()),
            _ => Ok(()),
        })
        .is_err()
}

/// The minimum a `Length` states (0 when none, or when its options are not
/// ones normalize_schema reads).
fn length_min<'a, N: Node<'a>>(o: N) -> i64 {
    let int = |key: Sym| match o.get(key).map(|n| n.kind()) {
        Some(Kind::Int(i)) => Some(i),
        _ => None,
    };
    match o.kind() {
        Kind::Int(i) => i,
        Kind::Array(_) => match (int(Sym::Min), o.get(Sym::Max)) {
            (Some(m), _) => m,
            (None, Some(max)) if !matches!(max.kind(), Kind::Null) => 0,
            (None, _) => int(Sym::Value).or_else(|| int(Sym::Exactly)).unwrap_or(0),
        },
        _ => 0,
    }
}

/// Whether a `Regex`'s stated pattern (only one that translates is stated)
/// refuses `""`: the pattern does not match it, or, with `match: false`, does.
fn regex_refuses_empty<'a, N: Node<'a>>(o: N) -> bool {
    let (source, matches) = match o.kind() {
        Kind::Str(s) => (s, true),
        Kind::Array(a) => match (
            a.get(Sym::Pattern).map(|n| n.kind()),
            a.get(Sym::Match).map(|n| n.kind()),
        ) {
            (Some(Kind::Str(s)), None | Some(Kind::Null)) => (s, true),
            (Some(Kind::Str(s)), Some(Kind::Bool(m))) => (s, m),
            _ => return false,
        },
        _ => return false,
    };
    let Ok(source) = std::str::from_utf8(source) else {
        return false;
    };
    if crate::regex::translate(source).is_err() {
        return false;
    }
    let Ok((body, modifiers)) = crate::regex::delimiters::split(source) else {
        return false;
    };
    let Ok(version) = crate::regex::pcre::check(&crate::regex::pcre::version()) else {
        return false;
    };
    let Ok(parsed) =
        crate::regex::parser::parse(body, &modifiers, version, &mut crate::regex::Work::new())
    else {
        return false;
    };
    matches_empty(&parsed.root) != matches
}

/// Whether a pattern matches the empty subject (its only position is both
/// its start and its end, with no character on either side).
pub fn matches_empty(n: &Re) -> bool {
    match n {
        Re::Set(_) => false,
        Re::Assert(a) => !matches!(a, Assert::WordB),
        Re::Look(Look::Ahead | Look::Behind, body) => matches_empty(body),
        Re::Look(Look::NegAhead | Look::NegBehind, body) => !matches_empty(body),
        Re::Cat(items) => items.iter().all(matches_empty),
        Re::Alt(branches) => branches.iter().any(matches_empty),
        Re::Repeat(r) => r.min == 0 || matches_empty(&r.body),
    }
}
