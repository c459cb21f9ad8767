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

use super::jps_plus::{JumpTable, JumpTableError, Jumps};
use super::jump::{BitGrid, DX, DY, Jumper};
use super::{Cell, DIAGONAL, Goals, Grid, GridProblem, GridRevision, Movement};
use crate::cost::Cost;
use crate::engine::control::{Control, Setup};
use crate::engine::heap::{Frontier, IndexedHeap};
use crate::engine::table::{
    DenseStore, DenseTable, Lookup, NO_PARENT, Node, Table, most_promising, path_into,
};
use crate::error::SearchError;
use crate::observer::{Event, Observer};
use crate::progress::Stats;
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
            let (mut x, mut y) = (i64::from(last.x), i64::from(last.y));
            let sx = (i64::from(waypoint.x) - x).signum();
            let sy = (i64::from(waypoint.y) - y).signum();
            while Cell::new(x as u32, y as u32) != waypoint {
                x += sx;
                y += sy;
                out.push(Cell::new(x as u32, y as u32));
            }
        }
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
    /// into `out`.
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
            mut control,
            mut observer,
        } = setup;
        Self::check(problem)?;
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
            .unwrap_or_else(|| IndexedHeap::new(options.tie_break));
        open.reset(options.tie_break);
        let bound = grid.width() as usize * grid.height() as usize;
        let store = self.store.take().unwrap_or_else(DenseStore::new);
        let mut table = DenseTable::reuse(problem, bound, store);
        self.arrivals.clear();
        let goals = problem.targets();
        let mut run = Run {
            bits: &self.bits,
            start: problem.start(),
            goals: &goals,
            table: &mut table,
            open: &mut open,
            arrivals: &mut self.arrivals,
            control: &mut control,
            observer: &mut observer,
            counts,
        };
        let outcome = match &self.table {
            Some(jumps) if self.masked.is_empty() => match jumps.jumper() {
                Jumps::Narrow(jumps) => run.search(&jumps),
                Jumps::Wide(jumps) => run.search(&jumps),
            },
            _ => run.search(&self.bits),
        };
        for &(cell, was) in self.masked.iter().rev() {
            self.bits.set(cell, was);
        }
        self.revision = revision;
        let cells = self.waypoints == Waypoints::Cells;
        let result = match outcome {
            Ok(goal) => {
                path_into(&table, goal, &mut self.points);
                write_path(&self.points, cells, out);
                Ok((table.node(goal).g, control.stats()))
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
        self.store = Some(table.into_store());
        self.open = Some(open);
        result
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
}

/// One search: the searcher's parts, borrowed.
struct Run<'r, 'c, 'p, G: Goals, O> {
    bits: &'r BitGrid,
    start: Cell,
    goals: &'r G,
    table: &'r mut DenseTable<'p, GridProblem<'p, G>>,
    open: &'r mut IndexedHeap<Key, 4>,
    arrivals: &'r mut Vec<u8>,
    control: &'r mut Control<'c, f64>,
    observer: &'r mut O,
    counts: Option<&'r mut Vec<u64>>,
}

impl<G: Goals, O: Observer<Cell, f64>> Run<'_, '_, '_, G, O> {
    /// A* over jump points: the goal's node index.
    fn search<J: Jumper>(&mut self, jumper: &J) -> Result<usize, SearchError<Cell, f64>> {
        let start = self.start;
        self.control.count_start();
        let h = octile(start, self.goals);
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
        loop {
            if self.open.len() == 0 {
                return Err(self.control.no_path());
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
                return Ok(index);
            }
            let mut directions = successor_directions(self.bits, cell, self.arrivals[index]);
            let goals = self.goals;
            while directions != 0 {
                let d = directions.trailing_zeros() as usize;
                directions &= directions - 1;
                jumper.jump(cell, d, goals, |next, cost, arrival| {
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
        let h = octile(next, self.goals);
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
