<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Definition;

/**
 * The one exception DefinitionArrayBuilder throws: a definition or constraint
 * that cannot be carried into a definition array (a callback that cannot be
 * called here, an option holding an object, nesting too deep), or anything
 * Drupal throws while the definition is read (a plugin manager, a getter, a
 * constraint callback, the entity type bundle info), \Error included. The
 * message starts with the path of the definition (`properties.sort.constraints.
 * Choice.callback: ...`); what Drupal threw is the previous exception.
 *
 * It is an \InvalidArgumentException, so callers written against the earlier
 * contract keep working.
 */
final class DefinitionException extends \InvalidArgumentException {

}
