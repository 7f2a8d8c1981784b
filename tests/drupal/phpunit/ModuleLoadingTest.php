<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

use Drupal\tool\TypedData\InputDefinition;
use Drupal\tool\TypedData\ListInputDefinition;
use Drupal\tool_schema\Definition\DefinitionArrayBuilder;
use Drupal\tool_schema\Schema\InputSchemaGenerator;
use PHPUnit\Framework\TestCase;

/**
 * The module's classes load, and its normalizer serves schemas, while the
 * Tool module's normalizer classes cannot be loaded (absent, or a fatal
 * error as on Drupal 11.4): tests/drupal/module_without_tool_normalizers.php,
 * in a process of its own.
 */
final class ModuleLoadingTest extends TestCase
{
    public function testTheModuleLoadsWithoutTheToolModulesNormalizers(): void
    {
        $script = \dirname(__DIR__) . '/module_without_tool_normalizers.php';
        exec(escapeshellarg(PHP_BINARY) . ' ' . escapeshellarg($script) . ' 2>&1', $output, $status);
        self::assertSame(0, $status, implode("\n", $output));
        $result = json_decode((string) end($output), true, 512, JSON_THROW_ON_ERROR);

        $src = \dirname(__DIR__, 3) . '/drupal/tool_schema/src';
        $files = 0;
        foreach (new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator($src, \FilesystemIterator::SKIP_DOTS)) as $file) {
            $files += $file->getExtension() === 'php' ? 1 : 0;
        }
        // The install-time requirements class needs core 11.2+'s
        // InstallRequirementsInterface; core loads it only from 11.2 on.
        $skipped = interface_exists('Drupal\Core\Extension\InstallRequirementsInterface') ? [] : ['Drupal\tool_schema\Install\Requirements\ToolSchemaRequirements'];
        self::assertSame($skipped, $result['skipped']);
        self::assertCount($files - \count($skipped), $result['classes'], 'every class and interface of the module');
        self::assertContains('Drupal\tool_schema\Normalizer\InputDefinitionNormalizer', $result['classes']);
        self::assertContains('Drupal\tool_schema\ToolSchemaServiceProvider', $result['classes']);
        self::assertSame(['description' => 'Name', 'type' => 'string', 'maxLength' => 8], $result['schemas'][0]);
        // As the module's generator gives them here, with the Tool module's
        // normalizers at hand (the script's definitions, encoded alike).
        Site::boot();
        $generator = new InputSchemaGenerator(new DefinitionArrayBuilder());
        $list = $generator->schema(new ListInputDefinition('Tags', '', item_definition: new InputDefinition('integer', 'Tag', '')));
        self::assertSame(json_encode($list), json_encode($result['schemas'][1]));
        self::assertFalse($result['tool_normalizer_loaded']);
    }

    /** The guard of the script works: asked for the Tool module's normalizer, the process ends with status 3. */
    public function testTheScriptStopsWhenTheToolNormalizerIsLoaded(): void
    {
        $code = 'require ' . var_export(\dirname(__DIR__) . '/module_without_tool_normalizers.php', true) . '; new \Drupal\tool\Normalizer\ContextDefinitionNormalizer();';
        exec(escapeshellarg(PHP_BINARY) . ' -r ' . escapeshellarg($code) . ' 2>&1', $output, $status);
        self::assertSame(3, $status, implode("\n", $output));
    }
}
