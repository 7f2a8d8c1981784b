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
 * say the definition itself is not valid in Drupal 10.6 (an unknown
 * constraint plugin, missing or wrong constraint options): such a definition
 * is reported apart and its pairs are left out.
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
        $definitionError = false;
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
