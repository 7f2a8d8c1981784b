<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

use Drupal\tool\TypedData\InputDefinition;

/** An input definition that throws when its label is read (ModuleContainerTest). */
final class ThrowingInputDefinition extends InputDefinition
{
    public function getLabel()
    {
        throw new \LogicException('this input definition throws on purpose');
    }
}
