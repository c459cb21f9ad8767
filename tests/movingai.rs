//! Every Moving AI map and scenario file in `../shared/data/movingai` parses, and a spread of
//! scenarios from each file is solved at its published optimal length. (The `movingai` example
//! runs all of them.)

mod common;

use informed::grid::Movement;

#[test]
fn sampled_scenarios_match_their_optimal_lengths() {
    let Some(data) = common::shared_data("movingai") else {
        return;
    };
    let files = common::scenario_files(&data.join("movingai"));
    assert!(
        files.len() >= 15,
        "expected the 15 benchmark files, found {}",
        files.len()
    );
    let mut checks = common::ScenarioChecks::default();
    for (file, grid, scenarios) in common::scenario_maps(&files) {
        // Eight scenarios spread over the buckets, plus every "no path" line.
        let stride = (scenarios.len() / 8).max(1);
        let picked = scenarios
            .iter()
            .enumerate()
            .filter(|(i, s)| i % stride == stride - 1 || !s.expects_path());
        for (index, scenario) in picked {
            let problem = grid
                .problem(scenario.start(), scenario.goal(), Movement::Eight)
                .unwrap();
            let outcome = informed::astar_with(&problem, problem.octile());
            checks.check(file, index, scenario, outcome.map(|s| s.cost()));
        }
    }
    let common::ScenarioChecks { checked, no_path } = checks;
    assert!(
        checked >= 8 * files.len(),
        "only {checked} scenarios checked"
    );
    assert_eq!(no_path, 2, "rmtst01 has two unconnected scenarios");
}
