//! Format corners (issue 30): where a JSON Schema `format` accepts a string
//! that Drupal refuses, a `pattern` (and a length) beside it says so, measured
//! on Drupal 10.6 (tests/drupal/probe.php, the differential):
//!
//! - `format: email` (the `email` type, the `Email` constraint): Drupal's
//!   Email is egulias' strict validation (NoRFCWarningsValidation), which
//!   refuses a local part over 64 bytes, an address over 254, and a domain
//!   label over 63 bytes, counted with the dot before it for every label but
//!   the first (egulias 3.2: a label after a dot is refused from 63
//!   characters). So `maxLength: 254` and a pattern of at most 64 characters
//!   before the `@` and labels of at most 62 (the first one's 63rd character
//!   refused too: stricter, never looser). `format: email` itself (ajv) takes
//!   ASCII only, where characters are bytes.
//! - `datetime_iso8601` (`format: date-time`): RFC 3339 takes a leap second
//!   (`23:59:60Z`), PHP's DateTime (Drupal's primitive type check) refuses
//!   second 60. The format fixes every position, so the seconds' first digit
//!   is the 18th character: `^.{17}[0-5]`.
//! - `uri` (`format: uri`): Drupal's primitive type check wants
//!   `parse_url()` to find a scheme, and `parse_url()` reads `x:1`,
//!   `mailto:12345` or `urn:1/a` (a scheme, 1 to 5 digits, then the end or a
//!   `/`) as a host and a port, with no scheme. The pattern asks for
//!   something else after the scheme's colon: nothing, a non-digit, digits
//!   followed by a character other than a digit or `/`, or 6 digits or more.
//!   (Not the `Url` constraint: Symfony's own check, its pattern already asks
//!   for `//` and a host.)

use crate::model::facets::{lower, Facets, Pattern};
use crate::model::ty::Ty;
use crate::sym::Sym;

/// The most characters Drupal's Email takes (egulias: 254 bytes; the format
/// is ASCII).
pub const EMAIL_MAX_LENGTH: i64 = 254;

/// Adds the corners of the formats the definition states.
#[inline(always)]
pub fn apply<N>(ty: Ty, facets: &mut Facets<N>) {
    if facets.formats.contains(&Sym::FormatEmail) {
        facets.patterns.push(Pattern::Sym(Sym::EmailLengthPattern));
        lower(&mut facets.max_length, EMAIL_MAX_LENGTH);
    }
    match ty {
        Ty::DatetimeIso8601 => facets.patterns.push(Pattern::Sym(Sym::NoLeapSecondPattern)),
        Ty::Uri => facets.patterns.push(Pattern::Sym(Sym::UriSchemePattern)),
        _ => {}
    }
}
