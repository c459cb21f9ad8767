//! The reusable searcher against one-shot searches: one searcher answering a sequence of
//! random problems gives, for each, exactly what a fresh search gives (the same path, cost,
//! statistics, or the same error), whatever it searched before.

mod common;

use common::{Graph, config, graph};
use informed::{Hashing, NodeTable, OpenSet, Search, Searcher, TieBreak};
use proptest::prelude::*;

/// The options the comparison runs under: the defaults the searcher keeps, and the others it
/// hands to a one-shot search.
fn options() -> impl Strategy<Value = (TieBreak, Hashing, OpenSet, Option<u64>)> {
    (
        prop_oneof![Just(TieBreak::Fifo), Just(TieBreak::Lifo)],
        prop_oneof![4 => Just(Hashing::Fast), 1 => Just(Hashing::Std)],
        prop_oneof![
            4 => Just(OpenSet::default()),
            1 => Just(OpenSet::BinaryHeap),
            1 => Just(OpenSet::QuaternaryHeap),
            1 => Just(OpenSet::LazyHeap)
        ],
        prop_oneof![3 => Just(None), 1 => (0..20u64).prop_map(Some)],
    )
}

fn configured<'a>(
    graph: &'a Graph<u64>,
    (ties, hashing, open_set, limit): (TieBreak, Hashing, OpenSet, Option<u64>),
) -> Search<'a, Graph<u64>> {
    let search = Search::new(graph)
        .tie_break(ties)
        .hashing(hashing)
        .open_set(open_set);
    match limit {
        Some(limit) => search.max_expansions(limit),
        None => search,
    }
}

proptest! {
    #![proptest_config(config())]

    /// Dijkstra and A* (with h = the node number's parity, admissible for costs ≥ 1, and with
    /// h = 0) through one searcher, over a sequence of graphs both hashed and numbered.
    #[test]
    fn searcher_matches_one_shot_searches(
        graphs in prop::collection::vec((graph(24, 1..10u64), any::<bool>(), options()), 1..8)
    ) {
        let mut searcher = Searcher::new();
        let mut path = Vec::new();
        for (mut graph, numbered, options) in graphs {
            graph.numbered = numbered;
            let graph = &graph;
            let expected = configured(graph, options).dijkstra();
            prop_assert_eq!(&configured(graph, options).dijkstra_in(&mut searcher), &expected);
            let h = |&n: &usize| (n % 2) as u64;
            let expected = configured(graph, options).astar(h);
            prop_assert_eq!(&configured(graph, options).astar_in(&mut searcher, h), &expected);
            // The path-into forms, with the default options.
            let one_shot = informed::astar(graph, h);
            let into = searcher.astar_into(graph, h, &mut path);
            match one_shot {
                Ok(solution) => {
                    prop_assert_eq!(into, Ok((solution.cost(), solution.stats())));
                    prop_assert_eq!(path.as_slice(), solution.path());
                }
                Err(error) => {
                    prop_assert_eq!(into, Err(error));
                    prop_assert!(path.is_empty());
                }
            }
            let one_shot = informed::dijkstra(graph);
            let into = searcher.dijkstra_into(graph, &mut path);
            prop_assert_eq!(into, one_shot.map(|s| (s.cost(), s.stats())));
        }
    }
}

#[test]
fn searcher_is_send() {
    fn send<T: Send>(_: &T) {}
    let searcher: Searcher<(usize, usize), f64> = Searcher::new();
    send(&searcher);
    std::thread::spawn(move || drop(searcher)).join().unwrap();
}

/// A fixed case: a searcher used on a numbered and then a hashed problem, then the first again.
#[test]
fn a_searcher_switches_between_tables() {
    let line = |goal: u32| informed::from_fn(0u32, |&n: &u32| [(n + 1, 1u32)], move |&n| n == goal);
    let grid = informed::grid::Grid::new(16, 16);
    let cells = grid
        .problem(
            informed::grid::Cell::new(0, 0),
            informed::grid::Cell::new(15, 15),
            informed::grid::Movement::Four,
        )
        .unwrap();
    let mut searcher = Searcher::new();
    assert_eq!(searcher.astar(&line(9), |_: &u32| 0).unwrap().cost(), 9);
    let mut grid_searcher = Searcher::new();
    let first = grid_searcher.astar_with(&cells, cells.manhattan()).unwrap();
    let hashed = Search::new(&cells)
        .node_table(NodeTable::Hashed)
        .astar_in_with(&mut grid_searcher, cells.manhattan())
        .unwrap();
    assert_eq!(first, hashed);
    assert_eq!(first.cost(), 30.0);
    assert_eq!(
        grid_searcher.astar_with(&cells, cells.manhattan()).unwrap(),
        first
    );
    assert_eq!(searcher.dijkstra(&line(3)).unwrap().cost(), 3);
}

/// `Searcher::memory`: nothing before the first search, a figure that follows the states
/// stored (at least their entries, at most a few times them), and never less after more
/// searches, since the searcher keeps its room.
#[test]
fn memory_follows_the_states_stored_and_never_shrinks() {
    let mut searcher = Searcher::new();
    assert_eq!(searcher.memory(), informed::Memory::default());
    let mut last = 0;
    for goal in [1_000u64, 50_000, 10, 200_000] {
        let line = informed::from_fn(0u64, |&n: &u64| [(n + 1, 1u32)], move |&n| n == goal);
        let solution = searcher.dijkstra(&line).unwrap();
        let memory = searcher.memory();
        assert!(memory.total() >= last, "{memory:?} after {last}");
        last = memory.total();
        let stored = solution.stats().stored;
        // Each stored state holds at least its own 8 bytes and a node (g, h, parent).
        assert!(
            memory.node_table >= stored * 16,
            "{memory:?} for {stored} states"
        );
        assert!(memory.open_set > 0);
        assert_eq!(memory.total(), memory.node_table + memory.open_set);
    }
    // The largest search decides: 200,001 states stored, and room for no more than the next
    // doublings of the table and its index.
    let memory = searcher.memory();
    assert!(memory.node_table <= 200_001 * 256, "{memory:?}");
    // A numbered problem's searches go to the dense table, counted too.
    let before = searcher.memory().node_table;
    let numbered = informed::from_fn(0u64, |&n: &u64| [(n + 1, 1u32)], |&n| n == 5_000);
    struct Numbered<P>(P);
    impl<P: informed::SearchProblem<State = u64>> informed::SearchProblem for Numbered<P> {
        type State = u64;
        type Cost = P::Cost;
        fn starts(&self) -> impl IntoIterator<Item = u64> {
            self.0.starts()
        }
        fn is_goal(&self, n: &u64) -> bool {
            self.0.is_goal(n)
        }
        fn successors(&self, n: &u64) -> impl IntoIterator<Item = (u64, P::Cost)> {
            self.0.successors(n)
        }
        fn index_bound(&self) -> Option<usize> {
            Some(10_000)
        }
        fn index(&self, n: &u64) -> usize {
            *n as usize
        }
    }
    searcher.dijkstra(&Numbered(numbered)).unwrap();
    assert!(searcher.memory().node_table > before);
}
