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

use std::ptr;

use super::jps_plus::{JumpTable, Jumps};
use super::jump::{BitGrid, DX, DY, Jumper};
use super::{Cell, DIAGONAL, Grid, GridProblem, Movement};
use crate::cost::Cost;
use crate::engine::control::{Control, Setup};
use crate::engine::heap::{Frontier, IndexedHeap};
use crate::engine::table::{
    DenseStore, DenseTable, Lookup, NO_PARENT, Node, Table, most_promising, path_into,
};
use crate::error::SearchError;
use crate::observer::{Event, Observer};
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

/// The octile distance, as [`Octile`](super::Octile) computes it.
#[inline(always)]
fn octile(from: Cell, to: Cell) -> f64 {
    let dx = f64::from(from.x.abs_diff(to.x));
    let dy = f64::from(from.y.abs_diff(to.y));
    let (low, high) = if dx < dy { (dx, dy) } else { (dy, dx) };
    high + (DIAGONAL - 1.0) * low
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

/// Adds the turns between the jump points of `path`, so that consecutive points lie on a line.
fn add_turns(path: &mut Vec<Cell>) {
    let points = std::mem::take(path);
    for (i, &point) in points.iter().enumerate() {
        if i > 0 {
            path.extend(turn(points[i - 1], point));
        }
        path.push(point);
    }
}

/// Replaces the waypoints in `path` (on lines, as [`add_turns`] leaves them) by every cell
/// between them.
fn fill_in(path: &mut Vec<Cell>) {
    let waypoints = std::mem::take(path);
    let Some(&first) = waypoints.first() else {
        return;
    };
    path.push(first);
    for pair in waypoints.windows(2) {
        let (mut x, mut y) = (i64::from(pair[0].x), i64::from(pair[0].y));
        let sx = (i64::from(pair[1].x) - x).signum();
        let sy = (i64::from(pair[1].y) - y).signum();
        while Cell::new(x as u32, y as u32) != pair[1] {
            x += sx;
            y += sy;
            path.push(Cell::new(x as u32, y as u32));
        }
    }
}

/// The key of a queued jump point: f, then h (as A* ranks its states).
type Key = <f64 as Cost>::Pair;

/// A reusable jump point searcher for one [`Grid`]: JPS, or JPS+ with a [`JumpTable`].
///
/// It keeps a bit-packed copy of the grid (its rows, and its columns for the vertical jumps),
/// and the node table and open set of its searches, cleared and reused from one search to the
/// next: after the largest search so far, a search allocates only the path it returns. It is
/// [`Send`] and [`Sync`]: each thread of a pool can own one for the same grid.
///
/// # When to use which
///
/// - [`astar`](crate::astar) on [`Grid::problem`]: any [`Movement`], any options (open set,
///   node table), an observer that sees every cell. The reference.
/// - **JPS** ([`JumpPointSearcher::new`]): the same path costs for [`Movement::Eight`] (the
///   Moving AI rule), an order of magnitude faster on maps with open areas, storing a few
///   percent of the states A* stores. No preprocessing beyond packing the grid into bits
///   (**O(width × height)**, a bit a cell, twice), so it suits grids that change between
///   queries (make a new searcher after a change).
/// - **JPS+** ([`JumpPointSearcher::with_table`]): JPS with the jumps read from a
///   [`JumpTable`] built once for the map (8 or 16 bytes a cell, up to 32,767 cells a side), faster
///   still where jumps are long; for a map that does not change, queried often.
///
/// On a maze of corridors one cell wide, every cell is a turn, and JPS gains little over A*.
///
/// JPS needs every step of a kind to cost the same: its pruning relies on symmetric paths
/// costing the same. It searches [`GridProblem`]s, so a [`WeightedGrid`](super::WeightedGrid),
/// whose cells have costs, cannot be passed; use [`astar`](crate::astar) there.
///
/// # Four-connected grids
///
/// Only [`Movement::Eight`] is searched: another movement is refused with
/// [`SearchError::Unsupported`] (option `"movement"`). That is a choice, not an oversight: the
/// rules do not carry over cleanly. Without diagonal steps, a canonical path goes along one
/// axis first, so a jump along it must stop wherever a jump along the other axis finds a jump
/// point: every horizontal jump scans up and down from each cell it passes, as the diagonal
/// jumps do here, and the word-at-a-time scans that make straight jumps cheap no longer carry
/// the search. The pruning rules and their proof of optimality would be another algorithm's,
/// and the Moving AI optima, which check this one on 43,330 scenarios, are for eight-connected
/// movement only. On a four-connected [`Grid`], use [`astar`](crate::astar) with
/// [`manhattan`](GridProblem::manhattan).
///
/// # Example
///
/// ```
/// use informed::grid::{Cell, Grid, JumpPointSearcher, Movement, Waypoints};
///
/// let grid = Grid::from_ascii(
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
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct JumpPointSearcher<'g> {
    grid: &'g Grid,
    bits: BitGrid,
    table: Option<&'g JumpTable>,
    waypoints: Waypoints,
    store: Option<DenseStore<Cell, f64>>,
    open: Option<IndexedHeap<Key, 4>>,
    /// For each stored jump point, the directions of the moves that reached it at its g, as
    /// bits (0 for the start).
    arrivals: Vec<u8>,
}

impl std::fmt::Debug for JumpPointSearcher<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JumpPointSearcher")
            .field("width", &self.grid.width())
            .field("height", &self.grid.height())
            .field("table", &self.table.is_some())
            .field("waypoints", &self.waypoints)
            .finish_non_exhaustive()
    }
}

impl<'g> JumpPointSearcher<'g> {
    /// A JPS searcher for `grid`, whose jumps scan its rows and columns 64 cells at a time.
    ///
    /// Computes in **O(width × height)** time (packing the grid into bits) and takes two bits
    /// a cell, plus what its searches store.
    pub fn new(grid: &'g Grid) -> Self {
        JumpPointSearcher {
            grid,
            bits: BitGrid::new(grid),
            table: None,
            waypoints: Waypoints::default(),
            store: None,
            open: None,
            arrivals: Vec::new(),
        }
    }

    /// A JPS+ searcher for `grid`: its jumps are read from `table`, built for this grid by
    /// [`JumpTable::build`] (or loaded by [`JumpTable::read`]).
    ///
    /// # Errors
    ///
    /// [`JumpTableError::OtherMap`](super::JumpTableError::OtherMap) if `table` was
    /// built for another grid.
    ///
    /// # Complexity
    ///
    /// As [`new`](Self::new), plus **O(width × height)** to check the table's grid.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Cell, Grid, JumpPointSearcher, JumpTable, Movement};
    ///
    /// let grid = Grid::from_ascii("......\n.####.\n......")?;
    /// let table = JumpTable::build(&grid)?;
    /// let mut jps = JumpPointSearcher::with_table(&grid, &table)?;
    /// let problem = grid.problem(Cell::new(0, 1), Cell::new(5, 1), Movement::Eight)?;
    /// // Around the wall: no diagonal past its corners.
    /// assert_eq!(jps.search(&problem)?.cost(), 7.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_table(grid: &'g Grid, table: &'g JumpTable) -> Result<Self, super::JumpTableError> {
        table.check_grid(grid)?;
        let mut searcher = JumpPointSearcher::new(grid);
        searcher.table = Some(table);
        Ok(searcher)
    }

    /// The grid searched.
    pub fn grid(&self) -> &'g Grid {
        self.grid
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

    /// A least-cost path for `problem`, with no limits: [`Search::jps_in`] with the default
    /// options.
    ///
    /// # Arguments
    ///
    /// - `problem`: a query on this searcher's grid (or an equal one) with
    ///   [`Movement::Eight`].
    ///
    /// # Returns
    ///
    /// The path (its cells, or its [`Waypoints::JumpPoints`]), its cost, exactly the one
    /// [`astar`](crate::astar) with the octile heuristic finds, and [`Stats`](crate::Stats)
    /// counting jump points: `expanded` the jump points taken off the open set, `generated`
    /// the jumps that found one (and the start), `stored` the distinct jump points stored.
    ///
    /// # Errors
    ///
    /// [`SearchError::NoPath`] if the goal cannot be reached;
    /// [`SearchError::Unsupported`] with option `"movement"` for another movement than
    /// [`Movement::Eight`], or `"grid"` for a problem on a grid that differs from this
    /// searcher's.
    ///
    /// # Complexity
    ///
    /// **O(J log J + S)** time for J jump points stored and S cells scanned by the jumps (64 a
    /// word for straight jumps; from each cell of a diagonal jump, a straight scan each way), and
    /// **O(J)** memory beyond the searcher's bits. In the worst case (every cell a jump point)
    /// that is A*'s **O(n log n)** for n cells.
    ///
    /// # Example
    ///
    /// See [`JumpPointSearcher`].
    pub fn search(&mut self, problem: &GridProblem<'_>) -> SearchResult<GridProblem<'_>> {
        Search::new(problem).jps_in(self)
    }

    /// Refuses a problem this searcher cannot answer.
    fn check<'p>(&self, problem: &GridProblem<'p>) -> Result<(), SearchError<Cell, f64>> {
        let unsupported = |option| {
            Err(SearchError::Unsupported {
                option,
                algorithm: JPS,
            })
        };
        if problem.movement() != Movement::Eight {
            return unsupported("movement");
        }
        if !ptr::eq(problem.grid(), self.grid) && problem.grid() != self.grid {
            return unsupported("grid");
        }
        Ok(())
    }

    /// Runs a search set up by [`Search`] on this searcher's data structures.
    ///
    /// With `counts`, it pushes there, before each expansion, the number of successors
    /// generated so far (what a replay of the search counts its expansions' successors from).
    fn run<'p, O: Observer<Cell, f64>>(
        &mut self,
        setup: Setup<'_, GridProblem<'p>, O>,
        counts: Option<&mut Vec<u64>>,
    ) -> SearchResult<GridProblem<'p>> {
        let Setup {
            problem,
            options,
            mut control,
            mut observer,
        } = setup;
        self.check(problem)?;
        let mut open = self
            .open
            .take()
            .unwrap_or_else(|| IndexedHeap::new(options.tie_break));
        open.reset(options.tie_break);
        let bound = self.grid.width() as usize * self.grid.height() as usize;
        let store = self.store.take().unwrap_or_else(DenseStore::new);
        let mut table = DenseTable::reuse(problem, bound, store);
        self.arrivals.clear();
        let mut run = Run {
            bits: &self.bits,
            start: problem.start(),
            goal: problem.goal(),
            table: &mut table,
            open: &mut open,
            arrivals: &mut self.arrivals,
            control: &mut control,
            observer: &mut observer,
            counts,
        };
        let outcome = match self.table {
            Some(jumps) => match jumps.jumper() {
                Jumps::Narrow(jumps) => run.search(&jumps),
                Jumps::Wide(jumps) => run.search(&jumps),
            },
            None => run.search(&self.bits),
        };
        let fill = self.waypoints == Waypoints::Cells;
        let result = match outcome {
            Ok(goal) => {
                let mut path = Vec::new();
                path_into(&table, goal, &mut path);
                add_turns(&mut path);
                if fill {
                    fill_in(&mut path);
                }
                Ok(Solution::new(path, table.node(goal).g, control.stats()))
            }
            Err(mut error) => {
                if let SearchError::LimitReached {
                    best: Some(best), ..
                } = &mut error
                {
                    add_turns(&mut best.path);
                    if fill {
                        fill_in(&mut best.path);
                    }
                }
                Err(error)
            }
        };
        self.store = Some(table.into_store());
        self.open = Some(open);
        result
    }
}

/// One search: the searcher's parts, borrowed.
struct Run<'r, 'c, 'p, O> {
    bits: &'r BitGrid,
    start: Cell,
    goal: Cell,
    table: &'r mut DenseTable<'p, GridProblem<'p>>,
    open: &'r mut IndexedHeap<Key, 4>,
    arrivals: &'r mut Vec<u8>,
    control: &'r mut Control<'c, f64>,
    observer: &'r mut O,
    counts: Option<&'r mut Vec<u64>>,
}

impl<O: Observer<Cell, f64>> Run<'_, '_, '_, O> {
    /// A* over jump points: the goal's node index.
    fn search<J: Jumper>(&mut self, jumper: &J) -> Result<usize, SearchError<Cell, f64>> {
        let start = self.start;
        self.control.count_start();
        let h = octile(start, self.goal);
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
            if cell == self.goal {
                return Ok(index);
            }
            let mut directions = successor_directions(self.bits, cell, self.arrivals[index]);
            let goal = self.goal;
            while directions != 0 {
                let d = directions.trailing_zeros() as usize;
                directions &= directions - 1;
                jumper.jump(cell, d, goal, |next, cost, arrival| {
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
        let h = octile(next, self.goal);
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

impl<'a, 'g, O: Observer<Cell, f64>> Search<'a, GridProblem<'g>, O> {
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
    /// - `searcher`: a [`JumpPointSearcher`] made for the problem's grid.
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
    pub fn jps_in(self, searcher: &mut JumpPointSearcher<'_>) -> SearchResult<GridProblem<'g>> {
        searcher.run(self.into_setup()?, None)
    }

    /// [`jps_in`](Self::jps_in), pushing onto `counts` before each expansion the number of
    /// successors generated so far.
    pub(super) fn jps_counted(
        self,
        searcher: &mut JumpPointSearcher<'_>,
        counts: &mut Vec<u64>,
    ) -> SearchResult<GridProblem<'g>> {
        searcher.run(self.into_setup()?, Some(counts))
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
    pub fn jps(self) -> SearchResult<GridProblem<'g>> {
        let grid = self.problem().grid();
        self.jps_in(&mut JumpPointSearcher::new(grid))
    }
}
