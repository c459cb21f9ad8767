//! Dijkstra and A* (and with --landmarks, ALT) on a road network, for seeded random queries: do their costs agree, how much
//! does each expand, and how long does it take.
//!
//! ```text
//! cargo run --release --example roads                                   # cal, 100 queries
//! cargo run --release --example roads -- ../shared/data/roads/TG --queries 500 --seed 3
//! cargo run --release --example roads -- ../shared/data/roads/OL --json
//! cargo run --release --example roads -- ../shared/data/roads/OL --queries 1 --html ol.html
//! ```
//!
//! `--html FILE` replays one query (`--query K`, the K-th, from 0) with Dijkstra and A*: a
//! search of a graph that is no grid, each node drawn at its coordinates by a
//! `StateRecorder`.
//!
//! The network is `NAME.cnode` and `NAME.cedge` (give the path without the extension). A*'s
//! heuristic is the straight-line distance scaled by the smallest length/distance ratio of any
//! edge, which keeps it admissible on data whose lengths are rounded. Exits 1 if any cost
//! disagrees, 2 for a network it cannot read or one without nodes; says it skipped if the
//! default data is absent.

mod common;

use std::path::PathBuf;
use std::time::Instant;

use common::{Cli, Long, Value, millis};
use informed::graph::{Graph, Node, StraightLine};
use informed::{Algorithm, Landmarks, OpenOrder, Replay, Search, StateRecorder, TieBreak};

const USAGE: &str =
    "roads [--queries N] [--seed S] [--landmarks K] [--json] [--html FILE [--query K]] [NETWORK]";
const HELP: &str = "\
Dijkstra and A* (and with --landmarks, ALT) on a road network (NETWORK.cnode and NETWORK.cedge; default:
../shared/data/roads/cal) for seeded random queries: do their costs agree, how much does each
expand, and how long does it take.

Flags:
  --queries N   the number of random queries (default: 100)
  --seed S      the seed of the queries (default: 1)
  --landmarks K also run A* with K landmarks (ALT), chosen by farthest-point selection
                before the queries (default: off)
  --json        one JSON line per query and algorithm (default: off)
  --html FILE   write a page replaying Dijkstra and A* on one query, each node drawn at its
                coordinates (default: none)
  --query K     the query the page replays, from 0 (default: 0)
  -h, --help    this text

Exit status: 0 if every cost agreed, 1 on a disagreement, 2 on a usage or input error.
";

/// The command line.
struct Options {
    queries: usize,
    seed: u64,
    json: bool,
    html: Option<String>,
    query: usize,
    landmarks: Option<usize>,
    network: Option<PathBuf>,
}

impl Options {
    fn parse() -> Options {
        let mut options = Options {
            queries: 100,
            seed: 1,
            json: false,
            html: None,
            query: 0,
            landmarks: None,
            network: None,
        };
        let mut cli = Cli::new("roads", USAGE, HELP);
        let usage = cli.usage();
        while let Some(arg) = cli.next() {
            match arg {
                Long("queries") => options.queries = cli.value("queries"),
                Long("seed") => options.seed = cli.value("seed"),
                Long("json") => options.json = true,
                Long("html") => options.html = Some(cli.string("html")),
                Long("query") => options.query = cli.value("query"),
                Long("landmarks") => options.landmarks = Some(cli.value("landmarks")),
                Value(path) if options.network.is_none() => {
                    options.network = Some(PathBuf::from(path))
                }
                Value(path) => {
                    usage.error(format!("unexpected argument {path:?}: give one network"))
                }
                other => usage.reject(other.unexpected()),
            }
        }
        if options.html.is_some() && options.query >= options.queries {
            usage.error(format!(
                "--query {}: there are {} queries (--queries), numbered from 0",
                options.query, options.queries
            ));
        }
        options
    }
}

fn main() {
    let options = Options::parse();
    match run(&options) {
        Ok(true) => {}
        Ok(false) => std::process::exit(1),
        Err(message) => {
            eprintln!("roads: {message}");
            std::process::exit(2);
        }
    }
}

fn run(options: &Options) -> Result<bool, String> {
    let base = match &options.network {
        Some(path) => path.clone(),
        None => match common::shared_data() {
            Some(data) => data.join("roads/cal"),
            None => {
                println!("skipped: no network given and ../shared/data is absent");
                return Ok(true);
            }
        },
    };
    let queries = options.queries;
    let mut seed = options.seed;
    let json = options.json;

    let loaded = Instant::now();
    let (nodes, edges) = (base.with_extension("cnode"), base.with_extension("cedge"));
    // The loader reads each file whole: a device that never ends (`/dev/zero`) is refused
    // first, as it would be read until memory ran out.
    common::regular_file(&nodes)?;
    common::regular_file(&edges)?;
    let graph = Graph::load_road_network(nodes, edges).map_err(|e| e.to_string())?;
    let factor = graph.straight_line_factor();
    if !json {
        println!(
            "{}: {} nodes, {} directed edges, straight-line factor {factor:.6}, loaded in {:.1} ms",
            base.display(),
            graph.node_count(),
            graph.edge_count(),
            millis(loaded)
        );
    }

    if graph.node_count() == 0 {
        return Err(format!(
            "{}: the network has no nodes, so there is nothing to query",
            base.display()
        ));
    }
    let nodes = graph.node_count() as u64;
    let mut random_node = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) % nodes) as u32
    };
    let landmarks = match options.landmarks {
        Some(count) => {
            let built = Instant::now();
            let build = graph.problem(0, 0).map_err(|e| e.to_string())?;
            let landmarks = Landmarks::farthest(&build, count).map_err(|e| e.to_string())?;
            if !json {
                println!(
                    "{} landmarks by farthest-point selection in {:.1} ms, {:.1} MiB",
                    landmarks.len(),
                    millis(built),
                    landmarks.memory() as f64 / (1 << 20) as f64
                );
            }
            Some(landmarks)
        }
        None => None,
    };
    let mut names = vec!["dijkstra", "astar"];
    if landmarks.is_some() {
        names.push("alt");
    }
    let (mut agreed, mut unreachable, mut disagreed) = (0, 0, 0);
    let (mut expanded, mut time) = (vec![0u64; names.len()], vec![0f64; names.len()]);
    let mut replayed = None;
    for query in 0..queries {
        let (from, to) = (random_node(), random_node());
        if query == options.query {
            replayed = Some((from, to));
        }
        let problem = graph.problem(from, to).map_err(|e| e.to_string())?;
        let mut outcomes = Vec::with_capacity(names.len());
        for &name in &names {
            let started = Instant::now();
            let outcome = match name {
                "dijkstra" => informed::dijkstra(&problem),
                "astar" => {
                    informed::astar_with(&problem, StraightLine::with_factor(&graph, to, factor))
                }
                _ => match &landmarks {
                    Some(landmarks) => {
                        informed::astar_with(&problem, landmarks.toward(&problem, &to))
                    }
                    None => unreachable!("alt runs with landmarks"),
                },
            };
            outcomes.push((outcome, millis(started)));
        }
        let cost = |outcome: &informed::SearchResult<informed::graph::GraphProblem<'_>>| {
            outcome.as_ref().ok().map(|s| s.cost())
        };
        let stats =
            |outcome: &informed::SearchResult<informed::graph::GraphProblem<'_>>| match outcome {
                Ok(s) => s.stats(),
                Err(e) => e.stats(),
            };
        let dc = cost(&outcomes[0].0);
        let agree = outcomes
            .iter()
            .all(|(outcome, _)| match (dc, cost(outcome)) {
                (Some(d), Some(a)) => (d - a).abs() <= 1e-9 * d.max(1.0),
                (None, None) => true,
                _ => false,
            });
        match (agree, dc) {
            (true, Some(_)) => agreed += 1,
            (true, None) => unreachable += 1,
            (false, _) => {
                disagreed += 1;
                let costs: Vec<_> = outcomes.iter().map(|(o, _)| cost(o)).collect();
                eprintln!("disagreement on {from} → {to}: {names:?} cost {costs:?}");
            }
        }
        for (k, (outcome, t)) in outcomes.iter().enumerate() {
            expanded[k] += stats(outcome).expanded;
            time[k] += t;
            if json {
                let mut line = serde_json::json!({
                    "query": query,
                    "from": from,
                    "to": to,
                    "algorithm": names[k],
                });
                match outcome {
                    Ok(s) => {
                        line["cost"] = common::number(s.cost());
                        line["steps"] = s.steps().into();
                    }
                    Err(e) => line["error"] = e.to_string().into(),
                }
                common::print_json_line(
                    line,
                    Some(stats(outcome)),
                    serde_json::json!({ "time_ms": common::number(*t), "agree": agree }),
                );
            }
        }
    }
    if !json {
        println!(
            "{queries} queries: {agreed} agree, {unreachable} unreachable for all, {disagreed} disagree"
        );
        println!("{:<9} {:>12} {:>10}", "", "expanded", "time ms");
        for (k, name) in names.iter().enumerate() {
            println!("{:<9} {:>12} {:>10.1}", name, expanded[k], time[k]);
        }
        for k in 1..names.len() {
            if expanded[k] > 0 {
                println!(
                    "{} expands {:.2}× fewer nodes than Dijkstra and runs {:.2}× faster",
                    names[k],
                    expanded[0] as f64 / expanded[k] as f64,
                    time[0] / time[k].max(1e-9)
                );
            }
        }
        if let (Some(astar), Some(alt)) = (expanded.get(1), expanded.get(2)) {
            if *alt > 0 {
                println!(
                    "alt expands {:.2}× fewer nodes than astar and runs {:.2}× faster",
                    *astar as f64 / *alt as f64,
                    time[1] / time[2].max(1e-9)
                );
            }
        }
    }
    if let (Some(file), Some((from, to))) = (&options.html, replayed) {
        write_replay(&graph, from, to, factor, file)?;
        if !json {
            println!("wrote {file}: node {from} to node {to}");
        }
    }
    Ok(disagreed == 0)
}

/// Writes a page replaying Dijkstra and A* from `from` to `to`, each node drawn at its
/// coordinates (north up: a drawing's y grows downward).
fn write_replay(
    graph: &Graph,
    from: Node,
    to: Node,
    factor: f64,
    file: &str,
) -> Result<(), String> {
    let problem = graph.problem(from, to).map_err(|e| e.to_string())?;
    let position = |&node: &Node| {
        let (x, y) = graph.coordinates(node).unwrap_or((f64::NAN, f64::NAN));
        (x, -y)
    };
    let mut replay = Replay::new().title(format!(
        "A road network, node {from} to node {to}: Dijkstra and A* (straight line × {factor:.4})"
    ));
    for algorithm in [Algorithm::Dijkstra, Algorithm::AStar] {
        let mut recorder = StateRecorder::new(&problem, position)
            .label(|node| format!("node {node}"))
            .order(OpenOrder::new(algorithm, TieBreak::Fifo));
        let outcome = Search::new(&problem)
            .observer(&mut recorder)
            .run_with(algorithm, StraightLine::with_factor(graph, to, factor));
        let solution = match outcome {
            Ok(solution) => Some(solution),
            Err(error) if error.is_no_path() => None,
            Err(error) => return Err(error.to_string()),
        };
        let label = if algorithm == Algorithm::AStar {
            "A*"
        } else {
            "Dijkstra"
        };
        replay = replay.search(label, &recorder, solution.as_ref());
    }
    replay
        .write_html(file)
        .map_err(|e| format!("cannot write {file}: {e}"))
}
