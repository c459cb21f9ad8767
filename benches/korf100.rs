//! Runs IDA* on Korf's 100 random 15-puzzle instances (or those named) and prints, for each,
//! the solution length (checked against the file's optimum), the expansions, the time and the
//! expansions per second, then the totals.
//!
//! ```sh
//! cargo run --release -p informed-bench --bin korf100 -- [--cycle-check off|parent|path]
//!     [--heuristic manhattan|linear-conflict] [--engine in-place|copying]
//!     [--threads N,N,...] [--balance] [ID ...]
//! ```
//!
//! `--engine in-place` (the default) runs `Search::idastar_in_place_with`, one board changed
//! by each move and its undo; `--engine copying` today's generic `Search::idastar_with`, which
//! copies each successor.
//!
//! `--threads 1,2` runs, after the sequential in-place search of each instance, parallel IDA*
//! (`Search::par_idastar_in_place_with`) on a rayon pool of each number of threads, checks
//! that it returns the sequential path, and prints each time and its speed-up on the
//! sequential search's (Manhattan, in place only); and beside the wall times, the CPU times:
//! the sequential thread's, and the parallel run's CPU makespan (the sum over iterations of
//! the CPU time of the thread that worked longest), what the run would take on idle cores
//! (see `threads/mod.rs`).
//!
//! `--balance` (with `--threads`) prints, for each parallel run, the work balance of every
//! iteration that took at least a millisecond of CPU: each thread's CPU time in it as a share of
//! the iteration's CPU makespan (the thread that worked longest), which says whether a thread
//! idled at the iteration's tail while another finished (a share well below 1), and as a share
//! of the iteration's wall time (which on a loaded machine also counts the time a thread waited
//! for a core); then the whole run's balance, the threads' CPU time over the threads times the
//! CPU makespan (1: no thread ever waited for another).
//!
//! Reads `../shared/data/puzzles/korf100.txt` (or `$INFORMED_DATA/puzzles/korf100.txt`) and
//! says it skipped when the file is absent. The default is Korf's setting: Manhattan distance,
//! no move back to the parent (`--cycle-check parent`).

#[path = "args/mod.rs"]
mod args;
#[path = "korf/mod.rs"]
mod korf;
#[path = "threads/mod.rs"]
mod threads;

use std::time::Instant;

use informed::{Afresh, CycleCheck, Event, InPlace, Search};

fn main() {
    let mut args = args::Args::from_env();
    let cycle_check = match args
        .choice("--cycle-check", &["off", "parent", "path"])
        .unwrap_or_else(fail)
        .as_deref()
    {
        Some("off") => CycleCheck::Off,
        Some("path") => CycleCheck::Path,
        _ => CycleCheck::Parent,
    };
    let heuristic = args
        .choice("--heuristic", &["manhattan", "linear-conflict"])
        .unwrap_or_else(fail)
        .unwrap_or_else(|| "manhattan".to_owned());
    let in_place = args
        .choice("--engine", &["in-place", "copying"])
        .unwrap_or_else(fail)
        .is_none_or(|engine| engine == "in-place");
    let thread_counts: Vec<usize> = args
        .list("--threads", "numbers above 0", |n| {
            n.parse().ok().filter(|&n: &usize| n > 0)
        })
        .unwrap_or_else(fail)
        .unwrap_or_default();
    let balance = args.flag("--balance");
    if !thread_counts.is_empty() && (heuristic != "manhattan" || !in_place) {
        fail::<()>("--threads: parallel IDA* runs with Manhattan, in place".to_owned());
    }
    let ids: Vec<u32> = args
        .rest()
        .unwrap_or_else(fail)
        .iter()
        .map(|id| args::read("instance", id, "an instance number"))
        .collect::<Result<_, _>>()
        .unwrap_or_else(fail);
    let puzzle = korf::puzzle();
    let Some(instances) = korf::instances(&puzzle) else {
        return;
    };
    let known: Vec<u32> = instances.iter().map(|i| i.id).collect();
    args::check_instances("instance", &ids, &known, "korf100.txt").unwrap_or_else(fail);
    let chosen: Vec<_> = instances
        .iter()
        .filter(|i| ids.is_empty() || ids.contains(&i.id))
        .collect();
    let (mut expanded, mut generated, mut seconds) = (0u64, 0u64, 0f64);
    for instance in chosen {
        let problem = puzzle
            .problem(instance.board)
            .expect("Korf's instances are solvable");
        let view = InPlace::new(problem);
        let cpu_started = threads::own_cpu_seconds();
        let started = Instant::now();
        let solution = match (heuristic.as_str(), in_place) {
            ("manhattan", true) => Search::new(&view)
                .cycle_check(cycle_check)
                .idastar_in_place_with(puzzle.manhattan()),
            ("linear-conflict", true) => Search::new(&view)
                .cycle_check(cycle_check)
                .idastar_in_place_with(Afresh(puzzle.linear_conflict())),
            ("manhattan", false) => Search::new(&problem)
                .cycle_check(cycle_check)
                .idastar_with(puzzle.manhattan()),
            ("linear-conflict", false) => Search::new(&problem)
                .cycle_check(cycle_check)
                .idastar_with(puzzle.linear_conflict()),
            (other, _) => unreachable!("--heuristic {other} was checked"),
        }
        .expect("IDA* solves every instance");
        let elapsed = started.elapsed().as_secs_f64();
        let cpu = threads::own_cpu_seconds() - cpu_started;
        for &n in &thread_counts {
            let pool =
                threads::Pool::new(n).unwrap_or_else(|e| fail(format!("--threads {n}: {e}")));
            let mut marks = Vec::new();
            let mut walls = Vec::new();
            let started = Instant::now();
            let parallel = pool
                .pool
                .install(|| {
                    let result = Search::new(&view)
                        .cycle_check(cycle_check)
                        .on_event(|event| {
                            if let Event::Iteration { .. } = event {
                                marks.push(pool.mark());
                                walls.push(Instant::now());
                            }
                        })
                        .par_idastar_in_place_with(puzzle.manhattan());
                    marks.push(pool.mark());
                    walls.push(Instant::now());
                    result
                })
                .expect("parallel IDA* solves every instance");
            let parallel_elapsed = started.elapsed().as_secs_f64();
            let makespan = threads::makespan(&marks);
            assert_eq!(
                parallel.path(),
                solution.path(),
                "korf {}: parallel IDA* on {n} threads returned another path",
                instance.id
            );
            println!(
                "korf {}: {n} thread(s): same path, {} expanded, {:.3} s ({:.2}x the sequential \
                 search's {:.3} s); CPU makespan {:.3} s ({:.2}x the sequential thread's {:.3} s)",
                instance.id,
                parallel.stats().expanded,
                parallel_elapsed,
                elapsed / parallel_elapsed,
                elapsed,
                makespan,
                cpu / makespan,
                cpu
            );
            if balance {
                print_balance(instance.id, n, &marks, &walls);
            }
        }
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

/// Prints the work balance of a parallel run whose pool's CPU times were `marks` and whose
/// clock read `walls` at each iteration's start and at its end (see `--balance`).
fn print_balance(id: u32, threads: usize, marks: &[Vec<f64>], walls: &[Instant]) {
    let (mut busy, mut makespan) = (0.0, 0.0);
    for (number, (pair, wall)) in marks.windows(2).zip(walls.windows(2)).enumerate() {
        let cpu: Vec<f64> = pair[0]
            .iter()
            .zip(&pair[1])
            .map(|(before, after)| after - before)
            .collect();
        let longest = cpu.iter().copied().fold(0.0, f64::max);
        busy += cpu.iter().sum::<f64>();
        makespan += longest;
        if longest < 1e-3 {
            continue;
        }
        let wall = (wall[1] - wall[0]).as_secs_f64();
        let share = |of: f64| {
            cpu.iter()
                .map(|c| format!("{:.2}", c / of))
                .collect::<Vec<_>>()
                .join(" ")
        };
        println!(
            "korf {id}: {threads} thread(s): iteration {}: CPU {:.1} ms; share of the makespan \
             [{}], of the wall time {:.1} ms [{}]",
            number + 1,
            longest * 1e3,
            share(longest),
            wall * 1e3,
            share(wall)
        );
    }
    if makespan > 0.0 {
        println!(
            "korf {id}: {threads} thread(s): balance {:.3} (CPU {busy:.3} s over {threads} x the \
             makespan {makespan:.3} s)",
            busy / (threads as f64 * makespan)
        );
    }
}

/// Reports a bad argument and exits with status 2.
fn fail<T>(message: String) -> T {
    args::exit("korf100", &message)
}
