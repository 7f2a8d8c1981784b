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
