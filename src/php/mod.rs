//! The PHP extension `tool_schema`: module registration, argument handling and
//! the bridge from the rules to PHP (exceptions, the `$warnings` out parameter).
//! It holds no rule: it reads the arguments, calls [`crate::normalize`] or
//! [`crate::coerce`] with the zval backend, and writes the results.
//!
//! The functions are registered as raw handlers rather than through
//! `#[php_function]`, so that arguments are read in place (no conversion to Rust
//! types) and the by-reference `$warnings` is assigned the way the engine does it.
//!
//! Each handler runs its whole body (argument checks, the rules, the warnings
//! list, the return value and the reference) inside [`guarded`]: the engine's
//! `zend_try` (a bailout: `memory_limit`, a fatal error) and `catch_unwind` (a
//! panic, a bug: `\Error`).

mod args;
#[cfg(feature = "bench")]
mod bench;
mod engine;
mod interned;
mod zval;

use std::panic::AssertUnwindSafe;

use ext_php_rs::args::Arg;
use ext_php_rs::builders::{FunctionBuilder, ModuleBuilder};
use ext_php_rs::flags::DataType;
use ext_php_rs::prelude::*;
use ext_php_rs::types::Zval;
use ext_php_rs::zend::{bailout, try_catch, CatchError, ExecuteData, ModuleEntry};
use ext_php_rs::{info_table_end, info_table_row, info_table_start};

use crate::error::Warning;
use crate::normalize::val::Arena;
use crate::sym::Sym;
use crate::view::Build;
use args::{Args, Thrown};
use zval::{Owned, ZBuilder, Z};

const NORMALIZE: &str = "ToolSchema\\normalize_schema";
const COERCE: &str = "ToolSchema\\coerce_input";
const FIT: &str = "ToolSchema\\fit_budget";

/// Runs `body` inside the engine's `zend_try` and `catch_unwind`, with the
/// call's warnings list (it lives here, outside the `zend_try`). A panic
/// (a bug) becomes `\Error`. An unwind the zval backend starts when the
/// engine wants control back ([`engine::engine_interrupted`]: the timeout fired,
/// or a `memory_limit` error the engine delays is pending) returns at once,
/// every Rust value and partial output of the call dropped on the way, and
/// the engine raises its fatal error. A bailout (`memory_limit` exhausted or another
/// fatal error in an engine call) lands here: the Rust state this frame owns
/// is dropped (the Rust frames the engine jumped over are gone; what they
/// held on the engine's heap is freed with the request), then the bailout
/// continues with [`bailout`], so PHP ends the request as usual (the fatal
/// error, shutdown functions, exit code 255).
fn guarded(function: &str, body: impl FnOnce(&mut Vec<Warning>)) {
    let bailed = {
        let mut warnings = Vec::new();
        match try_catch(AssertUnwindSafe(|| body(&mut warnings))) {
            Ok(()) => false,
            Err(CatchError::Bailout) => true,
            // The backend stopped the rules for the engine (a timeout, a delayed
            // memory error): return, and the engine raises its fatal error.
            Err(_) if engine::engine_interrupted() => false,
            Err(_) => {
                Thrown::error(&format!("tool_schema: internal error in {function}()"));
                false
            }
        }
    };
    if bailed {
        // SAFETY: everything this frame owned is dropped; the engine resumes
        // its own bailout (to the `zend_try` that called the script).
        unsafe { bailout() }
    }
}

/// `ToolSchema\normalize_schema(array $definition, array $options = [], ?array &$warnings = null): array`
extern "C" fn normalize_schema(ex: &mut ExecuteData, retval: &mut Zval) {
    guarded(NORMALIZE, |warnings| normalize_call(ex, retval, warnings));
}

fn normalize_call(ex: &ExecuteData, retval: &mut Zval, warnings: &mut Vec<Warning>) {
    let Some((args, definition, options)) = array_call(ex, NORMALIZE, "definition") else {
        return;
    };
    let result = {
        let mut b = ZBuilder::new();
        let arena = Arena::default();
        crate::normalize::normalize(&mut b, &arena, definition, options, warnings)
    };
    finish(&args, retval, result, warnings);
}

/// The arguments `normalize_schema` and `fit_budget` share: an array
/// (`name`), an optional options array and the nullable `$warnings`
/// reference; `None` when one is wrong (the error is thrown).
fn array_call<'a>(
    ex: &'a ExecuteData,
    function: &'static str,
    name: &str,
) -> Option<(Args<'a>, Z<'a>, Option<Z<'a>>)> {
    let args = Args::read(ex, function, 1, 3)?;
    let first = args.array(0, name)?;
    let options = match args.get(1) {
        None => None,
        Some(_) => Some(args.array(1, "options")?),
    };
    if !args.nullable_array_ref(2, "warnings") {
        return None;
    }
    Some((args, first, options))
}

/// Returns `result`, or throws its `\ValueError`. `$warnings` is assigned
/// once, at the end, as the PHP implementation does (a definition may hold a
/// reference to the same variable); when the assignment itself throws (a
/// typed reference), that error wins.
fn finish(
    args: &Args<'_>,
    retval: &mut Zval,
    result: Result<Owned, crate::error::DefinitionError>,
    warnings: &[Warning],
) {
    match result {
        Ok(value) => {
            args.set_ref(2, || warnings_array(warnings));
            if !engine::exception_pending() {
                args::set_return(retval, value);
            }
        }
        Err(e) => {
            args.set_ref(2, || warnings_array(&[]));
            if !engine::exception_pending() {
                Thrown::value_error(&e.to_string());
            }
        }
    }
}

/// `ToolSchema\fit_budget(array $tools, array $options = [], ?array &$warnings = null): array`
extern "C" fn fit_budget(ex: &mut ExecuteData, retval: &mut Zval) {
    guarded(FIT, |warnings| fit_call(ex, retval, warnings));
}

fn fit_call(ex: &ExecuteData, retval: &mut Zval, warnings: &mut Vec<Warning>) {
    let Some((args, tools, options)) = array_call(ex, FIT, "tools") else {
        return;
    };
    let mut b = ZBuilder::new();
    let result = crate::normalize::budget::fit(&mut b, tools, options, warnings, |def, o, ex| {
        let mut warnings = Vec::new();
        let mut b = ZBuilder::new();
        let arena = Arena::default();
        let (schema, stats) =
            crate::normalize::normalize_counted(&mut b, &arena, def, o, &mut warnings)?;
        let examples = if ex {
            let mut b = ZBuilder::new();
            crate::normalize::input_examples::build(&mut b, def, schema.view_built())
        } else {
            None
        };
        Ok(crate::normalize::budget::Normalized {
            schema,
            stats,
            warnings,
            examples,
        })
    });
    finish(&args, retval, result, warnings);
}

/// `ToolSchema\coerce_input(mixed $value, array $definition, array $options = []): mixed`
extern "C" fn coerce_input(ex: &mut ExecuteData, retval: &mut Zval) {
    guarded(COERCE, |_| coerce_call(ex, retval));
}

fn coerce_call(ex: &ExecuteData, retval: &mut Zval) {
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
    let mut b = ZBuilder::new();
    match crate::coerce::coerce(&mut b, value, definition, options) {
        Ok(Some(new)) => args::set_return(retval, new),
        // Unchanged: the very same value, shared.
        Ok(None) => args::set_return(retval, Owned::share(value)),
        Err(e) => Thrown::value_error(&e.to_string()),
    }
}

/// The warnings as a PHP list of `['code' => ..., 'path' => ..., 'message' => ...]`.
fn warnings_array(warnings: &[Warning]) -> Owned {
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
    pcre2ecma::set_pcre_version(&pcre_version());
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

/// `normalize_schema` and `fit_budget`: an array (`first`), then the
/// arguments [`array_call`] reads; an array returned.
fn with_warnings_function(
    name: &'static str,
    handler: extern "C" fn(&mut ExecuteData, &mut Zval),
    first: &'static str,
) -> FunctionBuilder<'static> {
    FunctionBuilder::new(name, handler)
        .arg(Arg::new(first, DataType::Array))
        .not_required()
        .arg(Arg::new("options", DataType::Array).default("[]"))
        .arg(
            Arg::new("warnings", DataType::Array)
                .allow_null()
                .as_ref()
                .default("null"),
        )
        .returns(DataType::Array, false, false)
}

#[php_module]
pub fn get_module(module: ModuleBuilder) -> ModuleBuilder {
    let module = module
        .startup_function(startup)
        .info_function(info)
        .constant(("ToolSchema\\IMPLEMENTATION", "native", &[]))
        .constant(("ToolSchema\\VERSION", crate::VERSION, &[]))
        .function(with_warnings_function(
            NORMALIZE,
            normalize_schema,
            "definition",
        ))
        .function(with_warnings_function(FIT, fit_budget, "tools"))
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
