<?php

declare(strict_types=1);

/*
 * Writes the generated sections of docs/drupal.md from the real classes
 * (src/DocGenerator.php): each Tool plugin's input schema as the Tool module
 * emits it next to tool_schema's, and the table of data types.
 *
 * Usage: php tests/drupal/generate_docs.php           rewrite docs/drupal.md
 *        php tests/drupal/generate_docs.php --check   exit 1 when it is not up to date
 * Run it again after a change to the schema rules (the check runs in
 * scripts/test.d/70-drupal.sh and tests/drupal/phpunit/DocsTest.php).
 */

namespace ToolSchema\Tests\Drupal;

$site = require __DIR__ . '/bootstrap.php';
$file = \dirname(__DIR__, 2) . '/docs/drupal.md';
$document = file_get_contents($file);
$fresh = (new DocGenerator($site))->apply($document);
if (\in_array('--check', $argv, true)) {
    if ($fresh !== $document) {
        fwrite(STDERR, "docs/drupal.md: the generated sections are out of date: run php tests/drupal/generate_docs.php\n");
        exit(1);
    }
    echo "docs/drupal.md: generated sections up to date\n";
    exit(0);
}
file_put_contents($file, $fresh);
echo "docs/drupal.md: generated sections written\n";
