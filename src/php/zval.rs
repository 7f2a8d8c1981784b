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
//! All unsafe code of the extension that touches values lives here (the engine
//! state the rules poll, the executor globals, is read in [`super::engine`]).
//! Invariants:
//! - A [`Z`] borrows a zval that is alive and unmodified for `'a` (the input
//!   arguments of one call: the engine holds them, and no PHP code runs while the
//!   rules work, so nothing can change them).
//! - A [`Z`] never points at a reference or indirect zval: [`Z::new`] looks
//!   through them. Making a `Z` from a `&zval` is `unsafe` (the zval must be a
//!   live engine value); safe code gets them from the arguments ([`super::args`]),
//!   from [`Owned::view`] and from [`Z::try_each`].
//! - Engine memory whose counts or flags are written (arrays, strings: their
//!   `gc` headers) is only ever held as raw pointers, never as `&zend_array` or
//!   `&zend_string`: a refcount written while a shared reference covers it
//!   would be undefined behaviour. The `&'a zval`s a `Z` holds are slots that
//!   nothing writes while the rules run (counts live in the values' own
//!   allocations), and string contents are borrowed as `&'a [u8]` only (the
//!   `val` bytes, which nothing writes).
//! - A [`ZKey`] is made only by [`Z::try_each`]: a string key holds the
//!   table's own `zend_string`, live for `'a`. So [`Table::put_key`],
//!   [`ZBuilder::put_key`] and [`ZBuilder::key_string`] can share it by
//!   refcount, and no safe code can hand them anything else.
//! - An [`Owned`] or [`Table`] owns one refcount of what it holds, and gives it
//!   up exactly once: to a container (`put`/`push`, then `forget`), to the
//!   return value, or on drop (so an error half-way frees the partial output).

use std::marker::PhantomData;
use std::mem::{self, ManuallyDrop};

use ext_php_rs::ffi::{
    _zend_new_array, ext_php_rs_is_known_valid_utf8, ext_php_rs_zend_string_init, zend_array,
    zend_array_destroy, zend_hash_find_known_hash, zend_hash_index_find, zend_hash_index_update,
    zend_hash_next_index_insert, zend_hash_str_find, zend_hash_str_update, zend_hash_update,
    zend_standard_class_def, zend_string, zval, zval_ptr_dtor, Bucket, GC_IMMUTABLE,
    IS_TYPE_REFCOUNTED, Z_TYPE_FLAGS_SHIFT,
};
use ext_php_rs::types::ZendObject;

use super::engine::yield_if_interrupted;
use super::interned;
use crate::sym::Sym;
use crate::view::{Build, Key, KeyRef, Kind, Node};

// Type bytes and type infos (Zend/zend_types.h), from ext-php-rs's bindings.
pub use ext_php_rs::ffi::{
    IS_ARRAY, IS_ARRAY_EX, IS_DOUBLE, IS_FALSE, IS_INDIRECT, IS_LONG, IS_NULL, IS_OBJECT,
    IS_OBJECT_EX, IS_REFERENCE, IS_STRING, IS_STRING_EX, IS_TRUE, IS_UNDEF,
};
/// The refcounted flag of a zval's type info (`Z_TYPE_FLAGS`).
const TYPE_REFCOUNTED: u32 = IS_TYPE_REFCOUNTED << Z_TYPE_FLAGS_SHIFT;
/// `HASH_FLAG_PACKED` (Zend/zend_hash.h): ext-php-rs 0.16 does not export it.
const HASH_FLAG_PACKED: u32 = 1 << 2;

/// The type byte of a zval.
#[inline]
pub fn type_of(zv: &zval) -> u32 {
    // SAFETY: `type_info` is the u32 view of `u1`, valid for every zval.
    unsafe { zv.u1.type_info & 0xff }
}

/// Looks through references and indirect zvals.
///
/// # Safety
/// `zv` is a live engine value (a reference or indirect zval points at a live
/// zval), unchanged while the result is used.
#[inline]
pub unsafe fn deref(mut zv: &zval) -> &zval {
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
///
/// # Safety
/// `zv` is a live value; when refcounted, its `counted` pointer is live.
#[inline]
unsafe fn copy(zv: &zval) -> ManuallyDrop<zval> {
    // SAFETY: a bitwise copy plus one refcount for refcounted values is how the
    // engine shares a value; the count is written through the raw pointer.
    unsafe {
        let out = ManuallyDrop::new(std::ptr::read(zv));
        if zv.u1.type_info & TYPE_REFCOUNTED != 0 {
            (*zv.value.counted).gc.refcount += 1;
        }
        out
    }
}

/// The bytes of a zend_string.
///
/// # Safety
/// `s` is a live zend_string whose contents stay unchanged for `'a`.
#[inline]
unsafe fn bytes<'a>(s: *const zend_string) -> &'a [u8] {
    // SAFETY: a live zend_string holds `len` bytes from `val`.
    unsafe { std::slice::from_raw_parts((*s).val.as_ptr().cast::<u8>(), (*s).len) }
}

/// A read-only view of an input zval (already dereferenced).
///
/// `OBJ = false` (inputs): objects are [`Kind::Other`]. `OBJ = true` (a schema
/// this extension built, read by `input_examples` to check examples against
/// the schema a tool is sent with: [`Owned::view_built`]):
/// a `stdClass` is read as the array of its properties, as `(array) $object`
/// does (numeric property names are int keys), because the builder makes `{}`
/// and list-shaped maps as `stdClass` objects.
#[derive(Clone, Copy)]
pub struct Z<'a, const OBJ: bool = false> {
    zv: &'a zval,
}

impl<'a, const OBJ: bool> Z<'a, OBJ> {
    /// A view of `zv`, looking through references.
    ///
    /// # Safety
    /// `zv` is a live engine value that nothing changes for `'a` (see the
    /// module's notes).
    pub unsafe fn new(zv: &'a zval) -> Self {
        // SAFETY: as the caller promises.
        Z {
            zv: unsafe { deref(zv) },
        }
    }

    /// The live value a hash lookup found (looking through references), or
    /// `None` for a miss or a hole.
    #[inline]
    fn found(found: *mut zval) -> Option<Self> {
        if found.is_null() {
            return None;
        }
        // SAFETY: a non-null result points into a live table.
        let zv = unsafe { deref(&*found) };
        live(zv).map(|zv| Z { zv })
    }

    /// The hashtable, when the value is an array, or (`OBJ`) the properties
    /// table of a `stdClass` that has one (a raw pointer: see the module's
    /// notes).
    fn ht(self) -> Option<*const zend_array> {
        if type_of(self.zv) == IS_ARRAY {
            // SAFETY: type checked.
            Some(unsafe { self.zv.value.arr })
        } else if self.is_std_object() {
            // SAFETY: a live stdClass; its `properties` is null or its live
            // dynamic properties table.
            let props = unsafe { (*self.zv.value.obj).properties };
            (!props.is_null()).then_some(props.cast_const())
        } else {
            None
        }
    }

    /// A `stdClass`, read as an array (`OBJ` only).
    fn is_std_object(self) -> bool {
        // SAFETY: type checked before the live object's class entry is read.
        OBJ && type_of(self.zv) == IS_OBJECT
            && unsafe { (*self.zv.value.obj).ce == zend_standard_class_def }
    }
}

/// An array key read by [`Z::try_each`]; only this module makes them.
#[derive(Clone, Copy)]
pub struct ZKey<'a> {
    key: RawKey,
    _table: PhantomData<&'a zend_array>,
}

#[derive(Clone, Copy)]
enum RawKey {
    Int(i64),
    /// The table's key string, live for the key's `'a`.
    Str(*mut zend_string),
}

impl<'a> Key<'a> for ZKey<'a> {
    #[inline]
    fn get(self) -> KeyRef<'a> {
        match self.key {
            RawKey::Int(i) => KeyRef::Int(i),
            // SAFETY: a key string of a table live for 'a; keys are never
            // written.
            RawKey::Str(s) => KeyRef::Str(unsafe { bytes(s) }),
        }
    }

    #[inline]
    fn sym(self) -> Option<Sym> {
        match self.key {
            // SAFETY: a live key string (it has its hash computed).
            RawKey::Str(s) => unsafe { interned::find(s) },
            RawKey::Int(_) => None,
        }
    }
}

/// A live slot of a hashtable, or `None` for a hole.
#[inline]
fn live(zv: &zval) -> Option<&zval> {
    (type_of(zv) != IS_UNDEF).then_some(zv)
}

impl<'a, const OBJ: bool> Node<'a> for Z<'a, OBJ> {
    type Key = ZKey<'a>;

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
        Self::found(found)
    }

    #[inline]
    fn find(self, key: KeyRef<'_>) -> Option<Self> {
        let ht = self.ht()?;
        // SAFETY: a live table; the key bytes are only read.
        let found = unsafe {
            match key {
                KeyRef::Int(i) => zend_hash_index_find(ht, i as u64),
                KeyRef::Str(b) => zend_hash_str_find(ht, b.as_ptr().cast(), b.len()),
            }
        };
        Self::found(found)
    }

    #[inline]
    fn find_key(self, key: ZKey<'a>) -> Option<Self> {
        let ht = self.ht()?;
        // SAFETY: a live table; a `ZKey` string is a live key string of
        // another table (its hash is computed, as for every array key).
        let found = unsafe {
            match key.key {
                RawKey::Int(i) => zend_hash_index_find(ht, i as u64),
                RawKey::Str(s) => zend_hash_find_known_hash(ht, s),
            }
        };
        Self::found(found)
    }

    fn is_object(self) -> bool {
        self.is_std_object()
    }

    fn len(self) -> usize {
        // SAFETY: a live table.
        self.ht()
            .map_or(0, |ht| unsafe { (*ht).nNumOfElements } as usize)
    }

    /// The string as UTF-8, checked. The engine's "valid UTF-8" flag is
    /// trusted on immutable (interned) strings only: another extension may
    /// write into a refcounted string it holds once (`sodium_increment()`
    /// does) and leave the flag set, so those are checked on every call, and
    /// the flag is not set on them here either.
    fn utf8(self) -> Option<&'a str> {
        if type_of(self.zv) != IS_STRING {
            return None;
        }
        // SAFETY: type checked; the flags live in the string's GC header, read
        // through the raw pointer. No one writes into an immutable string.
        unsafe {
            let s = self.zv.value.str_;
            let b = bytes(s);
            if ((*s).gc.u.type_info & GC_IMMUTABLE != 0 && ext_php_rs_is_known_valid_utf8(s))
                || ascii(b)
            {
                return Some(std::str::from_utf8_unchecked(b));
            }
            std::str::from_utf8(b).ok()
        }
    }

    fn is_list(self) -> bool {
        let Some(ht) = self.ht() else {
            // A stdClass without a properties table is empty.
            return self.is_std_object();
        };
        // SAFETY: a live table; `u.flags` is the u32 view of the flags union.
        let (packed, used, count) = unsafe {
            (
                (*ht).u.flags & HASH_FLAG_PACKED != 0,
                (*ht).nNumUsed,
                (*ht).nNumOfElements,
            )
        };
        if packed && used == count {
            return true;
        }
        let mut next = 0i64;
        self.all(|k, _| {
            let in_order = k.get() == KeyRef::Int(next);
            next += 1;
            in_order
        })
    }

    #[inline]
    fn try_each<E>(self, mut f: impl FnMut(ZKey<'a>, Self) -> Result<(), E>) -> Result<(), E> {
        // SAFETY: a slot of a live table is a live value; `Z::new` looks
        // through references.
        self.slots(|k, zv| f(k, unsafe { Z::new(zv) }))
    }
}

impl<'a, const OBJ: bool> Z<'a, OBJ> {
    /// Calls `f` for each live slot of the array, in order, as stored (a
    /// slot may be a reference); stops at the first error.
    #[inline(always)]
    fn slots<E>(self, mut f: impl FnMut(ZKey<'a>, &'a zval) -> Result<(), E>) -> Result<(), E> {
        let Some(ht) = self.ht() else { return Ok(()) };
        let key = |key| ZKey {
            key,
            _table: PhantomData,
        };
        // SAFETY: see `is_list`; the data array holds `nNumUsed` slots of the
        // kind the packed flag says (zvals for packed, Buckets otherwise),
        // live for 'a; a bucket's key is null (an int key) or a live string.
        unsafe {
            let used = (*ht).nNumUsed as usize;
            let packed = (*ht).u.flags & HASH_FLAG_PACKED != 0;
            // A stdClass read as an array (`OBJ`): property names.
            let props = OBJ && type_of(self.zv) == IS_OBJECT;
            // In runs of 4096 slots, the engine given its chance between them.
            let mut run = 0;
            while run < used {
                if run > 0 {
                    yield_if_interrupted();
                }
                let end = used.min(run + 4096);
                if packed {
                    let data = (*ht).__bindgen_anon_1.arPacked;
                    for i in run..end {
                        if let Some(zv) = live(&*data.add(i)) {
                            f(key(RawKey::Int(i as i64)), zv)?;
                        }
                    }
                } else {
                    let data: *const Bucket = (*ht).__bindgen_anon_1.arData;
                    for i in run..end {
                        let b = &*data.add(i);
                        if let Some(zv) = live(&b.val) {
                            let k = if b.key.is_null() {
                                RawKey::Int(b.h as i64)
                            } else if props {
                                // A property name: "0" is the int key 0 once cast.
                                match crate::view::php_key(bytes(b.key)) {
                                    KeyRef::Int(i) => RawKey::Int(i),
                                    KeyRef::Str(_) => RawKey::Str(b.key),
                                }
                            } else {
                                RawKey::Str(b.key)
                            };
                            f(key(k), zv)?;
                        }
                    }
                }
                run = end;
            }
        }
        Ok(())
    }

    /// True when the array holds a PHP reference at any level (down to
    /// `PLAIN_DEPTH`: deeper values were refused by the rules' checks, and a
    /// cycle can only be made of references, which are found first).
    fn has_refs(self, depth: usize) -> bool {
        if depth > PLAIN_DEPTH {
            return false;
        }
        self.slots(|_, zv| {
            if type_of(zv) == IS_REFERENCE {
                return Err(());
            }
            // SAFETY: a live slot that is not a reference.
            let v: Z<'_, OBJ> = unsafe { Z::new(zv) };
            if v.ht().is_some() && v.has_refs(depth + 1) {
                return Err(());
            }
            Ok(())
        })
        .is_err()
    }
}

/// How deep [`ZBuilder::share`] looks for references (the rules refuse
/// values nested deeper than 64 levels before they copy them).
const PLAIN_DEPTH: usize = 72;

/// A copy of `node` with every reference replaced by the value it holds (an
/// array is rebuilt, anything else shared).
fn plain<const OBJ: bool>(node: Z<'_, OBJ>, depth: usize) -> Owned {
    if node.ht().is_none() || depth > PLAIN_DEPTH || !node.has_refs(depth) {
        return Owned::share(node);
    }
    let mut t = Table::new(node.len() as u32);
    node.each(|k, v| t.put_key(k, plain(v, depth + 1)));
    t.into_owned()
}

/// A zval this code owns (one refcount); freed on drop unless given away.
///
/// ext-php-rs gives `zval` a `Drop` of its own, so every zval handled here by
/// value is wrapped in `ManuallyDrop`: the only release is ours.
pub struct Owned(ManuallyDrop<zval>);

impl Owned {
    /// Takes a value that holds its own refcount (made here, or by [`copy`]).
    ///
    /// # Safety
    /// `value` is a valid zval whose one refcount (when refcounted) is ours.
    unsafe fn from_raw(value: ManuallyDrop<zval>) -> Self {
        Owned(value)
    }

    /// The value `z` views, shared by refcount (`ZVAL_COPY`).
    pub fn share<const OBJ: bool>(z: Z<'_, OBJ>) -> Self {
        // SAFETY: a `Z` views a live value; the copy holds its own refcount.
        unsafe { Owned::from_raw(copy(z.zv)) }
    }

    /// A view of a value this extension built, its `stdClass` objects read
    /// as arrays (`input_examples` reads the schema a tool is sent with so).
    pub fn view_built(&self) -> Z<'_, true> {
        // SAFETY: we own the value; nothing changes it while it is borrowed.
        unsafe { Z::new(&self.0) }
    }

    fn scalar(type_info: u32, set: impl FnOnce(&mut zval)) -> Self {
        let mut zv = zeroed();
        zv.u1.type_info = type_info;
        set(&mut zv);
        // SAFETY: a scalar zval (the callers' type infos) holds no refcount.
        unsafe { Owned::from_raw(zv) }
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
        yield_if_interrupted();
        // SAFETY: allocates an empty table with refcount 1.
        Table(unsafe { _zend_new_array(size) })
    }

    /// Puts `val` under a key read from an input array. A string key is the
    /// input's own zend_string, which the table adds a reference to.
    pub fn put_key(&mut self, key: ZKey<'_>, val: Owned) {
        let mut zv = val.into_raw();
        // SAFETY: the table is ours; the value's refcount moves into it; a
        // `ZKey` string is live (the module's notes), and `update` takes its
        // own reference to it and keeps keys unique.
        unsafe {
            match key.key {
                RawKey::Int(i) => zend_hash_index_update(self.0, i as u64, &mut *zv),
                RawKey::Str(s) => zend_hash_update(self.0, s, &mut *zv),
            };
        }
    }

    /// The table as a PHP array value.
    pub fn into_owned(self) -> Owned {
        let ht = self.0;
        mem::forget(self);
        let mut zv = zeroed();
        zv.value.arr = ht;
        zv.u1.type_info = IS_ARRAY_EX;
        // SAFETY: the table's one refcount moves into the value.
        unsafe { Owned::from_raw(zv) }
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

    /// [`yield_if_interrupted`] once every 1024 entries put (a long array
    /// built in one go, a decoded JSON list).
    #[inline]
    fn every_1024th(&self) {
        if self.len() % 1024 == 1023 {
            yield_if_interrupted();
        }
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        // SAFETY: we hold the only reference.
        unsafe { zend_array_destroy(self.0) }
    }
}

/// True when every byte is ASCII (so the bytes are UTF-8): eight at a time,
/// the common case of labels, descriptions and type ids, cheaper than
/// `str::from_utf8` on the short strings of a definition.
fn ascii(b: &[u8]) -> bool {
    let mut words = b.chunks_exact(8);
    let mut high = 0u64;
    for w in &mut words {
        high |= u64::from_ne_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]);
    }
    let tail = words.remainder().iter().fold(0u8, |acc, &c| acc | c);
    high & 0x8080_8080_8080_8080 == 0 && tail < 0x80
}

/// A zval for a zend_string, sharing it.
///
/// # Safety
/// `s` is a live zend_string.
unsafe fn string_zval(s: *mut zend_string) -> Owned {
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
    // SAFETY: the new string's one reference (if counted) is ours.
    unsafe { Owned::from_raw(zv) }
}

/// Builds Zend values.
pub struct ZBuilder<'a>(PhantomData<&'a ()>);

impl ZBuilder<'_> {
    pub fn new() -> Self {
        ZBuilder(PhantomData)
    }
}

/// The normalizer writes each node at once (the `mcp` profile's schema).
impl<'a, const OBJ: bool> crate::normalize::Emit<'a, Z<'a, OBJ>> for ZBuilder<'a> {
    #[inline(always)]
    fn emit(
        n: &mut crate::normalize::Normalizer<'_, 'a, Self>,
        e: crate::normalize::Emitted<'_, 'a, Z<'a, OBJ>>,
    ) -> Result<Owned, crate::error::DefinitionError> {
        n.write(e)
    }
}

impl<'a, const OBJ: bool> Build<'a, Z<'a, OBJ>> for ZBuilder<'a> {
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

    fn put_key(&mut self, obj: &mut Table, key: ZKey<'a>, val: Owned) {
        obj.put_key(key, val);
    }

    #[inline]
    fn push(&mut self, arr: &mut Table, val: Owned) {
        arr.every_1024th();
        let mut zv = val.into_raw();
        // SAFETY: the table is ours; the value's refcount moves into it.
        unsafe { zend_hash_next_index_insert(arr.0, &mut *zv) };
    }

    fn arr_for(&mut self, len: usize) -> Table {
        Table::new(u32::try_from(len).unwrap_or(u32::MAX).min(1 << 20))
    }

    fn put_arr_key(&mut self, arr: &mut Table, key: ZKey<'a>, val: Owned) {
        arr.put_key(key, val);
    }

    fn put_arr_bytes(&mut self, arr: &mut Table, key: &[u8], val: Owned) -> bool {
        arr.every_1024th();
        let before = arr.len();
        let mut zv = val.into_raw();
        // SAFETY: the table is ours; the value's refcount moves into it; the
        // key is copied (`update` keeps keys unique: a key already there keeps
        // its place).
        unsafe {
            match crate::view::php_key(key) {
                KeyRef::Int(i) => zend_hash_index_update(arr.0, i as u64, &mut *zv),
                KeyRef::Str(b) => zend_hash_str_update(arr.0, b.as_ptr().cast(), b.len(), &mut *zv),
            };
        }
        arr.len() != before
    }

    fn end_obj(&mut self, obj: Table) -> Owned {
        let n = obj.len();
        let as_zval = obj.as_zval();
        // SAFETY: a view of our own live table, unchanged while viewed.
        let view = unsafe { Z::<false>::new(&as_zval) };
        if n > 0 && !view.is_list() {
            return obj.into_owned();
        }
        // Empty, or keyed 0..n (property names "0", "1", ...): an array would
        // encode as `[...]`, so make a stdClass whose properties are the entries
        // under string keys, as `(object) $array` does.
        let o = ZendObject::new_stdclass().into_raw();
        if n > 0 {
            let mut props = Table::new(n);
            view.each(|k, v| {
                let val = Owned::share(v);
                match k.get() {
                    KeyRef::Int(i) => {
                        let key = i.to_string();
                        let mut zv = val.into_raw();
                        // SAFETY: `props` is ours; the value's refcount moves
                        // into it; the key is copied.
                        unsafe {
                            zend_hash_str_update(props.0, key.as_ptr().cast(), key.len(), &mut *zv)
                        };
                    }
                    KeyRef::Str(_) => props.put_key(k, val),
                }
            });
            let props = mem::ManuallyDrop::new(props);
            // SAFETY: a fresh stdClass has no properties table; it takes ours.
            unsafe { (*o).properties = props.0 };
        }
        drop(obj);
        let mut zv = zeroed();
        zv.value.obj = o;
        zv.u1.type_info = IS_OBJECT_EX;
        // SAFETY: the new object's one reference moves into the value.
        unsafe { Owned::from_raw(zv) }
    }

    #[inline]
    fn end_arr(&mut self, arr: Table) -> Owned {
        arr.into_owned()
    }

    #[inline]
    fn sym(&mut self, s: Sym) -> Owned {
        // SAFETY: interned at MINIT, live for the process.
        unsafe { string_zval(interned::get(s)) }
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

    /// Shares the value by refcount, unless it is an array holding PHP
    /// references: those are copied out, so that no output shares a
    /// variable with the caller (writing to the schema never writes to the
    /// definition).
    #[inline]
    fn share(&mut self, node: Z<'a, OBJ>) -> Owned {
        if node.ht().is_none() {
            return Owned::share(node);
        }
        plain(node, 0)
    }

    #[inline]
    fn keep(&mut self, node: Z<'a, OBJ>) -> Owned {
        Owned::share(node)
    }

    fn key_string(&mut self, key: ZKey<'a>) -> Owned {
        match key.key {
            RawKey::Int(i) => new_string(i.to_string().as_bytes()),
            // SAFETY: a `ZKey` string is live for 'a.
            RawKey::Str(s) => unsafe { string_zval(s) },
        }
    }
}
