<?php

declare(strict_types=1);

namespace Drupal\Tests\tool_schema\Unit;

use Drupal\Tests\UnitTestCase;
use Drupal\tool_schema\Schema\NullableStyle;

/**
 * The nullable style follows the core version: core's own JSON Schema
 * normalizers (oneOf with null) ship in 11.2.0.
 *
 * @coversDefaultClass \Drupal\tool_schema\Schema\NullableStyle
 * @group tool_schema
 */
final class NullableStyleTest extends UnitTestCase {

  /**
   * @covers ::forCoreVersion
   * @dataProvider versions
   */
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

  /**
   * @covers ::forCoreVersion
   */
  public function testNotAVersion(): void {
    $this->expectException(\InvalidArgumentException::class);
    NullableStyle::forCoreVersion('latest');
  }

}
