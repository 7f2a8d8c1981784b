<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Validation;

/**
 * The string formats tool_schema's schemas use, checked as the project's
 * referee (ajv-formats 3, full mode) checks them, written from the
 * specifications: RFC 3339 (date, time, date-time, duration), RFC 3986 (uri),
 * RFC 5322's dot-atom and RFC 1034 labels (email, hostname), RFC 4291
 * (ipv6), RFC 4122 (uuid). Where the referee departs from the text it is
 * followed, so that the verdict is the advertised schema's:
 *
 *  - date: any year 0000-9999, days per month and leap year;
 *  - time, date-time: an offset is required (`Z`, `z`, `+01`, `+0130`,
 *    `+01:30`); seconds below 60, or up to 60.999... where the time is
 *    23:59 in UTC (a leap second); the date and the time are separated by
 *    exactly one `T`, `t` or white space character (JavaScript's `\s`);
 *  - duration: `P` then years, months, days (each optional, in that order) and
 *    `T` with hours, minutes, seconds (at least one after `T`), or weeks
 *    alone; not `P` alone; no fractions;
 *  - uri: an absolute URI with a non-empty hier-part (no `x:`), the authority
 *    also after a single `/`, leading zeros in an IPv4 tail of an IPv6
 *    literal;
 *  - email: dot-atom local part, a domain of two or more letter-digit-hyphen
 *    labels (no IP literal, no length limit);
 *  - hostname: labels of 1-63 letters, digits and hyphens, not starting or
 *    ending with a hyphen, 253 characters at most besides a final dot;
 *  - ipv4: four decimal octets without leading zeros;
 *  - uuid: 8-4-4-4-12 hex digits, optionally after `urn:uuid:`.
 *
 * Letters are ASCII and case-insensitive where the referee's are; nothing
 * matches across a trailing newline.
 */
final class Formats {

  /** The formats checked here: name => method. */
  public const CHECKS = [
    'date' => 'date',
    'time' => 'time',
    'date-time' => 'dateTime',
    'duration' => 'duration',
    'uri' => 'uri',
    'email' => 'email',
    'hostname' => 'hostname',
    'ipv4' => 'ipv4',
    'ipv6' => 'ipv6',
    'uuid' => 'uuid',
  ];

  /** JavaScript's `\s` (ECMA-262 WhiteSpace and LineTerminator), as a PCRE class body. */
  public const ECMA_SPACE = '\x{9}-\x{D}\x{20}\x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}';

  private const DAYS = [1 => 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

  /** Registers every check with an opis/json-schema format resolver (for strings). */
  public static function register(object $resolver): void {
    foreach (self::CHECKS as $name => $method) {
      $resolver->registerCallable('string', $name, [self::class, $method]);
    }
  }

  /** Does the string have the format? NULL for a format not checked here. */
  public static function check(string $format, string $value): ?bool {
    $method = self::CHECKS[$format] ?? NULL;
    return $method === NULL ? NULL : self::$method($value);
  }

  /** RFC 3339 full-date. */
  public static function date(string $value): bool {
    if (preg_match('/^([0-9]{4})-([0-9]{2})-([0-9]{2})\z/', $value, $m) !== 1) {
      return FALSE;
    }
    [$year, $month, $day] = [(int) $m[1], (int) $m[2], (int) $m[3]];
    if ($month < 1 || $month > 12 || $day < 1) {
      return FALSE;
    }
    $leap = $year % 4 === 0 && ($year % 100 !== 0 || $year % 400 === 0);
    return $day <= ($month === 2 && $leap ? 29 : self::DAYS[$month]);
  }

  /** RFC 3339 full-time (partial-time and a required offset). */
  public static function time(string $value): bool {
    if (preg_match('/^([0-9]{2}):([0-9]{2}):([0-9]{2}(?:\.[0-9]+)?)(?:[Zz]|([+-])([0-9]{2})(?::?([0-9]{2}))?)\z/', $value, $m) !== 1) {
      return FALSE;
    }
    $hour = (int) $m[1];
    $minute = (int) $m[2];
    // As a double, like the referee: 59.99999999999999999 is 60.
    $second = (float) $m[3];
    $sign = ($m[4] ?? '') === '-' ? -1 : 1;
    $offsetHour = (int) ($m[5] ?? 0);
    $offsetMinute = (int) ($m[6] ?? 0);
    if ($offsetHour > 23 || $offsetMinute > 59) {
      return FALSE;
    }
    if ($hour <= 23 && $minute <= 59 && $second < 60) {
      return TRUE;
    }
    // A leap second: 23:59:60 in UTC.
    $utcMinute = $minute - $offsetMinute * $sign;
    $utcHour = $hour - $offsetHour * $sign - ($utcMinute < 0 ? 1 : 0);
    return ($utcHour === 23 || $utcHour === -1) && ($utcMinute === 59 || $utcMinute === -1) && $second < 61;
  }

  /** RFC 3339 date-time: a date, one separator, a time. */
  public static function dateTime(string $value): bool {
    $parts = preg_split('/[Tt' . self::ECMA_SPACE . ']/u', $value);
    return $parts !== FALSE && \count($parts) === 2 && self::date($parts[0]) && self::time($parts[1]);
  }

  /** RFC 3339 Appendix A duration, as the referee reads it. */
  public static function duration(string $value): bool {
    return preg_match('/^P(?!\z)(?:(?:[0-9]+Y)?(?:[0-9]+M)?(?:[0-9]+D)?(?:T(?=[0-9])(?:[0-9]+H)?(?:[0-9]+M)?(?:[0-9]+S)?)?|[0-9]+W)\z/', $value) === 1;
  }

  /** RFC 3986 URI (absolute, with an optional fragment). */
  public static function uri(string $value): bool {
    static $regex = NULL;
    $regex ??= self::uriRegex();
    return preg_match($regex, $value) === 1;
  }

  /** RFC 5322 dot-atom, `@`, two or more RFC 1034 labels. */
  public static function email(string $value): bool {
    $atext = "[0-9a-z!#$%&'*+\\/=?^_`{|}~-]+";
    $label = '[0-9a-z](?:[0-9a-z-]*[0-9a-z])?';
    return preg_match("/^$atext(?:\\.$atext)*@$label(?:\\.$label)+\\z/i", $value) === 1;
  }

  /** RFC 1034 host name (RFC 1123 letters-digits-hyphens labels). */
  public static function hostname(string $value): bool {
    $name = str_ends_with($value, '.') ? substr($value, 0, -1) : $value;
    if ($name === '' || \strlen($name) > 253) {
      return FALSE;
    }
    foreach (explode('.', $name) as $label) {
      if (preg_match('/^[0-9a-z](?:[0-9a-z-]{0,61}[0-9a-z])?\z/i', $label) !== 1) {
        return FALSE;
      }
    }
    return TRUE;
  }

  /** Dotted-decimal IPv4, no leading zeros. */
  public static function ipv4(string $value): bool {
    $parts = explode('.', $value);
    if (\count($parts) !== 4) {
      return FALSE;
    }
    foreach ($parts as $part) {
      if (preg_match('/^(?:0|[1-9][0-9]{0,2})\z/', $part) !== 1 || (int) $part > 255) {
        return FALSE;
      }
    }
    return TRUE;
  }

  /** RFC 4291 2.2 text forms: eight groups, `::` once, an IPv4 tail. */
  public static function ipv6(string $value): bool {
    $groups = 0;
    $tail = strrpos($value, ':');
    if ($tail !== FALSE && str_contains(substr($value, $tail), '.')) {
      if (!self::ipv4(substr($value, $tail + 1))) {
        return FALSE;
      }
      // The IPv4 tail stands for two groups; keep the colon that ends the hex part.
      $value = substr($value, 0, $tail + 1) . '0';
      $groups = 1;
    }
    $halves = explode('::', $value);
    if (\count($halves) > 2) {
      return FALSE;
    }
    foreach ($halves as $half) {
      if ($half === '') {
        continue;
      }
      foreach (explode(':', $half) as $group) {
        if (preg_match('/^[0-9a-f]{1,4}\z/i', $group) !== 1) {
          return FALSE;
        }
        $groups++;
      }
    }
    return \count($halves) === 2 ? $groups <= 7 : $groups === 8;
  }

  /** RFC 4122 UUID, hex digits in either case, with or without `urn:uuid:`. */
  public static function uuid(string $value): bool {
    return preg_match('/^(?:urn:uuid:)?[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}\z/i', $value) === 1;
  }

  /**
   * The RFC 3986 grammar (section 3 and Appendix A) as one regular
   * expression, with the referee's departures: no path-empty after the
   * scheme, `/` or `//` before an authority, dec-octets with leading zeros
   * in an IPv6 literal's IPv4 tail.
   */
  private static function uriRegex(): string {
    $pct = '%[0-9a-f]{2}';
    $unreserved = 'a-z0-9\-._~';
    $subDelims = "!$&'()*+,;=";
    $pchar = "(?:[$unreserved$subDelims:@]|$pct)";
    $h16 = '[0-9a-f]{1,4}';
    $decOctet = '(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)';
    $ipv4 = "$decOctet(?:\\.$decOctet){3}";
    $ls32 = "(?:$h16:$h16|$ipv4)";
    $ipv6 = '(?:'
      . "(?:$h16:){6}$ls32"
      . "|::(?:$h16:){5}$ls32"
      . "|(?:$h16)?::(?:$h16:){4}$ls32"
      . "|(?:(?:$h16:){0,1}$h16)?::(?:$h16:){3}$ls32"
      . "|(?:(?:$h16:){0,2}$h16)?::(?:$h16:){2}$ls32"
      . "|(?:(?:$h16:){0,3}$h16)?::$h16:$ls32"
      . "|(?:(?:$h16:){0,4}$h16)?::$ls32"
      . "|(?:(?:$h16:){0,5}$h16)?::$h16"
      . "|(?:(?:$h16:){0,6}$h16)?::"
      . ')';
    $ipFuture = "v[0-9a-f]+\\.[$unreserved$subDelims:]+";
    $host = "(?:\\[(?:$ipv6|$ipFuture)\\]|(?:[$unreserved$subDelims]|$pct)*)";
    $authority = "(?:(?:[$unreserved$subDelims:]|$pct)*@)?$host(?::[0-9]*)?";
    $segment = "$pchar*";
    $segmentNz = "$pchar+";
    $hierPart = "(?:\\/\\/?$authority(?:\\/$segment)*|\\/(?:$segmentNz(?:\\/$segment)*)?|$segmentNz(?:\\/$segment)*)";
    $query = "(?:$pchar|[\\/?])*";
    return "/^[a-z][a-z0-9+\\-.]*:$hierPart(?:\\?$query)?(?:#$query)?\\z/i";
  }

}
