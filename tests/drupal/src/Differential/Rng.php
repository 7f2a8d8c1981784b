<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\Differential;

/** A seeded random source of its own (PHP 8.2's Randomizer on Mt19937): the same seed gives the same run. */
final class Rng
{
    private \Random\Randomizer $r;

    public function __construct(int $seed)
    {
        $this->r = new \Random\Randomizer(new \Random\Engine\Mt19937($seed));
    }

    public function int(int $min, int $max): int
    {
        return $this->r->getInt($min, $max);
    }

    public function chance(float $p): bool
    {
        return $this->r->getInt(0, 999999) < (int) round($p * 1000000);
    }

    /**
     * @template T
     * @param list<T> $items
     * @return T
     */
    public function pick(array $items): mixed
    {
        return $items[$this->r->getInt(0, \count($items) - 1)];
    }

    /** @param array<int|string, int> $weights key => weight */
    public function weighted(array $weights): int|string
    {
        $n = $this->r->getInt(1, array_sum($weights));
        foreach ($weights as $key => $w) {
            $n -= $w;
            if ($n <= 0) {
                return $key;
            }
        }
        return array_key_last($weights);
    }

    /**
     * @template T
     * @param list<T> $items
     * @return list<T>
     */
    public function sample(array $items, int $n): array
    {
        if ($n >= \count($items)) {
            return $items;
        }
        $keys = $this->r->pickArrayKeys($items, $n);
        return array_map(static fn ($k) => $items[$k], $keys);
    }
}
