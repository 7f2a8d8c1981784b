--TEST--
ValueError for malformed definitions and options, TypeError for wrong argument types
--EXTENSIONS--
tool_schema
--FILE--
<?php
$calls = [
    fn () => ToolSchema\normalize_schema(['properties' => []]),
    fn () => ToolSchema\normalize_schema(['type' => 'map', 'properties' => ['a' => ['type' => 'string', 'constraints' => ['Length' => ['min' => 'x']]]]]),
    fn () => ToolSchema\normalize_schema(['type' => 'integer'], ['nullable' => 'maybe']),
    fn () => ToolSchema\normalize_schema('string'),
    fn () => ToolSchema\coerce_input(1, []),
    fn () => ToolSchema\coerce_input(1, ['type' => 'integer'], ['x' => 1]),
    fn () => ToolSchema\coerce_input(1, 'integer'),
];
foreach ($calls as $call) {
    try {
        $call();
        echo "no exception\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
// $warnings is set to a list even when normalize_schema throws.
unset($warnings);
try {
    ToolSchema\normalize_schema([], [], $warnings);
} catch (ValueError $e) {
    var_dump($warnings);
}
// A bad value is never an exception.
var_dump(ToolSchema\coerce_input(new stdClass(), ['type' => 'integer']) instanceof stdClass);
?>
--EXPECT--
ValueError: type: is required
ValueError: properties.a.constraints.Length.min: must be a non-negative integer or null
ValueError: options.nullable: must be "type_array", "one_of" or "any_of"
TypeError: ToolSchema\normalize_schema(): Argument #1 ($definition) must be of type array, string given
ValueError: type: is required
ValueError: options.x: unknown option
TypeError: ToolSchema\coerce_input(): Argument #2 ($definition) must be of type array, string given
array(0) {
}
bool(true)
