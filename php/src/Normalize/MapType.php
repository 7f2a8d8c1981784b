<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

/**
 * map → `type: object` with `properties` (A4: `{}` when there are none, never
 * `[]`), `required` listing the required properties (left out when none), and
 * A5: `additionalProperties: false`, on the root and on every map
 * (src/normalize/map.rs).
 */
final class MapType
{
    public static function apply(Normalizer $n, Definition $d, array &$out, int $depth): void
    {
        $props = [];
        $required = [];
        if ($d->properties !== null) {
            foreach ($d->properties as $name => $pdef) {
                if (\is_string($name) && !Definition::validUtf8($name)) {
                    throw $n->path->error(['properties'], 'property names must be valid UTF-8');
                }
                $props[$name] = $n->child('properties', $name, $pdef, $depth);
                if (($pdef['required'] ?? null) !== false) {
                    $required[] = (string) $name;
                }
            }
        }
        // A JSON object, also when the names happen to be "0", "1", ... (a PHP
        // list would encode as a JSON array).
        $out['properties'] = Normalizer::object($props);
        if ($required !== []) {
            $out['required'] = $required;
        }
        $out['additionalProperties'] = false;
    }
}
