<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize\Profile;

/**
 * One schema object, read into its parts (`Parts` in
 * src/normalize/profile/mod.rs). Numbers are ints or floats as written.
 */
final class Parts
{
    public mixed $title = null;
    public mixed $description = null;
    public mixed $default = null;
    public ?array $examples = null;
    /** Null is accepted (besides what the other parts accept). */
    public bool $nullable = false;
    /** The non-null types (`Profile::ALL` when there is no `type`). */
    public int $types = Profile::ALL;
    /** @var list<string> the node's own first, then those of `allOf` entries */
    public array $formats = [];
    /** @var list<string> */
    public array $patterns = [];
    /** @var list<mixed> */
    public array $nots = [];
    /** @var list<mixed>|null the allowed values, all enum/const intersected, null left out */
    public ?array $values = null;
    public bool $isConst = false;
    /** @var list<array{0: mixed, 1: bool}> every enum/const as written */
    public array $valueSets = [];
    public ?int $minLength = null;
    public ?int $maxLength = null;
    public int|float|null $minimum = null;
    public int|float|null $exclusiveMinimum = null;
    public int|float|null $maximum = null;
    public int|float|null $exclusiveMaximum = null;
    public int|float|null $multipleOf = null;
    public mixed $items = null;
    public bool $hasItems = false;
    public ?int $minItems = null;
    public ?int $maxItems = null;
    /** @var array<int|string, mixed>|null */
    public ?array $properties = null;
    public ?array $required = null;
    public mixed $additional = null;
    public bool $hasAdditional = false;
    public ?int $minProperties = null;
    public ?int $maxProperties = null;
    public ?array $anyOf = null;
    public ?array $oneOf = null;
    /**
     * @var list<array{0: int|string, 1: mixed, 2: bool}> anything else, in
     * order (2: an `allOf` entry that could not be merged)
     */
    public array $other = [];
}
