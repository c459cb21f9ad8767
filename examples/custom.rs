//! A state space of your own, from scratch: the water-jug puzzle.
//!
//! ```text
//! cargo run --release --example custom
//! cargo run --release --example custom -- 7 11 6      # jugs of 7 and 11 litres, measure 6
//! ```
//!
//! Two jugs without markings hold `a` and `b` litres. You may fill a jug from the tap, empty it
//! onto the ground, or pour one into the other until the first is empty or the second is full.
//! Measure exactly `target` litres in either jug, pouring as little water as possible.
//!
//! This file is the template to copy: a state type, a `SearchProblem` implementation, an
//! admissible heuristic, and every algorithm run on the same problem.

mod common;

use common::{Cli, Value};
use informed::{Algorithm, Search, SearchProblem, Successors};

const USAGE: &str = "custom [A B TARGET]";
const HELP: &str = "\
The water-jug puzzle: with jugs of A and B litres, measure TARGET litres, pouring as little
water as possible (default: A = 3, B = 5, TARGET = 4).

Flags:
  -h, --help   this text
";

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

    fn successors(&self, jugs: &Jugs, out: &mut Successors<Jugs, u32>) {
        for (next, _, litres) in self.moves(jugs) {
            out.push(next, litres);
        }
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
    while let Some(arg) = cli.next() {
        match arg {
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
    Ok(())
}
