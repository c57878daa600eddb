//! The documentation checks itself against the repository and the real binary:
//!
//! * every relative link in `README.md` and `docs/*.md` points to a file or folder of
//!   the repository, and a `#heading` part to a heading of the target page (GitHub's
//!   anchors);
//! * every `loki ...` command line quoted in them (fenced code blocks and inline code,
//!   `cargo run --release -- ...` included) names a real subcommand, and that
//!   subcommand's `--help` lists every `--flag` / `-f` the line uses;
//! * `docs/commands.md` has a section for every command and subcommand of the binary,
//!   listing each of its flags, and `docs/README.md` links every page of `docs/`;
//! * no document, source file or script names a path outside the repository;
//! * `docs/design-choices.md` names exactly the configuration keys whose source is ours.
//!
//! Each failure names the file and line. The checkers are tested on documents with a
//! dead link, a dead anchor, a renamed flag and an unknown subcommand.
#![allow(missing_docs)]
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Component, Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `README.md` and `docs/*.md`, as paths relative to the repository root.
fn doc_files() -> Vec<PathBuf> {
    let mut files = vec![PathBuf::from("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/ exists")
        .map(|e| e.expect("read docs/").path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .map(|p| Path::new("docs").join(p.file_name().unwrap()))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

fn read(rel: &Path) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{}: {e}", rel.display()))
}

fn fail(problems: Vec<String>, what: &str) {
    assert!(
        problems.is_empty(),
        "{} problem(s) with {what}:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

// ---------------------------------------------------------------------------------------
// Markdown: fenced code, inline code, links, headings.

/// What a page holds: code lines (from fenced blocks and inline spans) and link
/// targets, each with its 1-based line number, and the page's heading anchors.
#[derive(Debug, Default)]
struct Page {
    code: Vec<(usize, String)>,
    links: Vec<(usize, String)>,
    anchors: BTreeSet<String>,
}

fn fence(line: &str) -> Option<&str> {
    let t = line.trim_start();
    if t.starts_with("```") {
        Some("```")
    } else if t.starts_with("~~~") {
        Some("~~~")
    } else {
        None
    }
}

/// GitHub's anchor of a heading: lower case, punctuation dropped (letters, digits,
/// `-`, `_` and spaces kept), spaces turned into `-`.
fn slug(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn parse_page(text: &str) -> Page {
    let mut page = Page::default();
    // Prose with the fenced blocks blanked out (line numbers kept).
    let mut prose = String::new();
    let mut open: Option<&str> = None;
    let mut seen: HashMap<String, usize> = HashMap::new();
    for (i, line) in text.lines().enumerate() {
        match (open, fence(line)) {
            (None, Some(f)) => open = Some(f),
            (Some(o), Some(f)) if o == f && line.trim().trim_start_matches(f).is_empty() => {
                open = None
            }
            (Some(_), _) => page.code.push((i + 1, line.to_string())),
            (None, None) => {
                prose.push_str(line);
                if let Some(h) = line.strip_prefix('#') {
                    let h = h.trim_start_matches('#');
                    if h.starts_with(' ') {
                        let base = slug(h.trim());
                        let n = seen.entry(base.clone()).or_insert(0);
                        page.anchors.insert(if *n == 0 {
                            base.clone()
                        } else {
                            format!("{base}-{n}")
                        });
                        *n += 1;
                    }
                }
            }
        }
        prose.push('\n');
    }
    let line_of = |offset: usize| prose[..offset].matches('\n').count() + 1;
    // Inline code spans (a run of n backticks up to the next run of exactly n); the
    // spans are blanked out of the text searched for links.
    let bytes = prose.as_bytes();
    let mut plain = prose.clone().into_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'`' {
            i += 1;
            continue;
        }
        let n = bytes[i..].iter().take_while(|&&b| b == b'`').count();
        let mut j = i + n;
        let mut close = None;
        while j < bytes.len() {
            if bytes[j] == b'`' {
                let m = bytes[j..].iter().take_while(|&&b| b == b'`').count();
                if m == n {
                    close = Some(j);
                    break;
                }
                j += m;
            } else {
                j += 1;
            }
        }
        match close {
            Some(j) => {
                let content = prose[i + n..j].replace('\n', " ").replace("\\|", "|");
                page.code.push((line_of(i), content.trim().to_string()));
                for b in &mut plain[i..j + n] {
                    if *b != b'\n' {
                        *b = b' ';
                    }
                }
                i = j + n;
            }
            None => i += n,
        }
    }
    let plain = String::from_utf8(plain).expect("blanking keeps UTF-8");
    // Inline links and images `[text](target)`, and reference definitions `[x]: target`.
    for (at, _) in plain.match_indices("](") {
        let rest = &plain[at + 2..];
        let end = rest.find([')', ' ', '\n']).unwrap_or(rest.len());
        let target = rest[..end].trim_start_matches('<').trim_end_matches('>');
        page.links.push((line_of(at), target.to_string()));
    }
    for (i, line) in plain.lines().enumerate() {
        let t = line.trim_start();
        if let (true, Some(p)) = (t.starts_with('['), t.find("]: ")) {
            let target = t[p + 3..].split_whitespace().next().unwrap_or("");
            page.links.push((i + 1, target.to_string()));
        }
    }
    page
}

/// `a/b/../c` -> `a/c`, without touching the file system; `None` if it climbs above
/// the start.
fn normalize(path: &Path) -> Option<PathBuf> {
    let mut out: Vec<&std::ffi::OsStr> = Vec::new();
    for c in path.components() {
        match c {
            Component::Normal(s) => out.push(s),
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop()?;
            }
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(out.iter().collect())
}

/// Problems with the links of the page `rel` (relative to `base`, the repository).
fn check_links(
    base: &Path,
    rel: &Path,
    page: &Page,
    pages: &dyn Fn(&Path) -> Option<Page>,
) -> Vec<String> {
    let mut problems = Vec::new();
    let at = |line: usize| format!("{}:{line}", rel.display());
    for (line, target) in &page.links {
        if target.is_empty() {
            problems.push(format!("{}: empty link", at(*line)));
            continue;
        }
        if target.contains("://") || target.starts_with("mailto:") {
            continue;
        }
        let (path, anchor) = match target.split_once('#') {
            Some((p, a)) => (p, Some(a)),
            None => (target.as_str(), None),
        };
        let file = if path.is_empty() {
            rel.to_path_buf()
        } else {
            let joined = rel.parent().unwrap_or(Path::new("")).join(path);
            match normalize(&joined) {
                Some(f) => f,
                None => {
                    problems.push(format!(
                        "{}: link '{target}' leaves the repository",
                        at(*line)
                    ));
                    continue;
                }
            }
        };
        if !path.is_empty() && !base.join(&file).exists() {
            problems.push(format!(
                "{}: link '{target}': {} does not exist",
                at(*line),
                file.display()
            ));
            continue;
        }
        if let Some(anchor) = anchor {
            if file.extension().is_some_and(|x| x == "md") {
                let target_page = if file == rel { None } else { pages(&file) };
                let anchors = match &target_page {
                    Some(p) => &p.anchors,
                    None => &page.anchors,
                };
                if !anchors.contains(anchor) {
                    problems.push(format!(
                        "{}: link '{target}': no heading '#{anchor}' in {}",
                        at(*line),
                        file.display()
                    ));
                }
            }
        }
    }
    problems
}

// ---------------------------------------------------------------------------------------
// Command lines.

/// One shell word, or an operator that ends a command (`|`, `&&`, `;`, ...).
#[derive(Debug, Clone, PartialEq)]
enum Word {
    Text(String),
    Op,
}

/// Splits a line as a shell would (quotes, `#` comments, operators); a `|` between
/// `[` and `]` is a usage alternative, not a pipe.
fn shell_words(line: &str) -> Vec<Word> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut depth = 0i32;
    let mut chars = line.chars().peekable();
    let flush = |cur: &mut String, in_word: &mut bool, words: &mut Vec<Word>| {
        if *in_word {
            words.push(Word::Text(std::mem::take(cur)));
            *in_word = false;
        }
    };
    while let Some(c) = chars.next() {
        if let Some(q) = quote {
            if c == q {
                quote = None;
            } else {
                cur.push(c);
            }
            continue;
        }
        match c {
            '\'' | '"' => {
                quote = Some(c);
                in_word = true;
            }
            '\\' => {
                if let Some(n) = chars.next() {
                    cur.push(n);
                    in_word = true;
                }
            }
            '#' if !in_word => break,
            ' ' | '\t' => flush(&mut cur, &mut in_word, &mut words),
            '|' if depth > 0 => flush(&mut cur, &mut in_word, &mut words),
            '|' | ';' | '&' | '(' | ')' => {
                flush(&mut cur, &mut in_word, &mut words);
                if words.last() != Some(&Word::Op) {
                    words.push(Word::Op);
                }
            }
            _ => {
                if c == '[' {
                    depth += 1;
                } else if c == ']' {
                    depth -= 1;
                }
                cur.push(c);
                in_word = true;
            }
        }
    }
    flush(&mut cur, &mut in_word, &mut words);
    words
}

/// The argument lists of every `loki` command in a line: `loki ARGS`, `.../loki ARGS`
/// or `cargo run --release -- ARGS`, at a command position.
fn loki_commands(line: &str) -> Vec<Vec<String>> {
    let words = shell_words(line.trim_start_matches("$ "));
    let mut found = Vec::new();
    let mut start = true;
    let mut i = 0;
    while i < words.len() {
        let Word::Text(w) = &words[i] else {
            start = true;
            i += 1;
            continue;
        };
        if !start {
            i += 1;
            continue;
        }
        start = false;
        if matches!(
            w.as_str(),
            "do" | "then" | "else" | "time" | "nice" | "exec" | "sudo"
        ) {
            start = true;
            i += 1;
            continue;
        }
        let args_from = if w == "loki" || w.ends_with("/loki") {
            Some(i + 1)
        } else if w == "cargo" {
            // `cargo run [--release] [--bin loki] -- ARGS`
            let mut j = i + 1;
            let mut ok = matches!(words.get(j), Some(Word::Text(t)) if t == "run");
            j += 1;
            while ok {
                match words.get(j) {
                    Some(Word::Text(t)) if t == "--" => break,
                    Some(Word::Text(t)) if t == "--release" || t == "-r" || t == "-q" => j += 1,
                    Some(Word::Text(t)) if t == "--bin" => {
                        ok = matches!(words.get(j + 1), Some(Word::Text(b)) if b == "loki");
                        j += 2;
                    }
                    _ => ok = false,
                }
            }
            ok.then_some(j + 1)
        } else {
            None
        };
        if let Some(from) = args_from {
            let args: Vec<String> = words[from.min(words.len())..]
                .iter()
                .take_while(|w| **w != Word::Op)
                .map(|w| match w {
                    Word::Text(t) => t.clone(),
                    Word::Op => unreachable!(),
                })
                .collect();
            i = from + args.len();
            found.push(args);
        } else {
            i += 1;
        }
    }
    found
}

/// What one `--help` says: the subcommands and the flags (with whether each takes a
/// value).
#[derive(Debug, Clone, Default)]
struct Help {
    subcommands: Vec<String>,
    flags: BTreeMap<String, bool>,
}

fn parse_help(text: &str) -> Help {
    let mut help = Help::default();
    let mut section = "";
    for line in text.lines() {
        if !line.starts_with(' ') && line.ends_with(':') && !line.contains(' ') {
            section = line;
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        let t = line.trim();
        if t.is_empty() || indent >= 8 {
            continue;
        }
        match section {
            "Commands:" => {
                if let Some(name) = t.split_whitespace().next() {
                    help.subcommands.push(name.to_string());
                }
            }
            "Options:" if t.starts_with('-') => {
                let words: Vec<&str> = t
                    .split_whitespace()
                    .take_while(|w| w.starts_with('-') || w.starts_with('<'))
                    .collect();
                let takes_value = words.iter().any(|w| w.starts_with('<'));
                for w in words.iter().filter(|w| w.starts_with('-')) {
                    help.flags
                        .insert(w.trim_end_matches(',').to_string(), takes_value);
                }
            }
            _ => {}
        }
    }
    help
}

/// `loki PATH... --help`, parsed, cached per path.
fn help_of(path: &[String]) -> Result<Help, String> {
    static CACHE: Mutex<BTreeMap<Vec<String>, Result<Help, String>>> = Mutex::new(BTreeMap::new());
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    cache
        .entry(path.to_vec())
        .or_insert_with(|| {
            let out = Command::new(env!("CARGO_BIN_EXE_loki"))
                .args(path)
                .arg("--help")
                .output()
                .map_err(|e| format!("cannot run loki: {e}"))?;
            if out.status.success() {
                Ok(parse_help(&String::from_utf8_lossy(&out.stdout)))
            } else {
                Err(format!(
                    "`loki {} --help` fails: {}",
                    path.join(" "),
                    String::from_utf8_lossy(&out.stderr).trim()
                ))
            }
        })
        .clone()
}

/// A usage placeholder standing for a command (`<COMMAND>`, `<command>`, `COMMAND`).
fn placeholder(w: &str) -> bool {
    (w.starts_with('<') && w.ends_with('>'))
        || (w.len() > 1 && w.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
}

/// A shell redirection (`>`, `>>`, `2>&1`, `<`, `<<EOF`), which ends the arguments.
fn redirection(w: &str) -> bool {
    let w = w.trim_start_matches(|c: char| c.is_ascii_digit());
    w.starts_with('>') || w == "<" || w.starts_with("<<")
}

/// Checks one command's arguments; `Err` says what is wrong.
fn check_command(
    args: &[String],
    help_of: &dyn Fn(&[String]) -> Result<Help, String>,
) -> Result<(), String> {
    let mut path: Vec<String> = Vec::new();
    let mut help = help_of(&path)?;
    let mut i = 0;
    while i < args.len() {
        let raw = args[i].as_str();
        i += 1;
        if raw == "--" || redirection(raw) {
            break;
        }
        let w = raw
            .trim_start_matches('[')
            .trim_end_matches("...")
            .trim_end_matches(']');
        let w = w.trim_end_matches("...");
        if w.is_empty() || w == "|" {
            continue;
        }
        let here = if path.is_empty() {
            "loki".to_string()
        } else {
            format!("loki {}", path.join(" "))
        };
        if let Some(long) = w.strip_prefix("--") {
            let name = format!("--{}", long.split('=').next().unwrap_or(""));
            match help.flags.get(&name) {
                None => return Err(format!("`{here} --help` has no flag {name}")),
                Some(true) if !long.contains('=') => i += 1,
                Some(_) => {}
            }
        } else if w.len() >= 2
            && w.starts_with('-')
            && w[1..].chars().all(|c| c.is_ascii_alphabetic())
        {
            for c in w[1..].chars() {
                let name = format!("-{c}");
                match help.flags.get(&name) {
                    None => return Err(format!("`{here} --help` has no flag {name}")),
                    Some(true) => i += 1,
                    Some(false) => {}
                }
            }
        } else if !help.subcommands.is_empty() {
            if placeholder(w) || w == "help" {
                return Ok(());
            }
            if !help.subcommands.iter().any(|s| s == w) {
                return Err(format!(
                    "`{here}` has no subcommand '{w}' (it has {})",
                    help.subcommands.join(", ")
                ));
            }
            path.push(w.to_string());
            help = help_of(&path)?;
        }
    }
    Ok(())
}

fn check_commands(
    rel: &Path,
    page: &Page,
    help_of: &dyn Fn(&[String]) -> Result<Help, String>,
) -> (usize, Vec<String>) {
    let mut checked = 0;
    let mut problems = Vec::new();
    for (line, code) in &page.code {
        for args in loki_commands(code) {
            if args.is_empty() {
                continue;
            }
            checked += 1;
            if let Err(e) = check_command(&args, help_of) {
                problems.push(format!(
                    "{}:{line}: `loki {}`: {e}",
                    rel.display(),
                    args.join(" ")
                ));
            }
        }
    }
    (checked, problems)
}

fn real_help(path: &[String]) -> Result<Help, String> {
    help_of(path)
}

/// Every command path of the binary (`["tournament"]`, `["acpc", "client"]`, ...).
fn command_paths() -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    for c in help_of(&[]).expect("loki --help").subcommands {
        if c == "help" {
            continue;
        }
        let p = vec![c];
        let subs = help_of(&p).expect("loki CMD --help").subcommands;
        paths.push(p.clone());
        for s in subs.into_iter().filter(|s| s != "help") {
            let mut q = p.clone();
            q.push(s);
            paths.push(q);
        }
    }
    paths
}

/// Whether `text` names `flag` (not as a prefix of a longer flag).
fn mentions(text: &str, flag: &str) -> bool {
    text.match_indices(flag).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + flag.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '-')
            && !after.is_some_and(|c| c.is_alphanumeric() || c == '-')
    })
}

// ---------------------------------------------------------------------------------------
// The tests.

#[test]
fn relative_links_point_to_files_and_headings() {
    let base = root();
    let pages = |p: &Path| {
        std::fs::read_to_string(base.join(p))
            .ok()
            .map(|t| parse_page(&t))
    };
    let mut problems = Vec::new();
    let mut links = 0;
    for rel in doc_files() {
        let page = parse_page(&read(&rel));
        links += page.links.len();
        problems.extend(check_links(&base, &rel, &page, &pages));
    }
    fail(problems, "links in README.md and docs/");
    assert!(
        links > 50,
        "only {links} links found: the scanner is broken"
    );
}

#[test]
fn quoted_command_lines_use_real_subcommands_and_flags() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for rel in doc_files() {
        let (n, p) = check_commands(&rel, &parse_page(&read(&rel)), &real_help);
        checked += n;
        problems.extend(p);
    }
    fail(problems, "loki command lines in README.md and docs/");
    assert!(
        checked > 100,
        "only {checked} command lines found: the scanner is broken"
    );
}

#[test]
fn commands_md_lists_every_command_and_flag() {
    let text = read(Path::new("docs/commands.md"));
    let mut sections: BTreeMap<String, String> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if let Some(h) = line.strip_prefix("## ") {
            current = Some(h.trim().to_string());
        }
        if let Some(c) = &current {
            let s = sections.entry(c.clone()).or_default();
            s.push_str(line);
            s.push('\n');
        }
    }
    let mut problems = Vec::new();
    let paths = command_paths();
    for title in sections.keys() {
        if !paths
            .iter()
            .any(|p| format!("loki {}", p.join(" ")) == *title)
        {
            problems.push(format!("docs/commands.md: '## {title}' is not a command"));
        }
    }
    for path in paths {
        let title = format!("loki {}", path.join(" "));
        let Some(section) = sections.get(&title) else {
            problems.push(format!("docs/commands.md: no section '## {title}'"));
            continue;
        };
        let help = help_of(&path).expect("help");
        for flag in help.flags.keys() {
            if matches!(flag.as_str(), "-h" | "--help" | "-V" | "--version") {
                continue;
            }
            if !mentions(section, flag) {
                problems.push(format!(
                    "docs/commands.md: section '## {title}' does not list {flag}"
                ));
            }
        }
        // The other way round: every flag of the section's option table exists.
        for row in section.lines().filter(|l| l.starts_with("| `-")) {
            let first = row.split('`').nth(1).unwrap_or("");
            for flag in first.split([',', ' ']).filter(|w| w.starts_with('-')) {
                if !help.flags.contains_key(flag) {
                    problems.push(format!(
                        "docs/commands.md: section '## {title}' lists {flag}, which `{title} --help` does not have"
                    ));
                }
            }
        }
        for sub in &help.subcommands {
            if sub != "help" && !mentions(section, sub) {
                problems.push(format!(
                    "docs/commands.md: section '## {title}' does not name its subcommand {sub}"
                ));
            }
        }
    }
    fail(
        problems,
        "docs/commands.md (regenerate it: scripts/commands_md.py)",
    );
}

#[test]
fn the_table_of_contents_links_every_page() {
    let toc = parse_page(&read(Path::new("docs/README.md")));
    let linked: BTreeSet<String> = toc
        .links
        .iter()
        .map(|(_, t)| t.split('#').next().unwrap_or("").to_string())
        .collect();
    let missing: Vec<String> = doc_files()
        .iter()
        .filter(|p| p.starts_with("docs") && p.file_name().unwrap() != "README.md")
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .filter(|name| !linked.contains(name))
        .map(|name| format!("docs/README.md: no link to {name}"))
        .collect();
    fail(missing, "the table of contents");
}

#[test]
fn no_path_outside_the_repository() {
    // Built at run time so that this file does not match itself.
    let patterns = [["/wo", "rk/"].concat(), ["../sha", "red"].concat()];
    let base = root();
    let mut files: Vec<PathBuf> = doc_files();
    let mut stack: Vec<PathBuf> = ["crates", "scripts", "deploy", ".ci"]
        .iter()
        .map(PathBuf::from)
        .collect();
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(base.join(&dir)) else {
            continue;
        };
        for e in entries.flatten() {
            let rel = dir.join(e.file_name());
            if e.file_type().is_ok_and(|t| t.is_dir()) {
                stack.push(rel);
            } else {
                files.push(rel);
            }
        }
    }
    let mut problems = Vec::new();
    for rel in files {
        let Ok(text) = std::fs::read_to_string(base.join(&rel)) else {
            continue; // not text
        };
        for (i, line) in text.lines().enumerate() {
            for p in &patterns {
                if line.contains(p.as_str()) {
                    problems.push(format!("{}:{}: names '{p}...'", rel.display(), i + 1));
                }
            }
        }
    }
    fail(
        problems,
        "paths outside the repository (cite a source by its name)",
    );
}

// ---------------------------------------------------------------------------------------
// The checkers catch what they are for.

fn fake_help(path: &[String]) -> Result<Help, String> {
    let flags = |f: &[(&str, bool)]| f.iter().map(|(n, v)| (n.to_string(), *v)).collect();
    match path
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [] => Ok(Help {
            subcommands: vec!["tournament".into(), "acpc".into(), "help".into()],
            flags: flags(&[("-h", false), ("--help", false)]),
        }),
        ["tournament"] => Ok(Help {
            subcommands: vec![],
            flags: flags(&[("--players", true), ("--hands", true), ("--resume", false)]),
        }),
        ["acpc"] => Ok(Help {
            subcommands: vec!["client".into()],
            flags: flags(&[("--help", false)]),
        }),
        ["acpc", "client"] => Ok(Help {
            subcommands: vec![],
            flags: flags(&[("--port", true), ("-v", false), ("--verbose", false)]),
        }),
        _ => Err("no such command".into()),
    }
}

#[test]
fn the_command_check_catches_a_renamed_flag_and_an_unknown_subcommand() {
    let doc = "\
Run `loki tournament --players 2*SOM --hands 100 --resume`, then:

```sh
loki tournament --player SOM     # renamed flag
cargo run --release -- acpc client --port 1 -v -x
printf 'c\\n' | loki acpc server --port 1
loki acpc client [--port P] [-v] <<EOF
for i in 0 1; do loki tournament --shard $i/2; done
dealer m game 1000 42 loki example -p 1,2 &
cargo run --release -p loki-assess --example range_time -- 5s4dKh 15
```

And `loki tournament --players X --hands`, `loki <command> --help`, `loki --help`.
";
    let (checked, problems) = check_commands(Path::new("t.md"), &parse_page(doc), &fake_help);
    assert_eq!(checked, 9, "{problems:#?}");
    assert_eq!(problems.len(), 4, "{problems:#?}");
    assert!(problems[0].starts_with("t.md:4:") && problems[0].contains("no flag --player"));
    assert!(problems[1].starts_with("t.md:5:") && problems[1].contains("no flag -x"));
    assert!(problems[2].starts_with("t.md:6:") && problems[2].contains("no subcommand 'server'"));
    assert!(problems[3].starts_with("t.md:8:") && problems[3].contains("no flag --shard"));
}

#[test]
fn the_link_check_catches_a_dead_link_and_a_dead_anchor() {
    let dir = std::env::temp_dir().join(format!("loki-docs-check-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("docs")).unwrap();
    std::fs::write(
        dir.join("docs/a.md"),
        "# A\n\n## The paper's experiments, reproduced\n",
    )
    .unwrap();
    std::fs::write(dir.join("docs/fig.png"), "").unwrap();
    let doc = "\
# Top

See [a](docs/a.md#the-papers-experiments-reproduced), ![fig](docs/fig.png),
[here](#top) and [the web](https://example.org/x).
Dead: [b](docs/b.md), [a](docs/a.md#nowhere), [up](../outside.md), [self](#nothing).
Not links: `[x](docs/none.md)` and

```text
[y](docs/none.md)
```
";
    let page = parse_page(doc);
    let pages = |p: &Path| {
        std::fs::read_to_string(dir.join(p))
            .ok()
            .map(|t| parse_page(&t))
    };
    let problems = check_links(&dir, Path::new("README.md"), &page, &pages);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(problems.len(), 4, "{problems:#?}");
    assert!(
        problems.iter().all(|p| p.starts_with("README.md:5:")),
        "{problems:#?}"
    );
    assert!(problems[0].contains("docs/b.md does not exist"));
    assert!(problems[1].contains("no heading '#nowhere'"));
    assert!(problems[2].contains("leaves the repository"));
    assert!(problems[3].contains("no heading '#nothing'"));
}

/// The crate names of the README's crate map, in its order (`| `crates/x` (`loki-x`) |`).
fn crate_map() -> Vec<String> {
    read(Path::new("README.md"))
        .lines()
        .filter_map(|l| {
            let rest = l.strip_prefix("| `crates/")?;
            let dir = &rest[..rest.find('`')?];
            Some(dir.to_string())
        })
        .collect()
}

/// The `loki-*` crates a crate's `[dependencies]` name (not its dev-dependencies).
fn loki_dependencies(dir: &str) -> Vec<String> {
    let toml = read(&Path::new("crates").join(dir).join("Cargo.toml"));
    let mut deps = Vec::new();
    let mut section = String::new();
    for line in toml.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            section = line.to_string();
        } else if section == "[dependencies]" {
            if let Some(name) = line.strip_prefix("loki-") {
                let name = &name[..name
                    .find(|c: char| !c.is_ascii_alphanumeric())
                    .unwrap_or(name.len())];
                deps.push(name.to_string());
            }
        }
    }
    deps
}

#[test]
fn every_crate_depends_only_on_crates_above_it_in_the_map() {
    let map = crate_map();
    let mut on_disk: Vec<String> = std::fs::read_dir(root().join("crates"))
        .expect("crates/")
        .map(|e| {
            e.expect("read crates/")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|d| root().join("crates").join(d).join("Cargo.toml").exists())
        .collect();
    on_disk.sort();
    let mut listed = map.clone();
    listed.sort();
    assert_eq!(
        listed, on_disk,
        "the README's crate map lists every crate once"
    );
    let mut problems = Vec::new();
    for (i, dir) in map.iter().enumerate() {
        for dep in loki_dependencies(dir) {
            match map.iter().position(|d| *d == dep) {
                Some(j) if j < i => {}
                _ => problems.push(format!(
                    "README.md: crates/{dir} depends on loki-{dep}, which is not above it in the crate map"
                )),
            }
        }
    }
    fail(problems, "crate layering");
}

/// `docs/design-choices.md` and the table of sources (`loki_bot::config_sources`) agree:
/// the page names every configuration key marked ours, and every key a row of its tables
/// names is marked ours.
#[test]
fn design_choices_name_exactly_the_keys_marked_ours() {
    use loki_bot::config_sources::{every_key, keys, source, Source, SOURCES};
    let page = read(Path::new("docs/design-choices.md"));
    let missing: Vec<&str> = SOURCES
        .iter()
        .filter_map(|(key, s)| match s {
            Source::Ours => Some(*key),
            Source::OursAs(name) => Some(*name),
            _ => None,
        })
        .filter(|name| !page.contains(&format!("`{name}")))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/design-choices.md does not name these keys marked ours: {missing:?}"
    );
    let rows: Vec<&str> = page.lines().filter(|l| l.starts_with('|')).collect();
    for key in keys(&every_key().to_toml()) {
        let named = |l: &&&str| l.contains(&format!("`{key}`")) || l.contains(&format!("`{key} ="));
        if let Some(row) = rows.iter().find(named) {
            assert!(
                matches!(source(&key), Some(Source::Ours | Source::OursAs(_))),
                "docs/design-choices.md lists `{key}` as a choice ({row}), but its source is {:?}",
                source(&key)
            );
        }
    }
}
