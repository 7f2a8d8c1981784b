//! A PHP date format (`DateTime::createFromFormat()`, as Symfony's `DateTime`
//! constraint uses it) → an ECMA-262 `pattern` that accepts a subset of what
//! the format accepts, or `None` when the format uses what is not stated here.
//!
//! Tokens: `Y` (four digits), `m` (01-12), `d` (01-31), `H` (00-23), `i`, `s`
//! (00-59), `P` (`Z` or `±hh:mm`), `!` and `|` (consume nothing), `\x` (a
//! literal x), and any character that is no ASCII letter as itself (other
//! letters are tokens not stated here). PHP accepts more (one-digit hours, years of one to four
//! digits): the pattern is the canonical form. With `Y`, `m` and `d` all in
//! the format, PHP refuses dates that do not exist ("The parsed date was
//! invalid"), so the pattern is an alternation over the calendar: days 01-28
//! of any month, 29-30 of months other than February, 31 of long months, and
//! February 29 of leap years. Without a year PHP checks no calendar; `Y` with
//! only one of `m`/`d` takes the other from today, so it is not stated.

/// One piece of a format.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Piece {
    Year,
    Month,
    Day,
    Hour,
    Minute,
    Second,
    Offset,
    Literal(char),
}

/// The calendar cases of a format with `Y`, `m` and `d`.
#[derive(Clone, Copy)]
enum Case {
    /// Any month, days 01-28 (or any day when there is no year).
    Any,
    /// Not February, days 29-30.
    Thirty,
    /// Long months, day 31.
    ThirtyOne,
    /// February 29 of a leap year.
    Leap,
}

const LEAP_YEAR: &str =
    "(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)";

/// Parses a format; `None` when it has a token that is not stated.
fn parse(format: &str) -> Option<Vec<Piece>> {
    let mut out = Vec::new();
    let mut chars = format.chars();
    while let Some(c) = chars.next() {
        out.push(match c {
            'Y' => Piece::Year,
            'm' => Piece::Month,
            'd' => Piece::Day,
            'H' => Piece::Hour,
            'i' => Piece::Minute,
            's' => Piece::Second,
            'P' => Piece::Offset,
            '!' | '|' => continue,
            // A trailing backslash makes PHP refuse every value.
            '\\' => Piece::Literal(chars.next()?),
            c if c.is_ascii_alphabetic() => return None,
            c => Piece::Literal(c),
        });
    }
    Some(out)
}

/// The pattern for `format`, or `None` when it cannot be stated.
pub fn pattern(format: &str) -> Option<String> {
    let pieces = parse(format)?;
    let has = |p: Piece| pieces.contains(&p);
    let (y, m, d) = (has(Piece::Year), has(Piece::Month), has(Piece::Day));
    let calendar = y && m && d;
    if y && (m != d) {
        return None;
    }
    let mut out = String::from("^");
    if calendar {
        // The calendar cases differ only from the first date piece to the last.
        let is_date = |p: &Piece| matches!(p, Piece::Year | Piece::Month | Piece::Day);
        let first = pieces.iter().position(is_date).unwrap_or(0);
        let last = pieces.iter().rposition(is_date).unwrap_or(0);
        write(&mut out, &pieces[..first], None);
        out.push_str("(?:");
        for (i, case) in [Case::Any, Case::Thirty, Case::ThirtyOne, Case::Leap]
            .into_iter()
            .enumerate()
        {
            if i > 0 {
                out.push('|');
            }
            write(&mut out, &pieces[first..=last], Some(case));
        }
        out.push(')');
        write(&mut out, &pieces[last + 1..], None);
    } else {
        write(&mut out, &pieces, None);
    }
    out.push('$');
    Some(out)
}

fn write(out: &mut String, pieces: &[Piece], case: Option<Case>) {
    for p in pieces {
        match (p, case) {
            (Piece::Year, Some(Case::Leap)) => out.push_str(LEAP_YEAR),
            (Piece::Year, _) => out.push_str("[0-9]{4}"),
            (Piece::Month, None | Some(Case::Any)) => out.push_str("(?:0[1-9]|1[0-2])"),
            (Piece::Month, Some(Case::Thirty)) => out.push_str("(?:0[13-9]|1[0-2])"),
            (Piece::Month, Some(Case::ThirtyOne)) => out.push_str("(?:0[13578]|1[02])"),
            (Piece::Month, Some(Case::Leap)) => out.push_str("02"),
            (Piece::Day, None) => out.push_str("(?:0[1-9]|[12][0-9]|3[01])"),
            (Piece::Day, Some(Case::Any)) => out.push_str("(?:0[1-9]|1[0-9]|2[0-8])"),
            (Piece::Day, Some(Case::Thirty)) => out.push_str("(?:29|30)"),
            (Piece::Day, Some(Case::ThirtyOne)) => out.push_str("31"),
            (Piece::Day, Some(Case::Leap)) => out.push_str("29"),
            (Piece::Hour, _) => out.push_str("(?:[01][0-9]|2[0-3])"),
            (Piece::Minute | Piece::Second, _) => out.push_str("[0-5][0-9]"),
            (Piece::Offset, _) => out.push_str("(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])"),
            (Piece::Literal(c), _) => literal(out, *c),
        }
    }
}

/// A literal character: ECMA-262 syntax characters get a backslash (the only
/// identity escapes the `u` flag allows).
fn literal(out: &mut String, c: char) {
    if "^$\\.*+?()[]{}|/".contains(c) {
        out.push('\\');
    }
    out.push(c);
}

#[cfg(test)]
mod tests {
    use super::pattern;

    #[test]
    fn default_format_is_the_interned_pattern() {
        assert_eq!(
            pattern("Y-m-d H:i:s").as_deref(),
            Some(crate::sym::Sym::DateTimePattern.as_str())
        );
    }

    #[test]
    fn unstated_formats() {
        for f in ["D, d M Y", "Y-m", "Y-d", "U", "y-m-d", "Y-m-d\\", "G:i"] {
            assert_eq!(pattern(f), None, "{f}");
        }
    }

    #[test]
    fn without_a_year_no_calendar() {
        assert_eq!(
            pattern("d/m").as_deref(),
            Some("^(?:0[1-9]|[12][0-9]|3[01])\\/(?:0[1-9]|1[0-2])$")
        );
        assert_eq!(
            pattern("H\\hi").as_deref(),
            Some("^(?:[01][0-9]|2[0-3])h[0-5][0-9]$")
        );
    }
}
