//! The modules of `src/` import one another one way: no module reaches, directly or through
//! others, a module that imports it. A loop means neither side can be understood, tested or moved
//! without the other, which is what the layering of the crate is for.
//!
//! The sources are read as text (no build step, no dependency): comments and literals are blanked
//! out, then every `use` declaration and every path in code that starts with `crate::`, `super::`
//! or `self::` is resolved to the file-level module it names. A public re-export (`pub use`) is
//! the face a module shows to its users, not something its own code uses, so it makes no edge;
//! a parent that uses a child's item through its own re-export is therefore not seen.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Groups of modules that are known to import one another, each to be removed with the loop it
/// excuses. A group must match a loop exactly: a module that joins it, or a loop that is gone,
/// fails the test.
const KNOWN_LOOPS: &[&[&str]] = &[];

/// One import: the module it leads to, and where it is written.
#[derive(Clone, Debug)]
struct Import {
    to: String,
    line: usize,
    path: String,
}

/// The modules found in the sources, by name (`""` for the crate root, `grid::jps`, …), each
/// with its file and its imports.
#[derive(Debug, Default)]
struct Crate {
    files: BTreeMap<String, String>,
    imports: BTreeMap<String, Vec<Import>>,
}

impl Crate {
    /// Reads every `.rs` file under `src`.
    fn read(src: &Path) -> Crate {
        let mut sources = Vec::new();
        collect(src, src, &mut sources);
        Crate::from_sources(&sources)
    }

    /// The modules of the given `(path under src/, text)` pairs, and their imports.
    fn from_sources(sources: &[(String, String)]) -> Crate {
        let mut krate = Crate::default();
        for (file, _) in sources {
            krate.files.insert(module_name(file), file.clone());
        }
        for (file, text) in sources {
            let module = module_name(file);
            let imports = imports(&krate, &module, text);
            krate.imports.insert(module, imports);
        }
        krate
    }

    /// The groups of two or more modules that reach one another (strongly connected components).
    fn loops(&self) -> Vec<Vec<String>> {
        let names: Vec<&String> = self.files.keys().collect();
        let index = |name: &str| names.iter().position(|n| *n == name);
        let edges: Vec<Vec<usize>> = names
            .iter()
            .map(|name| {
                self.imports[*name]
                    .iter()
                    .filter_map(|import| index(&import.to))
                    .collect()
            })
            .collect();
        let mut loops = Vec::new();
        for component in components(&edges) {
            if component.len() > 1 {
                let mut group: Vec<String> = component.iter().map(|&i| names[i].clone()).collect();
                group.sort();
                loops.push(group);
            }
        }
        loops.sort();
        loops
    }

    /// One cycle through the group, each step with the import that makes it, for the message.
    fn describe(&self, group: &[String]) -> String {
        let inside: BTreeSet<&str> = group.iter().map(String::as_str).collect();
        // Breadth-first from the first module back to itself, staying inside the group.
        let start = group[0].as_str();
        let mut came_from: BTreeMap<&str, (&str, &Import)> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([start]);
        'search: while let Some(module) = queue.pop_front() {
            for import in &self.imports[module] {
                let to = import.to.as_str();
                if inside.contains(to) && !came_from.contains_key(to) {
                    came_from.insert(to, (module, import));
                    if to == start {
                        break 'search;
                    }
                    queue.push_back(to);
                }
            }
        }
        let mut steps = Vec::new();
        let mut at = start;
        loop {
            let (from, import) = came_from[at];
            steps.push(format!(
                "  {} imports {} (src/{}:{}: {})",
                display(from),
                display(at),
                self.files[from],
                import.line,
                import.path
            ));
            at = from;
            if at == start {
                break;
            }
        }
        steps.reverse();
        steps.join("\n")
    }
}

/// The module's name as a reader writes it after `crate::`, or `crate` for the root.
fn display(module: &str) -> &str {
    if module.is_empty() { "crate" } else { module }
}

/// Every `.rs` file under `dir`, as (path relative to `root`, with `/`, text).
fn collect(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(root, &path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            let relative = path.strip_prefix(root).expect("under src");
            let name = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            let text = fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
            out.push((name, text));
        }
    }
}

/// `grid/jps.rs` → `grid::jps`, `grid/mod.rs` → `grid`, `lib.rs` → `` (the root).
fn module_name(file: &str) -> String {
    let stem = file.strip_suffix(".rs").expect("a .rs file");
    let stem = stem.strip_suffix("/mod").unwrap_or(stem);
    if stem == "lib" {
        String::new()
    } else {
        stem.replace('/', "::")
    }
}

/// The parent of a module (`grid` for `grid::jps`, the root for `grid`).
fn parent(module: &str) -> Option<String> {
    if module.is_empty() {
        None
    } else {
        Some(
            module
                .rsplit_once("::")
                .map_or("", |(parent, _)| parent)
                .to_owned(),
        )
    }
}

fn child(module: &str, name: &str) -> String {
    if module.is_empty() {
        name.to_owned()
    } else {
        format!("{module}::{name}")
    }
}

/// The text with comments, string and character literals blanked out (newlines kept, so that
/// line numbers still hold): a path in a doc link or a message is not an import.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |out: &mut String, c: char| out.push(if c == '\n' { '\n' } else { ' ' });
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                blank(&mut out, chars[i]);
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            loop {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    blank(&mut out, ' ');
                    blank(&mut out, ' ');
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    blank(&mut out, ' ');
                    blank(&mut out, ' ');
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    blank(&mut out, chars[i]);
                    i += 1;
                }
            }
        } else if c == 'r' && matches!(next, Some('"' | '#')) && !ident_char_before(&chars, i) {
            // A raw string: r"…", r#"…"#, …
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            let closes =
                |j: usize| chars[j] == '"' && (1..=hashes).all(|k| chars.get(j + k) == Some(&'#'));
            while !closes(j) {
                j += 1;
            }
            j += 1 + hashes;
            for &skipped in &chars[i..j] {
                blank(&mut out, skipped);
            }
            i = j;
        } else if c == '"' {
            blank(&mut out, c);
            i += 1;
            while chars[i] != '"' {
                if chars[i] == '\\' {
                    blank(&mut out, chars[i]);
                    i += 1;
                }
                blank(&mut out, chars[i]);
                i += 1;
            }
            blank(&mut out, chars[i]);
            i += 1;
        } else if c == '\'' && char_literal_end(&chars, i).is_some() {
            let end = char_literal_end(&chars, i).expect("checked");
            for &skipped in &chars[i..=end] {
                blank(&mut out, skipped);
            }
            i = end + 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_char_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// Where the character literal that opens at `i` closes, if it is one (not a lifetime).
fn char_literal_end(chars: &[char], i: usize) -> Option<usize> {
    match chars.get(i + 1)? {
        '\\' => (i + 3..chars.len().min(i + 12)).find(|&j| chars[j] == '\''),
        _ if chars.get(i + 2) == Some(&'\'') => Some(i + 2),
        _ => None,
    }
}

/// A token of code: a word, `::`, or one other character; with its line.
#[derive(Clone, Debug, PartialEq)]
struct Token {
    text: String,
    line: usize,
}

fn tokens(code: &str) -> Vec<Token> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c.is_alphanumeric() || c == '_' || c == '$' {
            let start = i;
            i += 1;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Token {
                text: chars[start..i].iter().collect(),
                line,
            });
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push(Token {
                text: "::".to_owned(),
                line,
            });
            i += 2;
        } else {
            out.push(Token {
                text: c.to_string(),
                line,
            });
            i += 1;
        }
    }
    out
}

/// The imports of `module`, whose source is `text`.
fn imports(krate: &Crate, module: &str, text: &str) -> Vec<Import> {
    let tokens = tokens(&code_only(text));
    let mut found = Vec::new();
    // The inline modules (`mod tests { … }`) open at each point, as brace depths: `super` in
    // them names the enclosing module, not its parent.
    let mut inline: Vec<usize> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    while i < tokens.len() {
        let word = tokens[i].text.as_str();
        match word {
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                if inline.last() == Some(&depth) {
                    inline.pop();
                }
            }
            "mod" if tokens.get(i + 2).is_some_and(|t| t.text == "{") => {
                inline.push(depth);
            }
            "use" if tokens.get(i + 1).is_some_and(|t| t.text != "<") => {
                let end = (i..tokens.len())
                    .find(|&j| tokens[j].text == ";")
                    .expect("a use declaration ends with ;");
                if !is_reexport(&tokens, i) {
                    let words: Vec<&str> =
                        tokens[i + 1..end].iter().map(|t| t.text.as_str()).collect();
                    for path in expand(&words) {
                        if let Some(to) = resolve(krate, module, inline.len(), &path) {
                            found.push(Import {
                                to,
                                line: tokens[i].line,
                                path: path.join("::"),
                            });
                        }
                    }
                }
                i = end;
            }
            "crate" | "$crate" | "super" | "self"
                if tokens.get(i + 1).is_some_and(|t| t.text == "::")
                    && (i == 0 || tokens[i - 1].text != "::") =>
            {
                // A path in code: its words up to the first that is not followed by `::`.
                let mut path = vec![word.trim_start_matches('$').to_owned()];
                let mut j = i + 1;
                while tokens.get(j).is_some_and(|t| t.text == "::")
                    && tokens.get(j + 1).is_some_and(|t| is_word(&t.text))
                {
                    path.push(tokens[j + 1].text.clone());
                    j += 2;
                }
                if let Some(to) = resolve(krate, module, inline.len(), &path) {
                    found.push(Import {
                        to,
                        line: tokens[i].line,
                        path: path.join("::"),
                    });
                }
                i = j - 1;
            }
            _ => {}
        }
        i += 1;
    }
    found.retain(|import| import.to != module);
    found
}

fn is_word(text: &str) -> bool {
    text.chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// Whether the `use` at `i` is `pub use`: a restricted one (`pub(crate) use`) is there for the
/// crate's own code, the module's included, so it counts as an import.
fn is_reexport(tokens: &[Token], i: usize) -> bool {
    i > 0 && tokens[i - 1].text == "pub"
}

/// The paths of a use tree (`a::{b, c::{d, self}}` → `a::b`, `a::c::d`, `a::c`), without
/// `as` renames and glob stars.
fn expand(words: &[&str]) -> Vec<Vec<String>> {
    fn tree(words: &[&str], at: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
        let mut path = prefix.to_vec();
        while *at < words.len() {
            match words[*at] {
                "::" => *at += 1,
                "{" => {
                    *at += 1;
                    while *at < words.len() && words[*at] != "}" {
                        tree(words, at, &path, out);
                        if words.get(*at) == Some(&",") {
                            *at += 1;
                        }
                    }
                    *at += 1;
                    return;
                }
                "," | "}" => break,
                "as" => *at += 2,
                "*" => *at += 1,
                "self" if !path.is_empty() => *at += 1,
                word => {
                    path.push(word.to_owned());
                    *at += 1;
                }
            }
        }
        out.push(path);
    }
    let mut out = Vec::new();
    let mut at = 0;
    tree(words, &mut at, &[], &mut out);
    out
}

/// The file-level module a path leads into, or `None` for a path outside the crate.
fn resolve(krate: &Crate, module: &str, inline: usize, path: &[String]) -> Option<String> {
    let (mut at, rest) = match path.first()?.as_str() {
        "crate" => (String::new(), &path[1..]),
        "self" => (module.to_owned(), &path[1..]),
        "super" => {
            let supers = path.iter().take_while(|word| *word == "super").count();
            // The first `super`s climb out of inline modules, within the same file.
            let mut at = module.to_owned();
            for _ in inline..supers.max(inline) {
                at = parent(&at)?;
            }
            (at, &path[supers..])
        }
        // A path relative to the module itself: only through a child module.
        first if krate.files.contains_key(&child(module, first)) => (module.to_owned(), path),
        _ => return None,
    };
    for word in rest {
        let next = child(&at, word);
        if !krate.files.contains_key(&next) {
            break;
        }
        at = next;
    }
    Some(at)
}

/// The strongly connected components of a graph given as lists of successors (Tarjan).
fn components(edges: &[Vec<usize>]) -> Vec<Vec<usize>> {
    struct Tarjan<'e> {
        edges: &'e [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        stack: Vec<usize>,
        on_stack: Vec<bool>,
        next: usize,
        out: Vec<Vec<usize>>,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, v: usize) {
            self.index[v] = Some(self.next);
            self.low[v] = self.next;
            self.next += 1;
            self.stack.push(v);
            self.on_stack[v] = true;
            for &w in &self.edges[v] {
                match self.index[w] {
                    None => {
                        self.visit(w);
                        self.low[v] = self.low[v].min(self.low[w]);
                    }
                    Some(index) if self.on_stack[w] => self.low[v] = self.low[v].min(index),
                    Some(_) => {}
                }
            }
            if Some(self.low[v]) == self.index[v] {
                let mut component = Vec::new();
                loop {
                    let w = self.stack.pop().expect("v is on the stack");
                    self.on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                self.out.push(component);
            }
        }
    }
    let n = edges.len();
    let mut tarjan = Tarjan {
        edges,
        index: vec![None; n],
        low: vec![0; n],
        stack: Vec::new(),
        on_stack: vec![false; n],
        next: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if tarjan.index[v].is_none() {
            tarjan.visit(v);
        }
    }
    tarjan.out
}

/// The loops of `krate` that [`KNOWN_LOOPS`] does not excuse, and the entries that excuse none.
fn check(krate: &Crate, known: &[&[&str]]) -> Result<(), String> {
    let loops = krate.loops();
    let mut problems = Vec::new();
    for group in &loops {
        if !known.iter().any(|entry| entry.iter().eq(group.iter())) {
            problems.push(format!(
                "modules {} import one another:\n{}",
                group.join(", "),
                krate.describe(group)
            ));
        }
    }
    for entry in known {
        if !loops.iter().any(|group| entry.iter().eq(group.iter())) {
            problems.push(format!(
                "the known loop {entry:?} no longer exists as listed: remove or correct its entry"
            ));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n\n"))
    }
}

#[test]
fn no_two_modules_import_each_other() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let krate = Crate::read(&src);
    assert!(
        krate.files.len() > 20,
        "the sources under {} were not found",
        src.display()
    );
    if let Err(problems) = check(&krate, KNOWN_LOOPS) {
        panic!("{problems}");
    }
}

/// A small crate written for the checker, with `lib.rs` and modules given as (file, text).
fn sample(files: &[(&str, &str)]) -> Crate {
    let mut sources = vec![("lib.rs".to_owned(), String::new())];
    sources.extend(
        files
            .iter()
            .map(|(f, t)| ((*f).to_owned(), (*t).to_owned())),
    );
    Crate::from_sources(&sources)
}

#[test]
fn a_loop_through_use_declarations_is_named_with_its_imports() {
    let krate = sample(&[
        ("a.rs", "use crate::b::{self, B};\npub struct A;"),
        ("b.rs", "use std::fmt;\n\nuse crate::c::C;\npub struct B;"),
        (
            "c.rs",
            "pub struct C;\nfn f() -> crate::a::A { crate::a::A }",
        ),
    ]);
    let message = check(&krate, &[]).unwrap_err();
    assert!(
        message.contains("modules a, b, c import one another"),
        "{message}"
    );
    assert!(
        message.contains("a imports b (src/a.rs:1: crate::b)"),
        "{message}"
    );
    assert!(
        message.contains("b imports c (src/b.rs:3: crate::c::C)"),
        "{message}"
    );
    assert!(
        message.contains("c imports a (src/c.rs:2: crate::a::A)"),
        "{message}"
    );
}

#[test]
fn a_loop_between_siblings_through_super_is_found() {
    let krate = sample(&[
        (
            "grid/mod.rs",
            "mod jps;\nmod plus;\npub use self::jps::Jps;\npub struct Cell;",
        ),
        (
            "grid/jps.rs",
            "use super::plus::Table;\nuse super::Cell;\npub struct Jps;",
        ),
        (
            "grid/plus.rs",
            "use super::{Cell, jps::{Jps as J}};\npub struct Table;",
        ),
    ]);
    assert_eq!(krate.loops(), [["grid::jps", "grid::plus"]]);
    // The parent re-exports from a child that imports it back: a re-export is no import.
    assert!(check(&krate, &[&["grid::jps", "grid::plus"]]).is_ok());
}

#[test]
fn comments_literals_reexports_and_test_modules_make_no_import() {
    let krate = sample(&[
        (
            "a.rs",
            "//! See [`crate::b::B`].\n/// [`b`](crate::b)\nfn f() -> &'static str { \"crate::b::B\" }\n\
             fn g() -> char { '\"' }\nfn h<'b>(x: &'b str) -> &'b str { x }\n\
             /* crate::b /* nested */ crate::b */\nconst R: &str = r#\"crate::b \"# ;\n\
             pub use crate::b::B;\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n\
             fn i() -> impl Sized + use<> {}",
        ),
        ("b.rs", "use crate::a::f;"),
    ]);
    assert_eq!(krate.loops(), Vec::<Vec<String>>::new());
    assert!(krate.imports["a"].is_empty(), "{:?}", krate.imports["a"]);
    assert_eq!(krate.imports["b"].len(), 1);
}

#[test]
fn a_known_loop_must_match_exactly() {
    let krate = sample(&[
        ("a.rs", "use crate::b::B;"),
        ("b.rs", "use crate::c::C;"),
        ("c.rs", "use crate::a::A;"),
    ]);
    let joined = check(&krate, &[&["a", "b"]]).unwrap_err();
    assert!(
        joined.contains("modules a, b, c import one another"),
        "{joined}"
    );
    let gone = check(&sample(&[("a.rs", ""), ("b.rs", "")]), &[&["a", "b"]]).unwrap_err();
    assert!(gone.contains("no longer exists"), "{gone}");
}

#[test]
fn a_restricted_reexport_is_an_import() {
    let krate = sample(&[
        ("a.rs", "pub(crate) use crate::b::B;\npub struct A;"),
        ("b.rs", "pub struct B(crate::a::A);"),
    ]);
    assert_eq!(krate.loops(), [["a", "b"]]);
}
