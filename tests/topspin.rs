//! TopSpin(N, K): moves that undo themselves, the pattern database admissible and consistent
//! on every reachable state of TopSpin(8, 4) against breadth-first distances, and the
//! searches' costs against those distances.

use std::collections::HashMap;
use std::sync::OnceLock;

use informed::pdb::PdbError;
use informed::topspin::{TopSpin, TopSpinError, TopSpinPdb};
use informed::{Afresh, Heuristic, InPlaceProblem, Moves, SearchError, SearchProblem};
use proptest::prelude::*;

/// Every state of TopSpin(8, 4) that reaches the goal, with its distance (moves undo
/// themselves, so the flood from the goal gives the distances to it).
fn distances() -> &'static HashMap<[u8; 8], usize> {
    static DISTANCES: OnceLock<HashMap<[u8; 8], usize>> = OnceLock::new();
    DISTANCES.get_or_init(|| {
        let puzzle = TopSpin::<8>::new(4).unwrap();
        let problem = puzzle.problem(TopSpin::<8>::GOAL).unwrap();
        informed::bfs_reach(&problem).collect()
    })
}

fn pdb(tokens: usize) -> &'static TopSpinPdb<8> {
    static PDBS: OnceLock<Vec<TopSpinPdb<8>>> = OnceLock::new();
    &PDBS.get_or_init(|| {
        let puzzle = TopSpin::<8>::new(4).unwrap();
        (1..=5).map(|k| puzzle.pdb(k).unwrap()).collect()
    })[tokens - 1]
}

#[test]
fn reversing_four_reaches_the_even_half() {
    // Every move reverses 4 tokens: two swaps, an even permutation. All 20,160 even
    // arrangements are reached.
    assert_eq!(distances().len(), 40320 / 2);
    let odd = {
        let mut state = TopSpin::<8>::GOAL;
        state.swap(0, 1);
        state
    };
    assert!(!distances().contains_key(&odd));
    let puzzle = TopSpin::<8>::new(4).unwrap();
    let problem = puzzle.problem(odd).unwrap();
    assert!(matches!(
        informed::astar_with(&problem, pdb(4)),
        Err(SearchError::NoPath { .. })
    ));
}

#[test]
fn the_pdb_is_admissible_and_consistent_on_every_reachable_state() {
    let puzzle = TopSpin::<8>::new(4).unwrap();
    let problem = puzzle.problem(TopSpin::<8>::GOAL).unwrap();
    for tokens in [3, 4, 5] {
        let h = pdb(tokens);
        assert_eq!(h.database().len(), (8 - tokens + 1..=8).product::<usize>());
        let mut exact = 0;
        for (state, &distance) in distances() {
            let estimate: u32 = h.estimate(state);
            assert!(
                estimate as usize <= distance,
                "{state:?}: {estimate} > {distance}"
            );
            exact += usize::from(estimate as usize == distance);
            for (next, cost) in SearchProblem::successors(&problem, state) {
                assert!(estimate <= cost + h.estimate(&next), "{state:?} → {next:?}");
            }
        }
        // Informative, or the test proves little: the estimate is exact somewhere besides
        // the goal.
        assert!(exact > 1, "{tokens} tokens");
    }
    // More tokens, a stronger estimate.
    let sum = |tokens| -> u64 {
        distances()
            .keys()
            .map(|s| -> u64 {
                let h: u32 = pdb(tokens).estimate(s);
                u64::from(h)
            })
            .sum()
    };
    assert!(sum(3) <= sum(4) && sum(4) <= sum(5));
}

fn reachable() -> impl Strategy<Value = [u8; 8]> {
    (any::<u64>(), 0usize..30)
        .prop_map(|(seed, moves)| TopSpin::<8>::new(4).unwrap().scramble(seed, moves))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn moves_undo_themselves(state in reachable()) {
        let puzzle = TopSpin::<8>::new(4).unwrap();
        let problem = puzzle.problem(state).unwrap();
        let mut moves = Vec::new();
        problem.moves(&state, &mut Moves::new(&mut moves));
        prop_assert_eq!(&moves[..], &[0, 1, 2, 3, 4, 5, 6, 7][..]);
        prop_assert_eq!(problem.move_table(&state), Some(&moves[..]));
        for &at in &moves {
            let mut moved = state;
            prop_assert_eq!(problem.apply(&mut moved, at), 1);
            // Four tokens reversed, the other four in place.
            let changed = (0..8).filter(|&i| moved[i] != state[i]).count();
            prop_assert_eq!(changed, 4);
            for j in 0..4 {
                prop_assert_eq!(moved[(usize::from(at) + j) % 8], state[(usize::from(at) + 3 - j) % 8]);
            }
            problem.undo(&mut moved, at);
            prop_assert_eq!(moved, state);
            prop_assert_eq!(problem.inverse(at), Some(at));
        }
    }

    #[test]
    fn searches_with_the_pdb_find_the_optimum(state in reachable()) {
        let puzzle = TopSpin::<8>::new(4).unwrap();
        let problem = puzzle.problem(state).unwrap();
        let exact = distances()[&state] as u32;
        let astar = informed::astar_with(&problem, pdb(4)).unwrap();
        let idastar = informed::idastar_in_place_with(&problem, Afresh(pdb(4))).unwrap();
        prop_assert_eq!(astar.cost(), exact);
        prop_assert_eq!(idastar.cost(), exact);
        prop_assert_eq!(*idastar.path().last().unwrap(), TopSpin::<8>::GOAL);
    }
}

#[test]
fn larger_rings_solve() {
    // TopSpin(14, 4), the literature's usual size, from scrambles: A* and IDA* agree.
    let puzzle = TopSpin::<14>::new(4).unwrap();
    let h = puzzle.pdb(4).unwrap();
    for seed in 0..3 {
        let start = puzzle.scramble(seed, 7);
        let problem = puzzle.problem(start).unwrap();
        let astar = informed::astar_with(&problem, &h).unwrap();
        let idastar = informed::idastar_in_place_with(&problem, Afresh(&h)).unwrap();
        assert_eq!(astar.cost(), idastar.cost(), "seed {seed}");
        assert!(astar.cost() <= 7);
        let bfs = informed::bidirectional_bfs(&problem).unwrap();
        assert_eq!(bfs.steps() as u32, astar.cost(), "seed {seed}");
    }
}

#[test]
fn bad_sizes_and_states_are_refused() {
    assert_eq!(
        TopSpin::<8>::new(9).unwrap_err(),
        TopSpinError::BadSize {
            tokens: 8,
            turnstile: 9
        }
    );
    assert!(TopSpin::<8>::new(1).is_err());
    assert!(TopSpin::<65>::new(4).is_err());
    let puzzle = TopSpin::<4>::new(3).unwrap();
    let error = puzzle.problem([0, 1, 1, 3]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "state [0, 1, 1, 3] is not the tokens 0 to 3 once each: 2 is missing"
    );
    assert_eq!(
        puzzle.problem([3, 0, 9, 1]).unwrap_err(),
        TopSpinError::NotAPermutation {
            state: vec![3, 0, 9, 1],
            missing: 2
        }
    );
    assert!(puzzle.check(&[3, 2, 0, 1]).is_ok());
    assert!(matches!(puzzle.pdb(5), Err(PdbError::BadPlacements { .. })));
}
