<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\Differential;

/**
 * Values of the differential test are JSON text, because JSON is what a model
 * or an MCP client sends and what Drupal decodes (json_decode($text, true)).
 * They are built from PHP values where a JSON object is a stdClass (so that
 * `{}` and `[]` stay apart) and a Raw holds a literal PHP cannot produce by
 * json_encode (`1e20`, `9223372036854775808`, `-0`).
 */
final class Json
{
    public const FLAGS = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION | JSON_THROW_ON_ERROR;

    public static function encode(mixed $v): string
    {
        if ($v instanceof Raw) {
            return $v->text;
        }
        if ($v instanceof \stdClass) {
            $parts = [];
            foreach (get_object_vars($v) as $k => $x) {
                $parts[] = json_encode((string) $k, self::FLAGS) . ':' . self::encode($x);
            }
            return '{' . implode(',', $parts) . '}';
        }
        if (\is_array($v)) {
            if (!array_is_list($v)) {
                throw new \LogicException('JSON objects are stdClass here');
            }
            return '[' . implode(',', array_map([self::class, 'encode'], $v)) . ']';
        }
        return json_encode($v, self::FLAGS);
    }

    /**
     * A PHP value (a repair by coerce_input()) as JSON, arrays at `map`
     * positions of the spec written as objects (PHP has one array type; a
     * model would send `{}` there).
     */
    public static function encodeFor(mixed $v, array $spec): string
    {
        if (!\is_array($v)) {
            return $v instanceof \stdClass ? self::encode($v) : json_encode($v, self::FLAGS);
        }
        if (($spec['multiple'] ?? false) === true) {
            $item = $spec;
            unset($item['multiple']);
            $spec = ['type' => 'list', 'items' => $item];
        }
        if ($spec['type'] === 'map') {
            $parts = [];
            foreach ($v as $k => $x) {
                $parts[] = json_encode((string) $k, self::FLAGS) . ':' . self::encodeFor($x, $spec['properties'][$k] ?? ['type' => 'any']);
            }
            return '{' . implode(',', $parts) . '}';
        }
        if ($spec['type'] === 'list' && array_is_list($v)) {
            return '[' . implode(',', array_map(static fn ($x): string => self::encodeFor($x, $spec['items']), $v)) . ']';
        }
        return json_encode($v, self::FLAGS);
    }

    /** What Drupal receives: the text decoded into PHP arrays. */
    public static function decode(string $text): mixed
    {
        return json_decode($text, true, 512, JSON_THROW_ON_ERROR);
    }

    /**
     * A schema (decoded with objects as stdClass) without its annotations
     * (`title`, `description`, `default`, `examples`, `example`), which
     * assert nothing: schemas that differ only there are validated by one
     * compiled ajv function. Subschemas are those of `properties`, `items`,
     * `additionalProperties`, `not`, `anyOf`/`oneOf`/`allOf` (all the
     * normalizer and the profiles write).
     */
    public static function withoutAnnotations(mixed $schema): mixed
    {
        if (!$schema instanceof \stdClass) {
            return $schema;
        }
        $out = new \stdClass();
        foreach (get_object_vars($schema) as $k => $v) {
            $k = (string) $k;
            if (\in_array($k, ['title', 'description', 'default', 'examples', 'example'], true)) {
                continue;
            }
            if ($k === 'properties' && $v instanceof \stdClass) {
                $properties = new \stdClass();
                foreach (get_object_vars($v) as $name => $property) {
                    $properties->{(string) $name} = self::withoutAnnotations($property);
                }
                $out->properties = $properties;
            } elseif (\in_array($k, ['items', 'additionalProperties', 'not'], true)) {
                $out->{$k} = self::withoutAnnotations($v);
            } elseif (\in_array($k, ['anyOf', 'oneOf', 'allOf'], true) && \is_array($v)) {
                $out->{$k} = array_map([self::class, 'withoutAnnotations'], $v);
            } else {
                $out->{$k} = $v;
            }
        }
        return $out;
    }

    /** A JSON object from key => value pairs. */
    public static function obj(array $pairs): \stdClass
    {
        $o = new \stdClass();
        foreach ($pairs as $k => $v) {
            $o->{(string) $k} = $v;
        }
        return $o;
    }
}
