<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Drupal\tool_schema\Schema\NullableStyle;

final class NullableStyleTest extends TestCase
{
    /** @return iterable<string, array{string, string}> */
    public static function versionProvider(): iterable
    {
        foreach (['10.0.0', '10.3.6', '10.4.x-dev', '10.5-dev', '10.6.15', '9.5.11', '11.0.0', '11.0.13', '11.0.x-dev', '11.1.0', '11.1.9', '11.1-dev'] as $v) {
            yield $v => [$v, 'type_array'];
        }
        foreach (['11.2.0', '11.2.0-rc1', '11.2-dev', '11.2.3', '11.3.0', '11.x-dev', '12.0.0-alpha1', '12.x-dev'] as $v) {
            yield $v => [$v, 'one_of'];
        }
    }

    /** @dataProvider versionProvider */
    #[DataProvider('versionProvider')]
    public function testStyleForCoreVersion(string $version, string $style): void
    {
        self::assertSame($style, NullableStyle::forCoreVersion($version));
    }

    public function testNotAVersion(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('not a Drupal core version: "dev"');
        NullableStyle::forCoreVersion('dev');
    }

    public function testTheRunningCore(): void
    {
        self::assertSame(\Drupal::VERSION, NullableStyle::runningCoreVersion());
        // Drupal 11.3 and 11.4 (core's JSON Schema normalizers since 11.2): oneOf.
        self::assertSame(Site::boot()->deps->isDrupal11() ? 'one_of' : 'type_array', NullableStyle::forCoreVersion((string) NullableStyle::runningCoreVersion()));
    }
}
