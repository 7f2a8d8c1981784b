<?php

declare(strict_types=1);

// The demo: the JSON Schema an LLM sees for a sample "create article" tool that
// uses every input type, and a repair of the arguments a model typically sends.
// Runs with the extension when it is loaded, with the pure-PHP implementation
// otherwise, and says which (first line).

require __DIR__ . '/../php/autoload.php';

$tool = [
    'type' => 'map',
    'label' => 'Create article',
    'description' => 'Creates an article node.',
    'properties' => [
        'title' => ['type' => 'string', 'label' => 'Title', 'constraints' => ['NotBlank' => [], 'Length' => ['max' => 255]]],
        'body' => ['type' => 'text', 'label' => 'Body', 'required' => false],
        'slug' => ['type' => 'string', 'label' => 'Slug', 'required' => false, 'constraints' => ['Regex' => '/^[a-z0-9-]+$/']],
        // A back-reference has no ECMA-262 twin that accepts exactly what
        // preg_match() accepts: no pattern, and a warning says so.
        'code' => ['type' => 'string', 'label' => 'Short code', 'required' => false, 'constraints' => ['Regex' => '/^([a-z])\\1-[0-9]+$/']],
        'bundle' => ['type' => 'string', 'label' => 'Content type', 'constraints' => ['EntityBundleExists' => ['choices' => ['article', 'page']]]],
        'weight' => ['type' => 'integer', 'label' => 'Weight', 'default' => 0, 'constraints' => ['Range' => ['min' => -50, 'max' => 50]]],
        'rating' => ['type' => 'float', 'label' => 'Rating', 'required' => false, 'constraints' => ['PositiveOrZero' => []]],
        'price' => ['type' => 'decimal', 'label' => 'Price', 'required' => false, 'examples' => ['12.50']],
        'published' => ['type' => 'boolean', 'label' => 'Published', 'default' => false],
        'author_email' => ['type' => 'email', 'label' => 'Author e-mail', 'required' => false],
        'source' => ['type' => 'uri', 'label' => 'Source URL', 'required' => false],
        'created' => ['type' => 'timestamp', 'label' => 'Created', 'required' => false],
        'publish_on' => ['type' => 'datetime_iso8601', 'label' => 'Publish on', 'required' => false],
        'reading_time' => ['type' => 'duration_iso8601', 'label' => 'Reading time', 'required' => false],
        'extra' => ['type' => 'any', 'label' => 'Extra data', 'required' => false],
        'author' => ['type' => 'entity:user', 'label' => 'Author', 'required' => false, 'base_schema' => ['type' => 'integer', 'minimum' => 1]],
        'tags' => [
            'type' => 'list', 'label' => 'Tags', 'required' => false,
            'items' => ['type' => 'string', 'constraints' => ['Length' => ['min' => 1, 'max' => 32]]],
            'constraints' => ['Count' => ['max' => 10]],
        ],
        'seo' => [
            'type' => 'map', 'label' => 'SEO', 'required' => false,
            'properties' => [
                'keywords' => ['type' => 'string', 'required' => false],
                'noindex' => ['type' => 'boolean', 'required' => false],
            ],
        ],
    ],
];

$impl = \ToolSchema\IMPLEMENTATION;
$schema = \ToolSchema\normalize_schema($tool, ['nullable' => 'any_of'], $warnings);
$sent = ['title' => 'Hello', 'bundle' => 'Article', 'weight' => '5', 'published' => 'true', 'tags' => 'news', 'rating' => '', 'seo' => '{"noindex": 1}'];
$repaired = \ToolSchema\coerce_input($sent, $tool);

echo "implementation: $impl (tool_schema ", \ToolSchema\VERSION, ")\n\n";
echo "JSON Schema of the tool 'create_article':\n";
echo json_encode($schema, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION), "\n\n";
echo 'warnings: ', json_encode($warnings, JSON_UNESCAPED_SLASHES), "\n\n";
echo "arguments a model sent:  ", json_encode($sent, JSON_UNESCAPED_SLASHES), "\n";
echo "after coerce_input():    ", json_encode($repaired, JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION), "\n";
