//! Every Moving AI map and scenario file in `../shared/data/movingai` parses, and a spread of
//! scenarios from each file is solved at its published optimal length. (The `movingai` example
//! runs all of them.)

mod common;

use std::path::Path;

use informed::grid::{Grid, Movement, Scenario};

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
    let (mut checked, mut no_path) = (0, 0);
    for file in &files {
        let scenarios = Scenario::load_all(file).unwrap();
        let map = file.with_file_name(Path::new(scenarios[0].map()).file_name().unwrap());
        let grid = Grid::load_map(&map).unwrap();
        assert_eq!(
            scenarios[0].map_size(),
            (grid.width(), grid.height()),
            "{}",
            file.display()
        );
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
            let cost = match &outcome {
                Ok(solution) => Some(solution.cost()),
                Err(error) if error.is_no_path() => None,
                Err(error) => panic!("{}: scenario {index}: {error}", file.display()),
            };
            assert!(
                scenario.accepts(cost),
                "{} scenario {index}: {cost:?} vs {}",
                file.display(),
                scenario.optimal()
            );
            checked += 1;
            no_path += usize::from(cost.is_none());
        }
    }
    assert!(
        checked >= 8 * files.len(),
        "only {checked} scenarios checked"
    );
    assert_eq!(no_path, 2, "rmtst01 has two unconnected scenarios");
}
