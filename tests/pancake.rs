//! The pancake puzzle: its diameters against OEIS A058986 by breadth-first search, the gap
//! heuristic admissible and consistent against exact distances, its incremental form against
//! a recount, flips that undo themselves, and the searches' costs against BFS.

use std::collections::HashMap;
use std::sync::OnceLock;

use informed::pancake::{Gap, MAX_PANCAKES, PancakeError, Pancakes, flip, gaps};
use informed::{Heuristic, InPlace, InPlaceProblem, IncrementalHeuristic, Moves, SearchProblem};
use proptest::prelude::*;

/// The depth of every stack of N pancakes from the sorted one. Flips undo themselves, so the
/// depth is also the stack's distance to the goal.
fn distances<const N: usize>() -> HashMap<[u8; N], usize> {
    let problem = Pancakes::new(Pancakes::<N>::SORTED).unwrap();
    informed::bfs_reach(&problem).collect()
}

/// The diameter of the puzzle of N pancakes: its graph is a Cayley graph (every stack looks
/// like every other), so the farthest stack from the sorted one is as far as any two get.
fn diameter<const N: usize>() -> usize {
    let depths = distances::<N>();
    assert_eq!(
        depths.len(),
        (1..=N).product::<usize>(),
        "every stack reached"
    );
    depths.values().copied().max().unwrap()
}

#[test]
fn diameters_are_oeis_a058986() {
    // OEIS A058986, n = 1 to 8.
    let published = [0, 1, 3, 4, 5, 7, 8, 9];
    let found = [
        diameter::<1>(),
        diameter::<2>(),
        diameter::<3>(),
        diameter::<4>(),
        diameter::<5>(),
        diameter::<6>(),
        diameter::<7>(),
        diameter::<8>(),
    ];
    assert_eq!(found, published);
}

/// 362,880 stacks: seconds in a debug build, so .ci/run runs it in release
/// (`cargo test --release --test pancake -- --ignored`).
#[test]
#[ignore = "slow in debug builds; .ci/run runs it in release"]
fn diameter_of_nine_is_oeis_a058986() {
    assert_eq!(diameter::<9>(), 10);
}

fn eight() -> &'static HashMap<[u8; 8], usize> {
    static DISTANCES: OnceLock<HashMap<[u8; 8], usize>> = OnceLock::new();
    DISTANCES.get_or_init(distances::<8>)
}

#[test]
fn gap_is_admissible_and_consistent_on_every_stack_of_seven() {
    let depths = distances::<7>();
    let problem = Pancakes::new(Pancakes::<7>::SORTED).unwrap();
    for (stack, &depth) in &depths {
        let h = gaps(stack);
        assert!(h as usize <= depth, "{stack:?}: {h} > {depth}");
        assert_eq!(h == 0, *stack == Pancakes::<7>::SORTED);
        for (next, cost) in SearchProblem::successors(&problem, stack) {
            assert!(h <= cost + gaps(&next), "{stack:?} → {next:?}");
        }
    }
}

fn stack_of_eight() -> impl Strategy<Value = [u8; 8]> {
    Just(Pancakes::<8>::SORTED).prop_shuffle().prop_map(|v| v)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn gap_is_admissible_and_consistent_on_random_stacks(stack in stack_of_eight()) {
        let depth = eight()[&stack];
        let h: u32 = Gap.estimate(&stack);
        prop_assert!(h as usize <= depth);
        let problem = Pancakes::new(stack).unwrap();
        for (next, _) in SearchProblem::successors(&problem, &stack) {
            prop_assert!(h <= 1 + gaps(&next));
            prop_assert!(eight()[&next].abs_diff(depth) <= 1);
        }
    }

    #[test]
    fn flips_undo_themselves_and_the_gap_follows_them(stack in stack_of_eight()) {
        let problem = Pancakes::new(stack).unwrap();
        let mut moves = Vec::new();
        problem.moves(&stack, &mut Moves::new(&mut moves));
        prop_assert_eq!(&moves[..], problem.move_table(&stack).unwrap());
        prop_assert_eq!(&moves[..], &[2, 3, 4, 5, 6, 7, 8][..]);
        let (h, mut context) = Gap.begin(&stack);
        prop_assert_eq!(h, gaps(&stack));
        for &k in &moves {
            let before = Gap.estimate_move(&stack, k, h, &mut context).unwrap();
            let mut flipped = stack;
            prop_assert_eq!(problem.apply(&mut flipped, k), 1);
            prop_assert_eq!(Gap.update(&flipped, k, h, &mut context), gaps(&flipped));
            prop_assert_eq!(before, gaps(&flipped));
            let inverse = problem.inverse(k).unwrap();
            let mut back = flipped;
            problem.apply(&mut back, inverse);
            prop_assert_eq!(back, stack);
            problem.undo(&mut flipped, k);
            prop_assert_eq!(flipped, stack);
        }
    }

    #[test]
    fn searches_with_gap_find_the_optimum(stack in stack_of_eight()) {
        let problem = Pancakes::new(stack).unwrap();
        let depth = eight()[&stack] as u32;
        let astar = informed::astar_with(&problem, Gap).unwrap();
        let idastar = informed::idastar_in_place_with(&problem, Gap).unwrap();
        let generic = informed::idastar_with(&InPlace::new(&problem), Gap).unwrap();
        prop_assert_eq!(astar.cost(), depth);
        prop_assert_eq!(idastar.cost(), depth);
        prop_assert_eq!(generic.cost(), depth);
        let path = idastar.path();
        prop_assert_eq!(path[0], stack);
        prop_assert_eq!(*path.last().unwrap(), Pancakes::<8>::SORTED);
        for pair in path.windows(2) {
            let k = (2..=8u8).find(|&k| { let mut s = pair[0]; flip(&mut s, k); s == pair[1] });
            prop_assert!(k.is_some(), "{:?} → {:?} is no flip", pair[0], pair[1]);
        }
    }
}

#[test]
fn larger_stacks_solve_in_place() {
    // 14 pancakes: beyond BFS in a test, so the check is against A* with the same heuristic.
    for seed in 0..3 {
        let problem = Pancakes::<14>::random(seed, 0);
        let idastar = informed::idastar_in_place_with(&problem, Gap).unwrap();
        let astar = informed::astar_with(&problem, Gap).unwrap();
        assert_eq!(idastar.cost(), astar.cost(), "seed {seed}");
        assert!(idastar.cost() >= gaps(&problem.start()));
    }
    // Scrambled by 5 flips: at most 5 from the goal.
    let near = Pancakes::<20>::random(7, 5);
    assert!(informed::idastar_in_place_with(&near, Gap).unwrap().cost() <= 5);
}

#[test]
fn bad_stacks_are_refused() {
    let error = Pancakes::new([0, 1, 1, 3]).unwrap_err();
    assert_eq!(
        error,
        PancakeError::NotAPermutation {
            stack: vec![0, 1, 1, 3],
            missing: 2
        }
    );
    assert_eq!(
        error.to_string(),
        "stack [0, 1, 1, 3] is not the sizes 0 to 3 once each: 2 is missing"
    );
    assert!(matches!(
        Pancakes::new([0, 1, 9]),
        Err(PancakeError::NotAPermutation { missing: 2, .. })
    ));
    assert!(matches!(
        Pancakes::new([0u8; MAX_PANCAKES + 1]),
        Err(PancakeError::TooMany { pancakes: 256 })
    ));
    assert!(Pancakes::new([0u8]).is_ok());
    assert_eq!(Pancakes::<1>::random(3, 0).flips(), &[] as &[u8]);
}
