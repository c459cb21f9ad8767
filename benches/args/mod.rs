//! The command-line arguments of the `pdb` and `korf100` binaries, read before any work starts:
//! a bad one is reported with its flag and its value, and the program exits with status 2,
//! rather than running on a default, printing `NaN`, or failing later without saying which
//! argument was wrong.

#![allow(dead_code, unreachable_pub)]

use std::fmt::Display;
use std::str::FromStr;

/// The arguments after the program's name, each taken once by the reader that understands it.
#[derive(Debug)]
pub struct Args {
    args: Vec<Option<String>>,
}

impl Args {
    /// The arguments the program was started with.
    pub fn from_env() -> Self {
        Args::new(std::env::args().skip(1))
    }

    /// Arguments to read, as if given after the program's name.
    pub fn new<I: IntoIterator<Item = S>, S: Into<String>>(args: I) -> Self {
        Args {
            args: args.into_iter().map(|a| Some(a.into())).collect(),
        }
    }

    fn position(&self, flag: &str) -> Option<usize> {
        self.args.iter().position(|a| a.as_deref() == Some(flag))
    }

    /// Whether `flag` (a switch without a value) was given.
    pub fn flag(&mut self, flag: &str) -> bool {
        self.position(flag).map(|i| self.args[i].take()).is_some()
    }

    /// The text after `flag`, or `None` if `flag` was not given.
    ///
    /// # Errors
    ///
    /// When `flag` is the last argument, with nothing after it.
    pub fn value(&mut self, flag: &str) -> Result<Option<String>, String> {
        let Some(i) = self.position(flag) else {
            return Ok(None);
        };
        self.args[i] = None;
        match self.args.get_mut(i + 1).and_then(Option::take) {
            Some(value) => Ok(Some(value)),
            None => Err(format!("{flag}: missing its value")),
        }
    }

    /// The value after `flag` read as a `T`; `expected` says what it should be.
    ///
    /// # Errors
    ///
    /// A value that does not read, named with the flag and what was expected.
    pub fn parsed<T: FromStr>(&mut self, flag: &str, expected: &str) -> Result<Option<T>, String>
    where
        T::Err: Display,
    {
        self.value(flag)?
            .map(|text| read(flag, &text, expected))
            .transpose()
    }

    /// A number of seconds after `flag`: finite and above 0.
    ///
    /// # Errors
    ///
    /// Anything else, named with the flag.
    pub fn seconds(&mut self, flag: &str) -> Result<Option<f64>, String> {
        const EXPECTED: &str = "a positive number of seconds";
        let Some(seconds) = self.parsed::<f64>(flag, EXPECTED)? else {
            return Ok(None);
        };
        if seconds.is_finite() && seconds > 0.0 {
            Ok(Some(seconds))
        } else {
            Err(format!("{flag}: expected {EXPECTED}, got {seconds}"))
        }
    }

    /// A comma-separated list after `flag`, each item read by `item` (`None` for a bad one).
    ///
    /// # Errors
    ///
    /// The first bad item, named with the flag and what was expected.
    pub fn list<T>(
        &mut self,
        flag: &str,
        expected: &str,
        item: impl Fn(&str) -> Option<T>,
    ) -> Result<Option<Vec<T>>, String> {
        let Some(text) = self.value(flag)? else {
            return Ok(None);
        };
        text.split(',')
            .map(|part| {
                item(part).ok_or_else(|| format!("{flag}: expected {expected}, got {part:?}"))
            })
            .collect::<Result<_, _>>()
            .map(Some)
    }

    /// The value after `flag`, which must be one of `choices`.
    ///
    /// # Errors
    ///
    /// Another value, named with the flag and the choices.
    pub fn choice(&mut self, flag: &str, choices: &[&str]) -> Result<Option<String>, String> {
        let Some(value) = self.value(flag)? else {
            return Ok(None);
        };
        if choices.contains(&value.as_str()) {
            Ok(Some(value))
        } else {
            let (last, first) = choices.split_last().expect("at least one choice");
            Err(format!(
                "{flag}: expected {} or {last}, got {value:?}",
                first.join(", ")
            ))
        }
    }

    /// The arguments no reader took: the positional ones, in order.
    ///
    /// # Errors
    ///
    /// A flag left over: one this program does not know, or one given twice.
    pub fn rest(self) -> Result<Vec<String>, String> {
        let rest: Vec<String> = self.args.into_iter().flatten().collect();
        match rest.iter().find(|a| a.starts_with("--")) {
            Some(flag) => Err(format!("{flag}: unknown flag, or given twice")),
            None => Ok(rest),
        }
    }
}

/// `text`, the value of `flag`, read as a `T`.
///
/// # Errors
///
/// A value that does not read, named with the flag, what was expected and why it failed.
pub fn read<T: FromStr>(flag: &str, text: &str, expected: &str) -> Result<T, String>
where
    T::Err: Display,
{
    text.parse()
        .map_err(|e| format!("{flag}: expected {expected}, got {text:?} ({e})"))
}

/// Checks that every instance asked for (by `flag`, or as a positional argument where `flag`
/// is `"instance"`) is among the `known` ids of `file`.
///
/// # Errors
///
/// The first unknown id, with the range of the file's.
pub fn check_instances(
    flag: &str,
    wanted: &[u32],
    known: &[u32],
    file: &str,
) -> Result<(), String> {
    match wanted.iter().find(|id| !known.contains(id)) {
        None => Ok(()),
        Some(id) => Err(format!(
            "{flag} {id}: no such instance in {file} (its ids run from {} to {})",
            known.iter().min().copied().unwrap_or(0),
            known.iter().max().copied().unwrap_or(0)
        )),
    }
}

/// Reports a bad argument and exits with status 2.
pub fn exit(program: &str, message: &str) -> ! {
    eprintln!("{program}: {message}");
    std::process::exit(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_number_names_its_flag_and_value() {
        let mut args = Args::new(["15", "--budget", "abc"]);
        let error = args.seconds("--budget").unwrap_err();
        assert!(error.starts_with("--budget: "), "{error}");
        assert!(error.contains("\"abc\""), "{error}");
        for bad in ["0", "-3", "inf", "NaN"] {
            let error = Args::new(["--seconds", bad])
                .seconds("--seconds")
                .unwrap_err();
            assert!(
                error.starts_with("--seconds: ") && error.contains(bad),
                "{error}"
            );
        }
        assert_eq!(
            Args::new(["--seconds", "2.5"]).seconds("--seconds"),
            Ok(Some(2.5))
        );
    }

    #[test]
    fn a_flag_without_its_value_is_an_error() {
        let error = Args::new(["15", "--budget"])
            .seconds("--budget")
            .unwrap_err();
        assert_eq!(error, "--budget: missing its value");
    }

    #[test]
    fn lists_choices_and_the_rest() {
        let mut args = Args::new([
            "24",
            "--threads",
            "1,x",
            "--engine",
            "fast",
            "--gaps",
            "--bogus",
        ]);
        let error = args
            .list("--threads", "numbers above 0", |n| n.parse::<usize>().ok())
            .unwrap_err();
        assert_eq!(error, "--threads: expected numbers above 0, got \"x\"");
        let error = args
            .choice("--engine", &["in-place", "copying", "both"])
            .unwrap_err();
        assert_eq!(
            error,
            "--engine: expected in-place, copying or both, got \"fast\""
        );
        assert!(args.flag("--gaps"));
        assert_eq!(args.value("--absent"), Ok(None));
        assert_eq!(
            args.rest().unwrap_err(),
            "--bogus: unknown flag, or given twice"
        );
        assert_eq!(
            Args::new(["15", "3"]).rest(),
            Ok(vec!["15".into(), "3".into()])
        );
    }

    #[test]
    fn an_unknown_instance_is_named() {
        let known = [1, 2, 3];
        assert_eq!(
            check_instances("--only", &[3, 1], &known, "korf100.txt"),
            Ok(())
        );
        let error = check_instances("instance", &[1, 1000], &known, "korf100.txt").unwrap_err();
        assert_eq!(
            error,
            "instance 1000: no such instance in korf100.txt (its ids run from 1 to 3)"
        );
    }
}
