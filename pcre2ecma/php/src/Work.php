<?php

declare(strict_types=1);

namespace ToolSchema\Regex;

/**
 * The work budget of one translation (mirrors Rust `regex::Work`): every stage
 * counts the same units in both implementations (ranges and table entries
 * read, tree nodes visited, automaton states and transitions, product pairs
 * and triples, sets of states, expression nodes built), and reports the size
 * of every intermediate structure as it grows (capped at
 * Translator::MAX_STRUCTURE).
 *
 * @internal
 */
final class Work
{
    private int $used = 0;
    private int $peak = 0;

    /** The units counted so far. */
    public function used(): int
    {
        return $this->used;
    }

    /** The largest intermediate structure seen so far (see fits()). */
    public function peak(): int
    {
        return $this->peak;
    }

    /** Counts `n` units; a skip once the budget is spent. */
    public function spend(int $n): void
    {
        $this->used += $n;
        if ($this->used > Translator::MAX_WORK) {
            throw new Skip(Translator::TOO_COMPLEX, 'pattern needs too much work to translate');
        }
    }

    /** Records the size of an intermediate structure that has just grown; a skip beyond MAX_STRUCTURE. */
    public function fits(int $size): void
    {
        $this->peak = max($this->peak, $size);
        if ($size > Translator::MAX_STRUCTURE) {
            throw new Skip(Translator::TOO_COMPLEX, 'pattern needs too large an automaton to translate');
        }
    }
}
