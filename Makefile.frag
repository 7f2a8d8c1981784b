# Included by the Makefile that phpize/configure generate (see config.m4).
#
# phpize's rules link an empty libtool module (modules/tool_schema.so); this
# builds the real extension with cargo (release profile) and copies it over that
# file, so `make`, `make test` and `make install` all use the cargo-built one.
#
# CARGO_TARGET_DIR (environment) is honoured: a relative value is relative to
# the source directory. CARGO_BUILD_FLAGS adds flags (e.g. --offline, -j1).

CARGO_BUILD_FLAGS =

# `make test` runs the .phpt tests in tests/phpt (not a scan of the whole tree).
TESTS = $(top_srcdir)/tests/phpt

all: tool-schema-cargo
build-modules: tool-schema-cargo

tool-schema-cargo: $(phplibdir)/tool_schema.la
	@set -e; \
	target="$${CARGO_TARGET_DIR:-target}"; \
	case "$$target" in /*) ;; *) target="$(srcdir)/$$target" ;; esac; \
	echo "tool_schema: cargo build --release (target dir $$target)"; \
	(cd "$(srcdir)" && \
		PHP_CONFIG="$(TOOL_SCHEMA_PHP_CONFIG)" PHP="$(TOOL_SCHEMA_PHP)" \
		"$(TOOL_SCHEMA_CARGO)" build --release --locked --lib $(CARGO_BUILD_FLAGS)); \
	lib="$$target/release/libtool_schema.so"; \
	if test ! -f "$$lib" && test -f "$$target/release/libtool_schema.dylib"; then \
		lib="$$target/release/libtool_schema.dylib"; \
	fi; \
	cp "$$lib" "$(phplibdir)/tool_schema.so"; \
	echo "tool_schema: $$lib -> $(phplibdir)/tool_schema.so"

.PHONY: tool-schema-cargo
