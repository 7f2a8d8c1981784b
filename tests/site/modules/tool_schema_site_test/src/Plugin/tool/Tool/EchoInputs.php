<?php

declare(strict_types=1);

namespace Drupal\tool_schema_site_test\Plugin\tool\Tool;

use Drupal\Core\Access\AccessResult;
use Drupal\Core\Access\AccessResultInterface;
use Drupal\Core\Entity\EntityInterface;
use Drupal\Core\Session\AccountInterface;
use Drupal\Core\StringTranslation\TranslatableMarkup;
use Drupal\tool\Attribute\Tool;
use Drupal\tool\ExecutableResult;
use Drupal\tool\Tool\ToolBase;
use Drupal\tool\Tool\ToolOperation;
use Drupal\tool\TypedData\EntityInputDefinition;
use Drupal\tool\TypedData\InputDefinition;
use Drupal\tool\TypedData\ListInputDefinition;
use Drupal\tool\TypedData\MapInputDefinition;

/**
 * Returns the values it received, each with its PHP type: the referee of
 * tests/site/conversation.json (what the tool got, not what the model sent).
 *
 * Result data: {"values": {input: TAGGED}}, TAGGED one of {"null": null},
 * {"bool": b}, {"int": n}, {"float": x}, {"string": s},
 * {"array": [TAGGED...] or {key: TAGGED}}, {"entity": "TYPE:ID"} (a loaded
 * entity), {"object": CLASS}; every input is listed, unset ones as the Tool
 * module gives them (their default, else null). Input names are distinctive
 * (snake_case, not English words) so that a refusal naming one is found.
 */
#[Tool(
  id: 'tool_schema_site_test_echo',
  label: new TranslatableMarkup('tool_schema_site_test_echo'),
  description: new TranslatableMarkup('Returns the input values it received, with their types.'),
  operation: ToolOperation::Read,
  input_definitions: [
    'item_count' => new InputDefinition(
      data_type: 'integer',
      label: new TranslatableMarkup('Count'),
      description: new TranslatableMarkup('How many.'),
      constraints: ['Range' => ['min' => 0, 'max' => 1000]],
    ),
    'zoom_ratio' => new InputDefinition(
      data_type: 'float',
      label: new TranslatableMarkup('Ratio'),
      description: new TranslatableMarkup('A ratio.'),
      required: FALSE,
    ),
    'is_enabled' => new InputDefinition(
      data_type: 'boolean',
      label: new TranslatableMarkup('Flag'),
      description: new TranslatableMarkup('On or off.'),
      required: FALSE,
    ),
    'content_kind' => new InputDefinition(
      data_type: 'string',
      label: new TranslatableMarkup('Kind'),
      description: new TranslatableMarkup('The content type.'),
      required: FALSE,
      constraints: ['Choice' => ['choices' => ['article', 'page', 'blog_post']]],
    ),
    'display_options' => new MapInputDefinition(
      label: new TranslatableMarkup('Options'),
      description: new TranslatableMarkup('Display options.'),
      required: FALSE,
      property_definitions: [
        'width_px' => new InputDefinition(
          data_type: 'integer',
          label: new TranslatableMarkup('Width'),
          description: new TranslatableMarkup('In pixels.'),
        ),
        'caption' => new InputDefinition(
          data_type: 'string',
          label: new TranslatableMarkup('Title'),
          description: new TranslatableMarkup('A title.'),
          required: FALSE,
        ),
      ],
    ),
    'extra_settings' => new MapInputDefinition(
      label: new TranslatableMarkup('Settings'),
      description: new TranslatableMarkup('Free-form settings.'),
      required: FALSE,
    ),
    'node_ids' => new ListInputDefinition(
      label: new TranslatableMarkup('IDs'),
      description: new TranslatableMarkup('Numeric IDs.'),
      required: FALSE,
      item_definition: new InputDefinition(
        data_type: 'integer',
        label: new TranslatableMarkup('ID'),
        description: new TranslatableMarkup('An ID.'),
      ),
    ),
    'free_tags' => new ListInputDefinition(
      label: new TranslatableMarkup('Tags'),
      description: new TranslatableMarkup('Any values.'),
      required: FALSE,
    ),
    'owner_account' => new EntityInputDefinition(
      data_type: 'entity:user',
      label: new TranslatableMarkup('Account'),
      description: new TranslatableMarkup('A user.'),
      required: FALSE,
    ),
    'target_entity' => new InputDefinition(
      data_type: 'entity',
      label: new TranslatableMarkup('Target'),
      description: new TranslatableMarkup('Any entity.'),
      required: FALSE,
    ),
    'publish_at' => new InputDefinition(
      data_type: 'datetime_iso8601',
      label: new TranslatableMarkup('When'),
      description: new TranslatableMarkup('A date and time.'),
      required: FALSE,
    ),
  ],
)]
final class EchoInputs extends ToolBase {

  /**
   * {@inheritdoc}
   */
  protected function doExecute(array $values): ExecutableResult {
    return ExecutableResult::success(new TranslatableMarkup('Echoed the input values.'), [
      'values' => array_map([self::class, 'tag'], $values),
    ]);
  }

  /**
   * A value with its PHP type, for JSON (which has no int/float distinction).
   */
  private static function tag(mixed $v): array {
    return match (TRUE) {
      $v === NULL => ['null' => NULL],
      is_bool($v) => ['bool' => $v],
      is_int($v) => ['int' => $v],
      is_float($v) => ['float' => $v],
      is_string($v) => ['string' => $v],
      is_array($v) => ['array' => array_map([self::class, 'tag'], $v)],
      $v instanceof EntityInterface => ['entity' => $v->getEntityTypeId() . ':' . $v->id()],
      default => ['object' => get_class($v)],
    };
  }

  /**
   * {@inheritdoc}
   */
  protected function checkAccess(array $values, AccountInterface $account, bool $return_as_object = FALSE): bool|AccessResultInterface {
    $access = AccessResult::allowed();
    return $return_as_object ? $access : $access->isAllowed();
  }

}
