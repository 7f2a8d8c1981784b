<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

use ToolSchema\Php\Model\Ty;
use ToolSchema\Php\Model\ValueCheck;
use ToolSchema\Php\Model\Vocab;
use ToolSchema\Php\Path;

/**
 * Reading one definition array: its type and the keys every type shares
 * (src/normalize/definition.rs).
 *
 * Checks run in a fixed order (type, label, description, required, default,
 * examples, base_schema, then constraints, then items/properties), the same as in
 * the Rust implementation, so that both report the same first error.
 */
final class Definition
{
    public int $ty = Ty::OTHER;
    public int $cat = Ty::CAT_ANY;
    public string $typeId = '';
    public ?string $label = null;
    public ?string $description = null;
    public bool $required = true;
    /** Absent or null: no default. */
    public mixed $default = null;
    /** @var list<mixed>|null */
    public ?array $examples = null;
    public ?array $baseSchema = null;
    public ?array $constraints = null;
    public ?array $items = null;
    public ?array $properties = null;


    /** A string that must be valid UTF-8; null when absent, null or empty. */
    private static function text(array $def, string $key, Path $path): ?string
    {
        $v = $def[$key] ?? null;
        if ($v === null || $v === '') {
            return null;
        }
        if (!\is_string($v)) {
            throw $path->error([$key], 'must be a string');
        }
        if (!Vocab::validUtf8($v)) {
            throw $path->error([$key], 'must be valid UTF-8');
        }
        return $v;
    }

    private static function arrayOrAbsent(array $def, string $key, Path $path): ?array
    {
        if (!\array_key_exists($key, $def)) {
            return null;
        }
        $v = $def[$key];
        if (!\is_array($v)) {
            throw $path->error([$key], 'must be an array');
        }
        return $v;
    }

    public static function read(array $def, Path $path): self
    {
        $t = $def['type'] ?? null;
        if (!\is_string($t)) {
            throw $path->error(['type'], $t === null ? 'is required' : 'must be a string');
        }
        if ($t === '') {
            throw $path->error(['type'], 'must not be empty');
        }
        if (!Vocab::validUtf8($t)) {
            throw $path->error(['type'], 'must be valid UTF-8');
        }
        $d = new self();
        $d->typeId = $t;
        $ty = Ty::fromId($t);
        $d->ty = $ty;
        $d->cat = Ty::CATS[$ty];
        $d->label = self::text($def, 'label', $path);
        $d->description = self::text($def, 'description', $path);
        $r = $def['required'] ?? null;
        if ($r !== null) {
            if (!\is_bool($r)) {
                throw $path->error(['required'], 'must be a boolean');
            }
            $d->required = $r;
        }
        $v = $def['default'] ?? null;
        if ($v !== null) {
            ValueCheck::checkValue($v, $path, 'default');
            $d->default = $v;
        }
        $v = $def['examples'] ?? null;
        if ($v !== null) {
            if (!\is_array($v) || !\array_is_list($v)) {
                throw $path->error(['examples'], 'must be a list');
            }
            ValueCheck::checkValue($v, $path, 'examples');
            $d->examples = $v;
        }
        if ($ty === Ty::OTHER || $ty === Ty::ENTITY) {
            $b = self::arrayOrAbsent($def, 'base_schema', $path);
            if ($b !== null) {
                BaseSchema::check($b, $path);
                $d->baseSchema = $b;
            }
        }
        $d->constraints = self::arrayOrAbsent($def, 'constraints', $path);
        if ($ty === Ty::LIST) {
            $d->items = self::arrayOrAbsent($def, 'items', $path);
        } elseif ($ty === Ty::MAP) {
            $d->properties = self::arrayOrAbsent($def, 'properties', $path);
        }
        return $d;
    }
}
