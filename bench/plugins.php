<?php

declare(strict_types=1);

// A tool list for bench/tokens.sh --list=bench/plugins.php: the Tool plugins
// of a local checkout of a third-party module (code-wheel's mcp_tools, say),
// read from their #[Tool(...)] attributes without loading the plugin classes
// (their base classes and services are not on the tests/drupal site). Nothing
// of the checkout is part of this repository: its path comes from the
// environment.
//
//   TOOL_SCHEMA_BENCH_PLUGINS=/path/to/mcp-tools bench/tokens.sh --list=bench/plugins.php
//
// Each file under the path holding `#[Tool(` is tokenized; its namespace, its
// `use` imports and the attribute's arguments are evaluated as
// `new Tool(...)` in that namespace, and the attribute's input_definitions
// (the Tool module's InputDefinition objects, built as the plugin declares
// them) are the tool's inputs. A file whose attribute cannot be built this way
// is named on stderr and left out. TOOL_SCHEMA_BENCH_PLUGINS_NAME names the
// list (default: the checkout's folder name).

use ToolSchema\Tests\Drupal\Site;

return static function (Site $site): array {
    $root = getenv('TOOL_SCHEMA_BENCH_PLUGINS');
    if (!is_string($root) || $root === '' || !is_dir($root)) {
        fwrite(STDERR, "bench/plugins.php: set TOOL_SCHEMA_BENCH_PLUGINS to a checkout's directory\n");
        exit(2);
    }
    $files = [];
    $it = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($root, FilesystemIterator::SKIP_DOTS));
    foreach ($it as $f) {
        if ($f->isFile() && str_ends_with($f->getFilename(), '.php') && !str_contains($f->getPathname(), '/tests/')) {
            $files[] = $f->getPathname();
        }
    }
    sort($files);
    $tools = [];
    $skipped = 0;
    foreach ($files as $file) {
        $code = (string) file_get_contents($file);
        if (!str_contains($code, '#[Tool(')) {
            continue;
        }
        $ns = '';
        $uses = [];
        $args = null;
        $tokens = PhpToken::tokenize($code);
        $n = count($tokens);
        for ($i = 0; $i < $n; $i++) {
            $t = $tokens[$i];
            if ($t->is(T_NAMESPACE)) {
                $ns = '';
                for ($i++; $i < $n && $tokens[$i]->text !== ';'; $i++) {
                    $ns .= trim($tokens[$i]->text);
                }
            } elseif ($t->is(T_USE) && $args === null) {
                $u = '';
                for ($i++; $i < $n && $tokens[$i]->text !== ';'; $i++) {
                    $u .= $tokens[$i]->text;
                }
                $uses[] = 'use ' . trim($u) . ';';
            } elseif ($t->is(T_ATTRIBUTE) && ($tokens[$i + 1]->text ?? '') === 'Tool' && ($tokens[$i + 2]->text ?? '') === '(') {
                // The attribute's arguments: up to the parenthesis closing it.
                $depth = 0;
                $args = '';
                for ($i += 2; $i < $n; $i++) {
                    $s = $tokens[$i]->text;
                    $depth += match ($s) { '(', '[', '{' => 1, ')', ']', '}' => -1, default => 0 };
                    $args .= $s;
                    if ($depth === 0) {
                        break;
                    }
                }
                break;
            }
        }
        if ($args === null) {
            continue;
        }
        try {
            $tool = eval(($ns !== '' ? "namespace $ns;\n" : '') . implode("\n", $uses) . "\nreturn new Tool$args;");
        } catch (\Throwable $e) {
            fwrite(STDERR, "bench/plugins.php: $file left out: " . $e->getMessage() . "\n");
            $skipped++;
            continue;
        }
        $tools[$tool->id] = $tool->input_definitions ?? [];
    }
    if ($skipped > 0) {
        fwrite(STDERR, "bench/plugins.php: $skipped plugin(s) left out\n");
    }
    $name = getenv('TOOL_SCHEMA_BENCH_PLUGINS_NAME');
    return ['name' => is_string($name) && $name !== '' ? $name : basename(realpath($root) ?: $root), 'tools' => $tools];
};
