//! Runs IDA* on Korf's 100 random 15-puzzle instances (or those named) and prints, for each,
//! the solution length (checked against the file's optimum), the expansions, the time and the
//! expansions per second, then the totals.
//!
//! ```sh
//! cargo run --release -p informed-bench --bin korf100 -- [--cycle-check off|parent|path]
//!     [--heuristic manhattan|linear-conflict] [ID ...]
//! ```
//!
//! Reads `../shared/data/puzzles/korf100.txt` (or `$INFORMED_DATA/puzzles/korf100.txt`) and
//! says it skipped when the file is absent. The default is Korf's setting: Manhattan distance,
//! no move back to the parent (`--cycle-check parent`).

#[path = "korf/mod.rs"]
mod korf;

use std::time::Instant;

use informed::puzzle::Board;
use informed::{CycleCheck, Heuristic, Search};

fn main() {
    let mut cycle_check = CycleCheck::Parent;
    let mut heuristic = String::from("manhattan");
    let mut ids = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--cycle-check" => {
                cycle_check = match args.next().as_deref() {
                    Some("off") => CycleCheck::Off,
                    Some("parent") => CycleCheck::Parent,
                    Some("path") => CycleCheck::Path,
                    other => exit(&format!(
                        "--cycle-check: expected off, parent or path, got {other:?}"
                    )),
                }
            }
            "--heuristic" => heuristic = args.next().unwrap_or_default(),
            id => ids.push(
                id.parse::<u32>()
                    .unwrap_or_else(|_| exit(&format!("not an instance number: {id:?}"))),
            ),
        }
    }
    let puzzle = korf::puzzle();
    let Some(instances) = korf::instances(&puzzle) else {
        return;
    };
    let chosen: Vec<_> = instances
        .iter()
        .filter(|i| ids.is_empty() || ids.contains(&i.id))
        .collect();
    let (mut expanded, mut generated, mut seconds) = (0u64, 0u64, 0f64);
    for instance in chosen {
        let problem = puzzle
            .problem(instance.board)
            .expect("Korf's instances are solvable");
        let search = Search::new(&problem).cycle_check(cycle_check);
        let started = Instant::now();
        let solution = match heuristic.as_str() {
            "manhattan" => run(search, puzzle.manhattan()),
            "linear-conflict" => run(search, puzzle.linear_conflict()),
            other => exit(&format!(
                "--heuristic: expected manhattan or linear-conflict, got {other:?}"
            )),
        };
        let elapsed = started.elapsed().as_secs_f64();
        let stats = solution.stats();
        assert_eq!(
            solution.cost(),
            instance.optimal,
            "korf {}: not optimal",
            instance.id
        );
        println!(
            "korf {}: length {} (optimal {}), {} expanded, {} generated (file: {} recount, {} \
             published), {:.2} s, {:.1} M expanded/s",
            instance.id,
            solution.cost(),
            instance.optimal,
            stats.expanded,
            stats.generated,
            instance.recomputed,
            instance.published,
            elapsed,
            stats.expanded as f64 / elapsed / 1e6
        );
        expanded += stats.expanded;
        generated += stats.generated;
        seconds += elapsed;
    }
    println!(
        "total {expanded} expanded, {generated} generated in {seconds:.2} s: {:.1} M expanded/s",
        expanded as f64 / seconds / 1e6
    );
}

fn run<'p, H: Heuristic<Board, u32>>(
    search: Search<'_, informed::puzzle::PuzzleProblem<'p>>,
    heuristic: H,
) -> informed::Solution<Board, u32> {
    search
        .idastar_with(heuristic)
        .expect("IDA* solves every instance")
}

fn exit(message: &str) -> ! {
    eprintln!("korf100: {message}");
    std::process::exit(2)
}
