<?php

declare(strict_types=1);

namespace ToolSchema\Tests;

/** Reads tests/fixtures/*.json: the cases both test suites run. */
final class Fixtures
{
    public const DIR = __DIR__ . '/../fixtures';

    /**
     * Every case, keyed by its name. Each case is the JSON decoded twice: as
     * arrays (`case`, what PHP callers pass) and as objects (`raw`, so that `{}`
     * stays distinct from `[]` in expected schemas).
     *
     * @return array<string, array{file: string, case: array<string, mixed>, raw: object}>
     */
    public static function all(): array
    {
        static $all = null;
        if ($all !== null) {
            return $all;
        }
        $all = [];
        $files = glob(self::DIR . '/*.json') ?: [];
        sort($files, SORT_STRING);
        foreach ($files as $file) {
            $text = (string) file_get_contents($file);
            $arrays = json_decode($text, true, 512, JSON_THROW_ON_ERROR);
            $objects = json_decode($text, false, 512, JSON_THROW_ON_ERROR);
            foreach ($arrays['cases'] as $i => $case) {
                $name = $case['name'];
                if (isset($all[$name])) {
                    throw new \RuntimeException("duplicate fixture case name $name in " . basename($file));
                }
                $all[$name] = ['file' => basename($file), 'case' => $case, 'raw' => $objects->cases[$i]];
            }
        }
        ksort($all, SORT_STRING);
        return $all;
    }
}
