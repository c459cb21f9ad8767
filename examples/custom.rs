//! A state space of your own, from scratch: the water-jug puzzle.
//!
//! ```text
//! cargo run --release --example custom
//! cargo run --release --example custom -- 7 11 6      # jugs of 7 and 11 litres, measure 6
//! cargo run --release --example custom -- --trace     # A*'s every expansion
//! cargo run --release --example custom -- 7 11 6 --html jugs.html --svg jugs.svg
//! ```
//!
//! Two jugs without markings hold `a` and `b` litres. You may fill a jug from the tap, empty it
//! onto the ground, or pour one into the other until the first is empty or the second is full.
//! Measure exactly `target` litres in either jug, pouring as little water as possible.
//!
//! This file is the template to copy: a state type, a `SearchProblem` implementation, an
//! admissible heuristic, and every algorithm run on the same problem. It also shows how to
//! watch a search of your own state space: a [`StateRecorder`] given where to draw each state
//! (here the point (a, b) of the litres in the two jugs) writes a replay page (`--html`), an
//! SVG picture (`--svg`) and a listing of the expansions (`--trace`).

mod common;

use common::{Cli, Long, Value};
use informed::{
    Algorithm, OpenOrder, Replay, Search, SearchProblem, StatePicture, StateRecorder, TieBreak,
};

const USAGE: &str = "custom [--json] [--trace] [--html FILE] [--svg FILE] [A B TARGET]";
const HELP: &str = "\
The water-jug puzzle: with jugs of A and B litres, measure TARGET litres, pouring as little
water as possible (default: A = 3, B = 5, TARGET = 4).

Flags:
  --json        one JSON line per algorithm instead of the text (default: off)
  --trace       list A*'s expansions: the litres in each jug, g, h, f and the parent (default: off)
  --html FILE   write a page replaying Dijkstra, greedy and A*, each state drawn at the point
                (litres in A, litres in B) (default: none)
  --svg FILE    draw the same three searches as an SVG picture (default: none)
  -h, --help    this text
";

/// The algorithms the page and the picture compare.
const COMPARED: [Algorithm; 3] = [Algorithm::Dijkstra, Algorithm::Greedy, Algorithm::AStar];

/// A state: the litres in each jug. Keep states to what defines them: anything else (how the
/// state was reached, say) would make equal states look different, or be lost when the search
/// finds a cheaper path to a state it has stored. The path is the history.
type Jugs = [u32; 2];

/// What a step did, recovered from the two states it joins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Fill(usize),
    Empty(usize),
    Pour { from: usize, to: usize },
}

struct WaterJugs {
    capacity: [u32; 2],
    target: u32,
}

impl SearchProblem for WaterJugs {
    type State = Jugs;
    /// The cost of a step: the litres of water it moves (filling, emptying or pouring).
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = Jugs> {
        [[0, 0]]
    }

    fn is_goal(&self, jugs: &Jugs) -> bool {
        jugs.contains(&self.target)
    }

    fn successors(&self, jugs: &Jugs) -> impl IntoIterator<Item = (Jugs, u32)> {
        self.moves(jugs)
            .into_iter()
            .map(|(next, _, litres)| (next, litres))
    }
}

impl WaterJugs {
    /// Every possible move: the state it leads to, the action, and the litres it moves.
    fn moves(&self, jugs: &Jugs) -> Vec<(Jugs, Action, u32)> {
        let mut moves = Vec::new();
        for jug in 0..2 {
            if jugs[jug] < self.capacity[jug] {
                let mut next = *jugs;
                next[jug] = self.capacity[jug];
                moves.push((next, Action::Fill(jug), self.capacity[jug] - jugs[jug]));
            }
            if jugs[jug] > 0 {
                let mut next = *jugs;
                next[jug] = 0;
                moves.push((next, Action::Empty(jug), jugs[jug]));
            }
        }
        for (from, to) in [(0, 1), (1, 0)] {
            let litres = jugs[from].min(self.capacity[to] - jugs[to]);
            if litres > 0 {
                let mut next = *jugs;
                next[from] -= litres;
                next[to] += litres;
                moves.push((next, Action::Pour { from, to }, litres));
            }
        }
        moves
    }

    /// The cheapest action that leads from `before` to `after`.
    fn action(&self, before: &Jugs, after: &Jugs) -> Option<Action> {
        self.moves(before)
            .into_iter()
            .filter(|(next, _, _)| next == after)
            .min_by_key(|&(_, _, litres)| litres)
            .map(|(_, action, _)| action)
    }

    /// A lower bound on the water still to move: if neither jug holds the target, one of them
    /// must change by at least its distance to the target, and every litre of change is a litre
    /// moved. Admissible and consistent (a step moving m litres changes each jug by at most m).
    fn estimate(&self, jugs: &Jugs) -> u32 {
        jugs.iter()
            .map(|&l| l.abs_diff(self.target))
            .min()
            .unwrap_or(0)
    }
}

fn describe(action: Action, capacity: [u32; 2]) -> String {
    match action {
        Action::Fill(jug) => format!("fill the {}-litre jug", capacity[jug]),
        Action::Empty(jug) => format!("empty the {}-litre jug", capacity[jug]),
        Action::Pour { from, to } => {
            format!(
                "pour the {}-litre jug into the {}-litre jug",
                capacity[from], capacity[to]
            )
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut cli = Cli::new("custom", USAGE, HELP);
    let usage = cli.usage();
    let mut numbers: Vec<u32> = Vec::new();
    let (mut json, mut trace, mut html, mut svg) = (false, false, None, None);
    while let Some(arg) = cli.next() {
        match arg {
            Long("json") => json = true,
            Long("trace") => trace = true,
            Long("html") => html = Some(cli.string("html")),
            Long("svg") => svg = Some(cli.string("svg")),
            Value(text) => {
                let text = cli.positional(text);
                match text.parse() {
                    Ok(litres) => numbers.push(litres),
                    Err(error) => usage.error(format!("cannot read {text:?} as litres: {error}")),
                }
            }
            other => usage.reject(other.unexpected()),
        }
    }
    let (capacity, target) = match numbers[..] {
        [] => ([3, 5], 4),
        [a, b, target] => ([a, b], target),
        _ => usage.error("give two jug sizes and a target, as in `7 11 6`"),
    };
    let problem = WaterJugs { capacity, target };

    if json {
        // One line per algorithm: its name, the litres moved, the steps and every Stats field.
        for algorithm in [
            Algorithm::Bfs,
            Algorithm::Dijkstra,
            Algorithm::Greedy,
            Algorithm::AStar,
        ] {
            let solution =
                Search::new(&problem).run(algorithm, |jugs: &Jugs| problem.estimate(jugs))?;
            common::print_json_line(
                serde_json::json!({
                    "algorithm": algorithm.to_string(),
                    "cost": solution.cost(),
                    "steps": solution.steps(),
                }),
                Some(solution.stats()),
                serde_json::json!({ "path": solution.path() }),
            );
        }
        if html.is_some() || svg.is_some() {
            watch(&problem, false, html.as_deref(), svg.as_deref(), true)?;
        }
        return Ok(());
    }
    let solution = informed::astar(&problem, |jugs: &Jugs| problem.estimate(jugs))?;
    println!(
        "Measure {target} litres with jugs of {} and {} litres, moving {} litres of water:",
        capacity[0],
        capacity[1],
        solution.cost()
    );
    println!("  0. {:<44} {:?}", "both jugs empty", solution.start());
    for (step, pair) in solution.path().windows(2).enumerate() {
        let action = problem
            .action(&pair[0], &pair[1])
            .expect("each step is a move");
        println!(
            "{:>3}. {:<44} {:?}",
            step + 1,
            describe(action, capacity),
            pair[1]
        );
    }

    println!("\nEvery algorithm on the same problem:");
    println!(
        "{:<10} {:>7} {:>6} {:>9}",
        "", "litres", "steps", "expanded"
    );
    for algorithm in [
        Algorithm::Bfs,
        Algorithm::Dijkstra,
        Algorithm::Greedy,
        Algorithm::AStar,
    ] {
        let solution =
            Search::new(&problem).run(algorithm, |jugs: &Jugs| problem.estimate(jugs))?;
        println!(
            "{:<10} {:>7} {:>6} {:>9}",
            algorithm.to_string(),
            solution.cost(),
            solution.steps(),
            solution.stats().expanded
        );
    }
    // The audit confirms the heuristic is safe before we rely on it.
    let audit = informed::audit(&problem, |jugs: &Jugs| problem.estimate(jugs), 100_000)?;
    println!("\nheuristic audit: {audit}");

    if trace || html.is_some() || svg.is_some() {
        watch(&problem, trace, html.as_deref(), svg.as_deref(), false)?;
    }
    Ok(())
}

/// Watching the searches: each state drawn at the point (litres in A, litres in B), B counted
/// upwards (a drawing's y grows downward), and named by the litres.
fn recorder<'p>(problem: &'p WaterJugs, algorithm: Algorithm) -> StateRecorder<'p, WaterJugs> {
    let top = f64::from(problem.capacity[1]);
    StateRecorder::new(problem, move |&[a, b]: &Jugs| {
        (f64::from(a), top - f64::from(b))
    })
    .label(|&[a, b]| format!("[{a}, {b}]"))
    .order(OpenOrder::new(algorithm, TieBreak::Fifo))
}

/// Records Dijkstra, greedy and A*, and writes what was asked: A*'s trace, the replay page, the
/// SVG picture (`quiet`: without saying so, for `--json`).
fn watch(
    problem: &WaterJugs,
    trace: bool,
    html: Option<&str>,
    svg: Option<&str>,
    quiet: bool,
) -> Result<(), Box<dyn std::error::Error>> {
    let mut recorders = Vec::new();
    for algorithm in COMPARED {
        let mut recorder = recorder(problem, algorithm);
        let solution = Search::new(problem)
            .observer(&mut recorder)
            .run(algorithm, |jugs: &Jugs| problem.estimate(jugs))?;
        recorders.push((algorithm, recorder, solution));
    }
    if trace {
        let (algorithm, recorder, _) = &recorders[2];
        println!(
            "\nA*'s expansions (open list: {}):",
            OpenOrder::new(*algorithm, TieBreak::Fifo)
        );
        print!("{}", recorder.trace());
    }
    let name = |algorithm: Algorithm| match algorithm {
        Algorithm::Dijkstra => "Dijkstra",
        Algorithm::Greedy => "Greedy best-first",
        _ => "A*",
    };
    if let Some(file) = html {
        let mut replay = Replay::new().title(format!(
            "Water jugs of {} and {} litres, measuring {}: each state at (litres in A, litres in B)",
            problem.capacity[0], problem.capacity[1], problem.target
        ));
        for (algorithm, recorder, solution) in &recorders {
            replay = replay.search(name(*algorithm), recorder, Some(solution));
        }
        replay
            .write_html(file)
            .map_err(|e| format!("cannot write {file}: {e}"))?;
        if !quiet {
            println!("wrote {file}");
        }
    }
    if let Some(file) = svg {
        let pictures: Vec<StatePicture<'_, '_, WaterJugs>> = recorders
            .iter()
            .map(|(algorithm, recorder, solution)| {
                recorder.picture().path(solution.path()).summary(
                    name(*algorithm),
                    Some(f64::from(solution.cost())),
                    solution.stats(),
                )
            })
            .collect();
        std::fs::write(file, StatePicture::side_by_side_svg(&pictures, 260.0))
            .map_err(|e| format!("cannot write {file}: {e}"))?;
        if !quiet {
            println!("wrote {file}");
        }
    }
    Ok(())
}
