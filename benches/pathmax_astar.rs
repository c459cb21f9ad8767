//! A* with pathmax and BPMX against A* without, on TopSpin(N, 4) with an inconsistent
//! heuristic: one pattern database (of the tokens 0 to k − 1) looked up on one of the N
//! symmetric images of a state, the image chosen by a hash of the state (Felner, Zahavi,
//! Schaeffer & Holte, "Dual lookups in pattern databases", IJCAI 2005, did this on TopSpin).
//! Each lookup is admissible, so the choice is; two neighbours often choose different images,
//! so it is inconsistent. Beside them, the maximum over all N images: consistent, N times the
//! lookups.
//!
//! The image c of a state s relabels and turns it: s_c[p] = s[p + c] − c (mod N). It maps the
//! goal to itself and the moves onto the moves, so it is as far from the goal as s is, and the
//! database's entry for it bounds s's distance.
//!
//! ```text
//! cargo run --release -p informed-bench --bin pathmax_astar -- [N] [instances] [tokens] [heuristic]
//! ```
//!
//! N is 12, 14 or 16 (default 12), `instances` the number of random states (default 100),
//! `tokens` the database's (default 6), `heuristic` one of `random-off`, `random-forward`,
//! `random-bpmx`, `max` to run only that one (default: all four). Prints, per heuristic, the
//! states solved, the sum of their costs and of A*'s expanded, generated and reopened counts.
//! Every run's cost is checked against the first's. For instruction counts run one heuristic
//! under callgrind, counting only the function `measured`:
//!
//! ```text
//! valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*pathmax_astar*measured*' \
//!   target/release/pathmax_astar 12 100 6 random-bpmx
//! ```

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use informed::topspin::{TopSpin, TopSpinPdb};
use informed::{Pathmax, Search, Stats};

/// The turnstile.
const K: usize = 4;

/// The estimates compared.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Estimate {
    /// One image, chosen by a hash of the state, with this pathmax.
    Random(Pathmax),
    /// The maximum over every image.
    Max,
}

impl Estimate {
    const ALL: [(&'static str, Estimate); 4] = [
        ("random-off", Estimate::Random(Pathmax::Off)),
        ("random-forward", Estimate::Random(Pathmax::Forward)),
        ("random-bpmx", Estimate::Random(Pathmax::Bidirectional)),
        ("max", Estimate::Max),
    ];
}

/// Image `c` of `state`: relabelled and turned by `c` (see the module docs).
fn image<const N: usize>(state: &[u8; N], c: usize) -> [u8; N] {
    let mut out = [0u8; N];
    for (p, slot) in out.iter_mut().enumerate() {
        *slot = ((usize::from(state[(p + c) % N]) + N - c) % N) as u8;
    }
    out
}

/// Which image the random heuristic looks `state` up on: a hash of it (FNV-1a), the same on
/// every machine.
fn chosen<const N: usize>(state: &[u8; N]) -> usize {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &token in state {
        hash = (hash ^ u64::from(token)).wrapping_mul(0x0100_0000_01b3);
    }
    // The high bits: FNV's low bits mix least.
    ((hash >> 32) % N as u64) as usize
}

/// One lookup of the database on image `c` of `state`.
fn lookup<const N: usize>(pdb: &TopSpinPdb<N>, state: &[u8; N], c: usize) -> u32 {
    let rank = pdb.rank(&image(state, c));
    u32::from(pdb.database().distance(rank).unwrap_or(0))
}

/// Runs the search: the only code whose instructions the callgrind command counts.
#[inline(never)]
fn measured<R>(search: impl FnOnce() -> R) -> R {
    black_box(search())
}

/// The sums over one heuristic's runs.
#[derive(Default)]
struct Totals {
    solved: u64,
    cost: u64,
    expanded: u64,
    generated: u64,
    reopened: u64,
    seconds: f64,
}

impl Totals {
    fn add(&mut self, cost: u32, stats: Stats) {
        self.solved += 1;
        self.cost += u64::from(cost);
        self.expanded += stats.expanded;
        self.generated += stats.generated;
        self.reopened += stats.reopened;
    }
}

fn run<const N: usize>(instances: u64, tokens: usize, only: Option<Estimate>) -> ExitCode {
    let puzzle = match TopSpin::<N>::new(K) {
        Ok(puzzle) => puzzle,
        Err(error) => {
            eprintln!("TopSpin({N}, {K}): {error}");
            return ExitCode::FAILURE;
        }
    };
    let pdb = match puzzle.pdb(tokens) {
        Ok(pdb) => pdb,
        Err(error) => {
            eprintln!("database of {tokens} tokens: {error}");
            return ExitCode::FAILURE;
        }
    };
    // Random states: 1000 random moves from the goal, far past mixing.
    let starts: Vec<[u8; N]> = (0..instances)
        .map(|seed| puzzle.scramble(seed, 1000))
        .collect();
    println!(
        "TopSpin({N}, {K}), database of tokens 0..{tokens}, {instances} random states ({})",
        if cfg!(debug_assertions) {
            "debug build: use --release"
        } else {
            "release"
        }
    );
    println!(
        "{:<16} {:>6} {:>8} {:>14} {:>14} {:>12} {:>9}",
        "heuristic", "solved", "cost", "expanded", "generated", "reopened", "seconds"
    );
    let mut costs: Vec<Option<u32>> = vec![None; starts.len()];
    for (name, estimate) in Estimate::ALL {
        if only.is_some_and(|only| only != estimate) {
            continue;
        }
        let mut totals = Totals::default();
        for (start, known) in starts.iter().zip(costs.iter_mut()) {
            let problem = match puzzle.problem(*start) {
                Ok(problem) => problem,
                Err(error) => {
                    eprintln!("{error}");
                    return ExitCode::FAILURE;
                }
            };
            let began = Instant::now();
            let found = match estimate {
                Estimate::Random(pathmax) => measured(|| {
                    Search::new(&problem)
                        .pathmax(pathmax)
                        .astar(|state: &[u8; N]| lookup(&pdb, state, chosen(state)))
                }),
                Estimate::Max => measured(|| {
                    Search::new(&problem).astar(|state: &[u8; N]| {
                        (0..N).map(|c| lookup(&pdb, state, c)).max().unwrap_or(0)
                    })
                }),
            };
            totals.seconds += began.elapsed().as_secs_f64();
            let solution = match found {
                Ok(solution) => solution,
                Err(error) => {
                    eprintln!("{name} on {start:?}: {error}");
                    return ExitCode::FAILURE;
                }
            };
            if known.is_some_and(|cost| cost != solution.cost()) {
                eprintln!(
                    "{name} on {start:?}: cost {} where another found {known:?}",
                    solution.cost()
                );
                return ExitCode::FAILURE;
            }
            *known = Some(solution.cost());
            totals.add(solution.cost(), solution.stats());
        }
        println!(
            "{:<16} {:>6} {:>8} {:>14} {:>14} {:>12} {:>9.2}",
            name,
            totals.solved,
            totals.cost,
            totals.expanded,
            totals.generated,
            totals.reopened,
            totals.seconds
        );
    }
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |index: usize, default: u64| -> Option<u64> {
        args.get(index)
            .map_or(Some(default), |arg| arg.parse().ok())
    };
    let (Some(n), Some(instances), Some(tokens)) = (number(0, 12), number(1, 100), number(2, 6))
    else {
        eprintln!("usage: pathmax_astar [N] [instances] [tokens] [heuristic]");
        return ExitCode::FAILURE;
    };
    let only = match args.get(3) {
        None => None,
        Some(name) => match Estimate::ALL.iter().find(|(known, _)| known == name) {
            Some(&(_, estimate)) => Some(estimate),
            None => {
                eprintln!(
                    "unknown heuristic {name}: random-off, random-forward, random-bpmx or max"
                );
                return ExitCode::FAILURE;
            }
        },
    };
    let tokens = tokens as usize;
    match n {
        12 => run::<12>(instances, tokens, only),
        14 => run::<14>(instances, tokens, only),
        16 => run::<16>(instances, tokens, only),
        _ => {
            eprintln!("N is 12, 14 or 16, not {n}");
            ExitCode::FAILURE
        }
    }
}
