<?php
// The report page's schemas, as it counts them: every tool's compact JSON per
// profile from the tool_schema.report service (what the page shows), with the
// count the module made ("KEY" = "tool profile"). Run from the site's web/
// (scripts/test.d/77-report-page.sh): php report_schemas.php TEXTS.json COUNTS.json
declare(strict_types=1);

require 'boot.php';
$report = \Drupal::service('tool_schema.report')->build();
$texts = $counts = [];
foreach ($report['tools'] as $id => $tool) {
    foreach ($tool['profiles'] as $profile => $entry) {
        if ($entry['json'] !== null) {
            $texts["$id $profile"] = $entry['json'];
            $counts["$id $profile"] = $entry['tokens'];
        }
    }
}
file_put_contents($argv[1], json_encode($texts, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR));
file_put_contents($argv[2], json_encode($counts, JSON_THROW_ON_ERROR));
echo json_encode(['tokens' => $report['tokens'], 'schemas' => count($texts)]), "\n";
