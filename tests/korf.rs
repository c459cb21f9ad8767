//! Three of Korf's (1985) 100 random 15-puzzle instances, embedded (the full set is read in
//! place by the `korf100` runner and the IDA* bench of `informed-bench`, and here, where
//! `../shared/data` is present, for two more and to check the embedded figures): IDA* with
//! Manhattan distance and no move back to the parent must find the published optimal lengths,
//! expand exactly the nodes of the plain C IDA* (`../shared/reference/ida15.c`, same move
//! order), plus the goal, which the C solver does not count as an expansion, and generate
//! Korf's published counts through the conversion of `docs/counting.md`.

mod common;

use std::cell::RefCell;

use informed::puzzle::{Board, PuzzleProblem, SlidingPuzzle};
use informed::{
    CycleCheck, Event, InPlace, IterationBound, Search, SearchProblem, Solution, Stats,
};

/// Korf's goal: the blank top-left, tile t in cell t.
const GOAL: &str = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";

struct Instance {
    id: u32,
    tiles: &'static str,
    optimal: u32,
    /// Expansions of the C reference on this instance (all iterations, goal not counted).
    c_expanded: u64,
    /// Korf's (1985) published count of generated nodes (korf100.txt's `nodes_published`):
    /// children over all iterations, the move back to the parent never made, up to the goal,
    /// +1 for the root.
    published: u64,
}

const INSTANCES: [Instance; 3] = [
    Instance {
        id: 79,
        tiles: "0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15",
        optimal: 42,
        c_expanded: 262_910,
        published: 540_860,
    },
    Instance {
        id: 12,
        tiles: "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15",
        optimal: 45,
        c_expanded: 269_708,
        published: 546_344,
    },
    Instance {
        id: 42,
        tiles: "4 5 7 2 9 14 12 13 0 3 6 11 8 1 15 10",
        optimal: 42,
        c_expanded: 440_711,
        published: 877_823,
    },
];

#[test]
fn easy_korf_instances_are_solved_optimally_with_the_reference_counts()
-> Result<(), Box<dyn std::error::Error>> {
    let puzzle = SlidingPuzzle::new(4, 4)?.with_goal(GOAL)?;
    for instance in &INSTANCES {
        let problem = puzzle.problem(puzzle.parse(instance.tiles)?)?;
        let iterations = RefCell::new(Vec::new());
        let solution = Search::new(&problem)
            .cycle_check(CycleCheck::Parent)
            .on_event(|event| record(&iterations, event))
            .idastar_with(puzzle.manhattan())?;
        check(&puzzle, &problem, instance, &solution)?;
        check_iterations(&puzzle, &problem, instance, &solution, &iterations.borrow())?;
    }
    Ok(())
}

/// The in-place engine, one board changed by each move and its undo, skipping the move back by
/// its inverse: the C solver's algorithm, with its counts. Through the `InPlace` view, and
/// straight from the problem, which moves in place too.
#[test]
fn easy_korf_instances_in_place_have_the_reference_counts() -> Result<(), Box<dyn std::error::Error>>
{
    let puzzle = SlidingPuzzle::new(4, 4)?.with_goal(GOAL)?;
    for instance in &INSTANCES {
        let problem = puzzle.problem(puzzle.parse(instance.tiles)?)?;
        let iterations = RefCell::new(Vec::new());
        let solution = Search::new(&InPlace::new(problem))
            .cycle_check(CycleCheck::Parent)
            .on_event(|event| record(&iterations, event))
            .idastar_in_place_with(puzzle.manhattan())?;
        check(&puzzle, &problem, instance, &solution)?;
        check_iterations(&puzzle, &problem, instance, &solution, &iterations.borrow())?;
        let direct = Search::new(&problem)
            .cycle_check(CycleCheck::Parent)
            .idastar_in_place_with(puzzle.manhattan())?;
        assert_eq!(direct, solution, "korf {}", instance.id);
    }
    Ok(())
}

/// The embedded figures are the data file's, and two more instances of it (the next easiest,
/// whose published counts a plain IDA* reproduces) have Korf's published counts too.
#[test]
fn korf_published_counts_from_the_shared_data() -> Result<(), Box<dyn std::error::Error>> {
    let Some(data) = common::shared_data("puzzles/korf100.txt") else {
        return Ok(());
    };
    let text = std::fs::read_to_string(data.join("puzzles/korf100.txt"))?;
    let rows: Vec<Vec<u64>> = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| line.split_whitespace().map(str::parse).collect())
        .collect::<Result<_, _>>()?;
    let row = |id: u32| {
        rows.iter()
            .find(|row| row[0] == u64::from(id))
            .expect("korf100.txt lists instances 1 to 100")
    };
    let tiles_of = |row: &[u64]| -> Vec<u8> { row[1..17].iter().map(|&t| t as u8).collect() };
    let puzzle = SlidingPuzzle::new(4, 4)?.with_goal(GOAL)?;
    for instance in &INSTANCES {
        let row = row(instance.id);
        assert_eq!(puzzle.tiles(puzzle.parse(instance.tiles)?), tiles_of(row));
        assert_eq!(u64::from(instance.optimal), row[17]);
        assert_eq!(instance.published, row[18], "korf {}", instance.id);
    }
    for id in [55, 97] {
        let row = row(id);
        let problem = puzzle.problem(puzzle.board(&tiles_of(row))?)?;
        let solution = Search::new(&problem)
            .cycle_check(CycleCheck::Parent)
            .idastar_in_place_with(puzzle.manhattan())?;
        assert_eq!(u64::from(solution.cost()), row[17], "korf {id}");
        let untried = untried_on_path(&problem, solution.path());
        assert_eq!(
            korf_generated(solution.stats(), untried),
            row[18],
            "korf {id}: generated"
        );
    }
    Ok(())
}

/// Keeps the bound and counts of each `IterationEnd`, checking that each follows its
/// `Iteration`.
fn record(iterations: &RefCell<Vec<(u64, u32, u64, u64)>>, event: Event<'_, Board, u32>) {
    let mut iterations = iterations.borrow_mut();
    match event {
        Event::Iteration { number } => assert_eq!(number, iterations.len() as u64 + 1),
        Event::IterationEnd {
            number,
            bound,
            expanded,
            generated,
        } => {
            assert_eq!(number, iterations.len() as u64 + 1);
            let IterationBound::Cost(bound) = bound else {
                panic!("IDA* bounds its iterations by cost, not {bound:?}");
            };
            iterations.push((number, bound, expanded, generated));
        }
        _ => {}
    }
}

/// Korf's count of generated nodes from the search's counts (`docs/counting.md`): the search
/// counts every successor the problem delivers, the start once an iteration, and the moves
/// left untried on the path when the goal is found; Korf never makes the move back to the
/// parent (one a state expanded but the starts and the goal) and counts the root once.
fn korf_generated(stats: Stats, untried: u64) -> u64 {
    stats.generated - stats.expanded + 2 - untried
}

/// The solution's length, path and counts against the instance's optimum and the C solver's.
fn check(
    puzzle: &SlidingPuzzle,
    problem: &PuzzleProblem<'_>,
    instance: &Instance,
    solution: &Solution<Board, u32>,
) -> Result<(), Box<dyn std::error::Error>> {
    let stats = solution.stats();
    assert_eq!(solution.cost(), instance.optimal, "korf {}", instance.id);
    assert_eq!(solution.path().len() as u32, instance.optimal + 1);
    // One move a step (`moves` panics otherwise), ending on the goal.
    assert_eq!(puzzle.moves(solution.path()).len() as u32, instance.optimal);
    assert_eq!(solution.path().last(), Some(&puzzle.parse(GOAL)?));
    assert_eq!(
        stats.expanded,
        instance.c_expanded + 1,
        "korf {}: expansions",
        instance.id
    );
    let untried = untried_on_path(problem, solution.path());
    assert_eq!(
        korf_generated(stats, untried),
        instance.published,
        "korf {}: generated",
        instance.id
    );
    Ok(())
}

/// The iterations' events: bounds from the start's Manhattan distance up to the optimal cost
/// in steps of 2 (each move changes the distance by 1, so f keeps its parity), counts that add
/// up to the search's, and the expansions before the last iteration.
fn check_iterations(
    puzzle: &SlidingPuzzle,
    problem: &PuzzleProblem<'_>,
    instance: &Instance,
    solution: &Solution<Board, u32>,
    iterations: &[(u64, u32, u64, u64)],
) -> Result<(), Box<dyn std::error::Error>> {
    use informed::Heuristic;
    let stats = solution.stats();
    assert_eq!(iterations.len() as u64, stats.iterations);
    let h0 = puzzle.manhattan().estimate(&problem.start());
    let bounds: Vec<u32> = iterations.iter().map(|&(_, bound, ..)| bound).collect();
    let expected: Vec<u32> = (h0..=instance.optimal).step_by(2).collect();
    assert_eq!(bounds, expected, "korf {}", instance.id);
    let expanded: u64 = iterations.iter().map(|&(.., expanded, _)| expanded).sum();
    let generated: u64 = iterations.iter().map(|&(.., generated)| generated).sum();
    assert_eq!((expanded, generated), (stats.expanded, stats.generated));
    let (_, before_last) = iterations.split_last().expect("at least one iteration");
    assert_eq!(
        stats.expanded_before_last_layer,
        before_last
            .iter()
            .map(|&(.., expanded, _)| expanded)
            .sum::<u64>()
    );
    Ok(())
}

/// The successors left untried along `path` when its goal was found: at each state before the
/// goal, those after the one the path takes, but the move back to the parent.
fn untried_on_path<P: SearchProblem<State = Board>>(problem: &P, path: &[Board]) -> u64 {
    let mut untried = 0;
    for (at, step) in path.windows(2).enumerate() {
        let moves: Vec<_> = problem.successors(&step[0]).into_iter().collect();
        let taken = moves
            .iter()
            .position(|(board, _)| *board == step[1])
            .expect("each step of the path is a move");
        let parent = at.checked_sub(1).map(|up| &path[up]);
        untried += moves[taken + 1..]
            .iter()
            .filter(|(board, _)| Some(board) != parent)
            .count() as u64;
    }
    untried
}
