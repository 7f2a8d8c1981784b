//! `Length` → `minLength`/`maxLength` on strings (both count Unicode code points).
//! With a minimum of 1 or more the schema refuses `""` ([`Counts::refuses_empty`]).

use super::Problem;
use crate::error::DefinitionError;
use crate::model::facets::{narrow, Facets, Rule};
use crate::model::ty::Cat;
use crate::model::value::Number;
use crate::sym::Sym;
use crate::view::{Kind, Node};

/// `Length`'s (and `Count`'s) options, read once ([`read`]): `N` (exactly N)
/// or `{min, max, value, exactly}` (`value`, or the named `exactly` of
/// Symfony's constructor, is the exact count, which Symfony uses only when
/// neither `min` nor `max` is given).
#[derive(Clone, Copy)]
pub struct Counts {
    /// `[min, max, value, exactly]` (`N`: min and max).
    pub counts: [Number; 4],
    /// The first thing normalize_schema refuses: a count that is not a
    /// non-negative int or null, or options neither that nor an array.
    pub problem: Option<Problem>,
}

pub fn read<'a, N: Node<'a>>(opts: N) -> Counts {
    const KEYS: [Sym; 4] = [Sym::Min, Sym::Max, Sym::Value, Sym::Exactly];
    if opts.is_array() {
        let counts = KEYS.map(|k| Number::of(opts.get(k)));
        let problem = KEYS
            .into_iter()
            .zip(counts)
            .find_map(|(k, n)| Problem::count(n, k));
        return Counts { counts, problem };
    }
    let (n, counts) = match opts.kind() {
        Kind::Int(i) => (Number::Int(i), i >= 0),
        _ => (Number::Other, false),
    };
    let problem = Problem(
        None,
        "must be a non-negative integer or an array of options",
    );
    Counts {
        counts: [n, n, Number::Unset, Number::Unset],
        problem: (!counts).then_some(problem),
    }
}

impl Counts {
    /// The bounds Symfony's validator counts against; `None` where an
    /// option is not an int or null (undecided).
    pub fn bounds(self) -> Option<(Option<i64>, Option<i64>)> {
        let [min, max, value, exactly] = self.counts.map(Number::count);
        match (min?, max?, value?.or(exactly?)) {
            (None, None, Some(e)) => Some((Some(e), Some(e))),
            (min, max, _) => Some((min, max)),
        }
    }

    /// The bounds the schema states; shared with `Count`.
    pub fn stated(
        self,
        rule: &Rule<'_, '_>,
    ) -> Result<(Option<i64>, Option<i64>), DefinitionError> {
        match self.problem {
            Some(p) => Err(p.error(rule)),
            None => Ok(self.bounds().unwrap_or_default()),
        }
    }

    /// Whether a string of `n` characters is refused (`None`: undecided).
    pub fn rejects(self, n: i64) -> Option<bool> {
        let (min, max) = self.bounds()?;
        Some(min.is_some_and(|m| n < m) || max.is_some_and(|m| n > m))
    }

    /// Whether the minimum is 1 or more (an int `min`; else, with no `max`,
    /// an int `value` or `exactly`): the schema refuses `""` (B6).
    pub fn refuses_empty(self) -> bool {
        let min = match self.counts {
            [Number::Int(m), ..] => m,
            [_, Number::Unset, Number::Int(e), _] | [_, Number::Unset, _, Number::Int(e)] => e,
            _ => 0,
        };
        min >= 1
    }
}

pub fn apply<'a, N: Node<'a>>(
    rule: &mut Rule<'_, 'a>,
    opts: N,
    facets: &mut Facets<N>,
) -> Result<(), DefinitionError> {
    let stated = read(opts).stated(rule)?;
    // Symfony counts the characters of the value cast to a string.
    if rule.cat == Cat::Str {
        narrow(&mut facets.min_length, &mut facets.max_length, stated);
    } else {
        rule.not_applicable();
    }
    Ok(())
}
