//! A2: decimal → `type: string` with `pattern: ^-?\d+(\.\d+)?$`, and a description
//! saying it is a decimal number written as a string.

use crate::model::ty::Ty;
use crate::sym::Sym;

pub const NOTE: &str = "A decimal number written as a string, e.g. \"12.50\".";

pub fn pattern(ty: Ty) -> Option<Sym> {
    (ty == Ty::Decimal).then_some(Sym::DecimalPattern)
}
