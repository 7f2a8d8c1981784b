//! B5: int `0`/`1` for a `boolean` input becomes `false`/`true`. Other ints and
//! all floats (`1.0`) stay.

use super::Repair;
use crate::model::value::Scalar;

pub fn decide<N>(v: Scalar<'_>) -> Option<Repair<N>> {
    match v {
        Scalar::Int(0) => Some(Repair::Bool(false)),
        Scalar::Int(1) => Some(Repair::Bool(true)),
        _ => None,
    }
}
