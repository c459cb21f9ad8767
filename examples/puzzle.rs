//! Solves sliding-tile puzzles: the moves, every board on the way, the statistics and the time.
//!
//! ```text
//! cargo run --release --example puzzle -- "8 6 7 2 5 4 3 0 1"
//! cargo run --release --example puzzle -- --heuristic manhattan --algorithm greedy "1 2 3 4 5 6 0 7 8"
//! cargo run --release --example puzzle -- --trace 3 "1 2 3 4 0 6 7 5 8"   # OPEN/CLOSED, step by step
//! cargo run --release --example puzzle -- --trace 5 --dot tree.dot "1 2 3 4 0 6 7 5 8"
//! cargo run --release --example puzzle -- --random 5 --seed 7 --size 3   # five random 8-puzzles
//! cargo run --release --example puzzle -- --file boards.txt --json
//! cargo run --release --example puzzle -- --algorithm idastar --quiet "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1"
//! ```
//!
//! Options:
//! - `--algorithm A`: bfs, dijkstra, greedy, astar (default), wastar, idastar, iddfs, dfs:D,
//!   hill, beam:W, bibfs and bidijkstra (bidirectional), anytime (anytime weighted A*, with
//!   `--weight`, default 2: prints each improvement and its bound). `idastar` runs in place
//!   (`informed::idastar_in_place_with`: one board, each move applied and undone) with no move
//!   back to the parent (`CycleCheck::Parent`), and says so
//! - `--engine copying`: run `idastar` on the generic engine instead, which copies every
//!   successor and checks the whole path for cycles (`CycleCheck::Path`), for comparison
//! - `--heuristic H`: misplaced, manhattan, linear-conflict (default), pdb (additive pattern
//!   databases, the standard partition: 7-8 on 4×4, 6-6-6-6 on 5×5; with the diagonal
//!   reflection where the goal allows it) or pdb:PARTITION (`pdb:1,2,3,4/5,6,7,8`)
//! - `--pdb-dir DIR`: where the pattern databases are kept: loaded if there, else built and
//!   saved (default: built in memory each run)
//! - `--weight W`: weighted A* with weight W (with astar or wastar; default 2 for wastar)
//! - `--goal "…"`: the goal arrangement (default: tiles in order, blank last)
//! - `--size N` or `--size WxH`: the board size for `--random`, and for boards whose tile
//!   count is no square (default: inferred, 9 → 3×3, 16 → 4×4, 25 → 5×5)
//! - `--paths K`: also list the K cheapest loopless solutions (Yen's algorithm), shown as they
//!   are found
//! - `--optimal N`: also list up to N of the optimal solutions (all of them are enumerated
//!   lazily; the count is capped at N)
//! - `--max-stored N`: stop a search that would store more than N boards
//! - `--quiet`: the moves and statistics only, not every board
//! - `--trace N`: the OPEN and CLOSED lists after each of the first N expansions, each board
//!   with its g, h, f and parent; `--dot FILE` draws the same search tree for Graphviz
//! - `--random K`, `--seed S`: K random boards of `--size` (default 3), from seed S (default 1),
//!   each made when its turn comes
//! - `--file F`: boards from F, one a line (`#` starts a comment line), each solved as it is
//!   read; a line that is no text (longer than 64 KiB, or not UTF-8) stops the run
//! - `--json`: one JSON line per board
//!
//! `--help` lists every flag with its default.
//!
//! Unsolvable or malformed boards are reported on stderr with the reason; the other boards
//! are still solved, and the exit status is 1. A file that cannot be read, or a line of it that
//! is no text, ends the run there with status 2.

mod common;

use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;
use std::time::Instant;

use common::{Cli, Long, Value, millis};
use informed::puzzle::{
    AdditivePdb, Board, BuildOptions, LinearConflict, Manhattan, Misplaced, Partition,
    PuzzleProblem, Reflection, SlidingPuzzle,
};
use informed::{Afresh, Algorithm, CycleCheck, Event, Heuristic, InPlace, Observer, Search};

const USAGE: &str = "puzzle [FLAGS] BOARD... | --file F | --random K";
const HELP: &str = "\
Solves sliding-tile puzzles given as lines of tiles, 0 the blank (\"8 6 7 2 5 4 3 0 1\").

Flags:
  --algorithm A      bfs, dijkstra, greedy, astar, wastar, idastar, iddfs, dfs:D, hill,
                     beam:W, bibfs, bidijkstra, anytime (default: astar); idastar runs
                     in place, with no move back to the parent
  --engine E         in-place or copying: the engine of idastar (default: in-place)
  --heuristic H      misplaced, manhattan, linear-conflict, pdb (additive pattern databases:
                     7-8 on 4x4, 6-6-6-6 on 5x5, with the diagonal reflection where the goal
                     allows it) or pdb:PARTITION (pdb:1,2,3,4/5,6,7,8)
                     (default: linear-conflict)
  --pdb-dir DIR      keep the pattern databases in DIR: loaded if there, else built and saved
                     (default: built in memory each run)
  --weight W         weighted A* with weight W, with astar, wastar or anytime
                     (default: none; 2 for wastar and anytime)
  --goal \"...\"       the goal arrangement (default: tiles in order, blank last)
  --size N | WxH     the board size for --random and for boards of no square tile count
                     (default: inferred from the tile count, 3 for --random)
  --random K         solve K random boards (default: none)
  --seed S           the seed of --random (default: 1)
  --file F           read boards from F, one a line, each solved as it is read; a line
                     over 64 KiB or not UTF-8 stops the run (default: none)
  --paths K          also list the K cheapest loopless solutions (default: none)
  --optimal N        also list up to N optimal solutions (default: none)
  --max-stored N     stop a search that would store more than N boards (default: no limit)
  --trace N          OPEN and CLOSED, with each board's parent, after each of the first N
                     expansions (default: 0, no trace)
  --dot FILE         the traced search tree as Graphviz DOT (default: none)
  --quiet            the moves and statistics only, not every board (default: off)
  --json             one JSON line per board (default: off)
  -h, --help         this text

Exit status: 0 if every board was solved, 1 if one was malformed or unsolvable, 2 on a
usage error or a file that cannot be read as text.
";

/// The command line.
struct Options {
    /// The algorithm's name as given (`astar`, `beam:100`, ...).
    algorithm_name: String,
    algorithm: Algorithm,
    special: Option<Special>,
    heuristic: String,
    pdb_dir: Option<String>,
    /// The pattern databases built or loaded so far.
    pdbs: RefCell<Vec<Rc<AdditivePdb>>>,
    weight: Option<f64>,
    goal: Option<String>,
    size: Option<String>,
    random: Option<usize>,
    seed: u64,
    file: Option<String>,
    paths: Option<usize>,
    optimal: Option<usize>,
    max_stored: Option<u64>,
    /// `--engine copying`: idastar on the generic, copying engine.
    copying: bool,
    trace: usize,
    dot: Option<String>,
    quiet: bool,
    json: bool,
    boards: Vec<String>,
}

impl Options {
    fn parse() -> Options {
        let mut options = Options {
            algorithm_name: "astar".to_owned(),
            algorithm: Algorithm::AStar,
            special: None,
            heuristic: "linear-conflict".to_owned(),
            pdb_dir: None,
            pdbs: RefCell::new(Vec::new()),
            weight: None,
            goal: None,
            size: None,
            random: None,
            seed: 1,
            file: None,
            paths: None,
            optimal: None,
            max_stored: None,
            copying: false,
            trace: 0,
            dot: None,
            quiet: false,
            json: false,
            boards: Vec::new(),
        };
        let mut cli = Cli::new("puzzle", USAGE, HELP);
        let usage = cli.usage();
        while let Some(arg) = cli.next() {
            match arg {
                Long("algorithm") => options.algorithm_name = cli.string("algorithm"),
                Long("heuristic") => options.heuristic = cli.string("heuristic"),
                Long("pdb-dir") => options.pdb_dir = Some(cli.string("pdb-dir")),
                Long("weight") => options.weight = Some(cli.value("weight")),
                Long("goal") => options.goal = Some(cli.string("goal")),
                Long("size") => options.size = Some(cli.string("size")),
                Long("random") => options.random = Some(cli.value("random")),
                Long("seed") => options.seed = cli.value("seed"),
                Long("file") => options.file = Some(cli.string("file")),
                Long("paths") => options.paths = Some(cli.value("paths")),
                Long("optimal") => options.optimal = Some(cli.value("optimal")),
                Long("max-stored") => options.max_stored = Some(cli.value("max-stored")),
                Long("engine") => {
                    options.copying = match cli.string("engine").as_str() {
                        "in-place" => false,
                        "copying" => true,
                        other => usage.error(format!(
                            "--engine: cannot read {other:?}: expected in-place or copying"
                        )),
                    }
                }
                Long("trace") => options.trace = cli.value("trace"),
                Long("dot") => options.dot = Some(cli.string("dot")),
                Long("quiet") => options.quiet = true,
                Long("json") => options.json = true,
                Value(board) => options.boards.push(cli.positional(board)),
                other => usage.reject(other.unexpected()),
            }
        }
        if let Err(message) = options.resolve() {
            usage.error(message)
        }
        options
    }

    /// Reads the algorithm, checks the heuristic and the size: each error names its flag.
    fn resolve(&mut self) -> Result<(), String> {
        let weight = self.weight;
        self.special = match self.algorithm_name.as_str() {
            "bibfs" => Some(Special::BidirectionalBfs),
            "bidijkstra" => Some(Special::BidirectionalDijkstra),
            "anytime" => Some(Special::Anytime(weight.unwrap_or(2.0))),
            _ => None,
        };
        if self.special.is_none() {
            self.algorithm = match (self.algorithm_name.as_str(), weight) {
                ("wastar" | "weighted-astar", weight) => {
                    Algorithm::WeightedAStar(weight.unwrap_or(2.0))
                }
                ("astar", Some(weight)) => Algorithm::WeightedAStar(weight),
                (name, _) => name
                    .parse()
                    .map_err(|e| format!("--algorithm: cannot read {name:?}: {e}"))?,
            };
        }
        let heuristic = self.heuristic.as_str();
        if !(matches!(
            heuristic,
            "misplaced" | "manhattan" | "linear-conflict" | "linear_conflict" | "conflict" | "pdb"
        ) || heuristic.starts_with("pdb:"))
        {
            return Err(format!(
                "--heuristic: cannot read {heuristic:?}: expected misplaced, manhattan, \
                 linear-conflict, pdb or pdb:PARTITION"
            ));
        }
        if let Some(size) = &self.size {
            dimensions(size)?;
        }
        Ok(())
    }
}

/// `--size N` or `--size WxH` as (width, height).
fn dimensions(size: &str) -> Result<(usize, usize), String> {
    let (w, h) = match size.split_once(['x', 'X', '×']) {
        Some((w, h)) => (w.trim().parse(), h.trim().parse()),
        None => (size.parse(), size.parse()),
    };
    match (w, h) {
        (Ok(w), Ok(h)) => Ok((w, h)),
        _ => Err(format!(
            "--size: cannot read {size:?}: expected N or WxH, as 3 or 4x2"
        )),
    }
}

fn main() {
    let options = Options::parse();
    match run(&options) {
        Ok(true) => {}
        Ok(false) => std::process::exit(1),
        Err(message) => {
            eprintln!("puzzle: {message}");
            std::process::exit(2);
        }
    }
}

/// The heuristic chosen on the command line.
enum Choice<'p> {
    Misplaced(Misplaced<'p>),
    Manhattan(Manhattan<'p>),
    LinearConflict(LinearConflict<'p>),
    Pdb(Rc<AdditivePdb>),
}

impl Heuristic<Board, u32> for &Choice<'_> {
    fn estimate(&self, board: &Board) -> u32 {
        match self {
            Choice::Misplaced(h) => h.estimate(board),
            Choice::Manhattan(h) => h.estimate(board),
            Choice::LinearConflict(h) => h.estimate(board),
            Choice::Pdb(h) => h.estimate(board),
        }
    }
}

/// IDA* in place: Manhattan and the pattern databases are updated by the slide (the databases
/// look up only the moved tile's group); the other heuristics are computed afresh.
fn idastar_in_place<O: Observer<Board, u32>>(
    search: Search<'_, InPlace<PuzzleProblem<'_>>, O>,
    heuristic: &Choice<'_>,
) -> informed::SearchResult<InPlace<PuzzleProblem<'static>>> {
    match heuristic {
        Choice::Manhattan(h) => search.idastar_in_place_with(h),
        Choice::Pdb(pdb) => search.idastar_in_place_with(&**pdb),
        other => search.idastar_in_place_with(Afresh(other)),
    }
}

/// The heuristic named `name` (checked by `Options::resolve`). Pattern databases are built or
/// loaded once per board size, goal and partition, and shared by every board of the run.
fn choose<'p>(
    name: &str,
    puzzle: &'p SlidingPuzzle,
    options: &Options,
) -> Result<Choice<'p>, String> {
    if name == "pdb" || name.starts_with("pdb:") {
        let partition = match name.strip_prefix("pdb:") {
            Some(text) => {
                Partition::parse(puzzle, text).map_err(|e| format!("--heuristic: {e}"))?
            }
            None => Partition::standard(puzzle),
        };
        let mut cache = options.pdbs.borrow_mut();
        if let Some(pdb) = cache
            .iter()
            .find(|pdb| pdb.puzzle() == puzzle && *pdb.partition() == partition)
        {
            return Ok(Choice::Pdb(Rc::clone(pdb)));
        }
        let started = Instant::now();
        let (pdb, how) = match options.pdb_dir.as_deref() {
            Some(dir) => {
                let dir = std::path::Path::new(dir);
                let (pdb, origin) =
                    AdditivePdb::load_or_build(puzzle, &partition, dir, BuildOptions::new())
                        .map_err(|e| format!("--pdb-dir {}: {e}", dir.display()))?;
                (pdb, format!("{origin:?}").to_lowercase())
            }
            None => (
                AdditivePdb::build(puzzle, &partition).map_err(|e| e.to_string())?,
                "built".to_owned(),
            ),
        };
        eprintln!(
            "pattern databases {partition}: {how} in {:.2} s ({} entries)",
            started.elapsed().as_secs_f64(),
            pdb.entries()
        );
        let pdb = match pdb.clone().with_reflection(Reflection::Diagonal) {
            Ok(reflected) => reflected,
            Err(_) => pdb,
        };
        let pdb = Rc::new(pdb);
        cache.push(Rc::clone(&pdb));
        return Ok(Choice::Pdb(pdb));
    }
    Ok(match name {
        "misplaced" => Choice::Misplaced(puzzle.misplaced()),
        "manhattan" => Choice::Manhattan(puzzle.manhattan()),
        "linear-conflict" | "linear_conflict" | "conflict" => {
            Choice::LinearConflict(puzzle.linear_conflict())
        }
        other => {
            return Err(format!(
                "unknown heuristic {other:?}: expected misplaced, manhattan, linear-conflict, \
                 pdb or pdb:PARTITION"
            ));
        }
    })
}

/// The algorithms that need more of a problem than `Algorithm::run` asks for.
#[derive(Clone, Copy)]
enum Special {
    BidirectionalBfs,
    BidirectionalDijkstra,
    Anytime(f64),
}

/// The puzzle for a board of `count` tiles, from `--size` or inferred.
fn puzzle_for(
    count: usize,
    size: Option<&str>,
    goal: Option<&str>,
) -> Result<SlidingPuzzle, String> {
    let puzzle = match size {
        Some(size) => {
            let (w, h) = dimensions(size)?;
            SlidingPuzzle::new(w, h).map_err(|e| format!("--size {size}: {e}"))?
        }
        None => SlidingPuzzle::square(count).ok_or_else(|| {
            format!("{count} tiles make no square board (9, 16 or 25): give --size WxH")
        })?,
    };
    match goal {
        Some(goal) => puzzle
            .with_goal(goal)
            .map_err(|e| format!("goal {goal:?}: {e}")),
        None => Ok(puzzle),
    }
}

/// Solves every board, each as it comes: the command line's, then the file's (read a line at
/// a time), then the random ones (made one at a time), so that nothing waits for the whole
/// list and no list is held: `--random 1000000000000` starts at once and runs in constant
/// memory.
fn run(options: &Options) -> Result<bool, String> {
    let mut all_solved = true;
    let mut any = false;
    let mut board = |text: &str| {
        any = true;
        all_solved &= solve_board(text, options);
    };
    for text in &options.boards {
        board(text);
    }
    if let Some(file) = &options.file {
        // The first line that is no text (too long, not UTF-8) ends the run: what follows it
        // is no list of boards either.
        for line in common::Lines::open(file)? {
            let (_, line) = line?;
            let line = line.trim();
            if !line.is_empty() && !line.starts_with('#') {
                board(line);
            }
        }
    }
    if let Some(count) = options.random {
        let puzzle = puzzle_for(
            9,
            Some(options.size.as_deref().unwrap_or("3")),
            options.goal.as_deref(),
        )?;
        for k in 0..count as u64 {
            let seed = options.seed.wrapping_mul(1_000_003).wrapping_add(k);
            board(&puzzle.to_line(puzzle.random_board(seed)));
        }
    }
    if !any {
        return Err("no boards: give some (\"8 6 7 2 5 4 3 0 1\"), --file F or --random K".into());
    }
    Ok(all_solved)
}

/// Solves the board `text`, or reports on stderr (and as a JSON line with `--json`) why it
/// could not: whether it was solved.
fn solve_board(text: &str, options: &Options) -> bool {
    let count = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .count();
    let outcome = puzzle_for(count, options.size.as_deref(), options.goal.as_deref())
        .and_then(|puzzle| solve(&puzzle, text, options));
    let Err(reason) = outcome else {
        return true;
    };
    eprintln!("puzzle: board \"{text}\": {reason}");
    if options.json {
        common::print_json_line(
            serde_json::json!({ "board": text, "error": reason }),
            None,
            serde_json::json!({}),
        );
    }
    false
}

fn solve(puzzle: &SlidingPuzzle, text: &str, options: &Options) -> Result<(), String> {
    let start = puzzle.parse(text).map_err(|e| e.to_string())?;
    let problem = puzzle.problem(start).map_err(|e| e.to_string())?;
    let heuristic_name = options.heuristic.as_str();
    let heuristic = choose(heuristic_name, puzzle, options)?;
    let mut tracer = Tracer::new(puzzle, options.trace);
    let mut search = Search::new(&problem);
    if let Some(limit) = options.max_stored {
        search = search.max_stored(limit);
    }
    let in_place =
        options.special.is_none() && options.algorithm == Algorithm::IdaStar && !options.copying;
    let view = InPlace::new(problem);
    let started = Instant::now();
    let outcome =
        match options.special {
            None if in_place => {
                let mut search = Search::new(&view).cycle_check(CycleCheck::Parent);
                if let Some(limit) = options.max_stored {
                    search = search.max_stored(limit);
                }
                // The per-iteration counts are shown only in the text output.
                if options.json && options.trace == 0 {
                    idastar_in_place(search, &heuristic)
                } else {
                    idastar_in_place(search.observer(&mut tracer), &heuristic)
                }
            }
            None => search
                .observer(&mut tracer)
                .run_with(options.algorithm, &heuristic),
            Some(Special::BidirectionalBfs) => search.bidirectional_bfs(),
            Some(Special::BidirectionalDijkstra) => search.bidirectional_dijkstra(),
            Some(Special::Anytime(weight)) => search.anytime_astar_with(&heuristic, weight).map(
                |anytime| {
                    if !options.json {
                        for improvement in anytime.improvements() {
                            println!(
                                "improved: cost {} after {} expansions, at most {:.3} × optimal",
                                improvement.cost(),
                                improvement.expanded(),
                                improvement.bound()
                            );
                        }
                    }
                    anytime.into_best()
                },
            ),
        };
    let time = millis(started);
    let algorithm = match options.special {
        Some(_) => options.algorithm_name.clone(),
        None if in_place => format!("{} in place, no move back", options.algorithm),
        None => options.algorithm.to_string(),
    };
    if options.trace > 0 && !options.json {
        // Written as it is made: the lists of N expansions take O(N²) lines.
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        tracer
            .open_closed_lists(&mut out)
            .and_then(|()| out.flush())
            .map_err(|e| format!("cannot write the trace: {e}"))?;
    }
    if let Some(file) = &options.dot {
        let write = |file: &str| -> std::io::Result<()> {
            let mut out = std::io::BufWriter::new(std::fs::File::create(file)?);
            tracer.dot(&mut out)?;
            out.flush()
        };
        write(file).map_err(|e| format!("cannot write {file}: {e}"))?;
    }
    let solution = outcome.map_err(|e| e.to_string())?;
    let line = puzzle.to_line(start);
    if options.json {
        common::print_json_line(
            serde_json::json!({
                "board": line,
                "algorithm": algorithm,
                "heuristic": heuristic_name,
                "cost": solution.cost(),
                "steps": solution.steps(),
            }),
            Some(solution.stats()),
            serde_json::json!({ "time_ms": common::number(time) }),
        );
        return Ok(());
    }
    let moves = puzzle.moves(solution.path());
    println!(
        "board {line}  ({}×{}, {algorithm}, {heuristic_name})",
        puzzle.width(),
        puzzle.height()
    );
    let listed: Vec<String> = moves
        .iter()
        .map(|m| format!("{}{}", m.tile, arrow(m.direction)))
        .collect();
    println!("{} moves: {}", moves.len(), listed.join(" "));
    if !options.quiet {
        for (k, board) in solution.path().iter().enumerate() {
            match k {
                0 => println!("start:"),
                k => println!("{k}. {}:", moves[k - 1]),
            }
            print!("{}", indent(&puzzle.display(*board).to_string()));
        }
    }
    if !tracer.per_iteration.is_empty() {
        let counts: Vec<String> = tracer.per_iteration.iter().map(u64::to_string).collect();
        println!("expansions per iteration: {}", counts.join(", "));
    }
    println!("{}; {time:.3} ms", solution.stats());
    if let Some(k) = options.paths {
        println!("the cheapest loopless solutions (at most {k}):");
        let listed = cheapest_paths(&problem, k, |path| {
            println!(
                "  {:>3} moves: {}",
                path.cost(),
                moves_line(puzzle, path.path())
            );
        })?;
        println!("{listed} listed");
    }
    if let Some(n) = options.optimal {
        let optimal = informed::optimal_paths(&problem).map_err(|e| e.to_string())?;
        println!(
            "optimal solutions of {} moves (at most {n}):",
            optimal.cost()
        );
        // Listed as they are enumerated: there may be astronomically many.
        let mut listed = 0;
        for path in optimal.take(n) {
            println!("  {}", moves_line(puzzle, &path));
            listed += 1;
        }
        println!("{listed} listed");
    }
    println!();
    Ok(())
}

/// Shows each of the `k` cheapest loopless paths of `problem` (at most; fewer if there are
/// fewer), cheapest first, as they are found; returns how many there were.
///
/// `k_shortest_paths` returns its paths all at once, after the last: asked for a trillion it
/// would print nothing, ever. So it is asked for 1, 2, 4, 8, … paths, each time showing only
/// the new ones (Yen's algorithm finds the same first paths whatever k is): the first paths
/// show at once, and the whole costs at most twice one call for the paths shown.
fn cheapest_paths(
    problem: &informed::puzzle::PuzzleProblem<'_>,
    k: usize,
    mut show: impl FnMut(&informed::Solution<Board, u32>),
) -> Result<usize, String> {
    let mut shown = 0;
    let mut ask = 1;
    while shown < k {
        ask = ask.min(k);
        let paths = informed::k_shortest_paths(problem, ask).map_err(|e| e.to_string())?;
        for path in paths.iter().skip(shown) {
            show(path);
        }
        shown = shown.max(paths.len());
        if paths.len() < ask {
            break;
        }
        ask = ask.saturating_mul(2);
    }
    Ok(shown)
}

/// The moves along a path of boards, as `8↓ 5← …`.
fn moves_line(puzzle: &SlidingPuzzle, path: &[Board]) -> String {
    let moves: Vec<String> = puzzle
        .moves(path)
        .iter()
        .map(|m| format!("{}{}", m.tile, arrow(m.direction)))
        .collect();
    moves.join(" ")
}

fn arrow(direction: informed::puzzle::Direction) -> char {
    use informed::puzzle::Direction::*;
    match direction {
        Up => '↑',
        Down => '↓',
        Left => '←',
        Right => '→',
    }
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    {l}\n")).collect()
}

/// What the tracer saw, for the first N expansions.
#[derive(Clone, Copy)]
enum Seen {
    Opened {
        board: Board,
        parent: Option<Board>,
        g: u32,
        h: u32,
    },
    Expanded {
        board: Board,
        g: u32,
        h: u32,
    },
}

/// Records the first `limit` expansions and what they generated, to print the textbook OPEN
/// and CLOSED lists and draw the search tree.
struct Tracer<'p> {
    puzzle: &'p SlidingPuzzle,
    limit: usize,
    expansions: usize,
    seen: Vec<Seen>,
    /// Expansions per iteration, for iterative deepening.
    per_iteration: Vec<u64>,
}

impl<'p> Tracer<'p> {
    fn new(puzzle: &'p SlidingPuzzle, limit: usize) -> Self {
        Tracer {
            puzzle,
            limit,
            expansions: 0,
            seen: Vec::new(),
            per_iteration: Vec::new(),
        }
    }

    /// After each of the first N expansions: the expanded board and its parent, then OPEN
    /// (sorted as the search will take it: f, then h) and CLOSED (in expansion order), each
    /// board with g, h, f and the board it was reached from. Written to `out` step by step,
    /// never held: the lists after N expansions take O(N²) lines.
    fn open_closed_lists(&self, out: &mut impl Write) -> std::io::Result<()> {
        /// A board on OPEN or CLOSED: the board, g, h and its parent (none for the start).
        type Entry = (Board, u32, u32, Option<Board>);
        let mut open: Vec<Entry> = Vec::new();
        let mut closed: Vec<Entry> = Vec::new();
        let mut step = 0;
        let entry = |&(b, g, h, parent): &Entry| {
            let parent = parent.map_or("start".to_owned(), |p| {
                format!("parent [{}]", self.puzzle.to_line(p))
            });
            format!(
                "[{}] g={g} h={h} f={}  {parent}",
                self.puzzle.to_line(b),
                g + h
            )
        };
        let flush = |step: usize, open: &[Entry], closed: &[Entry], out: &mut dyn Write| {
            if step == 0 {
                return Ok(());
            }
            let mut sorted = open.to_vec();
            sorted.sort_by_key(|&(_, g, h, _)| (g + h, h));
            writeln!(
                out,
                "step {step}: expanded {}",
                entry(closed.last().unwrap())
            )?;
            writeln!(out, "  OPEN   ({}):", sorted.len())?;
            for e in &sorted {
                writeln!(out, "    {}", entry(e))?;
            }
            writeln!(out, "  CLOSED ({}):", closed.len())?;
            for e in closed {
                writeln!(out, "    {}", entry(e))?;
            }
            Ok(())
        };
        for seen in &self.seen {
            match *seen {
                Seen::Opened {
                    board,
                    parent,
                    g,
                    h,
                } => {
                    open.retain(|e| e.0 != board);
                    closed.retain(|e| e.0 != board);
                    open.push((board, g, h, parent));
                }
                Seen::Expanded { board, g, h } => {
                    flush(step, &open, &closed, out)?;
                    let parent = open.iter().find(|e| e.0 == board).and_then(|e| e.3);
                    open.retain(|e| e.0 != board);
                    closed.push((board, g, h, parent));
                    step += 1;
                }
            }
        }
        flush(step, &open, &closed, out)
    }

    /// The search tree of the traced expansions as Graphviz DOT, written to `out`: boards as
    /// nodes (expanded ones filled and numbered), edges from parent to child.
    fn dot(&self, out: &mut impl Write) -> std::io::Result<()> {
        let id = |b: Board| format!("\"{}\"", self.puzzle.to_line(b));
        let label = |b: Board, g: u32, h: u32, order: Option<usize>| {
            let rows = self.puzzle.display(b).to_string().replace('\n', "\\n");
            let number = order.map_or(String::new(), |k| format!("#{k}  "));
            format!("{number}g={g} h={h} f={}\\n{rows}", g + h)
        };
        writeln!(
            out,
            "digraph search {{\n  node [shape=box, fontname=\"monospace\"];"
        )?;
        let mut order = 0;
        for seen in &self.seen {
            match *seen {
                Seen::Opened {
                    board,
                    parent,
                    g,
                    h,
                } => {
                    writeln!(
                        out,
                        "  {} [label=\"{}\"];",
                        id(board),
                        label(board, g, h, None)
                    )?;
                    if let Some(parent) = parent {
                        writeln!(out, "  {} -> {};", id(parent), id(board))?;
                    }
                }
                Seen::Expanded { board, g, h } => {
                    order += 1;
                    writeln!(
                        out,
                        "  {} [label=\"{}\", style=filled, fillcolor=\"#ffe9a8\"];",
                        id(board),
                        label(board, g, h, Some(order))
                    )?;
                }
            }
        }
        writeln!(out, "}}")
    }
}

impl Observer<Board, u32> for Tracer<'_> {
    fn observe(&mut self, event: Event<'_, Board, u32>) {
        match event {
            Event::Iteration { .. } => self.per_iteration.push(0),
            Event::Expand { .. } => {
                if let Some(count) = self.per_iteration.last_mut() {
                    *count += 1;
                }
            }
            _ => {}
        }
        if self.expansions > self.limit || self.limit == 0 {
            return;
        }
        match event {
            Event::Generate {
                state,
                parent,
                g,
                h,
            } => {
                self.seen.push(Seen::Opened {
                    board: *state,
                    parent: parent.copied(),
                    g,
                    h,
                });
            }
            Event::DecreaseKey {
                state,
                parent,
                g,
                h,
                ..
            }
            | Event::Reopen {
                state,
                parent,
                g,
                h,
                ..
            } => {
                self.seen.push(Seen::Opened {
                    board: *state,
                    parent: Some(*parent),
                    g,
                    h,
                });
            }
            Event::Expand { state, g, h } => {
                self.expansions += 1;
                if self.expansions <= self.limit {
                    self.seen.push(Seen::Expanded {
                        board: *state,
                        g,
                        h,
                    });
                }
            }
            _ => {}
        }
    }
}
