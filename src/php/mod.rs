//! The PHP extension `tool_schema`: module registration, argument handling and
//! the bridge from the rules to PHP (exceptions, the `$warnings` out parameter).
//!
//! The functions are registered as raw handlers rather than through
//! `#[php_function]`, so that arguments are read in place (no conversion to Rust
//! types) and the by-reference `$warnings` is assigned the way the engine does it.

mod args;
#[cfg(feature = "bench")]
mod bench;
mod coerce;
mod interned;
mod zval;

use std::panic::{catch_unwind, AssertUnwindSafe};

use ext_php_rs::args::Arg;
use ext_php_rs::builders::{FunctionBuilder, ModuleBuilder};
use ext_php_rs::flags::DataType;
use ext_php_rs::prelude::*;
use ext_php_rs::types::Zval;
use ext_php_rs::zend::{ExecuteData, ModuleEntry};
use ext_php_rs::{info_table_end, info_table_row, info_table_start};

use crate::error::Warning;
use crate::sym::Sym;
use crate::view::{Build, KeyRef, Node};
use args::{Args, Thrown};
use zval::{ZBuilder, Z};

const NORMALIZE: &str = "ToolSchema\\normalize_schema";
const COERCE: &str = "ToolSchema\\coerce_input";

/// `ToolSchema\normalize_schema(array $definition, array $options = [], ?array &$warnings = null): array`
extern "C" fn normalize_schema(ex: &mut ExecuteData, retval: &mut Zval) {
    let Some(args) = Args::read(ex, NORMALIZE, 1, 3) else {
        return;
    };
    let Some(definition) = args.array(0, "definition") else {
        return;
    };
    let options = match args.get(1) {
        None => None,
        Some(_) => match args.array(1, "options") {
            Some(o) => Some(o),
            None => return,
        },
    };
    if !args.nullable_array_ref(2, "warnings") {
        return;
    }
    let result = catch_unwind(AssertUnwindSafe(|| {
        let mut b = ZBuilder::new();
        crate::normalize::normalize(&mut b, definition, options)
    }));
    match result {
        Ok(Ok((schema, warnings))) => {
            args.set_ref(2, || warnings_array(&warnings));
            args::set_return(retval, schema);
        }
        Ok(Err(e)) => {
            args.set_ref(2, || warnings_array(&[]));
            Thrown::value_error(&e.to_string());
        }
        Err(_) => Thrown::error("tool_schema: internal error in normalize_schema()"),
    }
}

/// `ToolSchema\coerce_input(mixed $value, array $definition, array $options = []): mixed`
extern "C" fn coerce_input(ex: &mut ExecuteData, retval: &mut Zval) {
    let Some(args) = Args::read(ex, COERCE, 2, 3) else {
        return;
    };
    let Some(value) = args.mixed(0) else { return };
    let Some(definition) = args.array(1, "definition") else {
        return;
    };
    let options = match args.get(2) {
        None => None,
        Some(_) => match args.array(2, "options") {
            Some(o) => Some(o),
            None => return,
        },
    };
    let result = catch_unwind(AssertUnwindSafe(|| {
        if let Some(o) = options {
            let mut unknown = None;
            let _ = o.try_each(|k, _| {
                unknown = Some(match k {
                    KeyRef::Int(i) => i.to_string(),
                    KeyRef::Str(b) => String::from_utf8_lossy(b).into_owned(),
                });
                Err(())
            });
            if let Some(k) = unknown {
                return Err(format!("options.{k}: unknown option"));
            }
        }
        let def = crate::coerce::parse_definition(definition).map_err(|e| e.to_string())?;
        Ok(coerce::walk(&def, value))
    }));
    match result {
        Ok(Ok(Some(new))) => args::set_return(retval, new),
        Ok(Ok(None)) => args::set_return(retval, zval::Owned::from_copy(zval::copy(value.zval()))),
        Ok(Err(message)) => Thrown::value_error(&message),
        Err(_) => Thrown::error("tool_schema: internal error in coerce_input()"),
    }
}

/// The warnings as a PHP list of `['code' => ..., 'path' => ..., 'message' => ...]`.
fn warnings_array(warnings: &[Warning]) -> zval::Owned {
    let mut b = ZBuilder::new();
    let mut list = <ZBuilder as Build<Z>>::arr(&mut b);
    for w in warnings {
        let mut o = <ZBuilder as Build<Z>>::obj(&mut b);
        let code = <ZBuilder as Build<Z>>::string(&mut b, w.code);
        <ZBuilder as Build<Z>>::put(&mut b, &mut o, Sym::Code, code);
        let path = <ZBuilder as Build<Z>>::string(&mut b, &w.path);
        <ZBuilder as Build<Z>>::put(&mut b, &mut o, Sym::Path, path);
        let message = <ZBuilder as Build<Z>>::string(&mut b, &w.message);
        <ZBuilder as Build<Z>>::put(&mut b, &mut o, Sym::Message, message);
        let o = <ZBuilder as Build<Z>>::end_obj(&mut b, o);
        <ZBuilder as Build<Z>>::push(&mut b, &mut list, o);
    }
    <ZBuilder as Build<Z>>::end_arr(&mut b, list)
}

/// PHP's `PCRE_VERSION`: the PCRE2 that `preg_match` runs ("" if missing).
fn pcre_version() -> String {
    extern "C" {
        fn zend_get_constant_str(name: *const std::ffi::c_char, len: usize) -> *mut Zval;
    }
    const NAME: &str = "PCRE_VERSION";
    // SAFETY: at MINIT the constants table exists (ext/pcre, a static module,
    // registered its constants first); the pointer, when not null, is a zval
    // owned by that table and only read here.
    let zv = unsafe { zend_get_constant_str(NAME.as_ptr().cast(), NAME.len()).as_ref() };
    zv.and_then(|z| z.str()).unwrap_or("").to_owned()
}

extern "C" fn startup(_ty: i32, _module_number: i32) -> i32 {
    crate::regex::pcre::set_version(&pcre_version());
    if interned::init() {
        0
    } else {
        -1
    }
}

/// `php --ri tool_schema`.
extern "C" fn info(_module: *mut ModuleEntry) {
    info_table_start!();
    info_table_row!("tool_schema support", "enabled");
    info_table_row!("Version", crate::VERSION);
    info_table_row!("Implementation", "native");
    info_table_row!("Built with ext-php-rs", env!("TOOL_SCHEMA_EXT_PHP_RS"));
    info_table_row!("Built with rustc", env!("TOOL_SCHEMA_RUSTC"));
    info_table_row!("PHP API", env!("TOOL_SCHEMA_PHP_API"));
    info_table_end!();
}

#[php_module]
pub fn get_module(module: ModuleBuilder) -> ModuleBuilder {
    let module = module
        .startup_function(startup)
        .info_function(info)
        .constant(("ToolSchema\\IMPLEMENTATION", "native", &[]))
        .constant(("ToolSchema\\VERSION", crate::VERSION, &[]))
        .function(
            FunctionBuilder::new(NORMALIZE, normalize_schema)
                .arg(Arg::new("definition", DataType::Array))
                .not_required()
                .arg(Arg::new("options", DataType::Array).default("[]"))
                .arg(
                    Arg::new("warnings", DataType::Array)
                        .allow_null()
                        .as_ref()
                        .default("null"),
                )
                .returns(DataType::Array, false, false),
        )
        .function(
            FunctionBuilder::new(COERCE, coerce_input)
                .arg(Arg::new("value", DataType::Mixed))
                .arg(Arg::new("definition", DataType::Array))
                .not_required()
                .arg(Arg::new("options", DataType::Array).default("[]"))
                .returns(DataType::Mixed, false, true),
        );
    #[cfg(feature = "bench")]
    let module = module.function(
        FunctionBuilder::new(bench::DEEP_COPY, bench::handler)
            .arg(Arg::new("array", DataType::Array))
            .returns(DataType::Array, false, false),
    );
    module
}
