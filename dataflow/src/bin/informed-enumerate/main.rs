//! Enumerates a state space layer by layer on timely dataflow: the pocket cube or a sliding
//! puzzle, on threads, processes, or machines. Run with `--help`.

mod cube;
mod sliding;

use std::fmt::Display;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use informed::puzzle::{Partition, SlidingPuzzle};
use informed_dataflow::{
    AdditiveTables, Cluster, Enumeration, ExchangeState, LayeredBfs, VisitedSet,
};

use cube::{Metric, PocketCube};
use sliding::NumberedPuzzle;

const USAGE: &str = "\
usage: informed-enumerate [-w THREADS] [-n PROCESSES] [-p PROCESS] [-h HOSTFILE] SPACE [OPTIONS]
       informed-enumerate [-w THREADS] [-n PROCESSES] [-p PROCESS] [-h HOSTFILE] pdb WxH GROUPS --out FILE

Enumerates SPACE breadth-first from its start over the workers of all processes, and prints
the number of states at each depth. Every process of a run is started with the same flags,
each with its own -p.

The second form builds the additive pattern databases of the WxH sliding puzzle for GROUPS
(tiles separated by commas, groups by slashes: 1,2,3,4/5,6,7,8), and process 0 saves them
to FILE in the format informed's AdditivePdb::load reads.

SPACE
  cube         the pocket cube (2x2x2) with one corner fixed, half-turn metric
  cube-qtm     the same, quarter-turn metric
  WxH          the W-by-H sliding puzzle (3x3, 2x4, 3x4, ...) from its goal (blank in the
               bottom-right corner)

timely's flags
  -w, --threads N     worker threads in each process (1)
  -n, --processes N   processes in the run (1)
  -p, --process I     this process's index, 0 to N-1 (0)
  -h, --hostfile FILE lines of host:port, one a process in index order
                      (default: localhost:2101, localhost:2102, ...)
  THREADS is at most 4 a core, or 64 if that is more; PROCESSES at most 1024.

OPTIONS
  --hashed            keep visited states in hash sets (default: a bit map by rank)
  --max-depth D       expand no state at depth D or deeper
  --keep D            write the states of depth D that this process owns, one a line, to
                      the file given by --out (with -pI appended)
  --out FILE          see --keep; for pdb, the file to save
  --connect-timeout S wait at most S seconds (1 to 86400) for the other processes to
                      connect (300)
  --quiet             no line per layer on standard error
  --help              this text";

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            eprintln!("informed-enumerate: {message}\n\n{USAGE}");
            ExitCode::from(2)
        }
        Err(Failure::Run(message)) => {
            eprintln!("informed-enumerate: {message}");
            ExitCode::FAILURE
        }
    }
}

enum Failure {
    Usage(String),
    Run(String),
}

impl<E: Display> From<E> for Failure {
    fn from(error: E) -> Self {
        Failure::Run(error.to_string())
    }
}

/// The command line, past timely's flags.
struct Options {
    space: String,
    /// For `pdb`: the groups.
    groups: Option<String>,
    visited: VisitedSet,
    max_depth: Option<usize>,
    keep: Option<usize>,
    out: Option<String>,
    quiet: bool,
    connect_timeout: Option<Duration>,
}

fn parse(rest: Vec<String>) -> Result<Options, Failure> {
    let usage = |message: String| Failure::Usage(message);
    let mut options = Options {
        space: String::new(),
        groups: None,
        visited: VisitedSet::Auto,
        max_depth: None,
        keep: None,
        out: None,
        quiet: false,
        connect_timeout: None,
    };
    let mut args = rest.into_iter();
    while let Some(arg) = args.next() {
        let mut value = |flag: &str| {
            args.next()
                .ok_or_else(|| usage(format!("{flag} needs a value")))
        };
        let number = |flag: &str, text: String| {
            text.parse::<usize>()
                .map_err(|_| usage(format!("{flag} takes a number, not {text:?}")))
        };
        match arg.as_str() {
            "--help" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            "--hashed" => options.visited = VisitedSet::Hashed,
            "--quiet" => options.quiet = true,
            "--max-depth" => {
                options.max_depth = Some(number("--max-depth", value("--max-depth")?)?)
            }
            "--keep" => options.keep = Some(number("--keep", value("--keep")?)?),
            "--out" => options.out = Some(value("--out")?),
            "--connect-timeout" => {
                let seconds = number("--connect-timeout", value("--connect-timeout")?)?;
                // A day bounds a wait for processes started by hand; past it, a mistyped
                // value would only look like a hang.
                if !(1..=86_400).contains(&seconds) {
                    return Err(usage(format!(
                        "--connect-timeout takes 1 to 86400 seconds, not {seconds}"
                    )));
                }
                options.connect_timeout = Some(Duration::from_secs(seconds as u64));
            }
            flag if flag.starts_with('-') => return Err(usage(format!("unknown flag {flag}"))),
            space if options.space.is_empty() => options.space = space.to_owned(),
            size if options.space == "pdb" => options.space = format!("pdb {size}"),
            groups if options.space.starts_with("pdb ") && options.groups.is_none() => {
                options.groups = Some(groups.to_owned());
            }
            extra => return Err(usage(format!("unexpected argument {extra:?}"))),
        }
    }
    if options.space.is_empty() {
        return Err(usage("no SPACE given".into()));
    }
    if options.space.starts_with("pdb") {
        if options.groups.is_none() || options.out.is_none() {
            return Err(usage("pdb needs WxH, GROUPS and --out FILE".into()));
        }
        return Ok(options);
    }
    if options.keep.is_some() != options.out.is_some() {
        return Err(usage("--keep and --out go together".into()));
    }
    Ok(options)
}

fn run() -> Result<(), Failure> {
    // A cluster the flags describe but this machine cannot run (a host file's bad line,
    // too many threads) is a failure of the run, not of the usage text.
    let (mut cluster, rest) = Cluster::from_args(std::env::args().skip(1))?;
    let options = parse(rest)?;
    if let Some(timeout) = options.connect_timeout {
        cluster = cluster.with_connect_timeout(timeout);
    }
    match options.space.as_str() {
        "cube" => enumerate(
            &cluster,
            &options,
            || PocketCube::new(Metric::HalfTurn),
            |p| p.to_string(),
        ),
        "cube-qtm" => enumerate(
            &cluster,
            &options,
            || PocketCube::new(Metric::QuarterTurn),
            |p| p.to_string(),
        ),
        space if space.starts_with("pdb ") => pdb(&cluster, &options),
        size => {
            let (width, height) = parse_size(size)?;
            // One puzzle for the whole process, shared by its workers' problems.
            let puzzle: &'static SlidingPuzzle =
                Box::leak(Box::new(SlidingPuzzle::new(width, height)?));
            let start = puzzle.goal();
            let make = move || {
                NumberedPuzzle::new(puzzle, start).expect("the goal is a board of its puzzle")
            };
            enumerate(&cluster, &options, make, |board| puzzle.to_line(*board))
        }
    }
}

fn parse_size(size: &str) -> Result<(usize, usize), Failure> {
    size.split_once('x')
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
        .ok_or_else(|| Failure::Usage(format!("unknown SPACE {size:?}")))
}

/// Builds additive pattern databases over the cluster; process 0 saves them.
fn pdb(cluster: &Cluster, options: &Options) -> Result<(), Failure> {
    let (width, height) = parse_size(&options.space["pdb ".len()..])?;
    let puzzle = SlidingPuzzle::new(width, height)?;
    let groups = options.groups.as_deref().unwrap_or_default();
    let partition = Partition::parse(&puzzle, groups)?;
    let quiet = options.quiet;
    let built =
        AdditiveTables::build_with(cluster, &puzzle, &partition, move |group, progress| {
            if !quiet {
                eprintln!(
                    "process {} group {group} distance {:>3}: {:>12} entries, {:>9.3} s",
                    progress.process,
                    progress.distance,
                    progress.states,
                    progress.elapsed.as_secs_f64()
                );
            }
        })?;
    if let (Some(tables), Some(out)) = (built, &options.out) {
        let mut file = std::io::BufWriter::new(std::fs::File::create(out)?);
        tables.save(&mut file)?;
        println!("saved {out}");
    }
    if let Some(peak) = peak_memory() {
        println!(
            "process {} peak memory: {:.1} MiB",
            cluster.process(),
            peak as f64 / (1 << 20) as f64
        );
    }
    Ok(())
}

fn enumerate<P, F>(
    cluster: &Cluster,
    options: &Options,
    make: F,
    show: impl Fn(&P::State) -> String,
) -> Result<(), Failure>
where
    P: informed::SearchProblem + 'static,
    P::State: ExchangeState,
    F: Fn() -> P + Send + Sync + 'static,
{
    let mut bfs = LayeredBfs::new(make).visited(options.visited);
    if let Some(depth) = options.max_depth {
        bfs = bfs.max_depth(depth);
    }
    if let Some(depth) = options.keep {
        bfs = bfs.keep_layers([depth]);
    }
    if !options.quiet {
        bfs = bfs.on_layer(|layer| {
            eprintln!(
                "process {} depth {:>3}: {:>12} states, {:>13} in all, {:>9.3} s",
                layer.process,
                layer.depth,
                layer.states,
                layer.total,
                layer.elapsed.as_secs_f64()
            );
        });
    }
    let run = bfs.run(cluster)?;
    report(cluster, &run);
    if let (Some(out), Some((depth, states))) = (&options.out, run.kept_layers().first()) {
        let path = format!("{out}-p{}", cluster.process());
        let mut file = std::io::BufWriter::new(std::fs::File::create(&path)?);
        for state in states {
            writeln!(file, "{}", show(state))?;
        }
        file.flush()?;
        println!("kept: {} states of depth {depth} in {path}", states.len());
    }
    Ok(())
}

fn report<S>(cluster: &Cluster, run: &Enumeration<S>) {
    let histogram: Vec<String> = run.histogram().iter().map(u64::to_string).collect();
    println!("histogram: {}", histogram.join(" "));
    println!("states: {}", run.states());
    println!("depth: {}", run.histogram().len().saturating_sub(1));
    println!("complete: {}", run.is_complete());
    println!(
        "process {} of {}, {} workers in all, {:.3} s",
        cluster.process(),
        cluster.process_count(),
        cluster.workers(),
        run.elapsed().as_secs_f64()
    );
    for memory in run.memory() {
        println!(
            "worker {}: {} states, visited set {:.1} MiB, layers {:.1} MiB at most, {:.2} bytes a state",
            memory.worker,
            memory.states,
            memory.visited_bytes as f64 / (1 << 20) as f64,
            memory.layer_bytes as f64 / (1 << 20) as f64,
            memory.bytes_per_state()
        );
    }
    if let Some(peak) = peak_memory() {
        println!(
            "process {} peak memory: {:.1} MiB",
            cluster.process(),
            peak as f64 / (1 << 20) as f64
        );
    }
}

/// The process's peak resident memory in bytes (Linux's `VmHWM`), where the system says.
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}
