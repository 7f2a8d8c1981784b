<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\Differential;

/**
 * Values for a definition spec, as JSON: what a spec should accept (its
 * choices, pattern samples, lengths and bounds inside), the boundaries
 * (min - 1, max + 1, in ASCII and multibyte), wrong types, the loose forms a
 * model sends ("5", "true", 5.0, " a "), empty containers ([], {}, only-null
 * children), unicode, trailing newlines, big integers (2^63, 1e20) and -0;
 * for lists and maps the same one level down (a bad item, a missing, null or
 * extra property).
 */
final class ValueGenerator
{
    /** Values every definition is tried with. */
    private const COMMON = ['null', 'true', 'false', '0', '1', '-1', '2', '2.0', '2.5', '1e20', '9223372036854775807',
        '9223372036854775808', '-9223372036854775809', '-0', '""', '" "', '"a"', '"5"', '"5.0"', '"-3"', '"true"',
        '"false"', '"1"', '"0"', '"abc\n"', '"é"', '"😀"', '[]', '{}', '[null]', '{"a":null}', '[1]', '["a"]', '{"a":1}',
        '[[]]', '"2024-01-15T10:30:00+00:00"', '"P1D"', '"user@example.com"', '"https://example.com"', '"null"'];

    /** Strings around the string formats, valid and not. */
    private const FORMAT_STRINGS = [
        'email' => ['user@example.com', 'a@b', 'a@b.c', 'a..b@c.de', '"a b"@c.de', 'user@example.com' . "\n", 'user@', '@x.y', 'user@[127.0.0.1]', 'ü@exämple.de', 'a@b_c.de', 'user@localhost', ' user@example.com',
            // Issue 30: egulias' lengths (local part 64, a label 63 with the dot before it, 254 in all).
            'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa@example.com', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa@example.com', 'a@bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.com', 'a@bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.com',
            'a@example.cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc', 'a@example.ccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc', 'a@bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.com'],
        'uuid' => ['4f1c0e36-2b8c-4a5e-9b1a-3c6f2d7e8a90', '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '4F1C0E36-2B8C-4A5E-9B1A-3C6F2D7E8A90', 'urn:uuid:4f1c0e36-2b8c-4a5e-9b1a-3c6f2d7e8a90', '{4f1c0e36-2b8c-4a5e-9b1a-3c6f2d7e8a90}', '4f1c0e362b8c4a5e9b1a3c6f2d7e8a90', '4f1c0e36-2b8c-0a5e-9b1a-3c6f2d7e8a90', '4f1c0e36-2b8c-9a5e-9b1a-3c6f2d7e8a90', '4f1c0e36-2b8c-4a5e-cb1a-3c6f2d7e8a90', '4f1c0e36-2b8c-4a5e-9b1a-3c6f2d7e8a90' . "\n", '4f1c0e36-2b8c-1a5e-8b1a-3c6f2d7e8a90'],
        'url' => ['https://example.com', 'http://example.com/a?b=c#d', 'https://example.com' . "\n", 'javascript:alert(1)', 'ftp://example.com/x', 'mailto:a@b.c', 'http://', '//example.com/x', 'http://exa mple.com', 'https://localhost', 'http://1.2.3.4/', 'https://ex_ample.com', 'https://éxample.com', 'example.com', 'http://[::1]/', 'https://example.com:99999', 'HTTP://EXAMPLE.COM'],
        'uri' => ['https://example.com', 'urn:isbn:0451450523', 'x:', 'x:1', 'mailto:12345', 'urn:1/a', 'x:123456', 'x:1a', 'mailto:a@b.c', 'example', '/relative/path', 'http://exa mple.com', 'javascript:alert(1)', 'a:b c', 'file:///etc/passwd', 'internal:/node/1', 'entity:node/1', 'https://example.com' . "\n", 'http:///x', '1http://x', 'ht tp://x'],
        'ip' => ['192.0.2.1', '10.0.0.1', '127.0.0.1', '256.1.1.1', '1.2.3.04', '1.2.3', '::1', '2001:db8::1', 'fe80::1', '::ffff:192.0.2.1', '192.0.2.1' . "\n", ' 192.0.2.1', '0.0.0.0', '8.8.8.8', '2001:4860:4860::8888'],
        'datetime' => ['2024-01-15 10:30:00', '2024-13-01 00:00:00', '2024-02-30 10:00:00', '2024-01-15 25:00:00', '2024-01-15 10:61:00', '2024-01-15 10:30:60', '2024-01-15T10:30:00', '2024-01-15 10:30:00' . "\n", '2024-01-15', '10:30', '2024-1-5 1:3:0', '0000-00-00 00:00:00', '2024-01-15T10:30:00+00:00', '24:00'],
        'date' => ['2024-01-15', '2024-13-01', '2024-02-30', '2024-02-29', '2023-02-29', '2024-1-5', '2024-01-15' . "\n", '15/01/2024', '2024-01-15T00:00:00Z', '0000-01-01'],
        'iso8601' => ['2024-01-15T10:30:00+00:00', '2024-06-30T23:59:60Z', '2024-06-30T22:59:60-01:00', '2024-01-15T10:30:00Z', '2024-01-15T10:30:00', '2024-01-15', '2024-13-01T00:00:00Z', '2024-01-15T25:00:00Z', '2024-01-15 10:30:00', '2024-01-15T10:30:00.123+02:00', 'tomorrow', '1700000000', '2024-01-15T10:30:00+00:00' . "\n", '2024-02-30T00:00:00Z', 'now'],
        'duration' => ['P1D', 'PT1H', 'P1Y2M3DT4H5M6S', 'P', 'PT', '1 day', 'P1.5D', 'PT0.5S', 'P1W', 'p1d', 'P1D' . "\n", '-P1D', 'P1M1W'],
        'country' => ['US', 'us', 'GB', 'XX', 'DE' . "\n", 'USA', 'FR'],
    ];

    public function __construct(private readonly Rng $rng)
    {
    }

    /**
     * The JSON texts to try on a root spec, distinct.
     *
     * @return list<string>
     */
    public function values(array $spec, int $n): array
    {
        $out = [];
        foreach ($this->rng->sample(self::COMMON, 5) as $text) {
            $out[$text] = true;
        }
        $candidates = [];
        for ($i = 0; $i < 3; $i++) {
            $candidates[] = $this->valid($spec, 0);
        }
        foreach ($this->near($spec, 0) as $v) {
            $candidates[] = $v;
        }
        foreach ($this->rng->sample($candidates, $n) as $v) {
            $out[Json::encode($v)] = true;
        }
        return array_map('strval', array_keys($out));
    }

    /** A value the spec should accept, as far as its constraints can be met. */
    public function valid(array $spec, int $depth): mixed
    {
        if (($spec['multiple'] ?? false) === true) {
            $item = $spec;
            unset($item['multiple']);
            $n = $this->rng->int(1, 2);
            $out = [];
            for ($i = 0; $i < $n; $i++) {
                $out[] = $this->valid($item, $depth + 1);
            }
            return $out;
        }
        $c = $spec['constraints'] ?? [];
        $type = $spec['type'];
        $choices = self::choices($c);
        if ($choices !== null && $choices !== [] && !self::choiceMultiple($c) && $this->rng->chance(0.8)) {
            return self::plain($this->rng->pick($choices));
        }
        switch ($type) {
            case 'list':
                [$min, $max] = self::count($c, 1, 2);
                $out = [];
                $n = $this->rng->int($min, max($min, $max));
                $multi = self::choiceMultiple($c);
                for ($i = 0; $i < $n; $i++) {
                    $out[] = $multi !== null && $multi !== [] ? self::plain($this->rng->pick($multi)) : $this->valid($spec['items'], $depth + 1);
                }
                return $out;
            case 'map':
                $o = new \stdClass();
                foreach ($spec['properties'] ?? [] as $name => $property) {
                    if (($property['required'] ?? true) || $this->rng->chance(0.6)) {
                        $o->{$name} = $this->valid($property, $depth + 1);
                    }
                }
                if (($spec['properties'] ?? []) === []) {
                    $o->{$this->rng->pick(['k', 'level', 'x'])} = $this->rng->pick(['v', 1, true]);
                }
                return $o;
            case 'boolean':
                return $this->rng->pick([true, false]);
            case 'integer':
            case 'timespan':
                return $this->number($c, true);
            case 'timestamp':
                return $this->rng->chance(0.5) ? 1700000000 : $this->number($c, true);
            case 'float':
                return $this->number($c, $this->rng->chance(0.3));
            case 'decimal':
                return $this->rng->pick(['12.34', '-0.5', '10', (string) $this->number($c, true)]);
            case 'any':
                return $this->rng->pick(['x', 1, Json::obj(['a' => 1]), [1]]);
            case 'email':
                return 'user@example.com';
            case 'uri':
                return 'https://example.com/a';
            case 'datetime_iso8601':
                return '2024-01-15T10:30:00+00:00';
            case 'duration_iso8601':
                return 'P1DT2H';
        }
        // string, text
        if (isset($c['Regex'])) {
            $p = \is_array($c['Regex']) ? $c['Regex']['pattern'] : $c['Regex'];
            $match = !\is_array($c['Regex']) || ($c['Regex']['match'] ?? true) !== false;
            [$yes, $no] = SpecGenerator::PATTERNS[$p];
            return $this->rng->pick($match ? $yes : $no);
        }
        foreach (['Email' => 'user@example.com', 'Uuid' => '4f1c0e36-2b8c-4a5e-9b1a-3c6f2d7e8a90', 'Url' => 'https://example.com/x',
            'Ip' => '192.0.2.1', 'DateTime' => '2024-01-15 10:30:00', 'Date' => '2024-01-15', 'CountryCode' => 'US',
            'PluginExists' => 'user', 'EntityBundleExists' => 'user'] as $id => $sample) {
            if (isset($c[$id])) {
                return $sample;
            }
        }
        if (isset($c['Length'])) {
            $min = $c['Length']['min'] ?? 0;
            $max = $c['Length']['max'] ?? $min + 3;
            return $this->text($this->rng->int($min, max($min, $max)), $this->rng->chance(0.3));
        }
        return $this->rng->pick(['hello', 'x', 'Tool input', 'é']);
    }

    /**
     * Values close to the spec's edges, and wrong ones.
     *
     * @return list<mixed>
     */
    private function near(array $spec, int $depth): array
    {
        $c = $spec['constraints'] ?? [];
        $out = [];
        if (($spec['multiple'] ?? false) === true) {
            $item = $spec;
            unset($item['multiple']);
            $valid = $this->valid($item, $depth + 1);
            $out[] = [];
            $out[] = $valid;
            $out[] = [$valid, $valid];
            foreach ($this->rng->sample($this->near($item, $depth + 1), 3) as $bad) {
                $out[] = [$bad];
                $out[] = [$valid, $bad];
            }
            $out[] = [null];
            return $out;
        }
        $choices = self::choices($c);
        if ($choices !== null) {
            foreach ($choices as $choice) {
                $out[] = self::plain($choice);
                if (\is_string($choice)) {
                    $out[] = strtoupper($choice);
                    $out[] = " $choice ";
                    $out[] = "$choice\n";
                    if (is_numeric($choice)) {
                        $out[] = 0 + $choice;
                    }
                } elseif (\is_int($choice)) {
                    $out[] = (float) $choice;
                    $out[] = (string) $choice;
                } elseif (\is_float($choice)) {
                    $out[] = floor($choice) == $choice ? (int) $choice : (string) $choice;
                    $out[] = (string) $choice;
                } elseif (\is_bool($choice)) {
                    $out[] = $choice ? 1 : 0;
                    $out[] = $choice ? 'true' : 'false';
                }
            }
        }
        switch ($spec['type']) {
            case 'list':
                $item = $this->valid($spec['items'], $depth + 1);
                [$min, $max] = self::count($c, 0, 3);
                foreach (array_unique([0, 1, 2, $min - 1, $min, $max, $max + 1]) as $n) {
                    if ($n >= 0 && $n <= 5) {
                        $out[] = array_fill(0, $n, $item);
                    }
                }
                $multi = self::choiceMultiple($c);
                if ($multi !== null) {
                    foreach ($multi as $choice) {
                        $out[] = [self::plain($choice)];
                        $out[] = [self::plain($choice), 'zzz'];
                        if (\is_string($choice)) {
                            $out[] = [strtoupper($choice)];
                        }
                    }
                    $out[] = $this->rng->sample(array_map([self::class, 'plain'], $multi), min(2, \count($multi)));
                }
                foreach ($this->rng->sample($this->near($spec['items'], $depth + 1), 3) as $bad) {
                    $out[] = [$bad];
                    $out[] = [$item, $bad];
                }
                $out[] = [null];
                $out[] = [null, null];
                $out[] = $item;
                $out[] = Json::obj(['0' => $item]);
                $out[] = Json::obj([]);
                $out[] = [[]];
                return $out;
            case 'map':
                $valid = $this->valid($spec, $depth + 1);
                $out[] = $valid;
                if (!$valid instanceof \stdClass) {
                    $valid = new \stdClass();
                }
                $out[] = Json::obj([]);
                $out[] = [];
                $out[] = [$valid];
                $out[] = 'x';
                $properties = $spec['properties'] ?? [];
                $nulls = new \stdClass();
                foreach ($properties as $name => $property) {
                    $nulls->{$name} = null;
                    $missing = clone $valid;
                    unset($missing->{$name});
                    $out[] = $missing;
                    $withNull = clone $valid;
                    $withNull->{$name} = null;
                    $out[] = $withNull;
                    foreach ($this->rng->sample($this->near($property, $depth + 1), 2) as $bad) {
                        $wrong = clone $valid;
                        $wrong->{$name} = $bad;
                        $out[] = $wrong;
                    }
                }
                if ($properties !== []) {
                    $out[] = $nulls;
                }
                $extra = clone $valid;
                $extra->zz = 1;
                $out[] = $extra;
                $out[] = Json::obj(['0' => 'a']);
                $out[] = Json::obj(['a' => [], 'b' => Json::obj([])]);
                return $out;
            case 'boolean':
                return [...$out, true, false, 0, 1, '1', '0', 'true', 'false', 'yes', '', 2, new Raw('1.0'), null];
            case 'any':
                return [...$out, '', ' ', false, 0, [], Json::obj([]), [null], Json::obj(['a' => null]), 'x', null];
        }
        if (\in_array($spec['type'], [...SpecGenerator::INT_TYPES, 'float', 'decimal'], true)) {
            foreach (self::bounds($c) as $b) {
                foreach ([$b - 1, $b, $b + 1, $b - 0.5, $b + 0.5] as $v) {
                    $out[] = $v;
                }
                $out[] = (float) $b;
                $out[] = (string) $b;
            }
            $out = [...$out, 0, new Raw('-0'), new Raw('0.0'), 5, 5.0, 5.5, -3, '5', '5.0', ' 5', '5 ', '1e3', '0x1A', '', 'abc',
                new Raw('1e20'), new Raw('-1e20'), new Raw('9223372036854775807'), new Raw('9223372036854775808'),
                new Raw('-9223372036854775808'), new Raw('-9223372036854775809'), new Raw('4294967296'), new Raw('1E2'),
                new Raw('2147483648'), 1700000000, '12.34', '.5', '5.', '+5', true, [5], null];
            return $out;
        }
        // string types
        if (isset($c['Length'])) {
            foreach (['min', 'max'] as $k) {
                if (isset($c['Length'][$k])) {
                    $n = $c['Length'][$k];
                    foreach ([$n - 1, $n, $n + 1] as $len) {
                        if ($len >= 0) {
                            $out[] = $this->text($len, false);
                            $out[] = $this->text($len, true);
                            // Issue 30: Length reads a number's string form (an `any`).
                            $out[] = $len === 0 ? 0 : (int) str_repeat('7', min($len, 18));
                        }
                    }
                }
            }
            $out[] = str_repeat('a', 3) . "\n";
        }
        if (isset($c['Regex'])) {
            $p = \is_array($c['Regex']) ? $c['Regex']['pattern'] : $c['Regex'];
            [$yes, $no] = SpecGenerator::PATTERNS[$p];
            foreach ([...$yes, ...$no] as $s) {
                $out[] = $s;
                $out[] = "$s\n";
            }
        }
        $formats = [];
        foreach (['Email' => 'email', 'Uuid' => 'uuid', 'Url' => 'url', 'Ip' => 'ip', 'DateTime' => 'datetime', 'Date' => 'date', 'CountryCode' => 'country'] as $id => $f) {
            if (isset($c[$id])) {
                $formats[] = $f;
            }
        }
        $formats[] = match ($spec['type']) {
            'email' => 'email', 'uri' => 'uri', 'datetime_iso8601' => 'iso8601', 'duration_iso8601' => 'duration',
            default => $this->rng->pick(array_keys(self::FORMAT_STRINGS)),
        };
        foreach ($formats as $f) {
            foreach (self::FORMAT_STRINGS[$f] as $s) {
                $out[] = $s;
            }
        }
        if (isset($c['PluginExists']) || isset($c['EntityBundleExists'])) {
            $out = [...$out, 'user', 'user_role', 'USER', 'node', 'general', 'broken', 'string', 'entity_reference', 'unknown_x', 'log_message', ''];
        }
        if (isset($c['IdenticalTo'])) {
            $v = \is_array($c['IdenticalTo']) ? $c['IdenticalTo']['value'] : $c['IdenticalTo'];
            $out = [...$out, $v, (string) $v, " $v"];
        }
        return [...$out, '', ' ', "\n", 'a', "a\n", 'é', "😀", str_repeat('x', 40), 5, 5.5, true, false, [], Json::obj([]), ['a'], null, '<b>x</b>', "a\0b", "\u{00A0}"];
    }

    /** A string of $len characters (ASCII, or multibyte: 2- to 4-byte characters). */
    private function text(int $len, bool $multibyte): string
    {
        $chars = $multibyte ? ['é', 'ü', '中', '😀', 'a'] : ['a', 'b', 'z', '0', '_'];
        $s = '';
        for ($i = 0; $i < $len; $i++) {
            $s .= $this->rng->pick($chars);
        }
        return $s;
    }

    /** A number inside the spec's numeric constraints when they allow one. */
    private function number(array $c, bool $int): int|float
    {
        $lo = -1000;
        $hi = 1000;
        foreach ($c as $id => $o) {
            $v = \is_array($o) ? ($o['value'] ?? null) : $o;
            if ($id !== 'Range' && $id !== 'IdenticalTo' && !\is_int($v) && !\is_float($v)) {
                $v = 0;
            }
            switch ($id) {
                case 'Range':
                    $lo = max($lo, $o['min'] ?? $lo);
                    $hi = min($hi, $o['max'] ?? $hi);
                    break;
                case 'GreaterThan':
                case 'GreaterThanOrEqual':
                    $lo = max($lo, $v + ($id === 'GreaterThan' ? 1 : 0));
                    break;
                case 'LessThan':
                case 'LessThanOrEqual':
                    $hi = min($hi, $v - ($id === 'LessThan' ? 1 : 0));
                    break;
                case 'Positive':
                    $lo = max($lo, 1);
                    break;
                case 'PositiveOrZero':
                    $lo = max($lo, 0);
                    break;
                case 'Negative':
                    $hi = min($hi, -1);
                    break;
                case 'NegativeOrZero':
                    $hi = min($hi, 0);
                    break;
                case 'IdenticalTo':
                    if (\is_int($v) || \is_float($v)) {
                        return $v;
                    }
                    break;
            }
        }
        $lo = (int) ceil($lo);
        $hi = (int) floor($hi);
        if ($hi < $lo) {
            $hi = $lo;
        }
        $n = $this->rng->int($lo, $hi);
        return $int ? $n : $n + ($n < $hi ? 0.5 : 0.0);
    }

    /** @return list<int|float> the numeric bounds the constraints name */
    private static function bounds(array $c): array
    {
        $out = [];
        foreach ($c as $id => $o) {
            if ($id === 'Range') {
                foreach (['min', 'max'] as $k) {
                    if (isset($o[$k])) {
                        $out[] = $o[$k];
                    }
                }
            } elseif (\in_array($id, ['GreaterThan', 'GreaterThanOrEqual', 'LessThan', 'LessThanOrEqual', 'IdenticalTo'], true)) {
                $v = \is_array($o) ? $o['value'] : $o;
                if (\is_int($v) || \is_float($v)) {
                    $out[] = $v;
                }
            } elseif (\in_array($id, ['Positive', 'PositiveOrZero', 'Negative', 'NegativeOrZero'], true)) {
                $out[] = 0;
            }
        }
        return $out;
    }

    /** @return array{0: int, 1: int} */
    private static function count(array $c, int $min, int $max): array
    {
        if (isset($c['Count'])) {
            $min = $c['Count']['min'] ?? $min;
            $max = $c['Count']['max'] ?? max($min, $max);
        }
        if (isset($c['NotBlank']) && $min < 1) {
            $min = 1;
            $max = max($max, 1);
        }
        return [$min, $max];
    }

    /** @return list<mixed>|null the choices of a single-valued Choice/AllowedValues (callbacks called) */
    private static function choices(array $c): ?array
    {
        foreach (['Choice', 'AllowedValues'] as $id) {
            if (!isset($c[$id]) || !\is_array($c[$id])) {
                continue;
            }
            $o = $c[$id];
            if (array_is_list($o)) {
                return $o;
            }
            if (($o['multiple'] ?? false) === true) {
                continue;
            }
            if (isset($o['callback'])) {
                return ($o['callback'])();
            }
            return $o['choices'] ?? null;
        }
        return null;
    }

    /** @return list<mixed>|null the choices of a `multiple` Choice/AllowedValues */
    private static function choiceMultiple(array $c): ?array
    {
        foreach (['Choice', 'AllowedValues'] as $id) {
            if (isset($c[$id]) && \is_array($c[$id]) && !array_is_list($c[$id]) && ($c[$id]['multiple'] ?? false) === true) {
                return $c[$id]['choices'] ?? [];
            }
        }
        return null;
    }

    /** A choice as a JSON value (floats stay floats: 2.0 is written 2.0). */
    private static function plain(mixed $v): mixed
    {
        return $v;
    }
}
