//! Jump point search on a [`Grid`]: the paths of A* with the octile heuristic, expanding only
//! the cells where an optimal path may turn.
//!
//! The rules are those of 8-connected movement without corner cutting ([`Movement::Eight`], the
//! Moving AI rule): a diagonal step needs both orthogonal cells beside it free. Under that rule
//! (Harabor and Grastien, "Improving Jump Point Search", ICAPS 2014) a diagonal move never has a
//! forced neighbour, and a straight move has one where a blocked cell beside the previous cell
//! is followed by a free one beside the current cell. A straight jump therefore stops where, in
//! one of the two rows beside it, a blocked cell is followed by a free one; it scans the three
//! rows a machine word (64 cells) at a time, from bit-packed copies of the grid's rows and of
//! its columns (block-based jumps, from the same paper).

use std::time::Instant;

use super::jps_plus::{JumpTable, JumpTableError, Jumps};
use super::jump::{BitGrid, DX, DY, Jumper};
use super::{Cell, DIAGONAL, Goals, Grid, GridProblem, GridRevision, Movement};
use crate::algo::resumable::{Budget, CLOCK_POLL, PartialTarget, Progress};
use crate::cost::Cost;
use crate::engine::control::{Control, Setup};
use crate::engine::heap::{Frontier, IndexedHeap};
use crate::engine::options::TieBreak;
use crate::engine::table::{
    DenseStore, DenseTable, Lookup, NO_PARENT, Node, Table, most_promising, path_into,
};
use crate::error::SearchError;
use crate::observer::{Event, NoObserver, Observer};
use crate::progress::{Partial, Stats};
use crate::search::Search;
use crate::solution::{SearchResult, Solution};

/// The name [`SearchError::Unsupported`] gives jump point search.
pub(crate) const JPS: &str = "jps";

/// Which path a jump point search returns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Waypoints {
    /// Every cell of the path, one step apart, as [`astar`](crate::astar) returns it. The
    /// default.
    #[default]
    Cells,
    /// The start, the jump points where the path turns and the goal: consecutive waypoints lie
    /// on one straight or diagonal line of free cells.
    JumpPoints,
}

/// The octile distance to the nearest goal, as [`Octile`](super::Octile) and
/// [`NearestOctile`](super::NearestOctile) compute it.
#[inline(always)]
fn octile<G: Goals>(from: Cell, goals: &G) -> f64 {
    let mut least = f64::INFINITY;
    for to in goals.cells() {
        let dx = f64::from(from.x.abs_diff(to.x));
        let dy = f64::from(from.y.abs_diff(to.y));
        let (low, high) = if dx < dy { (dx, dy) } else { (dy, dx) };
        least = least.min(high + (DIAGONAL - 1.0) * low);
    }
    least
}

/// The directions to jump in from `cell`, reached by moves in the directions of the bits of
/// `arrivals` (0 for the start: every direction).
#[inline]
fn successor_directions(bits: &BitGrid, cell: Cell, arrivals: u8) -> u8 {
    if arrivals == 0 {
        return u8::MAX;
    }
    let (x, y) = (i64::from(cell.x), i64::from(cell.y));
    let mut directions = 0u8;
    let mut left = arrivals;
    while left != 0 {
        let d = left.trailing_zeros() as usize;
        left &= left - 1;
        if d % 2 == 1 {
            // A diagonal move: its own direction and its two components.
            directions |= (1 << d) | (1 << ((d + 1) % 8)) | (1 << ((d + 7) % 8));
            continue;
        }
        directions |= 1 << d;
        for (side, between) in [((d + 2) % 8, (d + 1) % 8), ((d + 6) % 8, (d + 7) % 8)] {
            // A forced neighbour: free beside this cell, blocked beside the previous one.
            let beside_free = !bits.blocked(x + DX[side], y + DY[side]);
            let behind_blocked = bits.blocked(x - DX[d] + DX[side], y - DY[d] + DY[side]);
            if beside_free && behind_blocked {
                directions |= (1 << side) | (1 << between);
            }
        }
    }
    directions
}

/// The cell where a move from `from` to `to` turns: it goes diagonally for as many steps as
/// the smaller of its two sides, then straight. `None` for a straight or diagonal move. The
/// pictures draw a jump through it too.
pub(super) fn turn(from: Cell, to: Cell) -> Option<Cell> {
    let dx = i64::from(to.x) - i64::from(from.x);
    let dy = i64::from(to.y) - i64::from(from.y);
    let diagonal = dx.abs().min(dy.abs());
    (diagonal != 0 && dx.abs() != dy.abs()).then(|| {
        Cell::new(
            (i64::from(from.x) + dx.signum() * diagonal) as u32,
            (i64::from(from.y) + dy.signum() * diagonal) as u32,
        )
    })
}

/// Writes into `out` the path through the jump points `points`: the points and the turns
/// between them (so that consecutive waypoints lie on a line), or with `cells` every cell.
fn write_path(points: &[Cell], cells: bool, out: &mut Vec<Cell>) {
    out.clear();
    let Some(&first) = points.first() else {
        return;
    };
    out.push(first);
    for pair in points.windows(2) {
        for waypoint in turn(pair[0], pair[1]).into_iter().chain([pair[1]]) {
            if !cells {
                out.push(waypoint);
                continue;
            }
            let last = out[out.len() - 1];
            let (x, y) = (i64::from(last.x), i64::from(last.y));
            let dx = i64::from(waypoint.x) - x;
            let dy = i64::from(waypoint.y) - y;
            let (sx, sy) = (dx.signum(), dy.signum());
            // A range's length is known, so the cells go in without a check each.
            out.extend(
                (1..=dx.abs().max(dy.abs()))
                    .map(|k| Cell::new((x + sx * k) as u32, (y + sy * k) as u32)),
            );
        }
    }
}

/// The length of the path [`write_path`] writes for `points`.
fn written_len(points: &[Cell], cells: bool) -> usize {
    let steps: usize = points
        .windows(2)
        .map(|pair| {
            let (dx, dy) = (pair[0].x.abs_diff(pair[1].x), pair[0].y.abs_diff(pair[1].y));
            if cells {
                dx.max(dy) as usize
            } else {
                1 + usize::from(turn(pair[0], pair[1]).is_some())
            }
        })
        .sum();
    usize::from(!points.is_empty()) + steps
}

/// The stored jump point of least h (ties: the smaller g, then the one stored first), kept
/// from call to call rather than found by a look at every stored jump point: the rule of
/// [`SearchError::best`], which a query's [`PartialTarget::LeastEstimate`] follows.
///
/// A jump point's h is fixed when it is stored and its g only falls, so one whose g falls can
/// overtake the best only among those of the best's h: those are all kept (in the searcher's
/// `ties`), and the least g among them found when asked.
struct LeastEstimate {
    /// The least h stored so far.
    h: f64,
    /// The jump points before this index have been looked at.
    seen: usize,
    /// Whether some stored jump point has an h other than 0.
    informed: bool,
}

impl Default for LeastEstimate {
    fn default() -> Self {
        LeastEstimate {
            h: f64::INFINITY,
            seen: 0,
            informed: false,
        }
    }
}

impl LeastEstimate {
    /// Looks at the jump points stored since the last time.
    fn catch_up<T: Table<Cell, f64>>(&mut self, table: &T, ties: &mut Vec<usize>) {
        for index in self.seen..table.len() {
            let h = table.node(index).h;
            self.informed |= h != 0.0;
            if h < self.h {
                self.h = h;
                ties.clear();
            }
            if h == self.h {
                ties.push(index);
            }
        }
        self.seen = table.len();
    }

    /// The jump point the partial path leads to: of `ties`, the one of least g, stored first;
    /// where no stored h is other than 0, the last stored (as for [`SearchError::best`]).
    fn target<T: Table<Cell, f64>>(&self, table: &T, ties: &[usize]) -> Option<usize> {
        if !self.informed {
            return table.len().checked_sub(1);
        }
        let mut best: Option<(usize, f64)> = None;
        for &index in ties {
            let g = table.node(index).g;
            if best.is_none_or(|(_, least)| g < least) {
                best = Some((index, g));
            }
        }
        best.map(|(index, _)| index)
    }
}

/// The key of a queued jump point: f, then h (as A* ranks its states).
type Key = <f64 as Cost>::Pair;

/// A reusable jump point searcher: JPS, or JPS+ with a [`JumpTable`] it owns.
///
/// It keeps a bit-packed copy of a grid (its rows, and its columns for the vertical jumps),
/// and the node table and open set of its searches, cleared and reused from one search to the
/// next. It does not borrow the grid: each query brings it ([`GridProblem::grid`]), so a
/// searcher can live in a game's world next to the [`Grid`] it searches while the map changes.
/// Before searching, it compares the grid's [`revision`](Grid::revision) with the one its bits
/// are of: on a changed grid it repairs the bits (and the table) for each changed cell
/// ([`Grid::changes_since`]), and on another grid, or one more than
/// [`RECENT_CHANGES`](super::RECENT_CHANGES) changes ahead, it packs the bits (and builds the
/// table) again. A searcher never answers from an out-of-date copy.
///
/// After the largest search so far, a search allocates only the path it returns (one
/// allocation); [`search_into`](Self::search_into) writes the path into a vector of the
/// caller's and allocates nothing. It is [`Send`] and [`Sync`]: each thread of a pool can own
/// one.
///
/// # When to use which
///
/// - [`astar`](crate::astar) on [`Grid::problem`]: any [`Movement`], any options (open set,
///   node table), an observer that sees every cell. The reference.
/// - **JPS** ([`JumpPointSearcher::new`]): the same path costs for [`Movement::Eight`] (the
///   Moving AI rule), an order of magnitude faster on maps with open areas, storing a few
///   percent of the states A* stores. No preprocessing beyond packing the grid into bits
///   (**O(width × height)**, a bit a cell, twice), and a changed cell costs O(1) to follow,
///   so it suits grids that change between queries.
/// - **JPS+** ([`JumpPointSearcher::with_table`]): JPS with the jumps read from a
///   [`JumpTable`] (8 or 16 bytes a cell, up to 32,767 cells a side), faster still where jumps
///   are long. A changed cell costs a repair of the table around it ([`JumpTable::update`]),
///   a small fraction of a build.
///
/// On a maze of corridors one cell wide, every cell is a turn, and JPS gains little over A*.
///
/// JPS needs every step of a kind to cost the same: its pruning relies on symmetric paths
/// costing the same. It searches [`GridProblem`]s, so a [`WeightedGrid`](super::WeightedGrid),
/// whose cells have costs, cannot be passed; use [`astar`](crate::astar) there.
///
/// A query's own blocked cells ([`GridProblem::with_blocked`]) are set in the searcher's bits
/// for that search and cleared after it, in O(1) a cell: nothing is packed or built again.
/// JPS+ answers such a query with the jumps of plain JPS, since its table cannot know them.
/// Several goals ([`Grid::problem_to_nearest`]) are searched for the nearest.
///
/// # Four-connected grids
///
/// Only [`Movement::Eight`] is searched: another movement is refused with
/// [`SearchError::Unsupported`] (option `"Movement::Four"`, say). That is a choice, not an
/// oversight: the rules do not carry over cleanly. Without diagonal steps, a canonical path
/// goes along one axis first, so a jump along it must stop wherever a jump along the other axis
/// finds a jump point: every horizontal jump scans up and down from each cell it passes, as the
/// diagonal jumps do here, and the word-at-a-time scans that make straight jumps cheap no
/// longer carry the search. The pruning rules and their proof of optimality would be another
/// algorithm's, and the Moving AI optima, which check this one on 43,330 scenarios, are for
/// eight-connected movement only. On a four-connected [`Grid`], use [`astar`](crate::astar)
/// with [`manhattan`](GridProblem::manhattan).
///
/// # Example
///
/// ```
/// use informed::grid::{Cell, Grid, JumpPointSearcher, Movement, Waypoints};
///
/// let mut grid = Grid::from_ascii(
///     "........\n\
///      ...##...\n\
///      ...##...\n\
///      ........",
/// )?;
/// let mut jps = JumpPointSearcher::new(&grid);
/// let problem = grid.problem(Cell::new(0, 1), Cell::new(7, 2), Movement::Eight)?;
/// let solution = jps.search(&problem)?;
/// let astar = informed::astar_with(&problem, problem.octile())?;
/// assert_eq!(solution.cost(), astar.cost());
/// assert!(solution.stats().stored < astar.stats().stored);
///
/// // The turning points only.
/// jps.set_waypoints(Waypoints::JumpPoints);
/// let turns = jps.search(&problem)?;
/// assert!(turns.path().len() < solution.path().len());
///
/// // The map changes; the same searcher follows it.
/// grid.set_free(Cell::new(3, 0), false);
/// grid.set_free(Cell::new(3, 3), false);
/// let walled = grid.problem(Cell::new(0, 1), Cell::new(7, 2), Movement::Eight)?;
/// assert!(jps.search(&walled).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct JumpPointSearcher {
    bits: BitGrid,
    /// The grid revision the bits and the table are of; `None` while a query's own blocked
    /// cells are set in the bits (so that a search that unwinds leaves a searcher that packs
    /// again rather than one with walls of a past query).
    revision: Option<GridRevision>,
    table: Option<JumpTable>,
    waypoints: Waypoints,
    store: Option<DenseStore<Cell, f64>>,
    open: Option<IndexedHeap<Key, 4>>,
    /// For each stored jump point, the directions of the moves that reached it at its g, as
    /// bits (0 for the start).
    arrivals: Vec<u8>,
    /// The jump points of the last path found.
    points: Vec<Cell>,
    /// The path written for [`search`](Self::search), copied into the solution.
    path: Vec<Cell>,
    /// The cells a query blocked in the bits, and whether each was blocked before.
    masked: Vec<(Cell, bool)>,
    /// A [`JumpPointQuery`]'s stored jump points of the least h so far (see [`LeastEstimate`]).
    ties: Vec<usize>,
}

impl std::fmt::Debug for JumpPointSearcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JumpPointSearcher")
            .field("revision", &self.revision)
            .field("table", &self.table.is_some())
            .field("waypoints", &self.waypoints)
            .finish_non_exhaustive()
    }
}

impl JumpPointSearcher {
    /// A JPS searcher, its bits packed from `grid`; its jumps scan the grid's rows and columns
    /// 64 cells at a time. The grid is not borrowed: any grid can be searched later, and a
    /// changed one is followed.
    ///
    /// Computes in **O(width × height)** time (packing the grid into bits) and takes two bits
    /// a cell, plus what its searches store.
    pub fn new(grid: &Grid) -> Self {
        JumpPointSearcher {
            bits: BitGrid::new(grid),
            revision: Some(grid.revision()),
            table: None,
            waypoints: Waypoints::default(),
            store: None,
            open: None,
            arrivals: Vec::new(),
            points: Vec::new(),
            path: Vec::new(),
            masked: Vec::new(),
            ties: Vec::new(),
        }
    }

    /// A JPS+ searcher for `grid`, owning `table`, built for this grid by
    /// [`JumpTable::build`] (or loaded by [`JumpTable::read`]). When the grid changes, the
    /// searcher repairs the table itself ([`JumpTable::update`]).
    ///
    /// # Errors
    ///
    /// [`JumpTableError::OtherMap`](super::JumpTableError::OtherMap) if `table` is not
    /// `grid`'s.
    ///
    /// # Complexity
    ///
    /// As [`new`](Self::new), plus **O(width × height)** to check the table's cells.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Cell, Grid, JumpPointSearcher, JumpTable, Movement};
    ///
    /// let grid = Grid::from_ascii("......\n.####.\n......")?;
    /// let mut jps = JumpPointSearcher::with_table(&grid, JumpTable::build(&grid)?)?;
    /// let problem = grid.problem(Cell::new(0, 1), Cell::new(5, 1), Movement::Eight)?;
    /// // Around the wall: no diagonal past its corners.
    /// assert_eq!(jps.search(&problem)?.cost(), 7.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_table(grid: &Grid, table: JumpTable) -> Result<Self, JumpTableError> {
        table.check_grid(grid)?;
        let mut searcher = JumpPointSearcher::new(grid);
        searcher.table = Some(table);
        Ok(searcher)
    }

    /// The JPS+ table, if the searcher has one: up to date with the grid of the last search
    /// (or of [`follow`](Self::follow)).
    pub fn table(&self) -> Option<&JumpTable> {
        self.table.as_ref()
    }

    /// Takes the JPS+ table away: the searcher goes on as plain JPS.
    pub fn take_table(&mut self) -> Option<JumpTable> {
        self.table.take()
    }

    /// The searcher's usual name: `"JPS"`, or `"JPS+"` with a table.
    pub(super) fn name(&self) -> &'static str {
        if self.table.is_some() { "JPS+" } else { "JPS" }
    }

    /// Chooses the path the searches return (default [`Waypoints::Cells`]).
    pub fn set_waypoints(&mut self, waypoints: Waypoints) -> &mut Self {
        self.waypoints = waypoints;
        self
    }

    /// The bytes of the bit-packed grid (the [`JumpTable`] of JPS+ apart).
    pub fn bytes(&self) -> usize {
        self.bits.bytes()
    }

    /// Brings the searcher's bits and table up to date with `grid`, as every search does
    /// first: call it after changing the map to pay for the repair then rather than in the
    /// next query.
    ///
    /// # Complexity
    ///
    /// Nothing for the grid the searcher is up to date with; **O(1)** a changed cell for the
    /// bits and [`JumpTable::update`]'s cost for the table; **O(width × height)** (pack the
    /// bits, build the table) for another grid or one more than
    /// [`RECENT_CHANGES`](super::RECENT_CHANGES) changes ahead.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Cell, Grid, JumpPointSearcher, JumpTable};
    ///
    /// let mut grid = Grid::new(16, 16);
    /// let mut jps = JumpPointSearcher::with_table(&grid, JumpTable::build(&grid)?)?;
    /// grid.set_free(Cell::new(5, 5), false);
    /// jps.follow(&grid);
    /// assert_eq!(jps.table(), Some(&JumpTable::build(&grid)?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn follow(&mut self, grid: &Grid) {
        let now = grid.revision();
        if self.revision == Some(now) {
            return;
        }
        let changes = self.revision.and_then(|then| grid.changes_since(then));
        match changes {
            Some(changes) => {
                for cell in changes {
                    self.bits.set(cell, !grid.is_free(cell));
                    if let Some(table) = &mut self.table {
                        // Same size: the changes are of this grid.
                        let _ = table.update(grid, cell);
                    }
                }
            }
            None => {
                self.bits.refill(grid);
                if let Some(table) = &mut self.table {
                    match JumpTable::build(grid) {
                        Ok(built) => *table = built,
                        // A grid too large for a table is searched by plain JPS.
                        Err(_) => self.table = None,
                    }
                }
            }
        }
        self.revision = Some(now);
    }

    /// A least-cost path for `problem`, with no limits: [`Search::jps_in`] with the default
    /// options.
    ///
    /// # Arguments
    ///
    /// - `problem`: a query with [`Movement::Eight`], on any grid: the searcher follows it
    ///   first ([`follow`](Self::follow)).
    ///
    /// # Returns
    ///
    /// The path (its cells, or its [`Waypoints::JumpPoints`]), its cost, exactly the one
    /// [`astar`](crate::astar) with the octile heuristic finds, and [`Stats`] counting jump
    /// points: `expanded` the jump points taken off the open set, `generated` the jumps that
    /// found one (and the start), `stored` the distinct jump points stored.
    ///
    /// # Errors
    ///
    /// [`SearchError::NoPath`] if no goal can be reached; [`SearchError::Unsupported`] for
    /// another movement than [`Movement::Eight`] (the option names the movement given:
    /// `"Movement::Four"`, say).
    ///
    /// # Complexity
    ///
    /// **O(J log J + S)** time for J jump points stored and S cells scanned by the jumps (64 a
    /// word for straight jumps; from each cell of a diagonal jump, a straight scan each way), and
    /// **O(J)** memory beyond the searcher's bits, plus [`follow`](Self::follow)'s cost for a
    /// changed grid. In the worst case (every cell a jump point) that is A*'s **O(n log n)**
    /// for n cells. With k goals, each estimate and each jump's test for goals costs O(k).
    ///
    /// # Example
    ///
    /// See [`JumpPointSearcher`].
    pub fn search<G: Goals>(
        &mut self,
        problem: &GridProblem<'_, G>,
    ) -> SearchResult<GridProblem<'_, G>> {
        Search::new(problem).jps_in(self)
    }

    /// [`search`](Self::search), writing the path into `path` (cleared first) rather than
    /// into a new vector: once `path` and the searcher have grown to the largest query, a
    /// search allocates nothing.
    ///
    /// # Returns
    ///
    /// The cost of the path and the search's [`Stats`].
    ///
    /// # Errors
    ///
    /// As [`search`](Self::search); `path` is then left empty.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Cell, Grid, JumpPointSearcher, Movement};
    ///
    /// let grid = Grid::from_ascii("....\n.##.\n....")?;
    /// let mut jps = JumpPointSearcher::new(&grid);
    /// let mut path = Vec::new();
    /// let problem = grid.problem(Cell::new(0, 1), Cell::new(3, 1), Movement::Eight)?;
    /// let (cost, stats) = jps.search_into(&problem, &mut path)?;
    /// assert_eq!(cost, 5.0);
    /// assert_eq!(path.len(), 6);
    /// assert!(stats.expanded > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search_into<G: Goals>(
        &mut self,
        problem: &GridProblem<'_, G>,
        path: &mut Vec<Cell>,
    ) -> Result<(f64, Stats), SearchError<Cell, f64>> {
        path.clear();
        self.run(Search::new(problem).into_setup()?, None, path)
    }

    /// A search of `problem` that runs for a [`Budget`] at a time, on this searcher's data
    /// structures (see [`JumpPointQuery`]): for a game that spreads a long search over frames.
    /// [`Search::jps_resumable_in`] makes one with a search's options and observer.
    ///
    /// # Arguments
    ///
    /// - `problem`: a query with [`Movement::Eight`], on any grid: the searcher follows it
    ///   first ([`follow`](Self::follow)), and sets the query's own blocked cells in its bits
    ///   until the query ends or is dropped.
    ///
    /// # Returns
    ///
    /// A [`JumpPointQuery`] that has not expanded anything yet; its partial paths lead to the
    /// default [`PartialTarget`].
    ///
    /// # Errors
    ///
    /// None here: [`JumpPointQuery::run`] returns those of [`search`](Self::search) when the
    /// search ends (another movement than [`Movement::Eight`] at its first call).
    ///
    /// # Complexity
    ///
    /// [`follow`](Self::follow)'s cost, and O(1) a blocked cell of the query; the search's
    /// own cost is spread over the calls (see [`JumpPointQuery::run`]).
    ///
    /// # Example
    ///
    /// See [`JumpPointQuery`].
    pub fn resumable<'s, 'p, G: Goals>(
        &'s mut self,
        problem: &'p GridProblem<'p, G>,
    ) -> JumpPointQuery<'s, 'p, G> {
        Search::new(problem).jps_resumable_in(self)
    }

    /// Refuses a problem this searcher cannot answer.
    fn check<G: Goals>(problem: &GridProblem<'_, G>) -> Result<(), SearchError<Cell, f64>> {
        let option = match problem.movement() {
            Movement::Eight => return Ok(()),
            Movement::Four => "Movement::Four",
            Movement::EightCuttingCorners => "Movement::EightCuttingCorners",
            Movement::EightThroughGaps => "Movement::EightThroughGaps",
        };
        Err(SearchError::Unsupported {
            option,
            algorithm: JPS,
        })
    }

    /// Runs a search set up by [`Search`] on this searcher's data structures, writing the path
    /// into `out`: a [`JumpPointQuery`] run to its end in one call.
    ///
    /// With `counts`, it pushes there, before each expansion, the number of successors
    /// generated so far (what a replay of the search counts its expansions' successors from).
    fn run<'p, G: Goals, O: Observer<Cell, f64>>(
        &mut self,
        setup: Setup<'_, GridProblem<'p, G>, O>,
        counts: Option<&mut Vec<u64>>,
        out: &mut Vec<Cell>,
    ) -> Result<(f64, Stats), SearchError<Cell, f64>> {
        let Setup {
            problem,
            options,
            control,
            observer,
        } = setup;
        let mut query =
            JumpPointQuery::new(self, problem, options.tie_break, control, observer, None);
        let outcome = match query.begin() {
            Some(error) => Err(error),
            None => match query.advance(Unbounded, counts) {
                Ok(Some(goal)) => Ok(goal),
                // Not reached: without a bound, the search ends with a goal or an error.
                Ok(None) => Err(query.control.no_path()),
                Err(error) => Err(error),
            },
        };
        query.conclude(outcome, out)
    }

    /// [`run`](Self::run) returning a [`Solution`]: the path copied out of the searcher's
    /// buffer, one allocation of its exact length.
    fn solve<'p, G: Goals, O: Observer<Cell, f64>>(
        &mut self,
        setup: Setup<'_, GridProblem<'p, G>, O>,
        counts: Option<&mut Vec<u64>>,
    ) -> SearchResult<GridProblem<'p, G>> {
        let mut path = std::mem::take(&mut self.path);
        let outcome = self.run(setup, counts, &mut path);
        let result = outcome.map(|(cost, stats)| Solution::new(path.clone(), cost, stats));
        self.path = path;
        result
    }

    /// Readies the searcher for a search of `problem`: follows its grid, sets the query's own
    /// blocked cells in the bits, and lends out the node table and open set.
    fn lend<'p, G: Goals>(
        &mut self,
        problem: &'p GridProblem<'p, G>,
        tie_break: TieBreak,
    ) -> Lent<'p, G> {
        let grid = problem.grid();
        self.follow(grid);
        // The query's own walls, set in the bits for this search only.
        self.masked.clear();
        for &cell in problem.blocked() {
            if grid.contains(cell) {
                let was = self.bits.set(cell, true);
                self.masked.push((cell, was));
            }
        }
        let revision = self.revision.take();
        let mut open = self
            .open
            .take()
            .unwrap_or_else(|| IndexedHeap::new(tie_break));
        open.reset(tie_break);
        let bound = grid.width() as usize * grid.height() as usize;
        let store = self.store.take().unwrap_or_else(DenseStore::new);
        self.arrivals.clear();
        Lent {
            table: DenseTable::reuse(problem, bound, store),
            open,
            revision,
        }
    }

    /// Takes back what [`lend`](Self::lend) lent, and clears the query's blocked cells from
    /// the bits.
    fn take_back<G: Goals>(&mut self, lent: Lent<'_, G>) {
        for &(cell, was) in self.masked.iter().rev() {
            self.bits.set(cell, was);
        }
        self.masked.clear();
        self.revision = lent.revision;
        self.store = Some(lent.table.into_store());
        self.open = Some(lent.open);
    }
}

/// What a searcher lends a running search: its node table and open set, and the grid revision
/// its bits are of (the searcher holds `None` meanwhile, since the bits carry the query's own
/// blocked cells).
struct Lent<'p, G: Goals> {
    table: DenseTable<'p, GridProblem<'p, G>>,
    open: IndexedHeap<Key, 4>,
    revision: Option<GridRevision>,
}

/// A jump point search that runs for a [`Budget`] per call of [`run`](Self::run) and goes on
/// where it stopped at the next call, on the data structures of a [`JumpPointSearcher`]: for
/// a game, which spreads its units' searches over frames of a few milliseconds.
///
/// After each call that leaves the search running it gives a partial path, to the jump point
/// its [`PartialTarget`] chooses, so that a unit can start moving at once. The search is the
/// one [`JumpPointSearcher::search`] (or [`Search::jps_in`], with every option JPS honours:
/// limits over the whole search, tie-breaking, observer) runs: the same expansions in the
/// same order, and at the end the same path (or error) with the same [`Stats`], however the
/// work is split into calls. JPS and JPS+ alike; with the query's own blocked cells
/// ([`GridProblem::with_blocked`]) it searches as plain JPS, as a one-call search does.
///
/// It borrows the searcher mutably for as long as it lives: the searcher's node table, open
/// set and bits are the query's until it ends. When the search ends, or when an unfinished
/// query is dropped, the searcher gets them back, its bits without the query's blocked cells,
/// and answers its next query as if this one had never run. A call allocates only the partial
/// path it returns (and, at the end, the solution's path). Like a [`Search`], it stays on the
/// thread that made it (it may hold a cancel callback). Made by
/// [`JumpPointSearcher::resumable`] or [`Search::jps_resumable_in`].
///
/// # The partial path
///
/// Its states are the stored jump points, so [`PartialTarget`] reads as it does for A* with
/// the octile heuristic, over jump points:
///
/// - [`PartialTarget::LeastF`] (the default) leads to the jump point expanded next: the
///   open one of least f = g + h, ties to the smaller h, then by the search's
///   [`TieBreak`](crate::TieBreak). The octile distance is consistent on jumps, so its f is
///   at most the cost of an optimal path to the goal (a lower bound on every path's cost) and
///   does not decrease from one call to the next. Its g is the cost of the path returned,
///   the least over paths through jump points, but, unlike A*'s, not always the least cost of
///   reaching that cell: the cheapest way there can run straight over it, in a jump that does
///   not stop there. It does not guarantee that the jump point lies on an optimal path.
/// - [`PartialTarget::LeastEstimate`] leads to the stored jump point nearest the goal by the
///   octile distance (ties: the smaller g, then the one stored first). It guarantees nothing
///   about the path, but it suits JPS better than A*: jump points are few and far apart, and
///   on two Moving AI maps its paths cost less to follow than those of the least f
///   (`docs/benchmarks.md`, "Grids for games").
///
/// Every partial path starts at the start and is a valid path of the query (its own blocked
/// cells avoided), costing [`Partial::cost`].
///
/// The path is a list of cells, one step apart, from the start, or its turning points with
/// [`Waypoints::JumpPoints`] (consecutive ones on one straight or diagonal line of free
/// cells), as the searcher's [`Waypoints`] say.
///
/// # Example: a game loop
///
/// Each frame the search gets 20 expansions, and the unit takes a step along the partial
/// path while that path still goes through where the unit stands.
///
/// ```
/// use informed::grid::{Cell, Grid, JumpPointSearcher, Movement};
/// use informed::{Budget, Progress};
///
/// // A room whose way out is at its top left corner: the octile distance draws the search
/// // into the room, toward the goal beyond its right wall, before it finds the way round.
/// let mut rows = vec![".".repeat(40), format!(".{}....", "#".repeat(35))];
/// rows.extend((0..8).map(|_| format!("{}#....", ".".repeat(35))));
/// rows.extend((0..6).map(|_| format!("{}..", "#.".repeat(19))));
/// let grid = Grid::from_ascii(&rows.join("\n"))?;
/// let (start, goal) = (Cell::new(0, 9), Cell::new(39, 9));
/// let problem = grid.problem(start, goal, Movement::Eight)?;
///
/// // Kept in the game's world, beside the map.
/// let mut jps = JumpPointSearcher::new(&grid);
/// let mut query = jps.resumable(&problem);
///
/// // The cells the unit has walked through, from the start.
/// let mut walked = vec![start];
/// let mut frames = 0;
/// let solution = loop {
///     frames += 1;
///     match query.run(Budget::expansions(20)) {
///         Progress::Running { partial, .. } => {
///             let path = partial.path();
///             if path.len() > walked.len() && path.starts_with(&walked) {
///                 walked.push(path[walked.len()]);
///             }
///         }
///         Progress::Done(outcome) => break outcome?,
///     }
/// };
/// drop(query);
/// assert!(frames > 1);
/// // The same answer as one call, and the searcher is free again.
/// assert_eq!(solution, jps.search(&problem)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct JumpPointQuery<'s, 'p, G: Goals = Cell, O = NoObserver> {
    searcher: &'s mut JumpPointSearcher,
    problem: &'p GridProblem<'p, G>,
    control: Control<'p, f64>,
    observer: O,
    /// The searcher's node table and open set, from when the search is set up until it ends;
    /// `None` for a refused search.
    lent: Option<Lent<'p, G>>,
    /// The error of a search refused before it starts, reported by the first call.
    refused: Option<SearchError<Cell, f64>>,
    started: bool,
    target: PartialTarget,
    least: LeastEstimate,
    /// The search's outcome, once it has ended: every later call returns it again.
    outcome: Option<SearchResult<GridProblem<'p, G>>>,
}

impl<'s, 'p, G: Goals, O: Observer<Cell, f64>> JumpPointQuery<'s, 'p, G, O> {
    /// A search of `setup` on `searcher`'s data structures, that has not stored anything yet;
    /// `refused` is the error of options the search refuses, reported by the first call.
    fn new(
        searcher: &'s mut JumpPointSearcher,
        problem: &'p GridProblem<'p, G>,
        tie_break: TieBreak,
        control: Control<'p, f64>,
        observer: O,
        refused: Option<SearchError<Cell, f64>>,
    ) -> Self {
        let refused = refused.or_else(|| JumpPointSearcher::check(problem).err());
        let lent = refused.is_none().then(|| searcher.lend(problem, tie_break));
        searcher.ties.clear();
        JumpPointQuery {
            searcher,
            problem,
            control,
            observer,
            lent,
            refused,
            started: false,
            target: PartialTarget::default(),
            least: LeastEstimate::default(),
            outcome: None,
        }
    }

    /// Stores the start, unless the search has started already: `Some` error if that ended
    /// the search (refused options, a cost bound below the start's estimate, a cap on stored
    /// states).
    fn begin(&mut self) -> Option<SearchError<Cell, f64>> {
        if self.started {
            return None;
        }
        self.started = true;
        if let Some(error) = self.refused.take() {
            return Some(error);
        }
        self.session(None)?.0.start().err()
    }

    /// Expands up to `limit` jump points: `Some` goal's node index if one was expanded, `None`
    /// if the limit was reached first. An empty open set ends the search whatever the limit.
    #[inline]
    fn advance<A: Allowance>(
        &mut self,
        limit: A,
        counts: Option<&mut Vec<u64>>,
    ) -> Result<Option<usize>, SearchError<Cell, f64>> {
        let Some((mut run, jumps)) = self.session(counts) else {
            return Err(self.control.no_path());
        };
        match jumps.map(JumpTable::jumper) {
            Some(Jumps::Narrow(jumps)) => run.search(&jumps, limit),
            Some(Jumps::Wide(jumps)) => run.search(&jumps, limit),
            None => {
                let bits = run.bits;
                run.search(bits, limit)
            }
        }
    }

    /// The searcher's parts and this query's, borrowed for a stretch of the search, and the
    /// JPS+ table if the search reads its jumps there; `None` for a refused search.
    #[inline]
    #[allow(clippy::type_complexity)]
    fn session<'r>(
        &'r mut self,
        counts: Option<&'r mut Vec<u64>>,
    ) -> Option<(Run<'r, 'p, 'p, G, O>, Option<&'r JumpTable>)> {
        let lent = self.lent.as_mut()?;
        let JumpPointSearcher {
            bits,
            table,
            masked,
            arrivals,
            ..
        } = &mut *self.searcher;
        // A query's own blocked cells are in the bits alone: the table cannot know them.
        let jumps = table.as_ref().filter(|_| masked.is_empty());
        let run = Run {
            bits,
            start: self.problem.start(),
            goals: self.problem.targets(),
            table: &mut lent.table,
            open: &mut lent.open,
            arrivals,
            control: &mut self.control,
            observer: &mut self.observer,
            counts,
        };
        Some((run, jumps))
    }

    /// Ends the search with `outcome` (a goal's node index, or an error): writes the path
    /// into `out` in the searcher's [`Waypoints`], and gives the searcher back its parts.
    fn conclude(
        &mut self,
        outcome: Result<usize, SearchError<Cell, f64>>,
        out: &mut Vec<Cell>,
    ) -> Result<(f64, Stats), SearchError<Cell, f64>> {
        let cells = self.searcher.waypoints == Waypoints::Cells;
        let result = match outcome {
            Ok(goal) => {
                let Some(lent) = &self.lent else {
                    return Err(self.control.no_path());
                };
                path_into(&lent.table, goal, &mut self.searcher.points);
                write_path(&self.searcher.points, cells, out);
                Ok((lent.table.node(goal).g, self.control.stats()))
            }
            Err(mut error) => {
                if let SearchError::LimitReached {
                    best: Some(best), ..
                } = &mut error
                {
                    let mut path = Vec::new();
                    write_path(&best.path, cells, &mut path);
                    best.path = path;
                }
                Err(error)
            }
        };
        if let Some(lent) = self.lent.take() {
            self.searcher.take_back(lent);
        }
        result
    }

    /// Ends the search with `outcome`, keeps it for the calls to come, and returns it.
    fn finish(&mut self, outcome: Result<usize, SearchError<Cell, f64>>) -> Progress<Cell, f64> {
        let cells = self.searcher.waypoints == Waypoints::Cells;
        let len = match (&outcome, &self.lent) {
            (Ok(goal), Some(lent)) => {
                path_into(&lent.table, *goal, &mut self.searcher.points);
                written_len(&self.searcher.points, cells)
            }
            _ => 0,
        };
        let mut path = Vec::with_capacity(len);
        let result = self
            .conclude(outcome, &mut path)
            .map(|(cost, stats)| Solution::new(path, cost, stats));
        self.outcome = Some(result.clone());
        Progress::Done(result)
    }

    /// This query, with its partial paths leading to the jump point `target` chooses from now
    /// on (see [`PartialTarget`] and [the partial path](Self#the-partial-path)). It can be
    /// changed between any two calls; the expansions are the same whatever it is.
    pub fn partial_target(mut self, target: PartialTarget) -> Self {
        self.target = target;
        self
    }

    /// Runs the search until it ends or `budget` runs out.
    ///
    /// # Arguments
    ///
    /// - `budget`: how many expansions (jump points taken off the open set, as
    ///   [`Stats::expanded`] counts them), or how much time, this call may spend (see
    ///   [`Budget`]).
    ///
    /// # Returns
    ///
    /// [`Progress::Running`] with the partial path and the statistics so far if the budget ran
    /// out first; [`Progress::Done`] with what [`JumpPointSearcher::search`] (or
    /// [`Search::jps_in`]) returns once the search ended, in this call or an earlier one
    /// (every call after the end returns it again).
    ///
    /// # Errors
    ///
    /// None of its own: [`Progress::Done`] carries those of [`Search::jps_in`], which include
    /// the limits of the [`Search`] the query was made from. A budget that runs out is no
    /// error.
    ///
    /// # Complexity
    ///
    /// The expansions it makes cost what they cost in one call; a call that returns
    /// [`Progress::Running`] then writes the partial path, in O(its length), and with
    /// [`PartialTarget::LeastEstimate`] first looks at the jump points stored since the last
    /// call and those tied at the least h. It allocates the path it returns. Measured
    /// (callgrind, `docs/benchmarks.md`): Moving AI searches split into calls of 100
    /// expansions take 1.008× (arena2) and 1.034× (8room_000) the instructions of one call
    /// each with JPS, 1.014× and 1.071× with JPS+, with [`PartialTarget::LeastF`]; the cost
    /// is mostly writing each call's partial path.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Cell, Grid, JumpPointSearcher, Movement, Waypoints};
    /// use informed::{Budget, Progress};
    ///
    /// let grid = Grid::from_ascii("..........\n.########.\n.#......#.\n.#.####.#.\n...#....#.")?;
    /// let mut jps = JumpPointSearcher::new(&grid);
    /// jps.set_waypoints(Waypoints::JumpPoints);
    /// let problem = grid.problem(Cell::new(0, 4), Cell::new(4, 4), Movement::Eight)?;
    /// let mut query = jps.resumable(&problem);
    /// let Progress::Running { partial, stats } = query.run(Budget::expansions(2)) else {
    ///     unreachable!("the goal is more than two jump points away");
    /// };
    /// assert_eq!(stats.expanded, 2);
    /// assert_eq!(partial.path()[0], Cell::new(0, 4));
    /// let Progress::Done(outcome) = query.run(Budget::unlimited()) else {
    ///     unreachable!("an unlimited budget ends the search");
    /// };
    /// assert_eq!(outcome?.path().last(), Some(&Cell::new(4, 4)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run(&mut self, budget: Budget) -> Progress<Cell, f64> {
        if let Some(outcome) = &self.outcome {
            return Progress::Done(outcome.clone());
        }
        if let Some(error) = self.begin() {
            return self.finish(Err(error));
        }
        let stop_at = budget.stop_at();
        let mut left = budget.expansion_cap().unwrap_or(u64::MAX);
        loop {
            // The expansions until the clock is read again.
            let chunk = match stop_at {
                Some(at) if Instant::now() >= at => 0,
                Some(_) => left.min(CLOCK_POLL),
                None => left,
            };
            match self.advance(chunk, None) {
                Ok(None) => {}
                Ok(Some(goal)) => return self.finish(Ok(goal)),
                Err(error) => return self.finish(Err(error)),
            }
            left -= chunk;
            if chunk == 0 || left == 0 {
                break;
            }
        }
        match self.partial() {
            Some(partial) => Progress::Running {
                partial,
                stats: self.control.stats(),
            },
            // Not reached: a search that stopped for its budget has jump points to expand.
            None => self.finish(Err(self.control.no_path())),
        }
    }

    /// The partial path the search would return now (see
    /// [the partial path](Self#the-partial-path)): `None` before the first call and after the
    /// search ended.
    ///
    /// # Complexity
    ///
    /// O(the path's length), and with [`PartialTarget::LeastEstimate`] a look at the jump
    /// points stored since the last call and at those tied at the least h.
    pub fn partial(&mut self) -> Option<Partial<Cell, f64>> {
        if self.outcome.is_some() || !self.started {
            return None;
        }
        let lent = self.lent.as_mut()?;
        let index = match self.target {
            PartialTarget::LeastF => lent.open.peek()?,
            _ => {
                let least = &mut self.least;
                least.catch_up(&lent.table, &mut self.searcher.ties);
                least.target(&lent.table, &self.searcher.ties)?
            }
        };
        path_into(&lent.table, index, &mut self.searcher.points);
        let cells = self.searcher.waypoints == Waypoints::Cells;
        let mut path = Vec::with_capacity(written_len(&self.searcher.points, cells));
        write_path(&self.searcher.points, cells, &mut path);
        let node = lent.table.node(index);
        Some(Partial {
            path,
            cost: node.g,
            estimate: node.h,
        })
    }

    /// The statistics so far, over every call.
    pub fn stats(&self) -> Stats {
        match &self.outcome {
            Some(Ok(solution)) => solution.stats(),
            Some(Err(error)) => error.stats(),
            None => self.control.stats(),
        }
    }

    /// Whether the search ended (its outcome was returned).
    pub fn is_done(&self) -> bool {
        self.outcome.is_some()
    }
}

impl<G: Goals, O> Drop for JumpPointQuery<'_, '_, G, O> {
    /// Gives an unfinished search's parts back to the searcher, its bits without the query's
    /// blocked cells.
    fn drop(&mut self) {
        if let Some(lent) = self.lent.take() {
            self.searcher.take_back(lent);
        }
    }
}

impl<G: Goals, O> std::fmt::Debug for JumpPointQuery<'_, '_, G, O> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JumpPointQuery")
            .field("searcher", &self.searcher)
            .field("target", &self.target)
            .field("started", &self.started)
            .field("done", &self.outcome.is_some())
            .finish_non_exhaustive()
    }
}

/// How many more expansions a stretch of a search may make.
trait Allowance {
    /// Takes one expansion: `false` if none is left.
    fn take(&mut self) -> bool;
}

/// No bound: a search run to its end in one call, which pays nothing for counting.
struct Unbounded;

impl Allowance for Unbounded {
    #[inline(always)]
    fn take(&mut self) -> bool {
        true
    }
}

impl Allowance for u64 {
    #[inline(always)]
    fn take(&mut self) -> bool {
        let Some(left) = self.checked_sub(1) else {
            return false;
        };
        *self = left;
        true
    }
}

/// One stretch of a search: the searcher's parts, borrowed.
struct Run<'r, 'c, 'p, G: Goals, O> {
    bits: &'r BitGrid,
    start: Cell,
    goals: G,
    table: &'r mut DenseTable<'p, GridProblem<'p, G>>,
    open: &'r mut IndexedHeap<Key, 4>,
    arrivals: &'r mut Vec<u8>,
    control: &'r mut Control<'c, f64>,
    observer: &'r mut O,
    counts: Option<&'r mut Vec<u64>>,
}

impl<G: Goals, O: Observer<Cell, f64>> Run<'_, '_, '_, G, O> {
    /// Stores the start, the first jump point.
    fn start(&mut self) -> Result<(), SearchError<Cell, f64>> {
        let start = self.start;
        self.control.count_start();
        let h = octile(start, &self.goals);
        if self.control.prunes(h) {
            return Err(self.control.no_path());
        }
        let key = match self.table.lookup(&start) {
            Lookup::New(key) => key,
            Lookup::Stored(_) => unreachable!("the table starts empty"),
        };
        let index = self.control.store(
            self.table,
            self.observer,
            key,
            start,
            Node::new(NO_PARENT, 0.0, h),
        )?;
        self.arrivals.push(0);
        self.open.push(index, f64::pair(h, h));
        self.control.open_size(1);
        Ok(())
    }

    /// A* over jump points, for as many expansions as `left` allows: `Some` goal's node
    /// index, or `None` where `left` ran out first. An empty open set ends the search even
    /// then.
    fn search<J: Jumper, A: Allowance>(
        &mut self,
        jumper: &J,
        mut left: A,
    ) -> Result<Option<usize>, SearchError<Cell, f64>> {
        loop {
            if self.open.len() == 0 {
                return Err(self.control.no_path());
            }
            if !left.take() {
                return Ok(None);
            }
            if let Err(limit) = self.control.allow_expansion() {
                return Err(self
                    .control
                    .limit_reached(limit, most_promising(&*self.table)));
            }
            let Some((index, _)) = self.open.pop() else {
                return Err(self.control.no_path());
            };
            self.control.count_expansion();
            if let Some(counts) = self.counts.as_deref_mut() {
                counts.push(self.control.stats().generated);
            }
            let (&cell, &node) = self.table.entry(index);
            self.observer.observe(Event::Expand {
                state: &cell,
                g: node.g,
                h: node.h,
            });
            if self.goals.is_goal(cell) {
                return Ok(Some(index));
            }
            let mut directions = successor_directions(self.bits, cell, self.arrivals[index]);
            let goals = self.goals;
            while directions != 0 {
                let d = directions.trailing_zeros() as usize;
                directions &= directions - 1;
                jumper.jump(cell, d, &goals, |next, cost, arrival| {
                    let g = self.control.step(node.g, cost, &cell, &next)?;
                    self.relax(index, next, g, arrival)
                })?;
            }
        }
    }
    /// Stores or improves `next`, reached from the node `parent` at cost `g` by a move in
    /// direction `d`.
    #[inline]
    fn relax(
        &mut self,
        parent: usize,
        next: Cell,
        g: f64,
        d: usize,
    ) -> Result<(), SearchError<Cell, f64>> {
        let h = octile(next, &self.goals);
        let f = g + h;
        match self.table.lookup(&next) {
            Lookup::New(key) => {
                if self.control.prunes(f) {
                    return Ok(());
                }
                let index = self.control.store(
                    self.table,
                    self.observer,
                    key,
                    next,
                    Node::new(parent, g, h),
                )?;
                self.arrivals.push(1 << d);
                self.open.push(index, f64::pair(f, h));
                self.control.open_size(self.open.len());
            }
            Lookup::Stored(index) => {
                let old = self.table.node(index).g;
                if g < old {
                    let node = self.table.node_mut(index);
                    node.g = g;
                    node.set_parent(parent);
                    self.arrivals[index] = 1 << d;
                    let state = self.table.state(index);
                    let parent = self.table.state(parent);
                    if self.open.contains(index) {
                        self.open.decrease_key(index, f64::pair(f, h));
                        self.control.count_decrease_key();
                        self.observer.observe(Event::DecreaseKey {
                            state,
                            parent,
                            old_g: old,
                            g,
                            h,
                        });
                    } else {
                        self.open.push(index, f64::pair(f, h));
                        self.control.count_reopening();
                        self.control.open_size(self.open.len());
                        self.observer.observe(Event::Reopen {
                            state,
                            parent,
                            old_g: old,
                            g,
                            h,
                        });
                    }
                } else if g == old && self.open.contains(index) {
                    // Another move as cheap: the jump point is expanded for both directions.
                    self.arrivals[index] |= 1 << d;
                }
            }
        }
        Ok(())
    }
}

impl<'a, 'g, G: Goals, O: Observer<Cell, f64>> Search<'a, GridProblem<'g, G>, O> {
    /// Jump point search with this search's options, on the data structures of `searcher`
    /// (JPS, or JPS+ if it has a [`JumpTable`]), which keeps them for its next search.
    ///
    /// The options it honours: [`max_expansions`](Self::max_expansions) (jump points
    /// expanded), [`max_stored`](Self::max_stored) (jump points stored),
    /// [`cost_bound`](Self::cost_bound) (prunes jump points whose g + h exceeds it),
    /// [`deadline`](Self::deadline), [`cancel_when`](Self::cancel_when),
    /// [`tie_break`](Self::tie_break) (among jump points of equal f and h) and the observer,
    /// which sees jump points generated, improved and expanded (the cells a jump passes over
    /// are not events). It ignores [`node_table`](Self::node_table),
    /// [`hashing`](Self::hashing) and [`open_set`](Self::open_set): it always keeps a dense
    /// table and a 4-ary heap, and those options give the same results anyway.
    ///
    /// # Arguments
    ///
    /// - `searcher`: a [`JumpPointSearcher`], which follows the problem's grid first
    ///   ([`JumpPointSearcher::follow`]).
    ///
    /// # Returns
    ///
    /// As [`JumpPointSearcher::search`].
    ///
    /// # Errors
    ///
    /// As [`JumpPointSearcher::search`], and [`SearchError::LimitReached`] when a limit stops
    /// the search (its partial path in the searcher's [`Waypoints`]),
    /// [`SearchError::InvalidCostBound`] for a NaN bound.
    ///
    /// # Complexity
    ///
    /// As [`JumpPointSearcher::search`].
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Cell, Grid, JumpPointSearcher, Movement};
    /// use informed::{Limit, Search, SearchError};
    ///
    /// let grid = Grid::from_ascii("....#....\n....#....\n.........")?;
    /// let mut jps = JumpPointSearcher::new(&grid);
    /// let problem = grid.problem(Cell::new(0, 0), Cell::new(8, 0), Movement::Eight)?;
    /// let solution = Search::new(&problem).max_expansions(100).jps_in(&mut jps)?;
    /// assert_eq!(solution.path().first(), Some(&Cell::new(0, 0)));
    /// let stopped = Search::new(&problem).max_expansions(1).jps_in(&mut jps);
    /// assert!(matches!(stopped, Err(SearchError::LimitReached { limit: Limit::Expansions(1), .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn jps_in(self, searcher: &mut JumpPointSearcher) -> SearchResult<GridProblem<'g, G>> {
        searcher.solve(self.into_setup()?, None)
    }

    /// Jump point search with this search's options and observer (those
    /// [`jps_in`](Self::jps_in) honours), on the data structures of `searcher`, to run for a
    /// [`Budget`] at a time (see [`JumpPointQuery`]). The limits of the search bound the
    /// whole search, however it is split; a time limit is counted from now.
    ///
    /// # Errors
    ///
    /// None here: an option the search refuses (a NaN cost bound) or a movement other than
    /// [`Movement::Eight`] is reported by the query's first call, as [`Progress::Done`].
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Cell, Grid, JumpPointSearcher, Movement};
    /// use informed::{Budget, Limit, Progress, Search};
    ///
    /// let grid = Grid::from_ascii("....#....\n....#....\n.........")?;
    /// let mut jps = JumpPointSearcher::new(&grid);
    /// let problem = grid.problem(Cell::new(0, 0), Cell::new(8, 0), Movement::Eight)?;
    /// // The cap bounds the whole search, whatever the budgets.
    /// let mut query = Search::new(&problem).max_expansions(1).jps_resumable_in(&mut jps);
    /// assert!(!query.run(Budget::expansions(1)).is_done());
    /// let Progress::Done(Err(error)) = query.run(Budget::expansions(1)) else {
    ///     unreachable!("the cap ends the search");
    /// };
    /// assert_eq!(error.limit(), Some(Limit::Expansions(1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn jps_resumable_in<'s>(
        self,
        searcher: &'s mut JumpPointSearcher,
    ) -> JumpPointQuery<'s, 'a, G, O> {
        let refused = self.options().check().err();
        let Setup {
            problem,
            options,
            control,
            observer,
        } = self.into_setup_unchecked();
        JumpPointQuery::new(
            searcher,
            problem,
            options.tie_break,
            control,
            observer,
            refused,
        )
    }

    /// [`jps_in`](Self::jps_in), pushing onto `counts` before each expansion the number of
    /// successors generated so far.
    pub(super) fn jps_counted(
        self,
        searcher: &mut JumpPointSearcher,
        counts: &mut Vec<u64>,
    ) -> SearchResult<GridProblem<'g, G>> {
        searcher.solve(self.into_setup()?, Some(counts))
    }

    /// [`jps_in`](Self::jps_in) with a searcher made for this one search: it packs the grid
    /// into bits first (**O(width × height)**), so for many queries on one grid keep a
    /// [`JumpPointSearcher`].
    ///
    /// # Errors
    ///
    /// As [`jps_in`](Self::jps_in).
    ///
    /// # Example
    ///
    /// ```
    /// use informed::Search;
    /// use informed::grid::{Cell, Grid, Movement};
    ///
    /// let grid = Grid::from_ascii("...\n.#.\n...")?;
    /// let problem = grid.problem(Cell::new(0, 0), Cell::new(2, 2), Movement::Eight)?;
    /// assert_eq!(Search::new(&problem).jps()?.cost(), 4.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn jps(self) -> SearchResult<GridProblem<'g, G>> {
        let grid = self.problem().grid();
        self.jps_in(&mut JumpPointSearcher::new(grid))
    }
}
