<?php

declare(strict_types=1);

namespace ToolSchema\Php\Model;

/**
 * The words every part of the library speaks (src/model/vocab.rs): the
 * nesting limit, UTF-8, a JSON object. They live in the model, below the
 * catalogue, coercion and normalization, so that uses run one way (those
 * name this, this names nothing).
 */
final class Vocab
{
    /** A constraint that does not fit the input's type: not stated, and Drupal still runs it. */
    public const NOT_APPLICABLE = 'constraint_not_applicable';
    /** A constraint Drupal checks that JSON Schema cannot state. */
    public const UNSTATED = 'constraint_unstated';

    /** How deep definitions (and copied values) may nest. */
    public const MAX_DEPTH = 64;

    /** Strings up to this many bytes have their validUtf8() answer remembered. */
    private const UTF8_MEMO_BYTES = 256;

    /** Answers remembered at most; the memo starts over when full. */
    private const UTF8_MEMO_ENTRIES = 4096;

    /**
     * @var array<array-key, bool> validUtf8() of short strings: the same
     *   labels, descriptions and names come back on every call (keyed by
     *   content, so a string written in place is looked up anew)
     */
    private static array $utf8 = [];

    /**
     * Two numbers in order (-1, 0, 1): exactly when both are ints, as floats
     * otherwise (every bound helper compares this way).
     */
    public static function cmp(int|float $a, int|float $b): int
    {
        if (\is_int($a) && \is_int($b)) {
            return $a <=> $b;
        }
        return (float) $a <=> (float) $b;
    }

    public static function validUtf8(string $s): bool
    {
        if (\strlen($s) > self::UTF8_MEMO_BYTES) {
            return preg_match('//u', $s) === 1;
        }
        if (isset(self::$utf8[$s])) {
            return self::$utf8[$s];
        }
        if (\count(self::$utf8) >= self::UTF8_MEMO_ENTRIES) {
            self::$utf8 = [];
        }
        return self::$utf8[$s] = preg_match('//u', $s) === 1;
    }

    /**
     * A JSON object from an array built with string keys (the builder's
     * `end_obj`): an empty or list-shaped array would encode as `[...]`, so it
     * becomes a stdClass.
     *
     * @param array<int|string, mixed> $a
     * @return array<int|string, mixed>|\stdClass
     */
    public static function object(array $a): array|\stdClass
    {
        return $a === [] || \array_is_list($a) ? (object) $a : $a;
    }
}
