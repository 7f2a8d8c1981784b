//! Stage `emit`: spelling of ECMA-262 pattern text, valid under the `u` flag.
//! Mirrors `php/src/Regex/Emit.php`.

use super::charset::{CharSet, DIGIT_ASCII, WORD_ASCII};

/// PCRE `^` under `m`: start of subject, or after a newline that does not end it.
pub const CARET_MULTILINE: &str = "(?:^|(?<=\\n)(?!$))";
/// PCRE `$` under `m`: before any newline, or at the end.
pub const DOLLAR_MULTILINE: &str = "(?=\\n|$)";
/// PCRE `$` (no `m`, no `D`) and `\Z`: at the end, or before a final newline.
pub const DOLLAR_FINAL_NEWLINE: &str = "(?=\\n?$)";
/// PCRE `.` without `s` (it excludes only `\n`).
pub const DOT: &str = "[^\\n]";
/// PCRE `.` with `s`.
pub const DOT_ALL: &str = "[\\s\\S]";

/// A code point spelled for use inside or outside a character class.
pub fn char_text(cp: u32, in_class: bool) -> String {
    match cp {
        0x09 => "\\t".to_string(),
        0x0A => "\\n".to_string(),
        0x0D => "\\r".to_string(),
        0x00..=0x1F | 0x7F => format!("\\x{:02X}", cp),
        0x80.. => format!("\\u{{{:X}}}", cp),
        _ => {
            let c = char::from_u32(cp).unwrap_or('?');
            let special = if in_class {
                matches!(c, '\\' | ']' | '[' | '^' | '-')
            } else {
                matches!(
                    c,
                    '^' | '$'
                        | '\\'
                        | '.'
                        | '*'
                        | '+'
                        | '?'
                        | '('
                        | ')'
                        | '['
                        | ']'
                        | '{'
                        | '}'
                        | '|'
                )
            };
            if special {
                format!("\\{}", c)
            } else {
                c.to_string()
            }
        }
    }
}

/// A literal code point outside a class.
pub fn literal(cp: u32) -> String {
    char_text(cp, false)
}

/// A character class; `\d` and `\w` when the set is exactly ASCII digits / word characters.
pub fn class(set: &CharSet, negated: bool) -> String {
    if !negated && set.ranges == DIGIT_ASCII {
        return "\\d".to_string();
    }
    if !negated && set.ranges == WORD_ASCII {
        return "\\w".to_string();
    }
    let mut out = String::from(if negated { "[^" } else { "[" });
    for &(lo, hi) in &set.ranges {
        out.push_str(&char_text(lo, true));
        if hi > lo {
            if hi > lo + 1 {
                out.push('-');
            }
            out.push_str(&char_text(hi, true));
        }
    }
    out.push(']');
    out
}

/// A quantifier suffix.
pub fn quantifier(min: u32, max: Option<u32>, lazy: bool) -> String {
    let mut q = match (min, max) {
        (0, None) => "*".to_string(),
        (1, None) => "+".to_string(),
        (0, Some(1)) => "?".to_string(),
        (n, None) => format!("{{{},}}", n),
        (n, Some(m)) if n == m => format!("{{{}}}", n),
        (n, Some(m)) => format!("{{{},{}}}", n, m),
    };
    if lazy {
        q.push('?');
    }
    q
}
