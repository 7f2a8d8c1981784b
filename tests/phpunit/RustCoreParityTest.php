<?php

declare(strict_types=1);

namespace ToolSchema\Tests;

use PHPUnit\Framework\TestCase;
use ToolSchema\Php\Coerce\Coercer;

/**
 * The pure-PHP coercer agrees with the Rust core (serde_json backend) on the
 * seeded random (definition, value) pairs that `cargo test --test coerce_parity`
 * writes to target/coerce-parity.jsonl with the Rust result (the test command
 * runs cargo test first, as for target/fixture-cases.txt). Output compared
 * with ===, coercing twice equals coercing once, or the same ValueError message.
 * Native vs PHP is ParityTest's.
 */
final class RustCoreParityTest extends TestCase
{
    public const FILE = __DIR__ . '/../../target/coerce-parity.jsonl';

    public function testCoerceAgreesWithTheRustCore(): void
    {
        self::assertFileExists(self::FILE, 'run `cargo test --no-default-features --test coerce_parity` first');
        $in = fopen(self::FILE, 'rb');
        self::assertNotFalse($in);
        $n = 0;
        $repaired = 0;
        $seed = null;
        while (($line = fgets($in)) !== false) {
            if (trim($line) === '') {
                continue;
            }
            $n++;
            $case = json_decode($line, true, 512, JSON_THROW_ON_ERROR);
            $seed ??= $case['seed'];
            $fail = null;
            try {
                $got = Coercer::coerce($case['input'], $case['definition']);
                if (\array_key_exists('error', $case)) {
                    $fail = 'PHP returned ' . json_encode($got) . ', Rust threw ' . $case['error'];
                } elseif ($got !== $case['output']) {
                    $fail = 'PHP ' . var_export($got, true) . "\nRust " . var_export($case['output'], true);
                } elseif (Coercer::coerce($got, $case['definition']) !== $got) {
                    $fail = 'PHP not idempotent';
                } elseif ($got !== $case['input']) {
                    $repaired++;
                }
            } catch (\ValueError $e) {
                if (($case['error'] ?? null) !== $e->getMessage()) {
                    $fail = 'PHP threw ' . $e->getMessage() . ', Rust '
                        . (\array_key_exists('error', $case) ? 'threw ' . $case['error'] : 'returned');
                }
            }
            if ($fail !== null) {
                self::fail("coerce parity with the Rust core, line $n:\n$line$fail");
            }
        }
        fclose($in);
        self::assertGreaterThan(0, $n, 'no cases in ' . self::FILE);
        fwrite(STDERR, sprintf("\nRust core parity: %d coerce cases (seed %d, %d repaired) agree\n", $n, $seed, $repaired));
        $this->addToAssertionCount($n);
    }
}
