//! `normalize_schema`: a tool input definition → JSON Schema 2020-12.
//!
//! One module per rule; [`Normalizer`] reads a definition, gathers what its
//! constraints say ([`crate::model::facets`]) and hands each node over as its
//! builder emits ([`Emit`]): for `mcp`, written at once through the caller's
//! [`Build`]er ([`Normalizer::write`]); for the other profiles, as the model
//! the profile pass writes from ([`fill`], its values in [`val`]), filled as
//! the canonical schema states it, in one fixed key order:
//!
//! `title, description, type, format, pattern, not, enum|const, minLength,
//! maxLength, minimum, exclusiveMinimum, maximum, exclusiveMaximum, items,
//! minItems, maxItems, properties, required, additionalProperties, minProperties,
//! maxProperties, allOf, default, examples` — or, for an optional input in the
//! `one_of`/`any_of` styles, `title, description, oneOf|anyOf, default, examples`.

pub mod base_schema;
pub mod base_type;
pub mod bounds;
pub mod budget;
pub mod date_time;
pub mod decimal;
pub mod definition;
pub mod description;
pub mod entity;
pub mod fill;
pub mod format_corner;
pub mod input_examples;
pub mod list_type;
pub mod map_type;
pub mod not_null;
pub mod nullable;
pub mod options;
pub mod profile;
pub mod val;
pub mod write;

use crate::constraint::choice::strict_on_int;
use crate::error::{DefinitionError, Path, Seg, Warning};
use crate::model::facets::{raise, Enum, Extra, Facets, Not, Pattern, Rule};
use crate::model::ty::{Cat, Ty};
use crate::sym::Sym;
use crate::view::{Build, KeyRef, Kind, Node};
use definition::Def;
use description::Text;
use options::{NullStyle, Options};
use val::{Arena, Out, ValBuild};

pub use crate::model::vocab::MAX_DEPTH;

/// `normalize_schema`: the schema of `definition` with `options` (an array,
/// or `None` for the defaults), for the options' profile. Warnings go into a
/// list the caller owns (the extension keeps it outside the engine's
/// `zend_try`, so that it is freed even when the engine bails out of the
/// call); `arena` holds the model for one call ([`normalize_counted`]).
pub fn normalize<'a, N: Node<'a>, B: Emit<'a, N>>(
    b: &mut B,
    arena: &'a Arena<'a, N>,
    definition: N,
    options: Option<N>,
    warnings: &mut Vec<Warning>,
) -> Result<B::Val, DefinitionError> {
    let options = match options {
        Some(o) => Options::read(o)?,
        None => Options::default(),
    };
    Ok(normalize_counted(b, arena, definition, options, warnings)?.0)
}

/// [`normalize`] with options already read (`fit_budget` reads them once),
/// and the counts of the profile's size limits (all zero for `mcp` and
/// `gemini`, which have none): normalize, then write in the profile, the one
/// place the two are composed. For `mcp` the normalizer writes the schema
/// final, node by node ([`Normalizer::write`]: type unions split, the root
/// fixed, [`profile::mcp`]); for the other profiles it fills the model of
/// each node ([`fill`], what `arena` holds) and the profile pass writes the
/// model ([`profile::apply_counted`]).
pub fn normalize_counted<'a, N: Node<'a>, B: Emit<'a, N>>(
    b: &mut B,
    arena: &'a Arena<'a, N>,
    definition: N,
    options: Options,
    warnings: &mut Vec<Warning>,
) -> Result<(B::Val, profile::Stats), DefinitionError> {
    if options.profile == profile::Profile::Mcp {
        let schema = canonical(b, definition, options, warnings)?;
        return Ok((schema, profile::Stats::default()));
    }
    let root = canonical(&mut ValBuild { arena }, definition, options, warnings)?;
    Ok(profile::apply_counted(
        &mut Out(b),
        root,
        options.profile,
        warnings,
    ))
}

/// The schema of `definition`, written or modelled as `B` emits.
fn canonical<'a, N: Node<'a>, B: Emit<'a, N>>(
    b: &mut B,
    definition: N,
    options: Options,
    warnings: &mut Vec<Warning>,
) -> Result<B::Val, DefinitionError> {
    // The root map is the tool's inputs; otherwise the root is one input.
    let root_map = matches!(
        definition.get(Sym::Type).map(|t| t.kind()),
        Some(Kind::Str(b"map"))
    );
    let mut n = Normalizer {
        b,
        options,
        path: Path::default(),
        warnings,
        root_map,
        refused_null: true,
        refused_empty: true,
    };
    n.schema(&[], definition, 0, &[])
}

/// How the normalizer hands over a node it has read: written at once
/// ([`Normalizer::write`]: the builders of the callers, for the `mcp`
/// profile, whose schema is final), or modelled ([`val::ValBuild`]: the
/// other profiles write from the model, [`fill`]).
pub trait Emit<'a, N: Node<'a>>: Build<'a, N> + Sized {
    fn emit(
        n: &mut Normalizer<'_, 'a, Self>,
        e: Emitted<'_, 'a, N>,
    ) -> Result<Self::Val, DefinitionError>;

    /// The items of a list without an item definition that a `Choice`
    /// with `multiple: true` puts its choices on.
    fn choice_items(&mut self, item_enums: &[(N, bool)]) -> Self::Val {
        list_type::choice_items(self, item_enums)
    }
}

/// What the normalizer knows of a node when it hands it over.
pub struct Emitted<'d, 'a, N: Node<'a>> {
    pub d: &'d Def<'a, N>,
    /// What the constraints say (the NotNull guards join when the children
    /// are normalized).
    pub facets: &'d mut Facets<N>,
    pub cat: Cat,
    pub optional: bool,
    pub style: NullStyle,
    /// A list or map that must not be empty as Drupal's NotNull sees it.
    pub non_empty: bool,
    pub depth: usize,
    pub title: Option<Text<'a, N>>,
    pub description: Option<Text<'a, N>>,
}

/// The normalizer's state while it walks one definition tree.
pub struct Normalizer<'b, 'a, B> {
    pub b: &'b mut B,
    pub options: Options,
    pub path: Path<'a>,
    pub warnings: &'b mut Vec<Warning>,
    /// The root definition is a map: its properties are the tool's inputs.
    pub root_map: bool,
    /// Whether the definition normalized last refuses null (read by its
    /// parent list or map after each child).
    pub refused_null: bool,
    /// Whether it can be neither null nor empty as Drupal's NotNull sees an
    /// item of a list: a list or map must also be kept non-empty (a map item
    /// that only refuses null may still hold only null values).
    pub refused_empty: bool,
}

impl<'a, B> Normalizer<'_, 'a, B> {
    /// An input of the tool: a property of the root map, or the root itself
    /// when it is not a map. Drupal skips validating an optional input that is
    /// null.
    pub fn input_level(&self, depth: usize) -> bool {
        depth == usize::from(self.root_map)
    }

    /// Normalizes the definition `def` at `segs` below the current one (the
    /// root: none), `depth` levels deep, with choice lists a parent list's
    /// `Choice` (with `multiple: true`) puts on its items. The path is left
    /// extended on an error (which ends the normalization).
    pub fn schema<N: Node<'a>>(
        &mut self,
        segs: &[Seg<'a>],
        def: N,
        depth: usize,
        item_enums: &[(N, bool)],
    ) -> Result<B::Val, DefinitionError>
    where
        B: Emit<'a, N>,
    {
        for s in segs {
            self.path.push(*s);
        }
        let Kind::Array(def) = def.kind() else {
            return Err(self.path.error(&[], "must be an array (a definition)"));
        };
        if depth > MAX_DEPTH {
            return Err(self.path.error(&[], "nesting deeper than 64 levels"));
        }
        let mut d = Def::read(def, &self.path)?;
        d.ty = base_type::strings_only(d.ty, d.base_schema, d.constraints);
        let cat = d.ty.cat();
        let mut facets = Facets::default();
        self.facets(&d, cat, item_enums, &mut facets)?;
        // Drupal's Choice (multiple) checks every item, null included.
        let chosen = item_enums
            .iter()
            .any(|(list, matches)| *matches && !nullable::has_null(*list));
        let required = chosen || not_null::refuses_null(&d, &facets, self.input_level(depth));
        let non_empty = not_null::non_empty(&d, &facets, depth);
        if d.ty == Ty::Other && d.base_schema.is_none() {
            self.unknown_type(d.type_id);
        }

        let optional = !required;
        let style = self.style(&d);
        let name = match segs {
            [Seg::Sym(Sym::Properties), Seg::Key(k)] => Some(*k),
            _ => None,
        };
        let (title, description) = description::texts(&d, self.options.split_title, name);
        let out = B::emit(
            self,
            Emitted {
                d: &d,
                facets: &mut facets,
                cat,
                optional,
                style,
                non_empty,
                depth,
                title,
                description,
            },
        )?;
        self.refused_null = required;
        self.refused_empty = required && (non_empty || !matches!(cat, Cat::List | Cat::Map));
        for _ in segs {
            self.path.pop();
        }
        Ok(out)
    }

    /// The warning for a type id with no JSON Schema mapping (and no base schema).
    fn unknown_type(&mut self, id: &[u8]) {
        let path = self.path.render(&[Seg::Sym(Sym::Type)]);
        let id = String::from_utf8_lossy(id);
        self.warnings.push(Warning {
            code: base_type::UNKNOWN,
            path,
            message: format!(
                "no JSON Schema mapping for type \"{id}\": any non-null value is allowed (give base_schema to say more)"
            ),
        });
    }

    /// What the constraints say (and a parent list's `Choice` with
    /// `multiple: true`), into `facets`.
    fn facets<N: Node<'a>>(
        &mut self,
        d: &Def<'a, N>,
        cat: Cat,
        item_enums: &[(N, bool)],
        facets: &mut Facets<N>,
    ) -> Result<(), DefinitionError> {
        self.constraints(d, cat, facets)?;
        for (list, matches) in item_enums {
            if !*matches {
                if !list.is_empty() {
                    facets.nots.push(Not::Enum(*list));
                }
            } else if list.is_empty() {
                facets.enums.push(Enum::Nothing);
            } else if cat == Cat::Int {
                facets.enums.push(strict_on_int(Enum::List(*list)));
            } else {
                facets.enums.push(Enum::List(*list));
            }
        }
        format_corner::apply(d.ty, facets);
        date_time::bounds(d.ty, facets);
        bounds::tightest(facets);
        Ok(())
    }

    /// How an optional definition lets null through.
    fn style<N: Node<'a>>(&self, d: &Def<'a, N>) -> NullStyle {
        match (self.options.nullable, d.base_schema) {
            (NullStyle::TypeArray, Some(base)) if base_schema::may_shut_out_null(base) => {
                NullStyle::AnyOf
            }
            // `any`, an unknown type or a base schema's type list is already a
            // union: null joins its types, in every style, instead of a union
            // of a union (issue 19: the shortest form; the profiles write the
            // union once).
            (_, None) if base_type::json_type(d.ty).is_none() => NullStyle::TypeArray,
            (_, Some(base))
                if matches!(base.get(Sym::Type).map(|t| t.kind()), Some(Kind::Array(_)))
                    && !base_schema::may_shut_out_null(base) =>
            {
                NullStyle::TypeArray
            }
            (style, _) => style,
        }
    }

    fn text<N: Node<'a>>(&mut self, t: Text<'a, N>) -> B::Val
    where
        B: Emit<'a, N>,
    {
        match t {
            Text::Share(n, _) => self.b.share(n),
            Text::Owned(s) => self.b.string(&s),
        }
    }

    /// Reads every constraint, in order, into `facets`.
    fn constraints<N: Node<'a>>(
        &mut self,
        d: &Def<'a, N>,
        cat: Cat,
        facets: &mut Facets<N>,
    ) -> Result<(), DefinitionError> {
        if let Some(p) = decimal::pattern(d.ty) {
            facets.patterns.push(Pattern::Sym(p));
        }
        if let Some(f) = base_type::format(d.ty) {
            facets.add_format(f);
        }
        if let Some(p) = entity::pattern(d.ty, d.type_id) {
            facets.patterns.push(Pattern::Text(p.to_owned()));
        }
        if let Some(n) = entity::min_length(d.ty, d.type_id) {
            raise(&mut facets.min_length, n);
        }
        let Some(constraints) = d.constraints else {
            return Ok(());
        };
        let mut rule = Rule {
            path: &self.path,
            // Set by the dispatch for each constraint.
            name: KeyRef::Int(0),
            id: Sym::Constraints,
            ty: d.ty,
            cat,
            derived_enum_limit: self.options.derived_enum_limit,
            warnings: &mut *self.warnings,
        };
        constraints.try_each(|name, opts| crate::constraint::apply(&mut rule, name, opts, facets))
    }

    /// The children of a list or map, first: whether they refuse null decides
    /// what keeps their container from being empty (the NotNull guards go
    /// into `f`).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub fn children<N: Node<'a>>(
        &mut self,
        d: &Def<'a, N>,
        f: &mut Facets<N>,
        non_empty: bool,
        depth: usize,
        items: &mut Option<B::Val>,
        props: &mut Option<map_type::Closed<B::Val>>,
    ) -> Result<(), DefinitionError>
    where
        B: Emit<'a, N>,
    {
        match d.ty.cat() {
            Cat::List => {
                let (v, item_never_empty) = self.list(d, &f.item_enums, depth)?;
                *items = v;
                if non_empty {
                    not_null::list(d.items, item_never_empty, f);
                }
            }
            Cat::Map => {
                let (v, any_required) = self.map(d, depth)?;
                *props = v;
                if non_empty && !any_required {
                    not_null::map(f);
                }
            }
            _ => {}
        }
        Ok(())
    }
}

fn one<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, key: Sym, v: B::Val) -> B::Val {
    let mut o = b.obj();
    b.put(&mut o, key, v);
    b.end_obj(o)
}

/// An [`Extra`] `allOf` member.
fn extra<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, e: Extra) -> B::Val {
    match e {
        Extra::Ipv4OrIpv6 => {
            let mut arr = b.arr();
            for f in [Sym::FormatIpv4, Sym::FormatIpv6] {
                let v = b.sym(f);
                let v = one(b, Sym::Format, v);
                b.push(&mut arr, v);
            }
            let v = b.end_arr(arr);
            one(b, Sym::AnyOf, v)
        }
    }
}

fn pattern<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, p: &Pattern) -> B::Val {
    match p {
        Pattern::Sym(s) => b.sym(*s),
        Pattern::Text(t) => b.string(t),
    }
}

/// Whether a list holds an empty array (an example `{}` of a map, read as `[]`).
fn list_of_any_empty<'a, N: Node<'a>>(list: N) -> bool {
    list.any(|_, e| matches!(e.kind(), Kind::Array(_)) && e.is_empty())
}

impl<'a, B> Normalizer<'_, 'a, B> {
    /// A `default` or example as given, except that an empty array given for
    /// a map is `{}`: PHP cannot tell `{}` from `[]`, and `[]` is not an
    /// object, so the schema would refuse its own default (issue 19).
    fn map_value<N: Node<'a>>(&mut self, cat: Cat, v: N) -> B::Val
    where
        B: Emit<'a, N>,
    {
        if cat == Cat::Map && matches!(v.kind(), Kind::Array(_)) && v.is_empty() {
            let o = self.b.obj();
            self.b.end_obj(o)
        } else {
            self.b.share(v)
        }
    }
}
