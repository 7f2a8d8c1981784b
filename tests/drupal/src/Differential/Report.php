<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\Differential;

/**
 * Counts and classes of the differential test. A disagreement's class names
 * the data type of the definition node where it happens, what decided (the
 * constraint of Drupal's first violation, or what Drupal threw; the keyword
 * of ajv's first error) and the shape of the value there:
 *
 *   false accept  "list NotNull (empty [])"       schema accepts, Drupal rejects
 *   false reject  "integer ajv:type (numeric string)"
 *
 * False accepts go to one of three tables: inherent (Inherent.php), warned
 * (a warning of the schema names the constraint that rejects), or failing.
 */
final class Report
{
    private int $agreeAccept = 0;
    private int $agreeReject = 0;

    /** @var array<string, array{0: int, 1: string}> class => [count, example] */
    private array $falseAccepts = [];
    private array $warnedAccepts = [];
    private array $inherentAccepts = [];
    private array $falseRejects = [];
    private array $badRepairs = [];
    private array $inherentRepairs = [];
    private array $formOnlyRepairs = [];
    private array $warnedRepairs = [];
    private int $repairsChanged = 0;
    private int $repairsAccepted = 0;
    private array $uncompiled = [];

    /**
     * @param array<int, string> $schemas index => schema JSON
     * @param array<string, list<string>> $constraintIds short class name of a
     *   constraint object => the constraint plugin ids that create it
     */
    public function __construct(private readonly array $schemas, private readonly array $constraintIds)
    {
    }

    /**
     * The definition constraint ids a Drupal verdict may come from: those of
     * the violation's constraint class, or of the validator that threw
     * ("throws UnexpectedValueException in ChoiceValidator": Choice,
     * CountryCode), narrowed to what the node declares when it declares one.
     *
     * @return list<string>
     */
    /**
     * The constraint ids a validator that threw may belong to ("throws X in
     * ChoiceValidator": Choice, CountryCode, AllowedValues), or [].
     *
     * @return list<string>
     */
    public function thrownIds(?string $constraint): array
    {
        if ($constraint === null || preg_match('/^throws \S+ in (\w+?)(?:Constraint)?Validator$/', $constraint, $m) !== 1) {
            return [];
        }
        return array_values(array_unique([...($this->constraintIds[$m[1]] ?? []), ...($this->constraintIds[$m[1] . 'Constraint'] ?? []), $m[1]]));
    }

    public function ids(?string $constraint, array $node): array
    {
        if ($constraint === null) {
            return [];
        }
        if (preg_match('/^throws \S+ in (\w+?)(?:Constraint)?Validator$/', $constraint, $m) === 1) {
            $class = $m[1];
            $candidates = array_values(array_unique([...($this->constraintIds[$class] ?? []), ...($this->constraintIds[$class . 'Constraint'] ?? []), $class]));
        } elseif (str_starts_with($constraint, 'throws ')) {
            return [];
        } else {
            $candidates = $this->constraintIds[$constraint] ?? [];
        }
        $declared = array_values(array_filter($candidates, static fn (string $id): bool => \array_key_exists($id, $node['constraints'] ?? [])));
        // A composite that nests the violated id may be what rejected, even
        // when the node declares the id itself too (Count, and Sequentially
        // of a Count): both are candidates then.
        $composite = self::composite($candidates, $node);
        if ($declared !== []) {
            return $composite === null ? $declared : [...$declared, $composite];
        }
        if ($composite !== null) {
            return [$composite];
        }
        $implicit = $this->constraintId($constraint, $node);
        return [...$candidates, $implicit];
    }

    /**
     * The composite constraint of the node (Drupal 11's AtLeastOneOf,
     * Sequentially, Optional, Required) that nests one of $ids: a violation of
     * a nested constraint is the composite's (Sequentially reports the nested
     * constraint that failed).
     *
     * @param list<string> $ids
     */
    private static function composite(array $ids, array $node): ?string
    {
        foreach (['AtLeastOneOf', 'Sequentially', 'Optional', 'Required'] as $composite) {
            foreach ($node['constraints'][$composite]['constraints'] ?? [] as $nested) {
                if (\is_array($nested) && array_intersect($ids, array_keys($nested)) !== []) {
                    return $composite;
                }
            }
        }
        return null;
    }

    /**
     * The constraint id of the definition behind a violation's constraint
     * class: the one of its candidate ids the node declares (CountryCode
     * creates a Choice), "PrimitiveType (implicit)" / "NotNull (required)"
     * for the constraints Drupal adds by itself.
     */
    public function constraintId(?string $class, array $node): string
    {
        if ($class === null) {
            return 'violation';
        }
        if (str_starts_with($class, 'throws ')) {
            return $class;
        }
        $declared = $node['constraints'] ?? [];
        foreach ($this->constraintIds[$class] ?? [] as $id) {
            if (\array_key_exists($id, $declared)) {
                return $id;
            }
        }
        $composite = self::composite($this->constraintIds[$class] ?? [], $node);
        if ($composite !== null) {
            return "$composite (nested " . implode('/', $this->constraintIds[$class]) . ')';
        }
        return match ($class) {
            'NotNullConstraint' => 'NotNull (required)',
            'PrimitiveTypeConstraint' => 'PrimitiveType (implicit)',
            'ComplexDataConstraint' => 'ComplexData (implicit)',
            default => $class . ' (not declared here)',
        };
    }

    /** False accepts announced by a regex_pcre_version warning (a Regex the translator does not claim on this PCRE2). */
    private int $regexPcreVersion = 0;

    public function failingFalseAccepts(): int
    {
        return array_sum(array_column($this->falseAccepts, 0));
    }

    public function failingRepairs(): int
    {
        return array_sum(array_column($this->badRepairs, 0));
    }

    /** @param array{0: int, 1?: string, 2?: string, 3?: string} $ajv */
    public function pair(array $r, array $ajv): void
    {
        $schemaAccepts = $ajv[0] === 1;
        $drupal = $r['drupal'];
        if ($schemaAccepts === $drupal['accepted']) {
            $schemaAccepts ? $this->agreeAccept++ : $this->agreeReject++;
            return;
        }
        if ($schemaAccepts) {
            [$node, $at, $shapeValue] = self::locate($r['spec'], $r['value'], $r['text'], $drupal['path'], '.', $this->thrownIds($drupal['constraint']));
            $class = sprintf('%s %s (%s)', self::typeName($node), $this->constraintId($drupal['constraint'], $node), self::shape($shapeValue));
            $example = $this->example($r, sprintf('Drupal: %s at "%s": %s', $drupal['constraint'] ?? '-', $drupal['path'], $drupal['message']));
            $ids = $this->ids($drupal['constraint'], $node);
            $inherent = Inherent::classify($ids, $node, $at);
            if ($inherent !== null) {
                self::add($this->inherentAccepts, $inherent, $example);
            } elseif (self::warned($ids, $r['warnings'])) {
                self::add($this->warnedAccepts, $class, $example);
                if (self::warned($ids, $r['warnings'], 'regex_pcre_version')) {
                    $this->regexPcreVersion++;
                }
            } else {
                self::add($this->falseAccepts, $class, $example);
            }
            return;
        }
        [$node, , $shapeValue] = self::locate($r['spec'], $r['value'], $r['text'], $ajv[2], '/');
        $class = sprintf('%s ajv:%s (%s)', self::typeName($node), $ajv[1], self::shape($shapeValue));
        self::add($this->falseRejects, $class, $this->example($r, sprintf('ajv: %s at "%s" (%s)', $ajv[1], $ajv[2], $ajv[3])));
    }

    /**
     * A repair: coerce_input() changed the value. It must not turn a value
     * Drupal accepts into one it rejects, nor land on a value the schema
     * accepts and Drupal rejects (a false accept the model never sent). A
     * repair of a value both reject that both still reject only changed its
     * form (the string "5" into 5, out of range either way): counted apart.
     *
     * @param array{0: int, 1?: string, 2?: string, 3?: string} $ajv the schema's verdict on the repaired value
     */
    public function repair(array $r, array $ajv): void
    {
        $this->repairsChanged++;
        $drupal = $r['repair']['drupal'];
        if ($drupal['accepted']) {
            $this->repairsAccepted++;
            return;
        }
        $value = $r['repair']['value'];
        $text = $r['repair']['text'];
        [$node, $at, $shapeValue] = self::locate($r['spec'], $value, $text, $drupal['path'], '.', $this->thrownIds($drupal['constraint']));
        $class = sprintf('%s %s (%s)', self::typeName($node), $this->constraintId($drupal['constraint'], $node), self::shape($shapeValue));
        $example = $this->example($r, sprintf('repaired to %s; Drupal: %s at "%s": %s; schema: %s', $text, $drupal['constraint'] ?? '-', $drupal['path'], $drupal['message'], $ajv[0] === 1 ? 'accepts' : 'rejects'));
        if ($r['drupal']['accepted']) {
            self::add($this->badRepairs, 'breaks an accepted value: ' . $class, $example);
            return;
        }
        if ($ajv[0] !== 1) {
            self::add($this->formOnlyRepairs, $class, $example);
            return;
        }
        $ids = $this->ids($drupal['constraint'], $node);
        $inherent = Inherent::classify($ids, $node, $at);
        if ($inherent !== null) {
            self::add($this->inherentRepairs, $inherent, $example);
        } elseif (self::warned($ids, $r['warnings'])) {
            self::add($this->warnedRepairs, $class, $example);
        } else {
            self::add($this->badRepairs, 'lands on a false accept: ' . $class, $example);
        }
    }

    public function uncompiled(array $r, string $message): void
    {
        self::add($this->uncompiled, $message, $this->example($r, 'ajv cannot compile the schema'));
    }

    /**
     * @param resource $out
     * @param array<string, array{0: int, 1: string}> $invalid
     * @param array<string, int> $adapterRefused
     */
    public function print($out, array $invalid, array $adapterRefused, int $warnedDefinitions): void
    {
        $fa = $this->failingFalseAccepts();
        $warned = array_sum(array_column($this->warnedAccepts, 0));
        $inherent = array_sum(array_column($this->inherentAccepts, 0));
        $fr = array_sum(array_column($this->falseRejects, 0));
        $total = $this->agreeAccept + $this->agreeReject + $fa + $warned + $inherent + $fr;
        fprintf($out, "  agree: %d (both accept %d, both reject %d)\n", $this->agreeAccept + $this->agreeReject, $this->agreeAccept, $this->agreeReject);
        fprintf($out, "  false accepts: %d failing, %d announced by a warning, %d inherent; false rejects: %d\n", $fa, $warned, $inherent, $fr);
        // Announced by regex_pcre_version: the translator claims no PCRE2
        // version it has not been checked on (10.46 until the regex branch):
        // the schema has no pattern, and says so.
        fprintf($out, "  of the announced, by regex_pcre_version (no pattern on PCRE2 %s): %d\n", PCRE_VERSION, $this->regexPcreVersion);
        if ($total > 0) {
            $drupalRejects = $this->agreeReject + $fa + $warned + $inherent;
            fprintf($out, "  of the values Drupal rejects, the schema accepts %.2f %% (%.2f %% failing)\n",
                $drupalRejects ? 100 * ($fa + $warned + $inherent) / $drupalRejects : 0, $drupalRejects ? 100 * $fa / $drupalRejects : 0);
        }
        fprintf($out, "  definitions with warnings: %d\n", $warnedDefinitions);
        fprintf($out, "  repairs: %d values changed by coerce_input(): Drupal accepts %d; failing %d; announced by a warning %d; inherent %d; still rejected by both (form repaired, value out of bounds) %d\n",
            $this->repairsChanged, $this->repairsAccepted, $this->failingRepairs(), array_sum(array_column($this->warnedRepairs, 0)),
            array_sum(array_column($this->inherentRepairs, 0)), array_sum(array_column($this->formOnlyRepairs, 0)));
        self::table($out, 'FALSE ACCEPTS (failing): schema accepts, Drupal rejects', $this->falseAccepts);
        self::table($out, 'REPAIRS (failing): coerce_input() breaks an accepted value, or lands on a value the schema accepts and Drupal rejects', $this->badRepairs);
        self::table($out, 'false accepts announced by a warning naming the rejecting constraint', $this->warnedAccepts);
        self::table($out, 'inherent false accepts (docs/drupal.md)', $this->inherentAccepts);
        self::table($out, 'repairs landing on a false accept announced by a warning', $this->warnedRepairs);
        self::table($out, 'inherent repairs Drupal rejects', $this->inherentRepairs);
        self::table($out, 'false rejects: schema rejects, Drupal accepts (allowed: the schema is a canonical subset)', $this->falseRejects);
        self::table($out, 'repairs of values both reject that both still reject (the form repaired, not the value; allowed)', $this->formOnlyRepairs);
        self::table($out, 'schemas ajv cannot compile', $this->uncompiled);
        self::table($out, 'definitions Drupal ' . \Drupal::VERSION . ' cannot validate (left out)', $invalid);
        if ($adapterRefused !== []) {
            fprintf($out, "\n== definitions the adapter or normalize_schema refused\n");
            arsort($adapterRefused);
            foreach ($adapterRefused as $message => $n) {
                fprintf($out, "%6d  %s\n", $n, $message);
            }
        }
    }

    /** @param array<string, array{0: int, 1: string}> $rows */
    public static function table($out, string $title, array $rows): void
    {
        if ($rows === []) {
            return;
        }
        uasort($rows, static fn (array $a, array $b): int => $b[0] <=> $a[0]);
        fprintf($out, "\n== %s: %d in %d classes\n", $title, array_sum(array_column($rows, 0)), \count($rows));
        foreach ($rows as $class => [$n, $example]) {
            fprintf($out, "%6d  %s\n        e.g. %s\n", $n, $class, $example);
        }
    }

    public static function add(array &$table, string $class, string $example): void
    {
        $table[$class] ??= [0, $example];
        $table[$class][0]++;
    }

    private function example(array $r, string $why): string
    {
        $schema = $this->schemas[$r['schema']];
        if (\strlen($schema) > 400) {
            $schema = substr($schema, 0, 397) . '...';
        }
        $codes = array_map(static fn (array $w): string => $w['code'] . '@' . $w['path'], $r['warnings']);
        return sprintf("value %s\n             definition %s\n             %s\n             schema %s%s",
            $r['text'], self::spec($r['spec']), $why, $schema, $codes === [] ? '' : "\n             warnings " . implode(', ', $codes));
    }

    /** A spec as compact JSON (callbacks shown as "<callback>"). */
    public static function spec(array $spec): string
    {
        array_walk_recursive($spec, static function (&$v): void {
            if ($v instanceof \Closure) {
                $v = '<callback: ' . json_encode($v(), Json::FLAGS) . '>';
            }
        });
        return json_encode($spec, Json::FLAGS);
    }

    /** Does a warning of the schema name one of the constraint ids the rejection comes from? */
    public static function warned(array $ids, array $warnings, ?string $code = null): bool
    {
        foreach ($warnings as $w) {
            if ($code !== null && $w['code'] !== $code) {
                continue;
            }
            foreach ($ids as $id) {
                if (preg_match('/(^|\.)constraints\.' . preg_quote($id, '/') . '$/', $w['path']) === 1) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The spec node, the (assoc-decoded) value and the (object-decoded) value
     * at a path: Drupal's property path ("a.0.b", separator ".") or ajv's
     * instance path ("/a/0/b", separator "/"). A `multiple` definition's item
     * is what the Tool module validates on its own (the first one).
     *
     * @return array{0: array, 1: mixed, 2: mixed}
     */
    public static function locate(array $spec, mixed $value, string $text, string $path, string $sep, array $thrown = []): array
    {
        if ($path === '' && $sep === '.' && $thrown !== [] && self::baseType($spec) === 'map') {
            // A validator that threw gives no path: when it is the validator
            // of a constraint of a multi-value property (at any depth of
            // maps), that property is where Drupal rejected the value (a
            // list constraint such as Count: on its first item, where the
            // Tool module copied it).
            $path = self::thrownAt($spec, $value, $thrown, []) ?? '';
        }
        $shape = json_decode($text, false);
        $segments = $path === '' ? [] : explode($sep, ltrim($path, $sep));
        if ($sep === '/') {
            $segments = array_map(static fn (string $s): string => str_replace(['~1', '~0'], ['/', '~'], $s), $segments);
        }
        $node = $spec;
        if (($node['multiple'] ?? false) === true && \is_array($value) && $value !== [] && $sep === '.') {
            unset($node['multiple']);
            $node['type'] .= ' item';
            $node['itemOfMultiple'] = true;
            $value = reset($value);
            $shape = \is_array($shape) ? ($shape[0] ?? null) : (\is_object($shape) ? (array_values(get_object_vars($shape))[0] ?? null) : $shape);
        }
        foreach ($segments as $segment) {
            if (($node['multiple'] ?? false) === true) {
                unset($node['multiple']);
                $node['type'] .= ' item';
                $node['itemOfMultiple'] = true;
            } elseif (self::baseType($node) === 'list') {
                $node = $node['items'];
            } elseif (self::baseType($node) === 'map' && isset($node['properties'][$segment])) {
                $node = $node['properties'][$segment];
            } else {
                $node = ['type' => ($node['type'] ?? '?') . ' (undeclared key)'];
            }
            $value = \is_array($value) ? ($value[$segment] ?? null) : null;
            $shape = \is_array($shape) ? ($shape[(int) $segment] ?? null) : (\is_object($shape) ? ($shape->{$segment} ?? null) : null);
        }
        return [$node, $value, $shape];
    }

    /**
     * The property path of the first multi-value property (in maps, at any
     * depth) declaring one of `$thrown`, or null.
     *
     * @param list<string> $thrown
     * @param list<string> $at
     */
    private static function thrownAt(array $map, mixed $value, array $thrown, array $at): ?string
    {
        foreach ($map['properties'] ?? [] as $name => $p) {
            $v = \is_array($value) ? ($value[$name] ?? null) : null;
            $here = [...$at, (string) $name];
            if (($p['multiple'] ?? false) === true && array_intersect($thrown, array_keys($p['constraints'] ?? [])) !== []) {
                if (\in_array('Count', $thrown, true) && \is_array($v) && $v !== []) {
                    $here[] = (string) array_key_first($v);
                }
                return implode('.', $here);
            }
            if (self::baseType($p) === 'map' && ($found = self::thrownAt($p, $v, $thrown, $here)) !== null) {
                return $found;
            }
        }
        return null;
    }

    /** A node's type without the " item" locate() appends to a multi-value definition's item. */
    private static function baseType(array $node): string
    {
        return preg_replace('/ item$/', '', (string) ($node['type'] ?? ''));
    }

    /**
     * The definition path (the warnings' paths: `properties.<name>`, `items`)
     * of the node where Drupal's property path ("a.0.b") lands, walked as
     * locate() walks it: a `multiple` definition's item, as the Tool module
     * validates it on its own, is `items`; an undeclared key stops at its map
     * (the map's closedness rejects it).
     */
    public static function definitionPath(array $spec, mixed $value, string $path): string
    {
        $out = [];
        $segments = $path === '' ? [] : explode('.', $path);
        $node = $spec;
        if (($node['multiple'] ?? false) === true && \is_array($value) && $value !== []) {
            unset($node['multiple']);
            $out[] = 'items';
        }
        foreach ($segments as $segment) {
            if (($node['multiple'] ?? false) === true) {
                unset($node['multiple']);
                $out[] = 'items';
            } elseif (($node['type'] ?? '') === 'list') {
                $node = $node['items'];
                $out[] = 'items';
            } elseif (($node['type'] ?? '') === 'map' && isset($node['properties'][$segment])) {
                $node = $node['properties'][$segment];
                $out[] = 'properties';
                $out[] = $segment;
            } else {
                break;
            }
        }
        return implode('.', $out);
    }

    public static function typeName(array $node): string
    {
        return $node['type'] . (($node['multiple'] ?? false) === true ? '[] (multiple)' : '');
    }

    /** The shape of a JSON value, as the classes name it. */
    public static function shape(mixed $v): string
    {
        return match (true) {
            $v === null => 'null',
            $v === true, $v === false => var_export($v, true),
            \is_int($v) => 'int',
            \is_float($v) => abs($v) >= 9.2233720368547758E18 ? 'number beyond int64' : (floor($v) == $v ? 'integral float' : 'float'),
            \is_string($v) => match (true) {
                $v === '' => 'empty string',
                trim($v) === '' => 'blank string',
                is_numeric($v) => 'numeric string',
                \in_array(strtolower($v), ['true', 'false'], true) => 'boolean string',
                str_ends_with($v, "\n") => 'string ending in \n',
                default => 'string',
            },
            \is_array($v) => $v === [] ? 'empty []' : (\count(array_filter($v, static fn ($x) => $x !== null)) === 0 ? 'list of nulls' : 'list'),
            $v instanceof \stdClass => get_object_vars($v) === [] ? 'empty {}' : (\count(array_filter(get_object_vars($v), static fn ($x) => $x !== null)) === 0 ? 'object of nulls' : 'object'),
            default => get_debug_type($v),
        };
    }
}
