//! A reused `Searcher` keeps its dense table's vectors from one search to the next and clears
//! only what the last search touched: every search through it must be the one-shot search, on
//! numberings of every size (pages of every size) in any order, and on scattered numbers, where
//! each state has a page to itself.

use informed::{NodeTable, Search, SearchProblem, Searcher};

/// Numbers below `bound`, each stepping to two numbers scattered over the whole numbering.
struct Scattered {
    bound: u64,
    start: u64,
    goal: u64,
}

impl SearchProblem for Scattered {
    type State = u64;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = u64> {
        [self.start]
    }

    fn is_goal(&self, n: &u64) -> bool {
        *n == self.goal
    }

    fn successors(&self, &n: &u64) -> impl IntoIterator<Item = (u64, u32)> {
        let far = (n.wrapping_mul(2_654_435_761) + 12_345) % self.bound;
        [(far, 1 + (n % 7) as u32), ((n + 1) % self.bound, 3)]
    }

    fn index_bound(&self) -> Option<usize> {
        Some(self.bound as usize)
    }

    fn index(&self, n: &u64) -> usize {
        *n as usize
    }
}

#[test]
fn a_reused_dense_table_forgets_every_earlier_search() {
    let mut searcher = Searcher::new();
    let bounds = [
        10,
        5_000,
        3_674_160,
        70,
        1 << 24,
        5_000,
        1 << 32,
        3_674_160,
        1,
    ];
    for (round, &bound) in bounds.iter().cycle().take(3 * bounds.len()).enumerate() {
        let problem = Scattered {
            bound,
            start: (round as u64 * 7_919) % bound,
            goal: (round as u64 * 104_729 + 1) % bound,
        };
        // A limit keeps the searches on the largest numberings short; an error must match too.
        let search = || Search::new(&problem).max_expansions(2_000);
        let one_shot = search().dijkstra();
        let hashed = search().node_table(NodeTable::Hashed).dijkstra();
        let reused = search().dijkstra_in(&mut searcher);
        assert_eq!(reused, one_shot, "round {round}, bound {bound}");
        assert_eq!(reused, hashed, "round {round}, bound {bound}");
        let estimate = |_: &u64| 0u32;
        let reused = search().astar_in(&mut searcher, estimate);
        assert_eq!(
            reused,
            search().astar(estimate),
            "round {round}, bound {bound}"
        );
    }
}
