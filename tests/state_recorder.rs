//! `StateRecorder` on searches its defaults used to get wrong: the open list's order learned
//! from the search, successor iterators that never end, and coordinates near `f64::MAX`.

use informed::{Algorithm, OpenOrder, Search, StatePicture, StateRecorder, TieBreak};

/// FNV-1a: a fingerprint of a picture, to hold ordinary pictures to the bytes they had.
fn fingerprint(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Ordinary pictures, a lattice and scattered points side by side, are drawn exactly as they
/// were before huge coordinates were handled.
#[test]
fn ordinary_pictures_are_unchanged() {
    let lattice = informed::from_fn(
        (0i32, 0i32),
        |&(x, y): &(i32, i32)| [((x + 1, y), 1u32), ((x, y + 1), 1), ((x - 1, y), 1)],
        |&p| p == (3, 2),
    );
    let mut recorder = StateRecorder::new(&lattice, |&(x, y)| (f64::from(x), f64::from(-y)));
    let estimate = |&(x, y): &(i32, i32)| (3 - x).unsigned_abs() + (2 - y).unsigned_abs();
    let solution = Search::new(&lattice)
        .observer(&mut recorder)
        .astar(estimate)
        .unwrap();
    let svg = StatePicture::side_by_side_svg(
        &[
            recorder.picture().after(3).title("after 3"),
            recorder.picture().path(solution.path()),
        ],
        240.0,
    );
    let scattered = informed::from_fn_unit(1u32, |&n: &u32| [n * 2, n * 3 + 1], |&n| n == 22);
    let mut points = StateRecorder::new(&scattered, |&n| {
        (f64::from(n).sqrt() * 1.7, f64::from(n % 7) / 3.0)
    });
    let found = Search::new(&scattered).observer(&mut points).bfs().unwrap();
    let scattered_svg = points.picture().path(found.path()).to_svg(333.3);
    assert_eq!(
        (fingerprint(&svg), fingerprint(&scattered_svg)),
        (6_506_950_643_256_873_008, 13_801_858_471_118_282_994),
        "{svg}\n{scattered_svg}"
    );
}

/// The numbers of an SVG's attributes (`name="value"` with a numeric value).
fn attribute_numbers(svg: &str) -> Vec<f64> {
    svg.split('"')
        .skip(1)
        .step_by(2)
        .flat_map(|value| value.split([' ', ',', 'M', 'L', 'a', 'z']))
        .filter_map(|word| word.parse::<f64>().ok())
        .collect()
}

/// Positions as far apart as `f64` allows: the frame's spread overflowed to infinity and the
/// picture came out with `viewBox="0 0 668 NaN"`.
#[test]
fn coordinates_near_the_largest_double_draw_a_finite_picture() {
    let problem = informed::from_fn_unit(0usize, |&n: &usize| [n + 1], |&n| n == 4);
    let places = [
        (-1e308, -1e308),
        (f64::MAX, 5.0),
        (3.0, 1e308),
        (-f64::MAX, f64::MAX),
        (0.5, -0.25),
    ];
    for points in [4, 5] {
        let mut recorder = StateRecorder::new(&problem, move |&n| places[n % points]);
        let solution = Search::new(&problem)
            .observer(&mut recorder)
            .dijkstra()
            .unwrap();
        let svg = StatePicture::side_by_side_svg(
            &[
                recorder.picture().after(2),
                recorder.picture().path(solution.path()),
            ],
            300.0,
        );
        assert!(!svg.contains("NaN") && !svg.contains("inf"), "{svg}");
        let numbers = attribute_numbers(&svg);
        assert!(numbers.len() > 40, "{svg}");
        assert!(numbers.iter().all(|v| v.is_finite()), "{svg}");
        // Every point is drawn inside the picture, and the scale is a positive number.
        let view: Vec<f64> = svg
            .split("viewBox=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .map(|text| text.split(' ').map(|v| v.parse().unwrap()).collect())
            .unwrap();
        assert!(
            view[2] > 300.0 && view[3] > 100.0 && view[3] < 2000.0,
            "{view:?}"
        );
        // The start and goal markers (the legend's swatches have no title).
        let markers = svg
            .split("<circle cx=\"")
            .skip(1)
            .filter(|c| c.contains("><title>"));
        for circle in markers {
            let cx: f64 = circle.split('"').next().unwrap().parse().unwrap();
            assert!((0.0..=view[2]).contains(&cx), "{cx} in {view:?}");
        }
        let scale: f64 = svg
            .split("data-scale=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(scale > 0.0, "{scale}");
        let html = informed::Replay::new()
            .search("far apart", &recorder, Some(&solution))
            .to_html();
        let data = html
            .split("const DATA = ")
            .nth(1)
            .unwrap()
            .split(";\n")
            .next()
            .unwrap();
        assert!(!data.contains("NaN") && !data.contains("nf"), "{data}");
    }
}

/// Runs `test` on a thread of its own and fails if it has not finished within `seconds`: a
/// recorder that iterates a never-ending iterator would otherwise hang the test run.
fn within(seconds: u64, test: impl FnOnce() + Send + 'static) {
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        test();
        let _ = done.send(());
    });
    match finished.recv_timeout(std::time::Duration::from_secs(seconds)) {
        Ok(()) => {}
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => panic!("the test panicked"),
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
            panic!("still running after {seconds} s: successors iterated without end")
        }
    }
}

/// Each state has infinitely many successors; a limit on the states stored stops the search
/// in the middle of its first expansion. The recorder asked for the successors again and
/// counted all of them, which never ends.
#[test]
fn successors_that_never_end_are_not_counted_to_the_end() {
    within(20, || {
        let problem = informed::from_fn_unit(0u64, |&n: &u64| (n + 1).., |&n| n == u64::MAX);
        let mut recorder = StateRecorder::new(&problem, |&n| (n as f64, 0.0));
        let outcome = Search::new(&problem)
            .max_expansions(3)
            .max_stored(40)
            .observer(&mut recorder)
            .dijkstra();
        let stats = outcome.unwrap_err().stats();
        assert_eq!((stats.expanded, recorder.expansions()), (1, 1));
        assert_eq!(recorder.states(), 40);
        let html = informed::Replay::new()
            .search("never ending", &recorder, None)
            .to_html();
        assert!(html.contains("\"frames\":1,"));
        assert_eq!(recorder.trace().lines().count(), 1);
        assert!(recorder.picture().to_svg(200.0).starts_with("<svg"));
    });
}

/// Every expansion's successors were taken in full but for the goal's: the recorder counts
/// each once the search has moved on, and its page ends on the search's count of generated
/// states (read from the page's first expansion record).
#[test]
fn finished_expansions_are_counted_in_full() {
    // A star: the centre's 70 successors, counted in a varint after the record's first byte.
    let problem = informed::from_fn_unit(
        0u32,
        |&n: &u32| if n == 0 { 1..71 } else { 0..0 },
        |&n| n == 99,
    );
    let mut recorder = StateRecorder::new(&problem, |&n| (f64::from(n), 0.0));
    let stats = Search::new(&problem)
        .max_expansions(2)
        .observer(&mut recorder)
        .dijkstra()
        .unwrap_err()
        .stats();
    assert_eq!((stats.expanded, stats.generated), (2, 71));
    let html = informed::Replay::new()
        .search("star", &recorder, None)
        .to_html();
    let stream = html
        .split("\"stream\":\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    // Base64 of the start's record (0x04 0x00 0x00), then of the first expansion's: tag 0 with
    // count field 15 (0x78), then the padded varint of 70 (0xc6 0x80 0x80 0x80 0x00).
    assert!(stream.starts_with("BAAAeMaAgIAA"), "{stream}");
}

/// From 0, a cheap step to 1 (h = 6) and a dear one to 2 (h = 5); both lead to the goal 3.
fn fork() -> impl informed::SearchProblem<State = u8, Cost = u32> {
    informed::from_fn(
        0u8,
        |&n: &u8| match n {
            0 => vec![(1, 1u32), (2, 10)],
            1 | 2 => vec![(3, 20)],
            _ => vec![],
        },
        |&n| n == 3,
    )
}

fn fork_estimate(n: &u8) -> u32 {
    [7, 6, 5, 0][usize::from(*n)]
}

/// The page's open-list order of its first panel: `(by, tie mask, caption)`; the mask is 0
/// for first stored first, 4294967295 for last stored first.
fn page_order(html: &str) -> (String, String, String) {
    let order = html.split("\"order\":{").nth(1).unwrap();
    let field = |name: &str| {
        let value = order.split(&format!("\"{name}\":")).nth(1).unwrap();
        let value = value.split([',', '}']).next().unwrap();
        value.trim_matches('"').to_owned()
    };
    let text = order.split("\"text\":\"").nth(1).unwrap();
    let text = text.split('"').next().unwrap().to_owned();
    (field("by"), field("mask"), text)
}

/// A greedy search recorded without an order: the page ranked its open list by A*'s f and
/// listed the h = 6 state above the h = 5 one that greedy search expanded next.
#[test]
fn a_greedy_search_is_shown_in_greedy_order() {
    let problem = fork();
    let mut recorder = StateRecorder::new(&problem, |&n| (f64::from(n), 0.0));
    Search::new(&problem)
        .observer(&mut recorder)
        .greedy(fork_estimate)
        .unwrap();
    let greedy = OpenOrder::new(Algorithm::Greedy, TieBreak::Fifo);
    assert_eq!(recorder.open_order(), Some(greedy));
    let html = informed::Replay::new()
        .search("greedy", &recorder, None)
        .to_html();
    let (by, mask, text) = page_order(&html);
    assert_eq!((by.as_str(), mask.as_str()), ("h", "0"));
    assert!(text.starts_with("h, then the smaller g"), "{text}");
    // And A* on the same problem is told from it.
    let mut recorder = StateRecorder::new(&problem, |&n| (f64::from(n), 0.0));
    Search::new(&problem)
        .tie_break(TieBreak::Lifo)
        .observer(&mut recorder)
        .astar(fork_estimate)
        .unwrap();
    assert_eq!(
        recorder.open_order().map(|o| o.algorithm()),
        Some(Algorithm::AStar)
    );
    let html = informed::Replay::new()
        .search("A*", &recorder, None)
        .to_html();
    assert_eq!(page_order(&html).0, "f");
}

/// The tie-break is learned where ties decided an expansion, and Dijkstra's order where every
/// h is 0.
#[test]
fn ties_and_a_zero_estimate_are_learned() {
    // Four states at g = 1 from the start: LIFO expands the last stored first.
    let problem = informed::from_fn_unit(
        0u8,
        |&n: &u8| if n == 0 { vec![1, 2, 3, 4] } else { vec![] },
        |&n| n == 9,
    );
    for ties in [TieBreak::Fifo, TieBreak::Lifo] {
        let mut recorder = StateRecorder::new(&problem, |&n| (f64::from(n), 0.0));
        let _ = Search::new(&problem)
            .tie_break(ties)
            .observer(&mut recorder)
            .dijkstra();
        assert_eq!(
            recorder.open_order(),
            Some(OpenOrder::new(Algorithm::Dijkstra, ties))
        );
    }
}

/// Weighted A*, whose weight no rule the recorder tries knows: rather than rank its open list
/// by A*'s f, the page lists it in the order stored and says the order is not known; an order
/// set by hand is used as it is.
#[test]
fn an_order_not_learned_is_not_made_up() {
    // From 0: to 1 (g = 1, h = 10), 2 (g = 10, h = 5) and 3 (g = 6, h = 6). A* expands 1
    // next (f = 11), greedy search 2 (h = 5), weighted A* with w = 2 expands 3 (g + 2h = 18).
    let problem = informed::from_fn(
        0u8,
        |&n: &u8| match n {
            0 => vec![(1, 1u32), (2, 10), (3, 6)],
            1..=3 => vec![(4, 20)],
            _ => vec![],
        },
        |&n| n == 4,
    );
    let record = |order: Option<OpenOrder>| {
        let mut recorder = StateRecorder::new(&problem, |&n| (f64::from(n), 0.0));
        if let Some(order) = order {
            recorder = recorder.order(order);
        }
        Search::new(&problem)
            .observer(&mut recorder)
            .weighted_astar(|n: &u8| [12u32, 10, 5, 6, 0][usize::from(*n)], 2.0)
            .unwrap();
        let html = informed::Replay::new()
            .search("weighted", &recorder, None)
            .to_html();
        (recorder.open_order(), page_order(&html))
    };
    let (learned, (by, mask, text)) = record(None);
    assert_eq!(learned, None);
    assert_eq!((by.as_str(), mask.as_str()), ("queue", "0"));
    assert!(text.starts_with("not known"), "{text}");
    let weighted = OpenOrder::new(Algorithm::WeightedAStar(2.0), TieBreak::Fifo);
    let (given, (by, _, _)) = record(Some(weighted));
    assert_eq!((given, by.as_str()), (Some(weighted), "f"));
}

mod common;

use proptest::prelude::*;

proptest! {
    #![proptest_config(common::config())]

    /// On random graphs with random estimates (consistent or not, so that states are reached
    /// again by cheaper paths and reopened), the order learned from a search is the one it
    /// used, never another's: the rule of the search that ran fits every expansion it made, so
    /// Dijkstra's (h = 0) is always learned, with its tie-break wherever a tie decided an
    /// expansion; A* and greedy search are each learned as themselves, as Dijkstra's where
    /// every estimate recorded was 0 (both then rank by g), or, where the other's rule fits the
    /// same events, as unknown — never as each other.
    #[test]
    fn the_order_learned_is_the_order_used(
        graph in common::graph(14, 0..6u64),
        estimates in prop::collection::vec(0..12u64, 14),
        lifo in any::<bool>(),
    ) {
        let ties = if lifo { TieBreak::Lifo } else { TieBreak::Fifo };
        let h = |&v: &usize| estimates[v % estimates.len()];
        for algorithm in [Algorithm::Dijkstra, Algorithm::AStar, Algorithm::Greedy] {
            let mut recorder = StateRecorder::new(&graph, |&v| (v as f64, 0.0));
            let _ = Search::new(&graph)
                .tie_break(ties)
                .observer(&mut recorder)
                .run(algorithm, h);
            let learned = recorder.open_order();
            if algorithm == Algorithm::Dijkstra {
                // The events say h = 0 throughout: every ranking by cost is Dijkstra's.
                let learned = learned.expect("a search by g is always learned");
                prop_assert_eq!(learned.algorithm(), Algorithm::Dijkstra);
                prop_assert!(
                    learned.tie_break() == ties || learned.tie_break() == TieBreak::Fifo,
                    "{:?} learned as {:?}", ties, learned
                );
            } else if let Some(learned) = learned {
                prop_assert!(
                    [algorithm, Algorithm::Dijkstra].contains(&learned.algorithm()),
                    "{:?} learned as {:?}", algorithm, learned
                );
                prop_assert!(
                    learned.tie_break() == ties || learned.tie_break() == TieBreak::Fifo,
                    "{:?} learned as {:?}", ties, learned
                );
            }
        }
    }
}
