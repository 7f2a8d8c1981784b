<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

/**
 * map → `type: object` (src/normalize/map.rs). A map that declares properties,
 * and the root (the tool's inputs), are closed: `properties` (A4: `{}` when
 * there are none, never `[]`), `required` listing the required properties
 * (left out when none), and A5: `additionalProperties: false`. A map below the
 * root without declared properties is free-form input (Drupal accepts any
 * keys there) and stays open: `type: object` only.
 */
final class MapType
{
    public static function apply(Normalizer $n, Definition $d, array &$out, int $depth): void
    {
        $declared = $d->properties !== null && $d->properties !== [] ? $d->properties : null;
        if ($declared === null && $depth > 0) {
            return;
        }
        $childInput = $n->inputLevel($depth + 1);
        $props = [];
        $required = [];
        if ($declared !== null) {
            foreach ($declared as $name => $pdef) {
                if (\is_string($name) && !Definition::validUtf8($name)) {
                    throw $n->path->error(['properties'], 'property names must be valid UTF-8');
                }
                $props[$name] = $n->child('properties', $name, $pdef, $depth);
                if (\is_array($pdef) && NotNull::required($pdef, $childInput)) {
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
