//! Reading the arguments of a raw handler, and PHP's own errors for bad ones.

use std::ffi::CString;
use std::mem::ManuallyDrop;

use ext_php_rs::ffi::{
    zend_ce_argument_count_error, zend_ce_error, zend_ce_type_error, zend_ce_value_error,
    zend_class_entry, zend_throw_exception, zend_try_assign_typed_ref_arr, zval, zval_ptr_dtor,
};
use ext_php_rs::types::Zval;
use ext_php_rs::zend::ExecuteData;

use super::zval::{deref, type_of, Owned, IS_ARRAY, IS_REFERENCE, Z};

/// The arguments of one call.
pub struct Args<'a> {
    ex: &'a ExecuteData,
    n: usize,
    function: &'static str,
}

/// Exceptions thrown to PHP.
pub struct Thrown;

fn throw(ce: *mut zend_class_entry, message: &str) {
    // An interior NUL would cut the message: show it escaped instead.
    let message = CString::new(message.replace('\0', "\\0")).unwrap_or_default();
    // SAFETY: the class entry is one of the engine's; the message is copied.
    unsafe {
        zend_throw_exception(ce, message.as_ptr(), 0);
    }
}

impl Thrown {
    pub fn value_error(message: &str) {
        // SAFETY: engine class entries are set before any function runs.
        throw(unsafe { zend_ce_value_error }, message);
    }
    pub fn type_error(message: &str) {
        // SAFETY: as above.
        throw(unsafe { zend_ce_type_error }, message);
    }
    pub fn error(message: &str) {
        // SAFETY: as above.
        throw(unsafe { zend_ce_error }, message);
    }
}

/// PHP's name for the type of a value, as in "must be of type array, X given".
fn type_name(zv: &zval) -> String {
    use super::zval::*;
    match type_of(zv) {
        IS_NULL | IS_UNDEF => "null".into(),
        IS_FALSE | IS_TRUE => "bool".into(),
        IS_LONG => "int".into(),
        IS_DOUBLE => "float".into(),
        IS_STRING => "string".into(),
        IS_ARRAY => "array".into(),
        IS_OBJECT => {
            // SAFETY: type checked; a live object has a live class entry.
            unsafe {
                let obj = zv.value.obj;
                let name = (*(*obj).ce).name;
                String::from_utf8_lossy(std::slice::from_raw_parts(
                    (*name).val.as_ptr().cast::<u8>(),
                    (*name).len,
                ))
                .into_owned()
            }
        }
        _ => "resource".into(),
    }
}

impl<'a> Args<'a> {
    /// Checks the argument count (`ArgumentCountError` in PHP's wording).
    pub fn read(
        ex: &'a ExecuteData,
        function: &'static str,
        min: usize,
        max: usize,
    ) -> Option<Self> {
        // SAFETY: all members of the `u2` union are the same u32.
        let n = unsafe { ex.This.u2.num_args } as usize;
        if n < min || n > max {
            let (which, count) = if n < min {
                ("at least", min)
            } else {
                ("at most", max)
            };
            let plural = if count == 1 { "" } else { "s" };
            let message =
                format!("{function}() expects {which} {count} argument{plural}, {n} given");
            // SAFETY: engine class entry.
            throw(unsafe { zend_ce_argument_count_error }, &message);
            return None;
        }
        Some(Args { ex, n, function })
    }

    /// Argument `i` (0-based) as passed (a reference for by-ref parameters).
    pub fn get(&self, i: usize) -> Option<&'a zval> {
        if i >= self.n {
            return None;
        }
        // SAFETY: i < num_args, so the slot is an initialized argument.
        unsafe { self.ex.zend_call_arg(i).map(|z| &*(z as *mut Zval)) }
    }

    /// Argument `i` as an array, or a `TypeError` in PHP's wording.
    pub fn array(&self, i: usize, name: &str) -> Option<Z<'a>> {
        // SAFETY: an argument is a live engine value for the call, and no PHP
        // code runs while the rules read it.
        let zv = unsafe { deref(self.get(i)?) };
        if type_of(zv) == IS_ARRAY {
            // SAFETY: as above.
            return Some(unsafe { Z::new(zv) });
        }
        Thrown::type_error(&format!(
            "{}(): Argument #{} (${name}) must be of type array, {} given",
            self.function,
            i + 1,
            type_name(zv)
        ));
        None
    }

    /// Checks that the by-reference argument `i`, when given, holds null or an
    /// array (`?array &$name`), as PHP checks a user function's parameter.
    pub fn nullable_array_ref(&self, i: usize, name: &str) -> bool {
        let Some(zv) = self.get(i) else { return true };
        // SAFETY: a live argument.
        let inner = unsafe { deref(zv) };
        if matches!(
            type_of(inner),
            IS_ARRAY | super::zval::IS_NULL | super::zval::IS_UNDEF
        ) {
            return true;
        }
        Thrown::type_error(&format!(
            "{}(): Argument #{} (${name}) must be of type ?array, {} given",
            self.function,
            i + 1,
            type_name(inner)
        ));
        false
    }

    /// Argument `i` without a type check.
    pub fn mixed(&self, i: usize) -> Option<Z<'a>> {
        // SAFETY: as in `array`.
        self.get(i).map(|zv| unsafe { Z::new(zv) })
    }

    /// Assigns to the by-reference argument `i`, when it was passed by reference.
    pub fn set_ref(&self, i: usize, make: impl FnOnce() -> Owned) {
        let Some(zv) = self.get(i) else { return };
        if type_of(zv) != IS_REFERENCE {
            return;
        }
        let value = make().into_raw();
        // SAFETY: a reference argument is live for the call. As the engine's
        // ZEND_TRY_ASSIGN_REF_ARR: a typed reference (to a typed property) is
        // checked and assigned by the engine; otherwise the old value is
        // released and replaced.
        unsafe {
            let r = zv.value.ref_;
            if !(*r).sources.ptr.is_null() {
                zend_try_assign_typed_ref_arr(r, value.value.arr);
            } else {
                let mut old = ManuallyDrop::new(std::ptr::read(&(*r).val));
                std::ptr::write(&mut (*r).val, ManuallyDrop::into_inner(value));
                zval_ptr_dtor(&mut *old);
            }
        }
    }
}

/// Moves `value` into the return slot.
pub fn set_return(retval: &mut Zval, value: Owned) {
    let raw = value.into_raw();
    // SAFETY: the return slot is uninitialized (IS_UNDEF/NULL) on entry; the
    // value's refcount moves into it.
    unsafe {
        std::ptr::write(
            std::ptr::from_mut(retval).cast::<zval>(),
            ManuallyDrop::into_inner(raw),
        )
    };
}
