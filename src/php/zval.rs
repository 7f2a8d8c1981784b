//! The zval backend: [`Node`] and [`Build`] over Zend values, with no
//! intermediate tree.
//!
//! Reading looks keys up with interned, pre-hashed strings
//! (`zend_hash_find_known_hash`) and walks packed and hash arrays in place.
//! Writing fills fresh hashtables with interned keys; input strings, arrays and
//! property names are shared into the output by refcount.
//!
//! # Safety
//!
//! All unsafe code of the extension that touches values lives here. Invariants:
//! - A [`Z`] borrows a zval that is alive and unmodified for `'a` (the input
//!   arguments of one call: the engine holds them, and no PHP code runs while the
//!   rules work, so nothing can change them).
//! - A [`Z`] never points at a reference or indirect zval: [`Z::new`] looks
//!   through them.
//! - An [`Owned`] or [`Table`] owns one refcount of what it holds, and gives it
//!   up exactly once: to a container (`put`/`push`, then `forget`), to the
//!   return value, or on drop (so an error half-way frees the partial output).
//! - Every `KeyRef::Str` that reaches [`ZBuilder::put_key`] or
//!   [`ZBuilder::key_string`] came from [`Z::try_each`], so its bytes are the
//!   `val` of a live `zend_string` (the rules never make string keys of their
//!   own for these two calls).

use std::marker::PhantomData;
use std::mem::{self, offset_of, ManuallyDrop};

use ext_php_rs::ffi::{
    _zend_new_array, _zend_string, ext_php_rs_zend_string_init, zend_array, zend_array_destroy,
    zend_hash_find_known_hash, zend_hash_index_update, zend_hash_next_index_insert,
    zend_hash_str_update, zend_hash_update, zend_standard_class_def, zend_string, zval,
    zval_ptr_dtor, Bucket,
};
use ext_php_rs::types::ZendObject;

use super::interned;
use crate::sym::Sym;
use crate::view::{Build, KeyRef, Kind, Node};

// Type bytes and flags (Zend/zend_types.h, zend_hash.h of PHP 8.x).
pub const IS_UNDEF: u32 = 0;
pub const IS_NULL: u32 = 1;
pub const IS_FALSE: u32 = 2;
pub const IS_TRUE: u32 = 3;
pub const IS_LONG: u32 = 4;
pub const IS_DOUBLE: u32 = 5;
pub const IS_STRING: u32 = 6;
pub const IS_ARRAY: u32 = 7;
pub const IS_OBJECT: u32 = 8;
pub const IS_REFERENCE: u32 = 10;
pub const IS_INDIRECT: u32 = 12;
const TYPE_REFCOUNTED: u32 = 1 << 8;
pub const IS_STRING_EX: u32 = IS_STRING | TYPE_REFCOUNTED;
pub const IS_ARRAY_EX: u32 = IS_ARRAY | (3 << 8);
pub const IS_OBJECT_EX: u32 = IS_OBJECT | (3 << 8);
const GC_IMMUTABLE: u32 = 1 << 6;
const IS_STR_VALID_UTF8: u32 = 1 << 9;
const HASH_FLAG_PACKED: u32 = 1 << 2;

/// The type byte of a zval.
#[inline]
pub fn type_of(zv: &zval) -> u32 {
    // SAFETY: `type_info` is the u32 view of `u1`, valid for every zval.
    unsafe { zv.u1.type_info & 0xff }
}

/// Looks through references and indirect zvals.
#[inline]
pub fn deref(mut zv: &zval) -> &zval {
    loop {
        match type_of(zv) {
            // SAFETY: the type byte says which union member is live.
            IS_REFERENCE => zv = unsafe { &(*zv.value.ref_).val },
            IS_INDIRECT => zv = unsafe { &*zv.value.zv },
            _ => return zv,
        }
    }
}

/// A copy of `zv` holding its own refcount (`ZVAL_COPY`).
#[inline]
pub fn copy(zv: &zval) -> ManuallyDrop<zval> {
    // SAFETY: a bitwise copy plus one refcount for refcounted values is how the
    // engine shares a value; `counted` is live when the refcounted flag is set.
    unsafe {
        let out = ManuallyDrop::new(std::ptr::read(zv));
        if zv.u1.type_info & TYPE_REFCOUNTED != 0 {
            (*zv.value.counted).gc.refcount += 1;
        }
        out
    }
}

/// The bytes of a zend_string.
#[inline]
fn bytes<'a>(s: *const zend_string) -> &'a [u8] {
    // SAFETY: a live zend_string holds `len` bytes from `val`.
    unsafe { std::slice::from_raw_parts((*s).val.as_ptr().cast::<u8>(), (*s).len) }
}

/// A read-only view of an input zval (already dereferenced).
///
/// `OBJ = false` (inputs): objects are [`Kind::Other`]. `OBJ = true` (a schema
/// this extension built, read back by the profile pass): a `stdClass` is read
/// as the array of its properties, as `(array) $object` does (numeric property
/// names become int keys), because the builder makes `{}` and list-shaped maps
/// as `stdClass` objects.
#[derive(Clone, Copy)]
pub struct Z<'a, const OBJ: bool = false> {
    zv: &'a zval,
}

impl<'a, const OBJ: bool> Z<'a, OBJ> {
    pub fn new(zv: &'a zval) -> Self {
        Z { zv: deref(zv) }
    }

    pub fn zval(self) -> &'a zval {
        self.zv
    }

    /// The object's properties table, when `self` is a `stdClass` read with
    /// `OBJ = true` (`None` when it has none yet: no properties).
    fn std_props(self) -> Option<&'a zend_array> {
        if !OBJ || type_of(self.zv) != IS_OBJECT {
            return None;
        }
        // SAFETY: type checked; a live object has a class entry, and a
        // non-null `properties` is its live dynamic properties table.
        unsafe {
            let obj = self.zv.value.obj;
            if (*obj).ce != zend_standard_class_def || (*obj).properties.is_null() {
                return None;
            }
            Some(&*(*obj).properties)
        }
    }

    fn is_std_object(self) -> bool {
        // SAFETY: type checked before the class entry is read.
        OBJ && type_of(self.zv) == IS_OBJECT
            && unsafe { (*self.zv.value.obj).ce == zend_standard_class_def }
    }

    fn ht(self) -> Option<&'a zend_array> {
        if type_of(self.zv) == IS_ARRAY {
            // SAFETY: type checked.
            Some(unsafe { &*self.zv.value.arr })
        } else {
            self.std_props()
        }
    }
}

/// A live slot of a hashtable, or `None` for a hole.
#[inline]
fn live(zv: &zval) -> Option<&zval> {
    (type_of(zv) != IS_UNDEF).then_some(zv)
}

impl<'a, const OBJ: bool> Node<'a> for Z<'a, OBJ> {
    #[inline]
    fn kind(self) -> Kind<'a, Self> {
        let zv = self.zv;
        // SAFETY: each arm reads the union member its type byte names.
        unsafe {
            match type_of(zv) {
                IS_UNDEF | IS_NULL => Kind::Null,
                IS_FALSE => Kind::Bool(false),
                IS_TRUE => Kind::Bool(true),
                IS_LONG => Kind::Int(zv.value.lval),
                IS_DOUBLE => Kind::Float(zv.value.dval),
                IS_STRING => Kind::Str(bytes(zv.value.str_)),
                IS_ARRAY => Kind::Array(self),
                IS_OBJECT if self.is_std_object() => Kind::Array(self),
                _ => Kind::Other,
            }
        }
    }

    #[inline]
    fn get(self, key: Sym) -> Option<Self> {
        let ht = self.ht()?;
        // SAFETY: the key is an interned string with its hash computed; the
        // table is live for 'a.
        let found = unsafe { zend_hash_find_known_hash(ht, interned::get(key)) };
        if found.is_null() {
            return None;
        }
        // SAFETY: a non-null result points into the live table.
        let zv = deref(unsafe { &*found });
        live(zv).map(|zv| Z { zv })
    }

    fn len(self) -> usize {
        self.ht().map_or(0, |ht| ht.nNumOfElements as usize)
    }

    fn key_sym(key: KeyRef<'a>) -> Option<Sym> {
        match key {
            // The key came from `try_each`: its bytes are a live zend_string's.
            KeyRef::Str(b) => interned::find(string_of(b)),
            KeyRef::Int(_) => None,
        }
    }

    /// Uses and sets the engine's "valid UTF-8" flag, as PCRE's `/u` does, so
    /// a string of an unchanged definition is checked once per request.
    fn is_utf8(self) -> bool {
        if type_of(self.zv) != IS_STRING {
            return false;
        }
        // SAFETY: type checked; the flags live in the string's GC header.
        // Interned strings may be in shared memory and are not written to.
        unsafe {
            let s = self.zv.value.str_;
            let flags = (*s).gc.u.type_info;
            if flags & IS_STR_VALID_UTF8 != 0 {
                return true;
            }
            if std::str::from_utf8(bytes(s)).is_err() {
                return false;
            }
            if flags & GC_IMMUTABLE == 0 {
                (*s).gc.u.type_info |= IS_STR_VALID_UTF8;
            }
            true
        }
    }

    fn is_list(self) -> bool {
        let Some(ht) = self.ht() else {
            return self.is_std_object();
        };
        // SAFETY: `u.flags` is the u32 view of the flags union.
        let packed = unsafe { ht.u.flags } & HASH_FLAG_PACKED != 0;
        if packed && ht.nNumUsed == ht.nNumOfElements {
            return true;
        }
        let mut next = 0i64;
        self.try_each(|k, _| {
            if k == KeyRef::Int(next) {
                next += 1;
                Ok(())
            } else {
                Err(())
            }
        })
        .is_ok()
    }

    fn try_each<E>(self, mut f: impl FnMut(KeyRef<'a>, Self) -> Result<(), E>) -> Result<(), E> {
        let Some(ht) = self.ht() else { return Ok(()) };
        let used = ht.nNumUsed as usize;
        // SAFETY: see `is_list`; the data array holds `nNumUsed` slots of the
        // kind the packed flag says (zvals for packed, Buckets otherwise).
        unsafe {
            if ht.u.flags & HASH_FLAG_PACKED != 0 {
                let data = ht.__bindgen_anon_1.arPacked;
                for i in 0..used {
                    if let Some(zv) = live(&*data.add(i)) {
                        f(KeyRef::Int(i as i64), Z::new(zv))?;
                    }
                }
            } else {
                let data: *const Bucket = ht.__bindgen_anon_1.arData;
                for i in 0..used {
                    let b = &*data.add(i);
                    if let Some(zv) = live(&b.val) {
                        let key = if b.key.is_null() {
                            KeyRef::Int(b.h as i64)
                        } else if OBJ && type_of(self.zv) == IS_OBJECT {
                            // A property name: "0" is the int key 0 once cast.
                            crate::view::php_key(bytes(b.key))
                        } else {
                            KeyRef::Str(bytes(b.key))
                        };
                        f(key, Z::new(zv))?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// A zval this code owns (one refcount); freed on drop unless given away.
///
/// ext-php-rs gives `zval` a `Drop` of its own, so every zval handled here by
/// value is wrapped in `ManuallyDrop`: the only release is ours.
pub struct Owned(ManuallyDrop<zval>);

impl Owned {
    fn from_raw(value: ManuallyDrop<zval>) -> Self {
        Owned(value)
    }

    /// Takes a value made by [`copy`] (which holds its own refcount).
    pub fn from_copy(value: ManuallyDrop<zval>) -> Self {
        Owned(value)
    }

    /// The value, borrowed.
    pub fn as_zval(&self) -> &zval {
        &self.0
    }

    fn scalar(type_info: u32, set: impl FnOnce(&mut zval)) -> Self {
        let mut zv = zeroed();
        zv.u1.type_info = type_info;
        set(&mut zv);
        Owned::from_raw(zv)
    }

    /// Gives the value away (to a container or the return slot).
    pub fn into_raw(self) -> ManuallyDrop<zval> {
        let me = ManuallyDrop::new(self);
        // SAFETY: `me` is never dropped, so the value is moved out exactly once.
        unsafe { std::ptr::read(&me.0) }
    }
}

impl Drop for Owned {
    fn drop(&mut self) {
        // SAFETY: we own one refcount of the value.
        unsafe { zval_ptr_dtor(&mut *self.0) }
    }
}

fn zeroed() -> ManuallyDrop<zval> {
    // SAFETY: an all-zero zval is IS_UNDEF, a valid value with nothing to free.
    ManuallyDrop::new(unsafe { mem::zeroed() })
}

/// A hashtable under construction (refcount 1, owned).
pub struct Table(*mut zend_array);

impl Table {
    pub fn new(size: u32) -> Self {
        // SAFETY: allocates an empty table with refcount 1.
        Table(unsafe { _zend_new_array(size) })
    }

    /// The table as a PHP array value.
    pub fn into_owned(self) -> Owned {
        self.into_zval()
    }

    /// The raw table (still owned by `self`).
    pub fn raw(&self) -> *mut zend_array {
        self.0
    }

    /// Puts under a key read from an input array (see the module's safety notes).
    pub fn put_key_raw(&mut self, key: KeyRef<'_>, val: Owned) {
        let mut zv = val.into_raw();
        // SAFETY: as `ZBuilder::put_key`.
        unsafe {
            match key {
                KeyRef::Int(i) => zend_hash_index_update(self.0, i as u64, &mut *zv),
                KeyRef::Str(b) => zend_hash_update(self.0, string_of(b), &mut *zv),
            };
        }
    }

    fn into_zval(self) -> Owned {
        let ht = self.0;
        mem::forget(self);
        let mut zv = zeroed();
        zv.value.arr = ht;
        zv.u1.type_info = IS_ARRAY_EX;
        Owned::from_raw(zv)
    }

    /// A borrowed zval view of the table (no refcount taken; not to be dropped).
    fn as_zval(&self) -> ManuallyDrop<zval> {
        let mut zv = zeroed();
        zv.value.arr = self.0;
        zv.u1.type_info = IS_ARRAY_EX;
        zv
    }

    fn len(&self) -> u32 {
        // SAFETY: the table is live and ours.
        unsafe { (*self.0).nNumOfElements }
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        // SAFETY: we hold the only reference.
        unsafe { zend_array_destroy(self.0) }
    }
}

/// A zval for a zend_string, sharing it.
fn string_zval(s: *mut zend_string) -> Owned {
    // SAFETY: `s` is live; interned strings are not refcounted, others get one
    // more reference for the new zval.
    unsafe {
        let interned = (*s).gc.u.type_info & GC_IMMUTABLE != 0;
        if !interned {
            (*s).gc.refcount += 1;
        }
        let mut zv = zeroed();
        zv.value.str_ = s;
        zv.u1.type_info = if interned { IS_STRING } else { IS_STRING_EX };
        Owned::from_raw(zv)
    }
}

/// The zend_string whose `val` is `b` (see the module's safety notes).
fn string_of(b: &[u8]) -> *mut zend_string {
    // SAFETY: `b` starts at the `val` member of a live zend_string.
    unsafe {
        b.as_ptr()
            .sub(offset_of!(_zend_string, val))
            .cast::<zend_string>()
            .cast_mut()
    }
}

/// A new (non-interned) string.
pub fn new_string(s: &[u8]) -> Owned {
    // SAFETY: allocates a zend_string with refcount 1 holding a copy of `s`.
    // Strings of 0 or 1 byte come back as the engine's interned ones: those are
    // not refcounted, and must not be marked so.
    let zs = unsafe { ext_php_rs_zend_string_init(s.as_ptr().cast(), s.len(), false) };
    let mut zv = zeroed();
    zv.value.str_ = zs;
    // SAFETY: `zs` is live.
    let interned = unsafe { (*zs).gc.u.type_info } & GC_IMMUTABLE != 0;
    zv.u1.type_info = if interned { IS_STRING } else { IS_STRING_EX };
    Owned::from_raw(zv)
}

/// Builds Zend values.
pub struct ZBuilder<'a>(PhantomData<&'a ()>);

impl ZBuilder<'_> {
    pub fn new() -> Self {
        ZBuilder(PhantomData)
    }
}

impl<'a, const O: bool> Build<'a, Z<'a, O>> for ZBuilder<'a> {
    type Val = Owned;
    type Obj = Table;
    type Arr = Table;

    #[inline]
    fn obj(&mut self) -> Table {
        Table::new(8)
    }

    #[inline]
    fn arr(&mut self) -> Table {
        Table::new(8)
    }

    #[inline]
    fn put(&mut self, obj: &mut Table, key: Sym, val: Owned) {
        let mut zv = val.into_raw();
        // SAFETY: the table is ours; the interned key needs no refcount; the
        // value's refcount moves into the table. `update` keeps keys unique.
        unsafe { zend_hash_update(obj.0, interned::get(key), &mut *zv) };
    }

    fn put_key(&mut self, obj: &mut Table, key: KeyRef<'a>, val: Owned) {
        // A string key is the input's own zend_string, which the table adds a
        // reference to.
        obj.put_key_raw(key, val);
    }

    #[inline]
    fn push(&mut self, arr: &mut Table, val: Owned) {
        let mut zv = val.into_raw();
        // SAFETY: the table is ours; the value's refcount moves into it.
        unsafe { zend_hash_next_index_insert(arr.0, &mut *zv) };
    }

    fn end_obj(&mut self, obj: Table) -> Owned {
        let n = obj.len();
        if n > 0 && !Z::<false>::new(&obj.as_zval()).is_list() {
            return obj.into_zval();
        }
        // Empty, or keyed 0..n (property names "0", "1", ...): an array would
        // encode as `[...]`, so make a stdClass whose properties are the entries
        // under string keys, as `(object) $array` does.
        let o = ZendObject::new_stdclass().into_raw();
        if n > 0 {
            let props = Table::new(n);
            let _ = Z::<false>::new(&obj.as_zval()).try_each(|k, v| {
                let key = match k {
                    KeyRef::Int(i) => i.to_string(),
                    KeyRef::Str(b) => String::from_utf8_lossy(b).into_owned(),
                };
                let mut zv = copy(v.zv);
                // SAFETY: `props` is ours; the copy's refcount moves into it.
                unsafe { zend_hash_str_update(props.0, key.as_ptr().cast(), key.len(), &mut *zv) };
                Ok::<(), ()>(())
            });
            let props = mem::ManuallyDrop::new(props);
            // SAFETY: a fresh stdClass has no properties table; it takes ours.
            unsafe { (*o).properties = props.0 };
        }
        drop(obj);
        let mut zv = zeroed();
        zv.value.obj = o;
        zv.u1.type_info = IS_OBJECT_EX;
        Owned::from_raw(zv)
    }

    #[inline]
    fn end_arr(&mut self, arr: Table) -> Owned {
        arr.into_zval()
    }

    #[inline]
    fn sym(&mut self, s: Sym) -> Owned {
        string_zval(interned::get(s))
    }

    fn string(&mut self, s: &str) -> Owned {
        new_string(s.as_bytes())
    }

    fn int(&mut self, i: i64) -> Owned {
        Owned::scalar(IS_LONG, |zv| zv.value.lval = i)
    }

    fn float(&mut self, f: f64) -> Owned {
        Owned::scalar(IS_DOUBLE, |zv| zv.value.dval = f)
    }

    fn bool(&mut self, b: bool) -> Owned {
        Owned::scalar(if b { IS_TRUE } else { IS_FALSE }, |_| {})
    }

    fn null(&mut self) -> Owned {
        Owned::scalar(IS_NULL, |_| {})
    }

    #[inline]
    fn share(&mut self, node: Z<'a, O>) -> Owned {
        Owned::from_raw(copy(node.zv))
    }

    fn key_string(&mut self, key: KeyRef<'a>) -> Owned {
        match key {
            KeyRef::Int(i) => new_string(i.to_string().as_bytes()),
            KeyRef::Str(b) => string_zval(string_of(b)),
        }
    }
}
