--TEST--
coerce_input: repairs unambiguous values, leaves the rest unchanged
--EXTENSIONS--
tool_schema
--FILE--
<?php
$definition = [
    'type' => 'map',
    'properties' => [
        'tags' => ['type' => 'list', 'items' => ['type' => 'string']],
        'count' => ['type' => 'integer'],
        'flag' => ['type' => 'boolean'],
        'when' => ['type' => 'datetime_iso8601'],
        'order' => ['type' => 'string', 'constraints' => ['Choice' => ['ASC', 'DESC']]],
        'day' => ['type' => 'datetime_iso8601'],
    ],
];
$value = [
    'tags' => '["a","b"]',
    'count' => '5',
    'flag' => 'true',
    'when' => '2024-01-15T10:30:00Z',
    'order' => ' asc ',
    'day' => 'tomorrow',
];
var_dump(ToolSchema\coerce_input($value, $definition));
// A scalar for a list becomes a one-item list; coercion is idempotent.
$list = ['type' => 'list', 'items' => ['type' => 'integer']];
var_dump(ToolSchema\coerce_input('7', $list));
var_dump(ToolSchema\coerce_input(ToolSchema\coerce_input('7', $list), $list));
// Not unambiguous: unchanged.
var_dump(ToolSchema\coerce_input('5.5', ['type' => 'integer']));
?>
--EXPECT--
array(6) {
  ["tags"]=>
  array(2) {
    [0]=>
    string(1) "a"
    [1]=>
    string(1) "b"
  }
  ["count"]=>
  int(5)
  ["flag"]=>
  bool(true)
  ["when"]=>
  string(25) "2024-01-15T10:30:00+00:00"
  ["order"]=>
  string(3) "ASC"
  ["day"]=>
  string(8) "tomorrow"
}
array(1) {
  [0]=>
  int(7)
}
array(1) {
  [0]=>
  int(7)
}
string(3) "5.5"
