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
    init_by_hash();
    true
}

/// Symbols by the hash of their text, sorted: built at MINIT.
struct ByHash(UnsafeCell<[(u64, Sym); N]>);

// SAFETY: as `Table`.
unsafe impl Sync for ByHash {}

static BY_HASH: ByHash = ByHash(UnsafeCell::new([(0, Sym::Type); N]));

fn init_by_hash() {
    // SAFETY: MINIT only, after the strings were interned (their hashes are
    // computed when interned).
    unsafe {
        let by_hash = &mut *BY_HASH.0.get();
        for (slot, sym) in by_hash.iter_mut().zip(Sym::ALL) {
            *slot = ((*get(*sym)).h, *sym);
        }
        by_hash.sort_unstable_by_key(|(h, _)| *h);
    }
}

/// The symbol whose text is the string `s`: found by the string's cached hash
/// (array keys always have it), then checked byte for byte.
///
/// # Safety
/// `s` is a live zend_string.
pub unsafe fn find(s: *const zend_string) -> Option<Sym> {
    // SAFETY: `s` is live (the caller's promise); BY_HASH is read-only after
    // MINIT.
    unsafe {
        let h = (*s).h;
        let text = std::slice::from_raw_parts((*s).val.as_ptr().cast::<u8>(), (*s).len);
        if h == 0 {
            return Sym::find(text);
        }
        let by_hash = &*BY_HASH.0.get();
        let start = by_hash.partition_point(|(x, _)| *x < h);
        by_hash[start..]
            .iter()
            .take_while(|(x, _)| *x == h)
            .map(|(_, sym)| *sym)
            .find(|sym| sym.as_str().as_bytes() == text)
    }
}

/// The interned string of `sym`.
#[inline]
pub fn get(sym: Sym) -> *mut zend_string {
    // SAFETY: filled at MINIT (a failed init fails MINIT, so no function runs).
    unsafe { (*TABLE.0.get())[sym as usize] }
}
