<?php

declare(strict_types=1);

namespace Drupal\Tests\tool_schema\Unit;

use Drupal\Tests\UnitTestCase;
use Drupal\tool_schema\Tokens\O200kTokenizer;

/**
 * The PHP o200k encoder against gpt-tokenizer (bench/tokens.sh's counter):
 * tests/fixtures/o200k.json holds texts (tool schemas as models receive
 * them, and texts for the pre-tokenizer) with gpt-tokenizer's token ids
 * (bench/o200k-fixture.mjs). Needs the ranks: TOOL_SCHEMA_O200K_RANKS names
 * o200k_base.tiktoken (scripts/o200k-ranks.sh writes it;
 * scripts/test.d/72-module-tests.sh sets it); without it the comparison is
 * skipped. A file that is not o200k_base.tiktoken is refused either way.
 *
 * @group tool_schema
 * @coversDefaultClass \Drupal\tool_schema\Tokens\O200kTokenizer
 */
final class O200kTokenizerTest extends UnitTestCase {

  /**
   * @covers ::fromFile
   * @covers ::encode
   * @covers ::count
   */
  public function testSameTokensAsGptTokenizer(): void {
    $ranks = getenv('TOOL_SCHEMA_O200K_RANKS') ?: '';
    if ($ranks === '' || !is_file($ranks)) {
      $this->markTestSkipped('TOOL_SCHEMA_O200K_RANKS does not name o200k_base.tiktoken (scripts/o200k-ranks.sh writes it)');
    }
    $tokenizer = O200kTokenizer::fromFile($ranks);
    $this->assertSame(O200kTokenizer::RANKS, $tokenizer->size());
    $fixture = json_decode((string) file_get_contents(__DIR__ . '/../../fixtures/o200k.json'), TRUE, 512, JSON_THROW_ON_ERROR);
    $this->assertGreaterThanOrEqual(10, \count($fixture['cases']));
    foreach ($fixture['cases'] as $i => $case) {
      $this->assertSame($case['tokens'], $tokenizer->encode($case['text']), "case $i: " . mb_substr($case['text'], 0, 60));
      $this->assertSame(\count($case['tokens']), $tokenizer->count($case['text']));
    }
  }

  /**
   * @covers ::fromFile
   */
  public function testRefusesAnotherFile(): void {
    $file = tempnam(sys_get_temp_dir(), 'o200k');
    file_put_contents($file, "IQ== 0\nIg== 1\n");
    try {
      O200kTokenizer::fromFile($file);
      $this->fail('a file that is not o200k_base.tiktoken is refused');
    }
    catch (\RuntimeException $e) {
      $this->assertStringContainsString('is not o200k_base.tiktoken', $e->getMessage());
    }
    finally {
      unlink($file);
    }
    $this->expectException(\RuntimeException::class);
    O200kTokenizer::fromFile('/nonexistent/o200k_base.tiktoken');
  }

}
