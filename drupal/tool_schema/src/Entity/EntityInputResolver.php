<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Entity;

use Drupal\Core\Entity\EntityInterface;
use Drupal\Core\Entity\EntityTypeManagerInterface;
use Drupal\Core\Entity\TranslatableInterface;
use Drupal\Core\Plugin\Context\ContextDefinitionInterface;
use Drupal\Core\Session\AccountInterface;
use Drupal\Core\TypedData\ListDataDefinitionInterface;

/**
 * Loads the entity an entity input's value names (EntityInputResolverInterface):
 * the entity type's storage, then `$entity->access('view', $user)` for the
 * current user.
 */
final class EntityInputResolver implements EntityInputResolverInterface {

  /**
   * The AI connector's artifact tokens, `{{entity:TYPE:ID:LANGCODE}}` (or
   * `{{entity:TYPE:new:HASH:LANGCODE}}` for an unsaved entity kept in its
   * session). The connector converts them before the tool sees them, so one
   * that reaches this resolver came another way (an MCP client): it is read
   * as the handle inside, and an unsaved entity's names nothing here.
   */
  private const ARTIFACT = '/^\{\{entity:([^{}]*)\}\}$/';

  /** Language codes that name no particular translation. */
  private const NO_LANGUAGE = ['und', 'zxx'];

  public function __construct(
    private readonly EntityTypeManagerInterface $entityTypeManager,
    private readonly AccountInterface $currentUser,
  ) {
  }

  /**
   * {@inheritdoc}
   */
  public function isEntityInput(ContextDefinitionInterface $definition): bool {
    return self::entityType($definition) !== NULL;
  }

  /**
   * {@inheritdoc}
   */
  public function resolve(ContextDefinitionInterface $definition, mixed $value): mixed {
    $type = self::entityType($definition);
    if ($type === NULL || $value === NULL) {
      return $value;
    }
    [$fixed, $multiple] = $type;
    if ($multiple) {
      if (!\is_array($value)) {
        // One item where a list is asked for: Drupal decides.
        return $this->one($fixed, $value, '');
      }
      foreach ($value as $key => $item) {
        $value[$key] = $this->one($fixed, $item, '[' . $key . ']');
      }
      return $value;
    }
    return $this->one($fixed, $value, '');
  }

  /**
   * One entity handle: the entity, or the value left as it is.
   *
   * @param string|null $fixed the entity type the definition fixes, NULL for plain `entity`
   */
  private function one(?string $fixed, mixed $value, string $path): mixed {
    if ($value === NULL || $value instanceof EntityInterface) {
      return $value;
    }
    $langcode = NULL;
    if (\is_string($value) && preg_match(self::ARTIFACT, $value, $m) === 1) {
      // Every form the schema advertises names an entity or nothing: a
      // token that is no "TYPE:ID[:LANGCODE]" (an unsaved entity's, one of
      // another type) names nothing.
      $parts = explode(':', $m[1]);
      if (\count($parts) < 2 || \count($parts) > 3 || \in_array('', $parts, TRUE) || ($fixed !== NULL && $parts[0] !== $fixed)) {
        throw new EntityInputException(sprintf('no %s entity named %s that you can view', $fixed === NULL ? 'existing' : '"' . $fixed . '"', $value), $path);
      }
      [$typeId, $id] = $parts;
      $langcode = $parts[2] ?? NULL;
    }
    elseif ($fixed !== NULL) {
      if (\is_int($value)) {
        $value = (string) $value;
      }
      if (!\is_string($value) || $value === '') {
        throw new EntityInputException(sprintf('expected the ID of a "%s" entity', $fixed), $path);
      }
      [$typeId, $id] = [$fixed, $value];
      // "T:ID" or "T:ID:LANGCODE" (the form of plain `entity`, which the
      // AI module's converter reads too) for T, unless that is an ID of T.
      $parts = explode(':', $value);
      if (\count($parts) > 1 && \count($parts) <= 3 && $parts[0] === $fixed && !\in_array('', $parts, TRUE) && $this->entityTypeManager->hasDefinition($fixed) && $this->entityTypeManager->getStorage($fixed)->load($value) === NULL) {
        $id = $parts[1];
        $langcode = $parts[2] ?? NULL;
      }
    }
    else {
      $parts = \is_string($value) ? explode(':', $value) : [];
      if (\count($parts) < 2 || \count($parts) > 3 || \in_array('', $parts, TRUE)) {
        throw new EntityInputException('expected "TYPE:ID" or "TYPE:ID:LANGCODE"', $path);
      }
      [$typeId, $id] = $parts;
      $langcode = $parts[2] ?? NULL;
    }
    // A missing entity, one the user may not view, one of an entity type
    // the site does not have: the same answer.
    $refusal = sprintf('no "%s" entity with ID "%s" that you can view', $typeId, $id);
    if (!$this->entityTypeManager->hasDefinition($typeId)) {
      throw new EntityInputException($refusal, $path);
    }
    $entity = $this->entityTypeManager->getStorage($typeId)->load($id);
    if (!$entity instanceof EntityInterface || !$entity->access('view', $this->currentUser)) {
      throw new EntityInputException($refusal, $path);
    }
    if ($langcode !== NULL && !\in_array($langcode, self::NO_LANGUAGE, TRUE)) {
      if (!$entity instanceof TranslatableInterface || !$entity->hasTranslation($langcode)) {
        throw new EntityInputException(sprintf('the "%s" entity with ID "%s" has no "%s" translation', $typeId, $id, $langcode), $path);
      }
      $entity = $entity->getTranslation($langcode);
      if (!$entity->access('view', $this->currentUser)) {
        throw new EntityInputException(sprintf('the "%s" entity with ID "%s" has no "%s" translation that you can view', $typeId, $id, $langcode), $path);
      }
    }
    return $entity;
  }

  /**
   * The entity type a definition fixes (NULL for plain `entity`) and whether
   * it takes a list; NULL for a definition that takes no entity.
   *
   * @return array{?string, bool}|null
   */
  private static function entityType(ContextDefinitionInterface $definition): ?array {
    $multiple = $definition->isMultiple();
    $dataType = $definition->getDataType();
    if ($dataType === 'list') {
      try {
        $data = $definition->getDataDefinition();
      }
      catch (\Throwable) {
        // A definition Drupal cannot read: not tool_schema's to resolve.
        return NULL;
      }
      $item = $data instanceof ListDataDefinitionInterface ? $data->getItemDefinition() : NULL;
      $dataType = $item?->getDataType() ?? '';
      $multiple = TRUE;
    }
    if ($dataType === 'entity') {
      return [NULL, $multiple];
    }
    if (str_starts_with($dataType, 'entity:')) {
      $type = explode(':', $dataType)[1];
      return $type === '' ? [NULL, $multiple] : [$type, $multiple];
    }
    return NULL;
  }

}
