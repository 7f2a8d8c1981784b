<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

use Drupal\tool_schema\Validation\JsonShape;
use Drupal\tool_schema\Validation\SchemaValidator;
use Drupal\tool_schema\Validation\ViolationFormatter;
use PHPUnit\Framework\TestCase;

/**
 * The refusals a model reads on the MCP path (the module's
 * mcp_tools.input_validator decorator): tool arguments against a schema of
 * the shapes normalize_schema() writes, judged by opis/json-schema (the
 * pinned archive mcp_tools requires, Deps::useOpis()), one line per
 * violation by ViolationFormatter: the path in the schema's own names, what
 * was expected, what was received; additionalProperties only for a key
 * actually sent; no `{placeholder}` left.
 */
final class ViolationFormatterTest extends TestCase
{
    public static function setUpBeforeClass(): void
    {
        Site::boot();
        Deps::get()->useOpis();
    }

    /** A tool's schema, as tool_schema serves it (Drupal 10's nullable style: type arrays). */
    private static function schema(): array
    {
        return [
            'type' => 'object',
            'properties' => [
                'entity_type_id' => ['type' => 'string', 'enum' => ['node', 'path_alias', 'user']],
                'amount' => ['type' => ['integer', 'null'], 'minimum' => 1],
                'level' => ['type' => ['string', 'null'], 'enum' => ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', null]],
                'mail' => ['type' => 'string', 'format' => 'email'],
                'code' => ['type' => 'string', 'pattern' => '^[a-z]+$', 'maxLength' => 5],
                'tags' => ['type' => ['array', 'null'], 'items' => ['type' => 'string', 'minLength' => 1], 'maxItems' => 3],
                'settings' => [
                    'type' => ['object', 'null'],
                    'properties' => ['max_length' => ['type' => 'integer', 'maximum' => 255], 'label' => ['type' => 'string']],
                    'required' => ['label'],
                    'additionalProperties' => false,
                ],
                'context' => ['type' => ['object', 'null']],
            ],
            'required' => ['entity_type_id'],
            'additionalProperties' => false,
        ];
    }

    /** @return list<string> */
    private static function messages(array $arguments, ?array $schema = null): array
    {
        $result = (new SchemaValidator())->validate($schema ?? self::schema(), $arguments);
        $messages = array_column($result['errors'], 'message');
        self::assertSame($result['valid'], $messages === [], 'valid exactly when there is no violation');
        foreach ($messages as $message) {
            self::assertDoesNotMatchRegularExpression('/\{[a-z_]+\}/', $message, 'no placeholder left');
            self::assertStringNotContainsString("\n", $message, 'one line per violation');
        }
        return $messages;
    }

    /**
     * NotNull's guard of a required list or map, in its shortest form (issue
     * 30: `not` without the container's type, no minItems/minProperties 1):
     * the empty container and one of empty items or null values are refused
     * in words, not as "a value that is not any value".
     */
    public function testTheGuardOfARequiredListOrMapSaysWhatItWants(): void
    {
        $schema = \ToolSchema\normalize_schema(['type' => 'map', 'properties' => [
            'ids' => ['type' => 'list'],
            'fields' => ['type' => 'map'],
            'opt' => ['type' => 'list', 'required' => false, 'constraints' => ['NotNull' => []]],
        ]]);
        self::assertSame(['not' => ['items' => ['type' => 'null']]], array_intersect_key($schema['properties']['ids'], ['not' => 1, 'minItems' => 1]));
        $base = ['ids' => [1], 'fields' => ['a' => 1]];
        self::assertSame([], self::messages($base, $schema));
        self::assertSame(['ids: expected a list with at least one item that is not empty, got a list of 0 items'], self::messages(['ids' => []] + $base, $schema));
        self::assertSame(['ids: expected a list with at least one item that is not empty, got a list of 1 item'], self::messages(['ids' => [null]] + $base, $schema));
        self::assertSame(['fields: expected an object with at least one property that is not null, got an empty object'], self::messages(['fields' => new \stdClass()] + $base, $schema));
        self::assertSame(['fields: expected an object with at least one property that is not null, got an object with property a'], self::messages(['fields' => ['a' => null]] + $base, $schema));
        self::assertSame(['opt: expected a list with at least one item that is not empty, got a list of 0 items'], self::messages(['opt' => []] + $base, $schema));
        self::assertSame([], self::messages(['opt' => null] + $base, $schema));
    }

    public function testEachViolationNamesThePathTheExpectationAndWhatWasReceived(): void
    {
        self::assertSame(['amount: expected integer or null, got string "x"'], self::messages(['entity_type_id' => 'user', 'amount' => 'x']));
        self::assertSame(['amount: expected an integer >= 1, got integer 0'], self::messages(['entity_type_id' => 'user', 'amount' => 0]));
        self::assertSame(['entity_type_id: expected one of "node", "path_alias", "user", got string "users"'], self::messages(['entity_type_id' => 'users']));
        self::assertSame(['mail: expected an email address (format "email"), got string "nobody"'], self::messages(['entity_type_id' => 'user', 'mail' => 'nobody']));
        self::assertSame(['code: expected a string matching the pattern ^[a-z]+$, got string "A1"'], self::messages(['entity_type_id' => 'user', 'code' => 'A1']));
        self::assertSame(['code: expected a string of at most 5 characters, got string "abcdefg" (7 characters)'], self::messages(['entity_type_id' => 'user', 'code' => 'abcdefg']));
        self::assertSame(['tags[1]: expected a string of at least 1 character, got string "" (0 characters)'], self::messages(['entity_type_id' => 'user', 'tags' => ['a', '']]));
        self::assertSame(['tags: expected a list of at most 3 items, got a list of 4 items'], self::messages(['entity_type_id' => 'user', 'tags' => ['a', 'b', 'c', 'd']]));
        self::assertSame(['settings.max_length: expected an integer <= 255, got integer 1000'], self::messages(['entity_type_id' => 'user', 'settings' => ['label' => 'x', 'max_length' => 1000]]));
        self::assertSame(['settings.label: required, not sent; expected string'], self::messages(['entity_type_id' => 'user', 'settings' => ['max_length' => 10]]));
        self::assertSame(['entity_type_id: required, not sent; expected one of "node", "path_alias", "user"'], self::messages([]));
    }

    public function testAllowedValuesAreListedUpToTen(): void
    {
        self::assertSame(['level: expected one of "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", … (13 in all), got string "z"'], self::messages(['entity_type_id' => 'user', 'level' => 'z']));
    }

    public function testAdditionalPropertiesOnlyForAKeyActuallySent(): void
    {
        // opis reports every property as additional once one failed; none is.
        $messages = self::messages(['entity_type_id' => 'users', 'amount' => 'x', 'settings' => ['label' => 5]]);
        self::assertSame([
            'entity_type_id: expected one of "node", "path_alias", "user", got string "users"',
            'amount: expected integer or null, got string "x"',
            'settings.label: expected string, got integer 5',
        ], $messages);
        foreach ($messages as $message) {
            self::assertStringNotContainsStringIgnoringCase('additional', $message);
        }
        // A key the schema does not have: named, with what is allowed (after
        // the declared properties' violations, in the schema's order).
        self::assertSame(
            ['settings.size: unexpected property, got integer 1; allowed: max_length, label', 'colour: unexpected property, got string "red"; allowed: entity_type_id, amount, level, mail, code, tags, settings, context'],
            self::messages(['entity_type_id' => 'user', 'colour' => 'red', 'settings' => ['label' => 'x', 'size' => 1]]),
        );
        $result = (new SchemaValidator())->validate(self::schema(), ['entity_type_id' => 'user', 'colour' => 'red']);
        self::assertSame([['message' => 'colour: unexpected property, got string "red"; allowed: entity_type_id, amount, level, mail, code, tags, settings, context', 'path' => 'colour', 'keyword' => 'additionalProperties']], $result['errors']);
    }

    /** `{}` decodes to PHP's `[]`: an object where the schema asks for one. */
    public function testEmptyObjectsAreObjects(): void
    {
        self::assertSame([], self::messages(['entity_type_id' => 'user', 'context' => [], 'settings' => ['label' => 'x']]));
        self::assertSame([], self::messages(['entity_type_id' => 'user', 'tags' => []]));
        $optional = ['type' => 'object', 'properties' => ['limit' => ['type' => ['integer', 'null']]], 'additionalProperties' => false];
        self::assertSame([], self::messages([], $optional), 'a tool whose inputs are all optional, called with {}');
        self::assertEquals(new \stdClass(), JsonShape::of([], ['type' => ['object', 'null']]));
        self::assertSame([], JsonShape::of([], ['type' => ['array', 'null']]));
        self::assertSame([], JsonShape::of([], []), 'no type: a list, as json_encode() writes it');
        self::assertEquals((object) ['a' => new \stdClass(), 'b' => [1]], JsonShape::of(['a' => [], 'b' => [1]], ['type' => 'object', 'properties' => ['a' => ['anyOf' => [['type' => 'object'], ['type' => 'null']]], 'b' => ['type' => 'array']]]));
        // A list where only an object is asked for is the object {"0": 1, "1": 2}
        // (PHP decodes both alike, and Drupal reads such an array as a map);
        // a scalar is refused.
        self::assertSame([], self::messages(['entity_type_id' => 'user', 'context' => [1, 2]]));
        self::assertSame(['context: expected object or null, got string "x"'], self::messages(['entity_type_id' => 'user', 'context' => 'x']));
    }

    /** The nullable styles one_of and any_of: the other branch's violations, "or null" on its type. */
    public function testNullableBranches(): void
    {
        foreach (['oneOf', 'anyOf'] as $keyword) {
            $schema = ['type' => 'object', 'properties' => [
                'amount' => [$keyword => [['type' => 'integer', 'minimum' => 1], ['type' => 'null']]],
                'kind' => [$keyword => [['type' => 'string', 'enum' => ['x', 'y']], ['type' => 'null']]],
            ], 'additionalProperties' => false];
            self::assertSame(['amount: expected integer or null, got string "5x"'], self::messages(['amount' => '5x'], $schema), $keyword);
            self::assertSame(['amount: expected an integer >= 1, got integer 0'], self::messages(['amount' => 0], $schema), $keyword);
            self::assertSame(['kind: expected one of "x", "y", or null, got string "z"'], self::messages(['kind' => 'z'], $schema), $keyword);
            self::assertSame([], self::messages(['amount' => null, 'kind' => null], $schema), $keyword);
        }
        $union = ['type' => 'object', 'properties' => ['v' => ['anyOf' => [['type' => 'string', 'format' => 'date-time'], ['type' => 'integer']]]]];
        self::assertSame(['v: expected one of: string in the "date-time" format; integer, got boolean true'], self::messages(['v' => true], $union));
    }

    public function testReceivedIsBrief(): void
    {
        self::assertSame('string "' . str_repeat('x', ViolationFormatter::MAX_EXCERPT) . '…"', ViolationFormatter::received(str_repeat('x', 100)));
        self::assertSame('an object with properties a, b', ViolationFormatter::received((object) ['a' => 1, 'b' => 2]));
        self::assertSame('a list of 1 item', ViolationFormatter::received([1]));
        self::assertSame('number 1.5', ViolationFormatter::received(1.5));
        self::assertSame('null', ViolationFormatter::received(null));
        self::assertNull(ViolationFormatter::path([]));
        self::assertSame('settings.list[2].name', ViolationFormatter::path(['settings', 'list', 2, 'name']));
    }
}
