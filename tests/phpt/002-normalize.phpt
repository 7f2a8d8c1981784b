--TEST--
normalize_schema: a map with a required, an optional and an unknown-type input; warnings
--EXTENSIONS--
tool_schema
--FILE--
<?php
$definition = [
    'type' => 'map',
    'properties' => [
        'query' => ['type' => 'string', 'label' => 'Search text', 'constraints' => ['Length' => ['min' => 1]]],
        'limit' => ['type' => 'integer', 'required' => false, 'default' => 10],
        'node' => ['type' => 'field_item:link', 'required' => false],
    ],
];
$schema = ToolSchema\normalize_schema($definition, ['nullable' => 'one_of'], $warnings);
echo json_encode($schema, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\n";
foreach ($warnings as $w) {
    echo $w['code'], ' @ ', $w['path'], "\n";
}
// Without $warnings, and with the default options.
echo json_encode(ToolSchema\normalize_schema(['type' => 'boolean', 'required' => false])), "\n";
// An empty map is {} (stdClass), not [].
echo json_encode(ToolSchema\normalize_schema(['type' => 'map', 'properties' => []])), "\n";
?>
--EXPECT--
{
    "type": "object",
    "properties": {
        "query": {
            "description": "Search text",
            "type": "string",
            "minLength": 1
        },
        "limit": {
            "oneOf": [
                {
                    "type": "integer"
                },
                {
                    "type": "null"
                }
            ],
            "default": 10
        },
        "node": {}
    },
    "required": [
        "query"
    ],
    "additionalProperties": false
}
base_type_unknown @ properties.node.type
{"type":["boolean","null"]}
{"type":"object","properties":{},"additionalProperties":false}
