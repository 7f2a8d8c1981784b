<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

use ToolSchema\Php\Normalize\Profile\Pass;
use ToolSchema\Php\Normalize\Profile\Profile;
use ToolSchema\Php\Path;

/**
 * fit_budget(): the schemas of a whole tool list for one request, within the
 * provider's per-request limits of strict mode (src/normalize/budget.rs is
 * its twin; the rule is written there). First-fit in list order: a tool
 * stays strict when it can be strict on its own and its counts, added to
 * those of the strict tools before it, stay within every limit; otherwise it
 * gets the `mcp` profile's schema, `strict: false` and one warning
 * `profile_budget_exceeded` naming the limits, and the next tools are tried.
 * With the `anthropic` profile each tool also gets `input_examples` (issue
 * 30; InputExamples) when it has examples that validate against its schema.
 */
final class Budget
{
    public const BUDGET_EXCEEDED = 'profile_budget_exceeded';

    private static function prefixed(string $tool, string $path): string
    {
        return $path === '' ? $tool : "$tool.$path";
    }

    /**
     * @param array<mixed> $tools name => definition
     * @param array<mixed> $options
     * @param list<array{code: string, path: string, message: string}>|null $warnings
     * @return array<array{schema: array<string, mixed>, strict: bool}>
     * @throws \ValueError on a malformed definition or option
     */
    public static function fit(array $tools, array $options = [], ?array &$warnings = null): array
    {
        try {
            [$out, $all] = self::run($tools, $options);
        } catch (\ValueError $e) {
            $warnings = [];
            throw $e;
        }
        $warnings = $all;
        return $out;
    }

    /**
     * @param array<mixed> $tools
     * @param array<mixed> $options
     * @return array{0: array<array{schema: array<string, mixed>, strict: bool}>, 1: list<array{code: string, path: string, message: string}>}
     */
    private static function run(array $tools, array $options): array
    {
        $options = $options === [] ? new Options() : Options::read($options);
        $fallback = clone $options;
        $fallback->profile = Profile::Mcp;
        $limits = $options->profile->provider()::budget();
        $used = array_fill(0, \count($limits), 0);
        $out = [];
        $all = [];
        foreach ($tools as $key => $def) {
            $tool = Path::key($key);
            if (!\is_array($def)) {
                throw Path::valueError($tool, 'the definition must be an array');
            }
            $normalize = static function (Options $o) use ($def, $tool): array {
                try {
                    return Normalizer::counted($def, $o);
                } catch (\ValueError $e) {
                    throw Path::valueError($tool, $e->getMessage());
                }
            };
            [$schema, $pass, $warnings] = $normalize($options);
            $strict = false;
            $reasons = [];
            if ($limits !== []) {
                foreach ($warnings as $w) {
                    if ($w['code'] === Profile::STRICT_IMPOSSIBLE || $w['code'] === Profile::LIMIT_EXCEEDED) {
                        $reasons[] = $w;
                    }
                }
                if ($reasons !== []) {
                    [$schema, , $warnings] = $normalize($fallback);
                } else {
                    \assert($pass instanceof Pass);
                    $reason = self::charge($options->profile, $limits, $used, $pass);
                    if ($reason === null) {
                        $strict = true;
                    } else {
                        $reasons[] = $reason;
                        [$schema, , $warnings] = $normalize($fallback);
                    }
                }
            }
            foreach ([...$warnings, ...$reasons] as $w) {
                $all[] = ['code' => $w['code'], 'path' => self::prefixed($tool, $w['path']), 'message' => $w['message']];
            }
            $out[$key] = ['schema' => $schema, 'strict' => $strict];
            if ($options->profile->provider()::INPUT_EXAMPLES) {
                $examples = InputExamples::build($def, $schema);
                if ($examples !== null) {
                    $out[$key]['input_examples'] = $examples;
                }
            }
        }
        return [$out, $all];
    }

    /**
     * Charges a tool that can be strict on its own to the request: when its
     * counts, added to those of the strict tools before it ($used), stay
     * within every limit, adds them and returns null; otherwise returns the
     * `profile_budget_exceeded` warning naming every limit it would pass, and
     * $used stays as it was.
     *
     * @param list<array{0: \Closure(Pass): int, 1: int, 2: string}> $limits
     * @param list<int> $used
     * @return array{code: string, path: string, message: string}|null
     */
    private static function charge(Profile $profile, array $limits, array &$used, Pass $pass): ?array
    {
        $over = [];
        foreach ($limits as $i => [$count, $max, $what]) {
            $n = $count($pass);
            if ($used[$i] + $n > $max) {
                $over[] = "at most $max $what per request (the strict tools before this one: {$used[$i]}, this one: $n)";
            }
        }
        if ($over !== []) {
            return [
                'code' => self::BUDGET_EXCEEDED,
                'path' => '',
                'message' => $profile->label() . ' allows ' . implode('; ', $over)
                    . ': this tool is sent without strict mode',
            ];
        }
        foreach ($limits as $i => [$count]) {
            $used[$i] += $count($pass);
        }
        return null;
    }
}
