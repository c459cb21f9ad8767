//! The options every search takes: its limits and the choice of data structures.

use std::time::{Duration, Instant};

use crate::cost::Cost;
use crate::error::{Limit, SearchError};

/// How a search orders states whose priorities are equal in every other respect.
///
/// Best-first searches first rank by their priority (f = g + h for A*), then prefer the smaller h
/// (the state with more of its cost already measured, so nearer the goal). This option breaks the
/// ties that remain, by the order in which states were first stored (first generated); a
/// cheaper path found later does not change a state's place.
///
/// Neither order is better in general. States expanded by A* under each (the `ties` binary of
/// the bench package, `docs/benchmarks.md`; counts, so free of a machine's noise), beside
/// `pathfinding` 4.16's A*, which ranks the same way (f, then the larger g) and leaves the rest
/// to its binary heap, and beside [`EstimateTie::Larger`] (f, then the larger h, then `Fifo`):
///
/// | workload | `Fifo` | `Lifo` | `Random`, seeds 1–5 | `pathfinding` | larger h |
/// |---|---:|---:|---:|---:|---:|
/// | pocket cube, 200 scrambles, corner count | 406,333 | 488,403 (+20%) | 376,794–423,075 | 335,052 | 767,813 |
/// | 15-puzzle, Korf's 10 easiest, Manhattan | 1,920,921 | 1,855,246 (−3.4%) | 1,859,056–1,899,530 | 1,870,242 | 5,573,793 |
/// | Moving AI `arena2`, 200 scenarios, octile | 832,356 | 832,356 | 832,356 | 832,356 | 898,552 |
/// | Moving AI `8room_000`, 100 scenarios, octile | 3,741,742 | 3,741,738 | 3,741,737–3,741,740 | 3,741,738 | 3,745,711 |
/// | the `lecture` maze of `examples/maze.rs` | 12 | 11 | 11–12 | 12 | 23 |
/// | 512² grid, 25% walls (an ablation) | 8,646 | 15,332 (+77%) | | | |
///
/// FIFO is the default: it loses 3.4% on the puzzle and one state on the small maze, where LIFO
/// loses 20% on the cube and 77% on the walled grid. On plateaus of equal priority a new state
/// joins the back of its tie instead of climbing past it in the heap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TieBreak {
    /// The state stored most recently first: depth-first order among ties.
    Lifo,
    /// The state stored first, first: breadth-first order among ties. The default.
    #[default]
    Fifo,
    /// An order among ties drawn from `seed`: the same seed gives the same order, and so the
    /// same expansions and path, on every run and machine; another seed shuffles the ties
    /// anew. For experiments that average over tie orders rather than favour one.
    ///
    /// The order is a permutation of the storage order, state number i ranked by
    /// ((i XOR a) × b) mod 2³² for a and an odd b taken from `seed` by SplitMix64: a
    /// multiplicative hash, which scatters neighbouring numbers (the states of one expansion)
    /// across the ranks, not a uniformly random permutation. It costs what `Fifo` costs: every
    /// rule ranks by the same XOR and multiply (which cost every rule 0.4–0.7% more
    /// instructions than the XOR alone did, `docs/benchmarks.md`). Searches that start in breadth-first layers
    /// (Dijkstra and `reachable` with `Fifo`, while every step costs the same) use the heap
    /// under this rule, as under `Lifo`.
    Random {
        /// The seed of the order.
        seed: u64,
    },
}

impl TieBreak {
    /// How this rule turns the number of a state (its place in the storage order) into its
    /// rank among ties, and back.
    pub(crate) fn order(self) -> TieOrder {
        match self {
            TieBreak::Fifo => TieOrder::IDENTITY,
            TieBreak::Lifo => TieOrder {
                mask: u32::MAX,
                ..TieOrder::IDENTITY
            },
            TieBreak::Random { seed } => {
                let bits = splitmix64(seed);
                let multiplier = (bits >> 32) as u32 | 1;
                TieOrder {
                    mask: bits as u32,
                    multiplier,
                    inverse: inverse_mod_2_32(multiplier),
                }
            }
        }
    }
}

/// A bijection of `u32` that ranks states among ties: rank = (item XOR `mask`) × `multiplier`
/// mod 2³², item = (rank × `inverse`) XOR `mask`. `Fifo` is the identity, `Lifo` flips every
/// bit, and `Random` scatters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TieOrder {
    mask: u32,
    multiplier: u32,
    inverse: u32,
}

impl TieOrder {
    /// The order of [`TieBreak::Fifo`].
    pub(crate) const IDENTITY: TieOrder = TieOrder {
        mask: 0,
        multiplier: 1,
        inverse: 1,
    };

    /// The rank of `item` among ties: smaller ranks come first.
    #[inline(always)]
    pub(crate) fn rank(self, item: u32) -> u32 {
        (item ^ self.mask).wrapping_mul(self.multiplier)
    }

    /// The item of rank `rank`: the inverse of [`rank`](Self::rank).
    #[inline(always)]
    pub(crate) fn item(self, rank: u32) -> u32 {
        rank.wrapping_mul(self.inverse) ^ self.mask
    }

    /// The mask XORed into an item (for the replay page, which ranks its open list alike).
    pub(crate) fn mask(self) -> u32 {
        self.mask
    }

    /// The odd multiplier of the rank (for the replay page).
    pub(crate) fn multiplier(self) -> u32 {
        self.multiplier
    }

    /// The rank of a 64-bit arrival number, for orders kept in 64 bits: the same rule, with the
    /// mask and multiplier widened.
    pub(crate) fn rank64(self, arrival: u64) -> u64 {
        let mask = if self.mask == u32::MAX {
            u64::MAX
        } else {
            u64::from(self.mask) << 32 | u64::from(self.mask)
        };
        (arrival ^ mask).wrapping_mul(u64::from(self.multiplier))
    }
}

/// SplitMix64's output function: a well-mixed 64-bit value from a seed.
fn splitmix64(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The inverse of an odd `value` modulo 2³², by Newton's iteration (each step doubles the
/// bits that are right; an odd value is its own inverse to 3 bits).
fn inverse_mod_2_32(value: u32) -> u32 {
    debug_assert!(value % 2 == 1);
    let mut inverse = value;
    for _ in 0..4 {
        inverse = inverse.wrapping_mul(2u32.wrapping_sub(value.wrapping_mul(inverse)));
    }
    inverse
}

/// Among states of equal f, which estimate an A* or weighted A* search expands first.
///
/// The smaller h is the default and the usual rule: of two states with the same f, the one
/// with more of its cost measured (larger g) is nearer a goal, and on a plateau the search
/// runs to a goal instead of widening. The larger h first is the alternative some experiments
/// compare against. Either way the ties left are broken by [`TieBreak`]. Searches that rank by
/// g alone (Dijkstra) or by h alone (greedy, which breaks its ties by the smaller g) are not
/// affected.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EstimateTie {
    /// The smaller h first (the larger g). The default.
    #[default]
    Smaller,
    /// The larger h first (the smaller g).
    Larger,
}

/// Which node table a search keeps its states in.
///
/// Every choice gives the same results (the same expansions in the same order); they differ in
/// speed and memory (see `docs/benchmarks.md`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NodeTable {
    /// Vectors indexed by the problem's dense numbering of states where it has one
    /// ([`SearchProblem::index_bound`](crate::SearchProblem::index_bound) is `Some` and at most
    /// 2^32), a hash map otherwise. The default.
    ///
    /// The vectors hold a slot per number in pages, allocated the first time a search stores a
    /// state among their numbers, behind a directory of one `u32` per page; a search pays for
    /// its directory and for the pages it touches. The size of a page follows the size of the
    /// numbering, by this rule:
    ///
    /// - A one-shot search ([`astar`](crate::astar), [`Search::dijkstra`](crate::Search::dijkstra),
    ///   …) makes a new directory, zeroed, for each search. Its pages have 2^b numbers, b half
    ///   the bits of the bound beyond 2^8, and at least 64 and at most 4,096 numbers: the
    ///   directory then costs about as much as 256 pages, and a search that stores a few
    ///   hundred states scattered over the numbering pays for their pages about what it pays
    ///   for the directory. Pages of 64 numbers up to a numbering of 2^20 (a 1024² grid), 128
    ///   for the pocket cube's 3.67 M states, 256 for a 4096² grid, 4,096 for 2^32.
    /// - A reused [`Searcher`](crate::Searcher) zeroes its directory once and then clears only
    ///   the entries its last search set, so its searches pay for the pages they touch alone:
    ///   its pages have 64 numbers, or as many as keep the directory within 2^20 entries
    ///   (4 MiB) on numberings beyond 2^26.
    ///
    /// A search that touches the whole numbering (a flood) pays about the same whatever the
    /// pages' size. Implementing `index_bound` is then never slower than hashing for a numbering
    /// that costs no more to compute than a hash of the state (see
    /// [`SearchProblem::index_bound`](crate::SearchProblem::index_bound)); the measurements are in
    /// `docs/benchmarks.md`.
    ///
    /// Numberings beyond 2^32 are hashed: a dense table holds fewer than 2^32 states anyway, and
    /// its page directory would outgrow what a search stores.
    #[default]
    Auto,
    /// A hash map from state to node, even where the problem numbers its states.
    Hashed,
}

/// The largest [`SearchProblem::index_bound`](crate::SearchProblem::index_bound) for which
/// [`NodeTable::Auto`] keeps the node table in vectors (see there).
pub(crate) const DENSE_LIMIT: usize = 1 << 32;

/// How a node table hashes states (when it hashes them; see [`NodeTable`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Hashing {
    /// [`FastHasher`](crate::FastHasher): a multiply-and-add hash of the state's words. Much
    /// faster than SipHash on the small states searches usually have, but not resistant to
    /// inputs crafted to collide.
    #[default]
    Fast,
    /// The standard library's `RandomState` (SipHash-1-3 with random keys): slower, and
    /// resistant to hash flooding, for states that come from untrusted input.
    Std,
}

/// The data structure holding the open set of a best-first search.
///
/// Every choice gives the same results (the same expansions in the same order: f, then the
/// smaller h, then the [`TieBreak`]); they differ in speed and memory. The default,
/// [`Auto`](Self::Auto), chooses by the ranking, the node table and the cost type, from these
/// measurements (`docs/benchmarks.md`; callgrind's instruction counts, so free of the noise of a
/// shared machine):
///
/// | workload | lazy heap against the 4-ary heap |
/// |---|---|
/// | Dijkstra, random digraph, 500 queries, `u32` costs, dense / hashed table | 23% / 19% fewer instructions, fewer cache misses |
/// | Dijkstra, 256×256 grid, 20% walls, `f64` costs | 18% fewer instructions, fewer cache misses; 15% less time |
/// | A*, pocket cube, 200 scrambles, hashed, `u32` costs | 9.8% fewer instructions (1,741 M → 1,571 M) |
/// | A*, pocket cube by coordinates, 200 scrambles, hashed, `u32` costs | 9.5% fewer (15.0 M → 13.6 M) |
/// | A*, 1,000 8-puzzles, Manhattan, hashed, `u32` costs | 16% fewer (1,051 M → 883 M) |
/// | A*, pocket cube with `Vec<u8>` states, 50 scrambles, `u32` costs | 5.3% fewer (1,441 M → 1,364 M) |
/// | A*, a user's `(usize, usize)` grid, arena2, hashed, `f64` costs | 0.5% more instructions (2,356 M → 2,368 M), 30% more first-level read misses; the binary heap with decrease-key 3.4% more |
///
/// So `Auto` is:
///
/// - the lazy heap for the searches that rank by g alone ([`dijkstra`](crate::dijkstra),
///   [`reachable`](crate::reachable)), whatever the table: their keys are one cost (8 or 16
///   bytes an entry), so an extra entry for a cheaper path is cheap, and the heap never writes a
///   position;
/// - for the searches that rank with an estimate (A*, weighted A*, greedy and the rest) on a
///   hashed table, the lazy heap where a key and its rank fit in 16 bytes (costs of 32 bits or
///   fewer), the 4-ary heap otherwise: the two-cost keys of `f64` and 64-bit costs take 32
///   bytes an entry, and on grids, where many states are reached again by a cheaper path, the
///   extra entries cost more than the positions the 4-ary heap writes;
/// - the 4-ary heap for those on a dense table (grids and graphs that number their states),
///   where it beat lazy deletion by 31% in time on grid Dijkstra.
///
/// A [`Searcher`](crate::Searcher) keeps the 4-ary heap for the searches with an estimate on
/// either table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum OpenSet {
    /// The default: chosen by the ranking, the node table and the cost type (see above).
    #[default]
    Auto,
    /// A binary heap with decrease-key: each state is queued once, and a cheaper path moves it
    /// up in place.
    BinaryHeap,
    /// A 4-ary heap with decrease-key: as the binary heap, but half as deep, with the four
    /// children of a node side by side in memory.
    QuaternaryHeap,
    /// A binary heap with lazy deletion: a cheaper path pushes the state again, and outdated
    /// entries are skipped when they reach the top (one bit a state says whether it is queued).
    /// Its size can exceed the open set's by the number of decrease-keys.
    LazyHeap,
}

/// Which cycles a depth-first search ([`idastar`](crate::idastar), [`iddfs`](crate::iddfs),
/// [`depth_first`](crate::depth_first)) cuts: the successors it does not enter because they are
/// already on the current path.
///
/// None of these searches keeps a table of the states it has seen, so without a check it can walk
/// around a cycle until its bound stops it. The checks trade that waste against their own cost:
///
/// - [`Path`](Self::Path), the default, compares each successor with every state on the current
///   path: O(depth) comparisons per successor, and no path it returns or extends ever repeats a
///   state. It is the only choice with which every search of a finite space without a goal
///   ends with [`NoPath`](crate::SearchError::NoPath): with the others a cycle is never
///   exhausted, and IDA* and iterative deepening go on raising their bound until a limit stops
///   them.
/// - [`Parent`](Self::Parent) only refuses to step back to the state the search came from (or
///   to stay on the same state): one comparison per successor, what Korf's IDA* for the sliding
///   puzzle does. It cuts every cycle of a space whose shortest cycles are undone moves (the
///   sliding puzzle's next shortest cycles take 12 moves), and makes IDA* about 1.5–2× faster per
///   expansion on the 15-puzzle (`docs/benchmarks.md`). Choose it, with a limit or a space known
///   to have a goal, when speed matters.
/// - [`Off`](Self::Off): no comparison at all, for spaces without cycles (trees) or where the
///   problem prunes its own moves.
///
/// With `Parent` and `Off`, IDA* also refuses a successor reached by a step that leaves the path
/// cost g unchanged (a step of cost zero) when that state is already on the path at the same g:
/// around a cycle of zero-cost steps f never grows, so its cost bound would never stop the walk
/// and the path would grow without end. Only the path's zero-cost suffix is compared (the states
/// reached since the last step that cost something), and only for a zero-cost step, so on a
/// space without zero-cost steps this costs one comparison of g per successor and prunes
/// nothing; and as any continuation through the repeat also starts from its first visit, at
/// the same cost, IDA* still returns a least-cost path. [`iddfs`](crate::iddfs) and
/// [`depth_first`](crate::depth_first) need no such guard: their depth bound ends every walk.
///
/// The default is `Path` because it is the one that keeps the searches' documented outcomes on
/// every finite space; the measurements in `docs/benchmarks.md` give the price on the puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CycleCheck {
    /// No check: every successor is entered, but for IDA*'s guard against zero-cost cycles
    /// (see the type's docs).
    Off,
    /// No step back to the parent, nor a step that stays on the same state (and IDA*'s guard
    /// against zero-cost cycles).
    Parent,
    /// No successor already on the current path. The default.
    #[default]
    Path,
}

/// Whether [`weighted_astar`](crate::weighted_astar) puts a closed (already expanded) state back
/// on the open set when it finds a cheaper path to it.
///
/// With w > 1, weighted A* reopens states even under a consistent heuristic: ranking by
/// g + w·h lets it expand a state before its cheapest path is known, whatever h is. Reopening
/// is what keeps its bound, cost ≤ max(1, w) × optimal, for every *admissible* heuristic.
/// With a *consistent* heuristic the bound holds without it (Likhachev, Gordon & Thrun, "ARA*:
/// Anytime A* with provable bounds on sub-optimality", NIPS 2003, Theorem 1 for one search): a
/// state expanded once, with the g it has then, is enough. So [`Never`](Self::Never) is a
/// promise the caller makes about the heuristic, and the search keeps its bound only if the
/// promise is true.
///
/// Measured with consistent heuristics at w = 1.5, 2 and 5 (the [`guide`](crate::guide),
/// "Weighted A* and reopening"): on Moving AI maps with the octile distance, not reopening
/// expanded 3 to 5 times fewer states for paths 1–3% dearer; on Korf's 15-puzzles with
/// Manhattan distance, 8–11% fewer at w = 1.5 and 5 but 14% more at w = 2, for the same costs
/// within 0.7%. The default stays [`Always`](Self::Always), the only choice that keeps the
/// bound for any admissible heuristic; choose `Never` for a heuristic known to be consistent
/// (the [`audit`](crate::audit) checks a space for it).
///
/// Only weighted A* reads this option: [`astar`](crate::astar) and
/// [`anytime_astar`](crate::anytime_astar) always reopen (A* with a consistent heuristic finds
/// nothing to reopen, in exact arithmetic), and [`greedy`](crate::greedy) never does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reopening {
    /// A closed state reached by a cheaper path goes back on the open set, to be expanded
    /// again with its new g (counted in [`Stats::reopened`](crate::Stats::reopened)). The bound
    /// holds for any admissible heuristic. The default.
    #[default]
    Always,
    /// A closed state stays closed: a cheaper path to it found later is ignored. Declares the
    /// heuristic consistent (h(s) ≤ cost(s, t) + h(t) for every step, and h = 0 at goals); the
    /// bound holds only then.
    Never,
}

/// Whether a search raises inconsistent estimates along the paths it explores: *pathmax* and
/// *bidirectional pathmax* (BPMX), for admissible heuristics that are not consistent.
///
/// An admissible h may drop by more than a step's cost from a state to its successor (a
/// heuristic that takes the maximum of several pattern databases on some states but not on
/// others, or that looks one database up at random). The drop tells the search nothing true:
/// if h(s) is a lower bound on the cost from s, then h(s) − cost(s, t) is one on the cost from
/// t. The two rules use that:
///
/// - **pathmax** (Mérő, "A heuristic search algorithm with modifiable estimate", Artificial
///   Intelligence 23, 1984): a successor's estimate is raised to at least its parent's minus
///   the step, h(t) ← max(h(t), h(s) − cost(s, t)), so that f never decreases along a path;
/// - **BPMX** (Felner, Zahavi, Schaeffer & Holte, "Dual lookups in pattern databases", IJCAI
///   2005; in A*: Zhang, Sturtevant, Holte, Schaeffer & Felner, "A* search with inconsistent
///   heuristics", IJCAI 2009): also the other way, a parent's estimate is raised to at least a
///   successor's minus the step, h(s) ← max(h(s), h(t) − cost(s, t)), and from the parent on to
///   its other successors. A depth-first search that finds a raised f(s) above its bound backs
///   up at once, without generating the parent's other successors. This rule bounds h*(s) by
///   the step back from t to s, so it holds only where **every step can be taken back at no
///   greater cost** (undirected spaces: grids, sliding-tile puzzles, TopSpin, the pancake
///   puzzle); on a directed space an estimate it raises may overestimate, and the search may
///   return a dearer path.
///
/// Both keep every estimate admissible (they only raise an estimate to another lower bound), so
/// neither changes what an optimal search returns (BPMX given steps that can be taken back);
/// they change how much it expands. With a consistent heuristic neither raises anything. Off by
/// default.
///
/// Read by A*, weighted A* and IDA*, as the sections below say; the other searches ignore it.
///
/// # In IDA*
///
/// In IDA* ([`idastar`](crate::idastar), [`idastar_in_place`](crate::idastar_in_place)) the
/// raised estimates live only along the current path, and the heuristic is only ever handed
/// its own estimates (the copying IDA* with pathmax estimates each successor afresh, through
/// [`Heuristic::estimate`](crate::Heuristic::estimate); the in-place one still updates by the
/// move). Pathmax alone never changes what IDA* expands (a successor raised
/// to its parent's f is within the bound exactly when the parent is), only its cost. BPMX is
/// the lazy one-pass form of Felner et al.: each successor's estimate, once computed, raises its
/// parent's, as does a successor's raised estimate when the search comes back from below it;
/// the parent's other successors are then raised from that, and a parent whose raised f
/// exceeds the bound is left at once, before its other successors, passing its raised estimate
/// on up. The next bound is the least f that exceeded the bound, the raised ones included.
/// Parallel IDA* refuses the option.
///
/// # In A* and weighted A*
///
/// Read by [`Search::astar`](crate::Search::astar), [`Search::weighted_astar`](crate::Search::weighted_astar)
/// and their `_with` forms, [`Search::astar_in`](crate::Search::astar_in) (which then runs on data
/// structures of its own rather than the [`Searcher`](crate::Searcher)'s), and the
/// [`Resumable`](crate::Resumable) and [`Stepper`](crate::Stepper) searches made from a
/// [`Search`](crate::Search); greedy search, Dijkstra, anytime A* and the bidirectional
/// searches ignore it. Where it is off the search runs exactly the code it runs without the
/// option (a separate engine is chosen once a search). Where it is on, when a state s is
/// expanded:
///
/// - with [`Forward`](Pathmax::Forward), each successor t is relaxed with the estimate
///   max(h(t), h(s) − cost(s, t)): a new state is stored and ranked with it; a stored state
///   reached by a cheaper path takes it as its key is made again, except a state still waiting
///   on the open set whose key would rise (the open set can only move a state up), which keeps
///   its own; a stored state reached by a path no cheaper keeps its estimate.
/// - with [`Bidirectional`](Pathmax::Bidirectional), first the estimate of every successor is
///   taken (a stored one's stored estimate, a new one's from the heuristic, asked once for both
///   uses, as often as without pathmax but for a state listed twice among s's successors),
///   h(s) is raised to the largest h(t) − cost(s, t) and stored, and then every successor
///   is relaxed as with `Forward` from the raised h(s). The step back to s's parent is not
///   relaxed (it can never be cheaper), but its estimate counts.
///
/// The [`Stats`](crate::Stats) keep their meanings: `reopened` still counts closed states put
/// back on the open set because a cheaper path reached them, and `expanded` and `generated`
/// every expansion and successor. An estimate an [`Event`](crate::Event) reports is the stored
/// one, raised where it was (that of an expansion, before BPMX raises it). With an admissible
/// heuristic (and, for BPMX, steps that can be taken back) A* returns an optimal cost and weighted A* keeps its
/// bound; either may return another path of that cost than without. With a consistent
/// heuristic nothing is raised, and the expansions and the path are those of the search
/// without it.
///
/// In A*, forward pathmax changes little (Zhang et al. 2009: A* reopens what an inconsistent
/// heuristic misleads it into expanding early, and pathmax only moves that work); BPMX raises
/// what a successor knows into its siblings, and cut the expansions by a third to a half on
/// TopSpin with a database looked up on a symmetric image chosen at random (see `docs/benchmarks.md`, "Pathmax and BPMX in A*"). Taking
/// the maximum of the lookups instead expanded far fewer still, for more lookups a state.
///
/// # Example
///
/// A* with BPMX on an inconsistent heuristic: the same optimal cost, fewer expansions.
///
/// ```
/// use informed::{Pathmax, Search};
///
/// // A dead-end chain 1 – 2 – 3 – 4 off the start 0, the goal 5 one step of 5 away, and a state
/// // 6 one step from the start whose estimate, 6, is its true distance. The start's estimate,
/// // 0, is admissible but inconsistent with 6's.
/// let steps = |&n: &u32| -> Vec<(u32, u32)> {
///     match n {
///         0 => vec![(1, 1), (5, 5), (6, 1)],
///         1 => vec![(0, 1), (2, 1)],
///         2 => vec![(1, 1), (3, 1)],
///         3 => vec![(2, 1), (4, 1)],
///         4 => vec![(3, 1)],
///         5 => vec![(0, 5)],
///         _ => vec![(0, 1)],
///     }
/// };
/// let problem = informed::from_fn(0u32, steps, |&n| n == 5);
/// let h = |&n: &u32| if n == 6 { 6 } else { 0 };
/// let plain = Search::new(&problem).astar(h)?;
/// let bpmx = Search::new(&problem).pathmax(Pathmax::Bidirectional).astar(h)?;
/// assert_eq!((plain.cost(), bpmx.cost()), (5, 5));
/// // BPMX raises h(0) to 6 − 1 = 5 and h(1) to 4: the chain's f reaches the goal's at once.
/// assert_eq!((plain.stats().expanded, bpmx.stats().expanded), (6, 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Pathmax {
    /// Estimates are taken as the heuristic gives them. The default.
    #[default]
    Off,
    /// Pathmax: a successor's estimate is at least its parent's minus the step.
    Forward,
    /// Bidirectional pathmax (BPMX): pathmax, and a parent's estimate is at least each
    /// successor's minus the step, passed on to the parent's other successors.
    Bidirectional,
}

/// Everything a [`Search`](crate::Search) sets before it runs, but the cancel callback and the
/// observer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Options<C> {
    pub(crate) max_expansions: Option<u64>,
    pub(crate) max_stored: Option<u64>,
    pub(crate) cost_bound: Option<C>,
    pub(crate) deadline: Option<Instant>,
    pub(crate) time_limit: Option<Duration>,
    /// When the clock stops the search, and the limit it then reports: the earlier of the
    /// deadline and the time limit, fixed by [`start_clock`](Self::start_clock) when the search
    /// starts.
    pub(crate) stop_at: Option<(Instant, Limit)>,
    pub(crate) tie_break: TieBreak,
    pub(crate) estimate_tie: EstimateTie,
    pub(crate) hashing: Hashing,
    pub(crate) open_set: OpenSet,
    pub(crate) node_table: NodeTable,
    pub(crate) cycle_check: CycleCheck,
    pub(crate) reopening: Reopening,
    pub(crate) pathmax: Pathmax,
}

impl<C> Default for Options<C> {
    fn default() -> Self {
        Options {
            max_expansions: None,
            max_stored: None,
            cost_bound: None,
            deadline: None,
            time_limit: None,
            stop_at: None,
            tie_break: TieBreak::default(),
            estimate_tie: EstimateTie::default(),
            hashing: Hashing::default(),
            open_set: OpenSet::default(),
            node_table: NodeTable::default(),
            cycle_check: CycleCheck::default(),
            reopening: Reopening::default(),
            pathmax: Pathmax::default(),
        }
    }
}

impl<C> Options<C> {
    /// Fixes when the clock stops the search, the search starting at `now`: the time limit is
    /// counted from the start, not from when it was set, so that a `Search` built ahead of time
    /// gets all of it. A time limit that reaches past the end of `Instant`'s range never passes.
    pub(crate) fn start_clock(&mut self, now: Instant) {
        let deadline = self.deadline.map(|at| (at, Limit::Deadline));
        let time_limit = self
            .time_limit
            .and_then(|limit| Some((now.checked_add(limit)?, Limit::Time(limit))));
        self.stop_at = match (deadline, time_limit) {
            (Some(deadline), Some(time_limit)) if time_limit.0 < deadline.0 => Some(time_limit),
            (Some(deadline), _) => Some(deadline),
            (None, time_limit) => time_limit,
        };
    }
}

impl<C: Cost> Options<C> {
    /// Checks the options that can be wrong whatever the algorithm.
    ///
    /// # Errors
    ///
    /// [`SearchError::InvalidCostBound`] for a NaN cost bound, which would otherwise act as no
    /// bound at all.
    pub(crate) fn check<S>(&self) -> Result<(), SearchError<S, C>> {
        match self.cost_bound {
            Some(bound) if bound.is_nan() => Err(SearchError::InvalidCostBound { bound }),
            _ => Ok(()),
        }
    }
}
