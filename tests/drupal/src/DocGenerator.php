<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

use Drupal\Core\Plugin\Context\ContextDefinition;
use Drupal\tool_schema\Definition\DefinitionArrayBuilder;
use Drupal\tool_schema\Schema\InputSchemaGenerator;

/**
 * The generated sections of docs/drupal.md (tests/drupal/generate_docs.php),
 * from the real classes:
 *
 * - "tool-schemas": for each tool plugin of the Tool module, the JSON Schema
 *   of its inputs as the Tool module's own ContextDefinitionNormalizer emits
 *   them (through the Symfony Serializer, one input at a time), next to
 *   tool_schema's (DefinitionArrayBuilder::buildInputs() + normalize_schema(),
 *   the Drupal 10 nullable style);
 * - "data-types": every data type the site discovers (and the filter
 *   module's filter_format), with both schemas of a required input of that
 *   type (tool_schema's as InputSchemaGenerator gives it: a property of a
 *   tool).
 *
 * Each section sits between <!-- BEGIN GENERATED: name --> and
 * <!-- END GENERATED: name --> in the document.
 */
final class DocGenerator
{
    public const FLAGS = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION;

    public function __construct(private readonly Site $site)
    {
    }

    /** @return array<string, string> section name => Markdown */
    public function sections(): array
    {
        return ['tool-schemas' => $this->toolSchemas(), 'data-types' => $this->dataTypes()];
    }

    /** The document with its generated sections replaced. */
    public function apply(string $document): string
    {
        foreach ($this->sections() as $name => $markdown) {
            $begin = "<!-- BEGIN GENERATED: $name (tests/drupal/generate_docs.php) -->";
            $end = "<!-- END GENERATED: $name -->";
            $a = strpos($document, $begin);
            $b = strpos($document, $end);
            if ($a === false || $b === false || $b < $a) {
                throw new \RuntimeException("docs: markers of the generated section \"$name\" not found");
            }
            $document = substr($document, 0, $a + \strlen($begin)) . "\n" . $markdown . substr($document, $b);
        }
        return $document;
    }

    private function builder(): DefinitionArrayBuilder
    {
        $c = $this->site->container;
        return new DefinitionArrayBuilder(new \Drupal\tool_schema\DerivedEnum\DerivedEnumResolver($c, $c->get('entity_type.bundle.info'), $c->get('country_manager')));
    }

    private function toolSchemas(): string
    {
        $serializer = $this->site->container->get('serializer');
        $tools = $this->site->tools()->getDefinitions();
        ksort($tools);
        $out = [];
        foreach ($tools as $id => $tool) {
            $inputs = $tool->getInputDefinitions();
            $out[] = sprintf('#### `%s`: %s', $id, (string) $tool->getLabel());
            $out[] = '';
            if ($inputs === []) {
                $out[] = 'No inputs.';
                $out[] = '';
                continue;
            }
            $theirs = ['type' => 'object', 'properties' => []];
            foreach ($inputs as $name => $input) {
                try {
                    $theirs['properties'][$name] = $serializer->normalize($input, 'json_schema');
                } catch (\Throwable $e) {
                    $theirs['properties'][$name] = ['$comment' => 'throws ' . \get_class($e) . ': ' . $e->getMessage()];
                }
                if ($input->isRequired()) {
                    $theirs['required'][] = $name;
                }
            }
            $warnings = [];
            $ours = \ToolSchema\normalize_schema($this->builder()->buildInputs($inputs), ['nullable' => 'type_array'], $warnings);
            $out[] = 'The Tool module (its `ContextDefinitionNormalizer`, each input through the serializer; `required` lists the required inputs):';
            $out[] = '';
            $out[] = '```json';
            $out[] = self::pretty($theirs);
            $out[] = '```';
            $out[] = '';
            $out[] = 'tool_schema (`buildInputs()` + `normalize_schema()`, `nullable: type_array`):';
            $out[] = '';
            $out[] = '```json';
            $out[] = self::pretty($ours);
            $out[] = '```';
            $out[] = '';
            if ($warnings !== []) {
                $out[] = 'Warnings: ' . implode('; ', array_map(static fn (array $w): string => sprintf('`%s` at `%s`', $w['code'], $w['path']), $warnings)) . '.';
                $out[] = '';
            }
        }
        return implode("\n", $out);
    }

    private function dataTypes(): string
    {
        $serializer = $this->site->container->get('serializer');
        $types = $this->site->typedData()->getDefinitions();
        // The filter module's type (not enabled here): tool_schema's column only.
        $types['filter_format'] = null;
        ksort($types);
        $rows = ['| data type | provider | Tool module\'s normalizer | tool_schema | warnings |', '|---|---|---|---|---|'];
        foreach ($types as $type => $definition) {
            try {
                if ($definition === null) {
                    throw new \LogicException('the filter module is not enabled here');
                }
                $theirs = $serializer->normalize(new ContextDefinition($type, null), 'json_schema');
                $theirs = '`' . json_encode($theirs, self::FLAGS) . '`';
            } catch (\LogicException $e) {
                $theirs = '(' . $e->getMessage() . ')';
            } catch (\Throwable $e) {
                $theirs = 'throws `' . (new \ReflectionClass($e))->getShortName() . '` (' . preg_replace('/\.? Did you mean.*$/', '', $e->getMessage()) . ')';
            }
            $warnings = [];
            $ours = InputSchemaGenerator::inputSchema(['type' => $type, 'required' => true], ['nullable' => 'type_array'], $warnings);
            $rows[] = sprintf(
                '| `%s` | %s | %s | `%s` | %s |',
                $type,
                \is_array($definition) ? ($definition['provider'] ?? '') : 'filter',
                str_replace('|', '\|', $theirs),
                str_replace('|', '\|', json_encode($ours, self::FLAGS)),
                implode(', ', array_map(static fn (array $w): string => '`' . $w['code'] . '`', $warnings)),
            );
        }
        return implode("\n", $rows) . "\n";
    }

    /** JSON with one line per top-level key and per property, the rest compact. */
    private static function pretty(array $schema): string
    {
        $lines = [];
        foreach ($schema as $key => $value) {
            if ($key === 'properties' && \is_array($value) && $value !== []) {
                $props = [];
                foreach ($value as $name => $property) {
                    $props[] = '    ' . json_encode((string) $name, self::FLAGS) . ': ' . json_encode($property, self::FLAGS);
                }
                $lines[] = '  "properties": {' . "\n" . implode(",\n", $props) . "\n  }";
            } else {
                $lines[] = '  ' . json_encode((string) $key, self::FLAGS) . ': ' . json_encode($value, self::FLAGS);
            }
        }
        return "{\n" . implode(",\n", $lines) . "\n}";
    }
}
