//! Landmark heuristics (ALT: A*, landmarks and the triangle inequality) for any problem that
//! numbers its states and can be searched backward.

use std::error::Error;
use std::fmt;
use std::io::{Read, Write};

use crate::algo::bfs_reach::bfs_reach;
use crate::algo::reachable::reachable;
use crate::checksum::{Checksummed, read_full};
use crate::cost::Cost;
use crate::error::SearchFailure;
use crate::heuristic::{Heuristic, heuristic_by_reference};
use crate::problem::{Bidirectional, SearchProblem};
use crate::reversed::Reversed;

/// Exact distances from and to a few landmark states, which bound every other distance from
/// below by the triangle inequality: the ALT heuristic (Goldberg & Harrelson, 2005), the
/// standard speed-up of A* on road networks, for any problem that numbers its states
/// ([`SearchProblem::index_bound`]) and names its predecessors ([`Bidirectional`]).
///
/// For a landmark L, a state v and a goal t, the distances d satisfy
/// d(v, t) ≥ d(L, t) − d(L, v) and d(v, t) ≥ d(v, L) − d(t, L); the estimate
/// [`toward`](Self::toward) a goal is the largest of these bounds over the landmarks (and 0).
/// With exact distances it is admissible and consistent, whatever the problem's costs, and
/// it proves a goal unreachable where a landmark reaches one state and not the other.
///
/// Built once per problem, it serves every query on it: each landmark costs a forward and a
/// backward Dijkstra flood when it is built, and its memory is one distance per numbered state
/// in each direction: `2 × count × index_bound × size_of::<C>()` bytes (16 × count bytes a
/// state for `f64` costs), halved when every distance to a landmark equals the distance from it
/// (an undirected graph). [`memory`](Self::memory) says what a set takes.
///
/// # Example
///
/// ```
/// use informed::Landmarks;
/// use informed::graph::Graph;
///
/// // A ring of 12 nodes, each road 1 long.
/// let ring = Graph::undirected(12, (0..12).map(|n| (n, (n + 1) % 12, 1.0)))?;
/// let landmarks = Landmarks::farthest(&ring.problem(0, 0)?, 2)?;
/// assert_eq!(landmarks.len(), 2);
///
/// let problem = ring.problem(3, 8)?;
/// let solution = informed::astar_with(&problem, landmarks.toward(&problem, &8))?;
/// assert_eq!(solution.cost(), 5.0);
/// let dijkstra = informed::dijkstra(&problem)?;
/// assert!(solution.stats().expanded < dijkstra.stats().expanded);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Landmarks<C> {
    /// The landmarks' numbers in the problem's numbering.
    numbers: Vec<usize>,
    /// The numbering's bound when the set was built: states numbered at or above it have no
    /// distances, and are estimated 0.
    bound: usize,
    /// `from[v * count + l]`: the distance from landmark `l` to the state numbered `v`
    /// ([`Cost::UNREACHED`] where none).
    from: Vec<C>,
    /// `to[v * count + l]`: the distance from the state numbered `v` to landmark `l`; empty
    /// where it equals `from` everywhere.
    to: Vec<C>,
}

/// Why a set of [`Landmarks`] could not be built.
#[derive(Debug)]
#[non_exhaustive]
pub enum LandmarkError {
    /// The problem does not number its states ([`SearchProblem::index_bound`] is `None`).
    NoNumbering,
    /// [`Landmarks::farthest`] was given a problem without a start to begin from.
    NoStart,
    /// The distances would not fit in memory.
    TooLarge {
        /// The bytes they would take.
        bytes: u128,
    },
    /// A flood from or to a landmark failed: a negative or NaN step cost, an overflow.
    Search(SearchFailure),
    /// A file to [`load`](Landmarks::load) does not begin with [`LANDMARK_MAGIC`].
    BadMagic,
    /// A file of another format version than [`LANDMARK_FORMAT_VERSION`].
    UnsupportedVersion {
        /// The version the file gives.
        found: u32,
    },
    /// A file whose header cannot be right (a landmark outside the numbering, lengths that
    /// do not add up, a header cut short).
    BadHeader {
        /// What is wrong.
        reason: String,
    },
    /// A file made for another problem or cost type than the one it is loaded for.
    Mismatch {
        /// What differs: `"cost type"` or `"numbering"`.
        field: &'static str,
        /// The file's value.
        file: String,
        /// The value the problem has.
        expected: String,
    },
    /// A file that ends before its distances or checksum do.
    Truncated {
        /// The bytes the part that was cut short should have.
        expected: u64,
        /// The bytes it has.
        found: u64,
    },
    /// A file whose checksum does not match its contents.
    Checksum {
        /// The checksum the file stores.
        stored: u64,
        /// The checksum of what it holds.
        computed: u64,
    },
    /// A file with bytes after its checksum.
    TrailingData,
    /// A file whose distances fail the checks every built set passes (see
    /// [`Landmarks::load`]).
    Implausible {
        /// The check that failed.
        reason: String,
    },
    /// Reading or writing failed.
    Io(std::io::Error),
}

impl From<std::io::Error> for LandmarkError {
    fn from(error: std::io::Error) -> Self {
        LandmarkError::Io(error)
    }
}

/// The first bytes of a landmark file.
pub const LANDMARK_MAGIC: [u8; 8] = *b"INFRMALT";

/// The version of the landmark file format that [`Landmarks::save`] writes and
/// [`Landmarks::load`] reads.
pub const LANDMARK_FORMAT_VERSION: u32 = 1;

/// How many states near the problem's start [`Landmarks::load`] checks the triangle inequality
/// at.
const CHECKED_STATES: usize = 4096;

impl fmt::Display for LandmarkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LandmarkError::NoNumbering => write!(
                f,
                "landmarks need a problem that numbers its states (index_bound is None)"
            ),
            LandmarkError::NoStart => {
                write!(f, "the problem has no start to choose landmarks from")
            }
            LandmarkError::TooLarge { bytes } => write!(
                f,
                "the landmarks' distances would take {bytes} bytes, more than fit in memory"
            ),
            LandmarkError::Search(failure) => {
                write!(f, "a flood from a landmark failed: {failure}")
            }
            LandmarkError::BadMagic => write!(f, "not a landmark file (no INFRMALT at its start)"),
            LandmarkError::UnsupportedVersion { found } => write!(
                f,
                "landmark file format version {found}; this version of the crate reads {LANDMARK_FORMAT_VERSION}"
            ),
            LandmarkError::BadHeader { reason } => write!(f, "bad landmark file header: {reason}"),
            LandmarkError::Mismatch {
                field,
                file,
                expected,
            } => write!(
                f,
                "the landmark file is for {field} {file}, but the problem has {expected}"
            ),
            LandmarkError::Truncated { expected, found } => write!(
                f,
                "the landmark file is cut short: {found} of {expected} bytes"
            ),
            LandmarkError::Checksum { stored, computed } => write!(
                f,
                "the landmark file is corrupt: checksum {computed:#018x}, file says {stored:#018x}"
            ),
            LandmarkError::TrailingData => {
                write!(f, "the landmark file has bytes after its checksum")
            }
            LandmarkError::Implausible { reason } => {
                write!(f, "the landmark file's distances cannot be right: {reason}")
            }
            LandmarkError::Io(error) => write!(f, "landmark file: {error}"),
        }
    }
}

impl Error for LandmarkError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            LandmarkError::Search(failure) => Some(failure),
            LandmarkError::Io(error) => Some(error),
            _ => None,
        }
    }
}

/// `problem` searched from one state (backward through [`Reversed`]); no state is a goal.
struct Flood<'p, P: SearchProblem> {
    problem: &'p P,
    from: P::State,
}

impl<P: SearchProblem> SearchProblem for Flood<'_, P> {
    type State = P::State;
    type Cost = P::Cost;

    fn starts(&self) -> impl IntoIterator<Item = P::State> {
        [self.from.clone()]
    }

    fn is_goal(&self, _: &P::State) -> bool {
        false
    }

    #[inline]
    fn successors(&self, state: &P::State) -> impl IntoIterator<Item = (P::State, P::Cost)> {
        self.problem.successors(state)
    }

    fn index_bound(&self) -> Option<usize> {
        self.problem.index_bound()
    }

    #[inline]
    fn index(&self, state: &P::State) -> usize {
        self.problem.index(state)
    }
}

/// The states a flood reached, each with its distance.
type Reached<F> = Vec<(<F as SearchProblem>::State, <F as SearchProblem>::Cost)>;

/// Every state `flood` reaches, with its distance, in order of distance.
fn flooded<F: SearchProblem>(flood: &F) -> Result<Reached<F>, LandmarkError> {
    reachable(flood, None)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|error| LandmarkError::Search(error.without_states()))
}

/// `len` unreached marks, or an error if they do not fit in memory.
fn unreached<C: Cost>(len: usize) -> Result<Vec<C>, LandmarkError> {
    let mut vec = Vec::new();
    vec.try_reserve_exact(len)
        .map_err(|_| LandmarkError::TooLarge {
            bytes: len as u128 * std::mem::size_of::<C>() as u128,
        })?;
    vec.resize(len, C::UNREACHED);
    Ok(vec)
}

impl<C: Cost> Landmarks<C> {
    /// Up to `count` landmarks spread by farthest-point selection, chosen without knowing the
    /// queries: the first is the state farthest from the problem's first start, and each next
    /// one the state whose distance from the landmarks already chosen is largest (each
    /// distance the smaller of the two directions' sum). Only states the first start reaches
    /// are candidates, so a problem with `count` or fewer of them gets them all.
    ///
    /// # Arguments
    ///
    /// - `problem`: the state space, numbered ([`SearchProblem::index_bound`]) and searchable
    ///   backward ([`Bidirectional`]). Its first start only seeds the choice; its goals are
    ///   ignored.
    /// - `count`: how many landmarks to choose; 16 is the usual choice on road networks.
    ///
    /// # Returns
    ///
    /// The landmarks, with every distance from and to each.
    ///
    /// # Errors
    ///
    /// [`LandmarkError::NoNumbering`] for a problem without a numbering,
    /// [`LandmarkError::NoStart`] without a start, [`LandmarkError::TooLarge`] if the
    /// distances do not fit in memory, [`LandmarkError::Search`] if a flood meets a negative or
    /// NaN step cost or overflows.
    ///
    /// # Complexity
    ///
    /// **O(count × (E + V log V))** time for `count + 1` forward and `count` backward
    /// Dijkstra floods over the V states and E transitions reached, and
    /// **O(count × index_bound)** memory.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::Landmarks;
    /// use informed::graph::Graph;
    ///
    /// // A path 0 - 1 - 2 - 3 - 4: the ends are farthest apart.
    /// let path = Graph::undirected(5, (0..4).map(|n| (n, n + 1, 1.0)))?;
    /// let landmarks = Landmarks::farthest(&path.problem(2, 2)?, 2)?;
    /// assert_eq!(landmarks.numbers(), &[0, 4]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn farthest<P>(problem: &P, count: usize) -> Result<Self, LandmarkError>
    where
        P: Bidirectional<Cost = C>,
    {
        let bound = problem.index_bound().ok_or(LandmarkError::NoNumbering)?;
        let seed = problem
            .starts()
            .into_iter()
            .next()
            .ok_or(LandmarkError::NoStart)?;
        let reached = flooded(&Flood {
            problem,
            from: seed,
        })?;
        // The distance of each candidate from the landmarks chosen so far, by its place in
        // `reached`; first the distance from the seed.
        let mut nearest: Vec<C> = reached.iter().map(|&(_, cost)| cost).collect();
        let mut chosen: Vec<usize> = Vec::new();
        let mut landmarks = Landmarks::empty(bound);
        while landmarks.numbers.len() < count.min(reached.len()) {
            // The farthest candidate not chosen yet, the first of equals in the flood's order.
            let mut farthest: Option<usize> = None;
            for (place, &distance) in nearest.iter().enumerate() {
                if chosen.contains(&place) {
                    continue;
                }
                if farthest.is_none_or(|best| distance.order(nearest[best]).is_gt()) {
                    farthest = Some(place);
                }
            }
            let Some(place) = farthest else { break };
            chosen.push(place);
            let first = chosen.len() == 1;
            let landmark = landmarks.add(problem, reached[place].0.clone())?;
            for (place, (state, _)) in reached.iter().enumerate() {
                let (from, to) = landmark.distances(problem.index(state));
                let both = from.saturating_sum(to);
                // The seed is no landmark: its distances give way to the first one's.
                if first || both.order(nearest[place]).is_lt() {
                    nearest[place] = both;
                }
            }
        }
        landmarks.finish()
    }
}

impl<C: Cost> Landmarks<C> {
    /// Landmarks at the given states, in that order: a choice of your own (the corners of a
    /// map, the ends of a network), instead of [`farthest`](Self::farthest)'s.
    ///
    /// # Arguments
    ///
    /// - `problem`: the state space, numbered and searchable backward; its starts and goals
    ///   are ignored.
    /// - `states`: the landmarks.
    ///
    /// # Returns
    ///
    /// The landmarks, with every distance from and to each.
    ///
    /// # Errors
    ///
    /// As for [`farthest`](Self::farthest), except that no start is needed.
    ///
    /// # Complexity
    ///
    /// One forward and one backward Dijkstra flood per landmark: **O(count × (E + V log V))**
    /// time, **O(count × index_bound)** memory.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::Landmarks;
    /// use informed::graph::Graph;
    ///
    /// // One-way roads 0 → 1 → 2: node 2 reaches nothing, and nothing reaches node 0.
    /// let line = Graph::directed(3, [(0, 1, 1.0), (1, 2, 1.0)])?;
    /// let landmarks = Landmarks::at(&line.problem(0, 2)?, [1])?;
    /// let problem = line.problem(2, 0)?;
    /// // Landmark 1 reaches 2 but not 0, so nothing leads from 2 to 0: the estimate says so.
    /// assert_eq!(informed::Heuristic::estimate(&landmarks.toward(&problem, &0), &2), f64::INFINITY);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn at<P>(
        problem: &P,
        states: impl IntoIterator<Item = P::State>,
    ) -> Result<Self, LandmarkError>
    where
        P: Bidirectional<Cost = C>,
    {
        let bound = problem.index_bound().ok_or(LandmarkError::NoNumbering)?;
        let mut landmarks = Landmarks::empty(bound);
        for state in states {
            landmarks.add(problem, state)?;
        }
        landmarks.finish()
    }

    fn empty(bound: usize) -> Self {
        Landmarks {
            numbers: Vec::new(),
            bound,
            from: Vec::new(),
            to: Vec::new(),
        }
    }

    /// Adds `state` as a landmark, with its floods: returns its distances, to be interleaved
    /// with the others' by [`finish`](Self::finish). Until then, `from` and `to` hold each
    /// landmark's distances one after the other.
    fn add<P>(&mut self, problem: &P, state: P::State) -> Result<Added<'_, C>, LandmarkError>
    where
        P: Bidirectional<Cost = C>,
    {
        let bound = self.bound;
        let at = self.from.len();
        for (table, backward) in [(&mut self.from, false), (&mut self.to, true)] {
            let mut row = unreached::<C>(bound)?;
            let reached = if backward {
                flooded(&Flood {
                    problem: &Reversed::new(problem),
                    from: state.clone(),
                })?
            } else {
                flooded(&Flood {
                    problem,
                    from: state.clone(),
                })?
            };
            for (reached, cost) in reached {
                row[problem.index(&reached)] = cost;
            }
            table
                .try_reserve_exact(bound)
                .map_err(|_| too_large::<C>(bound, self.numbers.len() + 1))?;
            table.extend(row);
        }
        self.numbers.push(problem.index(&state));
        Ok(Added {
            from: &self.from[at..],
            to: &self.to[at..],
        })
    }

    /// Interleaves the landmarks' distances by state, and drops the distances to them where
    /// they equal the distances from them.
    fn finish(mut self) -> Result<Self, LandmarkError> {
        let count = self.numbers.len();
        let interleave = |rows: &[C]| -> Result<Vec<C>, LandmarkError> {
            let mut by_state = unreached::<C>(rows.len())?;
            for (l, row) in rows.chunks(self.bound.max(1)).enumerate() {
                for (v, &distance) in row.iter().enumerate() {
                    by_state[v * count + l] = distance;
                }
            }
            Ok(by_state)
        };
        let from = interleave(&self.from)?;
        let symmetric = self.from.iter().zip(&self.to).all(|(a, b)| a == b);
        let to = if symmetric {
            Vec::new()
        } else {
            interleave(&self.to)?
        };
        self.from = from;
        self.to = to;
        Ok(self)
    }

    /// The landmarks' numbers in the problem's numbering ([`SearchProblem::index`]), in the
    /// order they were chosen.
    pub fn numbers(&self) -> &[usize] {
        &self.numbers
    }

    /// The number of landmarks.
    pub fn len(&self) -> usize {
        self.numbers.len()
    }

    /// Whether there are no landmarks (every estimate is then 0).
    pub fn is_empty(&self) -> bool {
        self.numbers.is_empty()
    }

    /// The bytes the distances take: `count × index_bound × size_of::<C>()`, twice that where
    /// the distances to the landmarks differ from the distances from them.
    pub fn memory(&self) -> usize {
        (self.from.len() + self.to.len()) * std::mem::size_of::<C>()
    }

    /// The heuristic toward `goal`: a lower bound on the cost from each state to `goal`, for
    /// [`astar_with`](crate::astar_with) and every other search that takes a heuristic, on
    /// `problem` or any problem with the same states, numbering and costs (a query of the same
    /// graph).
    ///
    /// A state numbered at or above the bound the landmarks were built with (or a goal that
    /// is) is estimated 0.
    pub fn toward<'a, P>(&'a self, problem: &'a P, goal: &P::State) -> LandmarkEstimate<'a, P>
    where
        P: SearchProblem<Cost = C>,
    {
        LandmarkEstimate {
            landmarks: self,
            problem,
            anchor: problem.index(goal),
            backward: false,
        }
    }

    /// The heuristic from `start`: a lower bound on the cost from `start` to each state, the
    /// estimate a backward search toward `start` needs (a bidirectional search's second
    /// heuristic).
    pub fn from_start<'a, P>(&'a self, problem: &'a P, start: &P::State) -> LandmarkEstimate<'a, P>
    where
        P: SearchProblem<Cost = C>,
    {
        LandmarkEstimate {
            landmarks: self,
            problem,
            anchor: problem.index(start),
            backward: true,
        }
    }

    /// The distances of the state numbered `index` from and to each landmark, or `None` above
    /// the bound.
    #[inline]
    fn rows(&self, index: usize) -> Option<(&[C], &[C])> {
        let count = self.numbers.len();
        let start = index.checked_mul(count)?;
        let range = start..start.checked_add(count)?;
        let from = self.from.get(range.clone())?;
        let to = if self.to.is_empty() {
            from
        } else {
            &self.to[range]
        };
        Some((from, to))
    }
}

impl<C: Cost> Landmarks<C> {
    /// Writes the landmarks to `out`, to be [`load`](Self::load)ed instead of built again.
    ///
    /// # The file format (version 1)
    ///
    /// All numbers little-endian.
    ///
    /// | bytes | field |
    /// |---|---|
    /// | 8 | magic, [`LANDMARK_MAGIC`] (`INFRMALT`) |
    /// | 4 | format version, [`LANDMARK_FORMAT_VERSION`] (1) |
    /// | 1 + n | the cost type's name (`f64`, `u32`, …): its length n, then its bytes |
    /// | 8 | the numbering's bound B |
    /// | 4 | the number of landmarks K |
    /// | 1 | 1 where one direction is stored (the distances to each landmark equal those from it), else 0 |
    /// | 8 × K | the landmarks' numbers |
    /// | B × K × the cost's size, once or twice | the distances from the landmarks, then (unless one direction is stored) to them: for each number, for each landmark; the cost type's greatest value (infinity for floats) where no path leads |
    /// | 8 | checksum of every byte before it, as the pattern databases' ([`AdditivePdb::save`](crate::puzzle::AdditivePdb::save)) |
    ///
    /// # Errors
    ///
    /// [`LandmarkError::Io`] if writing fails.
    ///
    /// # Example
    ///
    /// ```
    /// use informed::Landmarks;
    /// use informed::graph::Graph;
    ///
    /// let ring = Graph::undirected(8, (0..8).map(|n| (n, (n + 1) % 8, 1.0)))?;
    /// let problem = ring.problem(0, 4)?;
    /// let landmarks = Landmarks::farthest(&problem, 2)?;
    /// let mut file = Vec::new();
    /// landmarks.save(&mut file)?;
    /// assert_eq!(Landmarks::load(&problem, &mut file.as_slice())?, landmarks);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn save<W: Write>(&self, out: &mut W) -> Result<(), LandmarkError> {
        let mut out = Checksummed::new(out);
        let name = std::any::type_name::<C>();
        out.write_all(&LANDMARK_MAGIC)?;
        out.write_all(&LANDMARK_FORMAT_VERSION.to_le_bytes())?;
        out.write_all(&[name.len() as u8])?;
        out.write_all(name.as_bytes())?;
        out.write_all(&(self.bound as u64).to_le_bytes())?;
        out.write_all(&(self.numbers.len() as u32).to_le_bytes())?;
        out.write_all(&[u8::from(self.to.is_empty())])?;
        for &number in &self.numbers {
            out.write_all(&(number as u64).to_le_bytes())?;
        }
        let mut bytes = Vec::new();
        for chunk in self.from.chunks(4096).chain(self.to.chunks(4096)) {
            bytes.clear();
            for &distance in chunk {
                distance.write_le(&mut bytes);
            }
            out.write_all(&bytes)?;
        }
        let sum = out.finish();
        out.inner.write_all(&sum.to_le_bytes())?;
        out.inner.flush()?;
        Ok(())
    }

    /// Reads landmarks that [`save`](Self::save) wrote, for `problem` (whose numbering's
    /// bound and cost type the file must have).
    ///
    /// Memory grows with the bytes actually read: the distances are read in pieces, so a
    /// short or lying file costs no more than its own length, whatever its header says.
    ///
    /// # What a loaded file is trusted for
    ///
    /// The checksum catches accidents (a bad disk, a copy cut short), not edits. So the
    /// distances are also checked for what every built set has: none is NaN or below zero,
    /// each landmark is at distance 0 from itself both ways, and on the edges among the first
    /// 4,096 states a breadth-first walk from the problem's first start meets, the triangle
    /// inequality holds for every landmark (the distance from it grows by at most the edge's
    /// cost, the distance to it falls by at most that). A distance raised by accident near the
    /// start is refused; one edited with care elsewhere can pass, and a distance set too high
    /// makes the estimate inadmissible. Load files that you or this crate wrote.
    ///
    /// # Errors
    ///
    /// [`LandmarkError::NoNumbering`] for a problem without a numbering;
    /// [`BadMagic`](LandmarkError::BadMagic),
    /// [`UnsupportedVersion`](LandmarkError::UnsupportedVersion),
    /// [`BadHeader`](LandmarkError::BadHeader) for a malformed header;
    /// [`Mismatch`](LandmarkError::Mismatch) for another cost type or numbering;
    /// [`Truncated`](LandmarkError::Truncated), [`TrailingData`](LandmarkError::TrailingData),
    /// [`Checksum`](LandmarkError::Checksum) for a file cut short, too long or corrupt;
    /// [`Implausible`](LandmarkError::Implausible) for distances that fail the checks above;
    /// [`Io`](LandmarkError::Io) if reading fails.
    pub fn load<P, R>(problem: &P, input: &mut R) -> Result<Self, LandmarkError>
    where
        P: SearchProblem<Cost = C>,
        R: Read,
    {
        let bound = problem.index_bound().ok_or(LandmarkError::NoNumbering)?;
        let mut input = Checksummed::new(input);
        let bad = |reason: String| LandmarkError::BadHeader { reason };
        if header::<8, _>(&mut input)? != LANDMARK_MAGIC {
            return Err(LandmarkError::BadMagic);
        }
        let version = u32::from_le_bytes(header(&mut input)?);
        if version != LANDMARK_FORMAT_VERSION {
            return Err(LandmarkError::UnsupportedVersion { found: version });
        }
        let [length] = header(&mut input)?;
        let mut name = vec![0; usize::from(length)];
        fill(&mut input, &mut name)?;
        let expected = std::any::type_name::<C>();
        if name != expected.as_bytes() {
            return Err(LandmarkError::Mismatch {
                field: "cost type",
                file: String::from_utf8_lossy(&name).into_owned(),
                expected: expected.to_owned(),
            });
        }
        let file_bound = u64::from_le_bytes(header(&mut input)?);
        if file_bound != bound as u64 {
            return Err(LandmarkError::Mismatch {
                field: "numbering",
                file: format!("below {file_bound}"),
                expected: format!("below {bound}"),
            });
        }
        let count = u32::from_le_bytes(header(&mut input)?) as usize;
        if count > bound {
            return Err(bad(format!(
                "{count} landmarks in a numbering of {bound} states"
            )));
        }
        let [one_way] = header(&mut input)?;
        if one_way > 1 {
            return Err(bad(format!("direction flag {one_way}, not 0 or 1")));
        }
        let mut numbers = Vec::new();
        for k in 0..count {
            let number = u64::from_le_bytes(header(&mut input)?);
            if number >= bound as u64 {
                return Err(bad(format!(
                    "landmark {k} is number {number}, outside the numbering below {bound}"
                )));
            }
            numbers.push(number as usize);
        }
        let mut sorted = numbers.clone();
        sorted.sort_unstable();
        if let Some(twice) = sorted.windows(2).find(|pair| pair[0] == pair[1]) {
            return Err(bad(format!("landmark number {} is there twice", twice[0])));
        }
        let size = std::mem::size_of::<C>() as u64;
        let directions = if one_way == 1 { 1 } else { 2 };
        let expected = (bound as u64)
            .checked_mul(count as u64)
            .and_then(|n| n.checked_mul(size * directions))
            .ok_or_else(|| bad(format!("{count} landmarks of {bound} distances overflow")))?;
        let mut bytes = Vec::new();
        // Grows with what the file holds, whatever the header says.
        let found = (&mut input).take(expected).read_to_end(&mut bytes)? as u64;
        if found != expected {
            return Err(LandmarkError::Truncated { expected, found });
        }
        let computed = input.finish();
        let mut stored = [0u8; 8];
        let found = read_full(input.inner, &mut stored)?;
        if found < 8 {
            return Err(LandmarkError::Truncated {
                expected: 8,
                found: found as u64,
            });
        }
        let stored = u64::from_le_bytes(stored);
        if stored != computed {
            return Err(LandmarkError::Checksum { stored, computed });
        }
        if read_full(input.inner, &mut [0u8; 1])? != 0 {
            return Err(LandmarkError::TrailingData);
        }
        let mut distances = bytes.chunks_exact(size as usize).map(C::read_le);
        let half = bound * count;
        let from: Vec<C> = distances.by_ref().take(half).collect();
        let to: Vec<C> = distances.collect();
        let landmarks = Landmarks {
            numbers,
            bound,
            from,
            to,
        };
        landmarks.check_plausible(problem)?;
        Ok(landmarks)
    }

    /// The checks of [`load`](Self::load): no distance NaN or below zero, each landmark at 0
    /// from itself, and the triangle inequality on the edges near the problem's first start.
    fn check_plausible<P: SearchProblem<Cost = C>>(
        &self,
        problem: &P,
    ) -> Result<(), LandmarkError> {
        let implausible = |reason: String| Err(LandmarkError::Implausible { reason });
        if let Some(bad) = self
            .from
            .iter()
            .chain(&self.to)
            .find(|d| d.is_nan() || d.is_below_zero())
        {
            return implausible(format!("a distance of {bad}"));
        }
        for (l, &number) in self.numbers.iter().enumerate() {
            if let Some((from, to)) = self.rows(number) {
                if from[l] != C::ZERO || to[l] != C::ZERO {
                    return implausible(format!(
                        "landmark {l} (number {number}) is not at distance 0 from itself"
                    ));
                }
            }
        }
        let Some(start) = problem.starts().into_iter().next() else {
            return Ok(());
        };
        let walk = Flood {
            problem,
            from: start,
        };
        for (state, _) in bfs_reach(&walk).take(CHECKED_STATES) {
            let Some((from, to)) = self.rows(problem.index(&state)) else {
                continue;
            };
            for (next, cost) in problem.successors(&state) {
                let Some((next_from, next_to)) = self.rows(problem.index(&next)) else {
                    continue;
                };
                for l in 0..self.numbers.len() {
                    // d(L, next) ≤ d(L, state) + cost, and d(state, L) ≤ cost + d(next, L),
                    // where the right sides are reached.
                    let raised_from = from[l] != C::UNREACHED
                        && from[l]
                            .checked_sum(cost)
                            .is_some_and(|sum| next_from[l].order(sum).is_gt());
                    let raised_to = next_to[l] != C::UNREACHED
                        && next_to[l]
                            .checked_sum(cost)
                            .is_some_and(|sum| to[l].order(sum).is_gt());
                    if raised_from || raised_to {
                        return implausible(format!(
                            "landmark {l}: the distances of numbers {} and {} break the triangle inequality along their edge of cost {cost}",
                            problem.index(&state),
                            problem.index(&next)
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

/// `N` bytes of a header, or the error of a header cut short.
fn header<const N: usize, R: Read>(input: &mut Checksummed<R>) -> Result<[u8; N], LandmarkError> {
    let mut bytes = [0u8; N];
    fill(input, &mut bytes)?;
    Ok(bytes)
}

/// Fills `buf` from a header, or reports it cut short.
fn fill<R: Read>(input: &mut Checksummed<R>, buf: &mut [u8]) -> Result<(), LandmarkError> {
    if read_full(input, buf)? < buf.len() {
        return Err(LandmarkError::BadHeader {
            reason: "the file ends inside its header".into(),
        });
    }
    Ok(())
}

fn too_large<C>(bound: usize, count: usize) -> LandmarkError {
    LandmarkError::TooLarge {
        bytes: 2 * bound as u128 * count as u128 * std::mem::size_of::<C>() as u128,
    }
}

/// The distances of a landmark just added, one per number.
struct Added<'a, C> {
    from: &'a [C],
    to: &'a [C],
}

impl<C: Cost> Added<'_, C> {
    fn distances(&self, index: usize) -> (C, C) {
        (
            self.from.get(index).copied().unwrap_or(C::UNREACHED),
            self.to.get(index).copied().unwrap_or(C::UNREACHED),
        )
    }
}

/// The [`Landmarks`] heuristic toward one goal ([`Landmarks::toward`]), or from one start
/// ([`Landmarks::from_start`]).
///
/// An estimate takes two distances per landmark for the state, and is **O(count)**.
#[derive(Debug)]
pub struct LandmarkEstimate<'a, P: SearchProblem> {
    landmarks: &'a Landmarks<P::Cost>,
    problem: &'a P,
    /// The number of the goal (or, backward, of the start).
    anchor: usize,
    backward: bool,
}

impl<P: SearchProblem> Clone for LandmarkEstimate<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: SearchProblem> Copy for LandmarkEstimate<'_, P> {}

/// `a − b` floored at 0, where neither is unknown; an integer distance that is unreached
/// proves nothing it can express (an integer has no infinity), a float's is infinite and
/// proves a state unreachable.
#[inline(always)]
fn bound_by<C: Cost>(a: C, b: C) -> C {
    if C::EXACT && (a == C::UNREACHED || b == C::UNREACHED) {
        C::ZERO
    } else {
        a.excess(b)
    }
}

impl<P: SearchProblem> Heuristic<P::State, P::Cost> for LandmarkEstimate<'_, P> {
    #[inline]
    fn estimate(&self, state: &P::State) -> P::Cost {
        let landmarks = self.landmarks;
        let (Some((anchor_from, anchor_to)), Some((from, to))) = (
            landmarks.rows(self.anchor),
            landmarks.rows(self.problem.index(state)),
        ) else {
            return P::Cost::ZERO;
        };
        let mut best = P::Cost::ZERO;
        for l in 0..from.len() {
            // Toward t: d(v, t) ≥ d(L, t) − d(L, v) and ≥ d(v, L) − d(t, L). From s, the
            // mirror image: d(s, v) ≥ d(L, v) − d(L, s) and ≥ d(s, L) − d(v, L).
            let (first, second) = if self.backward {
                (
                    bound_by(from[l], anchor_from[l]),
                    bound_by(anchor_to[l], to[l]),
                )
            } else {
                (
                    bound_by(anchor_from[l], from[l]),
                    bound_by(to[l], anchor_to[l]),
                )
            };
            for candidate in [first, second] {
                if candidate.order(best).is_gt() {
                    best = candidate;
                }
            }
        }
        best
    }
}

heuristic_by_reference!(['a, P: SearchProblem,] LandmarkEstimate<'a, P>);
