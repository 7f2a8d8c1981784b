<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Controller;

use Drupal\Core\Controller\ControllerBase;
use Drupal\tool_schema\Form\ToolSchemaSettingsForm;
use Drupal\tool_schema\Report\Integrations;
use Drupal\tool_schema\Report\ToolReport;
use Symfony\Component\DependencyInjection\ContainerInterface;
use Symfony\Component\HttpFoundation\Request;

/**
 * The report page (/admin/config/services/tool-schema, permission `view
 * tool_schema report`): the settings form (with `administer tool_schema`),
 * which integrations tool_schema serves, and each tool, collapsed: the
 * schema a model receives per profile, its o200k token count (or why there
 * is none), its warnings and the audit's findings. ?tool=ID opens one tool.
 */
final class ReportController extends ControllerBase {

  public function __construct(
    private readonly ToolReport $report,
    private readonly Integrations $integrations,
  ) {
  }

  public static function create(ContainerInterface $container): self {
    return new self($container->get('tool_schema.report'), $container->get('tool_schema.integrations'));
  }

  /**
   * @return array<string, mixed>
   */
  public function page(Request $request): array {
    $report = $this->report->build();
    $build = ['#cache' => ['max-age' => 0], '#attached' => ['library' => ['tool_schema/report']]];
    $findings = array_sum(array_map(static fn (array $t): int => \count($t['findings']), $report['tools']));
    $warnings = 0;
    foreach ($report['tools'] as $tool) {
      $warnings += \count($tool['profiles'][$report['profile']]['warnings'] ?? []);
    }
    $options = [];
    foreach ($report['options'] as $key => $value) {
      $options[] = "$key: " . (\is_scalar($value) ? var_export($value, TRUE) : json_encode($value));
    }
    $build['summary'] = [
      '#theme' => 'item_list',
      '#attributes' => ['class' => ['tool-schema-summary']],
      '#items' => [
        $this->t('Library: ToolSchema @version, implementation @impl', ['@version' => \defined('ToolSchema\VERSION') ? \ToolSchema\VERSION : '-', '@impl' => $report['implementation']]),
        $this->t('Served schemas: profile @profile; normalize_schema() options @options', ['@profile' => $report['profile'], '@options' => implode(', ', $options)]),
        $this->t('@tools tools; @warnings warnings in the @profile profile; @findings audit findings', ['@tools' => \count($report['tools']), '@warnings' => $warnings, '@profile' => $report['profile'], '@findings' => $findings]),
        $report['tokens']['ok']
          ? $this->t('Tokens: o200k, counted here (@source) on the compact JSON a model receives', ['@source' => $report['tokens']['message']])
          : $this->t('Tokens: @why', ['@why' => $report['tokens']['message']]),
        $report['schema_check']
          ? $this->t("Audit: defaults and examples checked by Drupal's validation and against the served schema (opis/json-schema)")
          : $this->t("Audit: defaults and examples checked by Drupal's validation only (opis/json-schema is not installed: the served schema's verdict is not checked)"),
      ],
    ];
    if ($this->currentUser()->hasPermission('administer tool_schema')) {
      $build['settings'] = [
        '#type' => 'details',
        '#title' => $this->t('Settings'),
        '#open' => TRUE,
        '#attributes' => ['id' => 'tool-schema-settings'],
        'form' => $this->formBuilder()->getForm(ToolSchemaSettingsForm::class),
      ];
    }
    $rows = [];
    foreach ($this->integrations->rows() as $row) {
      $rows[] = [
        'data' => [$row['integration'], $row['status'], $row['why']],
        'class' => ['tool-schema-integration', 'tool-schema-' . str_replace(' ', '-', $row['status'])],
      ];
    }
    $build['integrations'] = [
      '#type' => 'details',
      '#title' => $this->t('Integrations'),
      '#open' => TRUE,
      '#attributes' => ['id' => 'tool-schema-integrations'],
      'table' => [
        '#type' => 'table',
        '#header' => [$this->t('Path'), $this->t('Status'), $this->t('Why')],
        '#rows' => $rows,
      ],
    ];
    $build['tools'] = [
      '#type' => 'container',
      '#attributes' => ['id' => 'tool-schema-tools'],
      'title' => ['#type' => 'html_tag', '#tag' => 'h2', '#value' => $this->t('Tools')],
    ];
    // ?tool=ID opens that tool and its served schema (a link to one tool).
    $open = (string) $request->query->get('tool', '');
    foreach ($report['tools'] as $id => $tool) {
      $build['tools'][$id] = $this->tool($id, $tool, $report['profile'], $report['tokens'], $id === $open);
    }
    return $build;
  }

  /**
   * One tool, collapsed.
   *
   * @param array<string, mixed> $tool
   * @param array{ok: bool, message: string} $tokens
   * @return array<string, mixed>
   */
  private function tool(string $id, array $tool, string $served, array $tokens, bool $open = FALSE): array {
    $main = $tool['profiles'][$served];
    $summary = $id . ' — ' . $tool['label'] . ': '
      . match (TRUE) {
        $main['json'] === NULL => $this->t('not served by tool_schema'),
        $main['tokens'] !== NULL => $this->formatPlural($main['tokens'], '1 token', '@count tokens'),
        default => $this->t('tokens not counted'),
      }
      . ', ' . $this->formatPlural(\count($main['warnings']), '1 warning', '@count warnings')
      . ', ' . $this->formatPlural(\count($tool['findings']), '1 finding', '@count findings');
    $element = [
      '#type' => 'details',
      '#title' => $summary,
      '#open' => $open,
      '#attributes' => ['class' => ['tool-schema-tool'], 'data-tool' => $id],
    ];
    if ($tool['description'] !== '') {
      $element['description'] = ['#type' => 'html_tag', '#tag' => 'p', '#value' => $tool['description']];
    }
    if ($tool['findings'] !== []) {
      $element['findings'] = [
        '#type' => 'table',
        '#caption' => $this->t('Audit findings'),
        '#header' => [$this->t('Input'), $this->t('Kind'), $this->t('Finding')],
        '#rows' => array_map(static fn (array $f): array => [$f['path'] === '' ? '-' : $f['path'], $f['kind'], $f['message']], $tool['findings']),
        '#attributes' => ['class' => ['tool-schema-findings']],
      ];
    }
    $rows = [];
    foreach ($tool['profiles'] as $profile => $entry) {
      $rows[] = [
        $profile . ($profile === $served ? ' ' . $this->t('(served)') : ''),
        $entry['tokens'] ?? ($entry['json'] === NULL ? '-' : $this->t('not counted')),
        $entry['json'] === NULL ? '-' : \strlen($entry['json']),
        \count($entry['warnings']),
      ];
    }
    $element['profiles'] = [
      '#type' => 'table',
      '#header' => [$this->t('Profile'), $this->t('o200k tokens'), $this->t('Bytes'), $this->t('Warnings')],
      '#rows' => $rows,
      '#attributes' => ['class' => ['tool-schema-profiles']],
    ];
    if (!$tokens['ok']) {
      $element['tokens'] = ['#type' => 'html_tag', '#tag' => 'p', '#value' => $tokens['message'], '#attributes' => ['class' => ['tool-schema-not-counted']]];
    }
    foreach ($tool['profiles'] as $profile => $entry) {
      $schema = [
        '#type' => 'details',
        '#title' => $profile . ($profile === $served ? ' ' . $this->t('(served)') : '') . ': '
          . match (TRUE) {
            $entry['json'] === NULL => $this->t('not served by tool_schema'),
            $entry['tokens'] !== NULL => $this->formatPlural($entry['tokens'], '1 o200k token', '@count o200k tokens'),
            default => $this->t('tokens not counted'),
          },
        '#open' => $open && $profile === $served,
        '#attributes' => ['class' => ['tool-schema-profile'], 'data-tool' => $id, 'data-profile' => $profile] + ($entry['tokens'] !== NULL ? ['data-o200k' => (string) $entry['tokens']] : []),
      ];
      if ($entry['error'] !== NULL) {
        $schema['error'] = ['#type' => 'html_tag', '#tag' => 'p', '#value' => $this->t('tool_schema cannot take this tool (the integration serves its own schema): @error', ['@error' => $entry['error']])];
      }
      if ($entry['warnings'] !== []) {
        $schema['warnings'] = [
          '#type' => 'table',
          '#header' => [$this->t('Input'), $this->t('Path'), $this->t('Code'), $this->t('Warning')],
          '#rows' => array_map(static fn (array $w): array => [$w['input'] ?? '-', $w['path'] === '' ? '-' : $w['path'], $w['code'], $w['message']], $entry['warnings']),
          '#attributes' => ['class' => ['tool-schema-warnings']],
        ];
      }
      if ($entry['json'] !== NULL) {
        $pretty = json_encode(json_decode($entry['json']), ToolReport::JSON | JSON_PRETTY_PRINT);
        $schema['json'] = ['#type' => 'html_tag', '#tag' => 'pre', 'code' => ['#plain_text' => $pretty]];
      }
      $element[$profile] = $schema;
    }
    return $element;
  }

}
