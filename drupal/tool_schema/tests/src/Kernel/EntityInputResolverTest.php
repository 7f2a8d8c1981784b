<?php

declare(strict_types=1);

namespace Drupal\Tests\tool_schema\Kernel;

use Drupal\Core\Plugin\Context\ContextDefinition;
use Drupal\KernelTests\KernelTestBase;
use Drupal\Tests\user\Traits\UserCreationTrait;
use Drupal\tool\TypedData\EntityInputDefinition;
use Drupal\tool\TypedData\InputDefinition;
use Drupal\tool_schema\Entity\EntityInputException;
use Drupal\tool_schema\Entity\EntityInputResolverInterface;
use Drupal\user\UserInterface;
use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\Attributes\RunTestsInSeparateProcesses;

/**
 * tool_schema.entity_input_resolver on real users (SQLite storage, core's
 * user access control handler): what an entity input's advertised form
 * names becomes the entity, for the current user; a missing entity and one
 * the user may not view (or of an entity type the site lacks) get the same
 * refusal; entity objects pass unchanged, artifact tokens are their handle. And the Tool
 * module's input path (InputCoercer::coerceValue()): the entity, or the
 * value as sent for Drupal to refuse.
 *
 * @group tool_schema
 * @runTestsInSeparateProcesses
 */
#[Group('tool_schema')]
#[RunTestsInSeparateProcesses]
final class EntityInputResolverTest extends KernelTestBase {

  use UserCreationTrait;

  /**
   * {@inheritdoc}
   */
  protected static $modules = ['system', 'user', 'tool', 'tool_schema'];

  private EntityInputResolverInterface $resolver;

  private UserInterface $active;

  private UserInterface $blocked;

  protected function setUp(): void {
    parent::setUp();
    $this->installEntitySchema('user');
    // uid 1 first: the viewer below is no super user.
    $this->createUser([], 'admin', TRUE);
    $this->active = $this->createUser([], 'active');
    $this->blocked = $this->createUser([], 'blocked');
    $this->blocked->block()->save();
    $this->setUpCurrentUser([], ['access user profiles']);
    $this->resolver = $this->container->get('tool_schema.entity_input_resolver');
  }

  private function refusal(ContextDefinition $definition, mixed $value): string {
    try {
      $this->resolver->resolve($definition, $value);
    }
    catch (EntityInputException $e) {
      return $e->describe('input');
    }
    $this->fail('no refusal for ' . var_export($value, TRUE));
  }

  public function testFixedTypeTakesTheId(): void {
    $definition = new EntityInputDefinition('entity:user', 'User', 'The user.');
    $id = (string) $this->active->id();
    foreach ([$id, (int) $id, "user:$id"] as $value) {
      $entity = $this->resolver->resolve($definition, $value);
      $this->assertInstanceOf(UserInterface::class, $entity);
      $this->assertSame($id, (string) $entity->id());
    }
    $this->assertTrue($this->resolver->isEntityInput($definition));
    $this->assertFalse($this->resolver->isEntityInput(new InputDefinition('string', 'S', '')));
  }

  public function testPlainEntityTakesTypeAndId(): void {
    $definition = new InputDefinition('entity', 'Entity', 'Any entity.');
    $id = $this->active->id();
    $this->assertSame((string) $id, (string) $this->resolver->resolve($definition, "user:$id")->id());
    $this->assertSame('en', $this->resolver->resolve($definition, "user:$id:en")->language()->getId());
    $this->assertSame((string) $id, (string) $this->resolver->resolve($definition, "user:$id:und")->id());
    $this->assertSame("input: the \"user\" entity with ID \"$id\" has no \"fr\" translation", $this->refusal($definition, "user:$id:fr"));
    // An entity type the site does not have names nothing: the same words.
    $this->assertSame("input: no \"users\" entity with ID \"$id\" that you can view", $this->refusal($definition, "users:$id"));
    $this->assertSame('input: expected "TYPE:ID" or "TYPE:ID:LANGCODE"', $this->refusal($definition, (string) $id));
  }

  /**
   * The same words for a user that does not exist, the anonymous user (whose
   * profile nobody views) and a blocked user (only administrators view it):
   * the refusal does not tell them apart.
   */
  public function testMissingAndNotViewableGetTheSameRefusal(): void {
    $definition = new EntityInputDefinition('entity:user', 'User', '');
    $template = static fn (string $id): string => "input: no \"user\" entity with ID \"$id\" that you can view";
    $this->assertSame($template('999'), $this->refusal($definition, '999'));
    $this->assertSame($template('0'), $this->refusal($definition, '0'));
    $blocked = (string) $this->blocked->id();
    $this->assertSame($template($blocked), $this->refusal($definition, $blocked));
    $this->assertSame($template($blocked), $this->refusal(new InputDefinition('entity', 'E', ''), "user:$blocked"));
    // An administrator views the blocked user.
    $this->setUpCurrentUser([], ['administer users']);
    $resolver = $this->container->get('tool_schema.entity_input_resolver');
    $this->assertSame($blocked, (string) $resolver->resolve($definition, $blocked)->id());
  }

  public function testListsResolveEachItem(): void {
    $definition = new InputDefinition('entity', 'Entities', '', FALSE, TRUE);
    $id = $this->active->id();
    $list = $this->resolver->resolve($definition, ["user:$id", "user:$id"]);
    $this->assertCount(2, $list);
    $this->assertContainsOnlyInstancesOf(UserInterface::class, $list);
    $this->assertSame('input[1]: no "user" entity with ID "999" that you can view', $this->refusal($definition, ["user:$id", 'user:999']));
  }

  public function testWhatIsNotAHandleStays(): void {
    $definition = new InputDefinition('entity', 'Entity', '');
    $this->assertSame($this->active, $this->resolver->resolve($definition, $this->active));
    $this->assertNull($this->resolver->resolve($definition, NULL));
    $this->assertSame('user:999', $this->resolver->resolve(new InputDefinition('string', 'S', ''), 'user:999'), 'not an entity input');
  }

  /**
   * The AI connector's artifact tokens reach this resolver only from another
   * client (the connector converts them first): read as the handle inside;
   * an unsaved entity's token, or one of another type, names nothing.
   */
  public function testArtifactTokensAreTheirHandle(): void {
    $id = (string) $this->active->id();
    $plain = new InputDefinition('entity', 'Entity', '');
    $fixed = new EntityInputDefinition('entity:user', 'User', '');
    $this->assertSame($id, (string) $this->resolver->resolve($plain, "{{entity:user:$id:en}}")->id());
    $this->assertSame($id, (string) $this->resolver->resolve($fixed, "{{entity:user:$id}}")->id());
    $this->assertSame('input: no existing entity named {{entity:node:new:abc123:en}} that you can view', $this->refusal($plain, '{{entity:node:new:abc123:en}}'));
    $this->assertSame('input: no "user" entity named {{entity:node:1}} that you can view', $this->refusal($fixed, '{{entity:node:1}}'));
    $this->assertSame('input: no "user" entity with ID "999" that you can view', $this->refusal($plain, '{{entity:user:999}}'));
  }

  /** The Tool module's input path: the entity, or the value as sent for Drupal to refuse. */
  public function testCoerceValueLoadsTheEntityOrLeavesTheValue(): void {
    $coercer = $this->container->get('tool_schema.input_coercer');
    $definition = new EntityInputDefinition('entity:user', 'User', '');
    $this->assertInstanceOf(UserInterface::class, $coercer->coerceValue($definition, (string) $this->active->id()));
    $this->assertSame('999', $coercer->coerceValue($definition, '999'));
    $this->assertSame((string) $this->blocked->id(), $coercer->coerceValue($definition, (string) $this->blocked->id()));
    // coerce() (before an integration validates against the schema) leaves handles as sent.
    $this->assertSame(['user' => (string) $this->active->id()], $coercer->coerce(['user' => $definition], ['user' => (string) $this->active->id()]));
  }

}
