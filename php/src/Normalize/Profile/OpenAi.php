<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize\Profile;

/**
 * `openai`: strict function calling and Structured Outputs
 * (src/normalize/profile/openai.rs, where the rules and their sources are).
 */
final class OpenAi extends Provider
{
    /** The documented string formats. */
    public const FORMATS = [
        'date-time' => true, 'time' => true, 'date' => true, 'duration' => true, 'email' => true,
        'hostname' => true, 'ipv4' => true, 'ipv6' => true, 'uuid' => true,
    ];

    public const LABEL = 'OpenAI strict mode';
    public const STRICT = true;
    public const MAX_PROPERTIES = 5000;
    public const MAX_NESTING = 10;
    public const MAX_ENUM_VALUES = 1000;
    public const MAX_STRING_LENGTH = 120000;

    protected function string(): void
    {
        $this->knownFormat(self::FORMATS);
        if ($this->p->patterns !== []) {
            $pat = $this->p->patterns[0];
            if (self::hasLookaroundOrBackref($pat)) {
                $this->dropPattern($pat);
            } else {
                $this->keys[] = ['pattern', $pat];
            }
        }
        $this->values(true, true, false);
        $this->lengths();
    }

    protected function number(): ?array
    {
        $p = $this->p;
        $this->values(true, true, false);
        $this->put([
            'minimum' => $p->minimum,
            'exclusiveMinimum' => $p->exclusiveMinimum,
            'maximum' => $p->maximum,
            'exclusiveMaximum' => $p->exclusiveMaximum,
            'multipleOf' => $p->multipleOf,
        ]);
        return null;
    }

    protected function array(): void
    {
        $this->values(true, true, false);
        if (!$this->items()) {
            $this->pass->impossible('a list without an item definition');
        }
        $this->counts();
    }

    protected function object(): void
    {
        $this->values(true, true, false);
        $names = $this->strictProperties();
        if ($names !== null) {
            // Every property, in order.
            $this->keys[] = ['required', array_map('strval', $names)];
        }
        $this->strictAdditional();
    }

    protected function boolean(): void
    {
        $this->values(true, true, false);
    }

    /** The size limits, over the whole schema. */
    public static function limits(Pass $pass): array
    {
        $found = [];
        foreach ([
            [$pass->properties, self::MAX_PROPERTIES, 'object properties'],
            [$pass->maxObjectDepth, self::MAX_NESTING, 'levels of nested objects'],
            [$pass->enumValues, self::MAX_ENUM_VALUES, 'enum values'],
            [$pass->stringLength, self::MAX_STRING_LENGTH, 'characters of property names and enum values'],
        ] as [$count, $max, $what]) {
            if ($count > $max) {
                $found[] = "$count $what (at most $max)";
            }
        }
        foreach ($pass->longEnums as $at) {
            $found[] = 'an enum of more than 250 strings longer than 15000 characters in total at '
                . ($at === '' ? '(root)' : $at);
        }
        return array_map(static fn (string $f): string => "OpenAI strict mode refuses this schema: $f", $found);
    }

    /**
     * The per-request limits: the guide states them per schema; the
     * request's strict tools are counted together, the reading that can
     * never be refused.
     */
    public static function budget(): array
    {
        return [
            [static fn (Pass $p): int => $p->properties, self::MAX_PROPERTIES, 'object properties'],
            [static fn (Pass $p): int => $p->enumValues, self::MAX_ENUM_VALUES, 'enum values'],
            [static fn (Pass $p): int => $p->stringLength, self::MAX_STRING_LENGTH, 'characters of property names and enum values'],
        ];
    }

    /** Lookarounds and backreferences: constructs the strict modes refuse. */
    public static function hasLookaroundOrBackref(string $p): bool
    {
        $n = \strlen($p);
        $class = false;
        for ($i = 0; $i < $n; $i++) {
            $c = $p[$i];
            if ($c === '\\') {
                if (!$class && $i + 1 < $n) {
                    $d = $p[$i + 1];
                    if (($d >= '1' && $d <= '9') || $d === 'k') {
                        return true;
                    }
                }
                $i++;
                continue;
            }
            if ($c === '[') {
                $class = true;
            } elseif ($c === ']') {
                $class = false;
            } elseif ($c === '(' && !$class && preg_match('/\?<?[=!]/A', $p, $m, 0, $i + 1) === 1) {
                // (?= (?! (?<= (?<!
                return true;
            }
        }
        return false;
    }
}
