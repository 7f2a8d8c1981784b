#!/usr/bin/env bash
# The native extension under valgrind (memcheck): every fixture case and a few
# hundred random definitions and values. Fails on any invalid read or write,
# use of uninitialised memory, or definite leak. PHP's allocator is switched off
# (USE_ZEND_ALLOC=0) so valgrind sees every allocation, and PCRE's JIT too (its
# generated code trips valgrind's uninitialised-value checks on its own).
set -euo pipefail
so="${TOOL_SCHEMA_SO:?set TOOL_SCHEMA_SO to the built tool_schema.so}"
USE_ZEND_ALLOC=0 ZEND_DONT_UNLOAD_MODULES=1 valgrind -q --error-exitcode=9 \
    --leak-check=full --errors-for-leak-kinds=definite \
    php -n -d pcre.jit=0 -d extension="$so" tests/valgrind/run.php 7 2000
