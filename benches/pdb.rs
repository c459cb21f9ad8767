//! Korf's 100 15-puzzles with IDA* and the 7-8 additive pattern databases (and their diagonal
//! reflection), and Korf & Felner's 24-puzzles with 6-6-6-6: every answer checked against the
//! published optimal length.
//!
//! ```text
//! cargo run --release -p informed-bench --bin pdb -- 15 [--pdb-dir DIR] [--only 1,2,3] [--no-reflection]
//! cargo run --release -p informed-bench --bin pdb -- 24 [--pdb-dir DIR] [--only 40,44,1] [--seconds S]
//! cargo run --release -p informed-bench --bin pdb -- 24 --gaps   # optimal length − start estimate, easiest first
//! cargo run --release -p informed-bench --bin pdb -- 15 --engine both   # in place against copying
//! cargo run --release -p informed-bench --bin pdb -- 15 --partition 1,2,3,4,5/6,7,8,9,10/11,12,13,14,15
//! cargo run --release -p informed-bench --bin pdb -- 24 --only 38,40 --threads 1,2   # parallel IDA*
//! ```
//!
//! `--engine in-place` (the default) runs `Search::idastar_in_place_with`: one board changed in
//! place, the tables' estimate updated by each slide (one group's lookup, two with the
//! reflection), no move back to the parent. `--engine copying` runs the generic
//! `Search::idastar_with`, which copies each successor and estimates it afresh, with the same
//! pruning (`--cycle-check path` for the path check the copying runs used before); `--engine
//! both` runs the two one after the other on each instance, checks that they expand the same
//! nodes, and prints both times.
//!
//! `--threads 1,2` runs, after the sequential in-place search of each instance, parallel IDA*
//! (`Search::par_idastar_in_place_with`) on a rayon pool of each number of threads, checks
//! that it returns the sequential path, and prints each time and its speed-up on the
//! sequential search's, and the CPU makespan (see `threads/mod.rs` and the `korf100` binary).
//!
//! The tables are built on the first run (every core) and saved in `--pdb-dir` (default
//! `target/pdb`), then loaded; building, loading and searching are timed apart. The instances
//! are read in place from `../shared/data/puzzles/`; without them the binary says it skipped.
//! `--seconds S` stops each 24-puzzle search after S seconds (reported as unfinished).
//! `--budget S` gives all the instances S seconds of search in total, in the order `--only`
//! lists them: each search stops when the budget is spent, and the ones after it are not run.
//! With the order `--gaps` prints, `--budget 3600` answers how many are solved in an hour.

#[path = "args/mod.rs"]
mod args;
#[path = "threads/mod.rs"]
mod threads;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use informed::puzzle::{
    AdditivePdb, BuildOptions, Partition, PuzzleProblem, Reflection, SlidingPuzzle,
};
use informed::{CycleCheck, Event, InPlace, Search, SearchError, SearchResult};

struct Instance {
    id: u32,
    tiles: String,
    optimal: u32,
}

fn instances(file: &Path, cells: usize) -> Option<Vec<Instance>> {
    let text = std::fs::read_to_string(file).ok()?;
    let mut out = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split_whitespace().collect();
        out.push(Instance {
            id: fields[0].parse().ok()?,
            tiles: fields[1..=cells].join(" "),
            optimal: fields[cells + 1].parse().ok()?,
        });
    }
    Some(out)
}

/// Peak resident memory of this process so far, from /proc (Linux), in MiB.
fn peak_mib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// Loads the tables of `partition` from `dir`, or builds and saves them.
fn tables(
    puzzle: &SlidingPuzzle,
    partition: &Partition,
    dir: &Path,
) -> Result<AdditivePdb, Box<dyn std::error::Error>> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let path = dir.join(AdditivePdb::file_name(puzzle, partition));
    println!(
        "tables {} (built on {threads} threads if absent)",
        path.display()
    );
    let started = Instant::now();
    let mut last = Instant::now();
    let mut report = |p: &informed::puzzle::BuildProgress| {
        if last.elapsed() > Duration::from_secs(10) || p.filled == p.entries {
            last = Instant::now();
            println!(
                "  group {} depth {:>2}: {:>5.1}% of {} entries, {:.0} s",
                p.group + 1,
                p.depth,
                100.0 * p.filled as f64 / p.entries as f64,
                p.entries,
                p.elapsed.as_secs_f64()
            );
        }
    };
    let options = BuildOptions::new()
        .threads(threads)
        .on_progress(&mut report);
    let (pdb, origin) = AdditivePdb::load_or_build(puzzle, partition, dir, options)?;
    println!(
        "{origin:?} {} entries in {:.2} s; peak memory so far {} MiB",
        pdb.entries(),
        started.elapsed().as_secs_f64(),
        peak_mib().map_or("?".into(), |m| m.to_string())
    );
    Ok(pdb)
}

/// What the command line asks for, read and checked before any work starts.
struct Options {
    side: usize,
    file: &'static str,
    only: Option<Vec<u32>>,
    seconds: Option<f64>,
    budget: Option<f64>,
    dir: PathBuf,
    partition: Option<String>,
    reflection: Reflection,
    gaps: bool,
    engines: &'static [bool],
    cycle_check: CycleCheck,
    thread_counts: Vec<usize>,
}

fn options(mut args: args::Args) -> Result<Options, String> {
    let only = args.list("--only", "instance numbers", |id| id.parse().ok())?;
    let seconds = args.seconds("--seconds")?;
    let budget = args.seconds("--budget")?;
    let dir = args.value("--pdb-dir")?.map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/pdb"),
        PathBuf::from,
    );
    let partition = args.value("--partition")?;
    let reflection = if args.flag("--no-reflection") {
        Reflection::None
    } else {
        Reflection::Diagonal
    };
    let gaps = args.flag("--gaps");
    let engines: &[bool] = match args
        .choice("--engine", &["in-place", "copying", "both"])?
        .as_deref()
    {
        Some("copying") => &[false],
        Some("both") => &[false, true],
        _ => &[true],
    };
    let cycle_check = match args
        .choice("--cycle-check", &["parent", "path"])?
        .as_deref()
    {
        Some("path") => CycleCheck::Path,
        _ => CycleCheck::Parent,
    };
    let thread_counts = args
        .list("--threads", "numbers above 0", |n| {
            n.parse().ok().filter(|&n: &usize| n > 0)
        })?
        .unwrap_or_default();
    if !thread_counts.is_empty() && engines != [true] {
        return Err("--threads: parallel IDA* runs in place (--engine in-place)".into());
    }
    let (side, file) = match args.rest()?.as_slice() {
        [] => (4, "korf100.txt"),
        [size] if size == "15" => (4, "korf100.txt"),
        [size] if size == "24" => (5, "korf-felner-24.txt"),
        [size] => return Err(format!("puzzle {size:?}: expected 15 or 24")),
        [_, extra, ..] => return Err(format!("{extra:?}: one puzzle size only (15 or 24)")),
    };
    Ok(Options {
        side,
        file,
        only,
        seconds,
        budget,
        dir,
        partition,
        reflection,
        gaps,
        engines,
        cycle_check,
        thread_counts,
    })
}

fn main() -> std::process::ExitCode {
    let options = options(args::Args::from_env()).unwrap_or_else(|e| args::exit("pdb", &e));
    match run(options) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("pdb: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run(options: Options) -> Result<(), Box<dyn std::error::Error>> {
    let Options {
        side,
        file,
        only,
        seconds,
        budget,
        dir,
        partition,
        reflection,
        gaps,
        engines,
        cycle_check,
        thread_counts,
    } = options;
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/puzzles");
    let Some(mut list) = instances(&data.join(file), side * side) else {
        println!("skipped: {} is absent", data.join(file).display());
        return Ok(());
    };
    if let Some(ids) = only {
        let known: Vec<u32> = list.iter().map(|i| i.id).collect();
        args::check_instances("--only", &ids, &known, file)
            .unwrap_or_else(|e| args::exit("pdb", &e));
        list = ids
            .iter()
            .filter_map(|id| list.iter().position(|i| i.id == *id))
            .map(|i| Instance {
                id: list[i].id,
                tiles: list[i].tiles.clone(),
                optimal: list[i].optimal,
            })
            .collect();
    }
    let goal: Vec<String> = (0..side * side).map(|t| t.to_string()).collect();
    let puzzle = SlidingPuzzle::new(side, side)?.with_goal(&goal.join(" "))?;
    let partition = match partition {
        Some(text) => Partition::parse(&puzzle, &text)
            .unwrap_or_else(|e| args::exit("pdb", &format!("--partition {text:?}: {e}"))),
        None => Partition::standard(&puzzle),
    };
    let pdb = tables(&puzzle, &partition, &dir)?.with_reflection(reflection)?;
    println!(
        "{}-puzzle, IDA* + {partition} additive PDB, reflection {reflection:?}; peak memory {} MiB",
        side * side - 1,
        peak_mib().map_or("?".into(), |m| m.to_string())
    );
    {
        // The cost of one estimate, on random boards (cache misses included).
        use informed::Heuristic;
        let boards: Vec<_> = (0..1_000_000u64).map(|s| puzzle.random_board(s)).collect();
        let started = Instant::now();
        let sum: u64 = boards.iter().map(|b| u64::from(pdb.estimate(b))).sum();
        println!(
            "one estimate: {:.0} ns on random boards (mean {:.2})",
            started.elapsed().as_nanos() as f64 / boards.len() as f64,
            sum as f64 / boards.len() as f64
        );
    }
    println!(
        "{:>4} {:>4} {:>14} {:>14} {:>9} {:>11}  result",
        "id", "len", "expanded", "generated", "seconds", "expanded/s"
    );
    if gaps {
        // How far each start's estimate is below its optimal length: the fewer IDA* iterations
        // (each about the branching factor squared times the last), the easier the instance.
        use informed::Heuristic;
        let mut gaps = Vec::new();
        for instance in &list {
            let h = pdb.estimate(&puzzle.parse(&instance.tiles)?);
            gaps.push((instance.optimal - h, instance.id, instance.optimal, h));
        }
        gaps.sort();
        for (gap, id, optimal, h) in gaps {
            println!("instance {id:>3}: optimal {optimal}, estimate {h}, gap {gap}");
        }
        return Ok(());
    }
    let (mut expanded, mut generated, mut time, mut solved) = (0u64, 0u64, 0.0f64, 0usize);
    let mut copying_time = 0.0f64;
    let mut wrong = 0usize;
    let mut not_run = 0usize;
    for instance in &list {
        let board = puzzle.parse(&instance.tiles)?;
        let problem = puzzle.problem(board)?;
        let left = budget.map(|b| b - time - copying_time);
        if left.is_some_and(|left| left <= 0.0) {
            not_run += 1;
            continue;
        }
        let limit = match (seconds, left) {
            (Some(s), Some(l)) => Some(s.min(l)),
            (s, l) => s.or(l),
        };
        let deadline = limit.map(|s| Instant::now() + Duration::from_secs_f64(s));
        let run = |in_place: bool| -> (SearchResult<PuzzleProblem<'_>>, f64) {
            let view = InPlace::new(problem);
            let started = Instant::now();
            let result = if in_place {
                let mut search = Search::new(&view).cycle_check(cycle_check);
                if let Some(deadline) = deadline {
                    search = search.deadline(deadline);
                }
                search.idastar_in_place_with(&pdb)
            } else {
                let mut search = Search::new(&problem).cycle_check(cycle_check);
                if let Some(deadline) = deadline {
                    search = search.deadline(deadline);
                }
                search.idastar_with(&pdb)
            };
            (result, started.elapsed().as_secs_f64())
        };
        let cpu_started = threads::own_cpu_seconds();
        let mut runs: Vec<_> = engines.iter().map(|&in_place| run(in_place)).collect();
        let cpu = threads::own_cpu_seconds() - cpu_started;
        let (result, elapsed) = runs.pop().expect("one engine at least");
        if let Some((copying, copying_elapsed)) = runs.pop() {
            let (a, b) = (copying.as_ref().ok(), result.as_ref().ok());
            if let (Some(a), Some(b)) = (a, b) {
                assert_eq!(
                    a.stats(),
                    b.stats(),
                    "instance {}: the engines differ",
                    instance.id
                );
            }
            copying_time += copying_elapsed;
            println!(
                "{:>4} copying engine: {copying_elapsed:.3} s; in place: {elapsed:.3} s ({:.2}x)",
                instance.id,
                copying_elapsed / elapsed.max(1e-9)
            );
        }
        for &n in &thread_counts {
            let pool = threads::Pool::new(n)?;
            let view = InPlace::new(problem);
            let mut marks = Vec::new();
            let started = Instant::now();
            let parallel = pool.pool.install(|| {
                let mut search: Search<'_, InPlace<PuzzleProblem<'_>>> =
                    Search::new(&view).cycle_check(cycle_check);
                if let Some(deadline) = deadline {
                    search = search.deadline(deadline);
                }
                let result = search
                    .on_event(|event| {
                        if let Event::Iteration { .. } = event {
                            marks.push(pool.mark());
                        }
                    })
                    .par_idastar_in_place_with(&pdb);
                marks.push(pool.mark());
                result
            });
            let parallel_elapsed = started.elapsed().as_secs_f64();
            match (&parallel, &result) {
                (Ok(parallel), Ok(sequential)) => {
                    assert_eq!(
                        parallel.path(),
                        sequential.path(),
                        "instance {}: parallel IDA* on {n} threads returned another path",
                        instance.id
                    );
                    let makespan = threads::makespan(&marks);
                    println!(
                        "{:>4} {n} thread(s): same path, {} expanded, {parallel_elapsed:.3} s \
                         ({:.2}x the sequential search's {elapsed:.3} s); CPU makespan \
                         {makespan:.3} s ({:.2}x the sequential thread's {cpu:.3} s)",
                        instance.id,
                        parallel.stats().expanded,
                        elapsed / parallel_elapsed.max(1e-9),
                        cpu / makespan.max(1e-9)
                    );
                }
                (parallel, _) => println!(
                    "{:>4} {n} thread(s): {:?} after {parallel_elapsed:.3} s",
                    instance.id,
                    parallel
                        .as_ref()
                        .map(|s| s.cost())
                        .map_err(|e| e.to_string())
                ),
            }
        }
        let (stats, outcome) = match &result {
            Ok(solution) if solution.cost() == instance.optimal => {
                solved += 1;
                (solution.stats(), "optimal".to_string())
            }
            Ok(solution) => {
                wrong += 1;
                (
                    solution.stats(),
                    format!(
                        "WRONG: {} moves, published {}",
                        solution.cost(),
                        instance.optimal
                    ),
                )
            }
            Err(error @ SearchError::LimitReached { .. }) => {
                (error.stats(), format!("unfinished: {error}"))
            }
            Err(error) => return Err(format!("instance {}: {error}", instance.id).into()),
        };
        expanded += stats.expanded;
        generated += stats.generated;
        time += elapsed;
        println!(
            "{:>4} {:>4} {:>14} {:>14} {:>9.3} {:>11.0}  {outcome}",
            instance.id,
            instance.optimal,
            stats.expanded,
            stats.generated,
            elapsed,
            stats.expanded as f64 / elapsed.max(1e-9)
        );
    }
    println!(
        "total: {solved} of {} solved optimally, {expanded} expanded, {generated} generated, \
         {time:.2} s of search ({:.0} expanded/s, {:.0} generated a solved instance)",
        list.len(),
        expanded as f64 / time.max(1e-9),
        generated as f64 / list.len().max(1) as f64
    );
    if let Some(budget) = budget {
        println!(
            "budget {budget:.0} s of search: {solved} solved within it, {not_run} not started"
        );
    }
    if engines.len() == 2 {
        println!(
            "copying engine: {copying_time:.2} s of search; in place: {time:.2} s; {:.2}x faster",
            copying_time / time.max(1e-9)
        );
    }
    if wrong > 0 {
        return Err(format!("{wrong} answers differ from the published optimal lengths").into());
    }
    Ok(())
}
