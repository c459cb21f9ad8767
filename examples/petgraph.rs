//! A road network loaded into a `petgraph` graph, searched with `informed::astar` and with
//! `petgraph::algo::astar` on the same seeded random queries: do the costs agree, how much does
//! each expand, and how long does each take. Needs the `petgraph` feature.
//!
//! ```text
//! cargo run --release --features petgraph --example petgraph                 # cal, 100 queries
//! cargo run --release --features petgraph --example petgraph -- ../shared/data/roads/TG --queries 500
//! ```
//!
//! Both searches get the same heuristic: the straight-line distance scaled by the smallest
//! length/distance ratio of any edge (admissible on rounded data). Exits 1 if a cost disagrees, 2
//! for a network it cannot read; says it skipped if the default data is absent.

mod common;

use std::cell::Cell;
use std::path::PathBuf;
use std::time::Instant;

use common::{Cli, Long, Value, millis};
use petgraph::graph::{DiGraph, NodeIndex};

const USAGE: &str = "petgraph [--queries N] [--seed S] [NETWORK]";
const HELP: &str = "\
A road network (NETWORK.cnode and NETWORK.cedge; default: ../shared/data/roads/cal) loaded
into a petgraph DiGraph, searched with informed::astar and with petgraph::algo::astar on the
same seeded random queries: costs, expansions and time side by side.

Flags:
  --queries N   the number of random queries (default: 100)
  --seed S      the seed of the queries (default: 1)
  -h, --help    this text

Exit status: 0 if every cost agreed, 1 on a disagreement, 2 on a usage or input error.
";

/// The command line.
struct Options {
    queries: usize,
    seed: u64,
    network: Option<PathBuf>,
}

impl Options {
    fn parse() -> Options {
        let mut options = Options {
            queries: 100,
            seed: 1,
            network: None,
        };
        let mut cli = Cli::new("petgraph", USAGE, HELP);
        let usage = cli.usage();
        while let Some(arg) = cli.next() {
            match arg {
                Long("queries") => options.queries = cli.value("queries"),
                Long("seed") => options.seed = cli.value("seed"),
                Value(path) if options.network.is_none() => {
                    options.network = Some(PathBuf::from(path))
                }
                Value(path) => {
                    usage.error(format!("unexpected argument {path:?}: give one network"))
                }
                other => usage.reject(other.unexpected()),
            }
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
            eprintln!("petgraph: {message}");
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

    let roads = informed::graph::Graph::load_road_network(
        base.with_extension("cnode"),
        base.with_extension("cedge"),
    )
    .map_err(|e| e.to_string())?;
    if roads.node_count() == 0 {
        return Err(format!("{}: the network has no nodes", base.display()));
    }
    let factor = roads.straight_line_factor();
    // The same network as a petgraph graph, nodes weighted by their coordinates.
    let mut graph: DiGraph<(f64, f64), f64> = DiGraph::with_capacity(roads.node_count(), 0);
    for node in 0..roads.node_count() as u32 {
        graph.add_node(roads.coordinates(node).unwrap_or((0.0, 0.0)));
    }
    for node in 0..roads.node_count() as u32 {
        for (next, length) in roads.edges(node) {
            graph.add_edge(
                NodeIndex::new(node as usize),
                NodeIndex::new(next as usize),
                length,
            );
        }
    }
    println!(
        "{}: {} nodes, {} directed edges in a petgraph DiGraph",
        base.display(),
        graph.node_count(),
        graph.edge_count()
    );

    let nodes = graph.node_count() as u64;
    let mut random_node = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        NodeIndex::new(((seed >> 33) % nodes) as usize)
    };
    let (mut agreed, mut disagreed) = (0, 0);
    let (mut informed_expanded, mut petgraph_pops) = (0u64, 0u64);
    let (mut informed_time, mut petgraph_time) = (0.0, 0.0);
    for _ in 0..queries {
        let (from, to) = (random_node(), random_node());
        let (gx, gy) = graph[to];
        let straight_line = |node: NodeIndex| {
            let (x, y) = graph[node];
            (x - gx).hypot(y - gy) * factor
        };

        let started = Instant::now();
        let problem =
            informed::petgraph::problem(&graph, from, |node| node == to, |edge| *edge.weight());
        let ours = informed::astar(&problem, |&node| straight_line(node));
        informed_time += millis(started);
        informed_expanded += match &ours {
            Ok(solution) => solution.stats().expanded,
            Err(error) => error.stats().expanded,
        };

        let pops = Cell::new(0u64);
        let started = Instant::now();
        let theirs = petgraph::algo::astar(
            &graph,
            from,
            |node| {
                pops.set(pops.get() + 1);
                node == to
            },
            |edge| *edge.weight(),
            straight_line,
        );
        petgraph_time += millis(started);
        petgraph_pops += pops.get();

        let (a, b) = (ours.ok().map(|s| s.cost()), theirs.map(|(cost, _)| cost));
        match (a, b) {
            (Some(a), Some(b)) if (a - b).abs() <= 1e-9 * a.max(1.0) => agreed += 1,
            (None, None) => agreed += 1,
            _ => {
                disagreed += 1;
                eprintln!(
                    "disagreement on {} → {}: informed {a:?}, petgraph {b:?}",
                    from.index(),
                    to.index()
                );
            }
        }
    }
    println!("{queries} queries: {agreed} agree, {disagreed} disagree");
    println!("{:<26} {:>12} {:>10}", "", "expanded", "time ms");
    println!(
        "{:<26} {:>12} {:>10.1}",
        "informed::astar", informed_expanded, informed_time
    );
    println!(
        "{:<26} {:>12} {:>10.1}",
        "petgraph::algo::astar", petgraph_pops, petgraph_time
    );
    println!(
        "(petgraph's count is of nodes taken off its heap, duplicates included: it has no \
         decrease-key)\ninformed runs {:.2}× as fast",
        petgraph_time / informed_time.max(1e-9)
    );
    Ok(disagreed == 0)
}
