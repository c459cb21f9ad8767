//! IDA* with Manhattan distance on five of Korf's 15-puzzles (28, 45, 61, 5 and 13: a fraction
//! of a second each): `informed::Search::idastar_in_place_with` (one board changed in place,
//! `in-place`) and the generic `informed::Search::idastar` (`informed`, which copies each
//! successor), both with `CycleCheck::Parent`, beside a hand-written recursive IDA*
//! (`korf/hand_written.rs`: one board in place, incremental Manhattan, no move back to the
//! parent, the C reference's algorithm in Rust), in the same process. Every iteration checks
//! the solution length against Korf's optimum, and the setup checks that both expand the same
//! nodes (informed counts the goal too).
//!
//! A second workload, written as a user would (`pancake/mod.rs`): random stacks of 16 pancakes
//! with the gap heuristic, in place with parent pruning, on a problem that answers the optional
//! questions (`in-place`: the flips as a table, a fixed cost, each flip estimated before it is
//! made) and on one that answers none (`listed`), beside a hand-written recursive IDA*
//! (`hand-written`); the setup checks the lengths and that all three expand the same nodes.
//!
//! `cargo bench -p informed-bench --bench idastar`; the 15-puzzles are skipped, saying so,
//! without `../shared`. The C reference itself is measured by `scripts/ida-vs-c.sh`.

#[path = "korf/mod.rs"]
mod korf;
#[path = "pancake/mod.rs"]
mod pancake;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use informed::puzzle::SlidingPuzzle;
use informed::{CycleCheck, InPlace, InPlaceProblem, Search};
use korf::hand_written::HandWritten;

const IDS: [u32; 5] = [28, 45, 61, 5, 13];

/// The pancake stacks of one bench iteration, and their seed.
const STACKS: usize = 200;
const SEED: u64 = 35;

fn idastar(c: &mut Criterion) {
    let puzzle = korf::puzzle();
    let Some(instances) = korf::instances(&puzzle) else {
        return;
    };
    let mut group = c.benchmark_group("korf");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    for instance in instances.iter().filter(|i| IDS.contains(&i.id)) {
        let tiles: [u8; 16] = puzzle
            .tiles(instance.board)
            .try_into()
            .expect("a 15-puzzle board has 16 cells");
        let problem = puzzle.problem(instance.board).expect("solvable");
        let informed = |puzzle: &SlidingPuzzle| {
            Search::new(&problem)
                .cycle_check(CycleCheck::Parent)
                .idastar_with(puzzle.manhattan())
                .expect("Korf's instances are solvable")
        };
        let view = InPlace::new(problem);
        let in_place = |puzzle: &SlidingPuzzle| {
            Search::new(&view)
                .cycle_check(CycleCheck::Parent)
                .idastar_in_place_with(puzzle.manhattan())
                .expect("Korf's instances are solvable")
        };
        let solution = informed(&puzzle);
        assert_eq!(in_place(&puzzle), solution, "the engines agree");
        let mut reference = HandWritten::new(&tiles);
        assert_eq!(reference.solve(), instance.optimal);
        assert_eq!(solution.cost(), instance.optimal);
        assert_eq!(
            solution.stats().expanded,
            reference.expanded + 1,
            "korf {}: the same nodes, plus the goal",
            instance.id
        );
        group.bench_function(format!("{}/informed", instance.id), |b| {
            b.iter(|| assert_eq!(black_box(informed(&puzzle)).cost(), instance.optimal))
        });
        group.bench_function(format!("{}/in-place", instance.id), |b| {
            b.iter(|| assert_eq!(black_box(in_place(&puzzle)).cost(), instance.optimal))
        });
        group.bench_function(format!("{}/hand-written", instance.id), |b| {
            b.iter(|| {
                let mut solver = HandWritten::new(black_box(&tiles));
                assert_eq!(solver.solve(), instance.optimal);
            })
        });
    }
    group.finish();
}

/// Sorts every stack with IDA* in place and the gap heuristic, parent pruning by the flip;
/// returns the total length and expansions.
fn sort_all<P: InPlaceProblem<Move = u8, Cost = u32, State = pancake::Stack>>(
    stacks: &[pancake::Stack],
    problem: impl Fn(pancake::Stack) -> P,
) -> (u32, u64) {
    stacks.iter().fold((0, 0), |(length, expanded), &stack| {
        let solution = Search::new(&InPlace::new(problem(stack)))
            .cycle_check(CycleCheck::Parent)
            .idastar_in_place_with(pancake::Gaps)
            .expect("every stack sorts");
        (
            length + solution.cost(),
            expanded + solution.stats().expanded,
        )
    })
}

/// The hand-written solver on every stack: the total length and expansions, each goal counted
/// as the library counts it.
fn sort_all_by_hand(stacks: &[pancake::Stack]) -> (u32, u64) {
    stacks.iter().fold((0, 0), |(length, expanded), stack| {
        let mut solver = pancake::HandWritten::new(stack);
        (length + solver.solve(), expanded + solver.expanded + 1)
    })
}

fn pancakes(c: &mut Criterion) {
    let stacks = pancake::stacks(STACKS, SEED);
    let reference = sort_all_by_hand(&stacks);
    assert_eq!(
        sort_all(&stacks, pancake::Pancakes),
        reference,
        "the same lengths and nodes"
    );
    assert_eq!(
        sort_all(&stacks, pancake::Listed),
        reference,
        "the same lengths and nodes"
    );
    let mut group = c.benchmark_group("pancakes");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    group.bench_function("in-place", |b| {
        b.iter(|| assert_eq!(sort_all(black_box(&stacks), pancake::Pancakes), reference))
    });
    group.bench_function("listed", |b| {
        b.iter(|| assert_eq!(sort_all(black_box(&stacks), pancake::Listed), reference))
    });
    group.bench_function("hand-written", |b| {
        b.iter(|| assert_eq!(sort_all_by_hand(black_box(&stacks)), reference))
    });
    group.finish();
}

criterion_group!(benches, idastar, pancakes);
criterion_main!(benches);
