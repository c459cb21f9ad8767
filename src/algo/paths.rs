//! More than one path: the k shortest loopless paths (Yen), and every optimal path.

use crate::TieBreak;
use std::cmp::Ordering;

use crate::engine::heap::{Frontier, IndexedHeap, Key};
use crate::engine::table::{FastState, HashTable, Lookup, NO_PARENT, Node, Table, path_cost};
use crate::{Cost, ErrorOf, SearchError, SearchProblem, Solution, SolutionOf, Stats, Successors};

/// A view of a problem from one start, with some states and some steps removed.
struct Restricted<'a, P: SearchProblem> {
    problem: &'a P,
    start: P::State,
    banned_states: Vec<P::State>,
    banned_steps: Vec<(P::State, P::State)>,
}

impl<P: SearchProblem> SearchProblem for Restricted<'_, P> {
    type State = P::State;
    type Cost = P::Cost;

    fn starts(&self) -> impl IntoIterator<Item = P::State> {
        [self.start.clone()]
    }

    fn is_goal(&self, state: &P::State) -> bool {
        self.problem.is_goal(state)
    }

    fn successors(&self, state: &P::State, out: &mut Successors<P::State, P::Cost>) {
        self.problem.successors(state, out);
        out.retain(|next| {
            !self.banned_states.contains(next)
                && !self
                    .banned_steps
                    .iter()
                    .any(|(a, b)| a == state && b == next)
        });
    }

    fn index_bound(&self) -> Option<usize> {
        self.problem.index_bound()
    }

    fn index(&self, state: &P::State) -> usize {
        self.problem.index(state)
    }
}

/// The `k` cheapest paths without repeated states from the problem's first start state to a
/// goal, cheapest first (Yen's algorithm).
///
/// The first is a least-cost path; each next one is the cheapest path that leaves one of the
/// paths found so far at some state (its *spur*) and avoids the steps those paths took from
/// there, found by a [`dijkstra`](crate::dijkstra) search on the problem with those steps and
/// the earlier part of the path removed.
///
/// # Arguments
///
/// - `problem`: the state space, searched from its first start state; step costs non-negative.
/// - `k`: how many paths at most.
///
/// # Returns
///
/// Up to `k` distinct loopless paths as [`Solution`]s, in non-decreasing cost; fewer if the
/// problem has fewer. Each solution's statistics are those of the search that found it.
///
/// # Errors
///
/// [`SearchError::NoPath`] if there is not even one path; the bad-input errors of
/// [`dijkstra`](crate::dijkstra).
///
/// # Complexity
///
/// **O(k · L)** Dijkstra searches for paths of up to L states: for problems small enough to be
/// searched that many times.
///
/// # Example
///
/// ```
/// let roads = |&town: &char| match town {
///     'a' => vec![('b', 1u32), ('c', 2)],
///     'b' => vec![('d', 2), ('c', 1)],
///     'c' => vec![('d', 2)],
///     _ => vec![],
/// };
/// let problem = informed::from_fn('a', roads, |&town| town == 'd');
/// let paths = informed::k_shortest_paths(&problem, 5)?;
/// let found: Vec<(String, u32)> =
///     paths.iter().map(|s| (s.path().iter().collect(), s.cost())).collect();
/// assert_eq!(found, [("abd".into(), 3), ("acd".into(), 4), ("abcd".into(), 4)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Reference
///
/// J. Y. Yen, "Finding the K Shortest Loopless Paths in a Network", *Management Science* 17(11)
/// (1971), 712–716.
pub fn k_shortest_paths<P: SearchProblem>(
    problem: &P,
    k: usize,
) -> Result<Vec<SolutionOf<P>>, ErrorOf<P>> {
    let Some(start) = problem.starts().into_iter().next() else {
        return Err(SearchError::NoPath {
            stats: Stats::default(),
        });
    };
    let whole = Restricted {
        problem,
        start,
        banned_states: Vec::new(),
        banned_steps: Vec::new(),
    };
    let mut found = vec![crate::dijkstra(&whole)?];
    let mut candidates: Vec<Solution<P::State, P::Cost>> = Vec::new();
    while found.len() < k {
        let previous = found.last().expect("at least one path").path().to_vec();
        for spur in 0..previous.len() - 1 {
            let root = &previous[..=spur];
            let banned_steps = found
                .iter()
                .map(Solution::path)
                .filter(|path| path.len() > spur + 1 && path[..=spur] == *root)
                .map(|path| (path[spur].clone(), path[spur + 1].clone()))
                .collect();
            let restricted = Restricted {
                problem,
                start: previous[spur].clone(),
                banned_states: root[..spur].to_vec(),
                banned_steps,
            };
            let tail = match crate::dijkstra(&restricted) {
                Ok(tail) => tail,
                Err(SearchError::NoPath { .. }) => continue,
                Err(error) => return Err(error),
            };
            let (tail, _, stats) = tail.into_parts();
            let mut candidate = root[..spur].to_vec();
            candidate.extend(tail);
            let known = |s: &Solution<P::State, P::Cost>| s.path() == candidate.as_slice();
            if found.iter().any(known) || candidates.iter().any(known) {
                continue;
            }
            let cost = path_cost(problem, &candidate)
                .expect("the candidate's steps come from the problem's successors");
            candidates.push(Solution::new(candidate, cost, stats));
        }
        // The cheapest candidate, the earliest found among equals, becomes the next path.
        let Some(next) = (0..candidates.len()).min_by(|&a, &b| {
            candidates[a]
                .cost()
                .order(candidates[b].cost())
                .then(a.cmp(&b))
        }) else {
            break;
        };
        found.push(candidates.remove(next));
    }
    Ok(found)
}

/// Every least-cost path from a start to a goal, enumerated lazily.
///
/// A Dijkstra search finds the least cost C* and, for every state whose least cost is below
/// C* or equal to it, *every* predecessor through which that least cost is reached. The
/// returned iterator then walks these links back from each goal reached at cost C*, yielding one
/// path at a time, so that a problem with exponentially many optimal paths costs only what is
/// consumed. Paths never repeat a state (zero-cost cycles would otherwise make infinitely many).
///
/// # Arguments
///
/// - `problem`: the state space; step costs non-negative. With float costs, paths are optimal
///   together when their sums are exactly equal.
///
/// # Returns
///
/// An [`OptimalPaths`] iterator over the paths (each from a start to a goal, all of cost
/// [`OptimalPaths::cost`]), with the [`Stats`] of the search.
///
/// # Errors
///
/// [`SearchError::NoPath`] if no goal is reachable; the bad-input errors of
/// [`dijkstra`](crate::dijkstra).
///
/// # Complexity
///
/// **O((V + E) log V)** for the search, V and E counting the states and steps of cost at most
/// C*; then **O(L · b)** per path of L states, b the number of optimal predecessors a state has.
///
/// # Example
///
/// ```
/// // A 3 × 3 grid of unit steps right or down: C(4, 2) = 6 shortest paths corner to corner.
/// let problem = informed::from_fn(
///     (0u8, 0u8),
///     |&(x, y): &(u8, u8)| {
///         let mut next = Vec::new();
///         if x < 2 { next.push(((x + 1, y), 1u32)); }
///         if y < 2 { next.push(((x, y + 1), 1)); }
///         next
///     },
///     |&cell| cell == (2, 2),
/// );
/// let paths = informed::optimal_paths(&problem)?;
/// assert_eq!(paths.cost(), 4);
/// assert_eq!(paths.count(), 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn optimal_paths<P: SearchProblem>(
    problem: &P,
) -> Result<OptimalPaths<P::State, P::Cost>, ErrorOf<P>> {
    let mut table: HashTable<P::State, P::Cost, FastState> = HashTable::new();
    let mut open: IndexedHeap<Key<P::Cost>, 4> = IndexedHeap::new(TieBreak::Fifo);
    let mut parents: Vec<Vec<usize>> = Vec::new();
    let mut is_start: Vec<bool> = Vec::new();
    let mut stats = Stats::default();
    let snapshot = |stats: &Stats, table: &HashTable<_, _, _>| Stats {
        stored: Table::len(table),
        ..*stats
    };
    for start in problem.starts() {
        stats.generated += 1;
        if let Lookup::New(hash) = table.lookup(&start) {
            let node = Node {
                parent: NO_PARENT,
                g: P::Cost::ZERO,
                h: P::Cost::ZERO,
            };
            let index = table.insert(hash, start, node);
            parents.push(Vec::new());
            is_start.push(true);
            open.push(index, Key(P::Cost::ZERO));
        }
    }
    let mut best: Option<P::Cost> = None;
    let mut goals = Vec::new();
    let mut successors = Successors::new();
    while let Some((current, Key(g))) = open.pop() {
        if best.is_some_and(|best| g.order(best).is_gt()) {
            break;
        }
        stats.expanded += 1;
        let state = table.state(current).clone();
        if problem.is_goal(&state) {
            best = Some(g);
            goals.push(current);
            continue;
        }
        successors.clear();
        problem.successors(&state, &mut successors);
        for (next, step) in successors.drain() {
            stats.generated += 1;
            let new_g =
                crate::error::add_step(g, step, &state, &next, || snapshot(&stats, &table))?;
            if new_g.is_infinite() {
                stats.pruned += 1;
                continue;
            }
            match table.lookup(&next) {
                Lookup::New(hash) => {
                    let index = table.insert(
                        hash,
                        next,
                        Node {
                            parent: current,
                            g: new_g,
                            h: P::Cost::ZERO,
                        },
                    );
                    parents.push(vec![current]);
                    is_start.push(false);
                    open.push(index, Key(new_g));
                }
                Lookup::Stored(index) => match new_g.order(table.node(index).g) {
                    Ordering::Less => {
                        let node = table.node_mut(index);
                        node.g = new_g;
                        node.parent = current;
                        parents[index] = vec![current];
                        if open.contains(index) {
                            open.decrease_key(index, Key(new_g));
                            stats.decrease_keys += 1;
                        }
                    }
                    Ordering::Equal if !parents[index].contains(&current) => {
                        parents[index].push(current);
                    }
                    _ => {}
                },
            }
        }
        stats.max_open = stats.max_open.max(open.len());
    }
    let stats = snapshot(&stats, &table);
    let Some(cost) = best else {
        return Err(SearchError::NoPath { stats });
    };
    let states = (0..Table::len(&table))
        .map(|i| table.state(i).clone())
        .collect();
    Ok(OptimalPaths {
        states,
        parents,
        is_start,
        cost,
        stats,
        goals: goals.into_iter().rev().collect(),
        stack: Vec::new(),
        on_path: Vec::new(),
    })
}

/// Where the walk back from a goal stands at one node of the current path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Walk {
    /// Just reached: a start yields its path first.
    Arrived,
    /// Trying the node's optimal predecessors, from this one on.
    Parent(usize),
}

/// The iterator of [`optimal_paths`]: every least-cost path, one at a time.
#[derive(Clone, Debug)]
pub struct OptimalPaths<S, C> {
    states: Vec<S>,
    /// Every predecessor through which each node's least cost is reached.
    parents: Vec<Vec<usize>>,
    is_start: Vec<bool>,
    cost: C,
    stats: Stats,
    /// The goals still to walk back from (the next one last).
    goals: Vec<usize>,
    /// The walk back from the current goal: the path so far (goal first) and where each node
    /// stands.
    stack: Vec<(usize, Walk)>,
    on_path: Vec<bool>,
}

impl<S, C: Copy> OptimalPaths<S, C> {
    /// The least cost: every path yielded costs this.
    pub fn cost(&self) -> C {
        self.cost
    }

    /// The statistics of the search.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }
}

impl<S: Clone, C: Copy> Iterator for OptimalPaths<S, C> {
    type Item = Vec<S>;

    fn next(&mut self) -> Option<Vec<S>> {
        if self.on_path.len() < self.states.len() {
            self.on_path.resize(self.states.len(), false);
        }
        // A depth-first walk over the optimal-predecessor links, from each goal back to the
        // starts; `stack` holds the current walk.
        loop {
            if self.stack.is_empty() {
                let goal = self.goals.pop()?;
                self.stack.push((goal, Walk::Arrived));
            }
            let (node, walk) = *self.stack.last().expect("not empty");
            self.on_path[node] = true;
            let next = match walk {
                Walk::Arrived => {
                    self.stack.last_mut().expect("not empty").1 = Walk::Parent(0);
                    if self.is_start[node] {
                        // The stack, read from the top, is a path from this start to a goal.
                        let path = self
                            .stack
                            .iter()
                            .rev()
                            .map(|&(n, _)| self.states[n].clone());
                        return Some(path.collect());
                    }
                    continue;
                }
                Walk::Parent(next) => next,
            };
            let Some(&parent) = self.parents[node].get(next) else {
                self.on_path[node] = false;
                self.stack.pop();
                continue;
            };
            self.stack.last_mut().expect("not empty").1 = Walk::Parent(next + 1);
            if !self.on_path[parent] {
                self.stack.push((parent, Walk::Arrived));
            }
        }
    }
}
