//! The values the normalizer makes for the model ([`Val`]) when it writes for
//! a profile other than `mcp`: parts of the definition, shared as they are,
//! and the few it makes itself (an `enum` with null let in, the schema under
//! a `not`, a base schema copied), held in an [`Arena`] for one call and read
//! through [`Node`], so that the profile pass reads them as it reads a base
//! schema. [`ValBuild`] makes them; [`Out`] writes them, and the pass's
//! output, with the caller's builder. The PHP twin needs none of this: its
//! values are PHP values.

use crate::model::schema::{Schema, SchemaNode};
use crate::sym::Sym;
use crate::view::{Build, Key, KeyRef, Kind, Node};
use smallvec::SmallVec;
use std::cell::RefCell;

/// Owns what [`Val`]s refer to, for one call; freed with it.
pub struct Arena<'a, N: Node<'a>> {
    entries: Store<Entry<'a, N>>,
    bytes: Store<u8>,
    models: Store<RefCell<Schema<'a, Val<'a, N>>>>,
}

/// An entry of a [`Val`] array.
pub type Entry<'a, N> = (VKey<'a, <N as Node<'a>>::Key>, Val<'a, N>);

impl<'a, N: Node<'a>> Default for Arena<'a, N> {
    fn default() -> Self {
        Arena {
            entries: Store::default(),
            bytes: Store::default(),
            models: Store::default(),
        }
    }
}

impl<'a, N: Node<'a>> Arena<'a, N> {
    fn str(&'a self, s: &str) -> &'a str {
        let b = self.bytes.alloc(s.bytes());
        // SAFETY: the bytes of a `str`, as they were.
        unsafe { std::str::from_utf8_unchecked(b) }
    }
}

/// Values that stay where they are until the store is dropped: chunks that
/// are filled and never grown (a full one is left for a new, larger one).
struct Store<T>(RefCell<Vec<Vec<T>>>);

impl<T> Default for Store<T> {
    fn default() -> Self {
        Store(RefCell::new(Vec::new()))
    }
}

impl<T> Store<T> {
    /// One item, made in its place.
    #[inline(always)]
    fn push(&self, make: impl FnOnce() -> T) -> &T {
        let mut chunks = self.0.borrow_mut();
        if chunks.last().is_none_or(|c| c.len() == c.capacity()) {
            let last = chunks.last().map_or(0, Vec::capacity);
            chunks.push(Vec::with_capacity((last * 2).max(16)));
        }
        let Some(chunk) = chunks.last_mut() else {
            unreachable!("a chunk was just made");
        };
        let at = chunk.as_ptr();
        chunk.push(make());
        // A chunk that grew would have moved what it held.
        assert!(chunk.as_ptr() == at);
        let last = chunk.len() - 1;
        // SAFETY: as for `alloc`.
        unsafe { &*chunk.as_ptr().add(last) }
    }

    /// The items, in a chunk of their own: no item moves once stored.
    fn alloc<I: ExactSizeIterator<Item = T>>(&self, items: I) -> &[T] {
        let n = items.len();
        if n == 0 {
            return &[];
        }
        let mut chunks = self.0.borrow_mut();
        let room = chunks.last().map_or(0, |c| c.capacity() - c.len());
        if room < n {
            let last = chunks.last().map_or(0, Vec::capacity);
            chunks.push(Vec::with_capacity(n.max(last * 2).max(16)));
        }
        let Some(chunk) = chunks.last_mut() else {
            unreachable!("a chunk was just made");
        };
        let (start, at) = (chunk.len(), chunk.as_ptr());
        chunk.extend(items.take(n));
        // A chunk that grew would have moved what it held.
        assert!(chunk.as_ptr() == at && chunk.len() <= start + n);
        let len = chunk.len() - start;
        // SAFETY: the chunk is never grown, shrunk or dropped before the
        // store is (its items stay where they are), and the slice lives no
        // longer than the store.
        unsafe { std::slice::from_raw_parts(chunk.as_ptr().add(start), len) }
    }
}

/// A key of a [`Val`] array.
#[derive(Clone, Copy, Debug)]
pub enum VKey<'a, K> {
    /// A key of the definition, as read.
    Node(K),
    Sym(Sym),
    Int(i64),
    Str(&'a [u8]),
}

impl<'a, K: Key<'a>> Key<'a> for VKey<'a, K> {
    fn get(self) -> KeyRef<'a> {
        match self {
            VKey::Node(k) => k.get(),
            VKey::Sym(s) => KeyRef::Str(s.as_str().as_bytes()),
            VKey::Int(i) => KeyRef::Int(i),
            VKey::Str(s) => KeyRef::Str(s),
        }
    }

    fn sym(self) -> Option<Sym> {
        match self {
            VKey::Node(k) => k.sym(),
            VKey::Sym(s) => Some(s),
            VKey::Int(_) => None,
            VKey::Str(s) => Sym::find(s),
        }
    }
}

/// A value of the model: a node of the definition, or one the normalizer
/// made.
pub enum Val<'a, N: Node<'a>> {
    Node(N),
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Sym(Sym),
    Str(&'a str),
    /// A key of the definition as a string (a `required` name).
    Name(N::Key),
    /// An array (`false`) or an object (`true`), its entries in order.
    Array(&'a [Entry<'a, N>], bool),
    /// A node the normalizer modelled, taken by the pass.
    Model(&'a RefCell<Schema<'a, Val<'a, N>>>),
}

impl<'a, N: Node<'a>> Clone for Val<'a, N> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<'a, N: Node<'a>> Copy for Val<'a, N> {}

impl<'a, N: Node<'a>> std::fmt::Debug for Val<'a, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::normalize::profile::text::json(*self))
    }
}

/// Whether the keys are 0, 1, ... in order.
fn keys_are_list<'a, K: Key<'a>, V>(entries: &[(K, V)]) -> bool {
    entries
        .iter()
        .enumerate()
        .all(|(i, (k, _))| k.get() == KeyRef::Int(i as i64))
}

impl<'a, N: Node<'a>> Node<'a> for Val<'a, N> {
    type Key = VKey<'a, N::Key>;

    fn kind(self) -> Kind<'a, Self> {
        match self {
            Val::Node(n) => match n.kind() {
                Kind::Null => Kind::Null,
                Kind::Bool(b) => Kind::Bool(b),
                Kind::Int(i) => Kind::Int(i),
                Kind::Float(f) => Kind::Float(f),
                Kind::Str(s) => Kind::Str(s),
                Kind::Array(a) => Kind::Array(Val::Node(a)),
                Kind::Other => Kind::Other,
            },
            Val::Null => Kind::Null,
            Val::Bool(b) => Kind::Bool(b),
            Val::Int(i) => Kind::Int(i),
            Val::Float(f) => Kind::Float(f),
            Val::Sym(s) => Kind::Str(s.as_str().as_bytes()),
            Val::Str(s) => Kind::Str(s.as_bytes()),
            Val::Name(k) => match k.get() {
                KeyRef::Str(s) => Kind::Str(s),
                // Made as text ([`ValBuild::key_string`]).
                KeyRef::Int(_) => Kind::Other,
            },
            Val::Array(..) => Kind::Array(self),
            Val::Model(_) => Kind::Other,
        }
    }

    fn get(self, key: Sym) -> Option<Self> {
        match self {
            Val::Node(n) => n.get(key).map(Val::Node),
            Val::Array(entries, _) => entries
                .iter()
                .find(|(k, _)| k.sym() == Some(key))
                .map(|(_, v)| *v),
            _ => None,
        }
    }

    fn find(self, key: KeyRef<'_>) -> Option<Self> {
        match self {
            Val::Node(n) => n.find(key).map(Val::Node),
            Val::Array(entries, _) => entries
                .iter()
                .find(|(k, _)| k.get() == key)
                .map(|(_, v)| *v),
            _ => None,
        }
    }

    fn len(self) -> usize {
        match self {
            Val::Node(n) => n.len(),
            Val::Array(entries, _) => entries.len(),
            _ => 0,
        }
    }

    fn is_list(self) -> bool {
        match self {
            Val::Node(n) => n.is_list(),
            Val::Array(entries, _) => keys_are_list(entries),
            _ => false,
        }
    }

    /// An object made here is read as the extension reads the one it
    /// builds: a stdClass when empty or keyed 0..n, an array otherwise.
    fn is_object(self) -> bool {
        match self {
            Val::Node(n) => n.is_object(),
            Val::Array(entries, obj) => obj && keys_are_list(entries),
            _ => false,
        }
    }

    fn try_each<E>(self, mut f: impl FnMut(Self::Key, Self) -> Result<(), E>) -> Result<(), E> {
        match self {
            Val::Node(n) => n.try_each(|k, v| f(VKey::Node(k), Val::Node(v))),
            Val::Array(entries, _) => {
                for (k, v) in entries {
                    f(*k, *v)?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
}

impl<'a, N: Node<'a>> SchemaNode<'a> for Val<'a, N> {
    fn model(self) -> Option<&'a RefCell<Schema<'a, Self>>> {
        match self {
            Val::Model(m) => Some(m),
            _ => None,
        }
    }
}

/// Makes [`Val`]s in an arena.
pub struct ValBuild<'a, N: Node<'a>> {
    pub arena: &'a Arena<'a, N>,
}

/// An array or object being made: its entries, and PHP's next free index
/// (one above the largest int key).
pub struct Entries<'a, N: Node<'a>> {
    items: SmallVec<[Entry<'a, N>; 6]>,
    next: i64,
}

impl<'a, N: Node<'a>> Entries<'a, N> {
    fn new() -> Self {
        Entries {
            items: SmallVec::new(),
            next: 0,
        }
    }

    fn push(&mut self, k: VKey<'a, N::Key>, val: Val<'a, N>) {
        if let KeyRef::Int(i) = k.get() {
            self.next = self.next.max(i.saturating_add(1));
        }
        self.items.push((k, val));
    }

    /// Puts under a key; one already there keeps its place (false then).
    fn put(&mut self, k: VKey<'a, N::Key>, val: Val<'a, N>) -> bool {
        let key = k.get();
        match self.items.iter_mut().find(|(old, _)| old.get() == key) {
            Some(slot) => {
                slot.1 = val;
                false
            }
            None => {
                self.push(k, val);
                true
            }
        }
    }
}

impl<'a, N: Node<'a>> ValBuild<'a, N> {
    /// A new model (empty, in place), as a value and to fill.
    pub fn model(&mut self) -> (Val<'a, N>, &'a RefCell<Schema<'a, Val<'a, N>>>) {
        let cell = self.arena.models.push(|| RefCell::new(Schema::default()));
        (Val::Model(cell), cell)
    }

    fn entries(&mut self, e: Entries<'a, N>, obj: bool) -> Val<'a, N> {
        Val::Array(self.arena.entries.alloc(e.items.into_iter()), obj)
    }
}

impl<'a, N: Node<'a>> Build<'a, N> for ValBuild<'a, N> {
    type Val = Val<'a, N>;
    type Obj = Entries<'a, N>;
    type Arr = Entries<'a, N>;

    fn obj(&mut self) -> Self::Obj {
        Entries::new()
    }
    fn arr(&mut self) -> Self::Arr {
        Entries::new()
    }
    fn put(&mut self, obj: &mut Self::Obj, key: Sym, val: Self::Val) {
        obj.items.push((VKey::Sym(key), val));
    }
    fn put_key(&mut self, obj: &mut Self::Obj, key: N::Key, val: Self::Val) {
        obj.items.push((VKey::Node(key), val));
    }
    fn push(&mut self, arr: &mut Self::Arr, val: Self::Val) {
        let at = arr.next.max(0);
        arr.push(VKey::Int(at), val);
    }
    fn put_arr_key(&mut self, arr: &mut Self::Arr, key: N::Key, val: Self::Val) {
        arr.put(VKey::Node(key), val);
    }
    fn put_arr_bytes(&mut self, arr: &mut Self::Arr, key: &[u8], val: Self::Val) -> bool {
        let k = match crate::view::php_key(key) {
            KeyRef::Int(i) => VKey::Int(i),
            KeyRef::Str(s) => VKey::Str(self.arena.bytes.alloc(s.iter().copied())),
        };
        arr.put(k, val)
    }
    fn end_obj(&mut self, obj: Self::Obj) -> Self::Val {
        self.entries(obj, true)
    }
    fn end_arr(&mut self, arr: Self::Arr) -> Self::Val {
        self.entries(arr, false)
    }
    fn sym(&mut self, s: Sym) -> Self::Val {
        Val::Sym(s)
    }
    fn string(&mut self, s: &str) -> Self::Val {
        Val::Str(self.arena.str(s))
    }
    fn int(&mut self, i: i64) -> Self::Val {
        Val::Int(i)
    }
    fn float(&mut self, f: f64) -> Self::Val {
        Val::Float(f)
    }
    fn bool(&mut self, b: bool) -> Self::Val {
        Val::Bool(b)
    }
    fn null(&mut self) -> Self::Val {
        Val::Null
    }
    fn share(&mut self, node: N) -> Self::Val {
        Val::Node(node)
    }
    /// An int key as its decimal text (compared as a string).
    fn key_string(&mut self, key: N::Key) -> Self::Val {
        match key.get() {
            KeyRef::Int(i) => Val::Str(self.arena.str(&i.to_string())),
            KeyRef::Str(_) => Val::Name(key),
        }
    }
}

/// Writes with the caller's builder `B` what reads as [`Val`]s: the profile
/// pass's output.
pub struct Out<'b, B>(pub &'b mut B);

/// Puts into an object under a key of a [`Val`] object.
fn put_obj<'a, N: Node<'a>, B: Build<'a, N>>(
    b: &mut B,
    obj: &mut B::Obj,
    key: VKey<'a, N::Key>,
    val: B::Val,
) {
    match key {
        VKey::Node(k) => b.put_key(obj, k, val),
        VKey::Sym(s) => b.put(obj, s, val),
        // The objects made here are keyed by symbols and definition keys.
        VKey::Int(_) | VKey::Str(_) => unreachable!("an object keyed by a made key"),
    }
}

/// A value as the caller's builder makes it.
fn write<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, v: Val<'a, N>) -> B::Val {
    match v {
        Val::Node(n) => b.share(n),
        Val::Null => b.null(),
        Val::Bool(x) => b.bool(x),
        Val::Int(i) => b.int(i),
        Val::Float(f) => b.float(f),
        Val::Sym(s) => b.sym(s),
        Val::Str(s) => b.string(s),
        Val::Name(k) => b.key_string(k),
        Val::Array(entries, true) => {
            let mut o = b.obj();
            for (k, v) in entries {
                let v = write(b, *v);
                put_obj(b, &mut o, *k, v);
            }
            b.end_obj(o)
        }
        Val::Array(entries, false) => {
            let mut arr = b.arr_for(entries.len());
            let list = keys_are_list(entries);
            for (k, v) in entries {
                let v = write(b, *v);
                match k {
                    _ if list => b.push(&mut arr, v),
                    VKey::Node(k) => b.put_arr_key(&mut arr, *k, v),
                    k => match k.get() {
                        KeyRef::Int(i) => {
                            b.put_arr_bytes(&mut arr, i.to_string().as_bytes(), v);
                        }
                        KeyRef::Str(s) => {
                            b.put_arr_bytes(&mut arr, s, v);
                        }
                    },
                }
            }
            b.end_arr(arr)
        }
        Val::Model(_) => unreachable!("a modelled node is written by the profile pass"),
    }
}

impl<'a, 'b, N: Node<'a>, B: Build<'a, N>> Build<'a, Val<'a, N>> for Out<'b, B> {
    type Val = B::Val;
    type Obj = B::Obj;
    type Arr = B::Arr;

    fn obj(&mut self) -> Self::Obj {
        self.0.obj()
    }
    fn arr(&mut self) -> Self::Arr {
        self.0.arr()
    }
    fn arr_for(&mut self, len: usize) -> Self::Arr {
        self.0.arr_for(len)
    }
    fn put(&mut self, obj: &mut Self::Obj, key: Sym, val: Self::Val) {
        self.0.put(obj, key, val);
    }
    fn put_key(&mut self, obj: &mut Self::Obj, key: VKey<'a, N::Key>, val: Self::Val) {
        put_obj(self.0, obj, key, val);
    }
    fn push(&mut self, arr: &mut Self::Arr, val: Self::Val) {
        self.0.push(arr, val);
    }
    fn put_arr_key(&mut self, arr: &mut Self::Arr, key: VKey<'a, N::Key>, val: Self::Val) {
        match key {
            VKey::Node(k) => self.0.put_arr_key(arr, k, val),
            k => match k.get() {
                KeyRef::Int(i) => {
                    self.0.put_arr_bytes(arr, i.to_string().as_bytes(), val);
                }
                KeyRef::Str(s) => {
                    self.0.put_arr_bytes(arr, s, val);
                }
            },
        }
    }
    fn put_arr_bytes(&mut self, arr: &mut Self::Arr, key: &[u8], val: Self::Val) -> bool {
        self.0.put_arr_bytes(arr, key, val)
    }
    fn end_obj(&mut self, obj: Self::Obj) -> Self::Val {
        self.0.end_obj(obj)
    }
    fn end_arr(&mut self, arr: Self::Arr) -> Self::Val {
        self.0.end_arr(arr)
    }
    fn sym(&mut self, s: Sym) -> Self::Val {
        self.0.sym(s)
    }
    fn string(&mut self, s: &str) -> Self::Val {
        self.0.string(s)
    }
    fn int(&mut self, i: i64) -> Self::Val {
        self.0.int(i)
    }
    fn float(&mut self, f: f64) -> Self::Val {
        self.0.float(f)
    }
    fn bool(&mut self, b: bool) -> Self::Val {
        self.0.bool(b)
    }
    fn null(&mut self) -> Self::Val {
        self.0.null()
    }
    fn share(&mut self, node: Val<'a, N>) -> Self::Val {
        write(self.0, node)
    }
    fn key_string(&mut self, key: VKey<'a, N::Key>) -> Self::Val {
        match key {
            VKey::Node(k) => self.0.key_string(k),
            VKey::Sym(s) => self.0.sym(s),
            VKey::Int(i) => self.0.string(&i.to_string()),
            VKey::Str(s) => self.0.string(&String::from_utf8_lossy(s)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Arena, Out, Val, ValBuild};
    use crate::json::JsonBuilder;
    use crate::sym::Sym;
    use crate::view::{Build, Key, KeyRef, Kind, Node};
    use serde_json::{json, Value};

    #[test]
    fn arrays_are_read_as_php_holds_them() {
        let def = json!({"a": [1, 2]});
        let arena = Arena::default();
        let mut b = ValBuild { arena: &arena };
        // A list: keys 0..n; a pushed value takes PHP's next free index.
        let mut list = b.arr();
        let one = b.int(1);
        b.push(&mut list, one);
        let five = b.string("five");
        b.put_arr_bytes(&mut list, b"5", five);
        let next = b.null();
        b.push(&mut list, next);
        let list = b.end_arr(list);
        let mut keys = Vec::new();
        list.each(|k, _| keys.push(k.get()));
        assert_eq!(keys, [KeyRef::Int(0), KeyRef::Int(5), KeyRef::Int(6)]);
        assert!(!list.is_list() && !list.is_object());
        // An object: `{}` and list-keyed ones are stdClass; others arrays.
        let empty = b.obj();
        let empty = b.end_obj(empty);
        assert!(empty.is_object() && empty.is_list() && empty.is_empty());
        let mut o = b.obj();
        let v = b.share(&def["a"]);
        b.put(&mut o, Sym::Items, v);
        let o = b.end_obj(o);
        assert!(!o.is_object() && !o.is_list());
        assert!(matches!(
            o.get(Sym::Items).map(|v| v.kind()),
            Some(Kind::Array(_))
        ));
        assert_eq!(o.get(Sym::Items).map(|v| v.len()), Some(2));
        // Written by the caller's builder as they read.
        let mut out = JsonBuilder;
        let written: Value = Out(&mut out).share(o);
        assert_eq!(written, json!({"items": [1, 2]}));
        let written: Value = Out(&mut out).share(list);
        assert_eq!(written, json!({"0": 1, "5": "five", "6": null}));
        let written: Value = Out(&mut out).share(empty);
        assert_eq!(written, json!({}));
    }

    #[test]
    fn stored_values_stay_where_they_are() {
        let arena: Arena<'_, &Value> = Arena::default();
        let mut b = ValBuild { arena: &arena };
        // Enough arrays and strings to fill several chunks.
        let made: Vec<Val<'_, &Value>> = (0..500)
            .map(|i| {
                let mut a = b.arr();
                for j in 0..(i % 7) {
                    let v = b.string(&format!("{i}.{j}"));
                    b.push(&mut a, v);
                }
                b.end_arr(a)
            })
            .collect();
        for (i, v) in made.iter().enumerate() {
            assert_eq!(v.len(), i % 7);
            v.each(|k, s| {
                let KeyRef::Int(j) = k.get() else {
                    panic!("a list")
                };
                assert_eq!(s.utf8(), Some(format!("{i}.{j}").as_str()));
            });
        }
    }
}
