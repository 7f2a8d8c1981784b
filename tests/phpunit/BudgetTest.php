<?php

declare(strict_types=1);

namespace ToolSchema\Tests;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use ToolSchema\Php\Normalize\Budget;
use ToolSchema\Php\Normalize\Normalizer;

/**
 * fit_budget() on the cases of tests/budget/*.json (tests/budget.rs runs the
 * same files against the Rust core), against the pure-PHP implementation and,
 * when it is loaded, the extension: the `strict` flags and warnings as
 * given; every schema is normalize_schema()'s (with the profile for a strict
 * tool, with `mcp` for a fallback); both implementations byte for byte.
 */
final class BudgetTest extends TestCase
{
    /** @return array<string, array<string, mixed>> */
    private static function all(): array
    {
        static $all = null;
        if ($all === null) {
            $all = [];
            $files = glob(__DIR__ . '/../budget/*.json') ?: [];
            sort($files, SORT_STRING);
            foreach ($files as $file) {
                $data = json_decode((string) file_get_contents($file), true, 512, JSON_THROW_ON_ERROR);
                foreach ($data['cases'] as $case) {
                    $all[$case['name']] = $case;
                }
            }
        }
        return $all;
    }

    /** @return iterable<string, array{string}> */
    public static function cases(): iterable
    {
        foreach (self::all() as $name => $_) {
            yield $name => [$name];
        }
    }

    /** @return array<string, callable> */
    private static function implementations(): array
    {
        $impls = ['php' => static fn (array $t, array $o, &$w): array => Budget::fit($t, $o, $w)];
        if (Implementations::native()) {
            $impls['native'] = static fn (array $t, array $o, &$w): array => \ToolSchema\fit_budget($t, $o, $w);
        }
        return $impls;
    }

    /** @dataProvider cases */
    #[DataProvider('cases')]
    public function testCase(string $name): void
    {
        $case = self::all()[$name];
        $outputs = [];
        foreach (self::implementations() as $impl => $fit) {
            $warnings = ['stale'];
            if (\array_key_exists('error', $case)) {
                try {
                    $fit($case['tools'], $case['options'], $warnings);
                    self::fail("$name [$impl]: expected ValueError '{$case['error']}'");
                } catch (\ValueError $e) {
                    self::assertSame($case['error'], $e->getMessage(), "$name [$impl]");
                    self::assertSame([], $warnings, "$name [$impl]: warnings after an error");
                }
                continue;
            }
            $out = $fit($case['tools'], $case['options'], $warnings);
            self::assertSame(array_keys($case['tools']), array_keys($out), "$name [$impl]: the tools, in order");
            $strict = [];
            foreach ($out as $tool => $entry) {
                // `input_examples` (issue 30): only where the case expects them.
                $expected = $case['input_examples'][$tool] ?? null;
                self::assertSame($expected === null ? ['schema', 'strict'] : ['schema', 'strict', 'input_examples'], array_keys($entry), "$name [$impl]: $tool");
                if ($expected !== null) {
                    self::assertSame(
                        json_encode($expected, Implementations::JSON),
                        json_encode($entry['input_examples'], Implementations::JSON),
                        "$name [$impl]: input_examples of $tool"
                    );
                }
                $strict[$tool] = $entry['strict'];
                $options = $case['options'];
                if (!$entry['strict'] && \in_array($options['profile'] ?? 'mcp', ['openai', 'anthropic'], true)) {
                    $options['profile'] = 'mcp';
                }
                self::assertSame(
                    json_encode(Normalizer::normalize($case['tools'][$tool], $options), Implementations::JSON),
                    json_encode($entry['schema'], Implementations::JSON),
                    "$name [$impl]: the schema of $tool"
                );
            }
            self::assertSame($case['strict'], $strict, "$name [$impl]: strict");
            self::assertSame(
                json_encode($case['warnings'], Implementations::JSON | JSON_PRETTY_PRINT),
                json_encode($warnings, Implementations::JSON | JSON_PRETTY_PRINT),
                "$name [$impl]: warnings"
            );
            $outputs[$impl] = json_encode([$out, $warnings], Implementations::JSON);
        }
        if (\count($outputs) === 2) {
            self::assertSame($outputs['php'], $outputs['native'], "$name: native and PHP byte for byte");
        }
    }
}
