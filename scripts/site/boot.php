<?php
// Boots the installed site's DrupalKernel from the command line, as
// web/index.php does for a request: include this file from a script run with
// the site's web/ as working directory (scripts/site.sh and tests/site do).
// Returns the kernel; \Drupal::service() works afterwards.
declare(strict_types=1);

use Drupal\Core\DrupalKernel;
use Symfony\Component\HttpFoundation\Request;

$web = getenv('SITE_WEB') ?: getcwd();
chdir($web);
$autoloader = require $web . '/autoload.php';
$request = Request::create('http://127.0.0.1/', 'GET', [], [], [], ['SCRIPT_NAME' => '/index.php', 'SCRIPT_FILENAME' => $web . '/index.php']);
$kernel = DrupalKernel::createFromRequest($request, $autoloader, 'prod');
$kernel->boot();
$kernel->preHandle($request);
\Drupal::service('request_stack')->push($request);
return $kernel;
