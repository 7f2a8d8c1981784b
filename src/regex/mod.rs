//! PCRE → ECMA-262 translation (stub until the translator lands).

/// Why a pattern was not translated.
pub struct Skip {
    pub code: &'static str,
    pub message: String,
}

/// `source` is the full PHP pattern with delimiters and modifiers.
pub fn translate(_source: &str) -> Result<String, Skip> {
    Err(Skip {
        code: "regex_unsupported_construct",
        message: "regex translation is not available yet".to_owned(),
    })
}
