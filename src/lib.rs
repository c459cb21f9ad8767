//! State-space search: breadth-first, Dijkstra, greedy best-first, A* and weighted A* on one
//! engine, for any state space you describe.
//!
//! You implement [`SearchProblem`] for your states (where the search starts, which states are
//! goals, and the successors of a state with the cost of each step), optionally a [`Heuristic`]
//! (an estimate of the cost that remains), and run any algorithm on the same value:
//!
//! | function | ranks the open set by | returns | needs |
//! |---|---|---|---|
//! | [`bfs`] | order of generation | fewest steps | — |
//! | [`dijkstra`] | g, the cost so far | least cost | — |
//! | [`greedy`] | h, the estimate | some path, fast | a heuristic |
//! | [`astar`] | f = g + h | least cost | an admissible heuristic |
//! | [`weighted_astar`] | f = g + w·h | cost ≤ max(1, w) × least | an admissible heuristic |
//!
//! Each returns a [`Solution`] (the path, its cost and [`Stats`]: expanded, generated, reopened
//! nodes, …) or a [`SearchError`] that says why there is none: no path exists, a limit stopped the
//! search, or a step cost or estimate was bad (negative, NaN, overflowing) — never a panic and
//! never a silently wrong answer.
//!
//! # Three ways in
//!
//! Every algorithm runs the same search through each of them; pick by what the call needs.
//!
//! | reach for | when | looks like |
//! |---|---|---|
//! | a free function | one search with the defaults | `informed::astar(&problem, \|s\| h(s))?` |
//! | [`Search`] | options first: limits, a time limit, tie-breaking, an [`Observer`] | `Search::new(&problem).max_expansions(10_000).astar(\|s\| h(s))?` |
//! | [`Searcher`] | many searches in a loop (a game's queries): it keeps its node table and heap, so later searches do not allocate | `searcher.astar(&problem, \|s\| h(s))?` |
//!
//! A heuristic is a closure for the calls named above, its argument's type inferred from the
//! problem; a heuristic that is a type (the grid's and puzzle's, [`Max`], a pattern database,
//! your own [`Heuristic`]) goes to the `_with` form of the same call ([`astar_with`],
//! [`Search::astar_with`], [`Searcher::astar_with`]), and the compiler's error says so if the
//! two are swapped. To drive a search one expansion at a time (to draw it, or to interleave it
//! with other work), take a [`stepper`]; to spread one over a game's frames, a budget of
//! expansions or time at a time with a partial path after each, a [`Resumable`] search.
//!
//! Dijkstra, greedy, A* and weighted A* are one best-first engine with different priorities. Its
//! open set is a heap with decrease-key: each state is stored once in a node table (parents are
//! indices), and a cheaper path to a waiting state moves it up the heap instead of queueing a
//! duplicate (a lazy heap that queues the duplicate is an [`OpenSet`] away). Beside it, a
//! specialised breadth-first loop runs [`bfs`], [`bfs_reach`], [`bidirectional_bfs`] and
//! [`reachable`] (the last while every step costs the same): its table of states is its queue,
//! with parents where a path can be asked for, and no costs or heap.
//!
//! Beyond these: [`idastar`], [`iddfs`] and [`depth_first`] in memory linear in the path (and,
//! for a problem whose moves change one state in place and can be undone, an
//! [`InPlaceProblem`], [`idastar_in_place`], [`iddfs_in_place`] and [`depth_first_in_place`],
//! with an [`IncrementalHeuristic`] updated by each move);
//! [`bidirectional_dijkstra`] and [`bidirectional_bfs`] for problems that give predecessors
//! ([`Bidirectional`], or closures through [`from_fn_bidirectional`] and
//! [`from_fn_unit_bidirectional`]); [`anytime_astar`], improving its answer with a proven bound;
//! [`k_shortest_paths`] and [`optimal_paths`] for more than one path; [`reachable`] for
//! everything within a budget, [`bfs_reach`] for everything with its depth, and
//! [`shortest_path_tree`] for the cheapest path to every state from one flood, and
//! [`distances_to_goals`] for the cheapest path from every state to the goals (one flood of
//! the problem seen backward, [`Reversed`]); [`stepper`] to drive a search one expansion at a
//! time; [`theta_star`] for any-angle paths, cutting across the steps wherever a
//! [`LineOfSight`] problem says a straight line is clear; and, for
//! contrast, the incomplete [`hill_climbing`] and [`beam_search`]. Every algorithm is a free
//! function with the defaults and a [`Search`] method of the same name with options; every
//! option of a [`Search`] is honoured by every algorithm, or refused with an error (the table in
//! [`Search`]'s docs says which).
//!
//! Ready-made problems live in [`grid`] (Moving AI maps, grids with a cost for each cell,
//! pictures of a search), [`puzzle`] (sliding tiles, with additive pattern databases) and
//! [`graph`] (road networks), and the domains of the search literature, [`pancake`] (with the gap
//! heuristic), [`topspin`] and [`cube`] (the pocket cube); [`pdb`] builds pattern databases for
//! any permutation-like space, and saves and loads them;
//! with the `petgraph` feature, `informed::petgraph` searches any `petgraph` graph; [`audit`]
//! checks a heuristic before you trust it.
//!
//! To watch a search of your own space, record it with a [`StateRecorder`], told where to draw
//! each state: [`Replay`] writes a page that replays searches side by side in a browser,
//! [`StatePicture`] an SVG picture, and [`StateRecorder::trace`] lists every expansion.
//!
//! # Tutorial: your own state space
//!
//! A maze drawn in text, 4-connected, each step costing 1:
//!
//! ```
//! use informed::SearchProblem;
//!
//! struct Maze {
//!     rows: Vec<&'static [u8]>,
//!     start: (usize, usize),
//!     goal: (usize, usize),
//! }
//!
//! impl Maze {
//!     fn open(&self, (x, y): (usize, usize)) -> bool {
//!         self.rows.get(y).and_then(|row| row.get(x)).is_some_and(|&c| c != b'#')
//!     }
//! }
//!
//! impl SearchProblem for Maze {
//!     type State = (usize, usize); // (column, row)
//!     type Cost = u32;
//!
//!     fn starts(&self) -> impl IntoIterator<Item = (usize, usize)> {
//!         [self.start]
//!     }
//!
//!     fn is_goal(&self, cell: &(usize, usize)) -> bool {
//!         *cell == self.goal
//!     }
//!
//!     fn successors(
//!         &self,
//!         &(x, y): &(usize, usize),
//!     ) -> impl IntoIterator<Item = ((usize, usize), u32)> {
//!         // Each open neighbour, one step away; no allocation.
//!         [(x + 1, y), (x.wrapping_sub(1), y), (x, y + 1), (x, y.wrapping_sub(1))]
//!             .into_iter()
//!             .filter(|&cell| self.open(cell))
//!             .map(|cell| (cell, 1))
//!     }
//! }
//!
//! let maze = Maze {
//!     rows: vec![
//!         b"..........",
//!         b".######...",
//!         b"......#...",
//!         b"......#...",
//!         b"......#...",
//!     ],
//!     start: (0, 4),
//!     goal: (9, 4),
//! };
//!
//! // The Manhattan distance never overestimates a 4-connected walk: A* stays optimal. The
//! // closure's argument needs no type: it is the problem's state.
//! let bfs = informed::bfs(&maze)?;
//! let dijkstra = informed::dijkstra(&maze)?;
//! let greedy = informed::greedy(&maze, |&(x, y)| (x.abs_diff(9) + y.abs_diff(4)) as u32)?;
//! let astar = informed::astar(&maze, |&(x, y)| (x.abs_diff(9) + y.abs_diff(4)) as u32)?;
//!
//! assert_eq!(astar.cost(), 17);
//! assert_eq!(dijkstra.cost(), 17);
//! assert_eq!(bfs.steps(), 17);
//! assert!(greedy.cost() >= 17); // greedy is fast, but promises no optimum
//!
//! // The heuristic's quality shows in the work done:
//! assert!(astar.stats().expanded < dijkstra.stats().expanded);
//! println!("A*: {}", astar.stats());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A heuristic that is a type rather than a closure (the ready-made ones in [`grid`] and
//! [`puzzle`], [`Max`] of two, your own type implementing [`Heuristic`]) goes to the `_with`
//! twin of each algorithm: [`astar_with`], [`greedy_with`], [`idastar_with`], …
//!
//! `?` takes a [`SearchError`] into a `Box<dyn Error>` when the state type is `'static` and
//! `Debug`, as above. When the states borrow (words of a text read at run time) or have no
//! `Debug`, [`SearchError::detach`] (or [`SearchError::without_states`]) turns the error into a
//! [`SearchFailure`] that keeps the message and the [`Stats`] and holds no state:
//!
//! ```
//! use informed::SearchError;
//!
//! fn steps(text: &str, from: &str, to: &str) -> Result<usize, Box<dyn std::error::Error>> {
//!     let words: Vec<&str> = text.split_whitespace().collect();
//!     let one_apart = |a: &str, b: &str| {
//!         a.len() == b.len() && a.bytes().zip(b.bytes()).filter(|(x, y)| x != y).count() == 1
//!     };
//!     let problem = informed::from_fn_unit(
//!         from,
//!         |&word: &&str| words.iter().copied().filter(move |&other| one_apart(word, other)),
//!         |&word| word == to,
//!     );
//!     let solution = informed::bfs(&problem).map_err(SearchError::detach)?;
//!     Ok(solution.steps())
//! }
//!
//! assert_eq!(steps("cold cord card ward warm", "cold", "warm")?, 4);
//! assert!(steps("cold cord", "cold", "warm").is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Example: options, limits and an observer
//!
//! ```
//! use informed::{Event, Search, TieBreak};
//!
//! let problem = informed::from_fn(1u64, |&n: &u64| [(n + 1, 1u64), (2 * n, 1)], |&n| n == 100);
//! let mut closed = Vec::new();
//! let solution = Search::new(&problem)
//!     .max_expansions(10_000)
//!     .tie_break(TieBreak::Lifo)
//!     .on_event(|event| {
//!         if let Event::Expand { state, .. } = event {
//!             closed.push(*state);
//!         }
//!     })
//!     .dijkstra()?;
//! assert_eq!(solution.path(), &[1, 2, 3, 6, 12, 24, 25, 50, 100]);
//! assert_eq!(closed.len() as u64, solution.stats().expanded);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Example: one-off searches with closures
//!
//! [`from_fn`] builds a problem from a start state and two closures, as `pathfinding` users
//! write them ([`from_fn_unit`] where every step costs 1; [`from_fn_bidirectional`] and
//! [`from_fn_unit_bidirectional`] with a goal state and predecessors, for the bidirectional
//! searches); it runs on the same engine with every
//! algorithm and option. A heuristic is a closure too, its argument's type left to inference
//! ([`migrating`] maps each `pathfinding` function).
//!
//! ```
//! let problem = informed::from_fn(
//!     (0i32, 0i32),
//!     |&(x, y): &(i32, i32)| [((x + 1, y), 2u32), ((x, y + 1), 3)],
//!     |&p| p == (2, 2),
//! );
//! let solution = informed::astar(&problem, |&(x, _)| 2 * (2 - x).unsigned_abs())?;
//! assert_eq!(solution.cost(), 10);
//!
//! let unit = informed::from_fn_unit(1u32, |&n: &u32| [n + 1, 2 * n], |&n| n == 10);
//! assert_eq!(informed::bfs(&unit)?.path(), [1, 2, 4, 5, 10]);
//!
//! // From both ends: a goal state and the predecessors, as `bfs_bidirectional` takes them.
//! let both = informed::from_fn_unit_bidirectional(
//!     1,
//!     10,
//!     |&n| [n + 1, 2 * n],
//!     |&n| if n % 2 == 0 { vec![n - 1, n / 2] } else { vec![n - 1] },
//! );
//! assert_eq!(informed::bidirectional_bfs(&both)?.steps(), 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Choosing an algorithm and a heuristic
//!
//! The [`guide`] explains admissible and consistent heuristics, what reopening costs, and why
//! ties on f go to the smaller h. [`counting`] defines each count of [`Stats`] beside the
//! literature's (Korf 1985; Korf, Reid & Edelkamp 2001), with the conversions.
//!
//! # Crate features
//!
//! None is on by default.
//!
//! - **`rayon`**: work on every core, over rayon's thread pool: `par_search` runs many
//!   independent searches, and `par_idastar_in_place` (with `par_idastar_in_place_with` and
//!   the `Search` methods of the same names) runs one IDA* in place, each iteration's tree
//!   split into subtrees searched at once; it returns the sequential search's path.
//! - **`serde`**: `Serialize` and `Deserialize` for [`Stats`], [`Solution`], [`Partial`],
//!   [`SearchError`] (with [`Limit`] and [`InvalidWeight`]), [`grid::Cell`],
//!   [`grid::Movement`], [`grid::Grid`], [`puzzle::Board`], [`puzzle::SlidingPuzzle`] and
//!   [`graph::Graph`]. Deserializing checks what the constructors check, so bad data is an
//!   error of the deserializer, never a value that panics later: a solution with an empty path,
//!   a board with a duplicate tile, a graph whose offsets do not fit its edges are refused.
//!
//! In JSON (serde's defaults: structs as objects, enums externally tagged):
//!
//! | type | shape |
//! |---|---|
//! | `Stats` | `{"expanded": 12, "generated": 41, "reopened": 0, "decrease_keys": 0, "pruned": 0, "max_open": 17, "stored": 28, "iterations": 0, "expanded_before_last_layer": 9}`; missing fields read as 0 |
//! | `Solution` | `{"path": [S, ...], "cost": C, "stats": Stats}`, the path from start to goal |
//! | `Partial` | `{"path": [S, ...], "cost": C, "estimate": C}` |
//! | `SearchError` | `{"NoPath": {"stats": Stats}}`, `{"LimitReached": {"limit": {"Expansions": 20}, "stats": Stats, "best": Partial or null}}`, … one key, the variant's name |
//! | `Cell` | `{"x": 3, "y": 0}`, the row counted from the top |
//! | `Grid` | `{"width": 3, "height": 2, "rows": ["..#", "..."]}`, `.` free, `#` blocked |
//! | `Board` | `[8, 6, 7, 2, 5, 4, 3, 0, 1]`, the tiles in row-major order, 0 the blank |
//! | `SlidingPuzzle` | `{"width": 3, "height": 3, "goal": [1, 2, 3, 4, 5, 6, 7, 8, 0]}` |
//! | `Graph` | `{"nodes": N, "offsets": [...], "targets": [...], "lengths": [...], "coordinates": [[x, y], ...]}`: node `n`'s edges are `targets[offsets[n]..offsets[n + 1]]` |
//!
//! Costs that are `f64` round-trip exactly through `serde_json` with its `float_roundtrip`
//! feature; without it, the last digit may differ.

#![deny(missing_docs)]
#![deny(rustdoc::broken_intra_doc_links)]

pub use crate::algo::Algorithm;
pub use crate::algo::UnknownAlgorithm;
pub use crate::algo::anytime::{
    Anytime, AnytimeResult, Improvement, anytime_astar, anytime_astar_with,
};
pub use crate::algo::astar::{astar, astar_with, weighted_astar, weighted_astar_with};
pub use crate::algo::audit::{Audit, KEPT_VIOLATIONS, Violation, audit, audit_with};
pub use crate::algo::beam::{beam_search, beam_search_with};
pub use crate::algo::bfs::bfs;
pub use crate::algo::bfs_reach::{BfsReach, bfs_reach};
pub use crate::algo::bidirectional::{bidirectional_bfs, bidirectional_dijkstra};
pub use crate::algo::depth_first::{depth_first, depth_first_in_place};
pub use crate::algo::dijkstra::dijkstra;
pub use crate::algo::dstar_lite::DStarLite;
pub use crate::algo::greedy::{greedy, greedy_with};
pub use crate::algo::hill_climbing::{
    hill_climbing, hill_climbing_with, hill_climbing_with_restarts,
};
pub use crate::algo::idastar::{idastar, idastar_in_place, idastar_in_place_with, idastar_with};
pub use crate::algo::iddfs::{iddfs, iddfs_in_place};
pub use crate::algo::k_shortest::k_shortest_paths;
pub use crate::algo::lpa::Lpa;
pub use crate::algo::nbs::{nbs, nbs_with};
pub use crate::algo::optimal_paths::{OptimalPaths, optimal_paths};
#[cfg(feature = "rayon")]
pub use crate::algo::par_idastar::{par_idastar_in_place, par_idastar_in_place_with};
pub use crate::algo::path_tree::{
    PathTree, distances_to_goals, shortest_path_tree, shortest_path_tree_to,
};
pub use crate::algo::reachable::{Reachable, reachable};
pub use crate::algo::resumable::{
    Budget, PartialTarget, Progress, Resumable, resumable, resumable_with,
};
pub use crate::algo::stepper::{Expansion, Stepper, stepper, stepper_with};
pub use crate::algo::theta_star::{theta_star, theta_star_with};
#[cfg(feature = "rayon")]
pub use crate::batch::{par_search, par_search_with};
pub use crate::cost::Cost;
pub use crate::engine::hasher::{FastBuildHasher, FastHasher};
pub use crate::engine::options::{
    CycleCheck, EstimateTie, Hashing, NodeTable, OpenSet, Pathmax, Reopening, TieBreak,
};
pub use crate::error::{InvalidWeight, Limit, SearchError, SearchFailure};
pub use crate::heuristic::{
    Afresh, Heuristic, HeuristicFn, IncrementalHeuristic, Max, Weighted, Zero,
};
pub use crate::in_place::{InPlace, InPlaceProblem, Moves};
pub use crate::landmarks::{
    LANDMARK_FORMAT_VERSION, LANDMARK_MAGIC, LandmarkError, LandmarkEstimate, Landmarks,
};
pub use crate::observer::{Event, FnObserver, IterationBound, NoObserver, Observer};
pub use crate::problem::{
    Bidirectional, BidirectionalFnProblem, FnProblem, SearchProblem, UnitBidirectionalFnProblem,
    UnitFnProblem, from_fn, from_fn_bidirectional, from_fn_unit, from_fn_unit_bidirectional,
};
pub use crate::progress::{Partial, Stats};
pub use crate::replay::{OpenOrder, Recording, Replay, StatePicture, StateRecorder};
pub use crate::reversed::Reversed;
pub use crate::search::Search;
pub use crate::searcher::{Memory, Searcher};
pub use crate::sight::LineOfSight;
pub use crate::solution::{ErrorOf, SearchResult, Solution, SolutionOf};

/// The README's examples, compiled and run as doc tests so that they cannot rot.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub mod cube;
pub mod graph;
pub mod grid;
pub mod pancake;
pub mod pdb;
#[cfg(feature = "petgraph")]
pub mod petgraph;
#[doc = include_str!("../docs/choosing.md")]
pub mod guide {}
#[doc = include_str!("../docs/counting.md")]
pub mod counting {}
#[doc = include_str!("../docs/migrating-from-pathfinding.md")]
pub mod migrating {}
pub mod puzzle;
pub mod topspin;

mod algo;
#[cfg(feature = "rayon")]
mod batch;
mod checksum;
mod cost;
mod engine;
mod error;
mod heuristic;
mod in_place;
#[cfg(feature = "serde")]
mod invalid_data;
mod landmarks;
mod location;
mod observer;
mod permutation;
mod problem;
mod progress;
mod replay;
mod reversed;
mod search;
mod searcher;
mod sight;
mod solution;
