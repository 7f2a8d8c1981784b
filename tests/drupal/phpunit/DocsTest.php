<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

use PHPUnit\Framework\TestCase;

/** docs/drupal.md's generated sections are what the real classes give today. */
final class DocsTest extends TestCase
{
    public function testGeneratedSectionsAreUpToDate(): void
    {
        $file = \dirname(__DIR__, 3) . '/docs/drupal.md';
        $document = file_get_contents($file);
        self::assertSame($document, (new DocGenerator(Site::boot()))->apply($document), 'run php tests/drupal/generate_docs.php');
    }
}
