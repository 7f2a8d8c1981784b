<?php

declare(strict_types=1);

namespace ToolSchema\Php\Model;

use ToolSchema\Php\Path;

/**
 * What a constraint rule sees: where it is, what it applies to, and where to put
 * warnings (`Rule` of src/model/facets.rs).
 */
final class Rule
{
    /**
     * The constraint id, as given (`Length`, `Choice`, ...): set by the one
     * dispatch, Constraint::apply() (Rust keeps the key, `name`, and the id
     * it spells, `id`).
     */
    public string $id = '';


    public function __construct(
        public readonly Path $path,
        public readonly int $ty,
        public readonly int $cat,
        /** Option `derived_enum_limit` (the one option a rule reads). */
        public readonly int $derivedEnumLimit,
        private readonly Warnings $warnings,
    ) {
    }

    /**
     * An error at `constraints.<name>.<extra...>`.
     *
     * @param list<string|int> $extra
     */
    public function error(array $extra, string $message): \ValueError
    {
        return $this->path->error(['constraints', $this->id, ...$extra], $message);
    }

    /**
     * The constraint does not fit the input's type: it is not stated, and
     * Drupal, which still runs it, rejects values the schema accepts.
     */
    public function notApplicable(): void
    {
        $this->warn(
            Vocab::NOT_APPLICABLE,
            "does not fit the input's type and is not stated in the schema; Drupal still runs it and rejects values the schema accepts",
        );
    }

    /** The constraint says something JSON Schema cannot state here. */
    public function unstated(string $why): void
    {
        $this->warn(Vocab::UNSTATED, $why);
    }

    /** A warning at `constraints.<name>`. */
    public function warn(string $code, string $message): void
    {
        $this->warnings->add([
            'code' => $code,
            'path' => $this->path->render(['constraints', $this->id]),
            'message' => $message,
        ]);
    }

    /**
     * A finite int or float.
     *
     * @param list<string|int> $extra
     */
    public function number(mixed $n, array $extra): int|float
    {
        if (\is_int($n) || (\is_float($n) && \is_finite($n))) {
            return $n;
        }
        throw $this->error($extra, 'must be a finite number');
    }
}
