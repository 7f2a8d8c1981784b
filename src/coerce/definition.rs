//! The per-node definition summary the rules read, built from any definition
//! representation through the [`DefNode`] read trait.

use super::DefinitionError;
use crate::sym::Sym;

/// Maximum number of nested definition levels (the root is level 1).
pub const MAX_DEPTH: usize = 64;

use crate::error::push_key;
pub use crate::view::{php_key, KeyRef};

/// The reads coercion makes of a definition node; implemented once for every
/// [`crate::view::Node`] (src/coerce/view_def.rs).
pub trait DefNode<'a>: Copy + 'a {
    type Entries: Iterator<Item = (KeyRef<'a>, Self)>;
    /// `$node[$key]` for a string key; `None` when absent or when `self` is not an array.
    fn get(self, key: Sym) -> Option<Self>;
    fn is_null(self) -> bool;
    /// PHP array (JSON array or object).
    fn is_array(self) -> bool;
    fn as_str(self) -> Option<&'a [u8]>;
    fn as_bool(self) -> Option<bool>;
    /// Entries in order; `None` when `self` is not an array.
    fn entries(self) -> Option<Self::Entries>;
}

/// The typed-data id, as far as coercion cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// string, text, email, uri, duration_iso8601
    String,
    Integer,
    Float,
    Decimal,
    Boolean,
    Timestamp,
    DateTime,
    Any,
    List,
    Map,
    /// Any other id (`entity:node`, ...).
    Other,
}

impl Kind {
    pub fn from_type(t: &[u8]) -> Kind {
        match t {
            b"string" | b"text" | b"email" | b"uri" | b"duration_iso8601" => Kind::String,
            b"integer" => Kind::Integer,
            b"float" => Kind::Float,
            b"decimal" => Kind::Decimal,
            b"boolean" => Kind::Boolean,
            b"timestamp" => Kind::Timestamp,
            b"datetime_iso8601" => Kind::DateTime,
            b"any" => Kind::Any,
            b"list" => Kind::List,
            b"map" => Kind::Map,
            _ => Kind::Other,
        }
    }
}

/// Parsed, borrowed summary of one definition node and its children.
#[derive(Debug, Clone)]
pub struct CoerceDef<'a, N> {
    pub kind: Kind,
    pub required: bool,
    /// The string choices of `Choice`, `AllowedValues`, `PluginExists` and
    /// `EntityBundleExists`, in order, with the node holding each (non-string
    /// choices are never matched by B2, so they are not listed).
    pub choices: Vec<(&'a [u8], N)>,
    /// `items` of a list; `None` = any (items are not walked).
    pub items: Option<Box<CoerceDef<'a, N>>>,
    /// `properties` of a map, in order.
    /// Names are PHP array keys: a name like "0" is the int key 0, on both
    /// sides (the definition and the value), as `array_key_exists` sees them.
    pub properties: Vec<(KeyRef<'a>, CoerceDef<'a, N>)>,
}

/// Constraint names whose options carry choices.
pub const CHOICE_CONSTRAINTS: [Sym; 4] = [
    Sym::Choice,
    Sym::AllowedValues,
    Sym::PluginExists,
    Sym::EntityBundleExists,
];

/// Parse and validate a whole definition tree (only the keys coercion reads).
/// NotNull, NotBlank without `allowNull`, EntityBundleExists: their
/// validators refuse null.
fn refuses_null<'a, N: DefNode<'a>>(node: N) -> bool {
    let Some(c) = node.get(Sym::Constraints) else {
        return false;
    };
    c.get(Sym::NotNull).is_some()
        || c.get(Sym::EntityBundleExists).is_some()
        || c.get(Sym::NotBlank)
            .is_some_and(|nb| nb.get(Sym::AllowNull).and_then(|a| a.as_bool()) != Some(true))
}

pub fn parse_definition<'a, N: DefNode<'a>>(node: N) -> Result<CoerceDef<'a, N>, DefinitionError> {
    let mut path = String::new();
    parse_node(node, &mut path, 0)
}

fn err(path: &str, key: &str, message: &str) -> DefinitionError {
    let full = if path.is_empty() {
        key.to_string()
    } else if key.is_empty() {
        path.to_string()
    } else {
        format!("{path}.{key}")
    };
    DefinitionError::new(&full, message)
}

fn push_seg(path: &mut String, seg: &str) -> usize {
    let len = path.len();
    if !path.is_empty() {
        path.push('.');
    }
    path.push_str(seg);
    len
}

fn present<'a, N: DefNode<'a>>(node: N, key: Sym) -> Option<N> {
    node.get(key).filter(|n| !n.is_null())
}

fn parse_node<'a, N: DefNode<'a>>(
    node: N,
    path: &mut String,
    depth: usize,
) -> Result<CoerceDef<'a, N>, DefinitionError> {
    if depth > MAX_DEPTH {
        return Err(err(path, "", "nesting deeper than 64 levels"));
    }
    if !node.is_array() {
        return Err(err(path, "", "must be an array"));
    }
    let kind = match present(node, Sym::Type) {
        None => return Err(err(path, "type", "is required")),
        Some(t) => match t.as_str() {
            Some(s) => Kind::from_type(s),
            None => return Err(err(path, "type", "must be a string")),
        },
    };
    let required = match present(node, Sym::Required) {
        None => true,
        Some(r) => match r.as_bool() {
            Some(b) => b,
            None => return Err(err(path, "required", "must be a boolean")),
        },
    };
    // A constraint whose validator refuses null (normalize's not_null) makes
    // a null repair (B6) wrong below the input level: never made.
    let required = required || refuses_null(node);
    let mut def = CoerceDef {
        kind,
        required,
        choices: Vec::new(),
        items: None,
        properties: Vec::new(),
    };
    if kind == Kind::Any {
        return Ok(def);
    }
    if kind != Kind::List && kind != Kind::Map {
        parse_choices(node, path, &mut def.choices)?;
    }
    if kind == Kind::List {
        if let Some(items) = present(node, Sym::Items) {
            if !items.is_array() {
                return Err(err(path, "items", "must be an array"));
            }
            let len = push_seg(path, "items");
            let child = parse_node(items, path, depth + 1)?;
            path.truncate(len);
            def.items = Some(Box::new(child));
        }
    }
    if kind == Kind::Map {
        if let Some(props) = present(node, Sym::Properties) {
            let Some(entries) = props.entries() else {
                return Err(err(path, "properties", "must be a map"));
            };
            for (key, child) in entries {
                let len = push_seg(path, "properties");
                path.push('.');
                push_key(path, key);
                if !child.is_array() {
                    let e = DefinitionError::new(path, "must be an array (a definition)");
                    return Err(e);
                }
                let parsed = parse_node(child, path, depth + 1)?;
                path.truncate(len);
                def.properties.push((key, parsed));
            }
        }
    }
    Ok(def)
}

fn parse_choices<'a, N: DefNode<'a>>(
    node: N,
    path: &mut String,
    out: &mut Vec<(&'a [u8], N)>,
) -> Result<(), DefinitionError> {
    let Some(constraints) = present(node, Sym::Constraints) else {
        return Ok(());
    };
    if !constraints.is_array() {
        return Err(err(path, "constraints", "must be an array"));
    }
    for name in CHOICE_CONSTRAINTS {
        let Some(options) = constraints.get(name) else {
            continue;
        };
        let derived = matches!(name, Sym::PluginExists | Sym::EntityBundleExists);
        if derived && !options.is_array() {
            // A bare string (`'EntityBundleExists' => 'node'`): not resolved,
            // nothing to match (normalize warns about it).
            continue;
        }
        let len = push_seg(path, "constraints");
        path.push('.');
        path.push_str(name.as_str());
        if !options.is_array() {
            return Err(DefinitionError::new(path, "must be an array"));
        }
        let list = match options.get(Sym::Choices) {
            Some(choices) => {
                path.push_str(".choices");
                if !choices.is_array() {
                    return Err(DefinitionError::new(path, "must be an array"));
                }
                Some(choices)
            }
            None if is_list(options) => Some(options),
            // Other options only (`callback`, ...): nothing B2 can use.
            None => None,
        };
        if let Some(list) = list {
            for (key, choice) in list.entries().into_iter().flatten() {
                if choice.is_array() {
                    path.push('.');
                    push_key(path, key);
                    return Err(DefinitionError::new(path, "must be a scalar"));
                }
                if let Some(s) = choice.as_str() {
                    out.push((s, choice));
                }
            }
        }
        path.truncate(len);
    }
    Ok(())
}

/// PHP `array_is_list()`.
pub fn is_list<'a, N: DefNode<'a>>(node: N) -> bool {
    match node.entries() {
        None => false,
        Some(entries) => entries
            .enumerate()
            .all(|(i, (k, _))| k == KeyRef::Int(i as i64)),
    }
}
