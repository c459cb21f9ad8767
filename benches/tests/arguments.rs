//! The `pdb` and `korf100` binaries refuse a bad argument before any work: they name the flag
//! and the value, and exit with status 2.

use std::process::{Command, Output};

fn run(binary: &str, args: &[&str]) -> Output {
    Command::new(binary)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{binary} runs: {e}"))
}

/// Asserts that the run failed with status 2 and a message holding every one of `named`.
fn refused(output: &Output, named: &[&str]) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "stderr: {stderr}");
    for text in named {
        assert!(stderr.contains(text), "{text:?} not in {stderr:?}");
    }
}

const PDB: &str = env!("CARGO_BIN_EXE_pdb");
const KORF100: &str = env!("CARGO_BIN_EXE_korf100");

#[test]
fn pdb_names_a_bad_flag_value() {
    refused(&run(PDB, &["--budget", "abc"]), &["--budget", "\"abc\""]);
    refused(&run(PDB, &["15", "--seconds", "-1"]), &["--seconds", "-1"]);
    refused(&run(PDB, &["15", "--budget"]), &["--budget", "missing"]);
    refused(
        &run(PDB, &["15", "--threads", "0"]),
        &["--threads", "\"0\""],
    );
    refused(
        &run(PDB, &["15", "--engine", "fast"]),
        &["--engine", "\"fast\""],
    );
    refused(&run(PDB, &["15", "--only", "1,x"]), &["--only", "\"x\""]);
    refused(&run(PDB, &["16"]), &["\"16\"", "15 or 24"]);
    refused(
        &run(PDB, &["15", "--bugdet", "5"]),
        &["--bugdet", "unknown"],
    );
}

#[test]
fn korf100_names_a_bad_flag_value() {
    refused(&run(KORF100, &["--threads", "x"]), &["--threads", "\"x\""]);
    refused(
        &run(KORF100, &["--heuristic", "h"]),
        &["--heuristic", "\"h\""],
    );
    refused(
        &run(KORF100, &["--cycle-check"]),
        &["--cycle-check", "missing"],
    );
    refused(&run(KORF100, &["one"]), &["instance", "\"one\""]);
    refused(&run(KORF100, &["--bogus"]), &["--bogus", "unknown"]);
    refused(
        &run(KORF100, &["--engine", "copying", "--threads", "2"]),
        &["--threads"],
    );
}

#[test]
fn an_instance_not_in_the_file_is_refused() {
    // Checked against the file, so only where the data is on this machine.
    let output = run(KORF100, &["1000"]);
    if String::from_utf8_lossy(&output.stdout).starts_with("skipped") {
        return;
    }
    refused(&output, &["1000", "korf100.txt"]);
    let output = run(PDB, &["15", "--only", "1000"]);
    if String::from_utf8_lossy(&output.stdout).starts_with("skipped") {
        return;
    }
    refused(&output, &["--only 1000", "korf100.txt"]);
}
