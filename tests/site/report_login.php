<?php
// A one-time login link of user 1 (what user_pass_reset_url() builds, as
// `drush uli` does), relative to the site, that lands on DESTINATION once
// used. Run from the site's web/ (scripts/test.d/77-report-page.sh):
//   php report_login.php [DESTINATION]
declare(strict_types=1);

require 'boot.php';
$account = \Drupal\user\Entity\User::load(1);
$url = user_pass_reset_url($account);
// user_pass_reset_url() is absolute on the CLI request's host: the path only.
$path = parse_url($url, PHP_URL_PATH);
echo $path . '/login?destination=' . rawurlencode($argv[1] ?? '/admin/config/services/tool-schema'), "\n";
