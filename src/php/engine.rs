//! Engine state the rules look at while they run: whether the engine wants
//! control back (a timeout, a delayed memory error) and whether an exception
//! is pending, read from the executor globals, and the unwind that stops the
//! rules for the engine.
//!
//! # Safety
//!
//! The unsafe code here reads the executor globals of this thread only; the
//! unsafe code that touches values lives in [`super::zval`].

use ext_php_rs::ffi::zend_executor_globals;

/// True when the engine wants control back before the call ends: the
/// `max_execution_time` timer fired (`EG(timed_out)`), or, on an engine that
/// delays a `memory_limit` error until the running internal function returns
/// (`EG(delayed_oom)`, `ZEND_HAS_OOM()`: Debian's PHP 8.2 here), such an error
/// is pending. The engine raises its fatal error as soon as the call returns;
/// the rules must stop building (an engine with delayed errors kills the
/// process when a pending call goes on to twice the limit).
pub fn engine_interrupted() -> bool {
    // SAFETY: the executor globals of this thread, live while a request runs;
    // `timed_out` is written by a signal handler, hence the volatile read.
    unsafe {
        let eg = executor_globals();
        if std::ptr::read_volatile(&raw const (*eg).timed_out.value) {
            return true;
        }
        #[cfg(php_delayed_oom)]
        if (*eg).delayed_oom.state == ext_php_rs::ffi::_zend_oom_state_ZEND_OOM_STATE_PENDING {
            return true;
        }
    }
    false
}

/// True when an exception is pending (`EG(exception)`).
pub fn exception_pending() -> bool {
    // SAFETY: the executor globals of this thread, live while a request runs.
    unsafe { !(*executor_globals()).exception.is_null() }
}

/// The executor globals of this thread: the engine's symbol (no call), or
/// through TSRM on a thread-safe engine.
#[inline]
fn executor_globals() -> *const zend_executor_globals {
    #[cfg(not(tool_schema_zts))]
    {
        // Only the address is taken.
        &raw const ext_php_rs::ffi::executor_globals
    }
    #[cfg(tool_schema_zts)]
    {
        // SAFETY: TSRM's pointer to this thread's globals.
        unsafe { ext_php_rs::ffi::ext_php_rs_executor_globals() }
    }
}

/// The payload of the unwind [`yield_if_interrupted`] starts.
pub struct Interrupted;

/// Stops the rules when [`engine_interrupted`]: unwinds (without the panic
/// hook's message) to the handler's `catch_unwind`, dropping on the way every
/// Rust value and every partial output the call holds; the handler then
/// returns to the engine. Called before each new array, every 1024 entries
/// put into one, and every 4096 entries of a long array read.
#[inline]
pub(super) fn yield_if_interrupted() {
    if engine_interrupted() {
        std::panic::resume_unwind(Box::new(Interrupted));
    }
}
