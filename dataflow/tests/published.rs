//! Histograms against the published ones.

#[path = "../src/bin/informed-enumerate/cube.rs"]
#[allow(dead_code)]
mod cube;

use cube::{Metric, PocketCube};
use informed_dataflow::{Cluster, LayeredBfs};

const HALF_TURN: [u64; 12] = [
    1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644,
];

#[test]
fn pocket_cube_half_turn() -> Result<(), Box<dyn std::error::Error>> {
    for threads in [1, 2, 4] {
        let run = LayeredBfs::new(|| PocketCube::new(Metric::HalfTurn))
            .run(&Cluster::threads(threads)?)?;
        assert_eq!(run.histogram(), HALF_TURN, "{threads} threads");
    }
    Ok(())
}
