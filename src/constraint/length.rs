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
    /// The bounds Symfony's validator counts against; `None` where a count
    /// is not an int or null (undecided).
    pub bounds: Option<(Option<i64>, Option<i64>)>,
    /// The minimum is 1 or more (an int `min`; else, with no `max`, an int
    /// `value` or `exactly`): the schema refuses `""` (B6).
    pub refuses_empty: bool,
    /// The first thing normalize_schema refuses: a count that is not a
    /// non-negative int or null, or options neither that nor an array.
    pub problem: Option<Problem>,
}

pub fn read<'a, N: Node<'a>>(opts: N) -> Counts {
    const KEYS: [Sym; 4] = [Sym::Min, Sym::Max, Sym::Value, Sym::Exactly];
    let (counts, problem) = if opts.is_array() {
        let counts = KEYS.map(|k| Number::of(opts.get(k)));
        let problem = KEYS
            .into_iter()
            .zip(counts)
            .find_map(|(k, n)| Problem::count(n, k));
        (counts, problem)
    } else {
        // `N` is min and max.
        let n = match opts.kind() {
            Kind::Int(i) => Number::Int(i),
            _ => Number::Other,
        };
        let problem = Problem(
            None,
            "must be a non-negative integer or an array of options",
        );
        let problem = (!matches!(n, Number::Int(0..))).then_some(problem);
        ([n, n, Number::Unset, Number::Unset], problem)
    };
    let min = match counts {
        [Number::Int(m), ..] => m,
        [_, Number::Unset, Number::Int(e), _] | [_, Number::Unset, _, Number::Int(e)] => e,
        _ => 0,
    };
    Counts {
        bounds: bounds(counts),
        refuses_empty: min >= 1,
        problem,
    }
}

/// [`Counts::bounds`] of `[min, max, value, exactly]`.
fn bounds(counts: [Number; 4]) -> Option<(Option<i64>, Option<i64>)> {
    let [min, max, value, exactly] = counts.map(Number::count);
    Some(match (min?, max?, value?.or(exactly?)) {
        (None, None, Some(e)) => (Some(e), Some(e)),
        (min, max, _) => (min, max),
    })
}

impl Counts {
    /// The bounds the schema states; shared with `Count`.
    pub fn stated(
        self,
        rule: &Rule<'_, '_>,
    ) -> Result<(Option<i64>, Option<i64>), DefinitionError> {
        match self.problem {
            Some(p) => Err(p.error(rule)),
            None => Ok(self.bounds.unwrap_or_default()),
        }
    }

    /// Whether a string of `n` characters is refused (`None`: undecided).
    pub fn rejects(self, n: i64) -> Option<bool> {
        let (min, max) = self.bounds?;
        Some(min.is_some_and(|m| n < m) || max.is_some_and(|m| n > m))
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
