<?php
// The site's MCP server on stdin/stdout, as mcp_tools_stdio's Drush command
// `mcp-tools:serve` builds it (Drush does not run on this site): the server
// profile of mcp_tools_remote.settings:server_id, mcp_tools'
// McpToolsServerFactory and mcp/sdk's StdioTransport, run as uid 1. With the
// patch of drupal/tool_schema/patches/, the schema converter, the argument
// normalizer and the input validator are the container's (what tool_schema
// decorates).
// Usage (from web/): php stdio.php
declare(strict_types=1);

use Drupal\mcp_tools\Mcp\McpToolsServerFactory;
use Drupal\mcp_tools\Mcp\ToolApiSchemaConverter;
use Mcp\Server\Transport\StdioTransport;

require __DIR__ . '/boot.php';
$c = \Drupal::getContainer();
$repo = $c->get('mcp_tools.server_config_repository');
$server_id = (string) \Drupal::config('mcp_tools_remote.settings')->get('server_id');
$profile = $repo->getServer($server_id);
if (!$profile || !$repo->allowsTransport($profile, 'stdio')) {
    fwrite(STDERR, "stdio.php: no server profile '$server_id' allowing STDIO\n");
    exit(1);
}
$c->get('account_switcher')->switchTo($c->get('entity_type.manager')->getStorage('user')->load(1));
if (!empty($profile['scopes'])) {
    $c->get('mcp_tools.access_manager')->setScopes((array) $profile['scopes']);
}
$patched = $c->has('mcp_tools.schema_converter');
$args = [
    $c->get('plugin.manager.tool'),
    $patched ? $c->get('mcp_tools.schema_converter') : new ToolApiSchemaConverter(),
    $c->get('logger.channel.mcp_tools'),
    $c->get('event_dispatcher'),
    $c->get('mcp_tools.resource_registry'),
    $c->get('mcp_tools.prompt_registry'),
    $c->get('mcp_tools.tool_error_handler'),
];
if ($patched) {
    $args[] = $c->get('mcp_tools.argument_normalizer');
    if ($c->has('mcp_tools.input_validator')) {
        $args[] = $c->get('mcp_tools.input_validator');
    }
}
$server = (new McpToolsServerFactory(...$args))->create(
    (string) $profile['name'],
    (string) $profile['version'],
    (int) $profile['pagination_limit'],
    (bool) $profile['include_all_tools'],
    null,
    3600,
    (bool) $profile['gateway_mode'],
    (bool) $profile['enable_resources'],
    (bool) $profile['enable_prompts'],
);
$server->run(new StdioTransport());
