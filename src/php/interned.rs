//! The [`Sym`] strings as permanent interned zend_strings, made once at MINIT,
//! with their hashes computed, so lookups and inserts never hash or allocate.

use std::cell::UnsafeCell;

use ext_php_rs::ffi::{zend_string, zend_string_init_interned};

use crate::sym::Sym;

const N: usize = Sym::ALL.len();

struct Table(UnsafeCell<[*mut zend_string; N]>);

// SAFETY: written only in MINIT, before any request runs (and before any other
// thread of a ZTS build calls our functions); read-only afterwards.
unsafe impl Sync for Table {}

static TABLE: Table = Table(UnsafeCell::new([std::ptr::null_mut(); N]));

/// Interns every symbol. Called from MINIT. Returns false when the engine's
/// interning function is missing or fails.
pub fn init() -> bool {
    // SAFETY: MINIT runs once, single-threaded; the engine's interning function
    // pointer is set before extensions start.
    unsafe {
        let Some(intern) = zend_string_init_interned else {
            return false;
        };
        let table = &mut *TABLE.0.get();
        for (slot, sym) in table.iter_mut().zip(Sym::ALL) {
            let s = sym.as_str();
            let zs = intern(s.as_ptr().cast(), s.len(), true);
            if zs.is_null() {
                return false;
            }
            *slot = zs;
        }
    }
    true
}

/// The interned string of `sym`.
#[inline]
pub fn get(sym: Sym) -> *mut zend_string {
    // SAFETY: filled at MINIT (a failed init fails MINIT, so no function runs).
    unsafe { (*TABLE.0.get())[sym as usize] }
}
