//! String formats, as Symfony's validators accept them:
//! - `Email` → `format: email`;
//! - `Url` → `format: uri` and a `pattern` of http(s) URLs with a host (the
//!   `protocols` option, `relativeProtocol`): an ASCII subset of what
//!   Symfony's UrlValidator accepts (no user info, IPv6 hosts or non-ASCII);
//! - `Uuid` → `format: uuid` and a `pattern` of strict RFC 9562 UUIDs of the
//!   allowed `versions` (Symfony refuses the nil and max UUIDs, other variants,
//!   the `urn:uuid:` form);
//! - `Ip` → `ipv4` / `ipv6` / either (`all`); the versions that also exclude
//!   private or reserved ranges are stated by their base format only, with a
//!   [`PARTIAL`] warning;
//! - `Date`/`DateOnly` → `format: date` and a year from 1 (checkdate());
//! - `DateTime` → a `pattern` of its format, real calendar dates and times
//!   ([`crate::model::date_format`]); a format with what that does not state:
//!   [`UNSTATED`].
//!
//! On a type other than a string, Drupal runs them on the value cast to a
//! string: not stated ([`super::NOT_APPLICABLE`]).
//!
//! All but `DateTime` refuse every value but a string of their form
//! ([`only_strings`]).

use crate::error::{DefinitionError, Seg};
use crate::model::facets::{Extra, Facets, Pattern, Rule};
use crate::model::ty::Cat;
use crate::sym::Sym;
use crate::view::{Kind, Node};

pub const PARTIAL: &str = "format_partial";
pub const UNSTATED: &str = "format_unstated";

const HEX: &str = "[0-9A-Fa-f]";

/// Whether the constraint is a format that refuses every value but a string
/// of its form, `""` included: `Email`, `Url`, `Uuid`, `Ip`, `Date`, `DateOnly` (a number or
/// boolean is cast to a string that never has it, an array or map makes the
/// validator throw; checked on Drupal 10.6), not `DateTime`.
pub fn only_strings(which: Sym) -> bool {
    matches!(
        which,
        Sym::Email | Sym::Url | Sym::Uuid | Sym::Ip | Sym::Date | Sym::DateOnly
    )
}

pub fn apply<'a, N: Node<'a>>(
    rule: &mut Rule<'_, 'a>,
    opts: N,
    facets: &mut Facets<N>,
) -> Result<(), DefinitionError> {
    // Options are read (and checked) whatever the type.
    let option = |key: Sym| opts.get(key).map(|n| n.kind());
    let pattern = match rule.id {
        Sym::Url => Some(url_pattern(rule, opts)?),
        Sym::Uuid => Some(uuid_pattern(rule, opts)?),
        _ => None,
    };
    let ip = match rule.id {
        Sym::Ip => Some(ip_version(rule, opts)?),
        _ => None,
    };
    // DateTime: the pattern of its format (the default one interned), or
    // `None` when the format is not stated.
    let date_time = match (rule.id, option(Sym::Format)) {
        (Sym::DateTime, None | Some(Kind::Null) | Some(Kind::Str(b"Y-m-d H:i:s"))) => {
            Some(Pattern::Sym(Sym::DateTimePattern))
        }
        (Sym::DateTime, Some(Kind::Str(f))) => std::str::from_utf8(f)
            .ok()
            .and_then(crate::model::date_format::pattern)
            .map(Pattern::Text),
        (Sym::DateTime, Some(_)) => {
            return Err(rule.error(&[Seg::Sym(Sym::Format)], "must be a string"))
        }
        _ => None,
    };
    if rule.cat != Cat::Str {
        rule.not_applicable();
        return Ok(());
    }
    match rule.id {
        Sym::Email => facets.add_format(Sym::FormatEmail),
        // A relative URL (`//host`) is no absolute URI.
        Sym::Url if !matches!(option(Sym::RelativeProtocol), Some(Kind::Bool(true))) => {
            facets.add_format(Sym::FormatUri)
        }
        Sym::Uuid => facets.add_format(Sym::FormatUuid),
        Sym::Ip => match ip {
            Some(Ip::V4(exact)) | Some(Ip::V6(exact)) | Some(Ip::All(exact)) => {
                match ip {
                    Some(Ip::V4(_)) => facets.add_format(Sym::FormatIpv4),
                    Some(Ip::V6(_)) => facets.add_format(Sym::FormatIpv6),
                    _ => {
                        if !facets.extras.contains(&Extra::Ipv4OrIpv6) {
                            facets.extras.push(Extra::Ipv4OrIpv6)
                        }
                    }
                }
                if !exact {
                    rule.warn(
                        PARTIAL,
                        "the IP version is stated, the private or reserved ranges it excludes are not"
                            .to_owned(),
                    );
                }
            }
            None => {}
        },
        Sym::Date | Sym::DateOnly => {
            facets.add_format(Sym::FormatDate);
            facets.patterns.push(Pattern::Sym(Sym::DateYearPattern));
        }
        Sym::DateTime => match date_time {
            Some(p) => facets.patterns.push(p),
            None => rule.warn(
                UNSTATED,
                "the format uses what the schema does not state (see docs: date_format)".to_owned(),
            ),
        },
        _ => {}
    }
    if let Some(p) = pattern {
        facets.patterns.push(Pattern::Text(p));
    }
    Ok(())
}

/// The pattern of a `Url` constraint.
fn url_pattern<'a, N: Node<'a>>(rule: &Rule<'_, 'a>, opts: N) -> Result<String, DefinitionError> {
    let mut alternatives: Vec<String> = Vec::new();
    match opts.get(Sym::Protocols) {
        None => alternatives.extend(["http".to_owned(), "https".to_owned()]),
        Some(list) if matches!(list.kind(), Kind::Null) => {
            alternatives.extend(["http".to_owned(), "https".to_owned()])
        }
        Some(list) => {
            let bad = || {
                rule.error(
                    &[Seg::Sym(Sym::Protocols)],
                    "must be a non-empty list of URL schemes",
                )
            };
            if !list.is_list() || list.is_empty() {
                return Err(bad());
            }
            list.try_each(|_, p| match p.kind() {
                Kind::Str(s)
                    if !s.is_empty()
                        && s[0].is_ascii_alphabetic()
                        && s.iter()
                            .all(|c| c.is_ascii_alphanumeric() || b"+.-".contains(c)) =>
                {
                    // Symfony puts the scheme into its regex as it is: `.`
                    // matches itself among others, `+` does not match itself,
                    // so a scheme with `+` is left out (stricter).
                    if !s.contains(&b'+') {
                        let text = String::from_utf8_lossy(s).replace('.', "\\.");
                        alternatives.push(text);
                    }
                    Ok(())
                }
                _ => Err(bad()),
            })?;
        }
    }
    let relative = match opts.get(Sym::RelativeProtocol).map(|n| n.kind()) {
        None | Some(Kind::Null) => false,
        Some(Kind::Bool(b)) => b,
        Some(_) => return Err(rule.error(&[Seg::Sym(Sym::RelativeProtocol)], "must be a boolean")),
    };
    let scheme = if alternatives.is_empty() {
        // Every scheme had a `+`: only relative URLs, if any.
        None
    } else {
        Some(format!("(?:{})", alternatives.join("|")))
    };
    let start = match (scheme, relative) {
        (Some(s), false) => format!("{s}:"),
        (Some(s), true) => format!("(?:{s}:)?"),
        (None, true) => String::new(),
        // Nothing can match: a scheme no URL has.
        (None, false) => "[]".to_owned(),
    };
    Ok(format!(
        "^{start}//{host}(?::[0-9]+)?(?:/(?:{path}|%{HEX}{{2}})*)*(?:\\?(?:{query}|%{HEX}{{2}})*)?(?:#(?:{fragment}|%{HEX}{{2}})*)?$",
        host = "(?:(?:[A-Za-z0-9_\\-]+\\.)+[A-Za-z0-9]+\\.?|[A-Za-z0-9_\\-]+\\.?|[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3})",
        path = "[A-Za-z0-9\\-._~!$&'()*+,;=:@]",
        query = "[A-Za-z0-9\\-._~!$&'()*+,;=:@/?\\[\\]]",
        fragment = "[A-Za-z0-9\\-._~!$&'()*+,;=:@/?]",
    ))
}

/// The pattern of a `Uuid` constraint (strict form; the loose form accepts
/// more, so the strict one is a subset of it).
fn uuid_pattern<'a, N: Node<'a>>(rule: &Rule<'_, 'a>, opts: N) -> Result<String, DefinitionError> {
    let mut versions = [false; 9];
    let bad = || {
        rule.error(
            &[Seg::Sym(Sym::Versions)],
            "must be a UUID version from 1 to 8, or a list of them",
        )
    };
    let mut one = |v: N| -> Result<(), DefinitionError> {
        let n = match v.kind() {
            Kind::Int(i) => i,
            Kind::Str(s) if s.len() == 1 && s[0].is_ascii_digit() => i64::from(s[0] - b'0'),
            _ => return Err(bad()),
        };
        if !(1..=8).contains(&n) {
            return Err(bad());
        }
        versions[n as usize] = true;
        Ok(())
    };
    match opts.get(Sym::Versions) {
        None => versions[1..].fill(true),
        Some(v) => match v.kind() {
            Kind::Null => versions[1..].fill(true),
            Kind::Array(list) if list.is_list() && !list.is_empty() => {
                list.try_each(|_, item| one(item))?
            }
            Kind::Int(_) | Kind::Str(_) => one(v)?,
            _ => return Err(bad()),
        },
    }
    let class: String = (1..=8u8)
        .filter(|&i| versions[usize::from(i)])
        .map(|i| char::from(b'0' + i))
        .collect();
    let class = if class == "12345678" {
        "[1-8]".to_owned()
    } else {
        format!("[{class}]")
    };
    Ok(format!(
        "^{HEX}{{8}}-{HEX}{{4}}-{class}{HEX}{{3}}-[89ABab]{HEX}{{3}}-{HEX}{{12}}$"
    ))
}

#[derive(Clone, Copy)]
enum Ip {
    /// `exact`: the version only, no excluded ranges.
    V4(bool),
    V6(bool),
    All(bool),
}

fn ip_version<'a, N: Node<'a>>(rule: &Rule<'_, 'a>, opts: N) -> Result<Ip, DefinitionError> {
    let v = match opts.get(Sym::Version).map(|n| n.kind()) {
        None | Some(Kind::Null) => return Ok(Ip::V4(true)),
        Some(Kind::Int(4)) => return Ok(Ip::V4(true)),
        Some(Kind::Int(6)) => return Ok(Ip::V6(true)),
        Some(Kind::Str(s)) => s,
        Some(_) => b"?".as_slice(),
    };
    Ok(match v {
        b"4" => Ip::V4(true),
        b"6" => Ip::V6(true),
        b"all" => Ip::All(true),
        b"4_no_priv" | b"4_no_res" | b"4_public" => Ip::V4(false),
        b"6_no_priv" | b"6_no_res" | b"6_public" => Ip::V6(false),
        b"all_no_priv" | b"all_no_res" | b"all_public" => Ip::All(false),
        _ => {
            return Err(rule.error(
                &[Seg::Sym(Sym::Version)],
                "must be an IP version Symfony knows (4, 6, all, or one with _no_priv, _no_res, _public)",
            ))
        }
    })
}
