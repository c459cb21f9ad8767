//! The algorithms, one a file, each saying only what differs from the engine it runs on; and
//! [`Algorithm`], to choose one at run time.

use std::fmt;
use std::str::FromStr;

use crate::heuristic::{Heuristic, HeuristicFn};
use crate::observer::Observer;
use crate::problem::SearchProblem;
use crate::search::Search;
use crate::solution::SearchResult;

pub(crate) mod anytime;
pub(crate) mod astar;
pub(crate) mod audit;
pub(crate) mod beam;
pub(crate) mod bfs;
pub(crate) mod bfs_reach;
pub(crate) mod bidirectional;
pub(crate) mod depth_first;
pub(crate) mod dijkstra;
pub(crate) mod dstar_lite;
pub(crate) mod greedy;
pub(crate) mod hill_climbing;
pub(crate) mod idastar;
pub(crate) mod iddfs;
pub(crate) mod k_shortest;
pub(crate) mod lpa;
pub(crate) mod nbs;
pub(crate) mod optimal_paths;
#[cfg(feature = "rayon")]
pub(crate) mod par_idastar;
pub(crate) mod path_tree;
pub(crate) mod reachable;
pub(crate) mod resumable;
pub(crate) mod stepper;
pub(crate) mod theta_star;

/// A search algorithm chosen at run time, for programs that take it as an option.
///
/// It covers every algorithm that needs only a [`SearchProblem`] and returns one
/// [`Solution`](crate::Solution)
/// (`anytime:W` returns the best solution of [`anytime_astar`](crate::anytime_astar)). The
/// bidirectional searches, which need a [`Bidirectional`](crate::Bidirectional) problem, stay
/// methods of [`Search`]; the searches returning several paths or a report (Yen's paths, all
/// optimal paths, reachability, the stepper, the audit) have their own return types.
///
/// Parses from `bfs`, `dijkstra`, `greedy`, `astar`, `wastar:W` (weighted A* with weight W),
/// `anytime:W` (anytime A* starting at weight W), `idastar`, `iddfs`, `dfs:D` (depth-first to
/// depth D), `hill` (hill climbing) and `beam:W` (beam search of width W).
///
/// # Example
///
/// ```
/// use informed::{Algorithm, Search};
///
/// let problem = informed::from_fn(0i32, |&n: &i32| [(n + 1, 1), (n - 1, 1)], |&n| n == 5);
/// let algorithm: Algorithm = "astar".parse()?;
/// let solution = Search::new(&problem).run(algorithm, |&n: &i32| (5 - n).abs())?;
/// assert_eq!(solution.cost(), 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum Algorithm {
    /// Breadth-first search ([`bfs`](crate::bfs)); ignores the heuristic.
    Bfs,
    /// Dijkstra's algorithm ([`dijkstra`](crate::dijkstra)); ignores the heuristic.
    Dijkstra,
    /// Greedy best-first search ([`greedy`](crate::greedy)).
    Greedy,
    /// A* ([`astar`](crate::astar)).
    AStar,
    /// Weighted A* ([`weighted_astar`](crate::weighted_astar)) with this weight.
    WeightedAStar(f64),
    /// Anytime A* ([`anytime_astar`](crate::anytime_astar)) from this weight, returning its best
    /// solution.
    AnytimeAStar(f64),
    /// IDA* ([`idastar`](crate::idastar)).
    IdaStar,
    /// Iterative deepening ([`iddfs`](crate::iddfs)); ignores the heuristic.
    Iddfs,
    /// Depth-first search to this depth ([`depth_first`](crate::depth_first)); ignores the
    /// heuristic.
    DepthFirst(usize),
    /// Hill climbing on the heuristic ([`hill_climbing`](crate::hill_climbing)), without
    /// restarts.
    HillClimbing,
    /// Beam search of this width ([`beam_search`](crate::beam_search)).
    BeamSearch(usize),
}

impl Algorithm {
    /// Every algorithm's name, as [`FromStr`] accepts it.
    pub const NAMES: &'static [&'static str] = &[
        "bfs",
        "dijkstra",
        "greedy",
        "astar",
        "wastar:W",
        "anytime:W",
        "idastar",
        "iddfs",
        "dfs:D",
        "hill",
        "beam:W",
    ];
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Algorithm::Bfs => f.write_str("bfs"),
            Algorithm::Dijkstra => f.write_str("dijkstra"),
            Algorithm::Greedy => f.write_str("greedy"),
            Algorithm::AStar => f.write_str("astar"),
            Algorithm::WeightedAStar(w) => write!(f, "wastar:{w}"),
            Algorithm::AnytimeAStar(w) => write!(f, "anytime:{w}"),
            Algorithm::IdaStar => f.write_str("idastar"),
            Algorithm::Iddfs => f.write_str("iddfs"),
            Algorithm::DepthFirst(depth) => write!(f, "dfs:{depth}"),
            Algorithm::HillClimbing => f.write_str("hill"),
            Algorithm::BeamSearch(width) => write!(f, "beam:{width}"),
        }
    }
}

/// The error of parsing an [`Algorithm`]: the text that named none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownAlgorithm {
    name: String,
}

impl fmt::Display for UnknownAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown algorithm {:?}: expected one of {}",
            self.name,
            Algorithm::NAMES.join(", ")
        )
    }
}

impl std::error::Error for UnknownAlgorithm {}

impl FromStr for Algorithm {
    type Err = UnknownAlgorithm;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let unknown = || UnknownAlgorithm { name: s.to_owned() };
        Ok(match s.to_ascii_lowercase().as_str() {
            "bfs" => Algorithm::Bfs,
            "dijkstra" => Algorithm::Dijkstra,
            "greedy" => Algorithm::Greedy,
            "astar" | "a*" => Algorithm::AStar,
            "idastar" | "ida*" => Algorithm::IdaStar,
            "iddfs" => Algorithm::Iddfs,
            "hill" | "hill-climbing" => Algorithm::HillClimbing,
            other => {
                if let Some(depth) = other.strip_prefix("dfs:") {
                    Algorithm::DepthFirst(depth.parse().map_err(|_| unknown())?)
                } else if let Some(width) = other.strip_prefix("beam:") {
                    Algorithm::BeamSearch(width.parse().map_err(|_| unknown())?)
                } else if let Some(weight) = other.strip_prefix("anytime:") {
                    Algorithm::AnytimeAStar(weight.parse().map_err(|_| unknown())?)
                } else {
                    let weight = other
                        .strip_prefix("wastar:")
                        .ok_or_else(unknown)?
                        .parse::<f64>()
                        .map_err(|_| unknown())?;
                    Algorithm::WeightedAStar(weight)
                }
            }
        })
    }
}

impl<P: SearchProblem, O: Observer<P::State, P::Cost>> Search<'_, P, O> {
    /// Runs `algorithm`, chosen at run time. `heuristic` is ignored by the algorithms that take
    /// none ([`Algorithm::Bfs`], [`Algorithm::Dijkstra`], [`Algorithm::Iddfs`],
    /// [`Algorithm::DepthFirst`]).
    ///
    /// # Errors
    ///
    /// Those of the algorithm run.
    pub fn run<F>(self, algorithm: Algorithm, heuristic: F) -> SearchResult<P>
    where
        F: HeuristicFn<P::State, P::Cost>,
    {
        self.run_with(algorithm, heuristic)
    }

    /// Runs `algorithm`, chosen at run time. `heuristic` is ignored by the algorithms that take
    /// none ([`Algorithm::Bfs`], [`Algorithm::Dijkstra`], [`Algorithm::Iddfs`],
    /// [`Algorithm::DepthFirst`]).
    ///
    /// # Errors
    ///
    /// Those of the algorithm run.
    /// [`run`](Self::run) with a heuristic of any [`Heuristic`](crate::Heuristic) type.
    pub fn run_with<H>(self, algorithm: Algorithm, heuristic: H) -> SearchResult<P>
    where
        H: Heuristic<P::State, P::Cost>,
    {
        match algorithm {
            Algorithm::Bfs => self.bfs(),
            Algorithm::Dijkstra => self.dijkstra(),
            Algorithm::Greedy => self.greedy_with(heuristic),
            Algorithm::AStar => self.astar_with(heuristic),
            Algorithm::WeightedAStar(weight) => self.weighted_astar_with(heuristic, weight),
            Algorithm::AnytimeAStar(weight) => self
                .anytime_astar_with(heuristic, weight)
                .map(crate::algo::anytime::Anytime::into_best),
            Algorithm::IdaStar => self.idastar_with(heuristic),
            Algorithm::Iddfs => self.iddfs(),
            Algorithm::DepthFirst(depth) => self.depth_first(depth),
            Algorithm::HillClimbing => self.hill_climbing_with(heuristic),
            Algorithm::BeamSearch(width) => self.beam_search_with(heuristic, width),
        }
    }
}
