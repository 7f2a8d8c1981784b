<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\Differential;

/**
 * The `gemini` profile's schema (the OpenAPI `Schema` of Gemini's function
 * `parameters`) read as JSON Schema 2020-12, so that ajv can tell what it
 * accepts: the same reading as tests/profiles/checker.rs
 * (gemini_to_json_schema(), used by tests/fixtures.rs and the profile corpus)
 * — upper-case types in lower case, `nullable: true` as an `anyOf` with a
 * `null` branch (the annotations kept outside), `example`,
 * `propertyOrdering` and `format: enum` left out (no assertion), everything
 * else as it is.
 *
 * Works on the schema decoded with objects as stdClass (json_decode($json)),
 * so that `{}` and `[]` stay apart.
 */
final class Gemini
{
    public static function toJsonSchema(mixed $s): mixed
    {
        if (!$s instanceof \stdClass) {
            return $s;
        }
        $out = new \stdClass();
        $nullable = false;
        foreach (get_object_vars($s) as $k => $v) {
            $k = (string) $k;
            if ($k === 'type') {
                $out->type = \is_string($v) ? strtolower($v) : '';
            } elseif ($k === 'nullable') {
                $nullable = $v === true;
            } elseif ($k === 'example' || $k === 'propertyOrdering' || ($k === 'format' && $v === 'enum')) {
                continue;
            } elseif ($k === 'items' || ($k === 'additionalProperties' && $v instanceof \stdClass)) {
                $out->{$k} = self::toJsonSchema($v);
            } elseif ($k === 'anyOf') {
                $out->anyOf = \is_array($v) ? array_map([self::class, 'toJsonSchema'], $v) : [];
            } elseif ($k === 'properties') {
                $props = new \stdClass();
                foreach ($v instanceof \stdClass ? get_object_vars($v) : [] as $name => $p) {
                    $props->{(string) $name} = self::toJsonSchema($p);
                }
                $out->properties = $props;
            } else {
                $out->{$k} = $v;
            }
        }
        if (!$nullable) {
            return $out;
        }
        $wrapped = new \stdClass();
        foreach (['title', 'description', 'default'] as $k) {
            if (property_exists($out, $k)) {
                $wrapped->{$k} = $out->{$k};
                unset($out->{$k});
            }
        }
        $wrapped->anyOf = [$out, (object) ['type' => 'null']];
        return $wrapped;
    }
}
