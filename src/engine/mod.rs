//! The machinery every algorithm shares, in layers: data structures at the bottom ([`table`],
//! [`heap`], [`hasher`]), then the [`options`] a search takes and the [`control`] of its limits
//! and statistics, [`select`] which turns the options into data structures, and the engines
//! the algorithms are built on: [`best_first`], [`depth_first`] and its in-place twin
//! [`in_place`], which the parallel IDA* of the `rayon` feature splits over threads
//! (`parallel`); and [`suspended`], a best-first search held between calls.
//!
//! Imports run one way: `crate::algo` uses the engine, the engine uses the data structures and
//! the crate's vocabulary (`cost`, `problem`, `heuristic`, `observer`, `solution`, `error`),
//! never the other way round.

pub(crate) mod best_first;
pub(crate) mod breadth_first;
pub(crate) mod control;
pub(crate) mod depth_first;
pub(crate) mod hasher;
pub(crate) mod heap;
pub(crate) mod in_place;
pub(crate) mod incremental;
pub(crate) mod options;
#[cfg(feature = "rayon")]
pub(crate) mod parallel;
pub(crate) mod select;
pub(crate) mod suspended;
pub(crate) mod table;
