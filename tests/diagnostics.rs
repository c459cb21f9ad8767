//! The compiler's errors for a heuristic passed to the wrong form of a call name the right one.
//!
//! Each case is a small program compiled by the same rustc against the library these tests link
//! (the newest `libinformed-*.rlib` beside the test binary), and its error output is checked for
//! the words the crate's `#[diagnostic::on_unimplemented]` messages put there. A case that
//! compiles, or fails without them, fails the test.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The directory of the test binary, where cargo keeps the library's rlib and its dependencies.
fn deps() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    exe.parent().expect("a directory").to_path_buf()
}

/// The newest build of the library among the rlibs in `deps` (the one these tests were linked
/// against: cargo built it just before them).
fn library(deps: &Path) -> PathBuf {
    std::fs::read_dir(deps)
        .expect("the deps directory")
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.starts_with("libinformed-") && name.ends_with(".rlib")
        })
        .max_by_key(|path| path.metadata().and_then(|m| m.modified()).ok())
        .expect("an informed rlib beside the test binary")
}

/// The rustc of the toolchain running the tests: beside cargo, which sets `CARGO`.
fn rustc() -> PathBuf {
    std::env::var_os("CARGO")
        .map(PathBuf::from)
        .map(|cargo| cargo.with_file_name("rustc"))
        .filter(|rustc| rustc.exists())
        .unwrap_or_else(|| PathBuf::from("rustc"))
}

/// Compiles `program` and returns the compiler's error output; panics if it compiles.
fn errors_of(name: &str, program: &str) -> String {
    let deps = deps();
    // A directory for each case: the tests run side by side, and each removes its own.
    let dir = std::env::temp_dir().join(format!(
        "informed-diagnostics-{}-{name}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let source = dir.join(format!("{name}.rs"));
    std::fs::write(&source, program).unwrap();
    let output = Command::new(rustc())
        .args([
            "--edition",
            "2024",
            "--crate-type",
            "lib",
            "--emit",
            "metadata",
        ])
        .arg("--out-dir")
        .arg(&dir)
        .arg("-L")
        .arg(format!("dependency={}", deps.display()))
        .arg("--extern")
        .arg(format!("informed={}", library(&deps).display()))
        .arg(&source)
        .output()
        .expect("rustc runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(!output.status.success(), "{name} compiled, but must not");
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Asserts that `errors` holds every one of `expected`.
fn assert_says(errors: &str, expected: &[&str]) {
    for words in expected {
        assert!(
            errors.contains(words),
            "the error does not say {words:?}:\n{errors}"
        );
    }
}

const PROBLEM: &str = r#"
pub fn problem() -> impl informed::SearchProblem<State = (i32, i32), Cost = u32> {
    informed::from_fn((0i32, 0i32), |&(x, y): &(i32, i32)| [((x + 1, y), 1u32), ((x, y + 1), 1)], |&p| p == (2, 2))
}
pub struct Manhattan;
impl informed::Heuristic<(i32, i32), u32> for Manhattan {
    fn estimate(&self, &(x, y): &(i32, i32)) -> u32 { (2 - x).unsigned_abs() + (2 - y).unsigned_abs() }
}
"#;

#[test]
fn a_heuristic_type_given_to_the_closure_form_names_the_with_form() {
    let program =
        format!("{PROBLEM}pub fn run() {{ let _ = informed::astar(&problem(), Manhattan); }}");
    let errors = errors_of("type_to_astar", &program);
    assert_says(
        &errors,
        &["`Manhattan` is not a heuristic closure", "astar_with"],
    );
    let program = format!(
        "{PROBLEM}pub fn run() {{ let _ = informed::Search::new(&problem()).greedy(Manhattan); }}"
    );
    let errors = errors_of("type_to_search_greedy", &program);
    assert_says(&errors, &["is not a heuristic closure", "greedy_with"]);
}

#[test]
fn unannotated_closures_in_max_are_told_to_name_their_argument_type() {
    let program = format!(
        "{PROBLEM}pub fn run() {{ let _ = informed::astar_with(&problem(), \
         informed::Max::new(|&(x, _)| x as u32, |&(_, y)| y as u32)); }}"
    );
    let errors = errors_of("closures_in_max", &program);
    assert_says(
        &errors,
        &[
            "is not a heuristic of states `(i32, i32)` with costs `u32`",
            "needs its argument's type written out",
        ],
    );
}

#[test]
fn a_closure_or_a_plain_heuristic_given_to_the_in_place_with_form_is_redirected() {
    let board = r#"
pub fn run() -> Result<(), Box<dyn std::error::Error>> {
    let puzzle = informed::puzzle::SlidingPuzzle::new(3, 3)?;
    let problem = puzzle.problem(puzzle.parse("1 2 3 4 5 6 7 0 8")?)?;
"#;
    let program = format!(
        "{board}    let _ = informed::idastar_in_place_with(&problem, |_: &informed::puzzle::Board| 0u32);\n    Ok(())\n}}"
    );
    let errors = errors_of("closure_to_in_place_with", &program);
    assert_says(
        &errors,
        &["is not an incremental heuristic", "idastar_in_place"],
    );

    let program = format!(
        "{board}    let _ = informed::idastar_in_place_with(&problem, puzzle.linear_conflict());\n    Ok(())\n}}"
    );
    let errors = errors_of("heuristic_to_in_place_with", &program);
    assert_says(
        &errors,
        &["is not an incremental heuristic", "Afresh(heuristic)"],
    );
}
