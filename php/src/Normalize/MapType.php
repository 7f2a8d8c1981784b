<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

use ToolSchema\Php\Model\Vocab;

/**
 * map → `type: object` (src/normalize/map_type.rs). A map that declares properties,
 * and the root (the tool's inputs), are closed: `properties` (A4: `{}` when
 * there are none, never `[]`), `required` listing the properties that refuse
 * null (left out when none), and A5: `additionalProperties: false`. A map
 * below the root without declared properties is free-form input (Drupal
 * accepts any keys there) and stays open: `type: object` only.
 */
final class MapType
{
    /**
     * Normalizes the properties: the keywords of a closed map (null for an
     * open one; each property's schema, its Schema for a profile other than
     * `mcp`), and whether a property refuses null.
     *
     * @return array{0: array{0: array<mixed>|\stdClass, 1: list<string>}|null, 1: bool}
     */
    public static function properties(Normalizer $n, Definition $d, int $depth): array
    {
        $declared = $d->properties !== null && $d->properties !== [] ? $d->properties : null;
        if ($declared === null && $depth > 0) {
            return [null, false];
        }
        $props = [];
        $required = [];
        if ($declared !== null) {
            foreach ($declared as $name => $pdef) {
                if (\is_string($name) && !Vocab::validUtf8($name)) {
                    throw $n->path->error(['properties'], 'property names must be valid UTF-8');
                }
                $props[$name] = $n->schema('properties', $name, $pdef, $depth + 1);
                if ($n->refusedNull) {
                    $required[] = (string) $name;
                }
            }
        }
        // A JSON object, also when the names happen to be "0", "1", ... (a PHP
        // list would encode as a JSON array).
        return [[Vocab::object($props), $required], $required !== []];
    }

    /**
     * Writes a closed map's keywords.
     *
     * @param array{0: array<mixed>|\stdClass, 1: list<string>} $closed
     */
    public static function put(array &$out, array $closed): void
    {
        $out['properties'] = $closed[0];
        if ($closed[1] !== []) {
            $out['required'] = $closed[1];
        }
        $out['additionalProperties'] = false;
    }
}
