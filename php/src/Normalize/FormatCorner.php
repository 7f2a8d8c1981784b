<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Ty;

/**
 * Format corners (issue 30; src/normalize/format_corner.rs): where a `format`
 * accepts a string Drupal refuses, a `pattern` (and a length) beside it:
 * `format: email` (egulias' strict check: a local part over 64 bytes, an
 * address over 254, a label over 63 counted with the dot before it),
 * `datetime_iso8601` (no leap second: PHP's DateTime refuses second 60),
 * `uri` (parse_url() reads "x:1" as a host and a port, no scheme).
 */
final class FormatCorner
{
    public const EMAIL_PATTERN = '^[^@]{1,64}@([^.]{1,62}\.)*[^.]{1,62}$';
    public const EMAIL_MAX_LENGTH = 254;
    public const NO_LEAP_SECOND_PATTERN = '^.{17}[0-5]';
    public const URI_SCHEME_PATTERN = '^[^:]+:([^0-9]|[0-9]{1,5}[^0-9/]|[0-9]{6}|$)';

    public static function apply(int $ty, Facets $f): void
    {
        if (\in_array('email', $f->formats, true)) {
            $f->patterns[] = self::EMAIL_PATTERN;
            $f->maxLength = Facets::lower($f->maxLength, self::EMAIL_MAX_LENGTH);
        }
        if ($ty === Ty::DATETIME_ISO8601) {
            $f->patterns[] = self::NO_LEAP_SECOND_PATTERN;
        } elseif ($ty === Ty::URI) {
            $f->patterns[] = self::URI_SCHEME_PATTERN;
        }
    }
}
