//! String formats: `Email` → `email`, `Url` → `uri`, `Uuid` → `uuid`, `Ip` →
//! `ipv4`/`ipv6` (by `version`), `Date`/`DateOnly` → `date`, and `DateTime` with
//! its default format `Y-m-d H:i:s` → a `pattern`. Other options of these
//! constraints (other IP ranges, other date formats) are left out.

use super::definition::Cat;
use super::facets::{Facets, Pattern, Rule};
use crate::sym::Sym;
use crate::view::{Kind, Node};

pub fn apply<'a, N: Node<'a>>(rule: &Rule<'_, 'a>, which: Sym, opts: N, facets: &mut Facets<N>) {
    if rule.cat != Cat::Str {
        return;
    }
    let option = |key: Sym| opts.get(key).map(|n| n.kind());
    match which {
        Sym::Email => facets.add_format(Sym::FormatEmail),
        Sym::Url => facets.add_format(Sym::FormatUri),
        Sym::Uuid => facets.add_format(Sym::FormatUuid),
        Sym::Ip => match option(Sym::Version) {
            None | Some(Kind::Null) | Some(Kind::Str(b"4")) | Some(Kind::Int(4)) => {
                facets.add_format(Sym::FormatIpv4)
            }
            Some(Kind::Str(b"6")) | Some(Kind::Int(6)) => facets.add_format(Sym::FormatIpv6),
            _ => {}
        },
        Sym::Date | Sym::DateOnly => facets.add_format(Sym::FormatDate),
        Sym::DateTime => match option(Sym::Format) {
            None | Some(Kind::Null) | Some(Kind::Str(b"Y-m-d H:i:s")) => {
                facets.patterns.push(Pattern::Sym(Sym::DateTimePattern))
            }
            _ => {}
        },
        _ => {}
    }
}
