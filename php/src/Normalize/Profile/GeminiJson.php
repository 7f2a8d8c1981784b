<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize\Profile;

/**
 * `gemini_json`: the `parametersJsonSchema` of a Gemini function declaration,
 * JSON Schema within google-genai's `types.JSONSchema`
 * (src/normalize/profile/gemini_json.rs, where the rules and their sources
 * are).
 */
final class GeminiJson
{
    /**
     * The keywords of one type; `type` lists `"null"` (and `enum` holds null)
     * when the node is nullable.
     */
    public static function single(Pass $pass, Parts $p, int $bit, array &$notes): array
    {
        $name = Profile::TYPES[$bit] ?? 'string';
        $keys = [['type', $p->nullable ? [$name, 'null'] : $name]];
        if ($bit === Profile::STRING) {
            if ($p->formats !== []) {
                $keys[] = ['format', $p->formats[0]];
            }
            if ($p->patterns !== []) {
                $keys[] = ['pattern', $p->patterns[0]];
            }
        }
        if ($p->values !== null) {
            $values = $p->values;
            $p->values = null;
            $keys[] = ['enum', $pass->values($values, false, $p->nullable)[1]];
        }
        switch ($bit) {
            case Profile::STRING:
                foreach (['minLength' => $p->minLength, 'maxLength' => $p->maxLength] as $k => $v) {
                    if ($v !== null) {
                        $keys[] = [$k, $v];
                    }
                }
                break;
            case Profile::INTEGER:
            case Profile::NUMBER:
                if ($p->multipleOf !== null) {
                    $pass->dropNote($notes, 'A multiple of ' . Text::num($p->multipleOf) . '.');
                }
                Gemini::bounds($pass, $p, $bit, $notes, $keys);
                break;
            case Profile::ARRAY:
                Gemini::arrayKeys($pass, $p, $keys);
                break;
            case Profile::OBJECT:
                Gemini::objectKeys($pass, $p, $keys);
                break;
        }
        if ($p->anyOf !== null) {
            $list = $p->anyOf;
            $p->anyOf = null;
            $branches = $pass->branches($list);
            if ($p->nullable) {
                // The type list lets null in; the alternatives must too.
                $branches[] = ['type' => 'null'];
            }
            $keys[] = ['anyOf', $branches];
        }
        return ['keys', $keys];
    }

    /**
     * The finished node: annotations (`examples` in the description), null as
     * a branch of several, `default`.
     */
    public static function finish(Pass $pass, Parts $p, array $body, array $notes): array
    {
        // `default` stays a keyword: only `examples` goes into the notes.
        $default = $p->default;
        $p->default = null;
        $pass->annotationNotes($p, $notes);
        $o = [];
        $pass->texts($o, $p, $notes);
        if ($body[0] === 'keys') {
            // A nullable node's own keys carry null in their type list.
            foreach ($body[1] as [$k, $v]) {
                $o[$k] = $v;
            }
        } elseif ($body[0] === 'branches') {
            $branches = $body[1];
            if ($p->nullable) {
                $branches[] = ['type' => 'null'];
            }
            $o['anyOf'] = $branches;
        } else {
            // Allowed values alone (not written by this profile).
            $o['anyOf'] = [$pass->close($body)];
        }
        if ($default !== null) {
            $o['default'] = $default;
        }
        return $o;
    }
}
