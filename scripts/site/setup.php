<?php
// Configures the installed site for MCP (scripts/site.sh runs it after core's
// installer, and on every run: each step is idempotent):
//   - enables the Tool module with its submodules that run on Drupal 10.6,
//     mcp_tools and mcp_tools_remote (module_installer, as Drush would);
//   - a server profile "tool_schema_site" with resources and prompts off
//     (mcp/sdk 0.2 rejects how alpha26 registers them) and every Tool API
//     tool listed, used by the HTTP endpoint (mcp_tools_remote.settings:
//     server_id) and by scripts/site/stdio.php;
//   - the HTTP endpoint on, executing as uid 1 (a local test site only);
//   - a second account, tool_schema_site_user (uid 2 on a fresh site), and
//     user 1's mail a valid address (admin@example.com);
//   - an API key, written to the file given as --key-file (kept when the file
//     already holds a key the site still accepts);
//   - the modules of --also (a comma-separated list) enabled too;
//   - tool_schema enabled when --tool-schema=1 and the module is in the code
//     base, uninstalled when --tool-schema=0.
// Usage (from web/): php setup.php --key-file=PATH [--tool-schema=0|1] [--also=module,...]
declare(strict_types=1);

$opts = getopt('', ['key-file:', 'tool-schema::', 'also::']);
require __DIR__ . '/boot.php';

// A second account (uid 2 on a fresh site: created before any module of
// this script), for the tools that take a user entity: validating user 1,
// the account the MCP endpoint runs as, as an input trips Drupal's
// ProtectedUserField constraint (its own password is not given).
$users = \Drupal::entityTypeManager()->getStorage('user');
if (!$users->loadByProperties(['name' => 'tool_schema_site_user'])) {
    $users->create(['name' => 'tool_schema_site_user', 'mail' => 'site-user@example.com', 'status' => 1])->save();
}

$installer = \Drupal::service('module_installer');
$handler = \Drupal::moduleHandler();
$wanted = ['tool', 'tool_content', 'tool_content_translation', 'tool_entity', 'tool_system', 'tool_user',
           'mcp_tools', 'mcp_tools_remote'];
$also = array_values(array_filter(explode(',', (string) ($opts['also'] ?? ''))));
$wanted = array_merge($wanted, $also);
$missing = array_values(array_filter($wanted, fn ($m) => !$handler->moduleExists($m)));
if ($missing) {
    $installer->install($missing);
    echo 'enabled: ', implode(' ', $missing), "\n";
}

$factory = \Drupal::configFactory();
$servers = $factory->getEditable('mcp_tools_servers.settings');
$profile = [
    'name' => 'tool_schema site',
    'version' => '1.0.0',
    'pagination_limit' => 500,
    'include_all_tools' => true,
    'gateway_mode' => false,
    'enable_resources' => false,
    'enable_prompts' => false,
    'component_public_only' => false,
    'transports' => ['http', 'stdio'],
    'scopes' => ['read', 'write', 'admin'],
];
if (($servers->get('servers.tool_schema_site') ?? null) !== $profile) {
    $servers->set('servers.tool_schema_site', $profile)->save();
}
$remote = $factory->getEditable('mcp_tools_remote.settings');
$want = ['enabled' => true, 'uid' => 1, 'allow_uid1' => true, 'server_id' => 'tool_schema_site',
         'include_all_tools' => true, 'pagination_limit' => 500];
$changed = false;
foreach ($want as $k => $v) {
    if ($remote->get($k) !== $v) {
        $remote->set($k, $v);
        $changed = true;
    }
}
if ($changed) {
    $remote->save();
}
$mcp_settings = $factory->getEditable('mcp_tools.settings');
if ($mcp_settings->get('access.allowed_scopes') !== ['read', 'write', 'admin']) {
    $mcp_settings->set('access.allowed_scopes', ['read', 'write', 'admin'])->save();
}

// The installer's admin@localhost is no address Drupal's own validation
// accepts: every tool taking user 1 as an entity input (user_unblock,
// entity_save) would refuse it, whatever the MCP server does.
$admin = \Drupal::entityTypeManager()->getStorage('user')->load(1);
if ($admin && $admin->getEmail() === 'admin@localhost') {
    $admin->setEmail('admin@example.com')->set('init', 'admin@example.com')->save();
}

if (isset($opts['tool-schema'])) {
    $on = $opts['tool-schema'] === '1';
    $present = isset(\Drupal::service('extension.list.module')->reset()->getList()['tool_schema']);
    if ($on && $present && !$handler->moduleExists('tool_schema')) {
        $installer->install(['tool_schema']);
        echo "enabled: tool_schema\n";
    } elseif (!$on && $handler->moduleExists('tool_schema')) {
        $installer->uninstall(['tool_schema']);
        echo "uninstalled: tool_schema\n";
    } elseif ($on && !$present) {
        echo "tool_schema: not in the code base yet (drupal/tool_schema/), left out\n";
    }
}

$keyFile = $opts['key-file'] ?? '';
if ($keyFile !== '') {
    $keys = \Drupal::service('mcp_tools_remote.api_key_manager');
    $old = is_file($keyFile) ? trim((string) file_get_contents($keyFile)) : '';
    if ($old === '' || $keys->validate($old) === null) {
        $new = $keys->createKey('scripts/site.sh', ['read', 'write', 'admin']);
        file_put_contents($keyFile, $new['api_key'] . "\n");
        echo "api key: new\n";
    }
}
