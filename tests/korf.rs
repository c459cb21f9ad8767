//! Three of Korf's (1985) 100 random 15-puzzle instances, embedded (the full set is read in
//! place by the `korf100` runner and the IDA* bench of `informed-bench`): IDA* with Manhattan
//! distance and no move back to the parent must find the published optimal lengths and expand
//! exactly the nodes of the plain C IDA* (`../shared/reference/ida15.c`, same move order), plus
//! the goal, which the C solver does not count as an expansion.

use informed::puzzle::{Board, PuzzleProblem, SlidingPuzzle};
use informed::{CycleCheck, InPlace, Search, SearchProblem, Solution};

/// Korf's goal: the blank top-left, tile t in cell t.
const GOAL: &str = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";

struct Instance {
    id: u32,
    tiles: &'static str,
    optimal: u32,
    /// Expansions of the C reference on this instance (all iterations, goal not counted).
    c_expanded: u64,
    /// korf100.txt's recount of generated nodes: children over all iterations, +1 for the root.
    recount: u64,
}

const INSTANCES: [Instance; 3] = [
    Instance {
        id: 79,
        tiles: "0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15",
        optimal: 42,
        c_expanded: 262_910,
        recount: 540_860,
    },
    Instance {
        id: 12,
        tiles: "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15",
        optimal: 45,
        c_expanded: 269_708,
        recount: 546_344,
    },
    Instance {
        id: 42,
        tiles: "4 5 7 2 9 14 12 13 0 3 6 11 8 1 15 10",
        optimal: 42,
        c_expanded: 440_711,
        recount: 877_823,
    },
];

#[test]
fn easy_korf_instances_are_solved_optimally_with_the_reference_counts()
-> Result<(), Box<dyn std::error::Error>> {
    let puzzle = SlidingPuzzle::new(4, 4)?.with_goal(GOAL)?;
    for instance in &INSTANCES {
        let problem = puzzle.problem(puzzle.parse(instance.tiles)?)?;
        let solution = Search::new(&problem)
            .cycle_check(CycleCheck::Parent)
            .idastar_with(puzzle.manhattan())?;
        check(&puzzle, &problem, instance, &solution)?;
    }
    Ok(())
}

/// The in-place engine, one board changed by each move and its undo, skipping the move back by
/// its inverse: the C solver's algorithm, with its counts.
#[test]
fn easy_korf_instances_in_place_have_the_reference_counts() -> Result<(), Box<dyn std::error::Error>>
{
    let puzzle = SlidingPuzzle::new(4, 4)?.with_goal(GOAL)?;
    for instance in &INSTANCES {
        let problem = puzzle.problem(puzzle.parse(instance.tiles)?)?;
        let solution = Search::new(&InPlace::new(problem))
            .cycle_check(CycleCheck::Parent)
            .idastar_in_place_with(puzzle.manhattan())?;
        check(&puzzle, &problem, instance, &solution)?;
    }
    Ok(())
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
    // `generated` counts every pair `successors` delivers: the recount's children, the
    // start once per iteration (the recount's root once in all), the move back to the
    // parent of every expanded state but the goal and the iterations' starts (the C solver
    // never generates it), and the moves not yet tried on the path when the goal is found.
    let untried = untried_on_path(problem, solution.path());
    assert_eq!(
        stats.generated,
        (instance.recount - 1)
            + stats.iterations
            + (stats.expanded - 1 - stats.iterations)
            + untried,
        "korf {}: generated",
        instance.id
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
