//! Issue 27: a JSON text in a markdown code fence, for a `list` or `map`.
//!
//! Models wrap JSON in a fence: `` ```json\n["a"]\n``` ``, `` ```[1,2]``` ``,
//! `` ```json {"a":1}``` ``. The string, without its padding (the padding
//! rule), must open and close with ```` ``` ````; an optional language tag
//! `json` (any ASCII case) may follow the opening fence; what is left is read
//! as B1 reads a JSON string ([`super::json_string`]: the same decoder, the
//! same length cap on the whole string, the same first byte deciding the
//! kind: `[` for a list, `{` for a map), and the decoded value is coerced with
//! the same definition. Anything else stays unchanged: invalid JSON inside,
//! the wrong kind, text before or after the fence, an unclosed fence, another
//! tag (`` ```js ``). A string that holds a fence mark anywhere is never
//! wrapped into a list ([`has_fence`], [`super::list_wrap`]).

use super::json_string::{opening, MAX_JSON_LEN};
use super::Repair;
use crate::model::value::{trim, Scalar};

/// The fence mark.
pub const FENCE: &[u8] = b"```";

/// The text inside the fence: `s` without its padding is ```` ``` ````, an
/// optional `json` tag (any ASCII case), the text, ```` ``` ````.
pub fn inner(s: &[u8]) -> Option<&[u8]> {
    let body = trim(s).strip_prefix(FENCE)?.strip_suffix(FENCE)?;
    Some(match body.get(..4) {
        Some(tag) if tag.eq_ignore_ascii_case(b"json") => &body[4..],
        _ => body,
    })
}

/// Whether `s` holds a fence mark (never wrapped into a list).
pub fn has_fence(s: &[u8]) -> bool {
    s.windows(FENCE.len()).any(|w| w == FENCE)
}

/// `open` is `b'['` for a list, `b'{'` for a map. `Some(Fenced)` when the
/// walker must try to decode the text inside the fence.
pub fn decide<N>(v: Scalar<'_>, open: u8) -> Option<Repair<N>> {
    let Scalar::Str(s) = v else { return None };
    (s.len() <= MAX_JSON_LEN && inner(s).is_some_and(|t| opening(t) == Some(open)))
        .then_some(Repair::Fenced)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fences() {
        assert_eq!(inner(b"```json\n[1]\n```"), Some(&b"\n[1]\n"[..]));
        assert_eq!(inner(b" ```JSON {}```\n"), Some(&b" {}"[..]));
        assert_eq!(inner(b"```[1]```"), Some(&b"[1]"[..]));
        assert_eq!(inner(b"``````"), Some(&b""[..]));
        assert_eq!(inner(b"```"), None);
        assert_eq!(inner(b"`````"), None);
        assert_eq!(inner(b"x```[1]```"), None);
        assert_eq!(inner(b"```[1]"), None);
        assert!(has_fence(b"a ``` b"));
        assert!(!has_fence(b"a `` b"));
    }
}
