//! Records what the extension was built with, for `php --ri tool_schema`:
//! the ext-php-rs version (from Cargo.lock), rustc's version and the PHP API.

use std::process::Command;

fn output(cmd: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(cmd).args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

fn ext_php_rs_version() -> String {
    let lock = std::fs::read_to_string("Cargo.lock").unwrap_or_default();
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == "name = \"ext-php-rs\"" {
            if let Some(v) = lines.next().and_then(|l| l.strip_prefix("version = ")) {
                return v.trim_matches('"').to_owned();
            }
        }
    }
    "unknown".to_owned()
}

fn main() {
    println!("cargo:rerun-if-changed=Cargo.lock");
    println!("cargo:rerun-if-env-changed=PHP_CONFIG");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let rustc = output(&rustc, &["--version"]).unwrap_or_else(|| "unknown".to_owned());
    let php_config = std::env::var("PHP_CONFIG").unwrap_or_else(|_| "php-config".to_owned());
    let api = output(&php_config, &["--phpapi"]).unwrap_or_else(|| "unknown".to_owned());
    // The zval backend reads packed arrays as PHP 8.2 lays them out (zvals,
    // not Buckets): refuse to build the extension against an older PHP.
    if std::env::var_os("CARGO_FEATURE_EXTENSION").is_some() {
        let vernum = output(&php_config, &["--vernum"]).and_then(|v| v.parse::<u32>().ok());
        if let Some(v) = vernum.filter(|v| *v < 80200) {
            panic!("tool_schema needs PHP 8.2 or newer to build the extension (php-config --vernum: {v})");
        }
    }
    // An engine that delays a memory_limit error until the running internal
    // function returns (EG(delayed_oom), ZEND_HAS_OOM() in zend_alloc.h):
    // the zval backend then stops the rules when one is pending.
    println!("cargo::rustc-check-cfg=cfg(php_delayed_oom)");
    println!("cargo::rustc-check-cfg=cfg(tool_schema_zts)");
    // A thread-safe (ZTS) engine: the executor globals are reached through
    // TSRM instead of the `executor_globals` symbol.
    if std::env::var_os("CARGO_FEATURE_EXTENSION").is_some() {
        let config = output(&php_config, &["--include-dir"])
            .and_then(|dir| std::fs::read_to_string(format!("{dir}/main/php_config.h")).ok());
        if config.is_some_and(|c| c.lines().any(|l| l.trim() == "#define ZTS 1")) {
            println!("cargo:rustc-cfg=tool_schema_zts");
        }
    }
    if std::env::var_os("CARGO_FEATURE_EXTENSION").is_some() {
        let header = output(&php_config, &["--include-dir"])
            .and_then(|dir| std::fs::read_to_string(format!("{dir}/Zend/zend_alloc.h")).ok());
        if header.is_some_and(|h| h.contains("ZEND_HAS_OOM")) {
            println!("cargo:rustc-cfg=php_delayed_oom");
        }
    }
    println!(
        "cargo:rustc-env=TOOL_SCHEMA_EXT_PHP_RS={}",
        ext_php_rs_version()
    );
    println!("cargo:rustc-env=TOOL_SCHEMA_RUSTC={rustc}");
    println!("cargo:rustc-env=TOOL_SCHEMA_PHP_API={api}");
}
