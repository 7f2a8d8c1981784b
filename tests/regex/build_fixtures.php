<?php

// Regenerates tests/fixtures/regex.json (cases for the shared fixture runner)
// from the PHP translator, and checks every accept/reject string with
// preg_match on the original pattern (and with node on the translation). A
// `pattern` (match true) is the translation with `$` read as under the D
// modifier (Translator::translateEndOnly(), issue 30): its strings are checked
// with preg_match on the pattern with D added, and a string it rejects that
// preg_match accepts without D must end in "\n" (the one tightening allowed);
// a `not: {pattern}` is the exact translation, checked on the pattern as it is. Where
// a case gives the expected ECMA pattern (written by hand), the translation
// must be exactly that; a case whose translation should have no lookaround
// is checked for one.
// A case may be for some PCRE2 versions only (a sixth element, written as the
// case's "pcre" list): it is made and checked on a PHP that runs that version
// and copied as it is from tests/fixtures/regex.json on any other. A case for
// every version is made on PCRE2 10.42 and must come out the same on the
// others. So run it on both:
// Usage: php tests/regex/build_fixtures.php && scripts/trixie.sh run php tests/regex/build_fixtures.php
declare(strict_types=1);

require_once __DIR__ . '/../../php/autoload.php';

use ToolSchema\Regex\Pcre;
use ToolSchema\Regex\Translator;

$running = explode(' ', Pcre::version())[0];
$file = __DIR__ . '/../fixtures/regex.json';
// The cases as written now, by name (a line each).
$existing = [];
foreach (explode("\n  {", (string) @file_get_contents($file)) as $chunk) {
    if (preg_match('/^"name": ("[^"]+")/', $chunk, $m)) {
        $existing[json_decode($m[1])] = '  {' . preg_replace('/(,|\n\]\}\n)$/', '', $chunk);
    }
}

// [name, Regex option (string or array), accept, reject, expected pattern or skip code (or null), PCRE2 versions (optional)]
$u = static fn (int $cp): string => mb_chr($cp, 'UTF-8');
$wide204 = '/' . str_repeat('[\x{100}-\x{2000}]', 204) . '/iu';
$cases = [
    // A `pattern` reads `$` as under D (issue 30): "abc\n", which preg_match
    // accepts, is refused (a canonical-subset tightening); `not` keeps PCRE's `$`.
    ['slug', '/^[a-z0-9-]+$/', ['abc-1', 'a'], ['ABC', 'a b', '', "a\n\n", "\na", "abc\n"], '^[\-0-9a-z]+$'],
    ['dollar_final_newline_match_false_exact', ['pattern' => '/^[a-z]+$/', 'match' => false], ['ABC', "abc\n\n", ''], ['abc', "abc\n"], '^[a-z]+\n?$'],
    ['machine_name', '/^[a-z][a-z0-9_]*$/', ['node_type', 'x'], ['1abc', '_x', 'Node'], '^[a-z][0-9_a-z]*$'],
    ['dollar_endonly', '/^[a-z]+$/D', ['abc'], ["abc\n", 'ABC'], '^[a-z]+$'],
    // A `$` inside a negative lookaround keeps PCRE's meaning (as under D it
    // would let the lookaround, and the pattern, match more: "\n" here).
    ['dollar_in_negative_lookahead_exact', '/^[^<]*(?!$)/', ['abc', '<'], ['', "\n"]],
    ['dollar_in_group_at_the_end', '/^(?:a|b)$/', ['a'], ['ab', "a\n\n", "b\n"], '^(?:a|b)$'],
    ['dollar_in_group_at_the_end_match_false', ['pattern' => '/^(?:a|b)$/', 'match' => false], ['ab', "a\n\n"], ['a', "b\n"], '^(?:a|b)\n?$'],
    ['dollar_before_more_pattern', '/^(a$|b)c/', ['bc'], ['a', "a\n", 'ac', "a\nc"], '^(?:a$|b)c'],
    ['dollar_before_more_pattern_match_false', ['pattern' => '/^(a$|b)c/', 'match' => false], ['a', "a\n", 'ac', "a\nc"], ['bc'], '^(?:a(?=\n?$)|b)c'],
    ['anchors_a_z', '/\A\d{5}\z/', ['12345'], ["12345\n", '1234', '١٢٣٤٥'], '^[0-9]{5}$'],
    ['postal_code_plus4', '/^\d{5}(-\d{4})?$/', ['12345', '12345-6789'], ['12345-', '1234'], '^[0-9]{5}(?:-[0-9]{4})?$'],
    ['hex_colour_caseless', '/^#[0-9a-f]{6}$/i', ['#ABCDEF', '#a1b2c3'], ['#abcdeg', 'abcdef']],
    ['hex_colour_drupal', '/^[#]?([0-9a-fA-F]{3}){1,2}$/', ['#fff', 'A1B2C3'], ['#ffff', 'ggg'], '^#?(?:[0-9A-Fa-f]{3}){1,2}$'],
    ['semver', '/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/', ['1.2.3', '10.0.0-beta.1'], ['1.2', 'v1.2.3']],
    ['iso_country', '#^[A-Z]{2}$#', ['CH', 'US'], ['ch', 'CHE']],
    ['phone_e164', '~^\+[1-9]\d{1,14}$~', ['+14155552671'], ['+0123', '14155552671']],
    ['word_class_spelled_out', '/^\w+$/', ['abc_1'], ['ä', 'a-b'], '^[0-9A-Z_a-z]+$'],
    ['kelvin_without_u', '/^k+$/i', ['kK', 'K'], ["\u{212A}", 'x']],
    ['kelvin_with_u', '/^k+$/iu', ['kK', "\u{212A}"], ['x', '']],
    ['digits_unicode', '/^\d+$/u', ['123', '١٢٣', '１２３'], ['12a', ''], null, ['10.42']],
    // Unicode 15 added the Nag Mundari digits (U+1E4F0-U+1E4F9): digits from PCRE2 10.43.
    ['digits_unicode_10_46', '/^\d+$/u', ['123', '١٢٣', '１２３', $u(0x1E4F0)], ['12a', ''], null, ['10.46']],
    ['digits_unicode_nag_mundari_10_42', '/^\d$/u', ['1'], [$u(0x1E4F0)], null, ['10.42']],
    ['digits_ascii_without_u', '/^\d+$/', ['123'], ['١٢٣', '１２３'], '^[0-9]+$'],
    ['spaces_unicode', '/^\s+$/u', [' ', "\u{A0}", "\u{3000}"], ["\u{FEFF}", 'a']],
    ['dot_excludes_only_newline', '/^a.b$/u', ["a\rb", "a\u{2028}b", 'aéb'], ["a\nb", 'ab']],
    ['dot_all', '/^a.b$/su', ["a\nb"], ['ab']],
    ['multiline', '/^b$/m', ["a\nb", "b\n"], ["a\rb", "a\u{2028}b"], '(?:^|\n)b(?:\n|$)'],
    ['negated_class_run_without_u', '/^[^<>]*$/', ['hello', 'äöü', ''], ['<b>', 'a>'], '^[^<>]*$'],
    ['run_in_a_group_without_u', '{^(?:[^\d]*)$}', ['+() -', '', 'é ü'], ['123', 'a1'], '^[^0-9]*$'],
    ['runs_in_groups_without_u', '/^simple(\w+\d+):(.+):(.+):(.+)$/', ['simpleab12:x:y:z', 'simplea1:a:b:c:d', 'simplex9:é:ü:ö'], ['simple:a:b:c', 'simplea:x:y:z', 'simplea1:a:b']],
    ['lazy_run_without_u', '/\[(.*)\]/U', ['[a]', 'x[]y', '[é]'], ["[a\n]", 'a]'], '\[[^\n]*?\]'],
    ['unanchored_class_without_u', '/[^a-z\-]/', ['A', 'é', 'a b'], ['abc', 'a-b', ''], '[^\-a-z]'],
    ['unanchored_run_without_u', '@[^a-z0-9_]+@', ['Node', 'a-b', 'é'], ['node_type', ''], '[^0-9_a-z]'],
    ['impossible_bytes_without_u', ['pattern' => "/[^\\x{80}-\\x{F7} a-z0-9@+_.'-]/i", 'match' => false], ['jöhn.doe', 'Ünïcode', "o'neil"], ["a\u{7}", 'a/b', 'a#'], "[\\x00-\\x1F!-&(-*,/:-?\\[-\\^`{-\\x7F]"],
    ['wide_item_then_run_without_u', '/^[a-zA-Z_\x80-\xff][a-zA-Z0-9_\x80-\xff]*$/', ['my_module', 'éé', '_x', 'ü1'], ['1abc', 'a-b', ''], '^[^\x00-@\[-\^`{-\x7F][^\x00-/:-@\[-\^`{-\x7F]*$'],
    ['brackets_delimiters', '{^a{2}$}', ['aa'], ['a', 'aaa']],
    ['brace_without_quantifier_is_literal', '/^a{,3}$/D', ['a{,3}'], ['aaa', 'a'], '^a\{,3\}$', ['10.42']],
    // From PCRE2 10.43 `{,n}` is `{0,n}`, and spaces or tabs may stand inside quantifier braces.
    ['brace_comma_quantifier_10_46', '/^a{,3}$/D', ['', 'a', 'aaa'], ['a{,3}', 'aaaa'], '^a{0,3}$', ['10.46']],
    ['brace_with_spaces_is_literal', '/^a{ 1, 2 }$/D', ['a{ 1, 2 }'], ['a', 'aa'], '^a\{ 1, 2 \}$', ['10.42']],
    ['brace_with_spaces_quantifier_10_46', "/^a{ 1, 2 }b{\t2}$/D", ['abb', 'aabb'], ["a{ 1, 2 }b{\t2}", 'ab', 'aaabb'], '^a{1,2}b{2}$', ['10.46']],
    ['brace_comma_alone_is_literal', '/^a{,}$/D', ['a{,}'], ['a', ''], '^a\{,\}$'],
    ['extended_mode', "/^ [a-z]+ \\# \\d+ $/x", ['ab#12'], ['ab #12', 'ab12']],
    ['possessive_nothing_can_continue', '/^[a-z]++[0-9]$/', ['abc1'], ['abc', '1'], '^[a-z]+[0-9]$'],
    ['possessive_kept', '/^a++a$/D', [], ['aa', 'a', 'aaa'], '^(?=(?<a1>a+))\k<a1>a$'],
    ['lookahead_password', '/^(?=.*[A-Z])(?=.*\d).{8,}$/u', ['Passw0rd'], ['password', 'Pass0'], null, ['10.42']],
    ['lookahead_password_10_46', '/^(?=.*[A-Z])(?=.*\d).{8,}$/u', ['Passw0rd', 'Password' . $u(0x1E4F0)], ['password', 'Pass0'], null, ['10.46']],
    ['match_false', ['pattern' => '/^admin$/', 'match' => false], ['user', 'administrator'], ['admin', "admin\n"], '^admin\n?$'],
    ['match_false_with_html_pattern', ['pattern' => '/\d/', 'match' => false, 'htmlPattern' => '[^0-9]*'], ['abc'], ['a1'], '[0-9]'],
    ['match_true_array_form', ['pattern' => '/^x$/D'], ['x'], ["x\n"]],
    ['backtracking_rewritten_package_name', '/^[a-z0-9]([_.-]?[a-z0-9]+)*\/[a-z0-9](([_.]|-{1,2})?[a-z0-9]+)*$/', ['drupal/core', 'a-b/c--d', 'a.b_c/d.e'], ['-a/b', 'a/b-', 'a/b---c', 'a//b', 'aa/'], '^[0-9a-z](?:[\-._]?[0-9a-z])*/[0-9a-z](?:(?:[\-._]|--)?[0-9a-z])*$'],
    ['backtracking_rewritten_file_extensions', '/^([a-z0-9]+([._][a-z0-9])* ?)+$/', ['jpg png gif', 'tar.gz', 'a'], ['jpg  png', ' jpg', 'a._b', 'ab!'], '^[0-9a-z](?:[ ._]?[0-9a-z])* ?$'],
    ['backtracking_rewritten_words', '/^(\w+\s?)*$/', ['hello world', ''], ['hello  world', 'a!'], '^(?:[0-9A-Z_a-z]+[\t-\r ])*[0-9A-Z_a-z]*$'],
    ['skip_backtracking', '/^(a|a\b)*$/', ['aa'], [], 'regex_backtracking'],
    ['control_characters_drupal_label', ['pattern' => '/([^\PC])/u', 'match' => false], ['Hello wörld', '日本語', ' '], ["a\u{7}b", "tab\t", "zero\u{200B}width", 'private' . $u(0xE000), 'unassigned' . $u(0x378)], null, ['10.42']],
    // U+1C89 was unassigned in Unicode 14 (Cn, so \pC) and is a letter in Unicode 16.
    ['control_characters_drupal_label_10_46', ['pattern' => '/([^\PC])/u', 'match' => false], ['Hello wörld', '日本語', ' ', $u(0x1C89)], ["a\u{7}b", "tab\t", "zero\u{200B}width", 'private' . $u(0xE000), 'unassigned' . $u(0x378)], null, ['10.46']],
    ['control_characters_unassigned_in_unicode_14', ['pattern' => '/([^\PC])/u', 'match' => false], ['a'], [$u(0x1C89)], null, ['10.42']],
    ['unicode_property', '/^\p{Lu}/u', ['Émile', 'A'], ['émile', '1'], null, ['10.42']],
    ['unicode_property_10_46', '/^\p{Lu}/u', ['Émile', 'A', $u(0x1C89)], ['émile', '1'], null, ['10.46']],
    // Caseless \p{Lu}, \p{Ll}, \p{Lt}: themselves in PCRE2 10.42, \p{L&} (any cased letter) from 10.45.
    ['unicode_property_caseless', '/^\p{Lu}+$/iu', ['A', 'ÉMILE'], ['a', 'émile', 'ǅ'], null, ['10.42']],
    ['unicode_property_caseless_10_46', '/^\p{Lu}+$/iu', ['A', 'a', 'émile', 'ǅ', 'ß'], ['1', 'ª', ''], null, ['10.46']],
    ['unicode_property_caseless_negated', '/^\P{Ll}$/iu', ['A', '1', 'ǅ'], ['a', 'ß'], null, ['10.42']],
    ['unicode_property_caseless_negated_10_46', '/^\P{Ll}$/iu', ['1', 'ª'], ['A', 'a', 'ǅ', 'ß'], null, ['10.46']],
    ['unicode_property_caseless_caret', '/^[\p{^Lt}]$/iu', ['a', 'A'], ['ǅ'], null, ['10.42']],
    ['unicode_property_caseless_caret_10_46', '/^[\p{^Lt}]$/iu', ['1', 'ª'], ['a', 'A', 'ǅ'], null, ['10.46']],
    ['unicode_property_cased_letters_caseless', '/^\p{L&}$/iu', ['a', 'A', 'ǅ'], ['1', 'ª'], null, ['10.42']],
    ['unicode_property_cased_letters_caseless_10_46', '/^\p{L&}$/iu', ['a', 'A', 'ǅ', $u(0x1C89)], ['1', 'ª'], null, ['10.46']],
    ['posix_upper_not_folded', '/^[[:upper:]]$/iu', ['A', 'É'], ['a', 'é'], null, ['10.42']],
    ['posix_upper_not_folded_10_46', '/^[[:upper:]]$/iu', ['A', 'É', $u(0x1C89)], ['a', 'é'], null, ['10.46']],
    // [:xdigit:] under UCP holds the fullwidth hex digits from PCRE2 10.43.
    ['posix_xdigit_unicode', '/^[[:xdigit:]]+$/u', ['0aF'], ['Ａ', '０', 'g'], '^[0-9A-Fa-f]+$', ['10.42']],
    ['posix_xdigit_unicode_10_46', '/^[[:xdigit:]]+$/u', ['0aF', 'Ａ', '０', 'ｆ'], ['g', 'Ｇ'], null, ['10.46']],
    ['unicode_word_class', '/^\w+$/u', ['abc', 'äbc', '١٢٣', 'a_1'], ['a b', "a\u{300}", ''], null, ['10.42']],
    // \w under UCP adds Mn (combining marks) and Pc (connector punctuation) from PCRE2 10.43.
    ['unicode_word_class_10_46', '/^\w+$/u', ['abc', 'äbc', '١٢٣', 'a_1', "a\u{300}", "a\u{203F}b"], ['a b', ''], null, ['10.46']],
    ['named_code_point', '/^\N{U+41}$/u', ['A'], ['a', 'B', "A\n"], '^A$'],
    // A bare \x is NUL in PCRE2 10.42, an error from 10.45.
    ['bare_hex_escape', '/^a\xz$/D', ["a\0z"], ['az', 'axz'], null, ['10.42']],
    ['bare_hex_escape_10_46', '/^a\xz$/D', [], [], 'regex_invalid', ['10.46']],
    // Spaces or tabs inside \x{...} and \N{U+...}: errors in 10.42, allowed from 10.43.
    ['hex_escape_with_spaces', '/^\x{ 41 }$/D', [], [], 'regex_invalid', ['10.42']],
    ['hex_escape_with_spaces_10_46', '/^\x{ 41 }\N{ U+42 }$/Du', ['AB'], ['A', 'x{ 41 }'], '^AB$', ['10.46']],
    // Variable-length lookbehind: an error in 10.42, up to 255 characters from 10.43.
    ['lookbehind_variable_length', '/(?<=ab?)x/', [], [], 'regex_invalid', ['10.42']],
    ['lookbehind_variable_length_10_46', '/(?<=ab?)x/', ['ax', 'abx', 'zabx'], ['bx', 'x', 'a x'], '(?<=ab?)x', ['10.46']],
    ['lookbehind_unbounded_10_46', '/(?<=a*)x/', [], [], 'regex_invalid', ['10.46']],
    // Group names: at most 32 code units in PCRE2 10.42, 128 from 10.44.
    ['long_group_name', '/^(?<' . str_repeat('n', 40) . '>a)$/D', [], [], 'regex_invalid', ['10.42']],
    ['long_group_name_10_46', '/^(?<' . str_repeat('n', 40) . '>a)$/D', ['a'], ['b'], '^a$', ['10.46']],
    // PCRE2 10.42's first code unit optimisation with a leading lookahead
    // (fixed in 10.45): preg_match says no to "a" and "xa", so no pattern.
    ['first_code_unit_bug', '/(?=a)b?a/', [], [], 'regex_pcre_version', ['10.42']],
    ['first_code_unit_bug_dot', '/(?=a)b?a./', [], [], 'regex_pcre_version', ['10.42']],
    ['first_code_unit_bug_caseless', '/(?=a)b?A/i', [], [], 'regex_pcre_version', ['10.42']],
    ['first_code_unit_fixed_10_46', '/(?=a)b?a/', ['a', 'xa', 'ba'], ['b', 'x', ''], '(?=a)b?a', ['10.46']],
    // 10.46 compares the two units as written: a caseless letter written in
    // the other case is still answered wrongly.
    ['first_code_unit_other_case_10_46', '/(?=a)b?A/i', [], [], 'regex_pcre_version', ['10.46']],
    ['first_code_unit_dot_fixed_10_46', '/(?=a)b?a./', ['ab', 'xab', 'aa'], ['a', 'ba'], '(?=a)b?a[^\n]', ['10.46']],
    // The same shape PCRE2 10.42 answers rightly: anchored, a first character of
    // its own, or a lookahead with no literal.
    ['first_code_unit_anchored', '/^(?=a)b?a/', ['a', 'ab'], ['xa', 'ba'], '^(?=a)b?a'],
    ['first_code_unit_own_first_character', '/(?=a)a.*/', ['a', 'xa'], ['b', ''], '(?=a)a'],
    ['first_code_unit_lookahead_without_literal', '/(?=.)b?a/', ['a', 'ba'], ['b', "\n"], '(?=[^\n])b?a'],
    // Drupal 11's block id (block.schema.yml): the leading (?!\.) folded into the first character.
    ['negative_lookahead_folded_block_id', '/^(?!\.)[a-z0-9_.]+$/', ['block_1', 'a.b', 'a.'], ['.a', '', 'A', '.', "x\n"], '^[0-9_a-z][.0-9_a-z]*$'],
    ['negative_lookahead_folded_bounded', '/^(?![0-9])\w{1,10}$/D', ['a1', '_', 'abcdefghij'], ['1a', '', 'abcdefghijk'], '^[A-Z_a-z][0-9A-Z_a-z]{0,9}$'],
    ['negative_lookahead_folded_single', '/^a(?!b)./', ['ac', 'aa', 'acb'], ['ab', 'a', "a\n"], '^a[^\nb]'],
    ['negative_lookahead_not_folded_before_a_group', '/^(?!\.)(?:[a-z.])+$/D', ['a.b'], ['.a'], '^[a-z][.a-z]*$'],
    ['negative_lookahead_not_folded_before_an_optional_run', '/^(?!\.)[a-z.]*$/D', ['a.', ''], ['.a'], '^(?!\.)[.a-z]*$'],
    ['negative_lookahead_not_folded_wider_than_a_character', '/^(?!ab)[a-z]+$/D', ['ac', 'a'], ['ab', 'abc'], '^(?!ab)[a-z]+$'],
    ['positive_lookahead_kept', '/^(?=[a-z])[^<>]*$/D', ['ab'], ['1a', ''], '^(?=[a-z])[^<>]*$'],
    ['word_start', '/[[:<:]]foo/', ['a foo', 'foo'], ['afoo', '_foo'], '\b(?=[0-9A-Z_a-z])foo'],
    ['skip_backreference', '/^(a)\1$/', ['aa'], [], 'regex_unsupported_construct'],
    ['skip_unicode_word_boundary', '/\bfoo\b/u', ['a foo'], [], 'regex_unicode'],
    ['skip_unicode_script', '/^\p{Greek}/u', ['αβ'], [], 'regex_unicode'],
    ['skip_byte_dot', '/^.{1,3}$/', ['abc'], [], 'regex_byte_semantics'],
    ['skip_too_much_work', $wide204, [], [], 'regex_too_complex'],
    // Nested optional items under a counted repeat: the route analysis once built
    // gigabytes for it (the work budget now charges every intermediate structure).
    // Three copies are few enough for the exact rewrite.
    ['backtracking_rewritten_nested_optionals', '/^(a?:?){3}$/', ['', 'a', 'a::', 'a:a:a:', ':::'], ['aaaa', '::::', 'b', 'a:a:a:a']],
    // The exact translation (a `not`) runs out of work; the end-only one
    // (a `pattern`) has less to do and is refused for backtracking.
    ['skip_too_much_work_nested_optionals', ['pattern' => '/^(a?:?){16}$/', 'match' => false], ['b'], [], 'regex_too_complex'],
    ['skip_backtracking_nested_optionals_end_only', '/^(a?:?){16}$/', ['aa:', ''], [], 'regex_backtracking'],
    ['case_folding_unicode', '/^[a-zäöüß]+$/iu', ['Straße', 'STRAẞE', 'ÄÖÜ', "\u{212A}"], ['ss-x', 'é']],
    ['case_folding_sigma', '/^σ+$/iu', ['σςΣ'], ['s', 'o']],
    ['skip_modifier', '/^a$/J', [], [], 'regex_unsupported_modifier'],
    ['skip_invalid', '/^(a$/', [], [], 'regex_invalid'],
    ['skip_recursion', '/\((?R)?\)/', ['(())'], [], 'regex_unsupported_construct'],
    ['skip_match_false', ['pattern' => '/\b/u', 'match' => false], [], [], 'regex_unicode'],
];

$lines = [];
$check = [];
$missing = false;
foreach ($cases as $case) {
    [$name, $option, $accept, $reject] = $case;
    $want = $case[4] ?? null;
    $versions = $case[5] ?? null;
    if ($versions !== null && !\in_array($running, $versions, true)) {
        if (!isset($existing["regex_$name"])) {
            fwrite(STDERR, "regex_$name is for PCRE2 " . implode(', ', $versions) . ": left out until made on a PHP that runs it\n");
            $missing = true;
            continue;
        }
        $lines[] = $existing["regex_$name"];
        continue;
    }
    $source = is_array($option) ? $option['pattern'] : $option;
    $match = !is_array($option) || ($option['match'] ?? true);
    [$pattern, $code, $message] = $match ? Translator::translateEndOnly($source) : Translator::translate($source);
    // The reference: PCRE with D where the translation reads `$` as under D
    // (it differs from the exact one), else PCRE as written.
    $endOnly = $match && $pattern !== null && $pattern !== Translator::translate($source)[0];
    foreach ([[$accept, true], [$reject, false]] as [$list, $wanted]) {
        foreach ($list as $s) {
            $r = preg_match($source . ($endOnly ? 'D' : ''), $s);
            if ($r === false || ($r === 1) !== ($wanted === $match)) {
                fwrite(STDERR, "regex_$name: preg_match disagrees on " . json_encode($s) . "\n");
                exit(1);
            }
            if ($endOnly && !$wanted && preg_match($source, $s) === 1 && !str_ends_with($s, "\n")) {
                fwrite(STDERR, "regex_$name: D refuses " . json_encode($s) . " otherwise than for a final newline\n");
                exit(1);
            }
        }
    }
    if ($want !== null && ($pattern ?? $code) !== $want) {
        fwrite(STDERR, "regex_$name: expected $want, got " . ($pattern ?? "$code: $message") . "\n");
        exit(1);
    }
    if ($pattern !== null && preg_match('/\(\?<?[=!]/', $pattern) && !preg_match('/\(\?<?[=!]|\[\[:[<>]:\]\]|\$\||\+\+|\$./', $source)) {
        fwrite(STDERR, "regex_$name: $pattern has a lookaround the source does not need\n");
        exit(1);
    }
    if ($pattern === null) {
        $schema = ['type' => 'string'];
        $warnings = [['code' => $code, 'path' => 'constraints.Regex', 'message' => $message]];
    } else {
        $schema = $match ? ['type' => 'string', 'pattern' => $pattern] : ['type' => 'string', 'not' => ['pattern' => $pattern]];
        $warnings = [];
        $check[] = ['pattern' => $pattern, 'match' => $match, 'accept' => $accept, 'reject' => $reject, 'name' => $name];
    }
    $j = static fn (mixed $v): string => json_encode($v, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR);
    $line = "  {\"name\": " . $j("regex_$name") . ",\n"
        . ($versions !== null ? "   \"pcre\": " . $j($versions) . ",\n" : '')
        . "   \"function\": \"normalize\",\n"
        . "   \"definition\": " . $j(['type' => 'string', 'constraints' => ['Regex' => $option]]) . ",\n"
        . "   \"schema\": " . $j($schema) . ",\n"
        . "   \"warnings\": " . $j($warnings) . ",\n"
        . "   \"accept\": " . $j($accept) . ",\n"
        . "   \"reject\": " . $j($reject) . "}";
    if ($versions === null && $running !== Pcre::V10_42 && ($existing["regex_$name"] ?? $line) !== $line) {
        fwrite(STDERR, "regex_$name differs on PCRE2 $running from what 10.42 made: give it versions\n");
        exit(1);
    }
    $lines[] = $line;
}

// The translations must agree with the accept/reject strings under ECMA semantics too.
$tmp = tempnam(sys_get_temp_dir(), 'regex-fx');
$js = 'const c = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); let bad = 0;'
    . 'for (const x of c) { const re = new RegExp(x.pattern, "u");'
    . ' for (const s of x.accept) if (re.test(s) !== x.match) { bad++; console.error(x.name, JSON.stringify(s)); }'
    . ' for (const s of x.reject) if (re.test(s) === x.match) { bad++; console.error(x.name, JSON.stringify(s)); } }'
    . 'process.exit(bad ? 1 : 0);';
file_put_contents($tmp, json_encode($check, JSON_THROW_ON_ERROR));
passthru('node -e ' . escapeshellarg($js) . ' ' . escapeshellarg($tmp), $status);
unlink($tmp);
if ($status !== 0) {
    fwrite(STDERR, "node disagrees with a fixture\n");
    exit(1);
}

$out = "{\"rule\": \"regex\", \"cases\": [\n" . implode(",\n", $lines) . "\n]}\n";
file_put_contents($file, $out);
echo count($lines), " cases written to tests/fixtures/regex.json", $missing ? ' (some left out: run it on the other version too)' : '', "\n";
