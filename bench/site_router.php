<?php
// Router of the site benchmark's servers (bench/site.sh), in front of the
// site's own .ht.router.php (php -S runs no auto_prepend_file before a router
// script): after each request to the MCP endpoint, appends one JSON line to
// the file named by TOOL_SCHEMA_BENCH_LOG: the JSON-RPC method, PHP's peak
// memory and the wall time of the request inside PHP.
declare(strict_types=1);

if (($log = getenv('TOOL_SCHEMA_BENCH_LOG')) && str_starts_with($_SERVER['REQUEST_URI'] ?? '', '/_mcp_tools')) {
    $t0 = hrtime(true);
    $body = file_get_contents('php://input');
    $method = is_string($body) ? (json_decode($body, true)['method'] ?? '') : '';
    register_shutdown_function(static function () use ($log, $t0, $method): void {
        file_put_contents($log, json_encode([
            'method' => $method,
            'peak' => memory_get_peak_usage(),
            'ms' => (hrtime(true) - $t0) / 1e6,
        ]) . "\n", FILE_APPEND | LOCK_EX);
    });
}
return require getcwd() . '/.ht.router.php';
