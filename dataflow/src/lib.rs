//! Breadth-first enumeration and pattern-database builds for [`informed`], across worker
//! threads, processes and machines, on [timely dataflow](https://docs.rs/timely).
//!
//! [`informed::bfs_reach`] and [`PatternDatabase::build`](informed::pdb::PatternDatabase::build)
//! hold every state in one process: the largest space they enumerate is what fits one
//! machine's memory. This crate runs the same computations over the workers of a
//! [`Cluster`] (threads of one process, processes on one host, or processes on many hosts
//! connected over TCP), each worker owning a share of the states.
//!
//! - [`LayeredBfs`] runs a layered breadth-first search of any [`SearchProblem`] whose states can
//!   travel ([`ExchangeState`]): the number of states at each depth (a puzzle's "God's
//!   number" and its distribution), the first goal and a path to it, the states of chosen
//!   layers, and the memory each worker used.
//! - [`DistributedPdb`] builds the table of
//!   [`PatternDatabase::build`](informed::pdb::PatternDatabase::build), byte for byte, over
//!   the workers; [`AdditiveTables`] does it for the sliding
//!   puzzle's additive databases and saves the file
//!   [`AdditivePdb::load`](informed::puzzle::AdditivePdb::load) reads.
//!
//! Every process of a run makes the same call with the same arguments (and its own process
//! index in the [`Cluster`]); each worker builds its own copy of the problem from a closure,
//! so problems need not be `Send`. A layer ends when timely's progress tracking tells every
//! worker that no message of it is left anywhere, so no worker waits on a timer and none
//! moves on early. A worker that fails, or a process that dies, fails the run in every
//! process that is left, with [`DataflowError::WorkerFailed`]: never a wrong histogram.
//!
//! The `informed-enumerate` binary of this package runs the searches from a command line
//! with timely's own flags; the package's README shows how to run it on one machine and on
//! several.
//!
//! # Example: the 8-puzzle's distances, on four threads
//!
//! ```
//! use informed::puzzle::SlidingPuzzle;
//! use informed_dataflow::{Cluster, LayeredBfs};
//!
//! // Every worker builds its own problem, which borrows the puzzle: the puzzle lives as
//! // long as the program.
//! let puzzle: &'static SlidingPuzzle = Box::leak(Box::new(SlidingPuzzle::new(3, 3)?));
//! let goal = puzzle.goal();
//! let run = LayeredBfs::new(move || puzzle.problem(goal).expect("the goal is solvable"))
//!     .run(&Cluster::threads(4)?)?;
//! assert_eq!(run.states(), 181_440);
//! assert_eq!(run.histogram().len() - 1, 31); // the hardest boards are 31 moves away
//! assert_eq!(run.histogram()[31], 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Example: several processes
//!
//! The same program runs as several processes when each is given the cluster's addresses and
//! its own index, as timely's flags do (`-n 2 -p 0 -h hosts.txt` on one machine, `-p 1` on
//! the other):
//!
//! ```no_run
//! use informed_dataflow::{Cluster, LayeredBfs};
//!
//! let (cluster, _rest) = Cluster::from_args(std::env::args().skip(1))?;
//! let make = || informed::from_fn(0u32, |&n: &u32| [((n + 1) % 1000, 1u32)], |_| false);
//! let run = LayeredBfs::new(make).run(&cluster)?;
//! println!("process {}: {:?}", cluster.process(), run.histogram());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`SearchProblem`]: informed::SearchProblem

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

/// The README's Rust examples, run as doc tests so that they cannot rot.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
