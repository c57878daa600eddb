//! No import circles between the files of any crate: within each crate (`crates/*/src`,
//! `python/src`), the graph of "file A names an item of file B" (through
//! `use crate::...`, `use super::...`, `use self::...`, a child module's name, or the same
//! paths written inline, followed through `pub use` re-exports to the file that defines
//! the item) has no cycle. A circle makes two files one unit that can be neither read
//! nor changed apart; the fix is to move what both need into a file of its own.
//!
//! The scanner reads Rust without a parser: comments, strings and character literals are
//! blanked, inline `mod NAME { ... }` blocks are followed for `super::` (`#[cfg(test)]`
//! ones are left out: a test may use what it tests), `pub use` re-exports hand names on
//! without importing, and a path's longest prefix that names a file is its target. It is tested on small crates written
//! here, with and without a circle.
#![allow(missing_docs)]
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One crate's files: module path (`["range", "cache"]`, the root `[]`) to its text.
type Files = BTreeMap<Vec<String>, String>;

/// The module path of a file under `src/`: `lib.rs`/`main.rs` is the root, `a/mod.rs` and
/// `a.rs` are `a`, `a/b.rs` is `a::b`.
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.len() == 1 && (parts[0] == "lib" || parts[0] == "main") {
        parts.clear();
    } else if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

fn read_crate(src: &Path) -> Files {
    fn walk(dir: &Path, base: &Path, out: &mut Files) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.expect("a directory entry").path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, base, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let rel = p.strip_prefix(base).expect("under src");
                let text = std::fs::read_to_string(&p).expect("a source file");
                out.insert(module_of(rel), text);
            }
        }
    }
    let mut files = Files::new();
    walk(src, src, &mut files);
    files
}

/// The code with comments, strings and character literals blanked (lines kept).
fn strip(code: &str) -> String {
    let b: Vec<char> = code.chars().collect();
    let mut out = String::with_capacity(code.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if b[i] == '\n' {
                        out.push('\n');
                    }
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('#') || next == Some('"')) && !ident_char(prev(&b, i)) {
            // A raw string: r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                match b.get(j) {
                    None => break,
                    Some('"') if (0..hashes).all(|k| b.get(j + 1 + k) == Some(&'#')) => {
                        j += 1 + hashes;
                        break;
                    }
                    Some('\n') => out.push('\n'),
                    _ => {}
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    i += 1;
                }
                if b.get(i) == Some(&'\n') {
                    out.push('\n');
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' && (b.get(i + 2) == Some(&'\'') || next == Some('\\')) {
            // A character literal ('a', '\n', '\''), not a lifetime.
            i += 1;
            while i < b.len() && b[i] != '\'' {
                if b[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn prev(b: &[char], i: usize) -> char {
    if i == 0 {
        ' '
    } else {
        b[i - 1]
    }
}

fn ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Identifiers and the punctuation that matters to paths.
fn tokens(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if ident_char(c) {
            let start = i;
            while i < b.len() && ident_char(b[i]) {
                i += 1;
            }
            out.push(b[start..i].iter().collect());
        } else if c == ':' && b.get(i + 1) == Some(&':') {
            out.push("::".into());
            i += 2;
        } else {
            if "{};,*#".contains(c) {
                out.push(c.to_string());
            }
            i += 1;
        }
    }
    out
}

/// What one file names: absolute module paths (possibly ending in an item), and the
/// names it re-exports (`pub use path::NAME` gives NAME -> path).
#[derive(Default)]
struct Scan {
    paths: Vec<Vec<String>>,
    reexports: BTreeMap<String, Vec<String>>,
}

/// The child modules a file declares (`mod x;` or `mod x {`), by scope.
fn scan(module: &[String], code: &str, modules: &BTreeSet<Vec<String>>) -> Scan {
    let t = tokens(&strip(code));
    let mut scan = Scan::default();
    // The inline modules we are in: (name, brace depth at which it closes, test-only).
    let mut inline: Vec<(String, usize, bool)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    let scope = |inline: &[(String, usize, bool)]| -> Vec<String> {
        let mut s = module.to_vec();
        s.extend(inline.iter().map(|m| m.0.clone()));
        s
    };
    while i < t.len() {
        match t[i].as_str() {
            "{" => depth += 1,
            "}" => {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|m| m.1 == depth) {
                    inline.pop();
                }
            }
            "mod" if t.get(i + 2).is_some_and(|x| x == "{") => {
                let test = i >= 3 && t[i - 3] == "#" && t[i - 2] == "cfg" && t[i - 1] == "test";
                inline.push((t[i + 1].clone(), depth, test));
                depth += 1;
                i += 3;
                continue;
            }
            _ if inline.iter().any(|m| m.2) => {}
            "use" => {
                // `pub use` and `pub(crate) use` (parentheses are not tokens).
                let public = (i > 0 && t[i - 1] == "pub")
                    || (i > 1 && t[i - 2] == "pub" && t[i - 1] == "crate");
                let here = scope(&inline);
                let mut j = i + 1;
                let mut prefix = Vec::new();
                let mut leaves = Vec::new();
                use_tree(&t, &mut j, &mut prefix, &mut leaves);
                for path in leaves {
                    let Some(abs) = absolute(&here, &path, modules) else {
                        continue;
                    };
                    // A `pub use` hands a name on (the crate's face): it is followed from
                    // the files that name it, and is no import of its own.
                    if !public {
                        scan.paths.push(abs);
                    } else if let Some(name) = path.last().filter(|n| *n != "*") {
                        if inline.is_empty() {
                            scan.reexports.insert(name.clone(), abs);
                        }
                    }
                }
                i = j;
                continue;
            }
            _ => {
                // An inline path: `crate::x::y`, `super::x`, `self::x`, `child::x`.
                let starts = i == 0 || t[i - 1] != "::";
                if starts && t.get(i + 1).is_some_and(|x| x == "::") && t[i] != "use" {
                    let mut path = vec![t[i].clone()];
                    let mut j = i + 1;
                    while t.get(j).is_some_and(|x| x == "::")
                        && t.get(j + 1)
                            .is_some_and(|x| ident_char(x.chars().next().unwrap_or(' ')))
                    {
                        path.push(t[j + 1].clone());
                        j += 2;
                    }
                    if let Some(abs) = absolute(&scope(&inline), &path, modules) {
                        scan.paths.push(abs);
                    }
                    i = j;
                    continue;
                }
            }
        }
        i += 1;
    }
    scan
}

/// Reads a use tree at `t[*j..]` up to its `;`, collecting each leaf's whole path.
fn use_tree(t: &[String], j: &mut usize, prefix: &mut Vec<String>, leaves: &mut Vec<Vec<String>>) {
    let depth = prefix.len();
    loop {
        let Some(tok) = t.get(*j) else { return };
        match tok.as_str() {
            ";" => return,
            "::" => *j += 1,
            "{" => {
                *j += 1;
                loop {
                    use_tree(t, j, prefix, leaves);
                    match t.get(*j).map(String::as_str) {
                        Some(",") => *j += 1,
                        Some("}") => {
                            *j += 1;
                            break;
                        }
                        _ => return,
                    }
                }
                prefix.truncate(depth);
                return;
            }
            "," | "}" => {
                if prefix.len() > depth || prefix.last().is_some_and(|p| p == "*") {
                    leaves.push(prefix.clone());
                }
                prefix.truncate(depth);
                return;
            }
            "as" => {
                leaves.push(prefix.clone());
                *j += 2;
                prefix.truncate(depth);
                return;
            }
            name => {
                prefix.push(name.to_string());
                *j += 1;
                if t.get(*j).is_some_and(|x| x == ";") {
                    leaves.push(prefix.clone());
                    prefix.truncate(depth);
                    return;
                }
            }
        }
    }
}

/// The absolute path of `path` written in module `here`, or `None` for another crate's.
fn absolute(
    here: &[String],
    path: &[String],
    modules: &BTreeSet<Vec<String>>,
) -> Option<Vec<String>> {
    let (first, rest) = path.split_first()?;
    let mut base: Vec<String> = match first.as_str() {
        "crate" => Vec::new(),
        "self" => here.to_vec(),
        "super" => {
            let mut b = here.to_vec();
            b.pop();
            let mut rest = rest;
            while rest.first().is_some_and(|s| s == "super") {
                b.pop();
                rest = &rest[1..];
            }
            b.extend(rest.iter().cloned());
            return Some(b);
        }
        child => {
            let mut b = here.to_vec();
            b.push(child.to_string());
            if !modules.contains(&b) {
                return None;
            }
            b.pop();
            b.push(child.to_string());
            b.extend(rest.iter().cloned());
            return Some(b);
        }
    };
    base.extend(rest.iter().cloned());
    Some(base)
}

/// The file an absolute path lands in: its longest prefix that is a file, followed
/// through that file's `pub use` of the next name.
fn target(
    path: &[String],
    files: &BTreeSet<Vec<String>>,
    reexports: &BTreeMap<Vec<String>, BTreeMap<String, Vec<String>>>,
    hops: usize,
) -> Option<Vec<String>> {
    let n = (0..=path.len())
        .rev()
        .find(|&n| files.contains(&path[..n]))?;
    let file = path[..n].to_vec();
    if let (Some(name), true) = (path.get(n), hops < 8) {
        if let Some(to) = reexports.get(&file).and_then(|r| r.get(name)) {
            if to.as_slice() != path {
                let mut next = to.clone();
                next.extend(path[n + 1..].iter().cloned());
                return target(&next, files, reexports, hops + 1).or(Some(file));
            }
        }
    }
    Some(file)
}

/// The import graph of one crate: file -> the other files it names.
fn graph(files: &Files) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    // Inline modules count as parts of their file: only files are nodes.
    let modules: BTreeSet<Vec<String>> = files.keys().cloned().collect();
    let scans: BTreeMap<Vec<String>, Scan> = files
        .iter()
        .map(|(m, code)| (m.clone(), scan(m, code, &modules)))
        .collect();
    let reexports = scans
        .iter()
        .map(|(m, s)| (m.clone(), s.reexports.clone()))
        .collect();
    scans
        .iter()
        .map(|(m, s)| {
            let to = s
                .paths
                .iter()
                .filter_map(|p| target(p, &modules, &reexports, 0))
                .filter(|t| t != m)
                .collect();
            (m.clone(), to)
        })
        .collect()
}

/// Every circle of the graph (its strongly connected parts of two or more files).
fn circles(g: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<Vec<String>>> {
    let nodes: Vec<&Vec<String>> = g.keys().collect();
    let reach = |from: &Vec<String>| -> BTreeSet<Vec<String>> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(n) = stack.pop() {
            for m in g.get(&n).into_iter().flatten() {
                if seen.insert(m.clone()) {
                    stack.push(m.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&Vec<String>, BTreeSet<Vec<String>>> =
        nodes.iter().map(|n| (*n, reach(n))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for n in &nodes {
        if done.contains(*n) || !reached[n].contains(*n) {
            continue;
        }
        let part: Vec<Vec<String>> = nodes
            .iter()
            .filter(|m| reached[n].contains(**m) && reached[**m].contains(*n))
            .map(|m| (*m).clone())
            .collect();
        done.extend(part.iter().cloned());
        out.push(part);
    }
    out
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `src` folder of every crate of the workspace (`crates/*`, `python`).
fn crates() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root().join("crates"))
        .expect("crates/")
        .map(|e| e.expect("an entry").path().join("src"))
        .filter(|p| p.is_dir())
        .collect();
    dirs.push(root().join("python/src"));
    dirs.sort();
    dirs
}

fn name(m: &[String]) -> String {
    if m.is_empty() {
        "lib.rs".into()
    } else {
        m.join("/") + ".rs"
    }
}

#[test]
fn no_crate_has_an_import_circle_between_its_files() {
    let mut found = Vec::new();
    for src in crates() {
        for c in circles(&graph(&read_crate(&src))) {
            let files: Vec<String> = c.iter().map(|m| name(m)).collect();
            let at = src.strip_prefix(root()).unwrap_or(&src);
            found.push(format!("{}: {}", at.display(), files.join(", ")));
        }
    }
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

#[test]
fn the_graph_holds_the_imports_the_sources_write() {
    let sim = graph(&read_crate(
        &crates()
            .into_iter()
            .find(|p| p.ends_with("sim/src"))
            .unwrap(),
    ));
    let m = |s: &str| s.split('/').map(String::from).collect::<Vec<_>>();
    assert!(
        sim[&m("run")].contains(&m("checkpoint")),
        "use crate::checkpoint::..."
    );
    assert!(
        sim[&m("signature")].contains(&m("results")),
        "use crate::results::..."
    );
    // A grouped `use crate::run::{...}`.
    assert!(sim[&m("io")].contains(&m("run")));
}

fn krate(files: &[(&str, &str)]) -> Files {
    files
        .iter()
        .map(|(path, code)| (module_of(Path::new(path)), code.to_string()))
        .collect()
}

#[test]
fn circles_are_found_through_every_kind_of_path() {
    let lib = "mod a;\nmod b;\nmod r;\npub use a::Alpha;\n";
    // `use crate::`, grouped.
    let g = graph(&krate(&[
        ("lib.rs", lib),
        ("a.rs", "use crate::{b::{Beta, X}, r};\npub struct Alpha;"),
        (
            "b.rs",
            "use crate::Alpha; // through the re-export\npub struct Beta;",
        ),
    ]));
    assert_eq!(circles(&g).len(), 1, "{g:?}");
    // An inline path and `super::` from a nested file.
    let g = graph(&krate(&[
        ("lib.rs", "mod r;"),
        ("r/mod.rs", "mod x;\nmod y;\nfn f() { x::go() }"),
        ("r/x.rs", "pub fn go() { super::y::come() }"),
        ("r/y.rs", "pub fn come() { crate::r::x::go() }"),
    ]));
    assert_eq!(circles(&g).len(), 1, "{g:?}");
    // `super::*` in a test module is its own file; comments and strings name nothing.
    let g = graph(&krate(&[
        ("lib.rs", "mod a;\nmod b;"),
        (
            "a.rs",
            "use crate::b::B;\n#[cfg(test)]\nmod tests {\n    use super::*;\n}",
        ),
        (
            "b.rs",
            "pub struct B; // crate::a::A\nconst S: &str = \"crate::a::A\";",
        ),
    ]));
    assert!(circles(&g).is_empty(), "{g:?}");
}
