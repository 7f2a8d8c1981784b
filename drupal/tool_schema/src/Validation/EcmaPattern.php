<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Validation;

/**
 * A JSON Schema `pattern` (ECMA-262, read as `new RegExp(pattern, 'u')`)
 * as a PCRE regular expression that matches the same strings, for PHP's
 * preg_match(): the syntax pcre2ecma emits (docs/regex.md) and the rest of
 * ECMA-262's `u` grammar, each construct spelled out with ECMA's meaning:
 *
 *  - `.` is any character but `\n`, `\r`, U+2028, U+2029; `[^]` any, `[]`
 *    none; `\d`, `\w` and `\b` are ASCII, `\s` is ECMA's white space and
 *    line terminators; `^` and `$` the ends of the string (no multiline);
 *  - `\uXXXX`, `\u{X}`, surrogate pairs, `\xHH`, `\cX`, `\0`, `\v` and
 *    identity escapes are literals; every literal but ASCII letters and
 *    digits is written `\x{...}`;
 *  - groups and named groups as `(?<gN>...)` (N as ECMA numbers them),
 *    lookarounds, greedy and lazy quantifiers as such; a backreference is
 *    `(?(<gN>)\k<gN>|)`: a group that did not take part matches the empty
 *    string, as in ECMA;
 *  - a lookbehind whose branches vary in length (PCRE2 before 10.43 wants
 *    each fixed) as one branch per length, up to 255: the body must match
 *    exactly the n characters before the position (variableLookbehind());
 *  - `(*NO_START_OPT)` first: PCRE2 10.42's first code unit bug (a leading
 *    lookahead, docs/regex.md) would miss matches;
 *  - `\p{..}` general categories (short and long names), scripts and
 *    binary properties are PCRE2's own tables (PCRE2's Unicode version,
 *    not node's: they may differ on code points assigned since).
 *
 * Not translated (NULL, with the reason): a pattern that is no valid
 * ECMA-262 `u` pattern, modifiers `(?i:...)`, duplicate group names, a
 * backreference inside a lookbehind or to a group that a repetition can
 * leave set from an earlier iteration (ECMA resets it; the possessive idiom
 * `(?=(X))\1` pcre2ecma emits is exact), a count above 65535, and what PCRE2
 * refuses to compile (an unbounded lookbehind, longer than 255 characters on
 * 10.43 and later). Translations are kept per process (1,000 at most).
 */
final class EcmaPattern {

  /** Patterns longer than this (bytes) are not translated. */
  public const MAX_LENGTH = 65536;

  /** Groups nested deeper than this are not translated. */
  public const MAX_DEPTH = 128;

  private const MAX_CODE_POINT = 0x10FFFF;

  /** A length without bound. */
  private const UNBOUNDED = PHP_INT_MAX;

  /** ECMA-262 WhiteSpace and LineTerminator code points (`\s`). */
  private const SPACE = [[0x09, 0x0D], [0x20, 0x20], [0xA0, 0xA0], [0x1680, 0x1680], [0x2000, 0x200A], [0x2028, 0x2029], [0x202F, 0x202F], [0x205F, 0x205F], [0x3000, 0x3000], [0xFEFF, 0xFEFF]];

  private const DIGIT = [[0x30, 0x39]];

  private const WORD = [[0x30, 0x39], [0x41, 0x5A], [0x5F, 0x5F], [0x61, 0x7A]];

  /** `.`: everything but the line terminators. */
  private const DOT = [[0x00, 0x09], [0x0B, 0x0C], [0x0E, 0x2027], [0x202A, self::MAX_CODE_POINT]];

  /** ECMA-262 general category names (long and short) => PCRE's. */
  private const CATEGORIES = [
    'Letter' => 'L', 'L' => 'L', 'Cased_Letter' => 'L&', 'LC' => 'L&',
    'Uppercase_Letter' => 'Lu', 'Lu' => 'Lu', 'Lowercase_Letter' => 'Ll', 'Ll' => 'Ll',
    'Titlecase_Letter' => 'Lt', 'Lt' => 'Lt', 'Modifier_Letter' => 'Lm', 'Lm' => 'Lm',
    'Other_Letter' => 'Lo', 'Lo' => 'Lo',
    'Mark' => 'M', 'Combining_Mark' => 'M', 'M' => 'M', 'Nonspacing_Mark' => 'Mn', 'Mn' => 'Mn',
    'Spacing_Mark' => 'Mc', 'Mc' => 'Mc', 'Enclosing_Mark' => 'Me', 'Me' => 'Me',
    'Number' => 'N', 'N' => 'N', 'Decimal_Number' => 'Nd', 'digit' => 'Nd', 'Nd' => 'Nd',
    'Letter_Number' => 'Nl', 'Nl' => 'Nl', 'Other_Number' => 'No', 'No' => 'No',
    'Punctuation' => 'P', 'punct' => 'P', 'P' => 'P', 'Connector_Punctuation' => 'Pc', 'Pc' => 'Pc',
    'Dash_Punctuation' => 'Pd', 'Pd' => 'Pd', 'Open_Punctuation' => 'Ps', 'Ps' => 'Ps',
    'Close_Punctuation' => 'Pe', 'Pe' => 'Pe', 'Initial_Punctuation' => 'Pi', 'Pi' => 'Pi',
    'Final_Punctuation' => 'Pf', 'Pf' => 'Pf', 'Other_Punctuation' => 'Po', 'Po' => 'Po',
    'Symbol' => 'S', 'S' => 'S', 'Math_Symbol' => 'Sm', 'Sm' => 'Sm', 'Currency_Symbol' => 'Sc', 'Sc' => 'Sc',
    'Modifier_Symbol' => 'Sk', 'Sk' => 'Sk', 'Other_Symbol' => 'So', 'So' => 'So',
    'Separator' => 'Z', 'Z' => 'Z', 'Space_Separator' => 'Zs', 'Zs' => 'Zs',
    'Line_Separator' => 'Zl', 'Zl' => 'Zl', 'Paragraph_Separator' => 'Zp', 'Zp' => 'Zp',
    'Other' => 'C', 'C' => 'C', 'Control' => 'Cc', 'cntrl' => 'Cc', 'Cc' => 'Cc', 'Format' => 'Cf', 'Cf' => 'Cf',
    'Surrogate' => 'Cs', 'Cs' => 'Cs', 'Private_Use' => 'Co', 'Co' => 'Co', 'Unassigned' => 'Cn', 'Cn' => 'Cn',
  ];

  /** @var array<string, array{0: ?string, 1: ?string}> pattern => [regex, reason] */
  private static array $cache = [];

  /** @var list<string> the pattern's characters */
  private array $chars;

  private int $pos = 0;

  private int $depth = 0;

  /** Capturing groups opened so far. */
  private int $groups = 0;

  /** Helper groups of the translation (named `rN`). */
  private int $helpers = 0;

  /** @var array<string, int> group name => number */
  private array $names = [];

  /** @var array<int, true> groups inside a repetition that can run more than once */
  private array $repeated = [];

  /** @var list<array{0: int|string, 1: ?int}> backreferences: [group number or name, the group of a `(?=(...))` right before] */
  private array $references = [];

  /** Lookbehinds open around the current position. */
  private int $lookbehind = 0;

  /** The group that the last term was `(?=(...))` of, if it was. */
  private ?int $lastAtomicGroup = NULL;

  private function __construct(string $pattern) {
    $this->chars = mb_str_split($pattern, 1, 'UTF-8');
  }

  /**
   * The PCRE regular expression (delimiters and flags included) that
   * matches what the ECMA-262 pattern matches, or NULL.
   */
  public static function toPcre(string $pattern): ?string {
    return self::translate($pattern)[0];
  }

  /**
   * @return array{0: ?string, 1: ?string} [regex, NULL] or [NULL, why it is not translated]
   */
  public static function translate(string $pattern): array {
    if (isset(self::$cache[$pattern])) {
      return self::$cache[$pattern];
    }
    if (\count(self::$cache) >= 1000) {
      self::$cache = [];
    }
    return self::$cache[$pattern] = self::build($pattern);
  }

  /**
   * Does the ECMA-262 pattern match somewhere in the subject? NULL when the
   * pattern is not translated or PCRE gives up (its backtracking limit).
   */
  public static function matches(string $pattern, string $subject): ?bool {
    $regex = self::toPcre($pattern);
    if ($regex === NULL) {
      return NULL;
    }
    $result = @preg_match($regex, $subject);
    return $result === FALSE ? NULL : $result === 1;
  }

  /** @return array{0: ?string, 1: ?string} */
  private static function build(string $pattern): array {
    if (\strlen($pattern) > self::MAX_LENGTH) {
      return [NULL, 'longer than ' . self::MAX_LENGTH . ' bytes'];
    }
    if (!mb_check_encoding($pattern, 'UTF-8')) {
      return [NULL, 'not valid UTF-8'];
    }
    $parser = new self($pattern);
    try {
      $body = $parser->disjunction()[0];
      if ($parser->pos < \count($parser->chars)) {
        throw new \DomainException('unbalanced )');
      }
      $body = $parser->resolveReferences($body);
    }
    catch (\DomainException $e) {
      return [NULL, $e->getMessage()];
    }
    // (*NO_START_OPT): PCRE2 10.42 takes the first code unit a leading
    // lookahead asserts and then misses matches (`(?=a)b?a` on "a").
    $regex = '/(*NO_START_OPT)' . $body . '/u';
    error_clear_last();
    if (@preg_match($regex, '') === FALSE) {
      $error = preg_replace('/^preg_match\(\): /', '', error_get_last()['message'] ?? preg_last_error_msg());
      return [NULL, "PCRE cannot compile the translation ($error)"];
    }
    return [$regex, NULL];
  }

  /**
   * Reads to the end of the pattern or of the group.
   *
   * @return array{0: string, 1: int, 2: int, 3: bool} [PCRE, least and most characters matched (UNBOUNDED), each alternative fixed in length]
   */
  private function disjunction(): array {
    [$text, $min, $max] = $this->alternative();
    $fixed = $min === $max;
    while ($this->peek() === '|') {
      $this->pos++;
      [$more, $moreMin, $moreMax] = $this->alternative();
      $text .= '|' . $more;
      $min = min($min, $moreMin);
      $max = max($max, $moreMax);
      $fixed = $fixed && $moreMin === $moreMax;
    }
    return [$text, $min, $max, $fixed];
  }

  /** @return array{0: string, 1: int, 2: int} */
  private function alternative(): array {
    $out = '';
    $min = $max = 0;
    $this->lastAtomicGroup = NULL;
    while (($c = $this->peek()) !== NULL && $c !== '|' && $c !== ')') {
      [$text, $termMin, $termMax] = $this->term();
      $out .= $text;
      $min = self::plus($min, $termMin);
      $max = self::plus($max, $termMax);
    }
    return [$out, $min, $max];
  }

  /** @return array{0: string, 1: int, 2: int} */
  private function term(): array {
    $c = $this->next();
    $atomicGroup = NULL;
    $groupsBefore = $this->groups;
    $min = $max = 1;
    switch ($c) {
      case '^':
        $this->lastAtomicGroup = NULL;
        return $this->assertion('\A');

      case '$':
        $this->lastAtomicGroup = NULL;
        return $this->assertion('\z');

      case '\\':
        $atom = $this->atomEscape();
        if ($atom === NULL) {
          // \b or \B: an assertion.
          $this->lastAtomicGroup = NULL;
          return $this->assertion($this->peekBack() === 'b' ? self::boundary(TRUE) : self::boundary(FALSE));
        }
        if (str_starts_with($atom, "\x00")) {
          // A backreference: as long as what the group matched.
          [$min, $max] = [0, self::UNBOUNDED];
        }
        break;

      case '(':
        [$atom, $assertion, $atomicGroup, $min, $max] = $this->group();
        if ($assertion) {
          $this->lastAtomicGroup = $atomicGroup;
          return $this->assertion($atom);
        }
        break;

      case '.':
        $atom = self::set(self::DOT);
        break;

      case '[':
        $atom = $this->characterClass();
        break;

      case '*':
      case '+':
      case '?':
      case '{':
      case '}':
      case ']':
      case ')':
        throw new \DomainException("'$c' where an atom is expected");

      default:
        $atom = self::literal(mb_ord($c, 'UTF-8'));
    }
    $this->lastAtomicGroup = NULL;
    $quantifier = $this->quantifier();
    if ($quantifier === NULL) {
      return [$atom, $min, $max];
    }
    [$text, $many, $least, $most] = $quantifier;
    if ($many) {
      for ($g = $groupsBefore + 1; $g <= $this->groups; $g++) {
        $this->repeated[$g] = TRUE;
      }
    }
    // Every atom is one PCRE item (a character, a class, a group).
    return [$atom . $text, self::times($min, $least), self::times($max, $most)];
  }

  /** A sum of lengths, UNBOUNDED when it is or exceeds it. */
  private static function plus(int $a, int $b): int {
    return $a >= self::UNBOUNDED - $b ? self::UNBOUNDED : $a + $b;
  }

  /** A product of lengths, UNBOUNDED when it is or exceeds it. */
  private static function times(int $a, int $b): int {
    if ($a === 0 || $b === 0) {
      return 0;
    }
    return $a >= intdiv(self::UNBOUNDED, $b) ? self::UNBOUNDED : $a * $b;
  }

  /**
   * An assertion (matches no character): a quantifier after it is a syntax
   * error under `u`.
   *
   * @return array{0: string, 1: int, 2: int}
   */
  private function assertion(string $text): array {
    if (\in_array($this->peek(), ['*', '+', '?', '{'], TRUE)) {
      throw new \DomainException('quantified assertion');
    }
    return [$text, 0, 0];
  }

  /**
   * @return array{0: string, 1: bool, 2: int, 3: int}|null [PCRE quantifier, can repeat more than once, least and most repetitions]
   */
  private function quantifier(): ?array {
    $c = $this->peek();
    switch ($c) {
      case '*':
      case '+':
        $this->pos++;
        $text = $c;
        $many = TRUE;
        $least = $c === '*' ? 0 : 1;
        $most = self::UNBOUNDED;
        break;

      case '?':
        $this->pos++;
        $text = '?';
        $many = FALSE;
        $least = 0;
        $most = 1;
        break;

      case '{':
        $this->pos++;
        $min = $this->digits();
        if ($min === NULL) {
          throw new \DomainException('lone {');
        }
        $max = $min;
        if ($this->peek() === ',') {
          $this->pos++;
          $max = $this->digits();
        }
        if ($this->next() !== '}') {
          throw new \DomainException('lone {');
        }
        foreach ([$min, $max] as $count) {
          if ($count !== NULL && (\strlen(ltrim($count, '0')) > 5 || (int) $count > 65535)) {
            throw new \DomainException('a count above 65535');
          }
        }
        if ($max !== NULL && (int) $max < (int) $min) {
          throw new \DomainException('numbers out of order in {}');
        }
        $text = '{' . (int) $min . ($max === $min ? '' : ',' . ($max === NULL ? '' : (int) $max)) . '}';
        $many = $max === NULL || (int) $max > 1;
        $least = (int) $min;
        $most = $max === NULL ? self::UNBOUNDED : (int) $max;
        break;

      default:
        return NULL;
    }
    if ($this->peek() === '?') {
      $this->pos++;
      $text .= '?';
    }
    return [$text, $many, $least, $most];
  }

  private function digits(): ?string {
    $digits = '';
    while (($c = $this->peek()) !== NULL && $c >= '0' && $c <= '9') {
      $digits .= $c;
      $this->pos++;
    }
    return $digits === '' ? NULL : $digits;
  }

  /**
   * After `(`.
   *
   * @return array{0: string, 1: bool, 2: ?int, 3: int, 4: int} [PCRE, is an assertion, the group of `(?=(...))`, least and most characters]
   */
  private function group(): array {
    if (++$this->depth > self::MAX_DEPTH) {
      throw new \DomainException('groups nested deeper than ' . self::MAX_DEPTH);
    }
    $open = NULL;
    $assertion = FALSE;
    $lookbehind = FALSE;
    if ($this->peek() === '?') {
      $this->pos++;
      $c = $this->next();
      if ($c === ':') {
        $open = '(?:';
      }
      elseif ($c === '=' || $c === '!') {
        $open = "(?$c";
        $assertion = TRUE;
      }
      elseif ($c === '<' && ($this->peek() === '=' || $this->peek() === '!')) {
        $open = '(?<' . $this->next();
        $assertion = TRUE;
        $lookbehind = TRUE;
      }
      elseif ($c === '<') {
        $name = $this->groupName();
        if (isset($this->names[$name])) {
          throw new \DomainException('duplicate group name');
        }
        $this->names[$name] = ++$this->groups;
        $open = '(?<g' . $this->groups . '>';
      }
      else {
        throw new \DomainException('(?' . $c . ' (modifiers or unknown group)');
      }
    }
    else {
      $open = '(?<g' . ++$this->groups . '>';
    }
    $first = $this->groups;
    $this->lookbehind += $lookbehind ? 1 : 0;
    [$body, $min, $max, $fixed] = $this->disjunction();
    $this->lookbehind -= $lookbehind ? 1 : 0;
    if ($this->next() !== ')') {
      throw new \DomainException('missing )');
    }
    $this->depth--;
    // `(?=(X))`: the body is exactly one capturing group.
    $atomicGroup = NULL;
    if ($open === '(?=' && $this->groups === $first + 1 && str_starts_with($body, '(?<g' . ($first + 1) . '>') && self::closesAtEnd($body)) {
      $atomicGroup = $first + 1;
    }
    if ($lookbehind && !$fixed) {
      return [$this->variableLookbehind($open, $body, $min, $max), TRUE, NULL, 0, 0];
    }
    return [$open . $body . ')', $assertion, $atomicGroup, $assertion ? 0 : $min, $assertion ? 0 : $max];
  }

  /**
   * A lookbehind whose body matches between $min and $max characters:
   * PCRE2 before 10.43 wants each branch of a lookbehind fixed in length.
   * One branch per length n, each `n` characters back that the body matches
   * exactly (up to where the rest of the subject, captured before, starts).
   * Left as it is (for PCRE2 to take or refuse) when the body has no bound
   * or the branches would be too long.
   */
  private function variableLookbehind(string $open, string $body, int $min, int $max): string {
    if ($max > 255 || ($max - $min + 1) * (\strlen($body) + 64) > self::MAX_LENGTH) {
      return $open . $body . ')';
    }
    $rest = 'r' . ++$this->helpers;
    $any = self::set([[0, self::MAX_CODE_POINT]]);
    $branches = [];
    for ($n = $min; $n <= $max; $n++) {
      $branches[] = "(?=(?:$body)\\k<$rest>\\z)$any{" . $n . '}';
    }
    return "(?=(?<$rest>$any*))" . $open . implode('|', $branches) . ')';
  }

  /** Is the PCRE text one group, its `(` at the start closing at the very end? */
  private static function closesAtEnd(string $pcre): bool {
    $depth = 0;
    $inClass = FALSE;
    $length = \strlen($pcre);
    for ($i = 0; $i < $length; $i++) {
      $c = $pcre[$i];
      if ($c === '\\') {
        $i++;
        continue;
      }
      if ($inClass) {
        $inClass = $c !== ']';
        continue;
      }
      if ($c === '[') {
        $inClass = TRUE;
      }
      elseif ($c === '(') {
        $depth++;
      }
      elseif ($c === ')' && --$depth === 0) {
        return $i === $length - 1;
      }
    }
    return FALSE;
  }

  private function groupName(): string {
    $name = '';
    while (($c = $this->next()) !== '>') {
      if ($c === NULL) {
        throw new \DomainException('unterminated group name');
      }
      if ($c === '\\') {
        // \uXXXX in a name: the name is only compared with \k<...>.
        $name .= '\\';
        continue;
      }
      $name .= $c;
    }
    if ($name === '' || preg_match('/^[\p{L}$_\\\\][\p{L}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$\x{200C}\x{200D}\\\\]*$/u', $name) !== 1) {
      throw new \DomainException('invalid group name');
    }
    return $name;
  }

  /**
   * After `\` outside a class.
   *
   * @return string|null the PCRE atom, or NULL for `\b` / `\B` (read back with peekBack())
   */
  private function atomEscape(): ?string {
    $c = $this->peek();
    if ($c === NULL) {
      throw new \DomainException('\\ at end of pattern');
    }
    if ($c === 'b' || $c === 'B') {
      $this->pos++;
      return NULL;
    }
    if (($c >= '1' && $c <= '9') || $c === 'k') {
      if ($this->lookbehind > 0) {
        // ECMA reads a lookbehind from right to left, PCRE from left to right.
        throw new \DomainException('backreference inside a lookbehind');
      }
      if ($c === 'k') {
        $this->pos++;
        if ($this->next() !== '<') {
          throw new \DomainException('\\k without a group name');
        }
        $group = $this->groupName();
      }
      else {
        $group = (int) $this->digits();
      }
      $this->references[] = [$group, $this->lastAtomicGroup];
      // The number of a name is known once the whole pattern is read.
      return "\x00" . \count($this->references) . "\x00";
    }
    $set = $this->classEscape();
    if ($set !== NULL) {
      return $set;
    }
    return self::literal($this->characterEscape(FALSE));
  }

  /** `\d \D \s \S \w \W \p{..} \P{..}`, or NULL (nothing read) for another escape. */
  private function classEscape(bool $asParts = FALSE): string|array|null {
    $c = $this->peek();
    $ranges = match ($c) {
      'd' => self::DIGIT,
      'D' => self::complement(self::DIGIT),
      's' => self::SPACE,
      'S' => self::complement(self::SPACE),
      'w' => self::WORD,
      'W' => self::complement(self::WORD),
      default => NULL,
    };
    if ($ranges !== NULL) {
      $this->pos++;
      return $asParts ? [$ranges, []] : self::set($ranges);
    }
    if ($c === 'p' || $c === 'P') {
      $this->pos++;
      [$ranges, $property] = $this->property($c === 'P');
      if ($asParts) {
        return [$ranges, $property === NULL ? [] : [$property]];
      }
      return $property ?? self::set($ranges);
    }
    return NULL;
  }

  /**
   * After `\p` or `\P`.
   *
   * @return array{0: list<array{0: int, 1: int}>, 1: ?string} [ranges, or a PCRE property escape]
   */
  private function property(bool $negated): array {
    if ($this->next() !== '{') {
      throw new \DomainException('\\p without {');
    }
    $text = '';
    while (($c = $this->next()) !== '}') {
      if ($c === NULL) {
        throw new \DomainException('unterminated \\p{');
      }
      $text .= $c;
    }
    [$name, $value] = array_pad(explode('=', $text, 2), 2, NULL);
    $pcre = NULL;
    if ($value === NULL) {
      if (isset(self::CATEGORIES[$name])) {
        $pcre = self::CATEGORIES[$name];
      }
      elseif ($name === 'Any' || $name === 'ASCII') {
        $ranges = $name === 'Any' ? [[0, self::MAX_CODE_POINT]] : [[0, 0x7F]];
        return [$negated ? self::complement($ranges) : $ranges, NULL];
      }
      elseif ($name === 'Assigned') {
        return [[], $negated ? '\p{Cn}' : '\P{Cn}'];
      }
      elseif (preg_match('/^[A-Z][A-Za-z_]*$/', $name) === 1) {
        // A binary property: PCRE2 10.40 and later know them by the same names.
        $pcre = $name;
      }
    }
    elseif (\in_array($name, ['General_Category', 'gc'], TRUE) && isset(self::CATEGORIES[$value])) {
      $pcre = self::CATEGORIES[$value];
    }
    elseif (\in_array($name, ['Script', 'sc'], TRUE) && preg_match('/^[A-Za-z_]+$/', $value) === 1) {
      $pcre = 'sc:' . $value;
    }
    elseif (\in_array($name, ['Script_Extensions', 'scx'], TRUE) && preg_match('/^[A-Za-z_]+$/', $value) === 1) {
      $pcre = 'scx:' . $value;
    }
    if ($pcre === NULL) {
      throw new \DomainException("unknown property \\p{{$text}}");
    }
    return [[], ($negated ? '\P{' : '\p{') . $pcre . '}'];
  }

  /**
   * A CharacterEscape after `\` (also ClassEscape's `\b` and `\-` in a class).
   */
  private function characterEscape(bool $inClass): int {
    $c = $this->next();
    switch ($c) {
      case 't':
        return 0x09;

      case 'n':
        return 0x0A;

      case 'v':
        return 0x0B;

      case 'f':
        return 0x0C;

      case 'r':
        return 0x0D;

      case 'c':
        $letter = $this->next();
        if ($letter === NULL || preg_match('/^[A-Za-z]$/', $letter) !== 1) {
          throw new \DomainException('\\c without a letter');
        }
        return \ord($letter) % 32;

      case '0':
        $next = $this->peek();
        if ($next !== NULL && $next >= '0' && $next <= '9') {
          throw new \DomainException('octal escape');
        }
        return 0;

      case 'x':
        $hex = $this->take(2);
        if (preg_match('/^[0-9A-Fa-f]{2}$/', $hex) !== 1) {
          throw new \DomainException('\\x without two hex digits');
        }
        return (int) hexdec($hex);

      case 'u':
        return $this->unicodeEscape();
    }
    if ($inClass && ($c === 'b' || $c === '-')) {
      return $c === 'b' ? 0x08 : 0x2D;
    }
    if ($c !== NULL && str_contains('^$\\.*+?()[]{}|/', $c)) {
      return \ord($c);
    }
    throw new \DomainException('\\' . $c . ' is no escape under the u flag');
  }

  /** After `\u`: XXXX (a surrogate pair as one code point) or {X...}. */
  private function unicodeEscape(): int {
    if ($this->peek() === '{') {
      $this->pos++;
      $hex = '';
      while (($c = $this->next()) !== '}') {
        if ($c === NULL || !ctype_xdigit($c)) {
          throw new \DomainException('bad \\u{...}');
        }
        $hex .= $c;
      }
      $hex = ltrim($hex, '0');
      if (\strlen($hex) > 6 || hexdec($hex === '' ? '0' : $hex) > self::MAX_CODE_POINT) {
        throw new \DomainException('\\u{...} above U+10FFFF');
      }
      return (int) hexdec($hex === '' ? '0' : $hex);
    }
    $hex = $this->take(4);
    if (preg_match('/^[0-9A-Fa-f]{4}$/', $hex) !== 1) {
      throw new \DomainException('\\u without four hex digits');
    }
    $unit = (int) hexdec($hex);
    if ($unit >= 0xD800 && $unit <= 0xDBFF && $this->peek() === '\\' && ($this->chars[$this->pos + 1] ?? '') === 'u') {
      $low = implode('', \array_slice($this->chars, $this->pos + 2, 4));
      if (preg_match('/^[0-9A-Fa-f]{4}$/', $low) === 1 && hexdec($low) >= 0xDC00 && hexdec($low) <= 0xDFFF) {
        $this->pos += 6;
        return 0x10000 + (($unit - 0xD800) << 10) + ((int) hexdec($low) - 0xDC00);
      }
    }
    return $unit;
  }

  /** After `[`. */
  private function characterClass(): string {
    $negated = FALSE;
    if ($this->peek() === '^') {
      $this->pos++;
      $negated = TRUE;
    }
    $ranges = [];
    $properties = [];
    while (($c = $this->peek()) !== ']') {
      if ($c === NULL) {
        throw new \DomainException('missing ]');
      }
      $from = $this->classAtom();
      if ($this->peek() === '-' && ($this->chars[$this->pos + 1] ?? ']') !== ']') {
        $this->pos++;
        $to = $this->classAtom();
        if (\is_array($from) || \is_array($to)) {
          throw new \DomainException('a class escape in a range');
        }
        if ($from > $to) {
          throw new \DomainException('range out of order');
        }
        $ranges[] = [$from, $to];
        continue;
      }
      if (\is_array($from)) {
        array_push($ranges, ...$from[0]);
        array_push($properties, ...$from[1]);
      }
      else {
        $ranges[] = [$from, $from];
      }
    }
    $this->pos++;
    if ($properties === []) {
      $ranges = self::normalize($ranges);
      return self::set($negated ? self::complement($ranges) : $ranges);
    }
    return '[' . ($negated ? '^' : '') . self::rangesText(self::normalize($ranges)) . implode('', $properties) . ']';
  }

  /**
   * @return int|array{0: list<array{0: int, 1: int}>, 1: list<string>} a code point, or a set
   */
  private function classAtom(): int|array {
    $c = $this->next();
    if ($c !== '\\') {
      return mb_ord($c, 'UTF-8');
    }
    if ($this->peek() === NULL) {
      throw new \DomainException('\\ at end of pattern');
    }
    $set = $this->classEscape(TRUE);
    return $set ?? $this->characterEscape(TRUE);
  }

  /**
   * The backreferences, numbered, in place of their placeholders: a group
   * that took no part matches the empty string, as in ECMA.
   */
  private function resolveReferences(string $body): string {
    $texts = [];
    foreach ($this->references as $i => [$group, $atomicGroup]) {
      $number = \is_int($group) ? $group : ($this->names[$group] ?? NULL);
      if ($number === NULL || $number < 1 || $number > $this->groups) {
        throw new \DomainException('backreference to a missing group');
      }
      if (isset($this->repeated[$number]) && $atomicGroup !== $number) {
        // ECMA clears a repeated group's capture at each iteration, PCRE keeps it.
        throw new \DomainException('backreference to a group a repetition may leave set from an earlier iteration');
      }
      $texts["\x00" . ($i + 1) . "\x00"] = "(?(<g$number>)\\k<g$number>|)";
    }
    return strtr($body, $texts);
  }

  private function peek(): ?string {
    return $this->chars[$this->pos] ?? NULL;
  }

  private function peekBack(): ?string {
    return $this->chars[$this->pos - 1] ?? NULL;
  }

  private function next(): ?string {
    return $this->chars[$this->pos++] ?? NULL;
  }

  private function take(int $n): string {
    $text = implode('', \array_slice($this->chars, $this->pos, $n));
    $this->pos += $n;
    return $text;
  }

  /** ECMA's ASCII word boundary (`\b`), or its negation (`\B`). */
  private static function boundary(bool $at): string {
    $w = '[0-9A-Z_a-z]';
    return $at
      ? "(?:(?<=$w)(?!$w)|(?<!$w)(?=$w))"
      : "(?:(?<=$w)(?=$w)|(?<!$w)(?!$w))";
  }

  private static function literal(int $codePoint): string {
    if (($codePoint >= 0x30 && $codePoint <= 0x39) || ($codePoint >= 0x41 && $codePoint <= 0x5A) || ($codePoint >= 0x61 && $codePoint <= 0x7A)) {
      return \chr($codePoint);
    }
    if ($codePoint >= 0xD800 && $codePoint <= 0xDFFF) {
      // A lone surrogate: no valid UTF-8 string holds one.
      return '(?!)';
    }
    return sprintf('\x{%X}', $codePoint);
  }

  /** @param list<array{0: int, 1: int}> $ranges sorted, merged */
  private static function set(array $ranges): string {
    $text = self::rangesText($ranges);
    return $text === '' ? '(?!)' : "[$text]";
  }

  /** @param list<array{0: int, 1: int}> $ranges sorted, merged; surrogates left out */
  private static function rangesText(array $ranges): string {
    $text = '';
    foreach ($ranges as [$from, $to]) {
      foreach ([[$from, min($to, 0xD7FF)], [max($from, 0xE000), $to]] as [$a, $b]) {
        if ($a <= $b) {
          $text .= $a === $b ? sprintf('\x{%X}', $a) : sprintf('\x{%X}-\x{%X}', $a, $b);
        }
      }
    }
    return $text;
  }

  /**
   * @param list<array{0: int, 1: int}> $ranges
   * @return list<array{0: int, 1: int}>
   */
  private static function normalize(array $ranges): array {
    usort($ranges, static fn (array $a, array $b): int => $a[0] <=> $b[0]);
    $out = [];
    foreach ($ranges as [$from, $to]) {
      $last = \count($out) - 1;
      if ($last >= 0 && $from <= $out[$last][1] + 1) {
        $out[$last][1] = max($out[$last][1], $to);
      }
      else {
        $out[] = [$from, $to];
      }
    }
    return $out;
  }

  /**
   * @param list<array{0: int, 1: int}> $ranges sorted, merged
   * @return list<array{0: int, 1: int}>
   */
  private static function complement(array $ranges): array {
    $out = [];
    $next = 0;
    foreach ($ranges as [$from, $to]) {
      if ($from > $next) {
        $out[] = [$next, $from - 1];
      }
      $next = $to + 1;
    }
    if ($next <= self::MAX_CODE_POINT) {
      $out[] = [$next, self::MAX_CODE_POINT];
    }
    return $out;
  }

}
