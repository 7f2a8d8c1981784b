//! Typed-data id → JSON Schema `type` (and `format`): boolean→boolean,
//! integer→integer, float→number, string/text→string, email→string+email,
//! uri→string+uri, duration_iso8601→string+duration, filter_format→string,
//! timespan→integer (seconds, see date_time); `any` and unknown ids → any
//! non-null JSON type (unknown ids with a warning unless `base_schema` is given).
//! decimal, timestamp and datetime_iso8601 have their own rules.

use crate::model::ty::Ty;
use crate::sym::Sym;
use crate::view::Node;

pub const UNKNOWN: &str = "base_type_unknown";

/// The JSON types of `any`: everything but null.
pub const ANY: [Sym; 5] = [
    Sym::String,
    Sym::Number,
    Sym::Boolean,
    Sym::Array,
    Sym::Object,
];

/// The single JSON type of `ty`, or `None` for `any`/unknown ids.
pub fn json_type(ty: Ty) -> Option<Sym> {
    Some(match ty {
        Ty::Boolean => Sym::Boolean,
        Ty::Integer | Ty::Timestamp | Ty::Timespan => Sym::Integer,
        Ty::Float => Sym::Number,
        Ty::String
        | Ty::Text
        | Ty::Email
        | Ty::Uri
        | Ty::Decimal
        | Ty::DatetimeIso8601
        | Ty::DurationIso8601
        | Ty::FilterFormat
        | Ty::Entity => Sym::String,
        Ty::List => Sym::Array,
        Ty::Map => Sym::Object,
        Ty::Any | Ty::Other => return None,
    })
}

/// The `format` a type implies.
pub fn format(ty: Ty) -> Option<Sym> {
    match ty {
        Ty::Email => Some(Sym::FormatEmail),
        Ty::Uri => Some(Sym::FormatUri),
        Ty::DurationIso8601 => Some(Sym::FormatDuration),
        Ty::DatetimeIso8601 => super::date_time::format(ty),
        _ => None,
    }
}

/// `any` whose constraints only a string can meet is a string (issue 19):
/// the formats that refuse every value but a string of their form
/// ([`crate::constraint::format::only_strings`]), so the schema states
/// `type: string` and the constraint, instead of the union and
/// `constraint_not_applicable`. Since issue 30 also `any` with `Length` or
/// `Regex` ([`crate::constraint::reads_string_form`]): those read a number's
/// or boolean's PHP string form (`5` fails `Length` 4, `"0"` too), which no
/// JSON Schema keyword counts or matches, so the canonical form is narrowed
/// to a string, where both are stated exactly (refusing a number Drupal
/// would accept is allowed; accepting one it rejects is not).
#[inline(always)]
pub fn strings_only<'a, N: Node<'a>>(ty: Ty, base_schema: Option<N>, constraints: Option<N>) -> Ty {
    if ty != Ty::Any || base_schema.is_some() {
        return ty;
    }
    let Some(c) = constraints else { return ty };
    if crate::constraint::only_strings(c) || crate::constraint::reads_string_form(c) {
        Ty::String
    } else {
        ty
    }
}
