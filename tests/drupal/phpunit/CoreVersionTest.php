<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

use PHPUnit\Framework\TestCase;
use Drupal\tool_schema\Schema\InputSchemaGenerator;

/**
 * What differs between the cores the suite runs on (TOOL_SCHEMA_DRUPAL:
 * 10.6.15, 11.3.16, 11.4.5), each test on every core with the expectation of
 * that core:
 *
 * - whether the Tool module snapshot's normalizers load at all (on 11.4 they
 *   are a fatal error: core narrowed ComplexDataNormalizer::normalize() to
 *   return array), and that Site::toolNormalizersLoad(), which decides the
 *   skips of the serializer tests, says exactly that;
 * - that tool_schema's services serve every tool's schema there all the
 *   same, without the serializer, in the nullable style of the core.
 *
 * (Repairs on every core: InputCoercionTest, the patched trait.)
 */
final class CoreVersionTest extends TestCase
{
    /** A process of its own loads the Tool module's ContextDefinitionNormalizer: it dies on 11.4 only. */
    public function testToolModuleNormalizersLoadExactlyWhenTheSiteSaysSo(): void
    {
        $site = Site::boot();
        $code = 'require ' . var_export(\dirname(__DIR__) . '/bootstrap.php', true) . ';'
            . ' echo class_exists(\Drupal\tool\Normalizer\ContextDefinitionNormalizer::class) ? "loaded" : "absent", PHP_EOL;';
        $command = sprintf('TOOL_SCHEMA_DRUPAL=%s %s -d display_errors=stderr -r %s 2>&1',
            escapeshellarg($site->deps->version), escapeshellarg(\PHP_BINARY), escapeshellarg($code));
        exec($command, $output, $status);
        $output = implode("\n", $output);
        $loads = $site->deps->version !== '11.4.5';
        self::assertSame($loads, Site::toolNormalizersLoad(), 'Site::toolNormalizersLoad() on Drupal ' . $site->deps->version);
        if ($loads) {
            self::assertSame(0, $status, $output);
            self::assertSame('loaded', trim($output));
            self::assertNull(Site::toolNormalizersSkipReason());
        } else {
            self::assertSame(255, $status, $output);
            self::assertStringContainsString('PHP Fatal error', $output);
            self::assertStringContainsString('must be compatible with Drupal\serialization\Normalizer\ComplexDataNormalizer::normalize($object, $format = null, array $context = []): array', $output);
            self::assertStringContainsString('a fatal error to load', (string) Site::toolNormalizersSkipReason());
        }
    }

    /**
     * Every input of the 30 tools with inputs, through tool_schema's
     * services only (no serializer, no Tool module normalizer): the cache's
     * whole-tool schemas are the generator's per input, byte for byte, in
     * the running core's nullable style (type_array on 10.6, one_of on 11.x).
     */
    public function testSchemasAreServedWithoutTheSerializer(): void
    {
        $site = Site::boot();
        // The style of the core's own schemas: core's JSON Schema normalizers
        // (11.2+) write oneOf; 10.6 has none, the Tool module writes type arrays.
        $style = $site->deps->isDrupal11() ? 'one_of' : 'type_array';
        $generator = new InputSchemaGenerator(Schemas::builder($site));
        $cache = Schemas::cache($site, Schemas::bin($site));
        self::assertSame(['nullable' => $style], $generator->options());
        self::assertSame(['nullable' => $style], $cache->options());
        $tools = array_filter(Schemas::tools($site));
        self::assertCount(30, $tools);
        // Each tool's inputs from one whole-tool schema of the cache.
        $served = Schemas::throughToolSchema($cache, $tools);
        $expected = [];
        foreach ($tools as $id => $definitions) {
            foreach ($definitions as $name => $definition) {
                $expected["$id.$name"] = json_encode($generator->schema($definition, null, (string) $name), JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_SLASHES);
            }
        }
        self::assertCount(91, $expected);
        self::assertSame($expected, $served);
        $nullable = array_filter($served, static fn (string $json): bool => str_contains($json, $style === 'one_of' ? '"oneOf":[' : '"null"]'));
        self::assertGreaterThan(10, \count($nullable), "optional inputs in the $style style");
        $repeat = json_decode($served['display_message.repeat'], true);
        if ($style === 'one_of') {
            self::assertSame(['type' => 'null'], $repeat['oneOf'][1]);
            self::assertArrayNotHasKey('type', $repeat);
        } else {
            self::assertSame(['boolean', 'null'], $repeat['type']);
        }
    }
}
