//! `StateRecorder` on searches its defaults used to get wrong: the open list's order learned
//! from the search, successor iterators that never end, and coordinates near `f64::MAX`.

use informed::{Search, StatePicture, StateRecorder};

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
