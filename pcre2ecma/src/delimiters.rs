//! Stage `delimiters`: splits a PHP pattern into its body and modifiers, the way
//! PHP 8.2's `pcre_get_compiled_regex_cache_ex()` does.
//! Mirrors `php/src/Delimiters.php`.

use super::{skip, Skip, INVALID, MODIFIER};

/// Pattern-wide modifiers.
#[derive(Clone, Copy, Debug, Default)]
pub struct Modifiers {
    pub caseless: bool,
    pub multiline: bool,
    pub dotall: bool,
    pub extended: bool,
    pub utf: bool,
    pub ungreedy: bool,
    pub dollar_endonly: bool,
    pub anchored: bool,
}

fn is_c_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

/// Returns the pattern body (between the delimiters) and the modifiers.
pub fn split(source: &str) -> Result<(&str, Modifiers), Skip> {
    let bytes = source.as_bytes();
    let mut p = 0;
    while p < bytes.len() && is_c_space(bytes[p]) {
        p += 1;
    }
    let Some(&start_delimiter) = bytes.get(p) else {
        return Err(skip(INVALID, "empty regular expression"));
    };
    if start_delimiter.is_ascii_alphanumeric() || start_delimiter == b'\\' || start_delimiter == 0 {
        return Err(skip(
            INVALID,
            "delimiter must not be alphanumeric, backslash or NUL",
        ));
    }
    if start_delimiter >= 0x80 {
        return Err(skip(INVALID, "no ending delimiter"));
    }
    let end = body_end(bytes, p + 1, start_delimiter)?;
    // The delimiters are ASCII, so both cuts fall on character boundaries.
    let body = source.get(p + 1..end).unwrap_or("");
    Ok((body, modifiers(&bytes[end + 1..])?))
}

/// The position of the delimiter that ends a body starting at `from`: the
/// start delimiter again, or the closing bracket of a bracket, brackets
/// nested inside counted (a backslash escapes the next byte).
fn body_end(bytes: &[u8], from: usize, start_delimiter: u8) -> Result<usize, Skip> {
    let end_delimiter = match start_delimiter {
        b'(' => b')',
        b'[' => b']',
        b'{' => b'}',
        b'<' => b'>',
        d => d,
    };
    let mut brackets = 1;
    let mut pp = from;
    while pp < bytes.len() {
        if bytes[pp] == b'\\' && pp + 1 < bytes.len() {
            pp += 1;
        } else if bytes[pp] == end_delimiter {
            brackets -= 1;
            if brackets <= 0 {
                return Ok(pp);
            }
        } else if bytes[pp] == start_delimiter {
            brackets += 1;
        }
        pp += 1;
    }
    Err(skip(INVALID, "no ending delimiter"))
}

/// The modifiers after the end delimiter.
fn modifiers(tail: &[u8]) -> Result<Modifiers, Skip> {
    let mut m = Modifiers::default();
    for &b in tail {
        match b {
            b'i' => m.caseless = true,
            b'm' => m.multiline = true,
            b's' => m.dotall = true,
            b'x' => m.extended = true,
            b'u' => m.utf = true,
            b'U' => m.ungreedy = true,
            b'D' => m.dollar_endonly = true,
            b'A' => m.anchored = true,
            b'n' | b'S' | b'X' | b' ' | b'\n' | b'\r' => {}
            _ => {
                let shown = if (0x21..0x7F).contains(&b) {
                    format!("'{}'", b as char)
                } else {
                    format!("0x{:02X}", b)
                };
                return Err(skip(
                    MODIFIER,
                    &format!("modifier {} is not supported", shown),
                ));
            }
        }
    }
    Ok(m)
}
