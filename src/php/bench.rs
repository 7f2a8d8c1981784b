//! Benchmark floor (feature `bench` only): `ToolSchema\Bench\deep_copy(array $a): array`
//! rebuilds every array of `$a` with the same keys and values, sharing strings
//! by refcount: the least any design that returns a fresh array must do.

use ext_php_rs::types::Zval;
use ext_php_rs::zend::ExecuteData;

use super::args::{self, Args};
use super::zval::{Owned, Table, Z};
use crate::view::{Kind, Node};

pub const DEEP_COPY: &str = "ToolSchema\\Bench\\deep_copy";

fn deep_copy(node: Z<'_>) -> Owned {
    match node.kind() {
        Kind::Array(a) => {
            let mut t = Table::new(a.len() as u32);
            a.each(|k, v| t.put_key(k, deep_copy(v)));
            t.into_owned()
        }
        _ => Owned::share(node),
    }
}

pub extern "C" fn handler(ex: &mut ExecuteData, retval: &mut Zval) {
    super::guarded(DEEP_COPY, |_| {
        let Some(args) = Args::read(ex, DEEP_COPY, 1, 1) else {
            return;
        };
        let Some(a) = args.array(0, "array") else {
            return;
        };
        args::set_return(retval, deep_copy(a));
    });
}
