//! The colours of pictures and replays, shared so that every drawing of a search reads the same.

/// Blocked cells.
pub(crate) const WALL: &str = "#2b2b2b";
/// Free cells nobody reached (of the cheapest terrain, on a weighted grid).
pub(crate) const FREE: &str = "#fbfbf8";
/// [`FREE`] as red, green and blue.
pub(crate) const FREE_RGB: (u8, u8, u8) = (0xfb, 0xfb, 0xf8);
/// The first expanded cells (then shading towards [`EXPANDED_LATE`]).
pub(crate) const EXPANDED_EARLY: (u8, u8, u8) = (255, 236, 170);
/// The last expanded cells.
pub(crate) const EXPANDED_LATE: (u8, u8, u8) = (230, 86, 20);
/// Cells reached (on the open set), filled.
pub(crate) const REACHED: &str = "#cfe6ff";
/// [`REACHED`] as red, green and blue.
pub(crate) const REACHED_RGB: (u8, u8, u8) = (0xcf, 0xe6, 0xff);
/// The outline of reached cells.
pub(crate) const REACHED_EDGE: &str = "#1f6fd1";
/// The path.
pub(crate) const PATH: &str = "#0a8f3c";
/// The start cell.
pub(crate) const START: &str = "#7b2cbf";
/// The goal cell.
pub(crate) const GOAL: &str = "#c0392b";
/// States of a drawing of points that the search had not reached (yet).
pub(crate) const UNSEEN: &str = "#c8c8c0";
/// The jumps of a jump point search, and the jump points they reach.
pub(crate) const JUMP: &str = "#0b5f8a";
/// The edges from a state to the parent it has in the search tree.
pub(crate) const TREE: &str = "#9a9a92";
/// The dearest terrain of a weighted grid: free cells shade from [`FREE`] (the cheapest) to it.
pub(crate) const TERRAIN_DEAR: (u8, u8, u8) = (150, 128, 92);
/// How far towards [`TERRAIN_DEAR`] an expanded or reached cell of the dearest terrain is
/// shaded, so that the terrain still shows under the search.
pub(crate) const TERRAIN_OVER_SEARCH: f64 = 0.45;

/// A colour as CSS `rgb(r,g,b)`.
pub(crate) fn rgb((r, g, b): (u8, u8, u8)) -> String {
    format!("rgb({r},{g},{b})")
}

/// `a` moved a fraction `t` (clamped to 0 to 1) of the way to `b`, each channel rounded to the
/// nearest (as the page's script computes it: `Math.round`).
pub(crate) fn mix(a: (u8, u8, u8), b: (u8, u8, u8), t: f64) -> (u8, u8, u8) {
    let t = t.clamp(0.0, 1.0);
    let channel =
        |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t + 0.5).floor() as u8;
    (channel(a.0, b.0), channel(a.1, b.1), channel(a.2, b.2))
}

/// The colour of an expanded cell, `t` from 0 (first expanded) to 1 (last).
pub(crate) fn expanded_colour(t: f64) -> (u8, u8, u8) {
    mix(EXPANDED_EARLY, EXPANDED_LATE, t)
}

/// The colour `colour` takes on terrain of level `level` (0 the cheapest, 1 the dearest):
/// `under_search` for a cell the search reached, which keeps more of its own colour.
pub(crate) fn on_terrain(colour: (u8, u8, u8), level: f64, under_search: bool) -> (u8, u8, u8) {
    let weight = if under_search {
        TERRAIN_OVER_SEARCH
    } else {
        1.0
    };
    mix(colour, TERRAIN_DEAR, level * weight)
}
