<?php

declare(strict_types=1);

namespace Drupal\Tests\tool_schema\Unit;

use Drupal\Tests\UnitTestCase;
use Drupal\tool_schema\Schema\NullableStyle;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\Attributes\Group;

/**
 * The nullable style follows the core version: core's own JSON Schema
 * normalizers (oneOf with null) ship in 11.2.0.
 *
 * Metadata twice: the annotations for PHPUnit 9.6 (Drupal 10.6), the
 * attributes for PHPUnit 10 and later (Drupal 11), which reads only these.
 *
 * @covers \Drupal\tool_schema\Schema\NullableStyle
 * @group tool_schema
 */
#[CoversClass(NullableStyle::class)]
#[Group('tool_schema')]
final class NullableStyleTest extends UnitTestCase {

  /**
   * @dataProvider versions
   */
  #[DataProvider('versions')]
  public function testForCoreVersion(string $version, string $style): void {
    $this->assertSame($style, NullableStyle::forCoreVersion($version));
  }

  /**
   * @return array<string, array{string, string}>
   */
  public static function versions(): array {
    return [
      '10.6' => ['10.6.15', NullableStyle::TYPE_ARRAY],
      '11.1' => ['11.1.9', NullableStyle::TYPE_ARRAY],
      '11.2.0 is the first with core normalizers' => ['11.2.0', NullableStyle::ONE_OF],
      '11.2-dev' => ['11.2-dev', NullableStyle::ONE_OF],
      '11.x-dev' => ['11.x-dev', NullableStyle::ONE_OF],
      'a later major' => ['12.0.0', NullableStyle::ONE_OF],
    ];
  }

  public function testNotAVersion(): void {
    $this->expectException(\InvalidArgumentException::class);
    NullableStyle::forCoreVersion('latest');
  }

}
