<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

/**
 * A8: `title` and `description` (src/normalize/description.rs). Default
 * (`title: "merged"`): `description` is "Label: Description" (or whichever is not
 * empty), no `title`. With `title: "split"`: `title` = label, `description` =
 * description. A type note (decimal, timestamp, entity) is appended to the description
 * as its own sentence.
 */
final class Description
{
    /** The note a type (its id `$typeId`) adds to the description. */
    public static function note(int $ty, string $typeId): ?string
    {
        return match ($ty) {
            Definition::DECIMAL => Decimal::NOTE,
            Definition::TIMESTAMP => DateTime::TIMESTAMP_NOTE,
            Definition::TIMESPAN => DateTime::TIMESPAN_NOTE,
            Definition::ENTITY => Entity::note($typeId),
            default => null,
        };
    }

    /** Appends `$note` as a sentence of its own. */
    private static function withNote(string $text, string $note): string
    {
        if ($text === '') {
            return $note;
        }
        $last = $text[-1];
        $sep = $last === '.' || $last === '!' || $last === '?' ? ' ' : '. ';
        return $text . $sep . $note;
    }

    /** @return array{0: ?string, 1: ?string} [title, description] */
    public static function texts(Definition $d, bool $split): array
    {
        if ($split) {
            $title = $d->label;
            $body = $d->description;
        } else {
            $title = null;
            $body = $d->label !== null
                ? ($d->description !== null ? $d->label . ': ' . $d->description : $d->label)
                : $d->description;
        }
        // A base schema says what the value is instead.
        $note = $d->baseSchema === null ? self::note($d->ty, $d->typeId) : null;
        if ($note !== null) {
            $body = $body === null ? $note : self::withNote($body, $note);
        }
        return [$title, $body];
    }
}
