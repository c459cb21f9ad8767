//! The everyday workloads: problems written the way a user writes them (their own state types,
//! the default hashed node table), shared by the `everyday` criterion bench and the
//! `instructions` binary that `scripts/instructions.sh` runs under callgrind.

#![allow(dead_code, unreachable_pub)]

use std::collections::HashMap;

use informed::grid::{Cell, Grid, Scenario};
use informed::{Bidirectional, SearchProblem, Searcher};

use crate::common::{Len, Rng};

// ---------------------------------------------------------------------------------------------
// A 2×2×2 pocket cube: eight corners, each a cubie (0..8) and an orientation (0..3), packed as
// `cubie * 3 + orientation`. The corner at slot 6 never moves, so the moves are U, R and F in
// three powers each: 3,674,160 reachable states.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cube(pub [u8; 8]);

/// A face turn: the slot each slot's cubie comes from, and the twist it gets.
pub struct Turn {
    from: [usize; 8],
    twist: [u8; 8],
}

pub const TURNS: [Turn; 3] = [
    // U
    Turn {
        from: [3, 0, 1, 2, 4, 5, 6, 7],
        twist: [0, 0, 0, 0, 0, 0, 0, 0],
    },
    // R
    Turn {
        from: [4, 1, 2, 0, 7, 5, 6, 3],
        twist: [2, 0, 0, 1, 1, 0, 0, 2],
    },
    // F
    Turn {
        from: [1, 5, 2, 3, 0, 4, 6, 7],
        twist: [1, 2, 0, 0, 2, 1, 0, 0],
    },
];

impl Cube {
    pub const SOLVED: Cube = Cube([0, 3, 6, 9, 12, 15, 18, 21]);

    pub fn turn(self, turn: &Turn) -> Cube {
        let mut next = [0u8; 8];
        for (slot, corner) in next.iter_mut().enumerate() {
            let old = self.0[turn.from[slot]];
            *corner = old - old % 3 + (old % 3 + turn.twist[slot]) % 3;
        }
        Cube(next)
    }

    /// The nine states one move away (each face a quarter, a half and three quarters).
    pub fn moves(self) -> [Cube; 9] {
        let mut out = [self; 9];
        for (face, turn) in TURNS.iter().enumerate() {
            let mut cube = self;
            for power in 0..3 {
                cube = cube.turn(turn);
                out[face * 3 + power] = cube;
            }
        }
        out
    }

    /// Corners out of place or twisted, four at most fixed per move: admissible and consistent.
    pub fn estimate(&self) -> u32 {
        let wrong = (0..8).filter(|&i| self.0[i] != Cube::SOLVED.0[i]).count() as u32;
        wrong.div_ceil(4)
    }
}

pub struct CubeProblem {
    pub start: Cube,
}

impl SearchProblem for CubeProblem {
    type State = Cube;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = Cube> {
        [self.start]
    }

    fn is_goal(&self, state: &Cube) -> bool {
        *state == Cube::SOLVED
    }

    fn successors(&self, state: &Cube) -> impl IntoIterator<Item = (Cube, u32)> {
        state.moves().into_iter().map(|next| (next, 1))
    }
}

pub fn scrambles(count: usize, length: u64) -> Vec<Cube> {
    let mut rng = Rng(2);
    (0..count)
        .map(|_| {
            let mut cube = Cube::SOLVED;
            for _ in 0..length {
                cube = cube.moves()[rng.below(9) as usize];
            }
            cube
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// A seeded random digraph of 3,000 nodes, four arcs out of each, weights 1 to 100.

pub struct Digraph {
    pub arcs: Vec<Vec<(usize, u32)>>,
}

impl Digraph {
    pub fn random(nodes: usize, degree: usize, seed: u64) -> Digraph {
        let mut rng = Rng(seed);
        let arcs = (0..nodes)
            .map(|_| {
                (0..degree)
                    .map(|_| {
                        let to = rng.below(nodes as u64) as usize;
                        (to, 1 + rng.below(100) as u32)
                    })
                    .collect()
            })
            .collect();
        Digraph { arcs }
    }
}

/// The digraph of the everyday benchmarks and its 500 seeded queries.
pub fn digraph_queries() -> (Digraph, Vec<(usize, usize)>) {
    let graph = Digraph::random(3000, 4, 31);
    let mut rng = Rng(5);
    let queries = (0..500)
        .map(|_| (rng.below(3000) as usize, rng.below(3000) as usize))
        .collect();
    (graph, queries)
}

/// One query: hashed where `numbered` is false (the user wrote no numbering).
pub struct Route<'g> {
    pub graph: &'g Digraph,
    pub from: usize,
    pub to: usize,
    pub numbered: bool,
}

impl SearchProblem for Route<'_> {
    type State = usize;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = usize> {
        [self.from]
    }

    fn is_goal(&self, state: &usize) -> bool {
        *state == self.to
    }

    fn successors(&self, state: &usize) -> impl IntoIterator<Item = (usize, u32)> {
        self.graph.arcs[*state].iter().copied()
    }

    fn index_bound(&self) -> Option<usize> {
        self.numbered.then_some(self.graph.arcs.len())
    }

    fn index(&self, state: &usize) -> usize {
        *state
    }
}

// ---------------------------------------------------------------------------------------------
// Four-peg towers of Hanoi with ten discs: `pegs[d]` is the peg of disc `d` (0 the smallest).
// 4^10 = 1,048,576 states; every move can be undone, so the predecessors are the successors.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Towers(pub [u8; 10]);

impl Towers {
    pub fn all_on(peg: u8) -> Towers {
        Towers([peg; 10])
    }

    pub fn moves(&self) -> impl Iterator<Item = Towers> + use<> {
        // The smallest disc on each peg (10 for an empty peg).
        let mut top = [10usize; 4];
        for disc in (0..10).rev() {
            top[self.0[disc] as usize] = disc;
        }
        let this = *self;
        (0..4usize).flat_map(move |from| {
            (0..4usize).filter_map(move |to| {
                let disc = top[from];
                (disc < top[to]).then(|| {
                    let mut next = this;
                    next.0[disc] = to as u8;
                    next
                })
            })
        })
    }
}

pub struct Hanoi;

impl SearchProblem for Hanoi {
    type State = Towers;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = Towers> {
        [Towers::all_on(0)]
    }

    fn is_goal(&self, state: &Towers) -> bool {
        *state == Towers::all_on(3)
    }

    fn successors(&self, state: &Towers) -> impl IntoIterator<Item = (Towers, u32)> {
        state.moves().map(|next| (next, 1))
    }
}

impl Bidirectional for Hanoi {
    fn goals(&self) -> impl IntoIterator<Item = Towers> {
        [Towers::all_on(3)]
    }

    fn predecessors(&self, state: &Towers) -> impl IntoIterator<Item = (Towers, u32)> {
        self.successors(state)
    }
}

// ---------------------------------------------------------------------------------------------
// A user's own grid: `(usize, usize)` cells, 8-connected without cutting corners, octile costs.

pub struct UserGrid {
    pub width: usize,
    pub height: usize,
    pub free: Vec<bool>,
}

impl UserGrid {
    pub fn from_map(grid: &Grid) -> UserGrid {
        let (width, height) = (grid.width() as usize, grid.height() as usize);
        let mut free = Vec::with_capacity(width * height);
        for y in 0..height {
            for x in 0..width {
                free.push(grid.is_free(Cell::new(x as u32, y as u32)));
            }
        }
        UserGrid {
            width,
            height,
            free,
        }
    }

    pub fn open(&self, x: usize, y: usize) -> bool {
        x < self.width && y < self.height && self.free[y * self.width + x]
    }

    /// The free neighbours of a cell with their step costs.
    pub fn neighbours(
        &self,
        (x, y): (usize, usize),
    ) -> impl Iterator<Item = ((usize, usize), f64)> {
        const STEPS: [(isize, isize); 8] = [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ];
        STEPS.iter().filter_map(move |&(dx, dy)| {
            let nx = x.wrapping_add_signed(dx);
            let ny = y.wrapping_add_signed(dy);
            if !self.open(nx, ny) {
                return None;
            }
            if dx != 0 && dy != 0 {
                // No corner cutting: both orthogonal cells must be free.
                if !self.open(nx, y) || !self.open(x, ny) {
                    return None;
                }
                Some(((nx, ny), std::f64::consts::SQRT_2))
            } else {
                Some(((nx, ny), 1.0))
            }
        })
    }
}

pub fn octile((x, y): (usize, usize), (gx, gy): (usize, usize)) -> f64 {
    let (dx, dy) = (x.abs_diff(gx) as f64, y.abs_diff(gy) as f64);
    dx.max(dy) + (std::f64::consts::SQRT_2 - 1.0) * dx.min(dy)
}

pub struct UserQuery<'g> {
    pub grid: &'g UserGrid,
    pub start: (usize, usize),
    pub goal: (usize, usize),
    pub numbered: bool,
}

impl SearchProblem for UserQuery<'_> {
    type State = (usize, usize);
    type Cost = f64;

    fn starts(&self) -> impl IntoIterator<Item = (usize, usize)> {
        [self.start]
    }

    fn is_goal(&self, state: &(usize, usize)) -> bool {
        *state == self.goal
    }

    fn successors(
        &self,
        state: &(usize, usize),
    ) -> impl IntoIterator<Item = ((usize, usize), f64)> {
        self.grid.neighbours(*state)
    }

    fn index_bound(&self) -> Option<usize> {
        self.numbered.then_some(self.grid.width * self.grid.height)
    }

    fn index(&self, &(x, y): &(usize, usize)) -> usize {
        y * self.grid.width + x
    }
}

pub fn user_point(cell: Cell) -> (usize, usize) {
    (cell.x as usize, cell.y as usize)
}

/// `count` scenarios of a map spread over its whole file, with the map as a user's grid.
pub fn user_map(map: &str, count: usize) -> Option<(UserGrid, Vec<Scenario>)> {
    let (grid, scenarios) = crate::common::movingai(map, count)?;
    Some((UserGrid::from_map(&grid), scenarios))
}

pub fn peer_grid(grid: &UserGrid, start: (usize, usize), goal: (usize, usize)) -> Option<f64> {
    pathfinding::directed::astar::astar(
        &start,
        |&p| grid.neighbours(p).map(|(n, c)| (n, Len(c))),
        |&p| Len(octile(p, goal)),
        |&p| p == goal,
    )
    .map(|(_, cost)| cost.0)
}

// ---------------------------------------------------------------------------------------------
// Packed states: each workload again with its state packed into one `u32`, written as a user who
// cares about speed writes them. A state that is cheap to hash and compare leaves the engine's
// own cost per state (its node table, its open set, its bookkeeping) as what a benchmark shows.

// The pocket cube by coordinates. A turn moves the corners' twists and the corners' places
// independently: the twists after a turn depend only on the twists before, the places only on
// the places. So a cube is two numbers, each with its own move table: the orientation
// coordinate (the twists of the seven corners that move, summing to 0 mod 3: 3^6 = 729 values)
// and the permutation coordinate (their places: 7! = 5,040 values), packed as
// `perm * 729 + orient` (3,674,160 states). The tables come from a breadth-first search over
// each coordinate's own space, from solved, through `Cube::moves` itself, so the packed cube
// turns exactly as `Cube` does; the same searches give each coordinate's distance to solved,
// and the larger of the two is a pattern-database heuristic (admissible and consistent, as
// the maximum of two exact distances in relaxed spaces).

/// The slots whose corners move (slot 6 is fixed).
const MOVING: [usize; 7] = [0, 1, 2, 3, 4, 5, 7];

/// The twists of the moving corners, slot by slot.
fn twists(cube: &Cube) -> [u8; 7] {
    MOVING.map(|slot| cube.0[slot] % 3)
}

/// The corners at the moving slots.
fn places(cube: &Cube) -> [u8; 7] {
    MOVING.map(|slot| cube.0[slot] / 3)
}

/// One coordinate: its values numbered in breadth-first order from solved (solved is 0).
struct Coordinate {
    number: HashMap<[u8; 7], u16>,
    moves: Vec<[u16; 9]>,
    distance: Vec<u8>,
}

impl Coordinate {
    /// Breadth-first over the values `project` takes, turning a cube `embed` builds with that
    /// value (the other coordinate solved).
    fn build(project: fn(&Cube) -> [u8; 7], embed: fn([u8; 7]) -> Cube) -> Coordinate {
        let solved = project(&Cube::SOLVED);
        let mut number = HashMap::from([(solved, 0u16)]);
        let mut values = vec![solved];
        let mut moves = Vec::new();
        let mut distance = vec![0u8];
        let mut next = 0;
        while next < values.len() {
            let value = values[next];
            let mut row = [0u16; 9];
            for (slot, turned) in row.iter_mut().zip(embed(value).moves()) {
                let turned = project(&turned);
                *slot = *number.entry(turned).or_insert_with(|| {
                    values.push(turned);
                    distance.push(distance[next] + 1);
                    (values.len() - 1) as u16
                });
            }
            moves.push(row);
            next += 1;
        }
        Coordinate {
            number,
            moves,
            distance,
        }
    }
}

/// The pocket cube's two coordinates' move and distance tables.
pub struct PackedCube {
    orient: Coordinate,
    perm: Coordinate,
}

impl PackedCube {
    pub const SOLVED: u32 = 0;
    pub const ORIENTS: u32 = 729;
    pub const PERMS: u32 = 5040;

    pub fn new() -> PackedCube {
        let orient = Coordinate::build(twists, |twists| {
            let mut cube = Cube::SOLVED;
            for (&slot, twist) in MOVING.iter().zip(twists) {
                cube.0[slot] += twist;
            }
            cube
        });
        let perm = Coordinate::build(places, |places| {
            let mut cube = Cube::SOLVED;
            for (&slot, corner) in MOVING.iter().zip(places) {
                cube.0[slot] = corner * 3;
            }
            cube
        });
        assert_eq!(orient.moves.len(), PackedCube::ORIENTS as usize);
        assert_eq!(perm.moves.len(), PackedCube::PERMS as usize);
        PackedCube { orient, perm }
    }

    /// The packed number of a cube.
    pub fn encode(&self, cube: &Cube) -> u32 {
        let orient = self.orient.number[&twists(cube)];
        let perm = self.perm.number[&places(cube)];
        u32::from(perm) * PackedCube::ORIENTS + u32::from(orient)
    }

    /// The nine states one move away, in the order of `Cube::moves`.
    pub fn moves(&self, state: u32) -> [u32; 9] {
        let (perm, orient) = (state / PackedCube::ORIENTS, state % PackedCube::ORIENTS);
        let perms = &self.perm.moves[perm as usize];
        let orients = &self.orient.moves[orient as usize];
        std::array::from_fn(|m| u32::from(perms[m]) * PackedCube::ORIENTS + u32::from(orients[m]))
    }

    /// The larger of the two coordinates' own distances to solved.
    pub fn estimate(&self, state: u32) -> u32 {
        let (perm, orient) = (state / PackedCube::ORIENTS, state % PackedCube::ORIENTS);
        let perm = self.perm.distance[perm as usize];
        let orient = self.orient.distance[orient as usize];
        u32::from(perm.max(orient))
    }

    /// Panics unless the packed moves are `Cube`'s moves under the encoding, at every given
    /// cube, and solved is `SOLVED`.
    pub fn check(&self, cubes: &[Cube]) {
        assert_eq!(self.encode(&Cube::SOLVED), PackedCube::SOLVED);
        for cube in cubes {
            let packed = self.moves(self.encode(cube));
            let turned = cube.moves().map(|c| self.encode(&c));
            assert_eq!(packed, turned, "{cube:?}");
        }
    }
}

pub struct PackedCubeProblem<'t> {
    pub cube: &'t PackedCube,
    pub start: u32,
}

impl SearchProblem for PackedCubeProblem<'_> {
    type State = u32;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = u32> {
        [self.start]
    }

    fn is_goal(&self, state: &u32) -> bool {
        *state == PackedCube::SOLVED
    }

    fn successors(&self, state: &u32) -> impl IntoIterator<Item = (u32, u32)> {
        self.cube.moves(*state).into_iter().map(|next| (next, 1))
    }
}

// Four-peg Hanoi with ten discs, two bits a disc: bits `2d..2d + 2` hold disc `d`'s peg.

/// All ten discs on peg 0, and on peg 3.
pub const TOWERS_START: u32 = 0;
pub const TOWERS_GOAL: u32 = (1 << 20) - 1;

/// Packs towers two bits a disc.
pub fn pack_towers(towers: &Towers) -> u32 {
    (0..10).fold(0, |packed, disc| {
        packed | u32::from(towers.0[disc]) << (2 * disc)
    })
}

/// The states one move away from packed towers, in the order of `Towers::moves`.
pub fn tower_moves(state: u32) -> impl Iterator<Item = u32> {
    // The smallest disc on each peg (10 for an empty peg).
    let mut top = [10u32; 4];
    for disc in (0..10).rev() {
        top[((state >> (2 * disc)) & 3) as usize] = disc;
    }
    (0..4u32).flat_map(move |from| {
        (0..4u32).filter_map(move |to| {
            let disc = top[from as usize];
            (disc < top[to as usize]).then(|| state ^ ((from ^ to) << (2 * disc)))
        })
    })
}

pub struct PackedHanoi;

impl SearchProblem for PackedHanoi {
    type State = u32;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = u32> {
        [TOWERS_START]
    }

    fn is_goal(&self, state: &u32) -> bool {
        *state == TOWERS_GOAL
    }

    fn successors(&self, state: &u32) -> impl IntoIterator<Item = (u32, u32)> {
        tower_moves(*state).map(|next| (next, 1))
    }
}

impl Bidirectional for PackedHanoi {
    fn goals(&self) -> impl IntoIterator<Item = u32> {
        [TOWERS_GOAL]
    }

    fn predecessors(&self, state: &u32) -> impl IntoIterator<Item = (u32, u32)> {
        self.successors(state)
    }
}

// The random digraph with `u32` node numbers and arcs.

pub struct PackedDigraph {
    pub arcs: Vec<Vec<(u32, u32)>>,
}

impl PackedDigraph {
    /// The same graph, numbered in `u32`.
    pub fn from_digraph(graph: &Digraph) -> PackedDigraph {
        let arcs = graph
            .arcs
            .iter()
            .map(|out| out.iter().map(|&(to, cost)| (to as u32, cost)).collect())
            .collect();
        PackedDigraph { arcs }
    }
}

/// One query: hashed where `dense` is false (no index bound).
pub struct PackedRoute<'g> {
    pub graph: &'g PackedDigraph,
    pub from: u32,
    pub to: u32,
    pub dense: bool,
}

impl SearchProblem for PackedRoute<'_> {
    type State = u32;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = u32> {
        [self.from]
    }

    fn is_goal(&self, state: &u32) -> bool {
        *state == self.to
    }

    fn successors(&self, state: &u32) -> impl IntoIterator<Item = (u32, u32)> {
        self.graph.arcs[*state as usize].iter().copied()
    }

    fn index_bound(&self) -> Option<usize> {
        self.dense.then_some(self.graph.arcs.len())
    }

    fn index(&self, state: &u32) -> usize {
        *state as usize
    }
}

// ---------------------------------------------------------------------------------------------
// Each workload's search on each side, written once: the `everyday` bench times these calls and
// the `instructions` binary counts their instructions, so the two cannot drift apart. Each is
// `#[inline]`, as the closures it replaces were, so that a caller's code stays as it was.

/// `informed`'s A* on one scramble: its optimal number of turns.
#[inline]
pub fn informed_cube(start: Cube) -> u32 {
    informed::astar(&CubeProblem { start }, Cube::estimate)
        .unwrap()
        .cost()
}

/// `pathfinding`'s A* on one scramble: its optimal number of turns.
#[inline]
pub fn peer_cube(start: Cube) -> u32 {
    pathfinding::directed::astar::astar(
        &start,
        |c| c.moves().map(|n| (n, 1u32)),
        Cube::estimate,
        |c| *c == Cube::SOLVED,
    )
    .unwrap()
    .1
}

/// `informed`'s A* on one packed scramble: its optimal number of turns.
#[inline]
pub fn informed_packed_cube(cube: &PackedCube, start: u32) -> u32 {
    let problem = PackedCubeProblem { cube, start };
    informed::astar(&problem, |&s: &u32| cube.estimate(s))
        .unwrap()
        .cost()
}

/// `pathfinding`'s A* on one packed scramble: its optimal number of turns.
#[inline]
pub fn peer_packed_cube(cube: &PackedCube, start: u32) -> u32 {
    pathfinding::directed::astar::astar(
        &start,
        |&s| cube.moves(s).map(|n| (n, 1u32)),
        |&s| cube.estimate(s),
        |&s| s == PackedCube::SOLVED,
    )
    .unwrap()
    .1
}

/// The states `informed::reachable` yields from `problem`'s start, each checked to be no error.
#[inline]
pub fn informed_reachable_count<P: SearchProblem>(problem: &P) -> usize {
    informed::reachable(problem, None)
        .inspect(|item| assert!(item.is_ok()))
        .count()
}

/// The cube's states, as `pathfinding`'s breadth-first flood from solved reaches them.
#[inline]
pub fn peer_cube_flood() -> usize {
    pathfinding::directed::bfs::bfs_reach(Cube::SOLVED, |c| c.moves()).count()
}

/// The packed cube's states, as `pathfinding`'s breadth-first flood from solved reaches them.
#[inline]
pub fn peer_packed_cube_flood(cube: &PackedCube) -> usize {
    pathfinding::directed::bfs::bfs_reach(PackedCube::SOLVED, |&s| cube.moves(s)).count()
}

/// `informed`'s Dijkstra on one digraph query: the cost, `None` for no route.
#[inline]
pub fn informed_route(graph: &Digraph, from: usize, to: usize, numbered: bool) -> Option<u32> {
    let route = Route {
        graph,
        from,
        to,
        numbered,
    };
    informed::dijkstra(&route).ok().map(|s| s.cost())
}

/// `pathfinding`'s Dijkstra on one digraph query: the cost, `None` for no route.
#[inline]
pub fn peer_route(graph: &Digraph, from: usize, to: usize) -> Option<u32> {
    pathfinding::directed::dijkstra::dijkstra(
        &from,
        |&n| graph.arcs[n].iter().copied(),
        |&n| n == to,
    )
    .map(|(_, cost)| cost)
}

/// `informed`'s Dijkstra on one packed digraph query: the cost, `None` for no route.
#[inline]
pub fn informed_packed_route(
    graph: &PackedDigraph,
    from: u32,
    to: u32,
    dense: bool,
) -> Option<u32> {
    let route = PackedRoute {
        graph,
        from,
        to,
        dense,
    };
    informed::dijkstra(&route).ok().map(|s| s.cost())
}

/// `pathfinding`'s Dijkstra on one packed digraph query: the cost, `None` for no route.
#[inline]
pub fn peer_packed_route(graph: &PackedDigraph, from: u32, to: u32) -> Option<u32> {
    pathfinding::directed::dijkstra::dijkstra(
        &from,
        |&n| graph.arcs[n as usize].iter().copied(),
        |&n| n == to,
    )
    .map(|(_, cost)| cost)
}

/// The moves of `informed`'s breadth-first solution of `problem`.
#[inline]
pub fn informed_bfs_steps<P>(problem: &P) -> usize
where
    P: SearchProblem,
    P::State: std::fmt::Debug,
    P::Cost: std::fmt::Debug,
{
    informed::bfs(problem).unwrap().steps()
}

/// The moves of `informed`'s bidirectional breadth-first solution of `problem`.
#[inline]
pub fn informed_bidirectional_steps<P>(problem: &P) -> usize
where
    P: Bidirectional,
    P::State: std::fmt::Debug,
    P::Cost: std::fmt::Debug,
{
    informed::bidirectional_bfs(problem).unwrap().steps()
}

/// The moves of `pathfinding`'s breadth-first path from `start` to `goal`.
#[inline]
pub fn peer_bfs_steps<S, I>(start: &S, goal: &S, moves: impl FnMut(&S) -> I) -> usize
where
    S: Eq + std::hash::Hash + Clone,
    I: IntoIterator<Item = S>,
{
    pathfinding::directed::bfs::bfs(start, moves, |s| s == goal)
        .unwrap()
        .len()
        - 1
}

/// The moves of `pathfinding`'s bidirectional breadth-first path from `start` to `goal`, on
/// moves that can each be undone (so they serve as their own predecessors).
#[inline]
pub fn peer_bidirectional_steps<S, I>(start: &S, goal: &S, moves: impl Fn(&S) -> I + Copy) -> usize
where
    S: Eq + std::hash::Hash + Clone,
    I: IntoIterator<Item = S>,
{
    pathfinding::directed::bfs::bfs_bidirectional(start, goal, moves, moves)
        .unwrap()
        .len()
        - 1
}

/// `informed`'s A* on a user's grid from `start` to `goal`: the cost, `None` for no path.
#[inline]
pub fn informed_user_grid(
    grid: &UserGrid,
    start: (usize, usize),
    goal: (usize, usize),
    numbered: bool,
) -> Option<f64> {
    let query = UserQuery {
        grid,
        start,
        goal,
        numbered,
    };
    informed::astar(&query, |&p: &(usize, usize)| octile(p, goal))
        .ok()
        .map(|s| s.cost())
}

/// A scenario's start and goal as a user's grid names them.
pub fn user_ends(scenario: &Scenario) -> ((usize, usize), (usize, usize)) {
    (user_point(scenario.start()), user_point(scenario.goal()))
}

/// [`informed_user_grid`] through a searcher reused from one query to the next, as a game
/// asks its many short queries.
pub fn searcher_user_grid(
    searcher: &mut Searcher<(usize, usize), f64>,
    grid: &UserGrid,
    start: (usize, usize),
    goal: (usize, usize),
    numbered: bool,
) -> Option<f64> {
    let query = UserQuery {
        grid,
        start,
        goal,
        numbered,
    };
    let found = searcher.astar(&query, |&p: &(usize, usize)| octile(p, goal));
    found.ok().map(|s| s.cost())
}

// ---------------------------------------------------------------------------------------------
// The pocket cube again, as a user who numbers its states writes it: the same `Cube` states and
// moves, with `index_bound` and `index`, so that the default node table is the dense one. A
// number is the rank of the seven moving corners' places (7! = 5,040) times 729, plus the
// twists of the first six of them in base 3 (the seventh twist follows from the six, the twists
// summing to 0 mod 3): exactly the 3,674,160 reachable states, each its own number.

/// The number of pocket-cube states reachable from solved.
pub const CUBE_STATES: usize = 3_674_160;

/// `cube`'s number, below [`CUBE_STATES`].
#[inline]
pub fn cube_number(cube: &Cube) -> usize {
    // Corner 6 never leaves slot 6, so the places are 0..8 without 6: 7 stands in for it.
    let places = places(cube).map(|corner| if corner == 7 { 6 } else { corner });
    let mut rank = 0;
    for (i, &place) in places.iter().enumerate() {
        let smaller = places[i + 1..].iter().filter(|&&p| p < place).count();
        rank = rank * (7 - i) + smaller;
    }
    let orient = twists(cube)[..6]
        .iter()
        .rev()
        .fold(0, |orient, &twist| orient * 3 + usize::from(twist));
    rank * 729 + orient
}

pub struct NumberedCubeProblem {
    pub start: Cube,
}

impl SearchProblem for NumberedCubeProblem {
    type State = Cube;
    type Cost = u32;

    fn starts(&self) -> impl IntoIterator<Item = Cube> {
        [self.start]
    }

    fn is_goal(&self, state: &Cube) -> bool {
        *state == Cube::SOLVED
    }

    fn successors(&self, state: &Cube) -> impl IntoIterator<Item = (Cube, u32)> {
        state.moves().into_iter().map(|next| (next, 1))
    }

    fn index_bound(&self) -> Option<usize> {
        Some(CUBE_STATES)
    }

    fn index(&self, state: &Cube) -> usize {
        cube_number(state)
    }
}

/// `informed`'s A* on one scramble, numbered: its optimal number of turns.
#[inline]
pub fn informed_numbered_cube(start: Cube) -> u32 {
    informed::astar(&NumberedCubeProblem { start }, Cube::estimate)
        .unwrap()
        .cost()
}

/// A problem without a goal: `problem`'s states, moves and numbering, for a breadth-first search
/// that floods the whole space before it reports that no goal was found.
pub struct NoGoal<P>(pub P);

impl<P: SearchProblem> SearchProblem for NoGoal<P> {
    type State = P::State;
    type Cost = P::Cost;

    fn starts(&self) -> impl IntoIterator<Item = P::State> {
        self.0.starts()
    }

    fn is_goal(&self, _: &P::State) -> bool {
        false
    }

    #[inline]
    fn successors(&self, state: &P::State) -> impl IntoIterator<Item = (P::State, P::Cost)> {
        self.0.successors(state)
    }

    fn index_bound(&self) -> Option<usize> {
        self.0.index_bound()
    }

    #[inline]
    fn index(&self, state: &P::State) -> usize {
        self.0.index(state)
    }
}

/// The states `informed::bfs` expands on `problem` before it reports that no goal is reachable.
#[inline]
pub fn informed_bfs_flood<P: SearchProblem>(problem: &P) -> usize {
    match informed::bfs(&NoGoal(problem)) {
        Err(informed::SearchError::NoPath { stats, .. }) => stats.expanded as usize,
        _ => panic!("a search without a goal ends with NoPath"),
    }
}

/// The cube's states, as `pathfinding`'s `bfs` with a goal never met floods them: it reports no
/// count, so this gives [`CUBE_STATES`] once it has found no path.
#[inline]
pub fn peer_cube_bfs_flood() -> usize {
    let found = pathfinding::directed::bfs::bfs(&Cube::SOLVED, |c| c.moves(), |_| false);
    assert!(found.is_none());
    CUBE_STATES
}

/// The short queries of the everyday bench: the 2,000 shortest scenarios of the 1024² Moving AI
/// map sc1/Cauldron (its first buckets, a unit's next few dozen cells), with the map as a user's
/// grid; `None` where the Moving AI data is absent.
pub fn cauldron_short_queries() -> Option<(UserGrid, Vec<Scenario>)> {
    let data = crate::common::shared_data("movingai")?;
    let map = "sc1/Cauldron";
    let grid = Grid::load_map(data.join(format!("movingai/{map}.map"))).expect("map file");
    let mut scenarios =
        Scenario::load_all(data.join(format!("movingai/{map}.map.scen"))).expect("scenarios");
    scenarios.sort_by(|a, b| a.optimal().total_cmp(&b.optimal()));
    scenarios.retain(|s| s.optimal() > 0.0);
    scenarios.truncate(2000);
    Some((UserGrid::from_map(&grid), scenarios))
}
