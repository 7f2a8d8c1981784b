<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

/**
 * String formats (src/normalize/format.rs): `Email` → `email`, `Url` → `uri`,
 * `Uuid` → `uuid`, `Ip` → `ipv4`/`ipv6` (by `version`), `Date`/`DateOnly` →
 * `date`, and `DateTime` with its default format `Y-m-d H:i:s` → a `pattern`.
 * Other options of these constraints (other IP ranges, other date formats) are
 * left out.
 */
final class Format
{
    public const DATE_TIME_PATTERN = '^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$';

    public static function apply(Rule $rule, string $which, mixed $opts, Facets $f): void
    {
        if ($rule->cat !== Definition::CAT_STR) {
            return;
        }
        switch ($which) {
            case 'Email':
                $f->addFormat('email');
                return;
            case 'Url':
                $f->addFormat('uri');
                return;
            case 'Uuid':
                $f->addFormat('uuid');
                return;
            case 'Ip':
                $v = \is_array($opts) ? ($opts['version'] ?? null) : null;
                if ($v === null || $v === '4' || $v === 4) {
                    $f->addFormat('ipv4');
                } elseif ($v === '6' || $v === 6) {
                    $f->addFormat('ipv6');
                }
                return;
            case 'Date':
            case 'DateOnly':
                $f->addFormat('date');
                return;
            case 'DateTime':
                $v = \is_array($opts) ? ($opts['format'] ?? null) : null;
                if ($v === null || $v === 'Y-m-d H:i:s') {
                    $f->patterns[] = self::DATE_TIME_PATTERN;
                }
                return;
        }
    }
}
