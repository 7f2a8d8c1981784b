<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

use Drupal\tool_schema\Validation\JsonShape;
use Drupal\tool_schema\Validation\SchemaValidator;
use PHPUnit\Framework\TestCase;

/**
 * The module's validator gives the advertised schema's verdict (JSON Schema
 * 2020-12 as ajv with ajv-formats reads it) where opis/json-schema alone
 * reads otherwise, and never throws (issue 27). The verdicts on every
 * fixture and differential pair: tests/drupal/validator_verdicts.php.
 */
final class SchemaValidatorTest extends TestCase
{
    public static function setUpBeforeClass(): void
    {
        Deps::get()->useOpis();
    }

    /** @param array<string, mixed> $schema */
    private static function valid(array $schema, mixed $value, ?SchemaValidator $validator = null): bool
    {
        $result = ($validator ?? new SchemaValidator())->validate(['type' => 'object', 'properties' => ['v' => $schema], 'required' => ['v']], ['v' => $value]);
        self::assertArrayNotHasKey('unchecked', $result);
        return $result['valid'];
    }

    /** ECMA-262 patterns: `\u{..}` (which PCRE refuses), `.`, `\s`, `\d` as ECMA reads them. */
    public function testPatternsAreEcmaScripts(): void
    {
        $letters = ['type' => 'string', 'pattern' => '^[A-Z\u{C0}-\u{D6}]+$'];
        self::assertTrue(self::valid($letters, 'ÀB'));
        self::assertFalse(self::valid($letters, 'a'));
        self::assertFalse(self::valid(['type' => 'string', 'pattern' => '^.$'], "\u{2028}"));
        self::assertTrue(self::valid(['type' => 'string', 'pattern' => '^\s$'], "\u{FEFF}"));
        self::assertFalse(self::valid(['type' => 'string', 'pattern' => '^\s$'], "\u{85}"));
        self::assertFalse(self::valid(['type' => 'string', 'pattern' => '^-?\d+(\.\d+)?$'], '١'));
        // The refusal names the pattern as the schema has it.
        $result = (new SchemaValidator())->validate(['type' => 'object', 'properties' => ['code' => $letters]], ['code' => 'a']);
        self::assertSame('code: expected a string matching the pattern ^[A-Z\u{C0}-\u{D6}]+$, got string "a"', $result['errors'][0]['message']);
    }

    /** A pattern that is not translated decides nothing, also under `not`, and is listed. */
    public function testAnUntranslatedPatternIsNotChecked(): void
    {
        $validator = new SchemaValidator();
        self::assertTrue(self::valid(['type' => 'string', 'pattern' => '['], 'x', $validator));
        self::assertTrue(self::valid(['type' => 'string', 'not' => ['pattern' => '(?<=a+)b']], 'ab', $validator));
        self::assertFalse(self::valid(['type' => 'string', 'pattern' => '['], 5, $validator), 'the rest of the schema still applies');
        self::assertSame(['[', '(?<=a+)b'], array_keys($validator->untranslatedPatterns()));
    }

    /** ajv-formats' full mode, not opis's formats. */
    public function testFormatsAreAjvFormats(): void
    {
        self::assertFalse(self::valid(['type' => 'string', 'format' => 'date-time'], '2024-01-15T10:30:00'));
        self::assertTrue(self::valid(['type' => 'string', 'format' => 'date-time'], '2024-01-15T10:30:00Z'));
        self::assertFalse(self::valid(['type' => 'string', 'format' => 'date'], "2024-01-01\n"));
        self::assertFalse(self::valid(['type' => 'string', 'format' => 'uri'], 'x:'));
        self::assertTrue(self::valid(['type' => 'string', 'format' => 'uri'], 'https://ex_ample.com:99999'));
        self::assertFalse(self::valid(['type' => 'string', 'format' => 'email'], 'user@[127.0.0.1]'));
        self::assertTrue(self::valid(['type' => 'string', 'format' => 'uuid'], 'urn:uuid:4f1c0e36-2b8c-4a5e-9b1a-3c6f2d7e8a90'));
        self::assertTrue(self::valid(['type' => 'integer', 'format' => 'date'], 5), 'a format binds strings only');
    }

    /** A const or enum no value of the type equals: nothing matches, and opis no longer refuses the schema. */
    public function testUnsatisfiableConstAndEnumMatchNothing(): void
    {
        foreach ([0, '0', 'x', null] as $value) {
            self::assertFalse(self::valid(['type' => 'string', 'const' => 0], $value));
            self::assertFalse(self::valid(['type' => 'number', 'enum' => ['5'], 'const' => '5'], $value));
        }
        self::assertTrue(self::valid(['anyOf' => [['type' => 'number', 'const' => true], ['type' => 'null']]], null));
        self::assertTrue(self::valid(['type' => 'integer', 'const' => 5.0], 5), '5.0 is an integer');
        $result = (new SchemaValidator())->validate(['type' => 'object', 'properties' => ['n' => ['type' => 'string', 'const' => 0]]], ['n' => 'a']);
        self::assertSame([['message' => 'n: expected 0, got string "a"', 'path' => 'n', 'keyword' => 'const']], $result['errors']);
    }

    /** `{"0": "a"}` decodes to a list: an object where the schema asks for an object and no array. */
    public function testObjectsWithIndexKeysAreObjects(): void
    {
        $map = ['type' => 'object', 'properties' => (object) ['0' => ['type' => 'string']], 'required' => ['0'], 'additionalProperties' => false];
        self::assertTrue(self::valid($map, ['a']));
        self::assertEquals((object) ['0' => 'a'], JsonShape::of(['a'], $map));
        self::assertSame(['a'], JsonShape::of(['a'], ['type' => ['array', 'object']]), 'both allowed: a list, as json_encode() writes it');
        self::assertSame(['a'], JsonShape::of(['a'], ['type' => 'array']));
    }

    /** A schema opis cannot compile, or a failure while validating: `unchecked`, never an exception. */
    public function testNeverThrows(): void
    {
        $validator = new SchemaValidator();
        foreach ([
            ['type' => 'object', 'properties' => ['v' => ['type' => 'strin']]],
            ['type' => 'object', 'properties' => ['v' => ['minLength' => -1]]],
            ['type' => 'object', 'properties' => ['v' => ['$ref' => '#/$defs/missing']]],
            ['type' => 'object', 'properties' => ['v' => ['pattern' => ['not a string']]]],
            ['type' => 'object', 'properties' => []],
        ] as $schema) {
            $result = $validator->validate($schema, ['v' => 'x']);
            self::assertTrue($result['valid'], json_encode($schema));
            self::assertNotSame('', $result['unchecked'] ?? '', json_encode($schema));
        }
    }

    /** One compiled schema per schema, kept across calls (a bounded number of them). */
    public function testCompiledSchemasAreKept(): void
    {
        $validator = new SchemaValidator();
        $compiled = new \ReflectionProperty(SchemaValidator::class, 'compiled');
        $schema = ['type' => 'object', 'properties' => ['v' => ['type' => 'string', 'pattern' => '^[a-z]+$']]];
        for ($i = 0; $i < 50; $i++) {
            self::assertSame($i % 2 === 0, $validator->validate($schema, ['v' => $i % 2 === 0 ? 'abc' : 'A'])['valid']);
        }
        self::assertCount(1, $compiled->getValue($validator));
        for ($i = 0; $i <= SchemaValidator::CACHE_SIZE; $i++) {
            self::assertTrue($validator->validate(['type' => 'object', 'properties' => ['v' => ['const' => $i]]], ['v' => $i])['valid']);
        }
        self::assertLessThanOrEqual(SchemaValidator::CACHE_SIZE, \count($compiled->getValue($validator)));
        self::assertFalse($validator->validate($schema, ['v' => 'A'])['valid']);
    }
}
