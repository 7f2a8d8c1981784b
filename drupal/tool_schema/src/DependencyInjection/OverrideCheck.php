<?php

declare(strict_types=1);

namespace Drupal\tool_schema\DependencyInjection;

/**
 * Whether a class can be loaded next to the parent class it extends, decided
 * without loading it: the return types its source file declares for the
 * parent's methods, against the parent's by reflection.
 *
 * A method that overrides its parent's with a return type that is not a
 * subtype of the parent's is an incompatible declaration: loading the class
 * is a fatal error, which no code can catch. On Drupal 11.4 core narrowed
 * ComplexDataNormalizer::normalize() to return `array`, and the Tool module
 * snapshot's normalizers, declaring
 * `array|string|int|float|bool|\ArrayObject|NULL`, became such classes.
 *
 * The child's source is read with PHP's tokenizer (PhpToken), never included;
 * the parent is reflected, so it must be loadable itself (core's class). What
 * is checked: each method of the class body that the parent (or an interface
 * of it) has, by its declared return type. A union of class names, builtin
 * types, nullable types, true/false/null/void/never/mixed/static are
 * understood; what is not (an intersection or DNF type, a class name whose
 * ancestry cannot be read without loading the child's own module) makes the
 * answer "incompatible", with the reason: the check errs on the side of a
 * class never loaded over one that fatals. Other declaration errors
 * (parameters, visibility, abstract methods) are not checked.
 */
final class OverrideCheck {

  /**
   * Builtin type names, lowercase.
   */
  private const BUILTIN = [
    'array', 'bool', 'callable', 'false', 'float', 'int', 'iterable', 'mixed',
    'never', 'null', 'object', 'self', 'static', 'parent', 'string', 'true', 'void',
  ];

  /**
   * @param string $namespace
   *   The namespace whose classes must not be loaded to decide (the child's
   *   module, e.g. Drupal\tool): a class name under it is not reflected.
   */
  public function __construct(
    private readonly string $namespace,
  ) {
  }

  /**
   * Why $class, declared in $file, cannot be loaded: an empty list when it
   * can.
   *
   * @return list<string>
   *   One sentence per incompatible (or undecidable) declaration.
   */
  public function incompatibilities(string $class, string $file): array {
    $class = ltrim($class, '\\');
    $source = is_file($file) ? file_get_contents($file) : FALSE;
    if ($source === FALSE) {
      return ["$class: its source file $file cannot be read"];
    }
    $declaration = $this->declaration(\PhpToken::tokenize($source), $class);
    if ($declaration === NULL) {
      return ["$class: not declared in $file"];
    }
    if ($declaration['extends'] === NULL) {
      return [];
    }
    $parent = $declaration['extends'];
    if ($this->isOwn($parent)) {
      return ["$class: its parent $parent cannot be reflected without loading it"];
    }
    if (!class_exists($parent)) {
      return ["$class: its parent $parent does not exist"];
    }
    $reasons = [];
    $parent = new \ReflectionClass($parent);
    foreach ($declaration['methods'] as $name => $type) {
      if (!$parent->hasMethod($name) || strcasecmp($name, '__construct') === 0) {
        continue;
      }
      $method = $parent->getMethod($name);
      if ($method->isPrivate() || !$method->hasReturnType()) {
        continue;
      }
      $theirs = $this->reflected($method->getReturnType());
      if ($type === NULL) {
        $reasons[] = "$class::$name() declares no return type, " . $method->class . "::$name() returns " . $method->getReturnType();
      }
      elseif (!\is_array($type)) {
        $reasons[] = "$class::$name(): $type";
      }
      elseif ($theirs === NULL) {
        $reasons[] = "$class::$name(): the return type of " . $method->class . "::$name() (" . $method->getReturnType() . ') is not understood';
      }
      elseif (($missing = $this->uncovered($type, $theirs)) !== []) {
        $reasons[] = "$class::$name() returns " . implode('|', $type) . ', which is not within ' . $method->class . "::$name()'s " . $method->getReturnType() . ' (' . implode(', ', $missing) . ')';
      }
    }
    return $reasons;
  }

  /**
   * The class's parent and its methods' return types, from its tokens.
   *
   * @param list<\PhpToken> $tokens
   *
   * @return array{extends: ?string, methods: array<string, list<string>|string|null>}|null
   *   The methods by lowercase name: their return type as a list of
   *   resolved type names, NULL without one, a string saying why it is not
   *   understood. NULL when the class is not in the tokens.
   */
  private function declaration(array $tokens, string $class): ?array {
    $tokens = array_values(array_filter($tokens, static fn (\PhpToken $t): bool => !$t->is([T_WHITESPACE, T_COMMENT, T_DOC_COMMENT])));
    $namespace = '';
    $uses = [];
    $count = \count($tokens);
    $depth = 0;
    for ($i = 0; $i < $count; $i++) {
      $token = $tokens[$i];
      if ($token->is(T_NAMESPACE) && $depth === 0 && !$tokens[$i + 1]->is(T_NS_SEPARATOR)) {
        $namespace = $tokens[$i + 1]->is('{') ? '' : ltrim($tokens[$i + 1]->text, '\\');
        $uses = [];
      }
      elseif ($token->is(T_USE) && $depth === 0) {
        $i = $this->imports($tokens, $i + 1, $uses);
      }
      elseif ($token->is(['{', T_CURLY_OPEN, T_DOLLAR_OPEN_CURLY_BRACES])) {
        $depth++;
      }
      elseif ($token->is('}')) {
        $depth--;
      }
      elseif ($token->is(T_CLASS) && $tokens[$i + 1]->is(T_STRING) && !$tokens[$i - 1]->is(T_DOUBLE_COLON)) {
        $name = ltrim($namespace . '\\' . $tokens[$i + 1]->text, '\\');
        if (strcasecmp($name, $class) !== 0) {
          continue;
        }
        $extends = NULL;
        $j = $i + 2;
        if ($tokens[$j]->is(T_EXTENDS)) {
          $extends = $this->resolve($tokens[$j + 1], $namespace, $uses);
        }
        while (!$tokens[$j]->is('{')) {
          $j++;
        }
        return ['extends' => $extends, 'methods' => $this->methods($tokens, $j, $namespace, $uses, $name, $extends)];
      }
    }
    return NULL;
  }

  /**
   * Reads a top-level use statement into $uses (alias, lowercase => name).
   *
   * @param list<\PhpToken> $tokens
   * @param array<string, string> $uses
   *
   * @return int
   *   The index of the statement's semicolon.
   */
  private function imports(array $tokens, int $i, array &$uses): int {
    if ($tokens[$i]->is([T_FUNCTION, T_CONST])) {
      while (!$tokens[$i]->is(';')) {
        $i++;
      }
      return $i;
    }
    $prefix = '';
    $name = NULL;
    for (; !$tokens[$i]->is(';'); $i++) {
      $token = $tokens[$i];
      if ($token->is([T_NAME_QUALIFIED, T_NAME_FULLY_QUALIFIED, T_STRING]) && $name === NULL) {
        $name = ltrim($token->text, '\\');
      }
      elseif ($token->is(T_NS_SEPARATOR) && $tokens[$i + 1]->is('{')) {
        $prefix = $name . '\\';
        $name = NULL;
        $i++;
      }
      elseif ($token->is(T_AS)) {
        $uses[strtolower($tokens[++$i]->text)] = $prefix . $name;
        $name = NULL;
      }
      elseif ($token->is([',', '}'])) {
        if ($name !== NULL) {
          $uses[strtolower(substr($name, (int) strrpos('\\' . $name, '\\')))] = $prefix . $name;
        }
        $name = NULL;
      }
    }
    if ($name !== NULL) {
      $uses[strtolower(substr($name, (int) strrpos('\\' . $name, '\\')))] = $prefix . $name;
    }
    return $i;
  }

  /**
   * The methods of the class body that opens at $open.
   *
   * @param list<\PhpToken> $tokens
   * @param array<string, string> $uses
   *
   * @return array<string, list<string>|string|null>
   */
  private function methods(array $tokens, int $open, string $namespace, array $uses, string $self, ?string $parent): array {
    $methods = [];
    $depth = 0;
    for ($i = $open; $i < \count($tokens); $i++) {
      $token = $tokens[$i];
      if ($token->is(['{', T_CURLY_OPEN, T_DOLLAR_OPEN_CURLY_BRACES])) {
        $depth++;
      }
      elseif ($token->is('}')) {
        if (--$depth === 0) {
          break;
        }
      }
      elseif ($depth === 1 && $token->is(T_FUNCTION)) {
        $j = $i + 1;
        if ($tokens[$j]->is('&')) {
          $j++;
        }
        $name = strtolower($tokens[$j]->text);
        // Past the parameter list, to its closing parenthesis.
        $parens = 0;
        do {
          $j++;
          $parens += $tokens[$j]->is('(') ? 1 : ($tokens[$j]->is(')') ? -1 : 0);
        } while ($parens > 0);
        $type = NULL;
        if ($tokens[$j + 1]->is(':')) {
          $type = [];
          for ($j += 2; !$tokens[$j]->is(['{', ';']); $j++) {
            $t = $tokens[$j];
            if ($t->is(['(', ')', '&', T_AMPERSAND_FOLLOWED_BY_VAR_OR_VARARG, T_AMPERSAND_NOT_FOLLOWED_BY_VAR_OR_VARARG])) {
              $type = 'an intersection or DNF return type is not understood';
              break;
            }
            if ($t->is('?')) {
              $type[] = 'null';
            }
            elseif (!$t->is('|')) {
              $type[] = $this->resolve($t, $namespace, $uses, $self, $parent);
            }
          }
        }
        $methods[$name] = $type;
        // On the body's opening brace (or the semicolon), for the depth.
        $i = $j - 1;
      }
    }
    return $methods;
  }

  /**
   * A type name as written in the file, resolved: a builtin type lowercase,
   * self and parent as the class names they stand for, a class name fully
   * qualified without its leading backslash.
   *
   * @param array<string, string> $uses
   */
  private function resolve(\PhpToken $token, string $namespace, array $uses, ?string $self = NULL, ?string $parent = NULL): string {
    $text = $token->text;
    $lower = strtolower($text);
    if ($lower === 'self' && $self !== NULL) {
      return $self;
    }
    if ($lower === 'parent' && $parent !== NULL) {
      return $parent;
    }
    if (\in_array($lower, self::BUILTIN, TRUE)) {
      return $lower;
    }
    if ($token->is(T_NAME_FULLY_QUALIFIED)) {
      return ltrim($text, '\\');
    }
    if ($token->is(T_NAME_RELATIVE)) {
      return ltrim($namespace . substr($text, \strlen('namespace')), '\\');
    }
    $first = strtolower(strtok($text, '\\'));
    if (isset($uses[$first])) {
      return $uses[$first] . substr($text, \strlen($first));
    }
    return ltrim($namespace . '\\' . $text, '\\');
  }

  /**
   * A reflected type as a list of type names, NULL for an intersection or
   * DNF type.
   *
   * @return list<string>|null
   */
  private function reflected(\ReflectionType $type): ?array {
    $names = [];
    foreach ($type instanceof \ReflectionUnionType ? $type->getTypes() : [$type] as $member) {
      if (!$member instanceof \ReflectionNamedType) {
        return NULL;
      }
      $names[] = $member->isBuiltin() ? strtolower($member->getName()) : $member->getName();
    }
    if ($type->allowsNull() && !\in_array('null', $names, TRUE) && !\in_array('mixed', $names, TRUE)) {
      $names[] = 'null';
    }
    return $names;
  }

  /**
   * The names of $ours that none of $theirs covers (a return type may only
   * narrow its parent's).
   *
   * @param list<string> $ours
   * @param list<string> $theirs
   *
   * @return list<string>
   */
  private function uncovered(array $ours, array $theirs): array {
    $lower = array_map('strtolower', $theirs);
    $missing = [];
    foreach ($ours as $name) {
      if (!$this->covered($name, $lower)) {
        $missing[] = $name;
      }
    }
    return $missing;
  }

  /**
   * @param list<string> $theirs
   *   Lowercase.
   */
  private function covered(string $name, array $theirs): bool {
    $lower = strtolower($name);
    if ($lower === 'never' || \in_array($lower, $theirs, TRUE)) {
      return TRUE;
    }
    if ($lower === 'void') {
      return FALSE;
    }
    if (\in_array('mixed', $theirs, TRUE)) {
      return TRUE;
    }
    if (($lower === 'true' || $lower === 'false') && \in_array('bool', $theirs, TRUE)) {
      return TRUE;
    }
    if (\in_array($lower, self::BUILTIN, TRUE)) {
      return $lower === 'array' && \in_array('iterable', $theirs, TRUE);
    }
    // A class name: within object, or a subclass of one of theirs. Its
    // ancestry is read by reflection, never for a class of the child's own
    // module (loading it is what is being decided).
    if (\in_array('object', $theirs, TRUE)) {
      return TRUE;
    }
    if ($this->isOwn($name) || (!class_exists($name) && !interface_exists($name))) {
      return FALSE;
    }
    foreach ($theirs as $their) {
      if (is_a($name, $their, TRUE) || ($their === 'iterable' && is_a($name, \Traversable::class, TRUE))) {
        return TRUE;
      }
    }
    return FALSE;
  }

  /**
   * Whether $class is under the namespace that must not be loaded.
   */
  private function isOwn(string $class): bool {
    return str_starts_with(strtolower(ltrim($class, '\\') . '\\'), strtolower($this->namespace) . '\\');
  }

}
