//! No heap allocation per expansion in steady state: a search's allocation count grows only
//! with the amortised doubling of its table, heap and buffers — logarithmically in the number
//! of expansions — never in proportion to it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use informed::grid::{Cell as GridCell, Grid, Movement};
use informed::puzzle::SlidingPuzzle;
use informed::{NodeTable, OpenSet, Search};

/// Counts allocations (and reallocations) made by threads that switched counting on.
struct Counting;

// Per thread, so that tests running side by side do not count each other's allocations.
thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    static BYTES: Cell<u64> = const { Cell::new(0) };
}

fn count(bytes: usize) {
    if COUNTING.with(Cell::get) {
        ALLOCATIONS.with(|a| a.set(a.get() + 1));
        BYTES.with(|b| b.set(b.get() + bytes as u64));
    }
}

// The crate denies `unsafe`; a global allocator cannot be written without it. This one is a
// forwarding wrapper, used only by this test binary, and exercised by every test in it.
// SAFETY: every call is forwarded unchanged to the system allocator; counting only reads and
// bumps thread-local cells with constant initialisers, which does not allocate.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        // SAFETY: the caller upholds `alloc`'s contract, which we pass on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The allocations `run` makes on this thread, and what it returns.
fn allocations<T>(run: impl FnOnce() -> T) -> (u64, T) {
    let (count, _, result) = measured(run);
    (count, result)
}

/// The allocations `run` makes on this thread, the bytes they ask for, and what it returns.
fn measured<T>(run: impl FnOnce() -> T) -> (u64, u64, T) {
    ALLOCATIONS.with(|a| a.set(0));
    BYTES.with(|b| b.set(0));
    COUNTING.with(|c| c.set(true));
    let result = run();
    COUNTING.with(|c| c.set(false));
    (ALLOCATIONS.with(Cell::get), BYTES.with(Cell::get), result)
}

/// Each growable buffer (node table, hash index, heap, heap positions, path)
/// doubles a logarithmic number of times; a search may allocate that, plus a constant.
fn amortised_bound(expanded: u64) -> u64 {
    let doublings = 64 - expanded.max(1).leading_zeros() as u64;
    8 * doublings + 16
}

#[test]
fn searches_do_not_allocate_per_expansion() {
    let mut previous: Option<(u64, u64)> = None;
    for size in [32u32, 64, 128, 256, 512] {
        let grid = Grid::new(size, size);
        let problem = grid
            .problem(
                GridCell::new(0, 0),
                GridCell::new(size - 1, size - 1),
                Movement::Eight,
            )
            .unwrap();
        for open_set in [
            OpenSet::Auto,
            OpenSet::BinaryHeap,
            OpenSet::QuaternaryHeap,
            OpenSet::LazyHeap,
        ] {
            let (hashed, solution) = allocations(|| {
                Search::new(&problem)
                    .open_set(open_set)
                    .node_table(NodeTable::Hashed)
                    .dijkstra()
                    .unwrap()
            });
            let expanded = solution.stats().expanded;
            assert!(
                hashed <= amortised_bound(expanded),
                "{size}×{size} {open_set:?}: {hashed} allocations for {expanded} expansions"
            );
            let (dense, _) =
                allocations(|| Search::new(&problem).open_set(open_set).dijkstra().unwrap());
            assert!(
                dense <= amortised_bound(expanded),
                "dense {size}×{size}: {dense} allocations"
            );
            if open_set == OpenSet::QuaternaryHeap {
                if let Some((earlier_allocations, earlier_expanded)) = previous {
                    // Four times the expansions may add a few doublings, never four times the
                    // allocations.
                    assert!(expanded >= 3 * earlier_expanded);
                    assert!(
                        hashed <= earlier_allocations + 24,
                        "{earlier_allocations} → {hashed}"
                    );
                }
                previous = Some((hashed, expanded));
            }
        }
    }
}

#[test]
fn puzzle_searches_do_not_allocate_per_expansion() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let conflict = puzzle.linear_conflict();
    for seed in 0..20 {
        let problem = puzzle.problem(puzzle.random_board(seed)).unwrap();
        let (count, solution) = allocations(|| informed::astar_with(&problem, &conflict).unwrap());
        let expanded = solution.stats().expanded;
        assert!(
            count <= amortised_bound(expanded),
            "seed {seed}: {count} allocations for {expanded} expansions"
        );
    }
}

/// A short search on a map of 4,096² cells: the dense table allocates for the pages it touches,
/// not a slot for every cell (which was 64 MiB, zeroed again for every search).
#[test]
fn a_short_dense_search_allocates_for_what_it_touches() {
    let grid = Grid::new(4096, 4096);
    let problem = grid
        .problem(
            GridCell::new(2000, 2000),
            GridCell::new(2002, 2000),
            Movement::Four,
        )
        .unwrap();
    let (_, bytes, solution) =
        measured(|| informed::astar_with(&problem, problem.manhattan()).unwrap());
    assert_eq!(solution.cost(), 2.0);
    assert!(
        bytes < 512 * 1024,
        "{bytes} bytes for {} expansions",
        solution.stats().expanded
    );
}

/// A user's own grid: `(x, y)` states with no numbering, so that the table hashes them.
struct Open {
    size: u32,
    goal: (u32, u32),
    start: (u32, u32),
}

impl informed::SearchProblem for Open {
    type State = (u32, u32);
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = (u32, u32)> {
        [self.start]
    }

    fn is_goal(&self, state: &(u32, u32)) -> bool {
        *state == self.goal
    }

    fn successors(&self, &(x, y): &(u32, u32)) -> impl IntoIterator<Item = ((u32, u32), u32)> {
        [
            (x + 1, y),
            (x.wrapping_sub(1), y),
            (x, y + 1),
            (x, y.wrapping_sub(1)),
        ]
        .into_iter()
        .filter(|&(nx, ny)| nx < self.size && ny < self.size)
        .map(|next| (next, 1))
    }
}

/// A reusable searcher answering a thousand short queries on one map allocates nothing after
/// the first ones have grown its table, heap and buffers, the path included (written into a
/// vector of the caller's). Dense (grid cells) and hashed (a user's `(x, y)`) alike.
#[test]
fn a_reused_searcher_allocates_nothing_after_the_first_queries() {
    let size = 256u32;
    let grid = Grid::new(size, size);
    let queries: Vec<((u32, u32), (u32, u32))> = (0..1000u32)
        .map(|i| {
            let (x, y) = ((i * 37) % (size - 20), (i * 91) % (size - 20));
            ((x, y), (x + (i % 17), y + (i % 13)))
        })
        .collect();
    let mut dense = informed::Searcher::new();
    let mut hashed = informed::Searcher::new();
    let (mut cells, mut pairs) = (Vec::new(), Vec::new());
    let mut pass = || {
        allocations(|| {
            let mut total = (0.0, 0);
            for &(start, goal) in &queries {
                let problem = grid
                    .problem(
                        GridCell::new(start.0, start.1),
                        GridCell::new(goal.0, goal.1),
                        Movement::Eight,
                    )
                    .unwrap();
                let (cost, _) = dense
                    .astar_into_with(&problem, problem.octile(), &mut cells)
                    .unwrap();
                total.0 += cost;
                let user = Open { size, start, goal };
                let manhattan = |&(x, y): &(u32, u32)| x.abs_diff(goal.0) + y.abs_diff(goal.1);
                let (cost, _) = hashed.astar_into(&user, manhattan, &mut pairs).unwrap();
                total.1 += cost;
            }
            total
        })
    };
    // The first pass grows everything; the second must not allocate at all.
    let (first, total) = pass();
    let (second, again) = pass();
    assert_eq!(total, again);
    assert!(first > 0, "the first pass allocates");
    assert_eq!(second, 0, "allocations in the second pass (first: {first})");
}

/// A warm jump point searcher (JPS and JPS+, every cell or the turning points only) allocates
/// one block a query, the path it returns, and nothing with `search_into`; and a query with
/// cells blocked for it alone allocates nothing more.
#[test]
fn a_warm_jump_point_search_allocates_only_its_path() {
    use informed::grid::{JumpPointSearcher, JumpTable, Waypoints};
    let mut grid = Grid::new(128, 96);
    let mut seed = 5u64;
    for y in 0..96 {
        for x in 0..128 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            grid.set_free(GridCell::new(x, y), (seed >> 33) % 100 >= 20);
        }
    }
    let free: Vec<GridCell> = (0..96)
        .flat_map(|y| (0..128).map(move |x| GridCell::new(x, y)))
        .filter(|&c| grid.is_free(c))
        .collect();
    let queries: Vec<(GridCell, GridCell)> = (0..300usize)
        .map(|i| {
            (
                free[(i * 7919) % free.len()],
                free[(i * 104_729 + 17) % free.len()],
            )
        })
        .collect();
    let units = [
        GridCell::new(64, 48),
        GridCell::new(65, 48),
        GridCell::new(66, 48),
    ];
    let table = JumpTable::build(&grid).unwrap();
    for plus in [false, true] {
        for waypoints in [Waypoints::Cells, Waypoints::JumpPoints] {
            let mut jps = match plus {
                true => JumpPointSearcher::with_table(&grid, table.clone()).unwrap(),
                false => JumpPointSearcher::new(&grid),
            };
            jps.set_waypoints(waypoints);
            let mut path = Vec::new();
            let mut pass = |into: bool| {
                allocations(|| {
                    let mut found = 0u32;
                    for &(start, goal) in &queries {
                        let problem = grid.problem(start, goal, Movement::Eight).unwrap();
                        let problem = match units.contains(&start) || units.contains(&goal) {
                            true => problem,
                            false => problem.with_blocked(&units).unwrap(),
                        };
                        let solved = match into {
                            true => jps.search_into(&problem, &mut path).is_ok(),
                            false => jps.search(&problem).is_ok(),
                        };
                        found += u32::from(solved);
                    }
                    found
                })
            };
            // The first passes grow everything.
            let _ = pass(true);
            let _ = pass(false);
            let (into, found) = pass(true);
            assert_eq!(into, 0, "search_into, plus {plus}, {waypoints:?}");
            let (returned, again) = pass(false);
            assert_eq!(found, again);
            assert!(found > 200, "{found} of the queries found a path");
            assert_eq!(
                returned,
                u64::from(found),
                "search: one allocation a path, plus {plus}, {waypoints:?}"
            );
        }
    }
}
