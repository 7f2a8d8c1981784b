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
/// neither `min` nor `max` is given: as its object does, an int one is then
/// `min` and `max`).
#[derive(Clone, Copy)]
pub struct Counts {
    /// `[min, max, value, exactly]` (`N`: min and max).
    pub counts: [Number; 4],
    /// The first thing normalize_schema refuses: a count that is not a
    /// non-negative int or null, or options neither that nor an array.
    pub problem: Option<Problem>,
}

/// Reads the options; `value` and `exactly` (rare) are looked up only when
/// the options hold more than `min` and `max`. Inlined into each caller,
/// which reads a field or two of what it gives.
#[inline(always)]
pub fn read<'a, N: Node<'a>>(opts: N) -> Counts {
    if !opts.is_array() {
        let n = match opts.kind() {
            Kind::Int(i) => Number::Int(i),
            _ => Number::Other,
        };
        let problem = Problem(
            None,
            "must be a non-negative integer or an array of options",
        );
        let problem = (!matches!(n, Number::Int(0..))).then_some(problem);
        let counts = [n, n, Number::Unset, Number::Unset];
        return Counts { counts, problem };
    }
    let (min, max) = (opts.get(Sym::Min), opts.get(Sym::Max));
    let more = opts.len() > usize::from(min.is_some()) + usize::from(max.is_some());
    let rare = |k| Number::of(more.then(|| opts.get(k)).flatten());
    let (min, max) = (Number::of(min), Number::of(max));
    let mut counts = [min, max, rare(Sym::Value), rare(Sym::Exactly)];
    let problem = [Sym::Min, Sym::Max, Sym::Value, Sym::Exactly]
        .into_iter()
        .zip(counts)
        .find_map(|(k, n)| Problem::count(n, k));
    // As Symfony's object: an int exact count is `min` and `max` when neither
    // is given.
    if let [Number::Unset, Number::Unset, Number::Int(e), _]
    | [Number::Unset, Number::Unset, Number::Unset, Number::Int(e)] = counts
    {
        counts[..2].fill(Number::Int(e));
    }
    Counts { counts, problem }
}

impl Counts {
    /// The bounds Symfony's validator counts against; `None` where an
    /// option is not an int or null (undecided).
    pub fn bounds(self) -> Option<(Option<i64>, Option<i64>)> {
        let [min, max, value, exactly] = self.counts;
        value.count().and(exactly.count())?;
        Some((min.count()?, max.count()?))
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
