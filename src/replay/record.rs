//! The record of a search of any state space: what a [`StateRecorder`](super::StateRecorder)
//! keeps of each event, and what its pictures and the order it learns are read from.
//!
//! It sits under both the recorder, which writes it, and the picture, which reads it, so that
//! neither has to import the other's module to share it.

/// No parent (a start state), in a `u32` field.
pub(crate) const NONE: u32 = u32::MAX;

/// One recorded event: what happened, to which state (numbered in the order first seen), from
/// which parent, with which g and h (h of an expansion or a generation only).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<C> {
    pub(crate) expanded: bool,
    pub(crate) state: u32,
    pub(crate) parent: u32,
    pub(crate) g: C,
    pub(crate) h: C,
}
