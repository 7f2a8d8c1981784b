<?php

declare(strict_types=1);

namespace ToolSchema\Tests;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;

/**
 * Native and pure-PHP must agree byte for byte on random definitions and values.
 * Seed and size: TOOL_SCHEMA_PARITY_SEED (default 20261130, so that a CI run is
 * repeatable; set another to explore) and TOOL_SCHEMA_PARITY_CASES (default
 * 10000 of each). A failure prints the seed, the case and both outcomes.
 *
 * @group native
 */
#[Group('native')]
final class ParityTest extends TestCase
{
    private static function seed(): int
    {
        static $seed = null;
        $seed ??= (int) (getenv('TOOL_SCHEMA_PARITY_SEED') ?: 20261130);
        return $seed;
    }

    private static function caseCount(): int
    {
        return max(1, (int) (getenv('TOOL_SCHEMA_PARITY_CASES') ?: 10000));
    }

    protected function setUp(): void
    {
        self::assertTrue(Implementations::native(), 'the parity tests need the extension (they run in the native group)');
    }

    private static function show(mixed $v): string
    {
        return var_export($v, true);
    }

    public function testNormalizeParity(): void
    {
        $seed = self::seed();
        $g = new Generator($seed);
        $impls = Implementations::normalizers();
        $n = self::caseCount();
        for ($i = 0; $i < $n; $i++) {
            $def = $g->definition();
            $opts = $g->options();
            $php = Implementations::normalizeOutcome($impls['php'], $def, $opts);
            $native = Implementations::normalizeOutcome($impls['native'], $def, $opts);
            if ($php !== $native) {
                self::fail(sprintf(
                    "normalize parity, seed %d, case %d\ndefinition: %s\noptions: %s\nphp:    %s\nnative: %s",
                    $seed, $i, self::show($def), self::show($opts), $php, $native
                ));
            }
        }
        fwrite(STDERR, sprintf("\nparity: %d normalize cases, seed %d, no difference\n", $n, $seed));
        $this->addToAssertionCount($n);
    }

    /**
     * The `gemini_json` profile on its own stream of random definitions (the
     * generated options with the profile set to it; half the case count):
     * Generator::options() does not pick it, so that the seeded stream
     * scripts/snapshot.sh relies on stays as it was.
     */
    public function testGeminiJsonParity(): void
    {
        $seed = self::seed();
        $g = new Generator($seed);
        $impls = Implementations::normalizers();
        $n = max(1, intdiv(self::caseCount(), 2));
        $warned = 0;
        for ($i = 0; $i < $n; $i++) {
            $def = $g->definition();
            $opts = $g->options();
            $opts['profile'] = 'gemini_json';
            $php = Implementations::normalizeOutcome($impls['php'], $def, $opts);
            $native = Implementations::normalizeOutcome($impls['native'], $def, $opts);
            if ($php !== $native) {
                self::fail(sprintf(
                    "gemini_json parity, seed %d, case %d\ndefinition: %s\noptions: %s\nphp:    %s\nnative: %s",
                    $seed, $i, self::show($def), self::show($opts), $php, $native
                ));
            }
            $warned += substr_count($php, '"code":"profile_constraint_dropped"') > 0 ? 1 : 0;
        }
        // The stream reaches the rewrites that warn, not only schemas that pass through.
        self::assertGreaterThan(0, $warned);
        fwrite(STDERR, sprintf("\nparity: %d gemini_json cases (%d with a dropped constraint), seed %d, no difference\n", $n, $warned, $seed));
        $this->addToAssertionCount($n);
    }

    /**
     * fit_budget() on seeded tool lists: 1 to 30 tools of generated
     * definitions (root maps of 1 to 4 of them, sometimes a definition as it
     * is), the generated options; a tenth of the case count.
     */
    public function testBudgetParity(): void
    {
        $seed = self::seed();
        $g = new Generator($seed ^ 0x1b873593);
        $n = max(1, intdiv(self::caseCount(), 10));
        $fits = [
            'php' => static fn (array $t, array $o, &$w): array => \ToolSchema\Php\Normalize\Budget::fit($t, $o, $w),
            'native' => static fn (array $t, array $o, &$w): array => \ToolSchema\fit_budget($t, $o, $w),
        ];
        $fallbacks = 0;
        $examples = 0;
        for ($i = 0; $i < $n; $i++) {
            $tools = [];
            // Every tenth list is a full Anthropic request of 30 tools, so
            // that a budget limit is reached whatever the seed (20 strict
            // tools at the most).
            $full = $i % 10 === 3;
            $count = $full ? 30 : 1 + ($i * 7919 + $seed) % 30;
            for ($t = 0; $t < $count; $t++) {
                $props = [];
                for ($p = 0, $np = 1 + ($t + $i) % 4; $p < $np; $p++) {
                    $props["p$p"] = self::wellFormed($g, $i);
                }
                $tools["tool_$t"] = ($t + $i) % 9 === 0 ? self::wellFormed($g, $i) : ['type' => 'map', 'properties' => $props];
            }
            $opts = $g->options();
            if ($full) {
                $opts['profile'] = 'anthropic';
            }
            $outcomes = [];
            foreach ($fits as $impl => $fit) {
                $outcomes[$impl] = Implementations::normalizeOutcome($fit, $tools, $opts);
            }
            if ($outcomes['php'] !== $outcomes['native']) {
                self::fail(sprintf(
                    "budget parity, seed %d, case %d\ntools: %s\noptions: %s\nphp:    %s\nnative: %s",
                    $seed, $i, self::show($tools), self::show($opts), $outcomes['php'], $outcomes['native']
                ));
            }
            $fallbacks += substr_count($outcomes['php'], '"code":"profile_budget_exceeded"');
            $examples += substr_count($outcomes['php'], '"input_examples":');
        }
        fwrite(STDERR, sprintf("\nparity: %d fit_budget lists, seed %d, %d budget fallbacks, %d tools with input_examples, no difference\n", $n, $seed, $fallbacks, $examples));
        self::assertGreaterThan(0, $fallbacks, 'the generated lists must reach a budget limit');
        $this->addToAssertionCount($n);
    }

    /**
     * A generated definition; in 19 lists of 20 one that normalizes (a
     * malformed one makes the whole list a \ValueError).
     */
    private static function wellFormed(Generator $g, int $list): array
    {
        for ($try = 0; ; $try++) {
            $def = $g->definition();
            if ($list % 20 === 0 || $try >= 20) {
                return $def;
            }
            try {
                \ToolSchema\Php\Normalize\Normalizer::normalize($def);
                return $def;
            } catch (\ValueError) {
            }
        }
    }

    public function testCoerceParity(): void
    {
        $seed = self::seed();
        $g = new Generator($seed ^ 0x5bd1e995);
        $impls = Implementations::coercers();
        self::assertArrayHasKey('native', $impls, 'the extension must provide coerce_input');
        $n = self::caseCount();
        for ($i = 0; $i < $n; $i++) {
            $def = $g->definition();
            $value = $g->value($def);
            $opts = [];
            $php = Implementations::coerceOutcome($impls['php'], $value, $def, $opts);
            $native = Implementations::coerceOutcome($impls['native'], $value, $def, $opts);
            if ($php !== $native) {
                self::fail(sprintf(
                    "coerce parity, seed %d, case %d\nvalue: %s\ndefinition: %s\nphp:    %s\nnative: %s",
                    $seed, $i, self::show($value), self::show($def), $php, $native
                ));
            }
        }
        fwrite(STDERR, sprintf("\nparity: %d coerce cases, seed %d, no difference\n", $n, $seed));
        $this->addToAssertionCount($n);
    }
}
