//! Every fixed string the normalizer reads or writes: definition keys, constraint
//! names, JSON Schema keywords and literal values.
//!
//! The zval backend interns each of them once (at MINIT) so lookups and inserts use
//! a precomputed hash; the serde_json backend uses [`Sym::as_str`].

macro_rules! symbols {
    ($($name:ident = $text:literal,)*) => {
        /// A well-known string.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(u16)]
        pub enum Sym { $($name,)* }

        impl Sym {
            /// Every symbol, in declaration order (index = `sym as usize`).
            pub const ALL: &'static [Sym] = &[$(Sym::$name,)*];

            /// The text of the symbol.
            pub const fn as_str(self) -> &'static str {
                match self { $(Sym::$name => $text,)* }
            }
        }
    };
}

symbols! {
    // Definition keys.
    Type = "type",
    Label = "label",
    Description = "description",
    Required = "required",
    Default = "default",
    Constraints = "constraints",
    Examples = "examples",
    Items = "items",
    Properties = "properties",
    BaseSchema = "base_schema",
    // Option keys and values.
    Options = "options",
    Schema = "schema",
    Strict = "strict",
    InputExamples = "input_examples",
    Nullable = "nullable",
    Title = "title",
    DerivedEnumLimit = "derived_enum_limit",
    Profile = "profile",
    TypeArray = "type_array",
    OneOfStyle = "one_of",
    AnyOfStyle = "any_of",
    Merged = "merged",
    Split = "split",
    // Constraint names and their option keys.
    Length = "Length",
    Count = "Count",
    Range = "Range",
    GreaterThan = "GreaterThan",
    GreaterThanOrEqual = "GreaterThanOrEqual",
    LessThan = "LessThan",
    LessThanOrEqual = "LessThanOrEqual",
    Positive = "Positive",
    PositiveOrZero = "PositiveOrZero",
    Negative = "Negative",
    NegativeOrZero = "NegativeOrZero",
    Choice = "Choice",
    AllowedValues = "AllowedValues",
    PluginExists = "PluginExists",
    EntityBundleExists = "EntityBundleExists",
    FixedValue = "FixedValue",
    IdenticalTo = "IdenticalTo",
    NotBlank = "NotBlank",
    Email = "Email",
    Url = "Url",
    Uuid = "Uuid",
    Ip = "Ip",
    Date = "Date",
    DateOnly = "DateOnly",
    DateTime = "DateTime",
    Regex = "Regex",
    NotNull = "NotNull",
    NullConstraint = "Null",
    Blank = "Blank",
    CountryCode = "CountryCode",
    ExtensionName = "ExtensionName",
    Min = "min",
    Max = "max",
    Exactly = "exactly",
    Value = "value",
    Choices = "choices",
    Pattern = "pattern",
    Match = "match",
    Version = "version",
    Callback = "callback",
    Multiple = "multiple",
    Format = "format",
    Protocols = "protocols",
    RelativeProtocol = "relativeProtocol",
    Versions = "versions",
    AllowNull = "allowNull",
    Normalizer = "normalizer",
    // JSON Schema keywords not listed above.
    Not = "not",
    Enum = "enum",
    Const = "const",
    MinLength = "minLength",
    MaxLength = "maxLength",
    Minimum = "minimum",
    ExclusiveMinimum = "exclusiveMinimum",
    Maximum = "maximum",
    ExclusiveMaximum = "exclusiveMaximum",
    MinItems = "minItems",
    MaxItems = "maxItems",
    MinProperties = "minProperties",
    MaxProperties = "maxProperties",
    AdditionalProperties = "additionalProperties",
    OneOf = "oneOf",
    AnyOf = "anyOf",
    AllOf = "allOf",
    PropertyNames = "propertyNames",
    MultipleOf = "multipleOf",
    Example = "example",
    // JSON Schema literal values.
    String = "string",
    Integer = "integer",
    Number = "number",
    Boolean = "boolean",
    Array = "array",
    Object = "object",
    Null = "null",
    FormatEmail = "email",
    FormatUri = "uri",
    FormatDuration = "duration",
    FormatDateTime = "date-time",
    FormatDate = "date",
    FormatUuid = "uuid",
    FormatIpv4 = "ipv4",
    FormatIpv6 = "ipv6",
    DecimalPattern = "^-?\\d+(\\.\\d+)?$",
    // Symfony's DateTime with its default format `Y-m-d H:i:s` (what
    // date_format makes of it, interned): real calendar dates (leap years
    // included), 00-23 hours, 00-59 minutes and seconds.
    DateTimePattern = "^(?:[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])|[0-9]{4}-(?:0[13-9]|1[0-2])-(?:29|30)|[0-9]{4}-(?:0[13578]|1[02])-31|(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29) (?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$",
    // Format corners (format_corner.rs, issue 30): what Drupal refuses that
    // the format accepts.
    EmailLengthPattern = "^[^@]{1,64}@([^.]{1,62}\\.)*[^.]{1,62}$",
    NoLeapSecondPattern = "^.{17}[0-5]",
    UriSchemePattern = "^[^:]+:([^0-9]|[0-9]{1,5}[^0-9/]|[0-9]{6}|$)",
    // NotBlank with normalizer trim: a character that trim() keeps.
    NotBlankTrimPattern = "[^\\t\\n\\x0B\\r \\x00]",
    // Symfony's Date: checkdate() wants a year from 1.
    DateYearPattern = "^(?:[1-9][0-9]{3}|0[1-9][0-9]{2}|00[1-9][0-9]|000[1-9])-",
    // Warning keys.
    Code = "code",
    Path = "path",
    Message = "message",
}

impl Sym {
    /// Finds the symbol whose text is `text` (binary search in a table sorted
    /// once).
    pub fn find(text: &[u8]) -> Option<Sym> {
        static SORTED: std::sync::OnceLock<Vec<(&'static [u8], Sym)>> = std::sync::OnceLock::new();
        let table = SORTED.get_or_init(|| {
            let mut t: Vec<(&'static [u8], Sym)> = Sym::ALL
                .iter()
                .map(|s| (s.as_str().as_bytes(), *s))
                .collect();
            t.sort_by(|a, b| a.0.cmp(b.0));
            t
        });
        table
            .binary_search_by(|(k, _)| (*k).cmp(text))
            .ok()
            .map(|i| table[i].1)
    }
}

#[cfg(test)]
mod tests {
    use super::Sym;

    #[test]
    fn every_symbol_is_found_by_its_text_and_texts_are_unique() {
        for s in Sym::ALL {
            assert_eq!(Sym::find(s.as_str().as_bytes()), Some(*s));
        }
        assert_eq!(Sym::find(b"nope"), None);
        assert_eq!(Sym::find(b""), None);
    }
}
