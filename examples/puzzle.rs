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
//!   `--weight`, default 2: prints each improvement and its bound)
//! - `--heuristic H`: misplaced, manhattan, linear-conflict (default), pdb (additive pattern
//!   databases, the standard partition: 7-8 on 4×4, 6-6-6-6 on 5×5; with the diagonal
//!   reflection where the goal allows it) or pdb:PARTITION (`pdb:1,2,3,4/5,6,7,8`)
//! - `--pdb-dir DIR`: where the pattern databases are kept: loaded if there, else built and
//!   saved (default: built in memory each run)
//! - `--weight W`: weighted A* with weight W (with astar or wastar; default 2 for wastar)
//! - `--goal "…"`: the goal arrangement (default: tiles in order, blank last)
//! - `--size N` or `--size WxH`: the board size for `--random`, and for boards whose tile
//!   count is no square (default: inferred, 9 → 3×3, 16 → 4×4, 25 → 5×5)
//! - `--paths K`: also list the K cheapest loopless solutions (Yen's algorithm)
//! - `--optimal N`: also list up to N of the optimal solutions (all of them are enumerated
//!   lazily; the count is capped at N)
//! - `--max-stored N`: stop a search that would store more than N boards
//! - `--quiet`: the moves and statistics only, not every board
//!
//! Unsolvable or malformed boards are reported on stderr with the reason; the other boards
//! are still solved, and the exit status is 1.

mod common;

use std::fmt::Write as _;
use std::time::Instant;

use common::{Args, Json, millis};
use informed::puzzle::{
    AdditivePdb, Board, BuildOptions, LinearConflict, Manhattan, Misplaced, Partition, Reflection,
    SlidingPuzzle,
};
use informed::{Algorithm, Event, Heuristic, Observer, Search};

fn main() {
    match run() {
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
    Pdb(Box<AdditivePdb>),
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

fn choose<'p>(
    name: &str,
    puzzle: &'p SlidingPuzzle,
    pdb_dir: Option<&str>,
) -> Result<Choice<'p>, String> {
    if name == "pdb" || name.starts_with("pdb:") {
        let partition = match name.strip_prefix("pdb:") {
            Some(text) => {
                Partition::parse(puzzle, text).map_err(|e| format!("--heuristic: {e}"))?
            }
            None => Partition::standard(puzzle),
        };
        let started = Instant::now();
        let (pdb, how) = match pdb_dir {
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
        let reflected = pdb.clone().with_reflection(Reflection::Diagonal);
        return Ok(Choice::Pdb(Box::new(reflected.unwrap_or(pdb))));
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
enum Special {
    BidirectionalBfs,
    BidirectionalDijkstra,
    Anytime(f64),
}

fn special(args: &Args) -> Result<Option<Special>, String> {
    let weight: f64 = args.parse_or("weight", 2.0)?;
    Ok(match args.get("algorithm") {
        Some("bibfs") => Some(Special::BidirectionalBfs),
        Some("bidijkstra") => Some(Special::BidirectionalDijkstra),
        Some("anytime") => Some(Special::Anytime(weight)),
        _ => None,
    })
}

fn algorithm(args: &Args) -> Result<Algorithm, String> {
    if special(args)?.is_some() {
        return Ok(Algorithm::AStar);
    }
    let name = args.get("algorithm").unwrap_or("astar");
    let weight: Option<f64> = args
        .get("weight")
        .map(|w| {
            w.parse()
                .map_err(|_| format!("--weight: cannot read {w:?}"))
        })
        .transpose()?;
    Ok(match (name, weight) {
        ("wastar" | "weighted-astar", weight) => Algorithm::WeightedAStar(weight.unwrap_or(2.0)),
        ("astar", Some(weight)) => Algorithm::WeightedAStar(weight),
        (name, _) => name.parse().map_err(|e| format!("--algorithm: {e}"))?,
    })
}

/// The puzzle for a board of `count` tiles, from `--size` or inferred.
fn puzzle_for(
    count: usize,
    size: Option<&str>,
    goal: Option<&str>,
) -> Result<SlidingPuzzle, String> {
    let puzzle = match size {
        Some(size) => {
            let (w, h) = match size.split_once(['x', 'X', '×']) {
                Some((w, h)) => (w.trim().parse(), h.trim().parse()),
                None => (size.parse(), size.parse()),
            };
            let (w, h) = (
                w.map_err(|_| format!("--size: cannot read {size:?}"))?,
                h.map_err(|_| format!("--size: cannot read {size:?}"))?,
            );
            SlidingPuzzle::new(w, h).map_err(|e| e.to_string())?
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

fn run() -> Result<bool, String> {
    let args = Args::parse(&["json", "quiet"])?;
    let algorithm = algorithm(&args)?;
    let heuristic_name = args
        .get("heuristic")
        .unwrap_or("linear-conflict")
        .to_owned();
    let trace: usize = args.parse_or("trace", 0)?;
    let max_stored: Option<usize> = args
        .get("max-stored")
        .map(|n| {
            n.parse()
                .map_err(|_| format!("--max-stored: cannot read {n:?}"))
        })
        .transpose()?;
    let json = args.has("json");

    let mut boards: Vec<String> = args.positional.clone();
    if let Some(file) = args.get("file") {
        let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
        boards.extend(
            text.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(str::to_owned),
        );
    }
    if let Some(count) = args.get("random") {
        let count: usize = count
            .parse()
            .map_err(|_| format!("--random: cannot read {count:?}"))?;
        let seed: u64 = args.parse_or("seed", 1)?;
        let puzzle = puzzle_for(9, Some(args.get("size").unwrap_or("3")), args.get("goal"))?;
        for k in 0..count as u64 {
            boards.push(
                puzzle.to_line(puzzle.random_board(seed.wrapping_mul(1_000_003).wrapping_add(k))),
            );
        }
    }
    if boards.is_empty() {
        return Err("no boards: give some (\"8 6 7 2 5 4 3 0 1\"), --file F or --random K".into());
    }

    let mut all_solved = true;
    for text in &boards {
        let count = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .count();
        let outcome = puzzle_for(count, args.get("size"), args.get("goal")).and_then(|puzzle| {
            solve(
                &puzzle,
                text,
                algorithm,
                &heuristic_name,
                trace,
                max_stored,
                &args,
            )
        });
        if let Err(reason) = outcome {
            all_solved = false;
            eprintln!("puzzle: board \"{text}\": {reason}");
            if json {
                Json::new()
                    .text("board", text)
                    .text("error", &reason)
                    .print();
            }
        }
    }
    Ok(all_solved)
}

fn solve(
    puzzle: &SlidingPuzzle,
    text: &str,
    algorithm: Algorithm,
    heuristic_name: &str,
    trace: usize,
    max_stored: Option<usize>,
    args: &Args,
) -> Result<(), String> {
    let start = puzzle.parse(text).map_err(|e| e.to_string())?;
    let problem = puzzle.problem(start).map_err(|e| e.to_string())?;
    let heuristic = choose(heuristic_name, puzzle, args.get("pdb-dir"))?;
    let mut tracer = Tracer::new(puzzle, trace);
    let mut search = Search::new(&problem);
    if let Some(limit) = max_stored {
        search = search.max_stored(limit);
    }
    let started = Instant::now();
    let outcome = match special(args)? {
        None => search.observer(&mut tracer).run(algorithm, &heuristic),
        Some(Special::BidirectionalBfs) => search.bidirectional_bfs(),
        Some(Special::BidirectionalDijkstra) => search.bidirectional_dijkstra(),
        Some(Special::Anytime(weight)) => search.anytime_astar(&heuristic, weight).map(|anytime| {
            if !args.has("json") {
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
        }),
    };
    let time = millis(started);
    let algorithm = match special(args)? {
        Some(_) => args.get("algorithm").unwrap_or_default().to_owned(),
        None => algorithm.to_string(),
    };
    if trace > 0 && !args.has("json") {
        print!("{}", tracer.open_closed_lists());
    }
    if let Some(file) = args.get("dot") {
        std::fs::write(file, tracer.dot()).map_err(|e| format!("cannot write {file}: {e}"))?;
    }
    let solution = outcome.map_err(|e| e.to_string())?;
    let line = puzzle.to_line(start);
    if args.has("json") {
        Json::new()
            .text("board", &line)
            .text("algorithm", &algorithm)
            .text("heuristic", heuristic_name)
            .integer("cost", u64::from(solution.cost()))
            .integer("steps", solution.steps() as u64)
            .stats(solution.stats())
            .number("time_ms", time)
            .print();
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
    if !args.has("quiet") {
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
    if let Some(k) = args.get("paths") {
        let k: usize = k
            .parse()
            .map_err(|_| format!("--paths: cannot read {k:?}"))?;
        let paths = informed::k_shortest_paths(&problem, k).map_err(|e| e.to_string())?;
        println!("the {} cheapest loopless solutions:", paths.len());
        for path in &paths {
            println!(
                "  {:>3} moves: {}",
                path.cost(),
                moves_line(puzzle, path.path())
            );
        }
    }
    if let Some(n) = args.get("optimal") {
        let n: usize = n
            .parse()
            .map_err(|_| format!("--optimal: cannot read {n:?}"))?;
        let optimal = informed::optimal_paths(&problem).map_err(|e| e.to_string())?;
        let cost = optimal.cost();
        let listed: Vec<Vec<Board>> = optimal.take(n).collect();
        println!(
            "{} optimal solutions of {cost} moves (at most {n} listed):",
            listed.len()
        );
        for path in &listed {
            println!("  {}", moves_line(puzzle, path));
        }
    }
    println!();
    Ok(())
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

    /// After each of the first N expansions: the expanded board, then OPEN (sorted as the
    /// search will take it: f, then h) and CLOSED (in expansion order).
    fn open_closed_lists(&self) -> String {
        let mut out = String::new();
        let mut open: Vec<(Board, u32, u32)> = Vec::new();
        let mut closed: Vec<(Board, u32, u32)> = Vec::new();
        let mut step = 0;
        let entry = |(b, g, h): &(Board, u32, u32)| {
            format!("[{}] g={g} h={h} f={}", self.puzzle.to_line(*b), g + h)
        };
        let flush = |step: usize,
                     open: &[(Board, u32, u32)],
                     closed: &[(Board, u32, u32)],
                     out: &mut String| {
            if step == 0 {
                return;
            }
            let mut sorted = open.to_vec();
            sorted.sort_by_key(|&(_, g, h)| (g + h, h));
            let _ = writeln!(
                out,
                "step {step}: expanded {}",
                entry(closed.last().unwrap())
            );
            let _ = writeln!(out, "  OPEN   ({}):", sorted.len());
            for e in &sorted {
                let _ = writeln!(out, "    {}", entry(e));
            }
            let _ = writeln!(out, "  CLOSED ({}):", closed.len());
            for e in closed {
                let _ = writeln!(out, "    {}", entry(e));
            }
        };
        for seen in &self.seen {
            match *seen {
                Seen::Opened { board, g, h, .. } => {
                    open.retain(|e| e.0 != board);
                    closed.retain(|e| e.0 != board);
                    open.push((board, g, h));
                }
                Seen::Expanded { board, g, h } => {
                    flush(step, &open, &closed, &mut out);
                    open.retain(|e| e.0 != board);
                    closed.push((board, g, h));
                    step += 1;
                }
            }
        }
        flush(step, &open, &closed, &mut out);
        out
    }

    /// The search tree of the traced expansions as Graphviz DOT: boards as nodes (expanded ones
    /// filled and numbered), edges from parent to child.
    fn dot(&self) -> String {
        let id = |b: Board| format!("\"{}\"", self.puzzle.to_line(b));
        let label = |b: Board, g: u32, h: u32, order: Option<usize>| {
            let rows = self.puzzle.display(b).to_string().replace('\n', "\\n");
            let number = order.map_or(String::new(), |k| format!("#{k}  "));
            format!("{number}g={g} h={h} f={}\\n{rows}", g + h)
        };
        let mut out =
            String::from("digraph search {\n  node [shape=box, fontname=\"monospace\"];\n");
        let mut order = 0;
        for seen in &self.seen {
            match *seen {
                Seen::Opened {
                    board,
                    parent,
                    g,
                    h,
                } => {
                    let _ = writeln!(
                        out,
                        "  {} [label=\"{}\"];",
                        id(board),
                        label(board, g, h, None)
                    );
                    if let Some(parent) = parent {
                        let _ = writeln!(out, "  {} -> {};", id(parent), id(board));
                    }
                }
                Seen::Expanded { board, g, h } => {
                    order += 1;
                    let _ = writeln!(
                        out,
                        "  {} [label=\"{}\", style=filled, fillcolor=\"#ffe9a8\"];",
                        id(board),
                        label(board, g, h, Some(order))
                    );
                }
            }
        }
        out.push_str("}\n");
        out
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
