//! The pocket cube: its published distance histograms in both metrics (the first layers in
//! every build, all of them in release: `cargo test --release --test cube -- --ignored`),
//! turns that undo one another, and the corner pattern databases admissible and consistent
//! against exact distances.

use informed::cube::{CornerPdb, Face, Metric, POSITIONS, PocketCube, Position, Turn, Turns};
use informed::{Afresh, Heuristic, InPlaceProblem, Moves, SearchProblem};
use proptest::prelude::*;

/// Positions at each distance from the solved cube, in the half-turn metric.
const HALF_TURN: [usize; 12] = [
    1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644,
];

/// Positions at each distance from the solved cube, in the quarter-turn metric.
const QUARTER_TURN: [usize; 15] = [
    1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280, 276,
];

/// The number of positions at each distance up to `depth` (every distance, with `usize::MAX`),
/// by breadth-first search from the solved cube, and the positions with their distances.
fn histogram(cube: &PocketCube, depth: usize) -> (Vec<usize>, Vec<(Position, usize)>) {
    let problem = cube.problem(PocketCube::SOLVED);
    let reached: Vec<(Position, usize)> = informed::bfs_reach(&problem)
        .take_while(|&(_, d)| d <= depth)
        .collect();
    let mut counts = Vec::new();
    for &(_, d) in &reached {
        if counts.len() <= d {
            counts.resize(d + 1, 0);
        }
        counts[d] += 1;
    }
    (counts, reached)
}

/// The heuristic never exceeds a distance and changes by at most a move's cost along a move,
/// on every position given.
fn check_heuristic(cube: &PocketCube, h: &CornerPdb, positions: &[(Position, usize)]) {
    let problem = cube.problem(PocketCube::SOLVED);
    for &(position, distance) in positions {
        let estimate: u32 = h.estimate(&position);
        assert!(
            estimate as usize <= distance,
            "{position:?}: {estimate} > {distance}"
        );
        for (next, cost) in SearchProblem::successors(&problem, &position) {
            assert!(
                estimate <= cost + h.estimate(&next),
                "{position:?} → {next:?}"
            );
        }
    }
}

#[test]
fn first_layers_match_the_published_histograms() {
    for (metric, published, depth) in [
        (Metric::HalfTurn, &HALF_TURN[..], 5),
        (Metric::QuarterTurn, &QUARTER_TURN[..], 6),
    ] {
        let cube = PocketCube::new(metric);
        let (counts, reached) = histogram(&cube, depth);
        assert_eq!(counts, published[..=depth], "{metric:?}");
        check_heuristic(&cube, &cube.corner_pdb().unwrap(), &reached);
    }
}

#[test]
#[ignore = "3.7 M positions a metric: slow in debug builds; .ci/run runs it in release"]
fn full_histograms_match_the_published_ones_and_the_heuristic_is_admissible_everywhere() {
    for (metric, published) in [
        (Metric::HalfTurn, &HALF_TURN[..]),
        (Metric::QuarterTurn, &QUARTER_TURN[..]),
    ] {
        let cube = PocketCube::new(metric);
        let (counts, reached) = histogram(&cube, usize::MAX);
        assert_eq!(counts, published, "{metric:?}");
        assert_eq!(reached.len(), POSITIONS);
        let h = cube.corner_pdb().unwrap();
        check_heuristic(&cube, &h, &reached);
        // Every abstract state is some position's projection, so the largest estimate is the
        // larger of the two databases' largest entries.
        let max = reached.iter().map(|&(p, _)| h.estimate(&p)).max().unwrap();
        assert_eq!(
            u32::from(h.twist().max_distance().max(h.arrangement().max_distance())),
            max
        );
        let estimates: u64 = reached
            .iter()
            .map(|&(p, _)| u64::from(h.estimate(&p)))
            .sum();
        let distances: usize = reached.iter().map(|&(_, d)| d).sum();
        println!(
            "{metric:?}: mean estimate {:.3}, mean distance {:.3}, largest estimate {max}",
            estimates as f64 / POSITIONS as f64,
            distances as f64 / POSITIONS as f64
        );
    }
}

fn metric() -> impl Strategy<Value = Metric> {
    prop_oneof![Just(Metric::HalfTurn), Just(Metric::QuarterTurn)]
}

fn turn() -> impl Strategy<Value = Turn> {
    (
        prop_oneof![Just(Face::Up), Just(Face::Right), Just(Face::Front)],
        1u8..=3,
    )
        .prop_map(|(face, quarters)| Turn { face, quarters })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn turns_undo_one_another(seed in any::<u64>(), turn in turn()) {
        let cube = PocketCube::new(Metric::HalfTurn);
        let position = cube.scramble(seed, 0);
        prop_assert!(position.index() < POSITIONS);
        prop_assert_eq!(cube.apply(cube.apply(position, turn), turn.inverse()), position);
        // A quarter turn four times is no turn; a half turn is two quarters.
        let quarter = Turn { face: turn.face, quarters: 1 };
        let twice = cube.apply(cube.apply(position, quarter), quarter);
        prop_assert_eq!(cube.apply(position, Turn { face: turn.face, quarters: 2 }), twice);
        prop_assert_eq!(cube.apply(cube.apply(twice, quarter), quarter), position);
        prop_assert_ne!(cube.apply(position, turn), position);
        // In place: apply and undo restore the position; the inverse leads back.
        let problem = cube.problem(position);
        let mut moved = position;
        problem.apply(&mut moved, turn);
        problem.undo(&mut moved, turn);
        prop_assert_eq!(moved, position);
        prop_assert_eq!(problem.inverse(turn), Some(turn.inverse()));
    }

    #[test]
    fn the_heuristic_is_admissible_and_searches_are_optimal(
        metric in metric(),
        seed in any::<u64>(),
    ) {
        let cube = PocketCube::new(metric);
        let h = cube.corner_pdb().unwrap();
        let start = cube.scramble(seed, 0);
        let problem = cube.problem(start);
        let exact = informed::bidirectional_bfs(&problem).unwrap().steps() as u32;
        let estimate: u32 = h.estimate(&start);
        prop_assert!(estimate <= exact);
        for (next, cost) in SearchProblem::successors(&problem, &start) {
            prop_assert!(estimate <= cost + h.estimate(&next));
        }
        let astar = informed::astar_with(&problem, &h).unwrap();
        prop_assert_eq!(astar.cost(), exact);
        let idastar = informed::idastar_in_place_with(&problem, Afresh(&h)).unwrap();
        prop_assert_eq!(idastar.cost(), exact);
        let turns = cube.turns(idastar.path());
        prop_assert_eq!(turns.len() as u32, exact);
        prop_assert_eq!(cube.apply_all(start, &turns), PocketCube::SOLVED);
    }
}

#[test]
fn moves_follow_the_metric() {
    let half = PocketCube::new(Metric::HalfTurn);
    let quarter = PocketCube::new(Metric::QuarterTurn);
    let names = |cube: &PocketCube| {
        cube.moves()
            .iter()
            .map(Turn::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(names(&half), "U U2 U' R R2 R' F F2 F'");
    assert_eq!(names(&quarter), "U U' R R' F F'");
    let problem = quarter.problem(PocketCube::SOLVED);
    let mut moves = Vec::new();
    problem.moves(&PocketCube::SOLVED, &mut Moves::new(&mut moves));
    assert_eq!(moves, quarter.moves());
    assert_eq!(
        problem.move_table(&PocketCube::SOLVED),
        Some(quarter.moves())
    );
    // The successors are the moves applied, in the same order.
    let successors: Vec<Position> = SearchProblem::successors(&problem, &PocketCube::SOLVED)
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    let applied: Vec<Position> = moves
        .iter()
        .map(|&t| quarter.apply(PocketCube::SOLVED, t))
        .collect();
    assert_eq!(successors, applied);
}

#[test]
fn turns_parse_and_print() {
    let turns: Turns = "R U2 F'  U".parse().unwrap();
    let printed: Vec<String> = turns.0.iter().map(Turn::to_string).collect();
    assert_eq!(printed, ["R", "U2", "F'", "U"]);
    let error = "R D".parse::<Turns>().unwrap_err();
    assert_eq!(error.text, "D");
    assert!(error.to_string().contains("\"D\" is no turn"), "{error}");
    assert!("U3".parse::<Turn>().is_err());
    assert_eq!(Position::from_index(POSITIONS), None);
    assert_eq!(Position::from_index(5).map(Position::index), Some(5));
}
