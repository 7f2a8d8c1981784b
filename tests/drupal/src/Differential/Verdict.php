<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\Differential;

use Drupal\Component\Plugin\Exception\PluginNotFoundException;
use Drupal\Core\Plugin\Context\Context;
use Drupal\Core\TypedData\DataDefinitionInterface;
use Drupal\Core\TypedData\TypedDataManagerInterface;
use Drupal\tool\TypedData\InputDefinitionInterface;
use Symfony\Component\Validator\Exception\ConstraintDefinitionException;
use Symfony\Component\Validator\Exception\InvalidOptionsException;
use Symfony\Component\Validator\Exception\MissingOptionsException;

/**
 * Drupal's verdict on a value, from its real validation:
 *
 * - a Tool module definition: the Tool module's own
 *   TypedInputsTrait::validateInputValue(), on a real tool plugin (what
 *   getExecutableValue() runs before a tool executes);
 * - a core data definition: TypedDataManager::create($definition, $value)
 *   ->validate().
 *
 * A value is accepted when there is no violation and nothing is thrown.
 * Anything thrown is a rejection (the tool fails), except the exceptions that
 * say the definition itself is not valid in the running Drupal (an unknown
 * constraint plugin, missing or wrong constraint options; on Drupal 11 a bare
 * option for a Symfony constraint that takes named arguments): such a
 * definition is reported apart and its pairs are left out.
 */
final class Verdict
{
    /** Exceptions that mean "this definition is not valid in Drupal", whatever the value. */
    private const DEFINITION_ERRORS = [
        PluginNotFoundException::class,
        ConstraintDefinitionException::class,
        MissingOptionsException::class,
        InvalidOptionsException::class,
    ];

    public function __construct(
        /** A real tool plugin (any: validateInputValue() takes the definition as an argument). */
        private readonly object $tool,
        private readonly TypedDataManagerInterface $typedData,
    ) {
    }

    /**
     * Forgets the typed data prototypes of earlier definitions. Drupal keys
     * them by the root's data type and the property path only
     * (TypedDataManager::getPropertyInstance()), so two different `map`
     * definitions with a property of the same name share one prototype, and
     * the second is validated with the first one's type and constraints. In a
     * site that is what happens between two tools' map inputs within one
     * request (docs/drupal.md); here each definition is judged as the first
     * of its request, so that verdicts do not depend on the order of the run.
     */
    public function isolate(): void
    {
        (function (): void {
            $this->prototypes = [];
        })->call($this->typedData);
    }

    /**
     * @return array{accepted: bool, constraint: ?string, path: string, message: string, definitionError: bool}
     *   constraint: the short class name of the first violation's constraint,
     *   or "throws <Exception>"; path: its property path.
     */
    public function judge(object $definition, mixed $value): array
    {
        if ($definition instanceof InputDefinitionInterface) {
            return $this->input($definition, $value);
        }
        \assert($definition instanceof DataDefinitionInterface);
        try {
            $violations = $this->typedData->create($definition, $value)->validate();
        } catch (\Throwable $e) {
            return self::thrown($e);
        }
        return self::violations($violations);
    }

    private function input(InputDefinitionInterface $definition, mixed $value): array
    {
        try {
            $violations = $this->tool->validateInputValue($definition, $value);
        } catch (\Throwable $e) {
            // validateInputValue() catches \Exception only: a TypeError gets out.
            return self::thrown($e);
        }
        $first = self::violations($violations);
        if (!$first['accepted'] && $first['constraint'] === null) {
            // The Tool module turned an exception into a violation without a
            // constraint ("The X input is invalid: ..."): the same steps
            // again, to learn what was thrown.
            try {
                $d = $definition;
                $v = $value;
                if ($d->isMultiple() && \is_array($v) && $v !== []) {
                    $d = clone $d;
                    $d->setMultiple(false);
                    $v = reset($v);
                }
                (new Context($d, $v))->validate();
            } catch (\Throwable $e) {
                return self::thrown($e);
            }
        }
        return $first;
    }

    private static function violations(iterable $violations): array
    {
        foreach ($violations as $violation) {
            $constraint = $violation->getConstraint();
            return [
                'accepted' => false,
                'constraint' => $constraint === null ? null : self::short(\get_class($constraint)),
                'path' => (string) $violation->getPropertyPath(),
                'message' => strip_tags((string) $violation->getMessage()),
                'definitionError' => false,
            ];
        }
        return ['accepted' => true, 'constraint' => null, 'path' => '', 'message' => '', 'definitionError' => false];
    }

    private static function thrown(\Throwable $e): array
    {
        $definitionError = self::optionFormRefused($e);
        foreach (self::DEFINITION_ERRORS as $class) {
            $definitionError = $definitionError || $e instanceof $class;
        }
        $where = '';
        foreach ($e->getTrace() as $frame) {
            if (($frame['function'] ?? '') === 'validate' && str_ends_with($frame['class'] ?? '', 'Validator')) {
                $where = ' in ' . self::short($frame['class']);
                break;
            }
        }
        return [
            'accepted' => false,
            'constraint' => 'throws ' . self::short(\get_class($e)) . $where,
            'path' => '',
            'message' => self::oneLine($e->getMessage()),
            'definitionError' => $definitionError,
        ];
    }

    /**
     * Drupal 11 refuses a constraint option form whatever the value: its
     * ConstraintManager::create() wraps a bare option as ['value' => $x], and
     * ConstraintFactory::createInstance() spreads it as named arguments into
     * a Symfony 7.4 constraint with #[HasNamedArguments] whose constructor
     * has no $value parameter (Regex): an \Error "Unknown named parameter
     * $value" when the constraint is built. (Drupal 10.6 with Symfony 6.4
     * passes the array as options: the bare forms work there.)
     */
    private static function optionFormRefused(\Throwable $e): bool
    {
        if ($e instanceof \Error && str_starts_with($e->getMessage(), 'Unknown named parameter')) {
            return self::thrownIn($e, 'ConstraintFactory', 'createInstance');
        }
        // Drupal 11's Optional and Required (Symfony's Collection field
        // markers, plugins since 11.x) have no validator of their own: as the
        // constraint of a value, ConstraintValidatorFactory cannot find
        // "...\RequiredConstraintValidator" for any value.
        if ($e instanceof \InvalidArgumentException && preg_match('/^Class "[^"]+ConstraintValidator" does not exist\.$/', $e->getMessage()) === 1) {
            return self::thrownIn($e, 'ConstraintValidatorFactory', 'getInstance');
        }
        return false;
    }

    private static function thrownIn(\Throwable $e, string $class, string $function): bool
    {
        foreach ($e->getTrace() as $frame) {
            if (($frame['function'] ?? '') === $function && str_ends_with($frame['class'] ?? '', $class)) {
                return true;
            }
        }
        return false;
    }

    public static function short(string $class): string
    {
        $short = substr($class, (int) strrpos('\\' . $class, '\\'));
        return $short;
    }

    private static function oneLine(string $s): string
    {
        $s = preg_replace('/\s+/', ' ', $s) ?? $s;
        return \strlen($s) > 160 ? substr($s, 0, 157) . '...' : $s;
    }
}
