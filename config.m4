dnl config.m4 for tool_schema, a PHP extension written in Rust (ext-php-rs).
dnl
dnl phpize && ./configure && make && make install builds the crate with cargo
dnl (release profile) and installs tool_schema.so into PHP's extension
dnl directory. PIE runs exactly these steps.
dnl
dnl The C side is empty: PHP_NEW_EXTENSION only sets up phpize's libtool rules
dnl (modules/, make install, make test); Makefile.frag then builds the crate and
dnl overwrites the empty libtool module modules/tool_schema.so with the one
dnl cargo built.

PHP_ARG_ENABLE([tool_schema],
  [whether to enable tool_schema],
  [AS_HELP_STRING([--enable-tool-schema],
    [Enable tool_schema (JSON Schema and input coercion for Drupal Tool API), built with cargo])],
  [yes])

PHP_ARG_WITH([tool-schema-cargo],
  [for the cargo binary to build tool_schema with],
  [AS_HELP_STRING([--with-tool-schema-cargo=PATH],
    [tool_schema: path to cargo (default: cargo from PATH or ~/.cargo/bin)])],
  [no],
  [no])

if test "$PHP_TOOL_SCHEMA" != "no"; then
  if test "$ext_shared" = "no"; then
    AC_MSG_ERROR([tool_schema can only be built as a shared extension (phpize, or --enable-tool-schema=shared)])
  fi

  dnl cargo (and with it rustc) builds the extension.
  if test "$PHP_TOOL_SCHEMA_CARGO" != "no" && test "$PHP_TOOL_SCHEMA_CARGO" != "yes"; then
    TOOL_SCHEMA_CARGO="$PHP_TOOL_SCHEMA_CARGO"
  else
    AC_PATH_PROG([TOOL_SCHEMA_CARGO], [cargo], [no], [$PATH:$HOME/.cargo/bin])
  fi
  if test "$TOOL_SCHEMA_CARGO" = "no" || test ! -x "$TOOL_SCHEMA_CARGO"; then
    AC_MSG_ERROR([cargo was not found: install Rust (https://rustup.rs) or pass --with-tool-schema-cargo=/path/to/cargo])
  fi
  AC_MSG_CHECKING([cargo version])
  tool_schema_cargo_version=`"$TOOL_SCHEMA_CARGO" --version 2>/dev/null`
  if test -z "$tool_schema_cargo_version"; then
    AC_MSG_ERROR([$TOOL_SCHEMA_CARGO --version failed])
  fi
  AC_MSG_RESULT([$tool_schema_cargo_version])

  dnl ext-php-rs's build script runs php-config and php: both must be given to
  dnl cargo as absolute paths (a bare name or a relative path does not work once
  dnl cargo runs the build script from its own directory).
  AC_MSG_CHECKING([for the absolute path of php-config])
  case "$PHP_CONFIG" in
    /*) TOOL_SCHEMA_PHP_CONFIG="$PHP_CONFIG" ;;
    */*) TOOL_SCHEMA_PHP_CONFIG="`cd \`dirname "$PHP_CONFIG"\` && pwd`/`basename "$PHP_CONFIG"`" ;;
    *) TOOL_SCHEMA_PHP_CONFIG="`command -v "$PHP_CONFIG"`" ;;
  esac
  if test -z "$TOOL_SCHEMA_PHP_CONFIG" || test ! -x "$TOOL_SCHEMA_PHP_CONFIG"; then
    AC_MSG_ERROR([cannot resolve php-config ($PHP_CONFIG) to an absolute path])
  fi
  AC_MSG_RESULT([$TOOL_SCHEMA_PHP_CONFIG])

  AC_MSG_CHECKING([for the absolute path of the PHP binary])
  TOOL_SCHEMA_PHP="`$TOOL_SCHEMA_PHP_CONFIG --php-binary 2>/dev/null`"
  case "$TOOL_SCHEMA_PHP" in
    /*) ;;
    *) TOOL_SCHEMA_PHP="`command -v "$TOOL_SCHEMA_PHP"`" ;;
  esac
  if test -z "$TOOL_SCHEMA_PHP" || test ! -x "$TOOL_SCHEMA_PHP"; then
    AC_MSG_ERROR([$TOOL_SCHEMA_PHP_CONFIG --php-binary does not name an executable PHP binary])
  fi
  AC_MSG_RESULT([$TOOL_SCHEMA_PHP])

  PHP_SUBST(TOOL_SCHEMA_CARGO)
  PHP_SUBST(TOOL_SCHEMA_PHP_CONFIG)
  PHP_SUBST(TOOL_SCHEMA_PHP)

  PHP_NEW_EXTENSION(tool_schema, [], $ext_shared)
  PHP_ADD_MAKEFILE_FRAGMENT
fi
