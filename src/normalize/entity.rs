//! Entity inputs (`entity`, `entity:T`, `entity:T:B`) → a string naming the
//! entity the way the AI module's entity converter reads it before Drupal
//! sees an entity object: `"T:ID"` or `"T:ID:LANGCODE"` (the entity type must
//! be T; for plain `entity`, any entity type id), or the artifact token
//! `{{entity:T:...}}` that the Tool module's AI connector hands back for
//! entities earlier tools returned. A `base_schema` replaces this.

use super::definition::Ty;

pub const NOTE: &str = "An entity: \"TYPE:ID\", or \"TYPE:ID:LANGCODE\" for a translation.";

/// The pattern for the entity type id `type_id` (`entity`, `entity:node`,
/// `entity:node:article`).
pub fn pattern(ty: Ty, type_id: &[u8]) -> Option<String> {
    if ty != Ty::Entity {
        return None;
    }
    let target = type_id
        .strip_prefix(b"entity:")
        .map(|rest| rest.split(|&c| c == b':').next().unwrap_or(b""))
        .filter(|t| !t.is_empty());
    let t = match target {
        // An entity type id is a machine name; regex syntax is escaped.
        Some(t) => escape(t),
        None => "[a-z0-9_]+".to_owned(),
    };
    Some(format!(
        "^(?:{t}:[^:]+(?::[^:]+)?|\\{{\\{{entity:{t}:[^{{}}]+\\}}\\}})$"
    ))
}

/// ECMA-262 syntax characters get a backslash (the only identity escapes the
/// `u` flag allows).
fn escape(t: &[u8]) -> String {
    let mut out = String::with_capacity(t.len());
    for ch in String::from_utf8_lossy(t).chars() {
        if "^$\\.*+?()[]{}|/".contains(ch) {
            out.push('\\');
        }
        out.push(ch);
    }
    out
}
