//! The machinery every algorithm shares.

pub(crate) mod best_first;
pub(crate) mod depth_first;
pub(crate) mod heap;
pub(crate) mod table;
