//! The algorithms.

pub(crate) mod anytime;
pub(crate) mod astar;
pub(crate) mod audit;
pub(crate) mod bfs;
pub(crate) mod bidirectional;
pub(crate) mod dijkstra;
pub(crate) mod greedy;
pub(crate) mod local;
pub(crate) mod paths;
pub(crate) mod stepper;
