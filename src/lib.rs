//! tool_schema: JSON Schema for Drupal Tool API input definitions, and repair of
//! the values LLM and MCP clients send back.
//!
//! The rules are written once, against two small traits ([`view::Node`] to read a
//! definition, [`view::Build`] to write the schema). The PHP extension implements
//! them over Zend hashtables (feature `extension`); [`json`] implements them over
//! `serde_json::Value` for the tests and for Rust callers.

pub mod coerce;
pub mod constraint;
pub mod error;
pub mod json;
pub mod model;
pub mod normalize;
pub mod sym;
pub mod view;

#[cfg(feature = "extension")]
mod php;

/// The version, as in Cargo.toml and composer.json.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// `normalize_schema` over serde_json values: `(schema, warnings)`.
pub fn normalize_json(
    definition: &serde_json::Value,
    options: Option<&serde_json::Value>,
) -> Result<(serde_json::Value, Vec<error::Warning>), error::DefinitionError> {
    let mut b = json::JsonBuilder;
    if !definition.is_object() && !definition.is_array() {
        return Err(error::DefinitionError {
            path: String::new(),
            message: "the definition must be an array".to_owned(),
        });
    }
    let mut warnings = Vec::new();
    // As PHP holds it (`json_decode($json, true)`): the schema shares parts
    // of it, and the profiles read them as they are shared.
    let definition = &json::php_shape(definition);
    let arena = normalize::val::Arena::default();
    let schema = normalize::normalize(&mut b, &arena, definition, options, &mut warnings)?;
    Ok((schema, warnings))
}

/// `fit_budget` over serde_json values: `(tools, warnings)`
/// ([`normalize::budget::fit`]).
pub fn fit_budget_json(
    tools: &serde_json::Value,
    options: Option<&serde_json::Value>,
) -> Result<(serde_json::Value, Vec<error::Warning>), error::DefinitionError> {
    let mut b = json::JsonBuilder;
    if !tools.is_object() && !tools.is_array() {
        return Err(error::DefinitionError {
            path: String::new(),
            message: "the tools must be an array".to_owned(),
        });
    }
    let mut warnings = Vec::new();
    let tools = &json::php_shape(tools);
    let out = normalize::budget::fit(&mut b, tools, options, &mut warnings, |def, o, ex| {
        let mut b = json::JsonBuilder;
        let mut warnings = Vec::new();
        let arena = normalize::val::Arena::default();
        let (schema, stats) = normalize::normalize_counted(&mut b, &arena, def, o, &mut warnings)?;
        let examples = if ex {
            normalize::input_examples::build(&mut b, def, json::Built(&schema))
        } else {
            None
        };
        Ok(normalize::budget::Normalized {
            schema,
            stats,
            warnings,
            examples,
        })
    })?;
    Ok((out, warnings))
}
