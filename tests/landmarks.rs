//! Landmarks (ALT) against exact distances computed by brute force: the estimate toward a goal
//! never exceeds the distance to it, is consistent along every edge into a state that can
//! reach the goal, and A* with it finds Dijkstra's cost; the estimate from a start bounds the
//! distance from it. On integer costs (a numbered test graph) and on `graph::Graph`'s floats.

// States are numbers: `d[v][t]` reads as the math does.
#![allow(clippy::needless_range_loop)]

mod common;

use common::{Graph, config, graph};
use informed::graph::Graph as RoadGraph;
use informed::{Heuristic, LandmarkError, Landmarks, Search, SearchProblem};
use proptest::prelude::*;

/// Every distance by Floyd–Warshall: `d[u][v]`, `None` where v is unreachable from u.
fn all_distances(adjacency: &[Vec<(usize, u64)>]) -> Vec<Vec<Option<u64>>> {
    let n = adjacency.len();
    let mut d = vec![vec![None; n]; n];
    for (u, edges) in adjacency.iter().enumerate() {
        d[u][u] = Some(0);
        for &(v, c) in edges {
            if d[u][v].is_none_or(|old| c < old) {
                d[u][v] = Some(c);
            }
        }
    }
    for k in 0..n {
        for u in 0..n {
            for v in 0..n {
                if let (Some(a), Some(b)) = (d[u][k], d[k][v]) {
                    if d[u][v].is_none_or(|old| a + b < old) {
                        d[u][v] = Some(a + b);
                    }
                }
            }
        }
    }
    d
}

proptest! {
    #![proptest_config(config())]

    /// Integer costs: admissible toward every goal and from every start, consistent where the
    /// goal is reachable, and A* with it as cheap as Dijkstra.
    #[test]
    fn landmark_estimates_bound_exact_integer_distances(
        mut problem in graph(12, 0..20u64),
        count in 0..5usize,
        chosen in prop::collection::vec(0..12usize, 0..4),
    ) {
        problem.numbered = true;
        let n = problem.adjacency.len();
        let d = all_distances(&problem.adjacency);
        let farthest = Landmarks::farthest(&problem, count).unwrap();
        prop_assert!(farthest.len() <= count);
        let chosen: Vec<usize> = chosen.into_iter().filter(|&c| c < n).collect();
        let at = Landmarks::at(&problem, chosen.iter().copied()).unwrap();
        prop_assert_eq!(at.numbers(), &chosen[..]);
        for landmarks in [&farthest, &at] {
            for t in 0..n {
                let toward = landmarks.toward(&problem, &t);
                let from = landmarks.from_start(&problem, &t);
                for v in 0..n {
                    let h = toward.estimate(&v);
                    if let Some(exact) = d[v][t] {
                        prop_assert!(h <= exact, "h({v} → {t}) = {h} > {exact}");
                    }
                    let back = from.estimate(&v);
                    if let Some(exact) = d[t][v] {
                        prop_assert!(back <= exact, "h({t} → {v}) = {back} > {exact}");
                    }
                    for &(w, c) in &problem.adjacency[v] {
                        if d[w][t].is_some() {
                            prop_assert!(h <= c + toward.estimate(&w), "inconsistent on {v} → {w}");
                        }
                    }
                }
                let mut query = problem.clone();
                query.goals = (0..n).map(|v| v == t).collect();
                let dijkstra = informed::dijkstra(&query).map(|s| s.cost()).ok();
                let astar = informed::astar_with(&query, landmarks.toward(&query, &t))
                    .map(|s| s.cost())
                    .ok();
                prop_assert_eq!(astar, dijkstra);
            }
        }
    }

    /// Float costs on `graph::Graph`: the same bounds, infinity exactly where no path leads to
    /// the goal, A* as cheap as Dijkstra and reopening nothing; an undirected graph keeps one
    /// distance a landmark and state.
    #[test]
    fn landmark_estimates_bound_exact_float_distances(
        nodes in 1..12usize,
        edges in prop::collection::vec((0..12u32, 0..12u32, 0..20u32), 0..40),
        undirected in any::<bool>(),
        count in 1..5usize,
    ) {
        let edges: Vec<(u32, u32, f64)> = edges
            .into_iter()
            .filter(|&(a, b, _)| (a as usize) < nodes && (b as usize) < nodes)
            .map(|(a, b, c)| (a, b, f64::from(c) / 4.0))
            .collect();
        let roads = if undirected {
            RoadGraph::undirected(nodes, edges.iter().copied()).unwrap()
        } else {
            RoadGraph::directed(nodes, edges.iter().copied()).unwrap()
        };
        // The same graph with integer costs (in quarters), for the reference distances.
        let mut adjacency = vec![Vec::new(); nodes];
        for v in 0..nodes as u32 {
            for (w, c) in roads.edges(v) {
                adjacency[v as usize].push((w as usize, (c * 4.0) as u64));
            }
        }
        let d = all_distances(&adjacency);
        let build = roads.problem(0, 0).unwrap();
        let landmarks = Landmarks::farthest(&build, count).unwrap();
        let per_state = std::mem::size_of::<f64>() * landmarks.len();
        let bound = build.index_bound().unwrap();
        if undirected {
            prop_assert_eq!(landmarks.memory(), per_state * bound);
        }
        for t in 0..nodes as u32 {
            for v in 0..nodes as u32 {
                let query = roads.problem(v, t).unwrap();
                let h = landmarks.toward(&query, &t).estimate(&v);
                if let Some(exact) = d[v as usize][t as usize] {
                    prop_assert!(h <= exact as f64 / 4.0);
                }
                if h == f64::INFINITY {
                    prop_assert!(d[v as usize][t as usize].is_none());
                }
                let back = landmarks.from_start(&query, &v).estimate(&t);
                if let Some(exact) = d[v as usize][t as usize] {
                    prop_assert!(back <= exact as f64 / 4.0);
                }
                let dijkstra = informed::dijkstra(&query).map(|s| s.cost()).ok();
                let astar = Search::new(&query).astar_with(landmarks.toward(&query, &t));
                prop_assert_eq!(astar.as_ref().map(|s| s.cost()).ok(), dijkstra);
                if let Ok(solution) = &astar {
                    prop_assert_eq!(solution.stats().reopened, 0);
                }
            }
        }
    }
}

/// The errors say what was wrong.
#[test]
fn landmarks_refuse_problems_without_a_numbering_or_start() {
    let mut problem = Graph::<u64> {
        adjacency: vec![vec![(1, 1)], vec![]],
        starts: vec![0],
        goals: vec![false, true],
        numbered: false,
    };
    let error = Landmarks::farthest(&problem, 2).unwrap_err();
    assert!(matches!(error, LandmarkError::NoNumbering));
    assert_eq!(
        error.to_string(),
        "landmarks need a problem that numbers its states (index_bound is None)"
    );
    problem.numbered = true;
    problem.starts.clear();
    let error = Landmarks::farthest(&problem, 2).unwrap_err();
    assert!(matches!(error, LandmarkError::NoStart));
    // Without a start, landmarks of one's own choice still build.
    let landmarks = Landmarks::at(&problem, [1]).unwrap();
    assert_eq!(landmarks.numbers(), &[1]);
    assert_eq!(landmarks.toward(&problem, &1).estimate(&0), 1);
}

/// The pattern databases' checksum, as `Landmarks::save` documents it: FNV-1a over 64-bit
/// little-endian words (the last padded with zeros), then the length.
fn checksum(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for word in bytes.chunks(8) {
        let mut padded = [0u8; 8];
        padded[..word.len()].copy_from_slice(word);
        hash = (hash ^ u64::from_le_bytes(padded)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    (hash ^ bytes.len() as u64).wrapping_mul(0x0000_0100_0000_01b3)
}

/// `file` with its body changed by `edit` and its checksum made right again: an edit the
/// checksum cannot see.
fn resealed(file: &[u8], edit: impl Fn(&mut Vec<u8>)) -> Vec<u8> {
    let mut body = file[..file.len() - 8].to_vec();
    edit(&mut body);
    let sum = checksum(&body);
    body.extend_from_slice(&sum.to_le_bytes());
    body
}

/// A saved set loads back equal, on a directed graph (both directions stored) and an undirected
/// one; every damaged, lying or foreign file is refused with the error that names what is
/// wrong, and none makes the loader allocate what its header claims.
#[test]
fn saved_landmarks_load_back_and_damaged_files_are_refused() {
    let edges = [
        (0, 1, 1.0),
        (1, 2, 2.0),
        (2, 3, 1.5),
        (3, 0, 4.0),
        (1, 3, 5.0),
    ];
    for graph in [
        RoadGraph::directed(4, edges).unwrap(),
        RoadGraph::undirected(4, edges).unwrap(),
    ] {
        let problem = graph.problem(0, 3).unwrap();
        let landmarks = Landmarks::farthest(&problem, 2).unwrap();
        let mut file = Vec::new();
        landmarks.save(&mut file).unwrap();
        assert_eq!(
            Landmarks::load(&problem, &mut file.as_slice()).unwrap(),
            landmarks
        );

        let load = |bytes: &[u8]| Landmarks::load(&problem, &mut &bytes[..]).unwrap_err();
        let header = 8 + 4 + 1 + 3 + 8 + 4 + 1 + 8 * 2;
        assert!(matches!(load(b"INFRMPDB"), LandmarkError::BadMagic));
        let mut other = file.clone();
        other[8] = 2;
        assert!(matches!(
            load(&other),
            LandmarkError::UnsupportedVersion { found: 2 }
        ));
        // Cut anywhere: in the header, in the distances, in the checksum.
        for cut in [5, 20, header + 3, file.len() - 3] {
            let error = load(&file[..cut]);
            assert!(
                matches!(
                    error,
                    LandmarkError::BadHeader { .. }
                        | LandmarkError::Truncated { .. }
                        | LandmarkError::BadMagic
                ),
                "cut at {cut}: {error}"
            );
        }
        let mut flipped = file.clone();
        flipped[header + 5] ^= 0x10;
        assert!(matches!(load(&flipped), LandmarkError::Checksum { .. }));
        let mut longer = file.clone();
        longer.push(0);
        assert!(matches!(load(&longer), LandmarkError::TrailingData));
        // A header that claims 2^32 − 1 landmarks is refused before anything is allocated.
        let lying = resealed(&file, |body| {
            body[24..28].copy_from_slice(&u32::MAX.to_le_bytes())
        });
        assert!(matches!(load(&lying), LandmarkError::BadHeader { .. }));
        // A landmark outside the numbering, or twice.
        let outside = resealed(&file, |body| {
            body[29..37].copy_from_slice(&9u64.to_le_bytes())
        });
        assert!(matches!(load(&outside), LandmarkError::BadHeader { .. }));
        let twice = resealed(&file, |body| {
            let first = body[29..37].to_vec();
            body[37..45].copy_from_slice(&first);
        });
        assert!(matches!(load(&twice), LandmarkError::BadHeader { .. }));
        // A distance raised by 100, checksum and all: the triangle inequality gives it away.
        for raised in 0..2 * 4 {
            let at = header + 8 * raised;
            let edited = resealed(&file, |body| {
                let d = f64::from_le_bytes(body[at..at + 8].try_into().unwrap());
                body[at..at + 8].copy_from_slice(&(d + 100.0).to_le_bytes());
            });
            let error = load(&edited);
            assert!(
                matches!(error, LandmarkError::Implausible { .. }),
                "distance {raised} raised: {error}"
            );
        }
        // Another numbering, another cost type.
        let bigger = RoadGraph::directed(6, [(0, 5, 1.0)]).unwrap();
        let error = Landmarks::load(&bigger.problem(0, 5).unwrap(), &mut file.as_slice());
        assert!(matches!(
            error,
            Err(LandmarkError::Mismatch {
                field: "numbering",
                ..
            })
        ));
        let mut integers = Graph::<u64> {
            adjacency: vec![vec![(1, 1)], vec![], vec![], vec![]],
            starts: vec![0],
            goals: vec![false; 4],
            numbered: true,
        };
        let error = Landmarks::load(&integers, &mut file.as_slice()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the landmark file is for cost type f64, but the problem has u64"
        );
        integers.numbered = false;
        assert!(matches!(
            Landmarks::load(&integers, &mut file.as_slice()),
            Err(LandmarkError::NoNumbering)
        ));
    }
}
