//! The SVG pictures: legend, start and goal in every panel, titles, and cells drawn as one path
//! per colour in whole cell units (the structure that keeps seams away; the pixels themselves
//! are checked in a browser by `scripts/browser-test.py`, run from `.ci/run`).

use informed::Search;
use informed::grid::{Cell, Grid, Movement, Picture, Recorder};

fn maze() -> Grid {
    Grid::from_ascii(
        "..........\n\
         ..####....\n\
         .....#....\n\
         .....#....",
    )
    .unwrap()
}

/// The cells covered by the `<path>` whose attributes include `style`, read back from its
/// `M x y h n v1 h-n z` runs; panics on any other command or on a fractional number.
fn cells_of(svg: &str, style: &str) -> Vec<(u32, u32)> {
    let mut cells = Vec::new();
    for line in svg
        .lines()
        .filter(|l| l.starts_with("<path d=\"") && l.contains(style))
    {
        let d = &line[9..line[9..].find('"').unwrap() + 9];
        for run in d.split('M').filter(|r| !r.is_empty()) {
            let (x, rest) = run.split_once(' ').unwrap();
            let (y, rest) = rest.split_once('h').unwrap();
            let (n, rest) = rest.split_once('v').unwrap();
            assert!(
                rest.starts_with("1h-") && rest.ends_with('z'),
                "run {run:?}"
            );
            let (x, y, n): (u32, u32, u32) =
                (x.parse().unwrap(), y.parse().unwrap(), n.parse().unwrap());
            cells.extend((x..x + n).map(|x| (x, y)));
        }
    }
    cells.sort();
    cells
}

#[test]
fn walls_are_one_path_in_whole_cells() {
    let grid = maze();
    let svg = Picture::new(&grid).to_svg(7.31);
    let mut walls = Vec::new();
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            if !grid.is_free(Cell::new(x, y)) {
                walls.push((x, y));
            }
        }
    }
    walls.sort();
    assert_eq!(cells_of(&svg, "fill=\"#2b2b2b\""), walls);
    assert_eq!(
        svg.matches("fill=\"#2b2b2b\"/>").count(),
        2,
        "one wall path and the legend's swatch"
    );
    assert!(svg.contains("scale(7.31)"));
}

#[test]
fn every_cell_is_drawn_once_and_expanded_cells_are_those_recorded() {
    let grid = maze();
    let problem = grid
        .problem(Cell::new(0, 3), Cell::new(9, 3), Movement::Four)
        .unwrap();
    let mut recorder = Recorder::new();
    let solution = Search::new(&problem)
        .observer(&mut recorder)
        .astar_with(problem.manhattan())
        .unwrap();
    let svg = Picture::new(&grid)
        .search(&recorder, None)
        .path(solution.path())
        .to_svg(10.0);
    let shaded = cells_of(&svg, "fill=\"rgb(");
    let reached = cells_of(&svg, "stroke=\"#1f6fd1\"");
    let walls = cells_of(&svg, "fill=\"#2b2b2b\"");
    let mut expanded: Vec<(u32, u32)> = recorder.expanded().map(|c| (c.x, c.y)).collect();
    expanded.sort();
    expanded.dedup();
    let mut closed: Vec<_> = expanded
        .iter()
        .copied()
        .filter(|c| !reached.contains(c))
        .collect();
    closed.sort();
    assert_eq!(shaded, closed);
    let mut all = [shaded, reached, walls].concat();
    let count = all.len();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), count, "a cell drawn twice");
}

#[test]
fn partial_panels_mark_start_and_goal_and_the_title_gives_the_counts() {
    let grid = maze();
    let (start, goal) = (Cell::new(0, 3), Cell::new(9, 3));
    let problem = grid.problem(start, goal, Movement::Four).unwrap();
    let mut recorder = Recorder::new();
    let solution = Search::new(&problem)
        .observer(&mut recorder)
        .astar_with(problem.manhattan())
        .unwrap();
    let early = Picture::new(&grid)
        .search(&recorder, Some(2))
        .endpoints(start, goal);
    let svg = early.to_svg(10.0);
    assert!(svg.contains("<title>start (0, 3)</title>"), "{svg}");
    assert!(svg.contains("<title>goal (9, 3)</title>"));
    let text = early.to_text();
    assert_eq!(text.lines().nth(3).unwrap().chars().next(), Some('S'));
    assert_eq!(text.lines().nth(3).unwrap().chars().nth(9), Some('G'));

    let stats = solution.stats();
    let done = Picture::new(&grid)
        .search(&recorder, None)
        .path(solution.path())
        .summary("A*", Some(solution.cost()), stats);
    let svg = Picture::side_by_side_svg(&[early, done], 10.0);
    let expected = format!(
        "cost {} · {} expanded · {} generated · peak open {}",
        solution.cost(),
        stats.expanded,
        stats.generated,
        stats.max_open
    );
    assert!(svg.contains(&expected), "{expected} in {svg}");
    assert_eq!(
        svg.matches("<title>start").count(),
        2,
        "start in both panels"
    );
    for label in [
        "wall",
        "expanded (early → late)",
        "reached",
        "path",
        "start",
        "goal",
    ] {
        assert!(
            svg.contains(&format!("data-legend=\"{label}\"")),
            "legend {label}"
        );
    }
    let none = Picture::new(&grid)
        .summary("Dijkstra", None, stats)
        .to_svg(4.0);
    assert!(none.contains("no path"));
}

/// Hostile titles and sizes: control characters and markup in a title, and absurd cell sizes,
/// still give a well-formed document with finite dimensions.
#[test]
fn hostile_titles_and_sizes_give_well_formed_svg() {
    let grid = maze();
    let title = "a\u{0}b\u{1b}[31m <svg> & \"q\" 'a'\u{ffff}\nsecond line";
    for cell in [1e308, f64::INFINITY, f64::NAN, -3.0, 0.0, 12.0] {
        let svg = Picture::new(&grid).title(title).to_svg(cell);
        for c in svg.chars() {
            let forbidden = (c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
                || c == '\u{fffe}'
                || c == '\u{ffff}';
            assert!(!forbidden, "{c:?} in the SVG for cell {cell}");
        }
        assert!(!svg.contains("<svg> &"), "markup in the title is escaped");
        assert!(
            !svg.contains("inf") && !svg.contains("NaN"),
            "cell {cell}: {}",
            &svg[..200]
        );
        let width: f64 = svg
            .split("width=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .and_then(|w| w.parse().ok())
            .expect("a width");
        assert!(
            width.is_finite() && width > 0.0 && width < 1e7,
            "cell {cell}: width {width}"
        );
    }
}
