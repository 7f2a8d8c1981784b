<?php

declare(strict_types=1);

namespace ToolSchema\Tests;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

/**
 * Runs every fixture case (tests/fixtures/*.json) against the pure-PHP
 * implementation and, when the extension is loaded, against the native one.
 * The Rust suite (tests/fixtures.rs) runs the same files.
 */
final class FixturesTest extends TestCase
{
    /** @return iterable<string, array{string}> */
    public static function cases(): iterable
    {
        foreach (Fixtures::all() as $name => $_) {
            yield $name => [$name];
        }
    }

    /** @dataProvider cases */
    #[DataProvider('cases')]
    public function testCase(string $name): void
    {
        $fixture = Fixtures::all()[$name];
        $case = $fixture['case'];
        $raw = $fixture['raw'];
        if (isset($case['pcre'])) {
            // A case for some PCRE2 versions (tests/fixtures.rs): both
            // implementations translate for the PCRE2 this PHP runs.
            $running = explode(' ', \ToolSchema\Regex\Translator::pcreVersion())[0];
            if (!\in_array($running, $case['pcre'], true)) {
                self::markTestSkipped("$name: for PCRE2 " . implode(', ', $case['pcre']) . ", this PHP runs $running");
            }
        }
        $function = $case['function'] ?? '';
        $options = $case['options'] ?? [];
        if ($function === 'normalize') {
            foreach (Implementations::normalizers() as $impl => $f) {
                $this->checkNormalize($impl, $f, $case, $raw, $options);
            }
        } elseif ($function === 'coerce') {
            foreach (Implementations::coercers() as $impl => $f) {
                $this->checkCoerce($impl, $f, $case, $options);
            }
        } else {
            self::fail("$name: unknown function '$function'");
        }
    }

    private function checkNormalize(string $impl, callable $f, array $case, object $raw, array $options): void
    {
        $name = $case['name'];
        $warnings = null;
        if (\array_key_exists('error', $case)) {
            try {
                $f($case['definition'], $options, $warnings);
                self::fail("$name [$impl]: expected ValueError '{$case['error']}', got a schema");
            } catch (\ValueError $e) {
                self::assertSame($case['error'], $e->getMessage(), "$name [$impl]");
            }
            return;
        }
        $schema = $f($case['definition'], $options, $warnings);
        self::assertSame(
            json_encode($raw->schema, Implementations::JSON),
            json_encode($schema, Implementations::JSON),
            "$name [$impl]: schema"
        );
        self::assertSame(
            json_encode($raw->warnings ?? [], Implementations::JSON),
            json_encode($warnings, Implementations::JSON),
            "$name [$impl]: warnings"
        );
    }

    private function checkCoerce(string $impl, callable $f, array $case, array $options): void
    {
        $name = $case['name'];
        if (\array_key_exists('error', $case)) {
            try {
                $f($case['input'] ?? null, $case['definition'], $options);
                self::fail("$name [$impl]: expected ValueError '{$case['error']}'");
            } catch (\ValueError $e) {
                self::assertStringContainsString($case['error'], $e->getMessage(), "$name [$impl]");
            }
            return;
        }
        $out = $f($case['input'], $case['definition'], $options);
        self::assertSame(
            Implementations::describe($case['output']),
            Implementations::describe($out),
            "$name [$impl]: output"
        );
        self::assertSame($case['output'], $out, "$name [$impl]: output (===)");
        $again = $f($out, $case['definition'], $options);
        self::assertSame($out, $again, "$name [$impl]: coercing twice must equal coercing once");
    }

    /**
     * The Rust runner writes the names of the cases it ran to
     * target/fixture-cases.txt; both runners must have seen the same cases.
     * (The test command runs cargo test first, so the file exists.)
     */
    public function testRustRunnerSawTheSameCases(): void
    {
        $file = __DIR__ . '/../../target/fixture-cases.txt';
        self::assertFileExists($file, 'run `cargo test --no-default-features --test fixtures` first');
        $rust = array_values(array_filter(explode("\n", (string) file_get_contents($file)), 'strlen'));
        $php = array_keys(Fixtures::all());
        sort($rust, SORT_STRING);
        fwrite(STDERR, sprintf("\nfixtures: PHP runner %d cases, Rust runner %d cases\n", \count($php), \count($rust)));
        self::assertSame($rust, $php, 'the Rust and PHP fixture runners must run the same cases');
    }
}
