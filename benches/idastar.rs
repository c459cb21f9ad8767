//! IDA* with Manhattan distance on five of Korf's 15-puzzles (28, 45, 61, 5 and 13: a fraction
//! of a second each): `informed::Search::idastar_in_place_with` (one board changed in place,
//! `in-place`) and the generic `informed::Search::idastar` (`informed`, which copies each
//! successor), both with `CycleCheck::Parent`, beside a hand-written recursive IDA* in this file (one board in place, incremental Manhattan, no move
//! back to the parent: the C reference's algorithm in Rust), in the same process. Every
//! iteration checks the solution length against Korf's optimum, and the setup checks that both
//! expand the same nodes (informed counts the goal too).
//!
//! `cargo bench -p informed-bench --bench idastar`; skipped, saying so, without `../shared`.
//! The C reference itself is measured by `scripts/ida-vs-c.sh`.

#[path = "korf/mod.rs"]
mod korf;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use informed::puzzle::SlidingPuzzle;
use informed::{CycleCheck, InPlace, Search};

const IDS: [u32; 5] = [28, 45, 61, 5, 13];

/// A plain IDA* for the 4×4 puzzle with the blank's goal in cell 0 and tile t's in cell t.
struct HandWritten {
    tiles: [u8; 16],
    blank: usize,
    /// `distance[tile][cell]`.
    distance: [[u8; 16]; 16],
    expanded: u64,
}

/// The cells the blank can move to, in the reference's order: up, left, right, down.
fn moves(blank: usize) -> [Option<usize>; 4] {
    let (row, column) = (blank / 4, blank % 4);
    [
        (row > 0).then(|| blank - 4),
        (column > 0).then(|| blank - 1),
        (column < 3).then(|| blank + 1),
        (row < 3).then(|| blank + 4),
    ]
}

impl HandWritten {
    fn new(start: &[u8; 16]) -> Self {
        let mut distance = [[0u8; 16]; 16];
        for (tile, row) in distance.iter_mut().enumerate().skip(1) {
            for (cell, d) in row.iter_mut().enumerate() {
                *d = ((cell / 4).abs_diff(tile / 4) + (cell % 4).abs_diff(tile % 4)) as u8;
            }
        }
        let blank = start
            .iter()
            .position(|&t| t == 0)
            .expect("a board has a blank");
        HandWritten {
            tiles: *start,
            blank,
            distance,
            expanded: 0,
        }
    }

    fn manhattan(&self) -> u32 {
        (0..16)
            .map(|cell| u32::from(self.distance[usize::from(self.tiles[cell])][cell]))
            .sum()
    }

    /// The optimal solution length.
    fn solve(&mut self) -> u32 {
        let mut bound = self.manhattan();
        loop {
            let h = self.manhattan();
            match self.probe(0, h, bound, usize::MAX) {
                Ok(()) => return bound,
                Err(next) => bound = next,
            }
        }
    }

    /// `Ok` at a goal within `bound`; otherwise the least f beyond it.
    fn probe(&mut self, g: u32, h: u32, bound: u32, previous: usize) -> Result<(), u32> {
        if h == 0 {
            return Ok(());
        }
        self.expanded += 1;
        let mut least = u32::MAX;
        let blank = self.blank;
        for from in moves(blank).into_iter().flatten() {
            if from == previous {
                continue;
            }
            let tile = usize::from(self.tiles[from]);
            let child_h =
                h + u32::from(self.distance[tile][blank]) - u32::from(self.distance[tile][from]);
            let f = g + 1 + child_h;
            if f > bound {
                least = least.min(f);
                continue;
            }
            self.tiles.swap(blank, from);
            self.blank = from;
            let found = self.probe(g + 1, child_h, bound, blank);
            self.tiles.swap(blank, from);
            self.blank = blank;
            match found {
                Ok(()) => return Ok(()),
                Err(f) => least = least.min(f),
            }
        }
        Err(least)
    }
}

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

criterion_group!(benches, idastar);
criterion_main!(benches);
