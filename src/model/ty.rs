//! What a definition's type id is ([`Ty`]) and which family of keywords
//! applies to it ([`Cat`]): read by the catalogue, coercion and
//! normalization alike.

/// A typed-data id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    String,
    Text,
    Integer,
    Float,
    Decimal,
    Boolean,
    Email,
    Uri,
    Timestamp,
    DatetimeIso8601,
    DurationIso8601,
    /// Seconds (core's `timespan`).
    Timespan,
    /// A text format id (core's `filter_format`).
    FilterFormat,
    /// `entity`, `entity:T`, `entity:T:B`.
    Entity,
    Any,
    List,
    Map,
    /// Any other id (`entity:node`, ...).
    Other,
}

/// Which family of JSON Schema keywords applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cat {
    Str,
    Int,
    Num,
    Bool,
    List,
    Map,
    Any,
}

impl Ty {
    pub fn from_id(id: &[u8]) -> Ty {
        match id {
            b"string" => Ty::String,
            b"text" => Ty::Text,
            b"integer" => Ty::Integer,
            b"float" => Ty::Float,
            b"decimal" => Ty::Decimal,
            b"boolean" => Ty::Boolean,
            b"email" => Ty::Email,
            b"uri" => Ty::Uri,
            b"timestamp" => Ty::Timestamp,
            b"datetime_iso8601" => Ty::DatetimeIso8601,
            b"duration_iso8601" => Ty::DurationIso8601,
            b"timespan" => Ty::Timespan,
            b"filter_format" => Ty::FilterFormat,
            b"any" => Ty::Any,
            b"list" => Ty::List,
            b"map" => Ty::Map,
            b"entity" => Ty::Entity,
            _ if id.starts_with(b"entity:") => Ty::Entity,
            _ => Ty::Other,
        }
    }

    pub fn cat(self) -> Cat {
        match self {
            Ty::String
            | Ty::Text
            | Ty::Decimal
            | Ty::Email
            | Ty::Uri
            | Ty::DatetimeIso8601
            | Ty::DurationIso8601
            | Ty::FilterFormat => Cat::Str,
            Ty::Integer | Ty::Timestamp | Ty::Timespan => Cat::Int,
            Ty::Float => Cat::Num,
            Ty::Boolean => Cat::Bool,
            Ty::List => Cat::List,
            Ty::Map => Cat::Map,
            Ty::Any | Ty::Other | Ty::Entity => Cat::Any,
        }
    }
}
