<?php

declare(strict_types=1);

// A realistic, deterministic catalogue of Tool API tool definitions and of the
// argument payloads a model sends back, for bench/run.php. No randomness: tool
// $i varies by its index only, so every run measures the same work.
//
// Each tool is a `map` definition (the tool's input set) of 9 inputs: three in
// every tool (an integer with Range, a string with Length, a derived enum
// EntityBundleExists) and six of ten more, rotated by the tool's index
// (a Choice string, a Regex string, a decimal, an optional float, an optional
// boolean, a datetime_iso8601, a timestamp, an optional list of strings with
// Count, a nested map of four properties, an entity reference with base_schema).
//
// The catalogue is returned through unserialize(serialize()), as Drupal reads
// plugin definitions from its discovery cache: strings and arrays are then
// ordinary refcounted values, not the compile-time literals of this file.

namespace ToolSchema\Bench;

final class Catalogue
{
    private const VERBS = ['Create', 'Update', 'List', 'Search', 'Publish', 'Archive', 'Import', 'Export', 'Tag', 'Summarize', 'Translate', 'Schedule'];
    private const NOUNS = ['article', 'page', 'event', 'product', 'media item', 'user', 'comment', 'term', 'block', 'menu link'];
    private const BUNDLES = ['article', 'page', 'event', 'product', 'landing_page', 'news', 'blog_post', 'faq'];
    private const STATUSES = [['draft', 'published', 'archived'], ['pending', 'approved', 'rejected', 'spam'], ['low', 'normal', 'high', 'urgent']];
    private const REGEXES = ['/^[a-z0-9-]+$/', '/^[A-Z]{2}-\d{4}$/', '/^[a-z][a-z0-9_]*$/i', '#^\d{3}-\d{3}$#'];
    private const OPTIONAL_POOL = ['status', 'slug', 'price', 'rating', 'published', 'publish_on', 'created', 'tags', 'meta', 'author'];

    /** The optional-pool inputs tool $i has: six of the ten, rotated. */
    private static function picks(int $i): array
    {
        $out = [];
        $n = \count(self::OPTIONAL_POOL);
        for ($k = 0; $k < 6; $k++) {
            $out[] = self::OPTIONAL_POOL[($i * 3 + $k) % $n];
        }
        // Keep the pool order so that property order is stable and readable.
        return array_values(array_intersect(self::OPTIONAL_POOL, $out));
    }

    /**
     * @return list<array{name: string, definition: array<string, mixed>}>
     */
    public static function tools(int $count = 120): array
    {
        $tools = [];
        for ($i = 0; $i < $count; $i++) {
            $verb = self::VERBS[$i % \count(self::VERBS)];
            $noun = self::NOUNS[intdiv($i, \count(self::VERBS)) % \count(self::NOUNS)];
            $name = strtolower($verb) . '_' . str_replace(' ', '_', $noun) . '_' . $i;
            $props = [];
            $props['limit'] = [
                'type' => 'integer',
                'label' => 'Limit',
                'description' => "How many {$noun}s to handle at most.",
                'constraints' => ['Range' => ['min' => 1, 'max' => 50 + 10 * ($i % 10)]],
            ] + ($i % 2 === 0 ? ['default' => 10] : []);
            $props['title'] = [
                'type' => 'string',
                'label' => ucfirst($noun) . ' title',
                'description' => "The title of the {$noun}, as shown to site visitors.",
                'constraints' => ['Length' => ['min' => 1, 'max' => 128 + $i % 128]],
            ];
            $bundles = [];
            for ($b = 0; $b < 2 + $i % 4; $b++) {
                $bundles[] = self::BUNDLES[($i + $b) % \count(self::BUNDLES)];
            }
            $props['bundle'] = [
                'type' => 'string',
                'label' => 'Content type',
                'description' => 'The machine name of the content type.',
                'constraints' => ['EntityBundleExists' => ['choices' => $bundles]],
            ];
            foreach (self::picks($i) as $p) {
                $props[$p] = self::optionalInput($p, $i, $noun);
            }
            $tools[] = [
                'name' => $name,
                'definition' => [
                    'type' => 'map',
                    'label' => "$verb $noun",
                    'description' => "$verb one or more {$noun}s on the site (tool #$i).",
                    'properties' => $props,
                ],
            ];
        }
        return unserialize(serialize($tools));
    }

    /** @return array<string, mixed> */
    private static function optionalInput(string $p, int $i, string $noun): array
    {
        switch ($p) {
            case 'status':
                return [
                    'type' => 'string',
                    'label' => 'Status',
                    'description' => 'The workflow state to set.',
                    'required' => $i % 3 !== 0,
                    'constraints' => ['Choice' => self::STATUSES[$i % 3]],
                ];
            case 'slug':
                return [
                    'type' => 'string',
                    'label' => 'Slug',
                    'description' => 'A URL-safe identifier.',
                    'required' => false,
                    'constraints' => ['Regex' => self::REGEXES[$i % 4], 'Length' => ['max' => 64]],
                ];
            case 'price':
                return [
                    'type' => 'decimal',
                    'label' => 'Price',
                    'description' => 'The price in the site currency.',
                    'required' => $i % 2 === 0,
                ];
            case 'rating':
                return [
                    'type' => 'float',
                    'label' => 'Rating',
                    'description' => 'A score between 0 and 5.',
                    'required' => false,
                    'constraints' => ['Range' => ['min' => 0, 'max' => 5]],
                ];
            case 'published':
                return [
                    'type' => 'boolean',
                    'label' => 'Published',
                    'description' => "Whether the {$noun} is visible to anonymous users.",
                    'required' => false,
                    'default' => false,
                ];
            case 'publish_on':
                return [
                    'type' => 'datetime_iso8601',
                    'label' => 'Publish on',
                    'description' => 'When to publish.',
                    'required' => false,
                ];
            case 'created':
                return [
                    'type' => 'timestamp',
                    'label' => 'Created',
                    'description' => 'The creation time.',
                    'required' => $i % 4 === 0,
                ];
            case 'tags':
                return [
                    'type' => 'list',
                    'label' => 'Tags',
                    'description' => 'Free-tagging terms.',
                    'required' => false,
                    'items' => ['type' => 'string', 'label' => 'Tag', 'constraints' => ['Length' => ['min' => 1, 'max' => 32]]],
                    'constraints' => ['Count' => ['max' => 5 + $i % 10]],
                ];
            case 'meta':
                return [
                    'type' => 'map',
                    'label' => 'SEO metadata',
                    'description' => 'Search engine settings.',
                    'required' => false,
                    'properties' => [
                        'keywords' => ['type' => 'string', 'label' => 'Keywords', 'required' => false, 'constraints' => ['Length' => ['max' => 255]]],
                        'noindex' => ['type' => 'boolean', 'label' => 'No index', 'required' => false],
                        'priority' => ['type' => 'integer', 'label' => 'Priority', 'constraints' => ['Range' => ['min' => 0, 'max' => 10]]],
                        'changefreq' => ['type' => 'string', 'label' => 'Change frequency', 'required' => false, 'constraints' => ['Choice' => ['daily', 'weekly', 'monthly']]],
                    ],
                ];
            case 'author':
                return [
                    'type' => 'entity:user',
                    'label' => 'Author',
                    'description' => 'The user ID of the author.',
                    'required' => $i % 2 === 1,
                    'base_schema' => ['type' => 'integer', 'minimum' => 1],
                ];
        }
        throw new \LogicException($p);
    }

    /**
     * Payloads as a model sends them: per tool 5 to 9 inputs, valid values mixed
     * with repairable ones ("5" for an integer, "true", "Article" for article,
     * "" for an optional non-string, 120000.0 for an integer, JSON strings for a
     * map or list, dates to normalize).
     *
     * @param list<array{name: string, definition: array<string, mixed>}> $tools
     * @return list<array<string, mixed>>
     */
    public static function mixedPayloads(array $tools): array
    {
        $out = [];
        foreach ($tools as $i => $tool) {
            $props = $tool['definition']['properties'];
            $bundles = $props['bundle']['constraints']['EntityBundleExists']['choices'];
            $p = [];
            $p['limit'] = match ($i % 4) { 0 => '5', 1 => 120000.0, 2 => 20, default => '7' };
            $p['title'] = "A {$i}th title";
            $p['bundle'] = $i % 2 === 0 ? ucfirst($bundles[0]) : $bundles[1];
            foreach (array_keys($props) as $k) {
                if (\count($p) >= 5 + $i % 5) {
                    break;
                }
                switch ($k) {
                    case 'status':
                        $choices = $props['status']['constraints']['Choice'];
                        $p[$k] = $i % 2 === 0 ? ' ' . strtoupper($choices[1]) . ' ' : $choices[0];
                        break;
                    case 'slug':
                        $p[$k] = 'my-slug-' . $i;
                        break;
                    case 'price':
                        $p[$k] = '19.99';
                        break;
                    case 'rating':
                        $p[$k] = $i % 3 === 0 ? '' : ($i % 3 === 1 ? '4.5' : 3.5);
                        break;
                    case 'published':
                        $p[$k] = match ($i % 4) { 0 => 'true', 1 => 1, 2 => '', default => false };
                        break;
                    case 'publish_on':
                        $p[$k] = $i % 2 === 0 ? '2024-01-15 10:30:00' : '2024-01-15T10:30:00+00:00';
                        break;
                    case 'created':
                        $p[$k] = $i % 2 === 0 ? '1705314600' : '2024-01-15';
                        break;
                    case 'tags':
                        $p[$k] = match ($i % 3) { 0 => '["news","drupal"]', 1 => 'news', default => ['news', 'ai'] };
                        break;
                    case 'meta':
                        $p[$k] = $i % 2 === 0
                            ? '{"keywords":"drupal, ai","noindex":false,"priority":"3"}'
                            : ['keywords' => 'drupal', 'noindex' => 'false', 'priority' => 5, 'changefreq' => 'Weekly'];
                        break;
                    case 'author':
                        $p[$k] = $i % 2 === 0 ? '42' : 42;
                        break;
                }
            }
            $out[] = $p;
        }
        return unserialize(serialize($out));
    }

    /**
     * Payloads where every value is already valid: coercion has nothing to
     * repair and must return the input array itself.
     *
     * @param list<array{name: string, definition: array<string, mixed>}> $tools
     * @return list<array<string, mixed>>
     */
    public static function validPayloads(array $tools): array
    {
        $out = [];
        foreach ($tools as $i => $tool) {
            $props = $tool['definition']['properties'];
            $bundles = $props['bundle']['constraints']['EntityBundleExists']['choices'];
            $p = ['limit' => 5 + $i % 10, 'title' => "A {$i}th title", 'bundle' => $bundles[$i % \count($bundles)]];
            foreach (array_keys($props) as $k) {
                if (\count($p) >= 5 + $i % 5) {
                    break;
                }
                switch ($k) {
                    case 'status':
                        $p[$k] = $props['status']['constraints']['Choice'][$i % 3];
                        break;
                    case 'slug':
                        $p[$k] = 'my-slug-' . $i;
                        break;
                    case 'price':
                        $p[$k] = '19.99';
                        break;
                    case 'rating':
                        $p[$k] = $i % 2 === 0 ? 3.5 : null;
                        break;
                    case 'published':
                        $p[$k] = $i % 2 === 0;
                        break;
                    case 'publish_on':
                        $p[$k] = '2024-01-15T10:30:00+00:00';
                        break;
                    case 'created':
                        $p[$k] = 1705314600 + $i;
                        break;
                    case 'tags':
                        $p[$k] = ['news', 'drupal'];
                        break;
                    case 'meta':
                        $p[$k] = ['keywords' => 'drupal', 'noindex' => false, 'priority' => 5, 'changefreq' => 'weekly'];
                        break;
                    case 'author':
                        $p[$k] = 42;
                        break;
                }
            }
            $out[] = $p;
        }
        return unserialize(serialize($out));
    }
}
