//! Problems that break their contract with the depth-first and buffering searches: each ends
//! in a typed error or a documented refusal, never a panic, an abort, a hang or a wrong answer.

use informed::{InPlaceProblem, Limit, Moves, Search, SearchError};

/// A line from 0 to the goal 5, two moves a state (`0` and `1`), each one step up at cost 1,
/// so that the optimum is 5 steps. With `broken`, `undo` takes nothing back: the state the
/// search holds runs ahead of its path, and a goal is met after 2 moves.
struct Ladder {
    broken: bool,
}

impl InPlaceProblem for Ladder {
    type State = u32;
    type Move = u8;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = u32> {
        [0]
    }

    fn is_goal(&self, &n: &u32) -> bool {
        n == 5
    }

    fn moves(&self, _: &u32, out: &mut Moves<'_, u8>) {
        out.extend([0, 1]);
    }

    fn apply(&self, n: &mut u32, _: u8) -> u32 {
        *n += 1;
        1
    }

    fn undo(&self, n: &mut u32, _: u8) {
        if !self.broken {
            *n -= 1;
        }
    }
}

/// Whether `error` is the broken undo, met on a replay that stopped at a state below the goal.
fn is_broken_undo(error: &SearchError<u32, u32>) -> bool {
    matches!(error, SearchError::BrokenUndo { state, .. } if *state < 5)
}

#[test]
fn idastar_in_place_refuses_a_path_its_undo_broke() {
    let sound = informed::idastar_in_place(&Ladder { broken: false }, |&n: &u32| 5 - n.min(5));
    assert_eq!(sound.map(|s| s.cost()), Ok(5));
    let error = informed::idastar_in_place(&Ladder { broken: true }, |_: &u32| 0).unwrap_err();
    // The search held 5 after the moves 0, 1 (cost 2); the replay reaches 2 after 2 moves.
    assert!(
        matches!(
            error,
            SearchError::BrokenUndo {
                state: 2,
                step: 2,
                ..
            }
        ),
        "{error:?}"
    );
    assert!(error.stats().expanded > 0);
    let message = error.to_string();
    assert!(message.contains("undo did not restore"), "{message}");
}

#[test]
fn every_in_place_search_refuses_a_path_its_undo_broke() {
    let ladder = Ladder { broken: true };
    let searches = [
        ("iddfs_in_place", informed::iddfs_in_place(&ladder)),
        (
            "Search::idastar_in_place",
            Search::new(&informed::InPlace::new(&ladder)).idastar_in_place(|_: &u32| 0),
        ),
    ];
    for (name, outcome) in searches {
        match outcome {
            Err(error) => assert!(is_broken_undo(&error), "{name}: {error:?}"),
            Ok(solution) => panic!("{name}: a path of cost {}", solution.cost()),
        }
    }
    // Depth-first within 9 moves dives straight to the goal and never undoes a move: its
    // path is a true one, and is returned.
    let dive = informed::depth_first_in_place(&ladder, 9).unwrap();
    assert_eq!((dive.path(), dive.cost()), (&[0, 1, 2, 3, 4, 5][..], 5));
}

#[cfg(feature = "rayon")]
#[test]
fn par_idastar_in_place_refuses_a_path_its_undo_broke() {
    let ladder = Ladder { broken: true };
    match informed::par_idastar_in_place(&ladder, |_: &u32| 0) {
        Err(error) => assert!(is_broken_undo(&error), "{error:?}"),
        Ok(solution) => panic!("a path of cost {}", solution.cost()),
    }
}

#[test]
fn a_limit_is_still_a_limit_with_a_broken_undo() {
    // The check is made on the path found, not on the way: a cap stops the search as before.
    let error = Search::new(&informed::InPlace::new(Ladder { broken: true }))
        .max_expansions(1)
        .idastar_in_place(|_: &u32| 0)
        .unwrap_err();
    assert_eq!(error.limit(), Some(Limit::Expansions(1)));
}

#[test]
fn depth_first_stopped_by_its_depth_limit_gives_the_path_it_held() {
    // Two ways a state, up by 1 or 2: within 3 steps, 10 is out of reach.
    let line = informed::from_fn(0u32, |&n: &u32| [(n + 1, 1u32), (n + 2, 1)], |&n| n == 10);
    let error = informed::depth_first(&line, 3).unwrap_err();
    assert_eq!(error.limit(), Some(Limit::Depth(3)));
    // The first path the limit cut: three steps up by 1, held when 4 was cut off below 3.
    let best = error.best().expect("the path held at the limit");
    assert_eq!((best.path(), best.cost()), (&[0, 1, 2, 3][..], 3));
    // In place, the same path.
    let error = informed::depth_first_in_place(&Ladder { broken: false }, 3).unwrap_err();
    assert_eq!(error.limit(), Some(Limit::Depth(3)));
    let best = error.best().expect("the path held at the limit");
    assert_eq!((best.path(), best.cost()), (&[0, 1, 2, 3][..], 3));
}

/// A state space whose successor iterator never ends: from n, n + 1, n + 2, … at cost 1.
/// `Vec` states own memory, so that the best-first searches collect successors too.
fn endless() -> impl informed::SearchProblem<State = Vec<u32>, Cost = u32> {
    informed::from_fn(
        vec![0u32],
        |state: &Vec<u32>| {
            let n = state[0];
            (1..).map(move |k| (vec![n + k], 1u32))
        },
        |state| state[0] == u32::MAX,
    )
}

#[test]
fn an_endless_successor_iterator_stops_at_the_cap_on_stored_states() {
    let problem = endless();
    let h = |_: &Vec<u32>| 0u32;
    let runs: [(&str, Result<_, _>); 6] = [
        (
            "beam_search",
            Search::new(&problem).max_stored(50).beam_search(h, 4),
        ),
        (
            "hill_climbing",
            Search::new(&problem).max_stored(50).hill_climbing(h),
        ),
        ("astar", Search::new(&problem).max_stored(50).astar(h)),
        ("bfs", Search::new(&problem).max_stored(50).bfs()),
        ("dijkstra", Search::new(&problem).max_stored(50).dijkstra()),
        ("greedy", Search::new(&problem).max_stored(50).greedy(h)),
    ];
    for (name, outcome) in runs {
        let error = outcome.unwrap_err();
        assert_eq!(
            error.limit(),
            Some(Limit::StoredStates(50)),
            "{name}: {error:?}"
        );
        assert_eq!(error.stats().stored, 50, "{name}");
    }
}

#[test]
fn an_endless_successor_iterator_stops_a_depth_first_search_at_the_default_cap() {
    // Plain-data states, 8 bytes a successor: the cap of 2^24 holds 128 MiB.
    let problem = informed::from_fn(
        0u32,
        |&n: &u32| (1..).map(move |k| (n.wrapping_add(k), 1u32)),
        |_| false,
    );
    let error = Search::new(&problem)
        .max_stored(10)
        .idastar(|_: &u32| 0)
        .unwrap_err();
    assert_eq!(error.limit(), Some(Limit::Successors(1 << 24)), "{error:?}");
    let best = error.best().expect("the path held");
    assert_eq!(best.path(), &[0]);
    assert!(
        error.to_string().contains("more than 16777216 successors"),
        "{error}"
    );
}

#[test]
fn a_long_successor_list_is_counted_against_the_cap_on_stored_states() {
    // 100 successors of the start, one of them the goal: under a cap of 101 a beam stores
    // them all and reaches it; under a cap of 20 it cannot even hold them.
    let fan = informed::from_fn(
        vec![0u32],
        |s: &Vec<u32>| {
            let n = s[0];
            (1..=100).map(move |k| (vec![n * 100 + k], 1u32))
        },
        |s| s[0] == 7,
    );
    let h = |s: &Vec<u32>| u32::from(s[0] != 7);
    let solution = Search::new(&fan).max_stored(101).beam_search(h, 1).unwrap();
    assert_eq!(solution.path(), &[vec![0], vec![7]]);
    let error = Search::new(&fan)
        .max_stored(20)
        .beam_search(h, 1)
        .unwrap_err();
    assert_eq!(error.limit(), Some(Limit::StoredStates(20)), "{error:?}");
    assert_eq!(error.stats().stored, 20);
}

#[test]
fn the_puzzle_s_successors_promise_their_count_and_are_taken_uncounted() {
    // The successor buffers take an iterator whose size_hint bounds it within the cap whole,
    // uncounted: the copying IDA* on the puzzle depends on it for its speed. Every board's
    // successors say exactly how many they are (2 in a corner, 3 on an edge, 4 inside).
    let puzzle = informed::puzzle::SlidingPuzzle::new(4, 4).unwrap();
    let goal: Vec<u8> = (1..16).chain([0]).collect();
    let problem = puzzle.problem(puzzle.board(&goal).unwrap()).unwrap();
    for blank in 0..16 {
        let tiles: Vec<u8> = (0..16)
            .map(|cell| match cell {
                c if c == blank => 0,
                0 => blank,
                c => c,
            })
            .collect();
        let board = puzzle.board(&tiles).unwrap();
        let successors = informed::SearchProblem::successors(&problem, &board).into_iter();
        let hint = successors.size_hint();
        let count = successors.count();
        assert_eq!(hint, (count, Some(count)), "blank in cell {blank}");
        assert!((2..=4).contains(&count), "blank in cell {blank}: {count}");
    }
}
