//! The in-place engine (`idastar_in_place`, `iddfs_in_place`, `depth_first_in_place`) against
//! the copying one: on random graphs moved in place, every outcome, path and count equal under
//! every cycle check, expansion cap and cost bound; on random sliding puzzles, the same
//! statistics with parent pruning by moves; on random pancake stacks, an optimal cost. And the
//! in-place engine against itself: a problem that answers the optional questions (a move table,
//! a fixed cost, a move's cost and estimate before it is made) gives exactly what it gives
//! without them.

mod common;

use std::cell::Cell;

use common::{
    CostlyPancakes, FloatGaps, Graph, NodeEstimate, Pancakes, TableWalk, Walk, config, gaps, graph,
};
use informed::puzzle::{AdditivePdb, Partition, Reflection, SlidingPuzzle};
use informed::{
    Afresh, CycleCheck, Event, Heuristic, InPlace, InPlaceProblem, IncrementalHeuristic, Limit,
    Moves, Search, SearchError,
};
use proptest::prelude::*;

#[derive(Clone, Copy, Debug)]
enum Algorithm {
    DepthFirst(usize),
    Iddfs,
    Idastar,
}

fn check_name(index: u8) -> CycleCheck {
    [CycleCheck::Off, CycleCheck::Parent, CycleCheck::Path][index as usize]
}

/// The outcome, with the best path of a limit and every event the observer saw.
fn outcome<S: std::fmt::Debug, C: std::fmt::Debug>(
    result: Result<informed::Solution<S, C>, SearchError<S, C>>,
) -> String {
    match result {
        Ok(solution) => format!("{solution:?}"),
        Err(SearchError::LimitReached { limit, stats, best }) => {
            format!("{limit:?} {stats:?} {best:?}")
        }
        Err(error) => format!("{error:?}"),
    }
}

proptest! {
    #![proptest_config(config())]

    /// Every depth-first search, moved in place, gives what the copying engine gives: the
    /// outcome (path, cost, error, the best path at a limit), every count and every event.
    #[test]
    fn in_place_searches_equal_the_copying_ones(
        graph in graph(8, 0..4u64),
        seeds in prop::collection::vec(any::<u64>(), 1..8),
        check in 0..3u8,
        algorithm in prop_oneof![
            (0..6usize).prop_map(Algorithm::DepthFirst),
            Just(Algorithm::Iddfs),
            Just(Algorithm::Idastar),
        ],
        cost_bound in prop::option::of(0..12u64),
        cap in 1..400u64,
        max_stored in prop::option::of(1..6u64),
    ) {
        let exact = graph.remaining_costs();
        let h: Vec<u64> = exact
            .iter()
            .zip(seeds.iter().cycle())
            .map(|(d, seed)| d.map_or(100, |d| seed % (d as u64 + 1)))
            .collect();
        let check = check_name(check);
        let walk = InPlace::new(Walk(&graph));
        let mut copying_events = Vec::new();
        let mut in_place_events = Vec::new();
        let mut copying = Search::new(&graph)
            .cycle_check(check)
            .max_expansions(cap)
            .on_event(|event: Event<'_, usize, u64>| copying_events.push(format!("{event:?}")));
        let mut in_place = Search::new(&walk)
            .cycle_check(check)
            .max_expansions(cap)
            .on_event(|event: Event<'_, usize, u64>| in_place_events.push(format!("{event:?}")));
        if let Some(bound) = cost_bound {
            copying = copying.cost_bound(bound);
            in_place = in_place.cost_bound(bound);
        }
        if let Some(limit) = max_stored {
            copying = copying.max_stored(limit);
            in_place = in_place.max_stored(limit);
        }
        let (expected, found) = match algorithm {
            Algorithm::DepthFirst(depth) => {
                (copying.depth_first(depth), in_place.depth_first_in_place(depth))
            }
            Algorithm::Iddfs => (copying.iddfs(), in_place.iddfs_in_place()),
            Algorithm::Idastar => (
                copying.idastar(|&v: &usize| h[v]),
                in_place.idastar_in_place(|&v: &usize| h[v]),
            ),
        };
        prop_assert_eq!(outcome(found), outcome(expected));
        prop_assert_eq!(in_place_events, copying_events);
    }

    /// On the 8-puzzle, IDA* in place with parent pruning by the inverse move expands, generates
    /// and returns what the copying engine does with parent pruning by boards, for Manhattan
    /// updated by the move and for linear conflict computed afresh.
    #[test]
    fn puzzles_in_place_equal_the_copying_engine(seed in any::<u64>()) {
        let puzzle = SlidingPuzzle::new(3, 3).unwrap();
        let problem = puzzle.problem(puzzle.random_board(seed)).unwrap();
        let copying = Search::new(&problem)
            .cycle_check(CycleCheck::Parent)
            .idastar_with(puzzle.manhattan())
            .unwrap();
        let in_place = Search::new(&InPlace::new(problem))
            .cycle_check(CycleCheck::Parent)
            .idastar_in_place_with(puzzle.manhattan())
            .unwrap();
        prop_assert_eq!(&in_place, &copying);
        let conflict = Search::new(&InPlace::new(problem))
            .cycle_check(CycleCheck::Parent)
            .idastar_in_place_with(Afresh(puzzle.linear_conflict()))
            .unwrap();
        let astar = informed::astar_with(&problem, puzzle.linear_conflict()).unwrap();
        prop_assert_eq!(conflict.cost(), astar.cost());
    }

    /// Along a random walk on the 8-puzzle, the additive pattern databases updated by each
    /// slide (one group looked up, two with the reflection) equal the estimate computed
    /// afresh, as does Manhattan; IDA* in place with them counts as the copying engine does.
    #[test]
    fn incremental_estimates_equal_the_fresh_ones(
        seed in any::<u64>(),
        walk in prop::collection::vec(any::<prop::sample::Index>(), 0..60),
        split in 1..8usize,
        reflect in any::<bool>(),
    ) {
        let puzzle = SlidingPuzzle::new(3, 3).unwrap();
        let groups = vec![(1..=split as u8).collect(), (split as u8 + 1..=8).collect()];
        let pdb = AdditivePdb::build(&puzzle, &Partition::new(&puzzle, groups).unwrap()).unwrap();
        let pdb = if reflect {
            pdb.with_reflection(Reflection::Diagonal).unwrap()
        } else {
            pdb
        };
        let manhattan = puzzle.manhattan();
        let problem = puzzle.problem(puzzle.random_board(seed)).unwrap();
        let mut board = problem.start();
        let (mut h, mut context) = pdb.begin(&board);
        let mut m = manhattan.begin(&board).0;
        prop_assert_eq!(h, pdb.estimate(&board));
        let mut moves = Vec::new();
        for index in walk.iter() {
            moves.clear();
            problem.moves(&board, &mut Moves::new(&mut moves));
            // The table the problem keeps holds the moves it lists, in order.
            prop_assert_eq!(problem.move_table(&board), Some(&moves[..]));
            let slide = *index.get(&moves);
            // What the move costs and leads to, asked before it is made ...
            let cost_before = problem.move_cost(&board, slide);
            let mut context_before = context;
            let h_before = pdb.estimate_move(&board, slide, h, &mut context_before);
            let m_before = manhattan.estimate_move(&board, slide, m, &mut ());
            let h_parent = h;
            prop_assert_eq!(problem.apply(&mut board, slide), 1);
            h = pdb.update(&board, slide, h, &mut context);
            m = manhattan.update(&board, slide, m, &mut ());
            prop_assert_eq!(h, pdb.estimate(&board));
            prop_assert_eq!(m, manhattan.estimate(&board));
            // ... is what it costs and leads to once made.
            prop_assert_eq!(cost_before, Some(1));
            prop_assert_eq!(h_before, Some(h));
            prop_assert_eq!(m_before, Some(m));
            prop_assert_eq!(format!("{context_before:?}"), format!("{context:?}"));
            // Asked of the move back, the parent's estimate.
            prop_assert_eq!(
                pdb.estimate_move(&board, slide.inverse(), h, &mut { context }),
                Some(h_parent)
            );
        }
        // The 24-puzzle's Manhattan reads its distances from a table by tile, not by nibble.
        let large = SlidingPuzzle::new(5, 5).unwrap();
        let large_manhattan = large.manhattan();
        let large_problem = large.problem(large.random_board(seed)).unwrap();
        let mut large_board = large_problem.start();
        let mut m = large_manhattan.begin(&large_board).0;
        for index in walk.iter().take(20) {
            let slide = *index.get(large_problem.move_table(&large_board).unwrap());
            let before = large_manhattan.estimate_move(&large_board, slide, m, &mut ());
            large_problem.apply(&mut large_board, slide);
            m = large_manhattan.update(&large_board, slide, m, &mut ());
            prop_assert_eq!(before, Some(m));
            prop_assert_eq!(m, large_manhattan.estimate(&large_board));
        }
        let copying = Search::new(&problem)
            .cycle_check(CycleCheck::Parent)
            .idastar_with(&pdb)
            .unwrap();
        let in_place = Search::new(&InPlace::new(problem))
            .cycle_check(CycleCheck::Parent)
            .idastar_in_place_with(&pdb)
            .unwrap();
        prop_assert_eq!(in_place, copying);
    }

    /// A graph searched in place through a problem that answers the optional questions (each
    /// node's moves as a table, a move's cost before it is made, a fixed cost where every edge
    /// costs the same) and a heuristic that estimates a move before it is made gives exactly
    /// what the same graph and heuristic give without those answers: the outcome (path, cost,
    /// error, where a limit stopped it and the best path it held), every count and every
    /// event, under every cycle check, with and without an expansion cap, a cap on stored
    /// states, a cancel callback and a cost bound, with steps and estimates large enough to
    /// overflow. Where the estimate keeps no context, both give what the copying engine gives
    /// (which `in_place_searches_equal_the_copying_ones` checks with a cap only).
    #[test]
    fn answers_change_nothing_but_the_work_on_graphs(
        graph in graph(8, prop_oneof![6 => 0..4u64, 1 => Just(u64::MAX / 2), 1 => Just(u64::MAX)]),
        same_cost in prop::option::of(prop_oneof![Just(0u64), Just(1), Just(3), Just(u64::MAX / 2)]),
        seeds in prop::collection::vec(any::<u64>(), 1..8),
        huge in any::<u64>(),
        (cost_known, known) in (any::<u64>(), any::<u64>()),
        check in 0..3u8,
        algorithm in prop_oneof![
            (0..6usize).prop_map(Algorithm::DepthFirst),
            Just(Algorithm::Iddfs),
            Just(Algorithm::Idastar),
        ],
        cost_bound in prop::option::of(0..12u64),
        limits in any::<bool>(),
        cap in 1..400u64,
        max_stored in prop::option::of(1..6u64),
        cancel_after in prop::option::of(0..60u64),
        shift in any::<bool>(),
    ) {
        let graph = match same_cost {
            Some(cost) => graph.with_costs(cost),
            None => graph,
        };
        let exact = graph.remaining_costs();
        // Admissible estimates, some of them near the top of `u64` (f overflows).
        let h: Vec<u64> = exact
            .iter()
            .zip(seeds.iter().cycle())
            .enumerate()
            .map(|(v, (d, seed))| match huge >> v & 1 == 1 && seed % 4 == 0 {
                true => u64::MAX - seed % 3,
                false => d.map_or(100, |d| seed % (d as u64).saturating_add(1)),
            })
            .collect();
        let check = check_name(check);
        // Without limits, only where the search ends by itself: a depth-first search, or IDA*
        // within a cost bound. Otherwise an expansion cap, and maybe the others.
        let unlimited = !limits
            && match algorithm {
                Algorithm::DepthFirst(_) => true,
                Algorithm::Idastar => cost_bound.is_some(),
                Algorithm::Iddfs => false,
            };
        let plain = InPlace::new(Walk(&graph));
        let answering = InPlace::new(TableWalk::new(&graph, cost_known));
        // The options of the three searches compared.
        macro_rules! limited {
            ($search:expr, $calls:expr) => {{
                let mut search = $search.cycle_check(check);
                if let Some(bound) = cost_bound {
                    search = search.cost_bound(bound);
                }
                if !unlimited {
                    search = search.max_expansions(cap);
                    if let Some(limit) = max_stored {
                        search = search.max_stored(limit);
                    }
                    if let Some(after) = cancel_after {
                        let calls: &Cell<u64> = $calls;
                        search = search.cancel_when(move || {
                            calls.set(calls.get() + 1);
                            calls.get() > after
                        });
                    }
                }
                search
            }};
        }
        let (plain_calls, answering_calls, copying_calls) =
            (Cell::new(0u64), Cell::new(0u64), Cell::new(0u64));
        let (mut plain_events, mut answering_events, mut copying_events) =
            (Vec::new(), Vec::new(), Vec::new());
        let plain_search = limited!(Search::new(&plain), &plain_calls)
            .on_event(|event: Event<'_, usize, u64>| plain_events.push(format!("{event:?}")));
        let answering_search = limited!(Search::new(&answering), &answering_calls)
            .on_event(|event: Event<'_, usize, u64>| answering_events.push(format!("{event:?}")));
        let copying_search = limited!(Search::new(&graph), &copying_calls)
            .on_event(|event: Event<'_, usize, u64>| copying_events.push(format!("{event:?}")));
        let plain_h = NodeEstimate { h: &h, known: 0, shift };
        let answering_h = NodeEstimate { h: &h, known, shift };
        let (expected, found, copied) = match algorithm {
            Algorithm::DepthFirst(depth) => (
                plain_search.depth_first_in_place(depth),
                answering_search.depth_first_in_place(depth),
                copying_search.depth_first(depth),
            ),
            Algorithm::Iddfs => (
                plain_search.iddfs_in_place(),
                answering_search.iddfs_in_place(),
                copying_search.iddfs(),
            ),
            Algorithm::Idastar => (
                plain_search.idastar_in_place_with(plain_h),
                answering_search.idastar_in_place_with(answering_h),
                copying_search.idastar(|&v: &usize| h[v]),
            ),
        };
        let expected = outcome(expected);
        prop_assert_eq!(outcome(found), expected.clone());
        prop_assert_eq!(&answering_events, &plain_events);
        prop_assert_eq!(answering_calls.get(), plain_calls.get());
        if !shift || !matches!(algorithm, Algorithm::Idastar) {
            prop_assert_eq!(outcome(copied), expected);
            prop_assert_eq!(&copying_events, &plain_events);
            prop_assert_eq!(copying_calls.get(), plain_calls.get());
        }
        // The answers are what the search could use: the same fixed cost on both sides of the
        // comparison when every edge costs the same.
        if same_cost.is_some() && graph.adjacency.iter().any(|edges| !edges.is_empty()) {
            prop_assert_eq!(answering.get().fixed(), same_cost);
        }
    }

    /// Random pancake stacks with a step cost of `f64` (NaN, negative, zero, infinite and huge
    /// ones among them) and the gap heuristic (scaled up to infinity, NaN for some stacks): the
    /// problem that answers the optional questions, with the heuristic that estimates a flip
    /// before it is made, gives exactly what they give without those answers, under every
    /// cycle check and cost bound, with and without an expansion cap: the same outcome, errors
    /// included, counts and events.
    #[test]
    fn answers_change_nothing_but_the_work_on_pancakes(
        stack in Just((0..6u8).collect::<Vec<_>>()).prop_shuffle(),
        cost in prop_oneof![
            4 => Just(1.0f64),
            1 => Just(0.5),
            1 => Just(0.0),
            1 => Just(-1.0),
            1 => Just(f64::NAN),
            1 => Just(f64::INFINITY),
            1 => Just(f64::MAX),
        ],
        scale in prop_oneof![4 => Just(1.0f64), 1 => Just(0.25), 1 => Just(f64::MAX)],
        nan_top in prop::option::of(0..8u8),
        check in 0..3u8,
        algorithm in prop_oneof![
            (0..6usize).prop_map(Algorithm::DepthFirst),
            Just(Algorithm::Iddfs),
            Just(Algorithm::Idastar),
        ],
        cost_bound in prop::option::of(0.0..8.0f64),
        cap in prop::option::of(1..3_000u64),
    ) {
        let start: [u8; 6] = stack.try_into().unwrap();
        let check = check_name(check);
        // Zero-cost flips leave IDA* and IDDFS many paths: a cap for all but depth-first search.
        let cap = match algorithm {
            Algorithm::DepthFirst(_) => cap,
            _ => Some(cap.unwrap_or(3_000)),
        };
        let run = |answers: bool| {
            let problem = InPlace::new(CostlyPancakes::new(start, cost, answers));
            let heuristic = FloatGaps { scale, nan_top, answers };
            let mut events = Vec::new();
            let mut search = Search::new(&problem)
                .cycle_check(check)
                .on_event(|event: Event<'_, [u8; 6], f64>| events.push(format!("{event:?}")));
            if let Some(bound) = cost_bound {
                search = search.cost_bound(bound);
            }
            if let Some(cap) = cap {
                search = search.max_expansions(cap);
            }
            let result = match algorithm {
                Algorithm::DepthFirst(depth) => search.depth_first_in_place(depth),
                Algorithm::Iddfs => search.iddfs_in_place(),
                Algorithm::Idastar => search.idastar_in_place_with(heuristic),
            };
            (outcome(result), events)
        };
        let (expected, expected_events) = run(false);
        let (found, found_events) = run(true);
        prop_assert_eq!(found, expected);
        prop_assert_eq!(found_events, expected_events);
    }

    /// On random pancake stacks (not a sliding puzzle), IDA* in place with the gap heuristic
    /// finds the optimal number of flips, as breadth-first search over the copying view does;
    /// with parent pruning by the flip's inverse as with the path check.
    #[test]
    fn pancakes_in_place_are_sorted_optimally(stack in Just((0..7u8).collect::<Vec<_>>()).prop_shuffle()) {
        let problem = Pancakes::<7>(stack.try_into().unwrap());
        let fewest = informed::bfs(&InPlace::new(&problem)).unwrap();
        let pruned = Search::new(&InPlace::new(&problem))
            .cycle_check(CycleCheck::Parent)
            .idastar_in_place(gaps)
            .unwrap();
        let path_checked = informed::idastar_in_place(&problem, gaps).unwrap();
        prop_assert_eq!(pruned.cost() as usize, fewest.steps());
        prop_assert_eq!(path_checked.cost(), pruned.cost());
        prop_assert!(problem.is_goal(pruned.path().last().unwrap()));
        for pair in pruned.path().windows(2) {
            let flipped = (2..=7u8).any(|k| {
                let mut after = pair[0];
                after[..usize::from(k)].reverse();
                after == pair[1]
            });
            prop_assert!(flipped, "each step is a flip");
        }
    }
}

#[test]
fn a_limit_hands_back_the_path_replayed_from_the_start() {
    let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    let problem = puzzle
        .problem(
            puzzle
                .parse("5 1 2 4 9 6 3 8 13 10 7 11 0 14 15 12")
                .unwrap(),
        )
        .unwrap();
    let error = Search::new(&InPlace::new(problem))
        .cycle_check(CycleCheck::Parent)
        .max_expansions(5)
        .idastar_in_place_with(puzzle.manhattan())
        .unwrap_err();
    assert_eq!(error.limit(), Some(Limit::Expansions(5)));
    let SearchError::LimitReached {
        best: Some(best), ..
    } = error
    else {
        panic!("a depth-first search stopped at a limit holds its path")
    };
    // One move a step from the start (`moves` panics otherwise).
    assert_eq!(best.path()[0], problem.start());
    assert_eq!(puzzle.moves(best.path()).len(), best.path().len() - 1);
}

#[test]
fn zero_cost_cycles_do_not_trap_in_place_idastar() {
    // A ring 0 → 1 → 2 → 0 of free steps, and a step of cost 1 from 2 to the goal 3.
    let graph = Graph {
        adjacency: vec![vec![(1, 0)], vec![(2, 0)], vec![(0, 0), (3, 1)], vec![]],
        starts: vec![0],
        goals: vec![false, false, false, true],
        numbered: false,
    };
    for check in [CycleCheck::Off, CycleCheck::Parent, CycleCheck::Path] {
        let solution = Search::new(&InPlace::new(Walk(&graph)))
            .cycle_check(check)
            .idastar_in_place(|_: &usize| 0)
            .unwrap();
        assert_eq!(solution.path(), &[0, 1, 2, 3], "{check:?}");
        assert_eq!(solution.cost(), 1);
    }
}

/// A problem that answers none of the optional questions gets `None` for each; a reference to
/// a problem (and to a heuristic) answers what the problem (the heuristic) answers.
#[test]
fn optional_answers_default_to_none_and_pass_through_references() {
    let graph = common::Graph {
        adjacency: vec![vec![(1, 3)], vec![]],
        goals: vec![false, true],
        starts: vec![0],
        numbered: false,
    };
    let walk = Walk(&graph);
    assert_eq!(walk.move_table(&0), None);
    assert_eq!(walk.fixed_cost(), None);
    assert_eq!(walk.move_cost(&0, (0, 1, 3)), None);
    assert_eq!(
        Afresh(|_: &usize| 0u64).estimate_move(&0, (0, 1, 3), 0, &mut ()),
        None
    );

    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let problem = puzzle
        .problem(puzzle.parse("8 6 7 2 5 4 3 0 1").unwrap())
        .unwrap();
    let board = problem.start();
    let by_ref = &&problem;
    assert_eq!(by_ref.move_table(&board), problem.move_table(&board));
    assert_eq!(by_ref.fixed_cost(), Some(1));
    let slide = problem.move_table(&board).unwrap()[0];
    assert_eq!(by_ref.move_cost(&board, slide), Some(1));
    let manhattan = puzzle.manhattan();
    let h = manhattan.begin(&board).0;
    assert_eq!(
        (&&manhattan).estimate_move(&board, slide, h, &mut ()),
        manhattan.estimate_move(&board, slide, h, &mut ())
    );
    assert!(manhattan.estimate_move(&board, slide, h, &mut ()).is_some());
}
