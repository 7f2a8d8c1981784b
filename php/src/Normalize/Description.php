<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

use ToolSchema\Php\Model\Ty;

/**
 * A8: `title` and `description` (src/normalize/description.rs). Default
 * (`title: "merged"`): `description` is "Label: Description" (or whichever is not
 * empty), no `title`; a label that only restates the property's name is left
 * out of it (issue 30). With `title: "split"`: `title` = label, `description` =
 * description. A type note (decimal, timestamp, entity) is appended to the description
 * as its own sentence.
 */
final class Description
{
    /** The note a type (its id `$typeId`) adds to the description. */
    public static function note(int $ty, string $typeId): ?string
    {
        return match ($ty) {
            Ty::DECIMAL => Decimal::NOTE,
            Ty::TIMESTAMP => DateTime::TIMESTAMP_NOTE,
            Ty::TIMESPAN => DateTime::TIMESPAN_NOTE,
            Ty::ENTITY => Entity::note($typeId),
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

    /**
     * Whether `$label` only restates the property name `$name`: equal once
     * ASCII letters are lowercased and spaces, underscores and hyphens are
     * removed (`"Entity Type"` and `entity_type`), and not empty then
     * (description.rs's restates()).
     */
    public static function restates(string $label, int|string $name): bool
    {
        $l = strtolower(str_replace([' ', '_', '-'], '', $label));
        return $l !== '' && $l === strtolower(str_replace([' ', '_', '-'], '', (string) $name));
    }

    /**
     * @param int|string|null $name the property name of a map's property (null
     *   for the root and list items)
     * @return array{0: ?string, 1: ?string} [title, description]
     */
    public static function texts(Definition $d, bool $split, int|string|null $name = null): array
    {
        if ($split) {
            $title = $d->label;
            $body = $d->description;
        } else {
            $title = null;
            // A label that only restates the property's name is left out (issue 30).
            $label = $d->label !== null && $name !== null && self::restates($d->label, $name) ? null : $d->label;
            $body = $label !== null
                ? ($d->description !== null ? $label . ': ' . $d->description : $label)
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
