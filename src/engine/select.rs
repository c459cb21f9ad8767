//! The one place where a search's options become data structures.
//!
//! Rust has no closures generic over a type, so an algorithm hands its body to [`with_tables`]
//! or [`with_engine`] as a value implementing [`TableBody`] or [`EngineBody`]; the body is then
//! compiled once for each node table (and open set) and run on the one the options choose. The
//! choice is made once per search and costs nothing per node.

use std::collections::hash_map::RandomState;

use crate::engine::hasher::FastBuildHasher;
use crate::engine::heap::{Binary, Lazy, OpenSets, Quaternary};
use crate::engine::options::{DENSE_LIMIT, Hashing, NodeTable, OpenSet, Options};
use crate::engine::table::{Dense, Hashed, Tables};
use crate::problem::SearchProblem;

/// An algorithm that needs node tables (and no open set, or one of its own).
pub(crate) trait TableBody<'p, S, C> {
    /// What the algorithm returns.
    type Output;
    /// Runs the algorithm, making its node tables with `tables`.
    fn run<N: Tables<'p, S, C>>(self, tables: N) -> Self::Output;
}

/// An algorithm that needs node tables and open sets.
pub(crate) trait EngineBody<'p, S, C> {
    /// What the algorithm returns.
    type Output;
    /// The open set that [`OpenSet::Auto`] stands for with a dense table: see [`OpenSet`] for
    /// the measurements.
    const AUTO: OpenSet = OpenSet::QuaternaryHeap;
    /// The open set that [`OpenSet::Auto`] stands for with a hashed table.
    const AUTO_HASHED: OpenSet = Self::AUTO;
    /// Runs the algorithm, making its node tables with `tables` and its open sets of type
    /// `Q::Open<_>`.
    fn run<N: Tables<'p, S, C>, Q: OpenSets>(self, tables: N) -> Self::Output;
}

/// The bound of `problem`'s dense numbering, where the node table is to use it.
pub(crate) fn dense_bound<P: SearchProblem>(problem: &P, node_table: NodeTable) -> Option<usize> {
    match node_table {
        NodeTable::Auto => problem.index_bound().filter(|&bound| bound <= DENSE_LIMIT),
        NodeTable::Hashed => None,
    }
}

/// Runs `body` with the node tables that `options` choose for `problem`.
pub(crate) fn with_tables<'p, P, B>(
    problem: &'p P,
    options: &Options<P::Cost>,
    body: B,
) -> B::Output
where
    P: SearchProblem,
    B: TableBody<'p, P::State, P::Cost>,
{
    match (dense_bound(problem, options.node_table), options.hashing) {
        (Some(bound), _) => body.run(Dense { problem, bound }),
        (None, Hashing::Fast) => body.run(Hashed::<FastBuildHasher>::new()),
        (None, Hashing::Std) => body.run(Hashed::<RandomState>::new()),
    }
}

/// Runs `body` with the node tables and open sets that `options` choose for `problem`.
pub(crate) fn with_engine<'p, P, B>(
    problem: &'p P,
    options: &Options<P::Cost>,
    body: B,
) -> B::Output
where
    P: SearchProblem,
    B: EngineBody<'p, P::State, P::Cost>,
{
    /// The table chosen, the open set still to choose.
    struct ChooseOpenSet<B> {
        open_set: OpenSet,
        body: B,
    }

    impl<'p, S, C, B: EngineBody<'p, S, C>> TableBody<'p, S, C> for ChooseOpenSet<B> {
        type Output = B::Output;

        fn run<N: Tables<'p, S, C>>(self, tables: N) -> B::Output {
            let open_set = match self.open_set {
                OpenSet::Auto if N::HASHED => B::AUTO_HASHED,
                OpenSet::Auto => B::AUTO,
                chosen => chosen,
            };
            match open_set {
                OpenSet::BinaryHeap => self.body.run::<N, Binary>(tables),
                OpenSet::QuaternaryHeap => self.body.run::<N, Quaternary>(tables),
                OpenSet::LazyHeap | OpenSet::Auto => self.body.run::<N, Lazy>(tables),
            }
        }
    }

    let open_set = options.open_set;
    with_tables(problem, options, ChooseOpenSet { open_set, body })
}
