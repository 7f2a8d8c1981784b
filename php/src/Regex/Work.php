<?php

declare(strict_types=1);

namespace ToolSchema\Php\Regex;

/**
 * The work budget of one translation (mirrors Rust `regex::Work`): every stage
 * counts the same units in both implementations (ranges and table entries
 * read, automaton states and transitions visited).
 *
 * @internal
 */
final class Work
{
    private int $used = 0;

    /** Counts `n` units; a skip once the budget is spent. */
    public function spend(int $n): void
    {
        $this->used += $n;
        if ($this->used > Translator::MAX_WORK) {
            throw new Skip(Translator::TOO_COMPLEX, 'pattern needs too much work to translate');
        }
    }
}
