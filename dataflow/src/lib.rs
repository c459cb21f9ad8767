//! Breadth-first enumeration and pattern-database builds for [`informed`], across threads,
//! processes and machines, on timely dataflow.

#![deny(missing_docs)]
#![deny(rustdoc::broken_intra_doc_links)]

pub use crate::bfs::{
    Enumeration, ExchangeState, GoalPath, LayerProgress, LayeredBfs, VisitedSet, WorkerMemory,
};
pub use crate::cluster::Cluster;
pub use crate::error::DataflowError;
pub use crate::pdb::{DistributedPdb, PdbProgress};
pub use crate::puzzle::{AdditiveTables, PuzzlePattern};

mod bfs;
mod cluster;
mod engine;
mod error;
mod pdb;
mod puzzle;
