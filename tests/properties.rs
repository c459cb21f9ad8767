//! Property tests against independent references: optimality, path validity, the effect of
//! heuristic consistency, and the equivalences between algorithms.
//!
//! 256 cases per property by default; `PROPTEST_CASES=10000 cargo test --release` runs more.

mod common;

use std::collections::{HashMap, HashSet};

use common::{Graph, close, config, graph, grid};
use informed::{Event, Hashing, NodeTable, OpenSet, Search, SearchError, Solution, TieBreak};
use proptest::prelude::*;

/// A value above any path cost in the test graphs: an admissible estimate for a node from which
/// no goal can be reached (its true remaining cost is infinite).
const DEAD_END: u64 = 1_000_000;

/// floor(h* × factor): admissible, and consistent because h* is.
fn scaled(graph: &Graph<u64>, factor: f64) -> Vec<u64> {
    graph
        .remaining_costs()
        .iter()
        .map(|h| h.map_or(DEAD_END, |h| (h * factor).floor() as u64))
        .collect()
}

/// Per node, independently, h* itself, 0, or a random value in between: admissible, and
/// usually inconsistent (h drops sharply across many edges), so A* must reopen states.
fn random_below(graph: &Graph<u64>, seeds: &[u64]) -> Vec<u64> {
    graph
        .remaining_costs()
        .iter()
        .zip(seeds.iter().cycle())
        .map(|(h, seed)| {
            h.map_or(DEAD_END, |h| match seed % 3 {
                0 => h as u64,
                1 => 0,
                _ => (seed / 3) % (h as u64 + 1),
            })
        })
        .collect()
}

/// Asserts that the outcome is a valid path of least cost, or `NoPath` exactly when the
/// reference finds no path.
fn assert_optimal<C: informed::Cost>(
    graph: &Graph<C>,
    outcome: &Result<Solution<usize, C>, SearchError<usize, C>>,
) -> Result<(), TestCaseError> {
    match (outcome, graph.optimal_cost()) {
        (Ok(solution), Some(optimal)) => {
            let path_cost = graph
                .check_path(solution.path())
                .map_err(TestCaseError::fail)?;
            prop_assert!(
                close(path_cost, solution.cost().to_f64()),
                "path cost {path_cost} vs reported {:?}",
                solution.cost()
            );
            prop_assert!(
                close(path_cost, optimal),
                "cost {path_cost}, optimal {optimal}"
            );
        }
        (Err(SearchError::NoPath { .. }), None) => {}
        (outcome, optimal) => prop_assert!(false, "outcome {outcome:?}, optimal {optimal:?}"),
    }
    Ok(())
}

/// Runs A* and records every expanded state.
type Outcome = Result<Solution<usize, u64>, SearchError<usize, u64>>;

fn astar_recording(graph: &Graph<u64>, h: &[u64], tie_break: TieBreak) -> (Outcome, Vec<usize>) {
    let mut expanded = Vec::new();
    let outcome = Search::new(graph)
        .tie_break(tie_break)
        .on_event(|event| {
            if let Event::Expand { state, .. } = event {
                expanded.push(*state);
            }
        })
        .astar(|&v: &usize| h[v]);
    (outcome, expanded)
}

fn tie_break() -> impl Strategy<Value = TieBreak> {
    prop_oneof![
        Just(TieBreak::Lifo),
        Just(TieBreak::Fifo),
        any::<u64>().prop_map(|seed| TieBreak::Random { seed }),
    ]
}

proptest! {
    #![proptest_config(config())]

    /// A consistent heuristic (h* scaled by a factor in [0, 1]): optimal, no state reopened or
    /// expanded twice, and the same answer on a second run.
    #[test]
    fn astar_consistent_is_optimal_and_never_reopens(
        graph in graph(40, 0..20u64),
        factor in 0.0..=1.0f64,
        tie_break in tie_break(),
    ) {
        let h = scaled(&graph, factor);
        let (outcome, expanded) = astar_recording(&graph, &h, tie_break);
        assert_optimal(&graph, &outcome)?;
        let stats = outcome.as_ref().map_or_else(|e| e.stats(), |s| s.stats());
        prop_assert_eq!(stats.reopened, 0);
        let distinct: HashSet<_> = expanded.iter().collect();
        prop_assert_eq!(distinct.len(), expanded.len(), "a state was expanded twice");
        let (again, expanded_again) = astar_recording(&graph, &h, tie_break);
        prop_assert_eq!(&outcome, &again);
        prop_assert_eq!(expanded, expanded_again);
    }

    /// An admissible but usually inconsistent heuristic: still optimal (reopening as needed).
    #[test]
    fn astar_inconsistent_admissible_is_optimal(
        graph in graph(40, 0..20u64),
        seeds in prop::collection::vec(any::<u64>(), 1..40),
        tie_break in tie_break(),
    ) {
        let h = random_below(&graph, &seeds);
        let (outcome, _) = astar_recording(&graph, &h, tie_break);
        assert_optimal(&graph, &outcome)?;
    }

    /// Float costs, with h* scaled (consistent) or randomly lowered (inconsistent), and an
    /// infinite estimate at dead ends.
    #[test]
    fn astar_float_costs_are_optimal(
        graph in graph(40, 0.0..10.0f64),
        factors in prop::collection::vec(0.0..=1.0f64, 1..40),
        per_state in any::<bool>(),
    ) {
        let h: Vec<f64> = graph
            .remaining_costs()
            .iter()
            .zip(factors.iter().cycle())
            .map(|(h, f)| h.map_or(f64::INFINITY, |h| h * if per_state { *f } else { factors[0] }))
            .collect();
        let outcome = informed::astar(&graph, |&v: &usize| h[v]);
        assert_optimal(&graph, &outcome)?;
        if !per_state {
            prop_assert_eq!(outcome.map_or_else(|e| e.stats(), |s| s.stats()).reopened, 0);
        }
    }

    /// A* with h = 0 makes exactly Dijkstra's expansions, in the same order.
    #[test]
    fn astar_with_zero_heuristic_expands_as_dijkstra(graph in graph(40, 0..20u64)) {
        let zero = vec![0; graph.len()];
        let (astar, astar_order) = astar_recording(&graph, &zero, TieBreak::default());
        let mut dijkstra_order = Vec::new();
        let dijkstra = Search::new(&graph)
            .on_event(|event| {
                if let Event::Expand { state, .. } = event {
                    dijkstra_order.push(*state);
                }
            })
            .dijkstra();
        assert_optimal(&graph, &dijkstra)?;
        prop_assert_eq!(astar, dijkstra);
        prop_assert_eq!(astar_order, dijkstra_order);
    }

    /// On unit costs BFS's step count equals Dijkstra's cost, and both agree with the reference.
    #[test]
    fn bfs_steps_equal_dijkstra_cost_on_unit_graphs(graph in graph(40, Just(0u8))) {
        let unit = graph.with_costs(1u32);
        let bfs = informed::bfs(&unit);
        let dijkstra = informed::dijkstra(&unit);
        assert_optimal(&unit, &bfs)?;
        assert_optimal(&unit, &dijkstra)?;
        if let (Ok(bfs), Ok(dijkstra)) = (&bfs, &dijkstra) {
            prop_assert_eq!(bfs.steps() as u32, dijkstra.cost());
            prop_assert_eq!(bfs.cost(), dijkstra.cost());
        }
    }

    /// BFS on weighted graphs: fewest steps, and the reported cost is its path's cost.
    #[test]
    fn bfs_reports_the_cost_of_its_path(graph in graph(40, 0..20u64)) {
        let unit = graph.with_costs(1u32);
        match (informed::bfs(&graph), unit.optimal_cost()) {
            (Ok(solution), Some(steps)) => {
                let cost = graph.check_path(solution.path()).map_err(TestCaseError::fail)?;
                prop_assert_eq!(cost, solution.cost() as f64);
                prop_assert_eq!(solution.steps() as f64, steps);
            }
            (Err(SearchError::NoPath { .. }), None) => {}
            (outcome, steps) => prop_assert!(false, "outcome {outcome:?}, fewest steps {steps:?}"),
        }
    }

    /// Greedy best-first returns a valid path whose reported cost is its sum (no optimality).
    #[test]
    fn greedy_returns_a_valid_path(
        graph in graph(40, 0..20u64),
        seeds in prop::collection::vec(any::<u64>(), 1..40),
    ) {
        let outcome = informed::greedy(&graph, |&v: &usize| seeds[v % seeds.len()] % 50);
        match (outcome, graph.optimal_cost()) {
            (Ok(solution), Some(optimal)) => {
                let cost = graph.check_path(solution.path()).map_err(TestCaseError::fail)?;
                prop_assert_eq!(cost, solution.cost() as f64);
                prop_assert!(cost >= optimal);
            }
            (Err(SearchError::NoPath { .. }), None) => {}
            (outcome, optimal) => prop_assert!(false, "outcome {outcome:?}, optimal {optimal:?}"),
        }
    }

    /// Weighted A* with an admissible heuristic costs at most max(1, w) × optimal: w below 1
    /// scales an admissible estimate down, which keeps it admissible, and the search optimal.
    #[test]
    fn weighted_astar_is_within_its_bound(
        graph in graph(40, 0..20u64),
        seeds in prop::collection::vec(any::<u64>(), 1..40),
        weight in prop_oneof![0.0..1.0f64, 1.0..5.0f64],
    ) {
        let h = random_below(&graph, &seeds);
        let outcome = informed::weighted_astar(&graph, |&v: &usize| h[v], weight);
        match (outcome, graph.optimal_cost()) {
            (Ok(solution), Some(optimal)) => {
                let cost = graph.check_path(solution.path()).map_err(TestCaseError::fail)?;
                prop_assert_eq!(cost, solution.cost() as f64);
                let bound = weight.max(1.0) * optimal;
                prop_assert!(cost <= bound + 1e-9, "cost {cost} > max(1, {weight}) × {optimal}");
            }
            (Err(SearchError::NoPath { .. }), None) => {}
            (outcome, optimal) => prop_assert!(false, "outcome {outcome:?}, optimal {optimal:?}"),
        }
    }

    /// Where no goal is reachable, every algorithm says so after storing exactly the reachable
    /// states.
    #[test]
    fn unreachable_goal_is_no_path_after_exhausting_the_space(
        mut graph in graph(30, 0..20u64),
        seeds in prop::collection::vec(any::<u64>(), 1..30),
    ) {
        // Make the goals unreachable: no start is a goal, and no edge leads into one.
        for &start in &graph.starts {
            graph.goals[start] = false;
        }
        let goals = graph.goals.clone();
        for edges in &mut graph.adjacency {
            edges.retain(|&(to, _)| !goals[to]);
        }
        let reachable = graph.reachable_count();
        let h = |&v: &usize| seeds[v % seeds.len()] % 30;
        let outcomes = [
            informed::bfs(&graph),
            informed::dijkstra(&graph),
            informed::greedy(&graph, h),
            informed::astar(&graph, h),
            informed::weighted_astar(&graph, h, 2.5),
        ];
        for outcome in outcomes {
            match outcome {
                Err(SearchError::NoPath { stats, .. }) => prop_assert_eq!(stats.stored, reachable),
                other => prop_assert!(false, "expected no path, got {other:?}"),
            }
        }
    }

    /// The observer's events rebuild the textbook OPEN and CLOSED lists: every expansion takes
    /// an OPEN state of least f (ties: least h), and the event counts equal the statistics.
    #[test]
    fn events_rebuild_open_and_closed_lists(
        graph in graph(40, 0..20u64),
        seeds in prop::collection::vec(any::<u64>(), 1..40),
    ) {
        let h = random_below(&graph, &seeds);
        let mut open: HashMap<usize, (u64, u64)> = HashMap::new();
        let mut closed: HashSet<usize> = HashSet::new();
        let (mut generated, mut decreased, mut reopened, mut expanded, mut max_open) = (0, 0, 0, 0, 0);
        let mut violations = Vec::new();
        let outcome = Search::new(&graph)
            .on_event(|event| {
                match event {
                    Event::Generate { state, g, h, .. } => {
                        generated += 1;
                        if open.insert(*state, (g, h)).is_some() || closed.contains(state) {
                            violations.push(format!("{state} generated twice"));
                        }
                    }
                    Event::DecreaseKey { state, old_g, g, h, .. } => {
                        decreased += 1;
                        if open.insert(*state, (g, h)) != Some((old_g, h)) || g >= old_g {
                            violations.push(format!("bad decrease-key of {state}"));
                        }
                    }
                    Event::Reopen { state, g, h, old_g, .. } => {
                        reopened += 1;
                        if !closed.remove(state) || g >= old_g {
                            violations.push(format!("bad reopening of {state}"));
                        }
                        open.insert(*state, (g, h));
                    }
                    Event::Expand { state, g, h } => {
                        expanded += 1;
                        let best = open.values().map(|&(g, h)| (g + h, h)).min();
                        if open.remove(state) != Some((g, h)) {
                            violations.push(format!("{state} expanded but not on OPEN"));
                        }
                        if best != Some((g + h, h)) {
                            violations.push(format!("{state} expanded with (f, h) = {:?}, best {best:?}", (g + h, h)));
                        }
                        closed.insert(*state);
                    }
                    _ => {}
                }
                max_open = max_open.max(open.len());
            })
            .astar(|&v: &usize| h[v]);
        prop_assert!(violations.is_empty(), "{violations:?}");
        let stats = outcome.map_or_else(|e| e.stats(), |s| s.stats());
        prop_assert_eq!(stats.stored, generated);
        prop_assert_eq!(stats.decrease_keys, decreased);
        prop_assert_eq!(stats.reopened, reopened);
        prop_assert_eq!(stats.expanded, expanded);
        // The engine samples the open set's size after each expansion, the observer after each
        // event, so the observer's peak can only be higher by what one expansion adds.
        prop_assert!(stats.max_open <= max_open);
    }

    /// Every node table (hashed with either hasher, or dense where the problem numbers its
    /// states, unless told to hash) and every open set give the same outcome, path and
    /// statistics, for every algorithm and tie-break.
    #[test]
    fn every_table_and_open_set_gives_identical_results(
        graph in graph(40, 0..20u64),
        seeds in prop::collection::vec(any::<u64>(), 1..40),
        tie_break in tie_break(),
    ) {
        let h = random_below(&graph, &seeds);
        let h = |&v: &usize| h[v];
        type Run = fn(Search<'_, Graph<u64>>, &dyn Fn(&usize) -> u64) -> Outcome;
        let runs: [Run; 4] = [
            |s, h| s.astar(h),
            |s, h| s.greedy(h),
            |s, _| s.dijkstra(),
            |s, _| s.bfs(),
        ];
        for run in runs {
            let reference = run(Search::new(&graph).tie_break(tie_break), &h);
            for open_set in [
                OpenSet::Auto,
                OpenSet::BinaryHeap,
                OpenSet::QuaternaryHeap,
                OpenSet::LazyHeap,
            ] {
                for hashing in [Hashing::Fast, Hashing::Std] {
                    let search = Search::new(&graph).tie_break(tie_break).open_set(open_set);
                    prop_assert_eq!(&run(search.hashing(hashing), &h), &reference, "{:?} {:?}", open_set, hashing);
                }
                let numbered = Graph { numbered: true, ..graph.clone() };
                let dense = Search::new(&numbered).tie_break(tie_break).open_set(open_set);
                prop_assert_eq!(&run(dense, &h), &reference, "{:?} dense", open_set);
                let told = Search::new(&numbered).tie_break(tie_break).open_set(open_set);
                let told = told.node_table(NodeTable::Hashed);
                prop_assert_eq!(&run(told, &h), &reference, "{:?} told to hash", open_set);
            }
        }
    }

    /// Random grids with walls and cell weights: A* (Manhattan) and Dijkstra agree with the
    /// reference; BFS on unit grids finds the reference's fewest steps.
    #[test]
    fn grids_agree_with_references(grid in grid(30, true), unit in grid(30, false)) {
        let optimal = grid.optimal_cost();
        let manhattan = |&c: &(usize, usize)| grid.manhattan(c);
        for outcome in [informed::astar(&grid, manhattan), informed::dijkstra(&grid)] {
            match (outcome, optimal) {
                (Ok(solution), Some(optimal)) => {
                    prop_assert_eq!(solution.cost() as f64, optimal);
                    prop_assert_eq!(solution.stats().reopened, 0);
                    let steps: u32 = solution.path().windows(2).map(|w| {
                        assert!(grid.neighbours(w[0]).any(|c| c == w[1]), "not adjacent");
                        grid.weight(w[1])
                    }).sum();
                    prop_assert_eq!(steps, solution.cost());
                }
                (Err(SearchError::NoPath { .. }), None) => {}
                (outcome, optimal) => prop_assert!(false, "outcome {outcome:?}, optimal {optimal:?}"),
            }
        }
        let reference = unit.bfs_steps();
        match (informed::bfs(&unit), reference) {
            (Ok(solution), Some(steps)) => prop_assert_eq!(solution.steps(), steps),
            (Err(SearchError::NoPath { .. }), None) => {}
            (outcome, steps) => prop_assert!(false, "outcome {outcome:?}, steps {steps:?}"),
        }
        let greedy = informed::greedy(&unit, |&c: &(usize, usize)| unit.manhattan(c));
        prop_assert_eq!(greedy.is_ok(), reference.is_some());
    }
}

/// Everything an observer sees of a search, as text, and its outcome.
fn outcome_text<S: std::fmt::Debug>(
    outcome: Result<Solution<S, u32>, SearchError<S, u32>>,
) -> String {
    match outcome {
        Ok(solution) => format!(
            "{:?} {:?} {:?}",
            solution.path(),
            solution.cost(),
            solution.stats()
        ),
        Err(error) => format!("{error:?}"),
    }
}

proptest! {
    #![proptest_config(config())]

    /// Dijkstra expands in the order stored while every step costs the same, and moves to the
    /// heap at the first other cost: the same expansions, events, path and statistics as the
    /// heap-ordered A* with h = 0, on unit, equal, zero and mixed costs, hashed and numbered.
    #[test]
    fn dijkstra_in_layers_matches_the_heap(graph in graph(24, 1..4u32), equal in 0..3u32, numbered: bool, bound: Option<u32>) {
        let mut graph = if equal == 0 { graph } else { graph.with_costs(equal - 1) };
        graph.numbered = numbered;
        let mut layered_events = Vec::new();
        let mut search = Search::new(&graph).on_event(|event| layered_events.push(format!("{event:?}")));
        if let Some(bound) = bound {
            search = search.cost_bound(bound);
        }
        let layered = outcome_text(search.dijkstra());
        let mut heap_events = Vec::new();
        let mut search = Search::new(&graph).on_event(|event| heap_events.push(format!("{event:?}")));
        if let Some(bound) = bound {
            search = search.cost_bound(bound);
        }
        let heap = outcome_text(search.astar(|_| 0));
        prop_assert_eq!(layered, heap);
        prop_assert_eq!(layered_events, heap_events);
    }
}

/// A graph whose states own memory (each node number boxed), so that the engines collect
/// successors into a buffer instead of copying the expanded state.
struct Boxed<'g>(&'g Graph<u32>);

impl informed::Bidirectional for Boxed<'_> {
    fn goals(&self) -> impl IntoIterator<Item = Owned> {
        informed::Bidirectional::goals(self.0)
            .into_iter()
            .map(|goal| Owned(Box::new(goal)))
    }

    fn predecessors(&self, node: &Owned) -> impl IntoIterator<Item = (Owned, u32)> {
        informed::Bidirectional::predecessors(self.0, &*node.0)
            .into_iter()
            .map(|(before, cost)| (Owned(Box::new(before)), cost))
    }
}

/// A node number on the heap; shown as the number, so that events read as the plain graph's.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Owned(Box<usize>);

impl std::fmt::Debug for Owned {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl informed::SearchProblem for Boxed<'_> {
    type State = Owned;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = Owned> {
        self.0.starts.iter().map(|&start| Owned(Box::new(start)))
    }

    fn is_goal(&self, node: &Owned) -> bool {
        self.0.goals[*node.0]
    }

    fn successors(&self, node: &Owned) -> impl IntoIterator<Item = (Owned, u32)> {
        self.0.adjacency[*node.0]
            .iter()
            .map(|&(next, cost)| (Owned(Box::new(next)), cost))
    }
}

/// Runs algorithm `algorithm` (BFS, Dijkstra, A*, greedy, bidirectional BFS, bidirectional
/// Dijkstra) on `problem` within `bound`, with `h` where one is taken: its outcome as text, and
/// every event it told an observer.
fn recorded_run<P>(
    problem: &P,
    algorithm: usize,
    bound: Option<u32>,
    h: impl Fn(&P::State) -> u32,
) -> (String, Vec<String>)
where
    P: informed::Bidirectional<Cost = u32>,
    P::State: std::fmt::Debug,
{
    let mut events = Vec::new();
    let mut search = Search::new(problem).on_event(|event| events.push(format!("{event:?}")));
    if let Some(bound) = bound {
        search = search.cost_bound(bound);
    }
    let outcome = outcome_text(match algorithm {
        0 => search.bfs(),
        1 => search.dijkstra(),
        2 => search.astar(h),
        3 => search.greedy(h),
        4 => search.bidirectional_bfs(),
        _ => search.bidirectional_dijkstra(),
    });
    (outcome, events)
}

proptest! {
    #![proptest_config(config())]

    /// States that own memory take the engines' other way to successors (collected, not
    /// consumed in place): the same expansions, events, paths and statistics as plain states,
    /// for BFS, Dijkstra in layers and on the heap, A*, greedy search and bidirectional BFS and
    /// Dijkstra.
    #[test]
    fn states_that_own_memory_search_as_plain_ones(graph in graph(24, 0..4u32), unit: bool, bound: Option<u32>) {
        let graph = if unit { graph.with_costs(1) } else { graph };
        let boxed = Boxed(&graph);
        let h = |node: usize| u32::from(!graph.goals[node]);
        for algorithm in 0..6 {
            let (plain, plain_events) = recorded_run(&graph, algorithm, bound, |&n| h(n));
            let (owned, boxed_events) = recorded_run(&boxed, algorithm, bound, |n: &Owned| h(*n.0));
            prop_assert_eq!(&plain, &owned, "algorithm {}", algorithm);
            prop_assert_eq!(plain_events, boxed_events, "algorithm {}", algorithm);
        }
    }
}
