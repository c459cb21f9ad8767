//! Pathmax and BPMX in IDA*, copying and in place: on random undirected graphs with admissible
//! but inconsistent heuristics (the true distance, scaled down at random state by state), every
//! rule returns Dijkstra's cost; with the true distance itself (consistent) all three give the
//! same counts; the heuristic is only ever handed its own estimates; and a fixed graph where
//! BPMX backs up gives its known counts.

mod common;

use std::collections::BTreeMap;

use common::{Graph, config, graph};
use informed::{
    CycleCheck, Heuristic, InPlace, InPlaceProblem, IncrementalHeuristic, Moves, Pathmax, Search,
    SearchError, Stats,
};
use proptest::prelude::*;

const RULES: [Pathmax; 3] = [Pathmax::Off, Pathmax::Forward, Pathmax::Bidirectional];

/// The estimate of a node from which no goal can be reached: admissible, and above
/// [`COST_BOUND`], so that a search from there is pruned at once.
const UNREACHABLE: u64 = 100;

/// The cost bound every search here is held to: above every optimal cost of the graphs
/// generated, it only ends the searches that have no goal to find.
const COST_BOUND: u64 = 60;

type Edge = (usize, usize, u64);

/// `graph` made undirected: every edge can be taken back at the same cost (the first cost drawn
/// for a pair of nodes), as BPMX requires. Without loops, which the copying engine's parent
/// check refuses by state and the in-place one's (by move) does not.
fn undirected(graph: &Graph<u64>) -> Graph<u64> {
    let mut costs: BTreeMap<(usize, usize), u64> = BTreeMap::new();
    for (from, edges) in graph.adjacency.iter().enumerate() {
        for &(to, cost) in edges.iter().filter(|&&(to, _)| to != from) {
            costs.entry((from.min(to), from.max(to))).or_insert(cost);
        }
    }
    let mut adjacency = vec![Vec::new(); graph.len()];
    for (&(a, b), &cost) in &costs {
        adjacency[a].push((b, cost));
        adjacency[b].push((a, cost));
    }
    Graph {
        adjacency,
        starts: graph.starts.clone(),
        goals: graph.goals.clone(),
        numbered: false,
    }
}

/// The cost from each node to its nearest goal (`None` where there is none), by Dijkstra from
/// the goals: the graph is undirected, so this is the distance both ways.
fn distances(graph: &Graph<u64>) -> Vec<Option<u64>> {
    let n = graph.len();
    let mut distance: Vec<Option<u64>> = (0..n).map(|v| graph.goals[v].then_some(0)).collect();
    let mut done = vec![false; n];
    while let Some(v) = (0..n)
        .filter(|&v| !done[v] && distance[v].is_some())
        .min_by_key(|&v| distance[v])
    {
        done[v] = true;
        let here = distance[v].unwrap_or(0);
        for &(to, cost) in &graph.adjacency[v] {
            if distance[to].is_none_or(|d| here + cost < d) {
                distance[to] = Some(here + cost);
            }
        }
    }
    distance
}

/// The estimates: each node's distance times its `scale` in quarters (an admissible estimate,
/// inconsistent where neighbours are scaled differently), [`UNREACHABLE`] where no goal is
/// reachable.
fn estimates(distance: &[Option<u64>], scale: &[u64]) -> Vec<u64> {
    distance
        .iter()
        .enumerate()
        .map(|(v, d)| d.map_or(UNREACHABLE, |d| d * scale[v % scale.len()] / 4))
        .collect()
}

/// A table of estimates as a heuristic that updates from its parent's estimate, checking that
/// the estimate it is handed is its own for the parent, never one raised by pathmax.
struct Table<'h>(&'h [u64]);

impl Heuristic<usize, u64> for Table<'_> {
    fn estimate(&self, &node: &usize) -> u64 {
        self.0[node]
    }

    fn estimate_successor(&self, &parent: &usize, parent_estimate: u64, &node: &usize) -> u64 {
        assert_eq!(
            parent_estimate, self.0[parent],
            "the parent's estimate handed to the heuristic is its own"
        );
        self.0[node]
    }
}

/// [`Table`] for the in-place searches, estimating a move before it is made where `before`.
struct MoveTable<'h> {
    h: &'h [u64],
    before: bool,
}

impl IncrementalHeuristic<usize, Edge, u64> for MoveTable<'_> {
    type Context = ();

    fn begin(&self, &node: &usize) -> (u64, ()) {
        (self.h[node], ())
    }

    fn update(&self, &node: &usize, (from, to, _): Edge, estimate: u64, _: &mut ()) -> u64 {
        assert_eq!(node, to);
        assert_eq!(
            estimate, self.h[from],
            "the parent's estimate handed to the heuristic is its own"
        );
        self.h[node]
    }

    fn estimate_move(
        &self,
        &node: &usize,
        (from, to, _): Edge,
        estimate: u64,
        _: &mut (),
    ) -> Option<u64> {
        assert_eq!(node, from);
        assert_eq!(
            estimate, self.h[from],
            "the parent's estimate handed to the heuristic is its own"
        );
        self.before.then(|| self.h[to])
    }
}

/// An undirected graph moved in place, every move with its inverse (parent pruning by moves);
/// with `answers`, it also lists its moves as a table, declares its fixed cost where every
/// edge costs the same and gives a move's cost before it is made.
struct Walk<'g> {
    graph: &'g Graph<u64>,
    tables: Vec<Vec<Edge>>,
    fixed: Option<u64>,
    answers: bool,
}

impl<'g> Walk<'g> {
    fn new(graph: &'g Graph<u64>, answers: bool) -> Self {
        let tables: Vec<Vec<Edge>> = (0..graph.len())
            .map(|v| {
                graph.adjacency[v]
                    .iter()
                    .map(|&(to, c)| (v, to, c))
                    .collect()
            })
            .collect();
        let mut costs = tables.iter().flatten().map(|&(_, _, c)| c);
        let fixed = costs.next().filter(|&first| costs.all(|c| c == first));
        Walk {
            graph,
            tables,
            fixed,
            answers,
        }
    }
}

impl InPlaceProblem for Walk<'_> {
    type State = usize;
    type Move = Edge;
    type Cost = u64;

    fn starts(&self) -> impl IntoIterator<Item = usize> {
        self.graph.starts.clone()
    }

    fn is_goal(&self, &node: &usize) -> bool {
        self.graph.goals[node]
    }

    fn moves(&self, &node: &usize, out: &mut Moves<'_, Edge>) {
        out.extend(self.tables[node].iter().copied());
    }

    fn apply(&self, node: &mut usize, (from, to, cost): Edge) -> u64 {
        assert_eq!(*node, from);
        *node = to;
        cost
    }

    fn undo(&self, node: &mut usize, (from, to, _): Edge) {
        assert_eq!(*node, to);
        *node = from;
    }

    fn inverse(&self, (from, to, cost): Edge) -> Option<Edge> {
        Some((to, from, cost))
    }

    fn move_table(&self, &node: &usize) -> Option<&[Edge]> {
        self.answers.then(|| &self.tables[node][..])
    }

    fn fixed_cost(&self) -> Option<u64> {
        self.fixed.filter(|_| self.answers)
    }

    fn move_cost(&self, _: &usize, (_, _, cost): Edge) -> Option<u64> {
        self.answers.then_some(cost)
    }
}

/// The optimal cost, or `None` without a path; any other outcome is a failure.
fn cost_of<S: std::fmt::Debug>(
    result: Result<informed::Solution<S, u64>, SearchError<S, u64>>,
) -> Result<Option<u64>, TestCaseError> {
    match result {
        Ok(solution) => Ok(Some(solution.cost())),
        Err(SearchError::NoPath { .. }) => Ok(None),
        Err(error) => Err(TestCaseError::fail(format!("{error:?}"))),
    }
}

/// The counts, with the outcome, of a search.
fn counts<S, C: Copy>(result: &Result<informed::Solution<S, C>, SearchError<S, C>>) -> Stats {
    match result {
        Ok(solution) => solution.stats(),
        Err(error) => error.stats(),
    }
}

fn reference(graph: &Graph<u64>) -> Result<Option<u64>, TestCaseError> {
    cost_of(informed::dijkstra(graph))
}

fn check_of(index: u8) -> CycleCheck {
    [CycleCheck::Off, CycleCheck::Parent, CycleCheck::Path][index as usize]
}

proptest! {
    #![proptest_config(config())]

    /// Copying IDA*, every rule and cycle check, on inconsistent estimates: Dijkstra's cost.
    /// (Without a cycle check that rules out repeats, a cap on expansions ends the few
    /// searches that would wander long; those are not compared.)
    #[test]
    fn idastar_returns_dijkstras_cost(
        graph in graph(7, 1..5u64),
        scale in prop::collection::vec(0..=4u64, 1..8),
        check in 0..3u8,
    ) {
        let graph = undirected(&graph);
        let h = estimates(&distances(&graph), &scale);
        let expected = reference(&graph)?;
        for rule in RULES {
            let result = Search::new(&graph)
                .cycle_check(check_of(check))
                .cost_bound(COST_BOUND)
                .max_expansions(200_000)
                .pathmax(rule)
                .idastar_with(Table(&h));
            if matches!(result, Err(SearchError::LimitReached { .. })) {
                prop_assert!(check_of(check) != CycleCheck::Path);
                continue;
            }
            prop_assert_eq!(cost_of(result)?, expected, "{:?}", rule);
        }
    }

    /// In-place IDA*, every rule, with parent pruning by moves and no limit (the loop of a
    /// search nothing but the bounds can stop, and with one cost for every move and the moves
    /// estimated before they are made, the fast loop), on unit costs: Dijkstra's cost.
    #[test]
    fn in_place_lean_idastar_returns_dijkstras_cost(
        graph in graph(7, 1..2u64),
        scale in prop::collection::vec(0..=4u64, 1..8),
        answers: bool,
        before: bool,
    ) {
        let graph = undirected(&graph);
        let h = estimates(&distances(&graph), &scale);
        let expected = reference(&graph)?;
        let walk = Walk::new(&graph, answers);
        for rule in RULES {
            let result = Search::new(&InPlace::new(&walk))
                .cycle_check(CycleCheck::Parent)
                .cost_bound(COST_BOUND)
                .pathmax(rule)
                .idastar_in_place_with(MoveTable { h: &h, before });
            prop_assert_eq!(cost_of(result)?, expected, "{:?}", rule);
        }
    }

    /// In-place IDA*, every rule and cycle check, on varied costs: Dijkstra's cost (a cap on
    /// expansions as for the copying search), and the copying search's counts.
    #[test]
    fn in_place_idastar_returns_dijkstras_cost(
        graph in graph(7, 1..5u64),
        scale in prop::collection::vec(0..=4u64, 1..8),
        check in 0..3u8,
        answers: bool,
        before: bool,
    ) {
        let graph = undirected(&graph);
        let h = estimates(&distances(&graph), &scale);
        let expected = reference(&graph)?;
        let walk = Walk::new(&graph, answers);
        for rule in RULES {
            let result = Search::new(&InPlace::new(&walk))
                .cycle_check(check_of(check))
                .cost_bound(COST_BOUND)
                .max_expansions(200_000)
                .pathmax(rule)
                .idastar_in_place_with(MoveTable { h: &h, before });
            // The same search as the copying engine's, node for node.
            let copying = Search::new(&graph)
                .cycle_check(check_of(check))
                .cost_bound(COST_BOUND)
                .max_expansions(200_000)
                .pathmax(rule)
                .idastar_with(Table(&h));
            prop_assert_eq!(counts(&result), counts(&copying), "{:?}", rule);
            if matches!(result, Err(SearchError::LimitReached { .. })) {
                prop_assert!(check_of(check) != CycleCheck::Path);
                continue;
            }
            prop_assert_eq!(cost_of(result)?, expected, "{:?}", rule);
        }
    }

    /// With a consistent heuristic (the true distance), pathmax and BPMX raise nothing: every
    /// rule gives the same outcome and the same counts, copying and in place.
    #[test]
    fn consistent_heuristic_same_counts(
        graph in graph(7, 1..5u64),
        check in 1..3u8,
        answers: bool,
        before: bool,
    ) {
        let graph = undirected(&graph);
        let h = estimates(&distances(&graph), &[4]);
        let walk = Walk::new(&graph, answers);
        let copying: Vec<_> = RULES
            .iter()
            .map(|&rule| {
                let result = Search::new(&graph)
                    .cycle_check(check_of(check))
                    .cost_bound(COST_BOUND)
                    .pathmax(rule)
                    .idastar_with(Table(&h));
                (result.as_ref().map(|s| s.path().to_vec()).ok(), counts(&result))
            })
            .collect();
        let in_place: Vec<_> = RULES
            .iter()
            .map(|&rule| {
                let result = Search::new(&InPlace::new(&walk))
                    .cycle_check(check_of(check))
                    .cost_bound(COST_BOUND)
                    .pathmax(rule)
                    .idastar_in_place_with(MoveTable { h: &h, before });
                (result.as_ref().map(|s| s.path().to_vec()).ok(), counts(&result))
            })
            .collect();
        prop_assert_eq!(&copying[1], &copying[0]);
        prop_assert_eq!(&copying[2], &copying[0]);
        prop_assert_eq!(&in_place[1], &in_place[0]);
        prop_assert_eq!(&in_place[2], &in_place[0]);
    }
}

/// A fixed graph where BPMX backs up (every edge costs 1, both ways):
///
/// ```text
///   Y1   Y2   Y3
///     \  |  /
///        X
///        |
///        S — P — G
/// ```
///
/// with h(S) = 2, h(X) = 0, h(Y1) = 4, h(Y2) = h(Y3) = 0, h(P) = 1, h(G) = 0: admissible
/// (the true costs are 2, 3, 4, 4, 4, 1, 0), inconsistent from X to Y1. S lists X before P,
/// X lists S, Y1, Y2, Y3. Within the first bound, 2, IDA* without pathmax, and with pathmax
/// alone (which raises h(X) to 1 and leaves f(X) = 2), expands S, X, Y2, Y3 (Y1's f is 6), P
/// and G: 6 expansions, 11 generated (S; X, P; S, Y1, Y2, Y3; X; X; S, G). BPMX raises h(X)
/// to h(Y1) − 1 = 3 on generating Y1, f(X) = 4 > 2, and backs up from X before Y2 and Y3;
/// h(S) stays max(2, 3 − 1) = 2: S, X, P and G, 4 expansions and 9 generated.
fn backing_up() -> (Graph<u64>, Vec<u64>) {
    // S 0, X 1, Y1 2, Y2 3, Y3 4, P 5, G 6.
    let edges = [(0, 1), (0, 5), (1, 2), (1, 3), (1, 4), (5, 6)];
    let mut adjacency = vec![Vec::new(); 7];
    for (a, b) in edges {
        adjacency[a].push((b, 1));
        adjacency[b].push((a, 1));
    }
    let mut goals = vec![false; 7];
    goals[6] = true;
    let graph = Graph {
        adjacency,
        starts: vec![0],
        goals,
        numbered: false,
    };
    (graph, vec![2, 0, 4, 0, 0, 1, 0])
}

#[test]
fn bpmx_backs_up_with_known_counts() -> Result<(), Box<dyn std::error::Error>> {
    let (graph, h) = backing_up();
    let walk = Walk::new(&graph, true);
    for (rule, expanded, generated) in [
        (Pathmax::Off, 6, 11),
        (Pathmax::Forward, 6, 11),
        (Pathmax::Bidirectional, 4, 9),
    ] {
        let copying = Search::new(&graph)
            .cycle_check(CycleCheck::Parent)
            .pathmax(rule)
            .idastar_with(Table(&h))?;
        assert_eq!(copying.cost(), 2, "{rule:?}");
        assert_eq!(copying.path(), &[0, 5, 6], "{rule:?}");
        let stats = copying.stats();
        assert_eq!(
            (stats.expanded, stats.generated),
            (expanded, generated),
            "{rule:?}"
        );
        assert_eq!(stats.iterations, 1, "{rule:?}");
        for before in [false, true] {
            let in_place = Search::new(&InPlace::new(&walk))
                .cycle_check(CycleCheck::Parent)
                .pathmax(rule)
                .idastar_in_place_with(MoveTable { h: &h, before })?;
            assert_eq!(in_place.cost(), 2, "{rule:?}");
            assert_eq!(in_place.stats(), stats, "{rule:?} in place");
        }
    }
    Ok(())
}

/// BPMX's raised estimates set the next bound: the least f that exceeded the bound is taken
/// with them. From S (h 0) the only way is through A (h 0), whose neighbours are B (h 5, the
/// true cost from B to the goal G at the end of a chain beyond it) and C, a dead end (h 0);
/// every edge costs 1. Without BPMX (and with pathmax alone, which raises nothing here), the
/// bounds are 0, 1, 2 (C's f) and 7 (B's). With BPMX, generating B raises h(A) to 4: f(A) = 5
/// exceeds the bound 1, A is left before C, and 5 is the next bound, where C (raised to 3) is
/// expanded with f = 5.
#[test]
fn bpmx_raises_the_next_bound() -> Result<(), Box<dyn std::error::Error>> {
    // S 0, A 1, B 2, a chain 3, 4, 5, 6 to the goal 7, and C 8.
    let mut adjacency = vec![Vec::new(); 9];
    for (a, b) in [
        (0, 1),
        (1, 2),
        (1, 8),
        (2, 3),
        (3, 4),
        (4, 5),
        (5, 6),
        (6, 7),
    ] {
        adjacency[a].push((b, 1));
        adjacency[b].push((a, 1));
    }
    let mut goals = vec![false; 9];
    goals[7] = true;
    let graph = Graph {
        adjacency,
        starts: vec![0],
        goals,
        numbered: false,
    };
    let h = [0, 0, 5, 0, 0, 0, 0, 0, 0];
    let walk = Walk::new(&graph, true);
    let mut bounds = BTreeMap::new();
    for rule in RULES {
        let mut seen = Vec::new();
        let solution = Search::new(&graph)
            .cycle_check(CycleCheck::Parent)
            .pathmax(rule)
            .on_event(|event| {
                if let informed::Event::IterationEnd {
                    bound: informed::IterationBound::Cost(bound),
                    ..
                } = event
                {
                    seen.push(bound);
                }
            })
            .idastar_with(Table(&h))?;
        assert_eq!(solution.cost(), 7, "{rule:?}");
        let in_place = Search::new(&InPlace::new(&walk))
            .cycle_check(CycleCheck::Parent)
            .pathmax(rule)
            .idastar_in_place_with(MoveTable {
                h: &h,
                before: false,
            })?;
        assert_eq!(in_place.stats(), solution.stats(), "{rule:?} in place");
        bounds.insert(format!("{rule:?}"), seen);
    }
    assert_eq!(bounds["Off"], [0, 1, 2, 7]);
    assert_eq!(bounds["Forward"], [0, 1, 2, 7]);
    assert_eq!(bounds["Bidirectional"], [0, 1, 5, 7]);
    Ok(())
}

/// The puzzle's Manhattan distance, which updates its estimate from the parent's, is consistent:
/// every rule expands the same nodes, copying and in place.
#[test]
fn manhattan_same_counts_every_rule() -> Result<(), Box<dyn std::error::Error>> {
    use informed::puzzle::SlidingPuzzle;
    let puzzle = SlidingPuzzle::new(3, 3)?;
    let problem = puzzle.problem(puzzle.parse("8 6 7 2 5 4 3 0 1")?)?;
    let mut seen = Vec::new();
    for rule in RULES {
        let copying = Search::new(&problem)
            .cycle_check(CycleCheck::Parent)
            .pathmax(rule)
            .idastar_with(puzzle.manhattan())?;
        let in_place = Search::new(&problem)
            .cycle_check(CycleCheck::Parent)
            .pathmax(rule)
            .idastar_in_place_with(puzzle.manhattan())?;
        assert_eq!(copying.cost(), 31);
        assert_eq!(in_place.cost(), 31);
        seen.push((copying.stats(), in_place.stats()));
    }
    assert_eq!(seen[1], seen[0]);
    assert_eq!(seen[2], seen[0]);
    Ok(())
}

/// Parallel IDA* refuses pathmax and BPMX before searching (its threads search subtrees whose
/// paths are put back without the raised estimates), and runs with it off.
#[cfg(feature = "rayon")]
#[test]
fn parallel_idastar_refuses_pathmax() -> Result<(), Box<dyn std::error::Error>> {
    let (graph, h) = backing_up();
    let walk = Walk::new(&graph, true);
    for rule in [Pathmax::Forward, Pathmax::Bidirectional] {
        let error = Search::new(&InPlace::new(&walk))
            .pathmax(rule)
            .par_idastar_in_place_with(MoveTable {
                h: &h,
                before: false,
            })
            .unwrap_err();
        assert_eq!(
            error,
            SearchError::Unsupported {
                option: "pathmax",
                algorithm: "par_idastar_in_place",
            }
        );
    }
    let solution = Search::new(&InPlace::new(&walk))
        .pathmax(Pathmax::Off)
        .par_idastar_in_place_with(MoveTable {
            h: &h,
            before: false,
        })?;
    assert_eq!(solution.cost(), 2);
    Ok(())
}

/// On the 8-puzzle with an inconsistent heuristic (Manhattan distance on about half the
/// boards, chosen by a hash of the board, 0 on the others), every rule finds the optimum, in
/// place and copying, node for node the same search; pathmax alone expands what IDA* without
/// it expands, BPMX less.
#[test]
fn inconsistent_puzzle_heuristic_in_place_equals_copying() -> Result<(), Box<dyn std::error::Error>>
{
    use informed::puzzle::{Board, SlidingPuzzle};
    use std::hash::{DefaultHasher, Hash, Hasher};
    let puzzle = SlidingPuzzle::new(3, 3)?;
    let manhattan = puzzle.manhattan();
    let h = |board: &Board| {
        // `DefaultHasher::new` hashes the same on every run.
        let mut hasher = DefaultHasher::new();
        board.hash(&mut hasher);
        if hasher.finish() % 2 == 0 {
            manhattan.estimate(board)
        } else {
            0
        }
    };
    for (board, optimal) in [("8 6 7 2 5 4 3 0 1", 31), ("6 4 7 8 5 0 3 2 1", 31)] {
        let problem = puzzle.problem(puzzle.parse(board)?)?;
        let mut expanded = Vec::new();
        for rule in RULES {
            let copying = Search::new(&problem)
                .cycle_check(CycleCheck::Parent)
                .pathmax(rule)
                .idastar(h)?;
            let in_place = Search::new(&problem)
                .cycle_check(CycleCheck::Parent)
                .pathmax(rule)
                .idastar_in_place(h)?;
            assert_eq!(copying.cost(), optimal, "{rule:?}");
            assert_eq!(in_place.stats(), copying.stats(), "{rule:?}");
            expanded.push(copying.stats().expanded);
        }
        assert_eq!(expanded[1], expanded[0], "{board}");
        assert!(expanded[2] < expanded[0], "{board}: {expanded:?}");
    }
    Ok(())
}
