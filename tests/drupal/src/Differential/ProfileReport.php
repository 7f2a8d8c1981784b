<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\Differential;

/**
 * The provider profiles in the differential test (issue 9: "never looser
 * than Drupal without a warning"). Each pair's definition is also normalized
 * in every profile (normalize_schema() option `profile`, through the same
 * InputSchemaGenerator::inputSchema() path), and every value Drupal rejects is
 * validated by ajv against each profile's schema (Gemini's read as JSON
 * Schema: Gemini.php). A value the profile's schema accepts is
 *
 *   warned     when the canonical schema rejects it and the pass warned
 *              (profile_constraint_dropped, profile_strict_impossible) at the
 *              definition path where Drupal rejects it or where the canonical
 *              schema does: the profile says what it leaves out;
 *   inherent   when it is in the documented inherent list (Inherent.php);
 *   canonical  when the canonical schema accepts it too and the differential
 *              excuses it there (a warning naming the rejecting constraint);
 *   failing    otherwise: the profile is looser than Drupal and says nothing
 *              (or inherits a false accept of the canonical schema).
 *
 * A warning elsewhere (above the path, say "At least 1 property" on the
 * root map) excuses nothing: it is about another constraint. Classes are
 * named as Report names them (the data type at the node Drupal rejects, the
 * constraint, the value's shape); the warned ones also by the warning that
 * excuses them and where.
 */
final class ProfileReport
{
    public const PROFILES = ['mcp', 'openai', 'anthropic', 'gemini', 'gemini_json'];
    /**
     * Profiles added after scripts/snapshot.sh's base capture: their schemas
     * are numbered after every other one (differential.php), so that the
     * schemas and pairs of the others keep their numbers and lines.
     */
    public const NUMBERED_LAST = ['gemini_json'];
    public const EXCUSES = ['profile_constraint_dropped', 'profile_strict_impossible'];
    private const KINDS = ['rejected', 'warned', 'canonical', 'inherent', 'failing', 'accepts', 'tightened'];

    /** @var array<string, array<string, int>> profile => kind => count */
    private array $counts = [];
    /** @var array<string, array<string, array<string, array{0: int, 1: string}>>> profile => kind => class => [count, example] */
    private array $tables = [];

    /** @param array<int, string> $schemas index => schema JSON (as ajv validates it) */
    public function __construct(private readonly Report $report, private readonly array $schemas)
    {
        foreach (self::PROFILES as $p) {
            $this->counts[$p] = array_fill_keys(self::KINDS, 0);
            $this->tables[$p] = array_fill_keys(self::KINDS, []);
        }
    }

    public function failing(): int
    {
        return array_sum(array_map(static fn (array $c): int => $c['failing'], $this->counts));
    }

    /**
     * A value Drupal accepts, against one profile's schema: when the
     * canonical schema accepts it too and the profile refuses it, the profile
     * is tighter there (allowed: OpenAI wants every property present, null
     * for an optional one; a profile keeps the stricter side of what it
     * cannot state exactly). Counted, the largest classes printed.
     *
     * @param array{0: int} $canonical
     * @param array{0: int, 1?: string, 2?: string, 3?: string} $ajv
     */
    public function accepted(string $name, array $r, array $canonical, array $profile, array $ajv): void
    {
        if ($canonical[0] !== 1) {
            return;
        }
        $this->counts[$name]['accepts']++;
        if ($ajv[0] === 1) {
            return;
        }
        [$node, , $shapeValue] = Report::locate($r['spec'], $r['value'], $r['text'], $ajv[2], '/');
        $class = sprintf('%s ajv:%s (%s)', Report::typeName($node), $ajv[1], Report::shape($shapeValue));
        $this->counts[$name]['tightened']++;
        if (isset($this->tables[$name]['tightened'][$class])) {
            $this->tables[$name]['tightened'][$class][0]++;
            return;
        }
        $schema = $this->schemas[$profile['schema']];
        if (\strlen($schema) > 400) {
            $schema = substr($schema, 0, 397) . '...';
        }
        $this->tables[$name]['tightened'][$class] = [1, sprintf(
            "value %s\n             definition #%d %s\n             ajv: %s at \"%s\" (%s)\n             %s schema %s",
            $r['text'], $r['definition'], Report::spec($r['spec']), $ajv[1], $ajv[2], $ajv[3], $name, $schema,
        )];
    }

    /**
     * A value Drupal rejects, against one profile's schema.
     *
     * @param array $r the pair record (Drupal's verdict: rejected)
     * @param array{0: int} $canonical ajv's verdict with the canonical schema
     * @param array{schema: int, warnings: list<array{code: string, path: string, message: string}>} $profile
     * @param array{0: int, 1?: string, 2?: string, 3?: string} $ajv ajv's verdict with the profile's schema
     */
    public function pair(string $name, array $r, array $canonical, array $profile, array $ajv): void
    {
        if ($ajv[0] !== 1) {
            $this->counts[$name]['rejected']++;
            return;
        }
        $drupal = $r['drupal'];
        [$node, $at, $shapeValue] = Report::locate($r['spec'], $r['value'], $r['text'], $drupal['path'], '.', $this->report->thrownIds($drupal['constraint']));
        $where = Report::definitionPath($r['spec'], $r['value'], $drupal['path']);
        $class = sprintf('%s %s (%s)', Report::typeName($node), $this->report->constraintId($drupal['constraint'], $node), Report::shape($shapeValue));
        // The canonical schema rejects it too: the profile left out what
        // rejects it, and must say so at the definition path where Drupal
        // rejects it or where the canonical schema does (its first error:
        // `required` on the map that lacks a property, a list's multiple
        // Choice stated on its items, a nested constraint where Drupal's
        // validator threw with no path). When the canonical schema accepts
        // it, the profile only inherits that: the differential's own
        // excuses apply (or it fails there too).
        $canonicalAt = $canonical[0] === 0 ? self::schemaDefinitionPath($canonical[3]) : null;
        if ($canonicalAt !== null) {
            foreach (['Drupal\'s path' => $where, 'the canonical schema\'s error' => $canonicalAt] as $anchor => $path) {
                $excuse = self::excuse($profile['warnings'], $path);
                if ($excuse !== null) {
                    $this->add($name, 'warned', sprintf('%s at %s: %s', $excuse['code'], $anchor, $class), $r, $profile, $where, $excuse, $canonicalAt);
                    return;
                }
            }
        }
        $ids = $this->report->ids($drupal['constraint'], $node);
        $inherent = Inherent::classify($ids, $node, $at);
        if ($inherent !== null) {
            $this->add($name, 'inherent', "$inherent: $class", $r, $profile, $where, null, $canonicalAt);
            return;
        }
        if ($canonical[0] === 1 && Report::warned($ids, $r['warnings'])) {
            $this->add($name, 'canonical', $class, $r, $profile, $where, null, $canonicalAt);
            return;
        }
        $this->add($name, 'failing', $class . ($canonical[0] === 1 ? ' [the canonical schema accepts it too]' : ''), $r, $profile, $where, null, $canonicalAt);
    }

    /**
     * The readings this report rests on, checked on known cases before the
     * run (a wrong reading would excuse or blame the wrong values).
     *
     * @return list<string> what is wrong
     */
    public static function selfCheck(): array
    {
        $wrong = [];
        $gemini = json_encode(Gemini::toJsonSchema(json_decode(
            '{"type":"OBJECT","description":"d","nullable":true,"propertyOrdering":["a","b"],"properties":{"a":{"type":"STRING","format":"enum","enum":["x"],"example":"x"},'
            . '"b":{"type":"ARRAY","items":{"type":"INTEGER","nullable":true,"minimum":1}}},"required":["a"],"additionalProperties":false,"minProperties":1}',
        )), Json::FLAGS);
        $expected = '{"description":"d","anyOf":[{"type":"object","properties":{"a":{"type":"string","enum":["x"]},'
            . '"b":{"type":"array","items":{"anyOf":[{"type":"integer","minimum":1},{"type":"null"}]}}},"required":["a"],"additionalProperties":false,"minProperties":1},{"type":"null"}]}';
        if ($gemini !== $expected) {
            $wrong[] = "Gemini::toJsonSchema() gives $gemini";
        }
        foreach ([
            '#/properties/%C3%BCn%C3%AF/anyOf/0/items/not' => 'properties.ünï.items',
            '#/properties/a~1b~0c/type' => 'properties.a/b~c',
            '#/anyOf/1/allOf/0/pattern' => '',
            '#/required' => '',
        ] as $schemaPath => $path) {
            if (self::schemaDefinitionPath($schemaPath) !== $path) {
                $wrong[] = "schemaDefinitionPath($schemaPath) gives " . self::schemaDefinitionPath($schemaPath);
            }
        }
        $spec = ['type' => 'map', 'properties' => ['a' => ['type' => 'list', 'items' => ['type' => 'integer', 'multiple' => true]], 'b' => ['type' => 'string', 'multiple' => true]]];
        foreach ([
            ['a.0.1', ['a' => [[1]]], 'properties.a.items.items'],
            ['b', ['b' => 'x'], 'properties.b'],
            ['c.x', ['c' => ['x' => 1]], ''],
            ['', ['b' => 'x'], ''],
        ] as [$drupalPath, $value, $path]) {
            if (Report::definitionPath($spec, $value, $drupalPath) !== $path) {
                $wrong[] = "definitionPath($drupalPath) gives " . Report::definitionPath($spec, $value, $drupalPath);
            }
        }
        if (Report::definitionPath(['type' => 'string', 'multiple' => true], ['x', 'y'], '') !== 'items') {
            $wrong[] = 'definitionPath() of a multiple input\'s item (the Tool module validates the first item alone) is not "items"';
        }
        $w = [['code' => 'profile_constraint_dropped', 'path' => '', 'message' => ''], ['code' => 'constraint_not_applicable', 'path' => 'items', 'message' => '']];
        if (self::excuse($w, '') === null || self::excuse($w, 'items') !== null) {
            $wrong[] = 'excuse(): a profile warning excuses its own path only, canonical codes none';
        }
        return $wrong;
    }

    /**
     * The profile's warning that excuses an accept at definition path $at
     * ("" is the input itself): one of EXCUSES at exactly that path.
     *
     * @param list<array{code: string, path: string, message: string}> $warnings
     * @return array{code: string, path: string, message: string}|null
     */
    public static function excuse(array $warnings, string $at): ?array
    {
        foreach ($warnings as $w) {
            if ($w['path'] === $at && \in_array($w['code'], self::EXCUSES, true)) {
                return $w;
            }
        }
        return null;
    }

    /**
     * The definition path of an ajv schema path ("#/anyOf/0/items/not/enum"
     * => "items"): `properties/<name>` and `items` kept, `anyOf`/`oneOf`/
     * `allOf` branches and `not` skipped, the keyword dropped (as
     * tests/profiles/mcp_check.mjs reads the fixtures' errors).
     */
    public static function schemaDefinitionPath(string $schemaPath): string
    {
        $segs = array_values(array_filter(explode('/', preg_replace('/^#\/?/', '', $schemaPath)), static fn (string $s): bool => $s !== ''));
        $segs = array_map(static fn (string $s): string => str_replace(['~1', '~0'], ['/', '~'], rawurldecode($s)), $segs);
        $out = [];
        for ($i = 0, $n = \count($segs); $i < $n;) {
            $s = $segs[$i];
            if ($s === 'properties' && $i + 1 < $n) {
                array_push($out, 'properties', $segs[$i + 1]);
                $i += 2;
            } elseif ($s === 'items') {
                $out[] = 'items';
                $i++;
            } elseif ($s === 'anyOf' || $s === 'oneOf' || $s === 'allOf') {
                $i += 2;
            } elseif ($s === 'not') {
                $i++;
            } else {
                break;
            }
        }
        return implode('.', $out);
    }

    private function add(string $name, string $kind, string $class, array $r, array $profile, string $where, ?array $excuse, ?string $canonicalAt): void
    {
        $this->counts[$name][$kind]++;
        if (isset($this->tables[$name][$kind][$class])) {
            $this->tables[$name][$kind][$class][0]++;
            return;
        }
        $schema = $this->schemas[$profile['schema']];
        if (\strlen($schema) > 400) {
            $schema = substr($schema, 0, 397) . '...';
        }
        $drupal = $r['drupal'];
        $example = sprintf(
            "value %s\n             definition #%d %s\n             Drupal: %s at \"%s\" (definition path \"%s\"): %s\n             canonical schema: %s\n             %s schema %s%s",
            $r['text'],
            $r['definition'],
            Report::spec($r['spec']),
            $drupal['constraint'] ?? '-',
            $drupal['path'],
            $where,
            $drupal['message'],
            $canonicalAt === null ? 'accepts' : "rejects at \"$canonicalAt\"",
            $name,
            $schema,
            $excuse === null ? '' : sprintf("\n             excused by %s at \"%s\": %s", $excuse['code'], $excuse['path'], $excuse['message']),
        );
        $this->tables[$name][$kind][$class] = [1, $example];
    }

    /** @param resource $out */
    public function print($out): void
    {
        $c = $this->counts[self::PROFILES[0]];
        $total = $c['rejected'] + $c['warned'] + $c['canonical'] + $c['inherent'] + $c['failing'];
        fprintf($out, "\n== PROFILES: the %d values Drupal rejects, against each profile's schema (never looser without a warning)\n", $total);
        fprintf($out, "  %-10s %9s %14s %16s %9s %8s\n", 'profile', 'rejected', 'profile warned', 'canonical warned', 'inherent', 'FAILING');
        foreach (self::PROFILES as $p) {
            $c = $this->counts[$p];
            fprintf($out, "  %-10s %9d %14d %16d %9d %8d\n", $p, $c['rejected'], $c['warned'], $c['canonical'], $c['inherent'], $c['failing']);
        }
        fprintf($out, "  of the %d values Drupal and the canonical schema accept, the profile refuses (tighter; allowed): %s\n",
            $this->counts[self::PROFILES[0]]['accepts'],
            implode(', ', array_map(fn (string $p): string => $p . ' ' . $this->counts[$p]['tightened'], self::PROFILES)));
        foreach (self::PROFILES as $p) {
            Report::table($out, "$p: FAILING: the profile's schema accepts, Drupal rejects, no profile warning at its path", $this->tables[$p]['failing']);
        }
        foreach (self::PROFILES as $p) {
            Report::table($out, "$p: accepted, the canonical schema rejects, a profile warning at the path", $this->tables[$p]['warned']);
            Report::table($out, "$p: accepted, the canonical schema too, with the canonical warning naming the rejecting constraint", $this->tables[$p]['canonical']);
            Report::table($out, "$p: accepted, inherent (docs/drupal.md)", $this->tables[$p]['inherent']);
        }
        foreach (self::PROFILES as $p) {
            $rows = $this->tables[$p]['tightened'];
            uasort($rows, static fn (array $a, array $b): int => $b[0] <=> $a[0]);
            Report::table($out, "$p: tighter than the canonical schema (values Drupal and the canonical schema accept; the largest 5 classes of " . \count($rows) . ')', \array_slice($rows, 0, 5, true));
        }
    }
}
