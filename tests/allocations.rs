//! No heap allocation per expansion in steady state: a search's allocation count grows only
//! with the amortised doubling of its table, heap and buffers — logarithmically in the number
//! of expansions — never in proportion to it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

use informed::grid::{Cell as GridCell, Grid, Movement};
use informed::puzzle::SlidingPuzzle;
use informed::{NodeTable, OpenSet, Search};

/// Counts allocations (and reallocations) made by threads that switched counting on.
struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);

thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
}

fn count(bytes: usize) {
    if COUNTING.with(Cell::get) {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        BYTES.fetch_add(bytes as u64, Ordering::Relaxed);
    }
}

// The crate denies `unsafe`; a global allocator cannot be written without it. This one is a
// forwarding wrapper, used only by this test binary, and exercised by every test in it.
// SAFETY: every call is forwarded unchanged to the system allocator; counting only reads a
// thread-local flag and bumps an atomic, neither of which allocates.
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
    ALLOCATIONS.store(0, Ordering::Relaxed);
    BYTES.store(0, Ordering::Relaxed);
    COUNTING.with(|c| c.set(true));
    let result = run();
    COUNTING.with(|c| c.set(false));
    (
        ALLOCATIONS.load(Ordering::Relaxed),
        BYTES.load(Ordering::Relaxed),
        result,
    )
}

/// Each growable buffer (node table, hash index, heap, heap positions, successor buffer, path)
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
        let (count, solution) = allocations(|| informed::astar(&problem, &conflict).unwrap());
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
    let (_, bytes, solution) = measured(|| informed::astar(&problem, problem.manhattan()).unwrap());
    assert_eq!(solution.cost(), 2.0);
    assert!(
        bytes < 512 * 1024,
        "{bytes} bytes for {} expansions",
        solution.stats().expanded
    );
}
