--TEST--
tool_schema is loaded: version, implementation, functions
--EXTENSIONS--
tool_schema
--FILE--
<?php
var_dump(extension_loaded('tool_schema'));
var_dump(phpversion('tool_schema') === ToolSchema\VERSION);
var_dump(preg_match('/^\d+\.\d+\.\d+/', ToolSchema\VERSION) === 1);
var_dump(ToolSchema\IMPLEMENTATION);
var_dump(function_exists('ToolSchema\normalize_schema'), function_exists('ToolSchema\coerce_input'));
$f = new ReflectionFunction('ToolSchema\normalize_schema');
var_dump($f->isInternal(), $f->getExtensionName());
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
string(6) "native"
bool(true)
bool(true)
bool(true)
string(11) "tool_schema"
