//! NBS against A* and bidirectional BFS, as the NBS paper measures it: the pancake puzzle with
//! the GAP heuristic and its weaker GAP-1 and GAP-2 (which ignore the gaps next to the one or
//! two smallest pancakes), 50 seeded random stacks each of 10, 12 and 14 pancakes; and twelve
//! of Korf's 15-puzzles with Manhattan distance (forward to the goal, backward to the start).
//! Prints the states each expands and its search time, summed per set (one run: the counts
//! are exact, the times as noisy as the machine). Every cost is checked against A*'s.
//!
//! `cargo run --release -p informed-bench --bin nbs [korf | pancakes N]`; the 15-puzzles are
//! skipped, saying so, without `../shared`.

#[path = "korf/mod.rs"]
mod korf;

use std::time::Instant;

use informed::puzzle::SlidingPuzzle;
use informed::{Bidirectional, Limit, Search, SearchError, SearchProblem, Solution};

/// A stack of up to 16 pancakes, one nibble each from the top, sorted by flips of the top k.
#[derive(Clone, Copy)]
struct Pancakes {
    count: usize,
    start: u64,
}

fn unpack(stack: u64, count: usize) -> [u8; 16] {
    let mut cakes = [0u8; 16];
    for (i, cake) in cakes.iter_mut().enumerate().take(count) {
        *cake = (stack >> (4 * i) & 15) as u8;
    }
    cakes
}

fn pack(cakes: &[u8]) -> u64 {
    cakes
        .iter()
        .enumerate()
        .fold(0, |stack, (i, &cake)| stack | u64::from(cake) << (4 * i))
}

impl Pancakes {
    fn sorted(&self) -> u64 {
        pack(&(0..self.count as u8).collect::<Vec<_>>())
    }

    fn flips(&self, stack: u64) -> impl Iterator<Item = (u64, u32)> + use<> {
        let count = self.count;
        let cakes = unpack(stack, count);
        (2..=count).map(move |k| {
            let mut flipped = cakes;
            flipped[..k].reverse();
            (pack(&flipped[..count]), 1)
        })
    }
}

impl SearchProblem for Pancakes {
    type State = u64;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = u64> {
        [self.start]
    }

    fn is_goal(&self, stack: &u64) -> bool {
        *stack == self.sorted()
    }

    fn successors(&self, stack: &u64) -> impl IntoIterator<Item = (u64, u32)> {
        self.flips(*stack)
    }
}

impl Bidirectional for Pancakes {
    fn goals(&self) -> impl IntoIterator<Item = u64> {
        [self.sorted()]
    }

    fn predecessors(&self, stack: &u64) -> impl IntoIterator<Item = (u64, u32)> {
        // A flip is its own inverse.
        self.flips(*stack)
    }
}

/// GAP-`ignored`: the neighbours (the plate below the stack counts as pancake `count`) that are
/// not neighbours in `order` (the sorted stack forward, the start backward), leaving out the
/// pairs with one of the `ignored` smallest pancakes.
fn gaps(stack: u64, count: usize, position: &[u8; 17], ignored: u8) -> u32 {
    let cakes = unpack(stack, count);
    let mut gaps = 0;
    for i in 0..count {
        let (a, b) = (
            cakes[i],
            if i + 1 < count {
                cakes[i + 1]
            } else {
                count as u8
            },
        );
        if a < ignored || b < ignored {
            continue;
        }
        let (pa, pb) = (position[usize::from(a)], position[usize::from(b)]);
        gaps += u32::from(pa.abs_diff(pb) != 1);
    }
    gaps
}

/// `position[cake]`: where `cake` is in `stack`, the plate at `count`.
fn positions(stack: u64, count: usize) -> [u8; 17] {
    let mut position = [0u8; 17];
    for (i, &cake) in unpack(stack, count).iter().enumerate().take(count) {
        position[usize::from(cake)] = i as u8;
    }
    position[count] = count as u8;
    position
}

/// A seeded shuffle of `count` pancakes (SplitMix64, Fisher–Yates).
fn random_stack(count: usize, seed: &mut u64) -> u64 {
    let mut cakes: Vec<u8> = (0..count as u8).collect();
    for i in (1..count).rev() {
        *seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = *seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        let j = ((z ^ (z >> 31)) % (i as u64 + 1)) as usize;
        cakes.swap(i, j);
    }
    pack(&cakes)
}

/// Expansions and milliseconds, summed over a set; the number a cap stopped.
#[derive(Default)]
struct Tally {
    expanded: u64,
    millis: f64,
    capped: usize,
}

impl Tally {
    fn add<S: std::fmt::Debug>(
        &mut self,
        outcome: &Result<Solution<S, u32>, SearchError<S, u32>>,
        started: Instant,
        expected: Option<u32>,
    ) {
        self.millis += started.elapsed().as_secs_f64() * 1e3;
        match outcome {
            Ok(solution) => {
                self.expanded += solution.stats().expanded;
                if let Some(expected) = expected {
                    assert_eq!(solution.cost(), expected, "the same optimal cost as A*");
                }
            }
            Err(SearchError::LimitReached {
                limit: Limit::StoredStates(_),
                stats,
                ..
            }) => {
                self.expanded += stats.expanded;
                self.capped += 1;
            }
            Err(error) => panic!("{error:?}"),
        }
    }

    fn cell(&self) -> String {
        let capped = if self.capped > 0 {
            format!(" ({} capped)", self.capped)
        } else {
            String::new()
        };
        format!("{:>11} {:>9.0}{capped}", self.expanded, self.millis)
    }
}

/// States a bidirectional BFS may hold before it is counted as out of reach here.
const BFS_CAP: u64 = 20_000_000;

fn main() {
    // `nbs korf` runs the 15-puzzles alone, `nbs pancakes N` the stacks of N pancakes alone.
    let args: Vec<String> = std::env::args().skip(1).collect();
    let only_korf = args.first().is_some_and(|a| a == "korf");
    let sizes: Vec<usize> = match (args.first().map(String::as_str), args.get(1)) {
        (Some("pancakes"), Some(n)) => vec![n.parse().expect("a number of pancakes, 2 to 16")],
        (Some("korf"), _) => Vec::new(),
        _ => vec![10, 12, 14],
    };
    println!(
        "{:<22} {:>21} {:>21} {:>21}",
        "set", "A* (expanded, ms)", "NBS", "bidirectional BFS"
    );
    for count in sizes {
        assert!((2..=16).contains(&count), "2 to 16 pancakes");
        for ignored in 0..3u8 {
            let (mut astar, mut nbs, mut bfs) =
                (Tally::default(), Tally::default(), Tally::default());
            let mut seed = 2017 + count as u64;
            for _ in 0..50 {
                let problem = Pancakes {
                    count,
                    start: random_stack(count, &mut seed),
                };
                let goal = positions(problem.sorted(), count);
                let start = positions(problem.start, count);
                let forward = |s: &u64| gaps(*s, count, &goal, ignored);
                let backward = |s: &u64| gaps(*s, count, &start, ignored);
                let started = Instant::now();
                let optimal = informed::astar(&problem, forward);
                astar.add(&optimal, started, None);
                let optimal = optimal.ok().map(|s| s.cost());
                let started = Instant::now();
                nbs.add(
                    &informed::nbs(&problem, forward, backward),
                    started,
                    optimal,
                );
                // 14 pancakes are out of reach of bidirectional BFS: each side holds some 10^8
                // stacks before they meet.
                if ignored == 0 && count <= 12 {
                    let started = Instant::now();
                    let outcome = Search::new(&problem)
                        .max_stored(BFS_CAP)
                        .bidirectional_bfs();
                    bfs.add(&outcome, started, optimal);
                }
            }
            let bfs = match (ignored, count) {
                (0, ..=12) => bfs.cell(),
                (0, _) => "(out of reach)".into(),
                _ => "(as GAP)".into(),
            };
            println!(
                "{:<22} {} {} {}",
                format!("{count} pancakes, GAP-{ignored}"),
                astar.cell(),
                nbs.cell(),
                bfs
            );
        }
    }
    if !args.is_empty() && !only_korf {
        return;
    }
    let puzzle = korf::puzzle();
    let Some(instances) = korf::instances(&puzzle) else {
        println!("skipped: Korf's 15-puzzles (../shared/data is absent)");
        return;
    };
    let mut easiest: Vec<_> = instances.iter().collect();
    easiest.sort_by_key(|i| i.published);
    for instance in easiest.into_iter().take(12) {
        let problem = puzzle.problem(instance.board).expect("solvable");
        let text: Vec<String> = puzzle
            .tiles(instance.board)
            .iter()
            .map(u8::to_string)
            .collect();
        let back = SlidingPuzzle::new(4, 4)
            .and_then(|p| p.with_goal(&text.join(" ")))
            .expect("the start is a board");
        let (mut astar, mut nbs) = (Tally::default(), Tally::default());
        let started = Instant::now();
        let outcome = informed::astar_with(&problem, puzzle.manhattan());
        astar.add(&outcome, started, Some(instance.optimal));
        let started = Instant::now();
        let outcome = informed::nbs_with(&problem, puzzle.manhattan(), back.manhattan());
        nbs.add(&outcome, started, Some(instance.optimal));
        println!(
            "{:<22} {} {}",
            format!("Korf #{} ({} moves)", instance.id, instance.optimal),
            astar.cell(),
            nbs.cell()
        );
    }
}
