//! Connected regions of a grid: which cells can reach which, answered in O(1) before any search,
//! and kept up to date as cells are blocked and freed.

use std::fmt;

use smallvec::SmallVec;

use super::terrain::{MapRef, Query, Stamp};
use super::{
    Cell, Grid, GridError, GridErrorKind, GridMap, GridQuery, Manhattan, Movement, Octile,
};
use crate::algo::astar::astar_with;
use crate::error::SearchError;
use crate::heuristic::Heuristic;
use crate::progress::Stats;
use crate::solution::Solution;

/// The label of a blocked cell.
const NONE: u32 = u32::MAX;

/// A connected region of a grid, as [`Regions::region`] names it: two free cells are in the
/// same region exactly when a path joins them.
///
/// A region's number is dense (below the number of cells) but not stable: after a change the
/// same cells may carry another number, and a number given up by one region is given to the
/// next one made. Compare regions taken since the last change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Region(u32);

impl Region {
    /// The region's number: below the grid's number of cells, so that data kept for each
    /// region fits in a vector.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The connected regions of a [`Grid`] or a [`WeightedGrid`](super::WeightedGrid) under one
/// [`Movement`]: whether a goal can be reached at all, answered in O(1) before a search
/// floods everything it can reach to learn that it cannot; and the cell nearest an unreachable
/// goal that can be reached.
///
/// The steps are those the grid's searches take, so "reachable" here is exactly "a search
/// finds a path". Regions depend on the movement only through
/// [`Movement::EightThroughGaps`]: it steps diagonally between two blocked cells, and so joins
/// cells that touch only at such a corner. [`Movement::Four`], [`Movement::Eight`] and
/// [`Movement::EightCuttingCorners`] have the same regions, since every diagonal step they
/// allow passes beside a free cell, through which two orthogonal steps join its ends; regions
/// built for any of the three check queries of all three.
///
/// # Keeping them up to date
///
/// A grid does not tell its regions of a change: make the change through
/// [`set_free`](Self::set_free) (for a [`Grid`]), or make it on the grid and report the cell
/// with [`cell_changed`](Self::cell_changed) (for either kind of grid). A freed cell joins the
/// regions around it; a blocked cell may split its region, which is then repaired by floods
/// that stop as soon as the pieces are known (see [`cell_changed`](Self::cell_changed) for the
/// costs). A change of cost on a [`WeightedGrid`](super::WeightedGrid) between two free
/// costs changes no region and needs no report.
///
/// A change that is not reported leaves the regions *stale*: the O(1) answers
/// ([`region`](Self::region), [`same_region`](Self::same_region),
/// [`reachable`](Self::reachable)) then describe the grid as it was. A [`Grid`] names its
/// changes with its [`revision`](Grid::revision), and a
/// [`WeightedGrid`](super::WeightedGrid) counts the cells that turned from a wall to a cost or
/// back; [`is_current`](Self::is_current) compares that with the changes the regions were
/// told of: the methods given the grid or a query on it ([`check`](Self::check),
/// [`astar`](Self::astar), [`nearest`](Self::nearest),
/// [`astar_to_nearest`](Self::astar_to_nearest)) use the regions only while they are current,
/// and search or flood the grid as it is otherwise, so they never answer wrongly; and the next
/// [`cell_changed`](Self::cell_changed) rebuilds stale regions whole. A [`Grid`]'s revision
/// also names the grid, so regions are never current for another grid (a clone included); a
/// weighted grid's count cannot tell one grid from another of the same size: regions describe
/// the grid they were built from.
///
/// # Per-query blocked cells
///
/// A query that forbids cells of its own (units standing in the way) can only lose paths: the
/// regions' "unreachable" stays true for it, but their "reachable" is only a precheck, which
/// the search itself settles.
///
/// # Memory
///
/// Four bytes a cell for the labels, four more a cell once a blocked cell has needed a flood
/// to repair its region, and the floods' queues.
///
/// # Example
///
/// A map split by a wall; a unit asked to go across it walks to the wall instead, until a door
/// opens.
///
/// ```
/// use informed::grid::{Cell, Grid, Movement, Regions};
///
/// let mut grid = Grid::from_ascii(
///     "....#....\n\
///      ....#....\n\
///      ....#....",
/// )?;
/// let mut regions = Regions::build(&grid, Movement::Eight);
/// let (start, goal) = (Cell::new(0, 1), Cell::new(8, 1));
/// assert!(!regions.reachable(start, goal));
///
/// // "No path" at once: A* expands nothing.
/// let problem = grid.problem(start, goal, Movement::Eight)?;
/// let error = regions.astar(&problem).unwrap_err();
/// assert!(error.is_no_path());
/// assert_eq!(error.stats().expanded, 0);
///
/// // Or as near as the unit can get: the cell before the wall.
/// let solution = regions.astar_to_nearest(&grid, start, goal)?;
/// assert_eq!(solution.goal(), &Cell::new(3, 1));
///
/// // A door opens, through the regions, which repair themselves.
/// regions.set_free(&mut grid, Cell::new(4, 2), true);
/// assert!(regions.reachable(start, goal));
/// let problem = grid.problem(start, goal, Movement::Eight)?;
/// assert_eq!(regions.astar(&problem)?.goal(), &goal);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Regions {
    width: u32,
    height: u32,
    movement: Movement,
    /// Each cell's region, row-major; [`NONE`] for a blocked cell.
    labels: Vec<u32>,
    /// The number of cells of each region; 0 for a number not in use.
    sizes: Vec<usize>,
    /// The numbers not in use, given to the next regions made.
    spare: Vec<u32>,
    /// Where the grid's free and blocked cells stood as of the last change applied.
    seen: Stamp,
    scratch: Scratch,
}

/// The buffers of the repairs, kept between them.
#[derive(Clone, Default)]
struct Scratch {
    /// Which flood reached each cell: `stamp + flood` for the repair under way, below `stamp`
    /// for older ones (so that a repair need not clear them). Empty until a repair floods.
    marks: Vec<u32>,
    stamp: u32,
    /// The cells each flood of a repair has reached, in order: its queue and its piece.
    floods: Vec<Vec<usize>>,
    /// The stack of a relabelling flood, and the queue of a build.
    stack: Vec<usize>,
}

/// At most this many floods run at once: a cell has eight neighbours.
const MAX_FLOODS: u32 = 8;

impl Regions {
    /// The regions of `grid` (a [`Grid`] or a [`WeightedGrid`](super::WeightedGrid)) under
    /// `movement`.
    ///
    /// # Arguments
    ///
    /// - `grid`: the map. The regions describe it as it is now; tell them of every later
    ///   change (see [Keeping them up to date](Self#keeping-them-up-to-date)).
    /// - `movement`: the steps allowed. A query with another movement is checked only if it
    ///   joins no cells that this one keeps apart (see [`check`](Self::check)).
    ///
    /// # Complexity
    ///
    /// **O(cells)** time, one breadth-first flood over each region (no recursion); four bytes
    /// a cell, and the largest region's cells as the flood's queue while it runs.
    ///
    /// # Panics
    ///
    /// Panics if the grid has 2³² − 1 regions or more (a grid of over eight billion cells).
    ///
    /// # Example
    ///
    /// Two pockets that touch only at a corner: apart under [`Movement::Eight`], one region
    /// when corners may be cut.
    ///
    /// ```
    /// use informed::grid::{Cell, Grid, Movement, Regions};
    ///
    /// let grid = Grid::from_ascii(".#\n#.")?;
    /// let strict = Regions::build(&grid, Movement::Eight);
    /// let cutting = Regions::build(&grid, Movement::EightThroughGaps);
    /// assert_eq!((strict.count(), cutting.count()), (2, 1));
    /// assert!(cutting.same_region(Cell::new(0, 0), Cell::new(1, 1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn build<M: GridMap>(grid: &M, movement: Movement) -> Self {
        let mut regions = Regions {
            width: 0,
            height: 0,
            movement,
            labels: Vec::new(),
            sizes: Vec::new(),
            spare: Vec::new(),
            seen: grid.map().stamp(),
            scratch: Scratch::default(),
        };
        regions.rebuild(grid);
        regions
    }

    /// Labels `grid` afresh, keeping the movement and reusing the buffers: after changes that
    /// were not reported, or on another grid (of any size).
    ///
    /// # Complexity
    ///
    /// **O(cells)**, as [`build`](Self::build).
    ///
    /// # Panics
    ///
    /// As [`build`](Self::build).
    pub fn rebuild<M: GridMap>(&mut self, grid: &M) {
        let map = grid.map();
        self.width = map.width();
        self.height = map.height();
        self.seen = map.stamp();
        self.labels.clear();
        self.labels.resize(map.cells(), NONE);
        self.sizes.clear();
        self.spare.clear();
        self.scratch.marks.clear();
        self.scratch.stamp = 0;
        let mut queue = std::mem::take(&mut self.scratch.stack);
        for index in 0..self.labels.len() {
            if self.labels[index] != NONE || !map.is_free(map.cell(index)) {
                continue;
            }
            let id = self.new_id(0);
            self.labels[index] = id;
            queue.clear();
            queue.push(index);
            let mut head = 0;
            while let Some(&next) = queue.get(head) {
                head += 1;
                let labels = &mut self.labels;
                map.for_each_neighbour(map.cell(next), self.movement, |cell| {
                    let index = map.index(cell);
                    if labels[index] == NONE {
                        labels[index] = id;
                        queue.push(index);
                    }
                });
            }
            self.sizes[id as usize] = queue.len();
        }
        self.scratch.stack = queue;
    }

    /// The movement the regions were built for.
    pub fn movement(&self) -> Movement {
        self.movement
    }

    /// The region of `cell`, or `None` for a blocked cell or one outside the grid.
    ///
    /// Computes in **O(1)**: a lookup.
    #[inline]
    pub fn region(&self, cell: Cell) -> Option<Region> {
        if cell.x >= self.width || cell.y >= self.height {
            return None;
        }
        let index = cell.y as usize * self.width as usize + cell.x as usize;
        match self.labels[index] {
            NONE => None,
            label => Some(Region(label)),
        }
    }

    /// Whether `a` and `b` are free cells of the same region: whether a path joins them.
    ///
    /// Computes in **O(1)**.
    #[inline]
    pub fn same_region(&self, a: Cell, b: Cell) -> bool {
        match (self.region(a), self.region(b)) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        }
    }

    /// Whether a path leads from `start` to `goal` under the regions' movement: both free and
    /// in the same region ([`same_region`](Self::same_region)). `false` for a blocked start or
    /// goal.
    ///
    /// Computes in **O(1)**. Answers for the grid as the regions last saw it (see
    /// [`is_current`](Self::is_current)).
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Cell, Grid, Movement, Regions};
    ///
    /// let grid = Grid::from_ascii("..#..\n..#..")?;
    /// let regions = Regions::build(&grid, Movement::Four);
    /// assert!(regions.reachable(Cell::new(0, 0), Cell::new(1, 1)));
    /// assert!(!regions.reachable(Cell::new(0, 0), Cell::new(4, 1)));
    /// assert!(!regions.reachable(Cell::new(0, 0), Cell::new(2, 0))); // a wall
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn reachable(&self, start: Cell, goal: Cell) -> bool {
        self.same_region(start, goal)
    }

    /// The number of regions.
    pub fn count(&self) -> usize {
        self.sizes.len() - self.spare.len()
    }

    /// The number of cells of `region` (0 for a region that no longer exists).
    pub fn size(&self, region: Region) -> usize {
        self.sizes.get(region.index()).copied().unwrap_or(0)
    }

    /// Whether the regions describe `grid` as it is: it has their size, and no cell of it
    /// turned from free to blocked or back since they were built, except those they were told
    /// of.
    ///
    /// Computes in **O(1)**: a [`Grid`] compares its [`revision`](Grid::revision), which also
    /// names the grid (regions of one grid are not current for another, a clone included); a
    /// [`WeightedGrid`](super::WeightedGrid) compares its count of cells turned from a wall to
    /// a cost or back, which does not tell one grid from another of the same size.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Cell, Grid, Movement, Regions};
    ///
    /// let mut grid = Grid::new(4, 4);
    /// let mut regions = Regions::build(&grid, Movement::Four);
    /// regions.set_free(&mut grid, Cell::new(1, 1), false);
    /// assert!(regions.is_current(&grid));
    /// grid.set_free(Cell::new(2, 2), false); // not reported
    /// assert!(!regions.is_current(&grid));
    /// regions.cell_changed(&grid, Cell::new(2, 2));
    /// assert!(regions.is_current(&grid));
    /// ```
    pub fn is_current<M: GridMap>(&self, grid: &M) -> bool {
        self.is_current_map(grid.map())
    }

    fn is_current_map(&self, map: MapRef<'_>) -> bool {
        (map.width(), map.height()) == (self.width, self.height) && map.stamp() == self.seen
    }

    /// Blocks (`free = false`) or frees `cell` of `grid` and repairs the regions: the way to
    /// change a [`Grid`] that has regions.
    ///
    /// # Complexity
    ///
    /// That of [`cell_changed`](Self::cell_changed).
    ///
    /// # Panics
    ///
    /// Panics if `cell` is outside the grid (as [`Grid::set_free`] does).
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Cell, Grid, Movement, Regions};
    ///
    /// let mut grid = Grid::new(3, 3);
    /// let mut regions = Regions::build(&grid, Movement::Four);
    /// for y in 0..3 {
    ///     regions.set_free(&mut grid, Cell::new(1, y), false);
    /// }
    /// assert_eq!(regions.count(), 2);
    /// regions.set_free(&mut grid, Cell::new(1, 1), true);
    /// assert_eq!(regions.count(), 1);
    /// ```
    pub fn set_free(&mut self, grid: &mut Grid, cell: Cell, free: bool) {
        grid.set_free(cell, free);
        self.cell_changed(grid, cell);
    }

    /// Repairs the regions after `cell` of `grid` turned from free to blocked or back (on a
    /// [`WeightedGrid`](super::WeightedGrid): from a wall to a cost or back). Reporting a cell
    /// that did not change, or reporting a change twice, does nothing.
    ///
    /// # Complexity
    ///
    /// - A freed cell joins the regions of its neighbours: **O(1)** when it has at most one,
    ///   otherwise the cells of all but the largest are relabelled, **O(the smaller regions'
    ///   cells)**.
    /// - A blocked cell: **O(1)** when its free neighbours stay joined through the eight cells
    ///   around it (the common case in open ground). Otherwise a breadth-first flood starts
    ///   from each side (at most eight), all in step, and they stop when they have met (no
    ///   split: the cost is that of the detour they find) or when all but one have run out of
    ///   cells (a split: about eight times the cells of the pieces cut off, which get new
    ///   regions; the largest piece keeps its region unrelabelled). At worst **O(the region's
    ///   cells)**.
    /// - Stale regions (a change was made that they were not told of, see
    ///   [`is_current`](Self::is_current)), or a grid of another size: rebuilt,
    ///   **O(cells)**.
    ///
    /// # Panics
    ///
    /// Panics if `cell` is outside the grid.
    ///
    /// # Example
    ///
    /// Walls dropped on a [`WeightedGrid`](super::WeightedGrid), reported one by one:
    ///
    /// ```
    /// use informed::grid::{Cell, Movement, Regions, WeightedGrid};
    ///
    /// let mut grid = WeightedGrid::from_ascii("1111\n1991\n1111")?;
    /// let mut regions = Regions::build(&grid, Movement::Eight);
    /// for wall in [Cell::new(2, 0), Cell::new(2, 1), Cell::new(2, 2)] {
    ///     grid.set_wall(wall);
    ///     regions.cell_changed(&grid, wall);
    /// }
    /// assert!(!regions.reachable(Cell::new(0, 0), Cell::new(3, 0)));
    /// assert_eq!(regions.count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cell_changed<M: GridMap>(&mut self, grid: &M, cell: Cell) {
        let map = grid.map();
        assert!(
            map.contains(cell),
            "Regions::cell_changed: {cell} is outside the {}×{} grid",
            map.width(),
            map.height()
        );
        if (map.width(), map.height()) != (self.width, self.height) {
            return self.rebuild(grid);
        }
        let index = map.index(cell);
        let free = map.is_free(cell);
        if free == (self.labels[index] != NONE) {
            // Nothing to repair here; but if the grid changed elsewhere unseen, start afresh.
            if map.stamp() != self.seen {
                self.rebuild(grid);
            }
            return;
        }
        // This cell's change is the only one since the last: anything else is a change missed.
        if !map.only_change_since(self.seen, cell) {
            return self.rebuild(grid);
        }
        if free {
            self.join(map, index);
        } else {
            self.split(map, index);
        }
        self.seen = map.stamp();
    }

    /// A number for a new region of `size` cells.
    fn new_id(&mut self, size: usize) -> u32 {
        if let Some(id) = self.spare.pop() {
            self.sizes[id as usize] = size;
            return id;
        }
        let id = u32::try_from(self.sizes.len())
            .ok()
            .filter(|&id| id != NONE)
            .expect("a grid has fewer than 2^32 - 1 regions");
        self.sizes.push(size);
        id
    }

    fn release(&mut self, id: u32) {
        self.sizes[id as usize] = 0;
        self.spare.push(id);
    }

    /// The blocked cell `index` was freed: joins the regions of its neighbours.
    fn join(&mut self, map: MapRef<'_>, index: usize) {
        // The neighbours' regions, each with one of its cells: those a step from the new cell.
        // A step that the new cell makes possible between two other cells (a diagonal past its
        // corner) joins two of its own neighbours, so these are all the regions it joins.
        let mut around: SmallVec<[(u32, usize); 8]> = SmallVec::new();
        let labels = &self.labels;
        map.for_each_neighbour(map.cell(index), self.movement, |cell| {
            let next = map.index(cell);
            let label = labels[next];
            if label != NONE && around.iter().all(|&(id, _)| id != label) {
                around.push((label, next));
            }
        });
        let Some(&(target, _)) = around
            .iter()
            .max_by_key(|&&(id, _)| self.sizes[id as usize])
        else {
            let id = self.new_id(1);
            self.labels[index] = id;
            return;
        };
        self.labels[index] = target;
        self.sizes[target as usize] += 1;
        for &(id, from) in &around {
            if id != target {
                let moved = self.relabel(map, from, id, target);
                self.sizes[target as usize] += moved;
                self.release(id);
            }
        }
    }

    /// Gives every cell of region `old` joined to `from` the label `new`; returns their number.
    fn relabel(&mut self, map: MapRef<'_>, from: usize, old: u32, new: u32) -> usize {
        let mut stack = std::mem::take(&mut self.scratch.stack);
        stack.clear();
        self.labels[from] = new;
        stack.push(from);
        let mut moved = 1;
        while let Some(next) = stack.pop() {
            let labels = &mut self.labels;
            map.for_each_neighbour(map.cell(next), self.movement, |cell| {
                let index = map.index(cell);
                if labels[index] == old {
                    labels[index] = new;
                    stack.push(index);
                    moved += 1;
                }
            });
        }
        self.scratch.stack = stack;
        moved
    }

    /// The free cell `index` was blocked: splits its region if it held it together.
    fn split(&mut self, map: MapRef<'_>, index: usize) {
        let region = self.labels[index];
        self.labels[index] = NONE;
        let size = &mut self.sizes[region as usize];
        *size = size.saturating_sub(1);
        if *size == 0 {
            return self.release(region);
        }
        // The steps lost are the blocked cell's and the diagonals past its corners: all
        // between cells of the 3×3 square around it. Each piece the region may fall into holds
        // one of the square's free cells.
        let cell = map.cell(index);
        let mut around: SmallVec<[usize; 8]> = SmallVec::new();
        for y in cell.y.saturating_sub(1)..=cell.y.saturating_add(1) {
            for x in cell.x.saturating_sub(1)..=cell.x.saturating_add(1) {
                let next = Cell::new(x, y);
                if next != cell && map.contains(next) && self.labels[map.index(next)] == region {
                    around.push(map.index(next));
                }
            }
        }
        // Those that stay joined by steps inside the square need no flood to say so.
        let mut parent: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
        for (i, &from) in around.iter().enumerate() {
            map.for_each_neighbour(map.cell(from), self.movement, |next| {
                let next = map.index(next);
                if let Some(j) = around.iter().position(|&cell| cell == next) {
                    union(&mut parent, i, j);
                }
            });
        }
        let sides: SmallVec<[usize; 8]> = (0..around.len())
            .filter(|&i| find(&mut parent, i) == i)
            .map(|i| around[i])
            .collect();
        if sides.len() > 1 {
            self.separate(map, region, &sides);
        }
    }

    /// Floods from each of `sides` (cells of `region`, at most eight) in step, until the
    /// floods have all met or all but one have run out; gives each piece that ran out, but the
    /// largest if all did, a region of its own.
    fn separate(&mut self, map: MapRef<'_>, region: u32, sides: &[usize]) {
        let floods = sides.len();
        let scratch = &mut self.scratch;
        if scratch.marks.len() != self.labels.len() {
            scratch.marks.clear();
            scratch.marks.resize(self.labels.len(), 0);
            scratch.stamp = 0;
        }
        if scratch.stamp > u32::MAX - 2 * MAX_FLOODS {
            scratch.marks.fill(0);
            scratch.stamp = 0;
        }
        scratch.stamp += MAX_FLOODS;
        let stamp = scratch.stamp;
        if scratch.floods.len() < floods {
            scratch.floods.resize_with(floods, Vec::new);
        }
        let mut heads = [0usize; MAX_FLOODS as usize];
        let mut parent: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
        for (flood, &side) in sides.iter().enumerate() {
            scratch.marks[side] = stamp + flood as u32;
            scratch.floods[flood].clear();
            scratch.floods[flood].push(side);
        }
        loop {
            for (flood, head) in heads.iter_mut().enumerate().take(floods) {
                let Some(&next) = scratch.floods[flood].get(*head) else {
                    continue;
                };
                *head += 1;
                let (marks, queue) = (&mut scratch.marks, &mut scratch.floods[flood]);
                map.for_each_neighbour(map.cell(next), self.movement, |cell| {
                    let index = map.index(cell);
                    let mark = marks[index];
                    if (stamp..stamp + MAX_FLOODS).contains(&mark) {
                        union(&mut parent, flood, (mark - stamp) as usize);
                    } else {
                        marks[index] = stamp + flood as u32;
                        queue.push(index);
                    }
                });
            }
            // A piece is whole when every flood of its group has run out of cells.
            let mut groups = 0;
            let mut running = 0;
            for root in 0..floods {
                if find(&mut parent, root) != root {
                    continue;
                }
                groups += 1;
                let runs = (0..floods).any(|flood| {
                    find(&mut parent, flood) == root && heads[flood] < scratch.floods[flood].len()
                });
                running += usize::from(runs);
            }
            if groups == 1 {
                return; // all met: no split
            }
            if running <= 1 {
                break;
            }
        }
        // Every group that ran out is a whole piece; the one still running (or else the
        // largest) keeps the region's number.
        let cells_of = |parent: &mut [usize; 8], root: usize, floods_done: &[Vec<usize>]| {
            (0..floods)
                .filter(|&flood| find(parent, flood) == root)
                .map(|flood| floods_done[flood].len())
                .sum::<usize>()
        };
        let roots: SmallVec<[usize; 8]> = (0..floods)
            .filter(|&flood| find(&mut parent, flood) == flood)
            .collect();
        let keep = roots
            .iter()
            .copied()
            .find(|&root| {
                (0..floods).any(|flood| {
                    find(&mut parent, flood) == root && heads[flood] < scratch.floods[flood].len()
                })
            })
            .or_else(|| {
                roots
                    .iter()
                    .copied()
                    .max_by_key(|&root| cells_of(&mut parent, root, &scratch.floods))
            });
        for &root in &roots {
            if Some(root) == keep {
                continue;
            }
            let cells = cells_of(&mut parent, root, &self.scratch.floods);
            let id = self.new_id(cells);
            let size = &mut self.sizes[region as usize];
            *size = size.saturating_sub(cells);
            for flood in 0..floods {
                if find(&mut parent, flood) == root {
                    for &index in &self.scratch.floods[flood] {
                        self.labels[index] = id;
                    }
                }
            }
        }
    }

    /// Whether a query moving by `movement` joins no cells that the regions keep apart, so that
    /// cells apart in the regions are apart for it.
    fn covers(&self, movement: Movement) -> bool {
        // Four, Eight and EightCuttingCorners join the same cells (see the type's docs);
        // EightThroughGaps joins more.
        let through_gaps = |movement| movement == Movement::EightThroughGaps;
        !through_gaps(movement) || through_gaps(self.movement)
    }

    /// The precheck before a search: `NoPath`, with no work done, if the query's goal cannot
    /// be reached from its start; `Ok` if it may be.
    ///
    /// The regions answer only when they can do so rightly: while they are current for the
    /// query's grid ([`is_current`](Self::is_current)) and the query's movement joins no cells
    /// that theirs keeps apart (regions of [`Movement::EightThroughGaps`] check queries of
    /// every movement; the others check all but [`Movement::EightThroughGaps`]). Otherwise
    /// `Ok`, and the search decides.
    ///
    /// # Errors
    ///
    /// [`SearchError::NoPath`] with no cost bound and zero [`Stats`] when the start and the
    /// goal are in different regions.
    ///
    /// # Complexity
    ///
    /// **O(1)**.
    ///
    /// # Example
    ///
    /// Any search, behind the regions' check:
    ///
    /// ```
    /// use informed::grid::{Cell, Grid, Movement, Regions};
    ///
    /// let grid = Grid::from_ascii("..#..\n..#..")?;
    /// let regions = Regions::build(&grid, Movement::Four);
    /// let problem = grid.problem(Cell::new(0, 0), Cell::new(4, 0), Movement::Four)?;
    /// let answer = regions.check(&problem).and_then(|()| informed::bfs(&problem));
    /// assert_eq!(answer.unwrap_err().stats().generated, 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check<'g, Q: GridQuery<'g>>(&self, problem: &Q) -> Result<(), SearchError<Cell, f64>> {
        let query = problem.query();
        if self.is_current_map(query.map())
            && self.covers(query.movement())
            && !self.same_region(query.start(), query.goal())
        {
            return Err(SearchError::NoPath {
                cost_bound: None,
                stats: Stats::default(),
            });
        }
        Ok(())
    }

    /// A* on `problem` (a [`GridProblem`](super::GridProblem) or a
    /// [`WeightedGridProblem`](super::WeightedGridProblem)) behind the regions'
    /// [`check`](Self::check): an unreachable goal is answered with no cell expanded.
    ///
    /// The heuristic is the one made for the movement: the Manhattan distance for
    /// [`Movement::Four`], the octile distance otherwise (scaled by the least cost on a
    /// weighted grid).
    ///
    /// # Returns
    ///
    /// A least-cost path, as [`astar_with`](crate::astar_with) returns it.
    ///
    /// # Errors
    ///
    /// [`SearchError::NoPath`] with zero [`Stats`] from the check, or with the search's when
    /// the check could not answer (stale regions, another movement).
    ///
    /// # Complexity
    ///
    /// **O(1)** for an unreachable goal; A*'s otherwise.
    ///
    /// # Example
    ///
    /// See [`Regions`].
    pub fn astar<'g, Q: GridQuery<'g>>(
        &self,
        problem: &Q,
    ) -> Result<Solution<Cell, f64>, SearchError<Cell, f64>> {
        self.check(problem)?;
        search(problem.query())
    }

    /// The cell of `start`'s region nearest `goal`: `goal` itself when it can be reached, and
    /// otherwise, for a goal that is blocked or cut off, the cell to walk to instead.
    ///
    /// "Nearest" is by the movement's own distance on an open grid: the Manhattan distance
    /// |dx| + |dy| for [`Movement::Four`], the octile distance max(dx, dy) + (√2 − 1)·min(dx,
    /// dy) otherwise, to `goal`, walls ignored. Of cells equally near, the first in row-major
    /// order (least `y`, then least `x`).
    ///
    /// Stale regions (see [`is_current`](Self::is_current)) are not trusted: the cells are
    /// labelled afresh for the call.
    ///
    /// # Errors
    ///
    /// [`GridErrorKind::OutOfBounds`] if `start` or `goal` is outside the grid,
    /// [`GridErrorKind::Blocked`] if `start` is blocked. A blocked `goal` is no error here.
    ///
    /// # Complexity
    ///
    /// **O(d²)**, d the distance from `goal` to the answer (the cells around `goal` are
    /// looked at in growing squares); **O(cells)** more when the regions are stale.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::grid::{Cell, Grid, Movement, Regions};
    ///
    /// let grid = Grid::from_ascii(
    ///     "......\n\
    ///      ..###.\n\
    ///      ..#.#.\n\
    ///      ..###.",
    /// )?;
    /// let regions = Regions::build(&grid, Movement::Four);
    /// // The goal is walled in: the nearest cell outside, first in row-major order.
    /// let nearest = regions.nearest(&grid, Cell::new(0, 0), Cell::new(3, 2))?;
    /// assert_eq!(nearest, Cell::new(3, 0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn nearest<M: GridMap>(
        &self,
        grid: &M,
        start: Cell,
        goal: Cell,
    ) -> Result<Cell, GridError> {
        let map = grid.map();
        for (role, cell) in [("start", start), ("goal", goal)] {
            if !map.contains(cell) {
                return Err(GridError::new(GridErrorKind::OutOfBounds {
                    role,
                    cell,
                    width: map.width(),
                    height: map.height(),
                }));
            }
        }
        if !map.is_free(start) {
            return Err(GridError::new(GridErrorKind::Blocked {
                role: "start",
                cell: start,
            }));
        }
        let fresh;
        let regions = if self.is_current_map(map) {
            self
        } else {
            fresh = Regions::build(grid, self.movement);
            &fresh
        };
        // The start is free and labelled, so its region holds at least the start: the search
        // below finds a cell (the start, failing any nearer one).
        let region = regions.labels[map.index(start)];
        Ok(regions.nearest_in(region, goal).unwrap_or(start))
    }

    /// The cell of `region` nearest `goal` (as [`nearest`](Self::nearest) defines it), looking
    /// in squares of growing radius around `goal` until no farther cell can be nearer.
    fn nearest_in(&self, region: u32, goal: Cell) -> Option<Cell> {
        let (width, height) = (i64::from(self.width), i64::from(self.height));
        let label = |x: i64, y: i64| self.labels[(y * width + x) as usize];
        let (gx, gy) = (i64::from(goal.x), i64::from(goal.y));
        if label(gx, gy) == region {
            return Some(goal);
        }
        let distance = |cell: Cell| match self.movement {
            Movement::Four => Manhattan::to(goal).estimate(&cell),
            _ => Octile::to(goal).estimate(&cell),
        };
        let mut best: Option<(f64, Cell)> = None;
        let consider = |x: i64, y: i64, best: &mut Option<(f64, Cell)>| {
            if x < 0 || y < 0 || x >= width || y >= height || label(x, y) != region {
                return;
            }
            let cell = Cell::new(x as u32, y as u32);
            let d = distance(cell);
            // Both distances are exact multiples of 2^-32, so equal distances compare equal.
            let better = best.is_none_or(|(least, at)| {
                d < least || (d == least && (cell.y, cell.x) < (at.y, at.x))
            });
            if better {
                *best = Some((d, cell));
            }
        };
        for r in 1..=width.max(height) {
            // Every cell of the square of radius r lies at least r away by either distance.
            if best.is_some_and(|(least, _)| r as f64 > least) {
                break;
            }
            for x in (gx - r).max(0)..=(gx + r).min(width - 1) {
                consider(x, gy - r, &mut best);
                consider(x, gy + r, &mut best);
            }
            for y in (gy - r + 1).max(0)..=(gy + r - 1).min(height - 1) {
                consider(gx - r, y, &mut best);
                consider(gx + r, y, &mut best);
            }
        }
        best.map(|(_, cell)| cell)
    }

    /// A* from `start` to the [`nearest`](Self::nearest) cell to `goal` that can be reached:
    /// to `goal` itself when it can be, otherwise as near it as `start`'s region goes. One call
    /// for "walk towards where the player clicked", wherever that is.
    ///
    /// A goal on a blocked cell stays an error for [`Grid::problem`]: this is the call that
    /// accepts one.
    ///
    /// # Errors
    ///
    /// [`NearestError::Grid`] with [`nearest`](Self::nearest)'s errors (a start outside the
    /// grid or blocked, a goal outside the grid); [`NearestError::Search`] only if the
    /// regions, current by their count, describe another grid than `grid`.
    ///
    /// # Complexity
    ///
    /// That of [`nearest`](Self::nearest), then A* (heuristic as for [`astar`](Self::astar)).
    ///
    /// # Example
    ///
    /// See [`Regions`].
    pub fn astar_to_nearest<M: GridMap>(
        &self,
        grid: &M,
        start: Cell,
        goal: Cell,
    ) -> Result<Solution<Cell, f64>, NearestError> {
        let target = self.nearest(grid, start, goal)?;
        let query = match grid.map() {
            MapRef::Uniform(grid) => Query::Uniform(grid.problem(start, target, self.movement)?),
            MapRef::Weighted(grid) => {
                Query::Weighted(grid.problem(start, target, self.movement)?)
            }
        };
        Ok(search(query)?)
    }
}

/// A* on `query` with the heuristic made for its movement.
fn search(query: Query<'_>) -> Result<Solution<Cell, f64>, SearchError<Cell, f64>> {
    let four = query.movement() == Movement::Four;
    match query {
        Query::Uniform(problem) if four => astar_with(&problem, problem.manhattan()),
        Query::Uniform(problem) => astar_with(&problem, problem.octile()),
        Query::Weighted(problem) if four => astar_with(&problem, problem.manhattan()),
        Query::Weighted(problem) => astar_with(&problem, problem.octile()),
    }
}

fn find(parent: &mut [usize; 8], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

fn union(parent: &mut [usize; 8], a: usize, b: usize) {
    let (a, b) = (find(parent, a), find(parent, b));
    parent[a.max(b)] = a.min(b);
}

/// A summary: the movement, the size and the number of regions (the labels would be a cell
/// each).
impl fmt::Debug for Regions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Regions")
            .field("movement", &self.movement)
            .field("width", &self.width)
            .field("height", &self.height)
            .field("count", &self.count())
            .finish_non_exhaustive()
    }
}

/// Why [`Regions::astar_to_nearest`] found no path.
#[derive(Debug)]
#[non_exhaustive]
pub enum NearestError {
    /// The start is outside the grid or blocked, or the goal outside the grid.
    Grid(GridError),
    /// The search failed: only when the regions describe another grid of the same size.
    Search(SearchError<Cell, f64>),
}

impl fmt::Display for NearestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NearestError::Grid(error) => error.fmt(f),
            NearestError::Search(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for NearestError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NearestError::Grid(error) => Some(error),
            NearestError::Search(error) => Some(error),
        }
    }
}

impl From<GridError> for NearestError {
    fn from(error: GridError) -> Self {
        NearestError::Grid(error)
    }
}

impl From<SearchError<Cell, f64>> for NearestError {
    fn from(error: SearchError<Cell, f64>) -> Self {
        NearestError::Search(error)
    }
}
