//! The `$options` array of `normalize_schema()`.

use super::profile::Profile;
use crate::error::{DefinitionError, Path, Seg};
use crate::sym::Sym;
use crate::view::{Key, Kind, Node};

/// How an optional input lets null through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NullStyle {
    /// `"type": ["string", "null"]` (Drupal 10 path).
    TypeArray,
    /// `"oneOf": [{...}, {"type": "null"}]` (Drupal 11.1+ core path).
    OneOf,
    /// `"anyOf": [{...}, {"type": "null"}]`.
    AnyOf,
}

#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub nullable: NullStyle,
    /// `title: "split"`: label in `title`, description in `description`.
    pub split_title: bool,
    pub derived_enum_limit: i64,
    /// The consumer the schema is written for (`mcp` by default).
    pub profile: Profile,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            nullable: NullStyle::TypeArray,
            split_title: false,
            derived_enum_limit: 50,
            profile: Profile::Mcp,
        }
    }
}

fn bad(key: Sym, message: &str) -> DefinitionError {
    let mut p = Path::default();
    p.push(Seg::Sym(Sym::Options));
    p.error(&[Seg::Sym(key)], message)
}

impl Options {
    /// Reads and checks the options array. Unknown keys are an error, so that a
    /// misspelt option is not silently ignored.
    pub fn read<'a, N: Node<'a>>(options: N) -> Result<Options, DefinitionError> {
        let mut o = Options::default();
        options.try_each(|key, value| {
            match key.sym() {
                Some(Sym::Nullable) => {
                    o.nullable = match value.kind() {
                        Kind::Str(b"type_array") => NullStyle::TypeArray,
                        Kind::Str(b"one_of") => NullStyle::OneOf,
                        Kind::Str(b"any_of") => NullStyle::AnyOf,
                        _ => {
                            return Err(bad(
                                Sym::Nullable,
                                "must be \"type_array\", \"one_of\" or \"any_of\"",
                            ))
                        }
                    }
                }
                Some(Sym::Title) => {
                    o.split_title = match value.kind() {
                        Kind::Str(b"merged") => false,
                        Kind::Str(b"split") => true,
                        _ => return Err(bad(Sym::Title, "must be \"merged\" or \"split\"")),
                    }
                }
                Some(Sym::DerivedEnumLimit) => {
                    o.derived_enum_limit = match value.kind() {
                        Kind::Int(i) if i >= 0 => i,
                        _ => {
                            return Err(bad(
                                Sym::DerivedEnumLimit,
                                "must be a non-negative integer",
                            ))
                        }
                    }
                }
                Some(Sym::Profile) => {
                    o.profile = match value.kind() {
                        Kind::Str(s) => Profile::parse(s),
                        _ => None,
                    }
                    .ok_or_else(|| {
                        bad(
                            Sym::Profile,
                            "must be \"mcp\", \"openai\", \"anthropic\", \"gemini\" or \"gemini_json\"",
                        )
                    })?;
                }
                _ => {
                    let mut p = Path::default();
                    p.push(Seg::Sym(Sym::Options));
                    return Err(p.error(&[Seg::Key(key.get())], "unknown option"));
                }
            }
            Ok(())
        })?;
        Ok(o)
    }
}
