<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

use Drupal\tool_schema\DependencyInjection\OverrideCheck;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

/**
 * OverrideCheck on a fixture source file (fixtures/override_check/
 * children.php) that declares a class whose overrides are all within
 * OverrideCheckBase's return types and one whose overrides are each beyond
 * them (that one is a fatal error when loaded): read, never included.
 */
final class OverrideCheckTest extends TestCase
{
    private const FILE = __DIR__ . '/../fixtures/override_check/children.php';

    private const NS = 'ToolSchema\Tests\Drupal\Fixture';

    public function testACompatibleClassHasNoIncompatibility(): void
    {
        self::assertSame([], (new OverrideCheck(self::NS))->incompatibilities(self::NS . '\Compatible', self::FILE));
        self::assertNotContains(realpath(self::FILE), get_included_files(), 'read, not included');
        self::assertFalse(class_exists(self::NS . '\Compatible', false));
    }

    /**
     * @return iterable<string, array{string, string}>
     */
    public static function incompatibleMethods(): iterable
    {
        $base = OverrideCheckBase::class;
        yield 'a member beyond the union' => ['items', "items() returns array|string, which is not within $base::items()'s iterable (string)"];
        yield 'no return type' => ['one', "one() declares no return type, $base::one() returns ?object"];
        yield 'null beyond bool' => ['flag', "flag() returns null|bool, which is not within $base::flag()'s bool (null)"];
        yield 'void is not within mixed' => ['anything', "anything() returns void, which is not within $base::anything()'s mixed (void)"];
        yield 'a value where the parent returns void' => ['nothing', "nothing() returns null|int, which is not within $base::nothing()'s void (null, int)"];
        yield 'an interface that is not a subtype' => ['traversable', "traversable() returns Symfony\Component\Serializer\SerializerInterface, which is not within $base::traversable()'s ?Traversable (Symfony\Component\Serializer\SerializerInterface)"];
        yield 'Drupal 11.4: wider than array' => ['normalize', "normalize() returns array|string|int|float|bool|ArrayObject|null, which is not within $base::normalize()'s array (string, int, float, bool, ArrayObject, null)"];
        yield 'an intersection type, not understood: counted as incompatible' => ['countable', 'countable(): an intersection or DNF return type is not understood'];
    }

    /**
     * @dataProvider incompatibleMethods
     */
    #[DataProvider('incompatibleMethods')]
    public function testEachIncompatibleOverrideIsNamed(string $method, string $reason): void
    {
        $reasons = (new OverrideCheck(self::NS))->incompatibilities(self::NS . '\Incompatible', self::FILE);
        $theirs = array_values(array_filter($reasons, static fn (string $r): bool => str_starts_with($r, self::NS . "\\Incompatible::$method()")));
        self::assertSame([self::NS . "\\Incompatible::$reason"], $theirs);
        self::assertCount(\count(iterator_to_array(self::incompatibleMethods())), $reasons, 'one reason per override, none for the rest');
        self::assertFalse(class_exists(self::NS . '\Incompatible', false));
    }

    public function testWhatCannotBeReadIsNotLoadable(): void
    {
        $check = new OverrideCheck(self::NS);
        self::assertSame([self::NS . '\Missing: not declared in ' . self::FILE], $check->incompatibilities(self::NS . '\Missing', self::FILE));
        self::assertSame(['Foo\Bar: its source file /nonexistent/Bar.php cannot be read'], $check->incompatibilities('Foo\Bar', '/nonexistent/Bar.php'));
        // A parent under the namespace that must not be loaded cannot be reflected.
        $own = new OverrideCheck('ToolSchema\Tests\Drupal');
        self::assertSame([self::NS . '\Compatible: its parent ' . OverrideCheckBase::class . ' cannot be reflected without loading it'], $own->incompatibilities(self::NS . '\Compatible', self::FILE));
    }
}
