<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

use ToolSchema\Php\Model\DateFormat;
use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Rule;
use ToolSchema\Php\Model\Ty;

/**
 * String formats, as Symfony's validators accept them (src/constraint/format.rs):
 * - `Email` → `format: email`;
 * - `Url` → `format: uri` and a `pattern` of http(s) URLs with a host (the
 *   `protocols` option, `relativeProtocol`): an ASCII subset of what Symfony's
 *   UrlValidator accepts (no user info, IPv6 hosts or non-ASCII);
 * - `Uuid` → `format: uuid` and a `pattern` of strict RFC 9562 UUIDs of the
 *   allowed `versions`;
 * - `Ip` → `ipv4` / `ipv6` / either (`all`); the versions that also exclude
 *   private or reserved ranges are stated by their base format only, with a
 *   PARTIAL warning;
 * - `Date`/`DateOnly` → `format: date` and a year from 1 (checkdate());
 * - `DateTime` → a `pattern` of its format, real calendar dates and times
 *   (DateFormat); a format with what that does not state: UNSTATED.
 *
 * On a type other than a string, Drupal runs them on the value cast to a
 * string: not stated (Constraint::NOT_APPLICABLE).
 */
final class Format
{
    public const PARTIAL = 'format_partial';
    public const UNSTATED = 'format_unstated';

    /** Symfony's DateTime with its default format: real calendar dates (leap years included), 00-23 hours, 00-59 minutes and seconds. */
    public const DATE_TIME_PATTERN = '^(?:[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])|[0-9]{4}-(?:0[13-9]|1[0-2])-(?:29|30)|[0-9]{4}-(?:0[13578]|1[02])-31|(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29) (?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$';
    /** Symfony's Date: checkdate() wants a year from 1. */
    public const DATE_YEAR_PATTERN = '^(?:[1-9][0-9]{3}|0[1-9][0-9]{2}|00[1-9][0-9]|000[1-9])-';

    private const HEX = '[0-9A-Fa-f]';

    public static function apply(Rule $rule, mixed $opts, Facets $f): void
    {
        // Options are read (and checked) whatever the type.
        $o = \is_array($opts) ? $opts : [];
        $pattern = match ($rule->id) {
            'Url' => self::urlPattern($rule, $o),
            'Uuid' => self::uuidPattern($rule, $o),
            default => null,
        };
        $ip = $rule->id === 'Ip' ? self::ipVersion($rule, $o) : null;
        // DateTime: the pattern of its format (the default one as a
        // constant), or null when the format is not stated.
        $dateTime = null;
        if ($rule->id === 'DateTime') {
            $v = $o['format'] ?? null;
            if ($v !== null && !\is_string($v)) {
                throw $rule->error(['format'], 'must be a string');
            }
            $dateTime = $v === null || $v === 'Y-m-d H:i:s' ? self::DATE_TIME_PATTERN : DateFormat::pattern($v);
        }
        if ($rule->cat !== Ty::CAT_STR) {
            $rule->notApplicable();
            return;
        }
        switch ($rule->id) {
            case 'Email':
                $f->addFormat('email');
                break;
            case 'Url':
                // A relative URL (`//host`) is no absolute URI.
                if (($o['relativeProtocol'] ?? null) !== true) {
                    $f->addFormat('uri');
                }
                break;
            case 'Uuid':
                $f->addFormat('uuid');
                break;
            case 'Ip':
                [$base, $exact] = $ip;
                if ($base === 'all') {
                    if (!\in_array('ipv4_or_ipv6', $f->extras, true)) {
                        $f->extras[] = 'ipv4_or_ipv6';
                    }
                } else {
                    $f->addFormat($base);
                }
                if (!$exact) {
                    $rule->warn(self::PARTIAL, 'the IP version is stated, the private or reserved ranges it excludes are not');
                }
                break;
            case 'Date':
            case 'DateOnly':
                $f->addFormat('date');
                $f->patterns[] = self::DATE_YEAR_PATTERN;
                break;
            case 'DateTime':
                if ($dateTime !== null) {
                    $f->patterns[] = $dateTime;
                } else {
                    $rule->warn(self::UNSTATED, 'the format uses what the schema does not state (see docs: date_format)');
                }
                break;
        }
        if ($pattern !== null) {
            $f->patterns[] = $pattern;
        }
    }

    /** The pattern of a `Url` constraint. */
    private static function urlPattern(Rule $rule, array $opts): string
    {
        $protocols = $opts['protocols'] ?? null;
        if ($protocols === null) {
            $alternatives = ['http', 'https'];
        } else {
            $bad = static fn (): \ValueError => $rule->error(['protocols'], 'must be a non-empty list of URL schemes');
            if (!\is_array($protocols) || !\array_is_list($protocols) || $protocols === []) {
                throw $bad();
            }
            $alternatives = [];
            foreach ($protocols as $p) {
                if (!\is_string($p) || \preg_match('/^[A-Za-z][A-Za-z0-9+.\-]*$/D', $p) !== 1) {
                    throw $bad();
                }
                // Symfony puts the scheme into its regex as it is: `.` matches
                // itself among others, `+` does not match itself, so a scheme
                // with `+` is left out (stricter).
                if (!\str_contains($p, '+')) {
                    $alternatives[] = \str_replace('.', '\\.', $p);
                }
            }
        }
        $relative = $opts['relativeProtocol'] ?? null;
        if ($relative !== null && !\is_bool($relative)) {
            throw $rule->error(['relativeProtocol'], 'must be a boolean');
        }
        $relative = $relative === true;
        $scheme = $alternatives === [] ? null : '(?:' . \implode('|', $alternatives) . ')';
        $start = match (true) {
            $scheme !== null && !$relative => $scheme . ':',
            $scheme !== null => '(?:' . $scheme . ':)?',
            $relative => '',
            // Nothing can match: a scheme no URL has.
            default => '[]',
        };
        $hex = self::HEX;
        $host = '(?:(?:[A-Za-z0-9_\-]+\.)+[A-Za-z0-9]+\.?|[A-Za-z0-9_\-]+\.?|[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3})';
        $path = "[A-Za-z0-9\\-._~!$&'()*+,;=:@]";
        $query = "[A-Za-z0-9\\-._~!$&'()*+,;=:@/?\\[\\]]";
        $fragment = "[A-Za-z0-9\\-._~!$&'()*+,;=:@/?]";
        return "^{$start}//{$host}(?::[0-9]+)?(?:/(?:{$path}|%{$hex}{2})*)*(?:\\?(?:{$query}|%{$hex}{2})*)?(?:#(?:{$fragment}|%{$hex}{2})*)?$";
    }

    /** The pattern of a `Uuid` constraint (strict form, a subset of the loose one). */
    private static function uuidPattern(Rule $rule, array $opts): string
    {
        $bad = static fn (): \ValueError => $rule->error(['versions'], 'must be a UUID version from 1 to 8, or a list of them');
        $one = static function (mixed $v) use ($bad): int {
            $n = match (true) {
                \is_int($v) => $v,
                \is_string($v) && \strlen($v) === 1 && \strspn($v, '0123456789') === 1 => (int) $v,
                default => throw $bad(),
            };
            if ($n < 1 || $n > 8) {
                throw $bad();
            }
            return $n;
        };
        $versions = [];
        $v = $opts['versions'] ?? null;
        if ($v === null) {
            $versions = [1, 2, 3, 4, 5, 6, 7, 8];
        } elseif (\is_array($v) && \array_is_list($v) && $v !== []) {
            foreach ($v as $item) {
                $versions[] = $one($item);
            }
        } elseif (\is_int($v) || \is_string($v)) {
            $versions[] = $one($v);
        } else {
            throw $bad();
        }
        $versions = \array_unique($versions);
        \sort($versions);
        $class = \implode('', $versions);
        $class = $class === '12345678' ? '[1-8]' : '[' . $class . ']';
        $hex = self::HEX;
        return "^{$hex}{8}-{$hex}{4}-{$class}{$hex}{3}-[89ABab]{$hex}{3}-{$hex}{12}$";
    }

    /**
     * The Ip versions Symfony 6.4 knows: [ipv4|ipv6|all, exact] (a version
     * that also excludes private or reserved ranges is not exact).
     *
     * @return array{0: string, 1: bool}
     */
    private static function ipVersion(Rule $rule, array $opts): array
    {
        return match ($opts['version'] ?? null) {
            null, 4, '4' => ['ipv4', true],
            6, '6' => ['ipv6', true],
            'all' => ['all', true],
            '4_no_priv', '4_no_res', '4_public' => ['ipv4', false],
            '6_no_priv', '6_no_res', '6_public' => ['ipv6', false],
            'all_no_priv', 'all_no_res', 'all_public' => ['all', false],
            default => throw $rule->error(['version'], 'must be an IP version Symfony knows (4, 6, all, or one with _no_priv, _no_res, _public)'),
        };
    }

    /**
     * Whether the constraint is a format that refuses every value but a
     * string of its form, "" included: Email, Url, Uuid, Ip, Date, DateOnly
     * (checked on Drupal 10.6), not DateTime.
     */
    public static function onlyStrings(int|string $name): bool
    {
        return \in_array($name, ['Email', 'Url', 'Uuid', 'Ip', 'Date', 'DateOnly'], true);
    }
}
