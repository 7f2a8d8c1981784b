<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Entity;

use Drupal\Core\Plugin\Context\ContextDefinitionInterface;

/**
 * Turns the advertised form of an entity input into the entity.
 *
 * Service: tool_schema.entity_input_resolver. The schema tool_schema serves
 * for an entity input asks for a string: for a fixed entity type
 * (`entity:T`, `entity:T:B`) the entity's ID ("5"; an integer is taken too),
 * for plain `entity` "TYPE:ID" or "TYPE:ID:LANGCODE" (that translation).
 * Inputs that take several entities (multiple, or a list of entity items)
 * take a list of those. The entity is loaded with the entity type's storage
 * and must be viewable by the current user: an entity that does not exist
 * and one the user may not view get the same refusal.
 *
 * The AI connector's artifact tokens (`{{entity:TYPE:ID:LANGCODE}}`, which
 * the connector converts before a tool sees them, so one that arrives here
 * came from another client) are read as the handle inside; an unsaved
 * entity's token names nothing here. Left as they are (not converted
 * twice): an entity object, NULL, and any value of a non-entity input. The bundle (`entity:T:B`) is not checked here: Drupal's
 * validation of the input does that afterwards.
 */
interface EntityInputResolverInterface {

  /**
   * Does the definition take entities (`entity`, `entity:T[:B]`, or a list
   * of them)?
   */
  public function isEntityInput(ContextDefinitionInterface $definition): bool;

  /**
   * The entity (or list of entities) a value names.
   *
   * @return mixed
   *   The entity, a list with each item resolved, or $value itself when
   *   there is nothing to resolve (see the interface).
   *
   * @throws \Drupal\tool_schema\Entity\EntityInputException
   *   When the value names no entity the current user can view, an unknown
   *   entity type or a missing translation, or is no entity handle at all
   *   (a boolean, a map). Its path is relative to the input ("[2]" for the
   *   third item of a list; "" for the input itself).
   */
  public function resolve(ContextDefinitionInterface $definition, mixed $value): mixed;

}
