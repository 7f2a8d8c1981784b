<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

use PHPUnit\Framework\TestCase;

/**
 * The real-Drupal bootstrap: what it discovers, and that every Drupal,
 * Symfony and PSR class the tests use is the upstream one (no stub).
 */
final class SiteTest extends TestCase
{
    /**
     * The 41 data types core 10.6 (lib/ and the serialization module)
     * discovers; with the Tool module's `text`, the 42 of deps/README.md. The
     * user module adds entity:user and entity:user_role.
     */
    public const CORE_DATA_TYPES = [
        'any', 'binary', 'boolean', 'datetime_iso8601', 'decimal', 'duration_iso8601', 'email', 'entity',
        'entity:base_field_override', 'entity:date_format', 'entity:entity_form_display', 'entity:entity_form_mode',
        'entity:entity_view_display', 'entity:entity_view_mode', 'entity_reference', 'field_item:boolean',
        'field_item:changed', 'field_item:created', 'field_item:decimal', 'field_item:email',
        'field_item:entity_reference', 'field_item:float', 'field_item:integer', 'field_item:language',
        'field_item:map', 'field_item:password', 'field_item:string', 'field_item:string_long',
        'field_item:timestamp', 'field_item:uri', 'field_item:uuid', 'float', 'integer',
        'language', 'language_reference', 'list', 'map', 'string', 'timespan', 'timestamp', 'uri',
    ];

    public function testDiscovery(): void
    {
        $site = Site::boot();
        $types = array_keys($site->typedData()->getDefinitions());
        sort($types);
        // The Tool module adds `text`; the user module entity:user and entity:user_role.
        self::assertCount(41, self::CORE_DATA_TYPES);
        $expected = [...self::CORE_DATA_TYPES, 'entity:user', 'entity:user_role', 'text'];
        sort($expected);
        self::assertSame($expected, $types);

        $constraints = array_keys($site->container->get('validation.constraint')->getDefinitions());
        sort($constraints);
        $expectedConstraints10 = ['AllowedValues', 'Blank', 'Bundle', 'Callback', 'Choice', 'ComplexData', 'ConfigExists',
            'Count', 'CountryCode', 'Email', 'EntityBundleExists', 'EntityChanged', 'EntityHasField', 'EntityType',
            'EntityUntranslatableFields', 'ExtensionExists', 'ExtensionName', 'FieldExists', 'FullyValidatable', 'Image',
            'ImmutableProperties', 'LangcodeRequiredIfTranslatableValues', 'Length', 'NotBlank', 'NotNull', 'Null',
            'PluginExists', 'PrimitiveType', 'ProtectedUserField', 'Range', 'ReferenceAccess', 'Regex',
            'RequiredConfigDependencies', 'UniqueField', 'UniquePathAlias', 'UserMailRequired', 'UserMailUnique',
            'UserName', 'UserNameUnique', 'Uuid', 'ValidKeys', 'ValidPath', 'ValidReference'];
        $version = $site->deps->version;
        if (!$site->deps->isDrupal11()) {
            self::assertSame($expectedConstraints10, $constraints, '38 ids of core + serialization + tool, and the user module\'s 5');
            foreach (['GreaterThan', 'Url', 'Ip', 'DateTime', 'IdenticalTo', 'Positive', 'FixedValue', 'AtLeastOneOf'] as $id) {
                self::assertNotContains($id, $constraints, "$id is no constraint plugin of Drupal 10.6");
            }
        } else {
            // Drupal 11.3: 52 ids of core + serialization + tool (Symfony's
            // AtLeastOneOf, IdenticalTo, Optional, PositiveOrZero, Required,
            // Sequentially among the new ones), and the user module's 7; 11.4
            // adds StringEqualsConcatenatedValues.
            $new = ['AtLeastOneOf', 'ClassResolver', 'ExtensionAvailable', 'File', 'IdenticalTo', 'MappingCollection',
                'MenuLinkDepth', 'Optional', 'PositiveOrZero', 'Required', 'RoleExists', 'Sequentially', 'Serialized',
                'UriHost', 'UserCancelMethod', 'ValidSequenceKeys'];
            if ($version === '11.4.5') {
                $new[] = 'StringEqualsConcatenatedValues';
            }
            $expected = [...$expectedConstraints10, ...$new];
            sort($expected);
            self::assertSame($expected, $constraints, "the constraint ids of Drupal $version");
            self::assertCount($version === '11.4.5' ? 53 : 52, array_diff($constraints, ['ProtectedUserField', 'RoleExists', 'UserCancelMethod', 'UserMailRequired', 'UserMailUnique', 'UserName', 'UserNameUnique']));
            foreach (['GreaterThan', 'Url', 'Ip', 'DateTime', 'Positive', 'FixedValue'] as $id) {
                self::assertNotContains($id, $constraints, "$id is no constraint plugin of Drupal $version either");
            }
        }

        $tools = $site->tools()->getDefinitions();
        self::assertCount(33, $tools);
        foreach ($tools as $id => $definition) {
            self::assertInstanceOf(\Drupal\tool\Tool\ToolDefinition::class, $definition, $id);
        }
    }

    /** Every class of Drupal, Symfony, PSR, Doctrine and Egulias loaded so far comes from the unpacked archives or Debian's packages (the module under test from drupal/tool_schema/). */
    public function testNoStubs(): void
    {
        $site = Site::boot();
        // Load a good part of what the suite uses: discovery, a validation, a tool.
        $site->tools()->getDefinitions();
        $site->tools()->createInstance('user_block')->validateInputValue(
            new \Drupal\tool\TypedData\InputDefinition('string', 'S', 'd', constraints: ['Length' => ['max' => 2]]),
            'abc',
        );
        // Drupal 11: nothing from /usr/share/php (the forky packages are unpacked into target/deps).
        $roots = $site->deps->isDrupal11() ? [$site->deps->deps] : [$site->deps->deps, '/usr/share/php/', $site->deps->root . '/patched'];
        if (!$site->deps->isDrupal11() && getenv('TOOL_SCHEMA_DOCTRINE_LEXER')) {
            $roots[] = getenv('TOOL_SCHEMA_DOCTRINE_LEXER');   // Debian 12's package, on Debian 13
        }
        $checked = 0;
        foreach ([...get_declared_classes(), ...get_declared_interfaces(), ...get_declared_traits()] as $class) {
            if (preg_match('/^(Drupal|Symfony|Psr|Doctrine|Egulias)\\\\/', $class) !== 1 && $class !== 'Drupal') {
                continue;
            }
            $file = (string) (new \ReflectionClass($class))->getFileName();
            $real = realpath($file) ?: $file;
            $from = array_filter($roots, static fn (string $root): bool => str_starts_with($real, realpath($root) ?: $root));
            if (str_starts_with($class, 'Drupal\tool_schema_symfony_constraints')) {
                continue;
            }
            if (str_starts_with($class, 'Drupal\\tool_schema\\')) {
                // The module under test: this repository's drupal/tool_schema/src.
                self::assertStringStartsWith(realpath(\dirname(__DIR__, 3) . '/drupal/tool_schema/src') . '/', $real, $class);
                continue;
            }
            self::assertNotEmpty($from, "$class comes from $real");
            $checked++;
        }
        self::assertGreaterThan(300, $checked, 'classes checked');
    }

    /**
     * The one change to upstream code: the six typed constants of
     * TypedInputsTrait, in a copy that PHP 8.2 loads (8.3 and later load the
     * snapshot's own file). Drupal 11 runs on PHP 8.3+: the trait is the
     * archive's file, and no copy is laid out.
     */
    public function testTheOnlyPatchedFileDiffersByTheConstantTypes(): void
    {
        $site = Site::boot();
        if ($site->deps->isDrupal11()) {
            self::assertSame(
                realpath($site->deps->deps . '/' . Deps::TOOL . '/src/TypedInputsTrait.php'),
                realpath((string) (new \ReflectionClass(\Drupal\tool\TypedInputsTrait::class))->getFileName()),
            );
            return;
        }
        $upstream = file($site->deps->deps . '/' . Deps::TOOL . '/src/TypedInputsTrait.php');
        $copy = file($site->deps->root . '/patched/TypedInputsTrait.php');
        self::assertCount(\count($upstream), $copy);
        $changed = [];
        foreach ($upstream as $i => $line) {
            if ($line !== $copy[$i]) {
                $changed[$i + 1] = [$line, $copy[$i]];
            }
        }
        self::assertSame([27, 28, 29, 30, 31, 32], array_keys($changed));
        foreach ($changed as [$before, $after]) {
            self::assertSame($before, str_replace('const ', 'const string ', $after));
        }
        // Loaded on PHP 8.2; 8.3 and later (10.6 in the Debian 13 stage) load the snapshot's own file.
        self::assertSame(
            (new \ReflectionClass(\Drupal\tool\TypedInputsTrait::class))->getFileName(),
            \PHP_VERSION_ID >= 80300
                ? $site->deps->deps . '/' . Deps::TOOL . '/src/TypedInputsTrait.php'
                : $site->deps->root . '/patched/TypedInputsTrait.php',
        );
    }
}
