//! Pathmax and BPMX in IDA* on an inconsistent heuristic: the 15-puzzle with one additive
//! pattern database (5-5-5), looked up either on the board or on its reflection about the main
//! diagonal, the choice made by a hash of the board (Felner, Zahavi, Schaeffer & Holte, "Dual
//! lookups in pattern databases", IJCAI 2005, made the same kind of random choice among
//! lookups). Both lookups are admissible, and a board's neighbours often get the other one, so
//! the estimate can drop by more than the step: the case pathmax and BPMX are for.
//!
//! ```sh
//! cargo run --release -p informed-bench --bin pathmax_idastar -- [--instances N]
//!     [--heuristic regular|max|random] [--pathmax off|forward|bidirectional]
//!     [--engine in-place|copying]
//! ```
//!
//! Runs in-place IDA* (parent pruning) on the `N` (default 10) of Korf's 100 instances that
//! Korf's own IDA* with Manhattan distance solved with the fewest nodes, and prints, per
//! instance and in total, the expansions and the successors generated of each heuristic and
//! rule: the regular lookup alone, the larger of both lookups (two lookups a board, a
//! consistent-looking but stronger estimate), and the random choice with pathmax off, forward
//! and bidirectional. Every run's cost is checked against the file's optimum. With
//! `--heuristic` and `--pathmax`, only that run (for instruction counts: the searches run
//! inside `measured`, which callgrind can be told to count alone, building the database
//! outside it).
//!
//! Reads `../shared/data/puzzles/korf100.txt` (or `$INFORMED_DATA/puzzles/korf100.txt`) and
//! says it skipped when the file is absent.

#[path = "args/mod.rs"]
mod args;
#[path = "korf/mod.rs"]
mod korf;

use std::hash::{Hash, Hasher};
use std::hint::black_box;

use informed::puzzle::{AdditivePdb, Board, Partition, SlidingPuzzle};
use informed::{Afresh, CycleCheck, Heuristic, Pathmax, Search, Stats};

/// Which lookups a board's estimate takes.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Choice {
    /// The database on the board itself.
    Regular,
    /// The larger of the lookup on the board and on its reflection.
    Max,
    /// One of the two, chosen by a hash of the board.
    Random,
}

/// The pattern database looked up as `choice` says.
#[derive(Clone, Copy)]
struct Lookup<'a> {
    pdb: &'a AdditivePdb,
    puzzle: &'a SlidingPuzzle,
    choice: Choice,
}

/// Cell `cell` of the 4 × 4 board mirrored about the main diagonal. With Korf's goal (tile t
/// in cell t) a tile is renamed by the same map, so the mirrored board's distance to the goal
/// is the board's.
fn mirror(cell: usize) -> usize {
    (cell % 4) * 4 + cell / 4
}

/// A hash of the board, the same on every run: a multiply-rotate over its words.
struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0 ^ word)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }
}

impl Lookup<'_> {
    fn reflected(&self, board: &Board) -> u32 {
        let mut tiles = [0u8; 16];
        for (cell, tile) in (0..16).map(|cell| (cell, self.puzzle.tile(*board, cell))) {
            let tile = usize::from(tile.expect("a 15-puzzle board has 16 cells"));
            tiles[mirror(cell)] = mirror(tile) as u8;
        }
        let mirrored = self
            .puzzle
            .board(&tiles)
            .expect("a mirrored board is a board");
        self.pdb.estimate(&mirrored)
    }
}

impl Heuristic<Board, u32> for Lookup<'_> {
    fn estimate(&self, board: &Board) -> u32 {
        match self.choice {
            Choice::Regular => self.pdb.estimate(board),
            Choice::Max => self.pdb.estimate(board).max(self.reflected(board)),
            Choice::Random => {
                let mut hash = Mix(0x243f_6a88_85a3_08d3);
                board.hash(&mut hash);
                if hash.finish() >> 40 & 1 == 0 {
                    self.pdb.estimate(board)
                } else {
                    self.reflected(board)
                }
            }
        }
    }
}

/// Runs `search`: the only code an instruction count need count.
#[inline(never)]
fn measured<R>(search: impl FnOnce() -> R) -> R {
    black_box(search())
}

fn fail<T>(message: String) -> T {
    args::exit("pathmax_idastar", &message)
}

fn main() {
    let mut args = args::Args::from_env();
    let count: usize = args
        .parsed("--instances", "a number of instances, 1 to 100")
        .unwrap_or_else(fail)
        .unwrap_or(10);
    if !(1..=100).contains(&count) {
        fail::<()>(format!("--instances: expected 1 to 100, got {count}"));
    }
    let heuristic = args
        .choice("--heuristic", &["regular", "max", "random"])
        .unwrap_or_else(fail);
    let pathmax = args
        .choice("--pathmax", &["off", "forward", "bidirectional"])
        .unwrap_or_else(fail);
    let copying = args
        .choice("--engine", &["in-place", "copying"])
        .unwrap_or_else(fail)
        .is_some_and(|engine| engine == "copying");
    args.rest().unwrap_or_else(fail);

    let puzzle = korf::puzzle();
    let Some(mut instances) = korf::instances(&puzzle) else {
        return;
    };
    instances.sort_by_key(|instance| (instance.published, instance.id));
    instances.truncate(count);
    instances.sort_by_key(|instance| instance.id);

    let groups = vec![
        vec![1, 2, 3, 4, 5],
        vec![6, 7, 8, 9, 10],
        vec![11, 12, 13, 14, 15],
    ];
    let partition = Partition::new(&puzzle, groups).unwrap_or_else(|e| fail(e.to_string()));
    let pdb = AdditivePdb::build(&puzzle, &partition).unwrap_or_else(|e| fail(e.to_string()));

    let all = [
        ("regular", Choice::Regular, Pathmax::Off),
        ("max", Choice::Max, Pathmax::Off),
        ("random", Choice::Random, Pathmax::Off),
        ("random", Choice::Random, Pathmax::Forward),
        ("random", Choice::Random, Pathmax::Bidirectional),
    ];
    let runs: Vec<_> = all
        .into_iter()
        .filter(|(name, _, rule)| {
            heuristic.as_deref().is_none_or(|wanted| wanted == *name)
                && pathmax
                    .as_deref()
                    .is_none_or(|wanted| wanted.eq_ignore_ascii_case(&format!("{rule:?}")))
        })
        .collect();
    if runs.is_empty() {
        fail::<()>("no run matches --heuristic and --pathmax".to_owned());
    }

    println!(
        "{} of Korf's instances (ids {:?}), additive 5-5-5 database, {} IDA*, parent pruning",
        instances.len(),
        instances.iter().map(|i| i.id).collect::<Vec<_>>(),
        if copying { "copying" } else { "in-place" }
    );
    println!(
        "{:<9} {:<14} {:>14} {:>14} {:>11}",
        "heuristic", "pathmax", "expanded", "generated", "iterations"
    );
    for (name, choice, rule) in runs {
        let lookup = Lookup {
            pdb: &pdb,
            puzzle: &puzzle,
            choice,
        };
        let mut total = Stats::default();
        for instance in &instances {
            let problem = puzzle
                .problem(instance.board)
                .unwrap_or_else(|e| fail(e.to_string()));
            let search = Search::new(&problem)
                .cycle_check(CycleCheck::Parent)
                .pathmax(rule);
            let solution = measured(|| {
                if copying {
                    search.idastar_with(lookup)
                } else {
                    search.idastar_in_place_with(Afresh(lookup))
                }
            })
            .unwrap_or_else(|e| fail(format!("instance {}: {e}", instance.id)));
            assert_eq!(
                solution.cost(),
                instance.optimal,
                "instance {}: {name} with {rule:?} found a path longer than the optimum",
                instance.id
            );
            let stats = solution.stats();
            total.expanded += stats.expanded;
            total.generated += stats.generated;
            total.iterations += stats.iterations;
        }
        println!(
            "{:<9} {:<14} {:>14} {:>14} {:>11}",
            name,
            format!("{rule:?}"),
            total.expanded,
            total.generated,
            total.iterations
        );
    }
}
