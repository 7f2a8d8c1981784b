<?php
// Boots the site (run from its web/) and prints, as JSON, what tool_schema's
// runtime requirements hook says (the status report's rows of the
// module): requirement key => {title, value, description, severity}, the
// severity as a word (info, ok, warning, error). Empty when the module is
// not enabled.
declare(strict_types=1);

require __DIR__ . '/boot.php';
$handler = \Drupal::moduleHandler();
$out = [];
if ($handler->moduleExists('tool_schema')) {
    $handler->loadInclude('tool_schema', 'install');
    $words = [REQUIREMENT_INFO => 'info', REQUIREMENT_OK => 'ok', REQUIREMENT_WARNING => 'warning', REQUIREMENT_ERROR => 'error'];
    // Drupal 11.2+: hook_runtime_requirements() (RequirementSeverity cases);
    // earlier cores: hook_requirements('runtime').
    $rows = class_exists(\Drupal\Core\Extension\Requirement\RequirementSeverity::class)
        ? $handler->invoke('tool_schema', 'runtime_requirements')
        : $handler->invoke('tool_schema', 'requirements', ['runtime']);
    foreach ($rows as $key => $row) {
        if (($row['severity'] ?? NULL) instanceof \BackedEnum) {
            $row['severity'] = $row['severity']->value;
        }
        $out[$key] = [
            'title' => (string) ($row['title'] ?? ''),
            'value' => (string) ($row['value'] ?? ''),
            'description' => (string) ($row['description'] ?? ''),
            'severity' => $words[$row['severity'] ?? REQUIREMENT_OK] ?? 'ok',
        ];
    }
}
echo json_encode((object) $out, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\n";
