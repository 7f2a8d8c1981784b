<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Definition;

use Drupal\Component\Plugin\PluginManagerInterface;
use Drupal\tool_schema\DerivedEnum\DerivedEnum;
use Drupal\tool_schema\DerivedEnum\DerivedEnumResolver;

/**
 * Reads a definition's constraints into the option arrays of the definition
 * array: options given as arrays are kept; constraint objects (Choice, Regex,
 * Length, Range, Count, NotBlank, GreaterThan, ..., named by class short
 * name, a "Constraint" suffix removed) are read from their public
 * properties; Choice/AllowedValues callbacks are called; PluginExists,
 * EntityBundleExists and CountryCode are resolved into ['choices' => [...]]
 * by the DerivedEnumResolver (left as given without one). Whatever Drupal
 * throws on the way is a DefinitionException at the constraint's path.
 */
final class ConstraintReader {

  /** Properties of Symfony constraint objects that are never options for the schema. */
  private const BOOKKEEPING = ['groups', 'payload', 'normalizer'];

  private const BOUNDS = ['min' => NULL, 'max' => NULL];
  private const VALUE = ['value' => NULL];
  private const CHOICES = ['choices' => NULL, 'callback' => NULL, 'multiple' => FALSE];

  /**
   * What is read from a constraint object of each constraint
   * normalize_schema() maps: the options its module of the library's
   * constraint catalogue reads (src/constraint/, php/src/Constraint/), each
   * => the value that is left out as well as NULL (Regex's '' htmlPattern,
   * a FALSE multiple or allowFallback).
   */
  private const OBJECT_OPTIONS = [
    'Choice' => self::CHOICES,
    'AllowedValues' => self::CHOICES,
    'Regex' => ['pattern' => NULL, 'match' => NULL, 'htmlPattern' => ''],
    'Length' => self::BOUNDS,
    'Range' => self::BOUNDS,
    'Count' => self::BOUNDS,
    'GreaterThan' => self::VALUE,
    'GreaterThanOrEqual' => self::VALUE,
    'LessThan' => self::VALUE,
    'LessThanOrEqual' => self::VALUE,
    'IdenticalTo' => self::VALUE,
    'FixedValue' => self::VALUE,
    'PluginExists' => ['manager' => NULL, 'interface' => NULL, 'allowFallback' => FALSE],
    'EntityBundleExists' => ['entityTypeId' => NULL],
    'Ip' => ['version' => NULL],
    'DateTime' => ['format' => NULL],
    'NotBlank' => [],
    'Positive' => [],
    'PositiveOrZero' => [],
    'Negative' => [],
    'NegativeOrZero' => [],
    'Email' => [],
    'Url' => [],
    'Uuid' => [],
    'Date' => [],
    'DateOnly' => [],
  ];

  /**
   * The site state of the derived enums resolved by the read() under way.
   *
   * @var list<\Drupal\tool_schema\DerivedEnum\Dependency>
   */
  private array $found = [];

  public function __construct(
    private readonly ?DerivedEnumResolver $enums = NULL,
  ) {
  }

  /**
   * @param array<mixed> $constraints name => options, or a list of constraint objects
   * @param list<object>|null $objects the constraint objects read are added
   *   to it (DefinitionSnapshot), unless NULL
   * @param list<\Drupal\tool_schema\DerivedEnum\Dependency>|null $dependencies
   *   the site state of each derived enum resolved is added to it, unless NULL
   * @return array<string, mixed>
   */
  public function read(array $constraints, string $path, ?array &$objects = NULL, ?array &$dependencies = NULL): array {
    $out = [];
    foreach ($constraints as $key => $options) {
      if (\is_string($key)) {
        $name = $key;
      }
      elseif (\is_object($options)) {
        $name = self::shortName($options);
      }
      else {
        throw new DefinitionException(PlainData::at(PlainData::sub($path, (string) $key)) . 'a constraint without a name must be a constraint object');
      }
      $at = "$path.$name";
      $manager = NULL;
      if (\is_object($options) && $objects !== NULL) {
        $objects[] = $options;
      }
      if (\is_object($options) && !$options instanceof \Stringable) {
        $manager = $name === 'PluginExists' && ($options->pluginManager ?? NULL) instanceof PluginManagerInterface ? $options->pluginManager : NULL;
        $options = $this->fromObject($name, $options);
      }
      try {
        $out[$name] = match ($name) {
          'Choice', 'AllowedValues' => $this->choice($options, $at),
          'PluginExists' => $this->pluginExists($options, $at, $manager),
          'EntityBundleExists' => $this->entityBundleExists($options, $at),
          'CountryCode' => $this->countryCode($options, $at),
          default => PlainData::of($options, $at, isset(self::OBJECT_OPTIONS[$name])),
        };
      }
      catch (DefinitionException $e) {
        throw $e;
      }
      catch (\Throwable $e) {
        // A callback, a plugin manager, the bundle info: what Drupal threw,
        // at the constraint's path.
        throw new DefinitionException(PlainData::at($at) . get_class($e) . ': ' . $e->getMessage(), 0, $e);
      }
      finally {
        if ($dependencies !== NULL) {
          array_push($dependencies, ...$this->found);
        }
        $this->found = [];
      }
    }
    return $out;
  }

  /** The options of a constraint object: its public properties that are options for the schema. */
  private function fromObject(string $name, object $constraint): mixed {
    $vars = get_object_vars($constraint);
    // The options the library's constraint catalogue reads, each left out
    // when null or its default.
    $read = self::OBJECT_OPTIONS[$name] ?? NULL;
    if ($read !== NULL) {
      $options = [];
      foreach ($read as $key => $default) {
        if (\array_key_exists($key, $vars) && $vars[$key] !== NULL && $vars[$key] !== $default) {
          $options[$key] = $vars[$key];
        }
      }
      return $options;
    }
    // A constraint normalize_schema does not map: its scalar options, for
    // the record (it is left out of the schema).
    $options = [];
    foreach ($vars as $key => $value) {
      if (\in_array($key, self::BOOKKEEPING, TRUE) || str_ends_with(strtolower($key), 'message')) {
        continue;
      }
      if ($value === NULL || \is_scalar($value)) {
        $options[$key] = $value;
      }
    }
    return $options;
  }

  /** Choice / AllowedValues: a callback is called and becomes `choices`. */
  private function choice(mixed $options, string $path): mixed {
    if (!\is_array($options) || array_is_list($options) || !\array_key_exists('callback', $options) || isset($options['choices'])) {
      return PlainData::of($options, $path, TRUE);
    }
    $callback = $options['callback'];
    if (!\is_callable($callback)) {
      throw new DefinitionException(PlainData::at(PlainData::sub($path, 'callback')) . 'is not callable here (a method name of the validated object cannot be resolved without it); give `choices` instead');
    }
    $choices = $callback();
    if (!\is_array($choices)) {
      throw new DefinitionException(PlainData::at(PlainData::sub($path, 'callback')) . 'must return an array of choices, ' . get_debug_type($choices) . ' returned');
    }
    unset($options['callback']);
    $options = ['choices' => array_values($choices)] + $options;
    return PlainData::of($options, $path, TRUE);
  }

  /**
   * PluginExists: the plugin ids Drupal accepts (DerivedEnumResolver). The
   * manager comes from the `manager` option (a service id) or, on a
   * PluginExistsConstraint object, its `pluginManager`. Without a resolver,
   * left as given.
   */
  private function pluginExists(mixed $options, string $path, ?PluginManagerInterface $manager = NULL): mixed {
    if ($this->enums === NULL || (\is_array($options) && \array_key_exists('choices', $options))) {
      return PlainData::of($options, $path, $this->enums !== NULL);
    }
    $id = \is_array($options) ? ($options['manager'] ?? NULL) : (\is_string($options) ? $options : NULL);
    $serviceId = NULL;
    if ($manager === NULL) {
      if (!\is_string($id) || $id === '') {
        throw new DefinitionException(PlainData::at($path) . 'names no plugin manager (`manager`)');
      }
      $manager = $this->enums->pluginManager($id);
      $serviceId = $id;
    }
    $interface = \is_array($options) && \is_string($options['interface'] ?? NULL) ? $options['interface'] : NULL;
    $allowFallback = \is_array($options) && ($options['allowFallback'] ?? FALSE) === TRUE;
    return $this->derived($this->enums->pluginIds($serviceId, $manager, $interface, $allowFallback));
  }

  /** CountryCode: the country codes (DerivedEnumResolver). Without a resolver, left as given. */
  private function countryCode(mixed $options, string $path): mixed {
    if ($this->enums === NULL || (\is_array($options) && \array_key_exists('choices', $options))) {
      return PlainData::of($options, $path, $this->enums !== NULL);
    }
    return $this->derived($this->enums->countries());
  }

  /** EntityBundleExists: the bundle ids of the entity type. A dynamic entity type (%parent...) stays unresolved, as it does without a resolver. */
  private function entityBundleExists(mixed $options, string $path): mixed {
    if (\is_array($options) && \array_key_exists('choices', $options)) {
      return PlainData::of($options, $path, TRUE);
    }
    $entityType = \is_string($options) ? $options : (\is_array($options) ? ($options['entityTypeId'] ?? $options[0] ?? NULL) : NULL);
    if ($this->enums === NULL || !\is_string($entityType) || $entityType === '' || $entityType[0] === '%') {
      return PlainData::of($options, $path, FALSE);
    }
    return $this->derived($this->enums->bundles($entityType));
  }

  /** @return array{choices: list<int|string>} */
  private function derived(DerivedEnum $enum): array {
    $this->found[] = $enum->dependency;
    return ['choices' => $enum->choices];
  }

  private static function shortName(object $constraint): string {
    $class = \get_class($constraint);
    $short = substr($class, (int) strrpos('\\' . $class, '\\'));
    if (str_ends_with($short, 'Constraint') && $short !== 'Constraint') {
      $short = substr($short, 0, -\strlen('Constraint'));
    }
    return $short;
  }

}
