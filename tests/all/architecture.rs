//! The library's modules import each other in layers, without a cycle
//! (issue 19: "check it with a tool, not by eye").
//!
//! The tool: the library's module tree is read from `src/lib.rs` and the
//! `mod NAME;` declarations it leads to (so `src/main.rs`, `src/repl.rs`, `src/serve/` and
//! `src/bin/` are not part of it); each file is cut into Rust tokens
//! (comments, doc comments, strings and character literals dropped), and
//! every reference to another module of the crate is collected with its
//! file and line:
//!
//! - each leaf of a `use` tree (`use crate::{a, b::{c, self}}`, `super::`,
//!   `self::`, a child module, a name another `use` brought in);
//! - each path in the code that starts with `crate::`, `$crate::`,
//!   `super::`, `self::`, a child module or a module brought in by `use`
//!   (`memory::DICT_START` after `use crate::memory::{self, …}`).
//!
//! A path leads to the deepest module it names; the crate root's own
//! re-exports (`pub use compiler::closer_of` in lib.rs) are followed, so
//! `crate::closer_of` is a reference to `compiler`. Items under
//! `#[cfg(test)]` (unit tests) are left out. The graph is built twice: over
//! the top-level modules (`words::core` counts as `words`) and over every
//! module (`words` and `words::core` apart), and each strongly connected
//! component (a set of modules that all reach each other) is listed with
//! the edges inside it and where each is made.
//!
//! What is not a path is not seen: a call of a method that another module
//! defines in its own `impl Forth` block (`see.rs`, `teach.rs`) depends on
//! that module without naming it. The graph is that of the imports, as
//! `cargo modules dependencies` draws it.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// A module's path below the crate root (`["words", "core"]`; the root is
/// empty).
type ModPath = Vec<String>;

// ---- tokens ----

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    /// An identifier or keyword (`$crate` included; raw `r#x` as `x`).
    Ident(String),
    /// `::`
    PathSep,
    /// Any other punctuation character.
    Punct(char),
    /// A literal (number, string, character): its text does not matter.
    Literal,
}

#[derive(Clone, Debug, PartialEq)]
struct Token {
    tok: Tok,
    line: usize,
}

/// Rust source as tokens, without comments (doc comments too), and with
/// every string and character literal reduced to `Literal`.
fn tokens(text: &str) -> Vec<Token> {
    let c: Vec<char> = text.chars().collect();
    let mut out = vec![];
    let mut line = 1;
    let mut i = 0;
    let at = |i: usize| c.get(i).copied().unwrap_or('\0');
    let ident_start = |ch: char| ch.is_alphabetic() || ch == '_';
    let ident_char = |ch: char| ch.is_alphanumeric() || ch == '_';
    while i < c.len() {
        let ch = c[i];
        let start_line = line;
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && at(i + 1) == '*' {
            // Block comments nest.
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if c[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
        } else if ch == '"' {
            i = skip_string(&c, i + 1, &mut line);
            out.push(Token {
                tok: Tok::Literal,
                line: start_line,
            });
        } else if ch == '\'' {
            // A character literal ('x', '\n', '\u{1F600}') or a lifetime
            // or label ('a, 'static).
            if at(i + 1) == '\\' {
                // Past the backslash and the character it escapes.
                i += 3;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
                out.push(Token {
                    tok: Tok::Literal,
                    line,
                });
            } else if at(i + 2) == '\'' {
                i += 3;
                out.push(Token {
                    tok: Tok::Literal,
                    line,
                });
            } else {
                i += 1;
                while i < c.len() && ident_char(c[i]) {
                    i += 1;
                }
            }
        } else if ident_start(ch) || (ch == '$' && ident_start(at(i + 1))) {
            let start = i;
            i += 1;
            while i < c.len() && ident_char(c[i]) {
                i += 1;
            }
            let word: String = c[start..i].iter().collect();
            let raw_prefix = matches!(word.as_str(), "r" | "br" | "cr");
            if matches!(word.as_str(), "b" | "c") && at(i) == '"' {
                i = skip_string(&c, i + 1, &mut line);
                out.push(Token {
                    tok: Tok::Literal,
                    line: start_line,
                });
            } else if word == "b" && at(i) == '\'' {
                i += 1;
                if at(i) == '\\' {
                    i += 1;
                }
                i += 1;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
                out.push(Token {
                    tok: Tok::Literal,
                    line,
                });
            } else if raw_prefix
                && (at(i) == '"' || (at(i) == '#' && matches!(at(i + 1), '"' | '#')))
            {
                // A raw string: r"…", r#"…"#, r##"…"##.
                let mut hashes = 0;
                while at(i) == '#' {
                    hashes += 1;
                    i += 1;
                }
                i += 1;
                loop {
                    if i >= c.len() {
                        break;
                    }
                    if c[i] == '"' && (1..=hashes).all(|k| at(i + k) == '#') {
                        i += 1 + hashes;
                        break;
                    }
                    if c[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
                out.push(Token {
                    tok: Tok::Literal,
                    line: start_line,
                });
            } else if word == "r" && at(i) == '#' && ident_start(at(i + 1)) {
                // A raw identifier: r#type.
                let start = i + 1;
                i += 1;
                while i < c.len() && ident_char(c[i]) {
                    i += 1;
                }
                out.push(Token {
                    tok: Tok::Ident(c[start..i].iter().collect()),
                    line,
                });
            } else {
                out.push(Token {
                    tok: Tok::Ident(word),
                    line,
                });
            }
        } else if ch.is_ascii_digit() {
            while i < c.len() && (ident_char(c[i]) || (c[i] == '.' && at(i + 1).is_ascii_digit())) {
                i += 1;
            }
            out.push(Token {
                tok: Tok::Literal,
                line,
            });
        } else if ch == ':' && at(i + 1) == ':' {
            out.push(Token {
                tok: Tok::PathSep,
                line,
            });
            i += 2;
        } else {
            out.push(Token {
                tok: Tok::Punct(ch),
                line,
            });
            i += 1;
        }
    }
    out
}

/// Past the closing quote of a string whose body starts at `i`.
fn skip_string(c: &[char], mut i: usize, line: &mut usize) -> usize {
    while i < c.len() {
        match c[i] {
            '\\' => {
                if c.get(i + 1) == Some(&'\n') {
                    *line += 1;
                }
                i += 2;
            }
            '"' => return i + 1,
            '\n' => {
                *line += 1;
                i += 1;
            }
            _ => i += 1,
        }
    }
    i
}

// ---- what one file says ----

/// A path as written, before it is resolved: its segments and the line of
/// its last one.
#[derive(Clone, Debug, PartialEq)]
struct Written {
    segments: Vec<String>,
    line: usize,
}

/// One leaf of a `use` tree: the full path and the name it brings in
/// (none for a glob).
#[derive(Clone, Debug, PartialEq)]
struct UseLeaf {
    path: Written,
    name: Option<String>,
}

/// What one module (a file, or an inline `mod x { … }` in it) says.
#[derive(Clone, Debug, Default, PartialEq)]
struct Said {
    uses: Vec<UseLeaf>,
    /// Paths in the code with two or more segments (`a::b`), not inside `use`.
    paths: Vec<Written>,
    /// `mod x;` declarations (modules in files of their own).
    declared: Vec<String>,
}

/// What a file says, by module: the file's own module is `[]`, an inline
/// module in it `["x"]`, relative to the file's module.
fn read_file(text: &str) -> BTreeMap<ModPath, Said> {
    let t = tokens(text);
    let mut said: BTreeMap<ModPath, Said> = BTreeMap::new();
    said.insert(vec![], Said::default());
    // Inline modules open now: their path and the brace depth inside them.
    let mut scopes: Vec<(ModPath, usize)> = vec![(vec![], 0)];
    let mut depth = 0usize;
    let mut i = 0;
    let ident = |i: usize| match t.get(i).map(|t| &t.tok) {
        Some(Tok::Ident(s)) => Some(s.as_str()),
        _ => None,
    };
    let is = |i: usize, tok: &Tok| t.get(i).is_some_and(|t| &t.tok == tok);
    while i < t.len() {
        let scope = scopes.last().expect("the file's scope").0.clone();
        match &t[i].tok {
            Tok::Punct('#') => {
                // An attribute: #[…] or #![…].
                let mut j = i + 1;
                if is(j, &Tok::Punct('!')) {
                    j += 1;
                }
                if !is(j, &Tok::Punct('[')) {
                    i += 1;
                    continue;
                }
                let end = matching(&t, j);
                let body: Vec<&Tok> = t[j + 1..end].iter().map(|t| &t.tok).collect();
                let test_only = body
                    == [
                        &Tok::Ident("cfg".into()),
                        &Tok::Punct('('),
                        &Tok::Ident("test".into()),
                        &Tok::Punct(')'),
                    ];
                i = end + 1;
                if test_only {
                    i = skip_item(&t, i);
                }
            }
            Tok::Punct('{') => {
                depth += 1;
                i += 1;
            }
            Tok::Punct('}') => {
                if scopes.len() > 1 && scopes.last().is_some_and(|s| s.1 == depth) {
                    scopes.pop();
                }
                depth = depth.saturating_sub(1);
                i += 1;
            }
            Tok::Ident(kw) if kw == "mod" && ident(i + 1).is_some() => {
                let name = ident(i + 1).expect("a name").to_string();
                if is(i + 2, &Tok::Punct(';')) {
                    assert!(
                        scope.is_empty(),
                        "`mod {name};` inside an inline module: not supported"
                    );
                    said.entry(scope).or_default().declared.push(name);
                    i += 3;
                } else if is(i + 2, &Tok::Punct('{')) {
                    let mut inner = scope.clone();
                    inner.push(name);
                    said.entry(inner.clone()).or_default();
                    depth += 1;
                    scopes.push((inner, depth));
                    i += 3;
                } else {
                    i += 1;
                }
            }
            Tok::Ident(kw) if kw == "use" => {
                let mut leaves = vec![];
                let end = use_tree(&t, i + 1, &[], &mut leaves);
                said.entry(scope).or_default().uses.extend(leaves);
                i = end;
            }
            Tok::Ident(first)
                if is(i + 1, &Tok::PathSep)
                    && !(i > 0 && matches!(t[i - 1].tok, Tok::PathSep | Tok::Punct('.'))) =>
            {
                let mut segments = vec![first.clone()];
                let mut line = t[i].line;
                let mut j = i + 1;
                while is(j, &Tok::PathSep) {
                    match ident(j + 1) {
                        Some(s) => {
                            segments.push(s.to_string());
                            line = t[j + 1].line;
                            j += 2;
                        }
                        None => break,
                    }
                }
                if segments.len() > 1 {
                    said.entry(scope)
                        .or_default()
                        .paths
                        .push(Written { segments, line });
                }
                i = j.max(i + 1);
            }
            _ => i += 1,
        }
    }
    said
}

/// The index of the bracket closing the one at `open`.
fn matching(t: &[Token], open: usize) -> usize {
    let mut depth = 0;
    for (k, tok) in t.iter().enumerate().skip(open) {
        match tok.tok {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']' | '}') => {
                depth -= 1;
                if depth == 0 {
                    return k;
                }
            }
            _ => {}
        }
    }
    t.len().saturating_sub(1)
}

/// Past the item starting at `i` (after its attributes): up to a `;`
/// outside brackets, or the end of its first `{ … }` block.
fn skip_item(t: &[Token], mut i: usize) -> usize {
    // More attributes first.
    while i < t.len() && t[i].tok == Tok::Punct('#') {
        let open = if t.get(i + 1).map(|t| &t.tok) == Some(&Tok::Punct('[')) {
            i + 1
        } else {
            break;
        };
        i = matching(t, open) + 1;
    }
    while i < t.len() {
        match t[i].tok {
            Tok::Punct(';') => return i + 1,
            Tok::Punct('{') => return matching(t, i) + 1,
            Tok::Punct('(' | '[') => i = matching(t, i) + 1,
            _ => i += 1,
        }
    }
    i
}

/// Read the use tree starting at `i` (after `use`, or inside braces) with
/// the segments before it, into `leaves`; the index past it (past the `;`
/// for a whole declaration).
fn use_tree(t: &[Token], mut i: usize, prefix: &[String], leaves: &mut Vec<UseLeaf>) -> usize {
    let mut path: Vec<String> = prefix.to_vec();
    let mut line = t.get(i).map_or(0, |t| t.line);
    if t.get(i).map(|t| &t.tok) == Some(&Tok::PathSep) {
        // `use ::name`: another crate.
        path.push("::".into());
        i += 1;
    }
    loop {
        match t.get(i).map(|t| &t.tok) {
            Some(Tok::Ident(s)) => {
                path.push(s.clone());
                line = t[i].line;
                i += 1;
            }
            Some(Tok::Punct('{')) => {
                i += 1;
                loop {
                    match t.get(i).map(|t| &t.tok) {
                        Some(Tok::Punct('}')) => {
                            i += 1;
                            break;
                        }
                        Some(Tok::Punct(',')) => i += 1,
                        None => return i,
                        _ => i = use_tree(t, i, &path, leaves),
                    }
                }
                return end_of_use(t, i);
            }
            Some(Tok::Punct('*')) => {
                leaves.push(UseLeaf {
                    path: Written {
                        segments: path,
                        line: t[i].line,
                    },
                    name: None,
                });
                return end_of_use(t, i + 1);
            }
            _ => break,
        }
        if t.get(i).map(|t| &t.tok) == Some(&Tok::PathSep) {
            i += 1;
        } else {
            break;
        }
    }
    let mut name = path.last().cloned();
    if path.last().is_some_and(|s| s == "self") {
        path.pop();
        name = path.last().cloned();
    }
    if let (Some(Tok::Ident(kw)), Some(Tok::Ident(alias))) =
        (t.get(i).map(|t| &t.tok), t.get(i + 1).map(|t| &t.tok))
        && kw == "as"
    {
        name = Some(alias.clone()).filter(|a| a != "_");
        i += 2;
    }
    leaves.push(UseLeaf {
        path: Written {
            segments: path,
            line,
        },
        name,
    });
    end_of_use(t, i)
}

/// At the end of a use tree: past a `;` if one follows (the end of the
/// declaration); else here (a `,` or `}` in a group).
fn end_of_use(t: &[Token], i: usize) -> usize {
    if t.get(i).map(|t| &t.tok) == Some(&Tok::Punct(';')) {
        i + 1
    } else {
        i
    }
}

// ---- the crate ----

/// A module of the crate: where it is written and what it says.
struct Module {
    file: String,
    said: Said,
}

/// The crate's modules, read from memory: (file name, module path of the
/// file, text) for each file, the root's file first.
fn modules_of(files: &[(&str, ModPath, &str)]) -> BTreeMap<ModPath, Module> {
    let mut modules = BTreeMap::new();
    for (file, path, text) in files {
        for (inner, said) in read_file(text) {
            let mut full = path.clone();
            full.extend(inner);
            modules.insert(
                full,
                Module {
                    file: file.to_string(),
                    said,
                },
            );
        }
    }
    modules
}

/// The library's files from `src/lib.rs` on: (file relative to the
/// package, module path, text).
fn library_files(root: &Path) -> Vec<(String, ModPath, String)> {
    let mut files = vec![];
    let mut todo: Vec<(PathBuf, ModPath)> = vec![(root.join("src/lib.rs"), vec![])];
    while let Some((file, path)) = todo.pop() {
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file:?}: {e}"));
        let said = read_file(&text);
        // Children of lib.rs and mod.rs are beside them; of x.rs, in x/.
        let dir = match file.file_name().and_then(|n| n.to_str()) {
            Some("lib.rs" | "mod.rs") => file.parent().expect("a folder").to_path_buf(),
            _ => file.with_extension(""),
        };
        for name in &said[&vec![]].declared {
            let flat = dir.join(format!("{name}.rs"));
            let nested = dir.join(name).join("mod.rs");
            let child = if flat.exists() { flat } else { nested };
            let mut child_path = path.clone();
            child_path.push(name.clone());
            todo.push((child, child_path));
        }
        let rel = file
            .strip_prefix(root)
            .expect("under the package")
            .to_string_lossy()
            .into_owned();
        files.push((rel, path, text));
    }
    files.sort_by(|a, b| a.1.cmp(&b.1));
    files
}

/// One reference from a module to another: where it is written.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Site {
    file: String,
    line: usize,
}

/// Edges of the module graph with where each is made.
type Edges = BTreeMap<(ModPath, ModPath), Vec<Site>>;

/// Every reference between two different modules of the crate (the root
/// itself, which only declares and re-exports, is not a node).
fn references(modules: &BTreeMap<ModPath, Module>) -> Edges {
    let is_module = |p: &[String]| modules.contains_key(p);
    // The root's `use`s, by the name they bring in: what `crate::NAME` is.
    let root_names: BTreeMap<String, Vec<String>> = modules
        .get(&vec![])
        .map(|m| {
            m.said
                .uses
                .iter()
                .filter_map(|u| {
                    let name = u.name.clone()?;
                    let abs = absolute(&u.path.segments, &[], &is_module, &BTreeMap::new())?;
                    Some((name, abs))
                })
                .collect()
        })
        .unwrap_or_default();
    let mut edges = Edges::new();
    for (from, module) in modules {
        if from.is_empty() {
            continue;
        }
        // The names this module's `use`s bring in, resolved in two rounds
        // (a `use` may start with a name another one brought in).
        let mut names: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for _ in 0..2 {
            for u in &module.said.uses {
                if let (Some(name), Some(abs)) = (
                    &u.name,
                    absolute(&u.path.segments, from, &is_module, &names),
                ) {
                    names.insert(name.clone(), abs);
                }
            }
        }
        let mut add = |target: Option<ModPath>, line: usize| {
            if let Some(to) = target
                && &to != from
            {
                edges.entry((from.clone(), to)).or_default().push(Site {
                    file: module.file.clone(),
                    line,
                });
            }
        };
        for u in &module.said.uses {
            let target = absolute(&u.path.segments, from, &is_module, &names)
                .and_then(|abs| module_named(&abs, &is_module, &root_names));
            add(target, u.path.line);
        }
        for p in &module.said.paths {
            let first = &p.segments[0];
            // A path through a name brought in counts when the name is a
            // module (`memory::DICT_START`); an item's own path
            // (`Forth::new`) was counted at its `use`.
            let through_module = names.get(first).is_some_and(|abs| is_module(abs));
            let starts_here = matches!(first.as_str(), "crate" | "$crate" | "super" | "self")
                || is_module(&[from.clone(), vec![first.clone()]].concat());
            if !(starts_here || through_module) {
                continue;
            }
            let target = absolute(&p.segments, from, &is_module, &names)
                .and_then(|abs| module_named(&abs, &is_module, &root_names));
            add(target, p.line);
        }
    }
    for sites in edges.values_mut() {
        sites.sort();
    }
    edges
}

/// A path as written in module `at`, from the crate root; None when it
/// leads out of the crate.
fn absolute(
    segments: &[String],
    at: &[String],
    is_module: &dyn Fn(&[String]) -> bool,
    names: &BTreeMap<String, Vec<String>>,
) -> Option<Vec<String>> {
    let first = segments.first()?;
    let mut rest = &segments[1..];
    let mut base: Vec<String> = match first.as_str() {
        "crate" | "$crate" => vec![],
        "self" => at.to_vec(),
        "super" => {
            let mut b = at.to_vec();
            b.pop()?;
            while rest.first().is_some_and(|s| s == "super") {
                b.pop()?;
                rest = &rest[1..];
            }
            b
        }
        _ => {
            let mut child = at.to_vec();
            child.push(first.clone());
            if is_module(&child) {
                child
            } else {
                names.get(first)?.clone()
            }
        }
    };
    base.extend(rest.iter().cloned());
    Some(base)
}

/// The deepest module a path from the root names, following the root's
/// re-exports; None for the root itself.
fn module_named(
    abs: &[String],
    is_module: &dyn Fn(&[String]) -> bool,
    root_names: &BTreeMap<String, Vec<String>>,
) -> Option<ModPath> {
    let mut found: ModPath = vec![];
    for (k, seg) in abs.iter().enumerate() {
        let mut next = found.clone();
        next.push(seg.clone());
        if is_module(&next) {
            found = next;
        } else if found.is_empty()
            && let Some(target) = root_names.get(seg)
            && target.first() != Some(seg)
        {
            let mut via = target.clone();
            via.extend(abs[k + 1..].iter().cloned());
            return module_named(&via, is_module, root_names);
        } else {
            break;
        }
    }
    (!found.is_empty()).then_some(found)
}

// ---- cycles ----

/// The strongly connected components of more than one node (Tarjan).
fn cycles(nodes: &BTreeSet<String>, edges: &BTreeSet<(String, String)>) -> Vec<BTreeSet<String>> {
    struct State<'a> {
        next: BTreeMap<&'a str, Vec<&'a str>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<BTreeSet<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.next.get(v).cloned().unwrap_or_default() {
            if !s.index.contains_key(w) {
                visit(s, w);
                let low = s.low[v].min(s.low[w]);
                s.low.insert(v, low);
            } else if s.on_stack.contains(w) {
                let low = s.low[v].min(s.index[w]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = BTreeSet::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.insert(w.to_string());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                s.found.push(component);
            }
        }
    }
    let mut s = State {
        next: BTreeMap::new(),
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: vec![],
        on_stack: BTreeSet::new(),
        found: vec![],
    };
    for (a, b) in edges {
        s.next.entry(a.as_str()).or_default().push(b.as_str());
    }
    for v in nodes {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.found.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    s.found
}

/// One graph over named nodes: each edge with where it is made.
struct Graph {
    nodes: BTreeSet<String>,
    edges: BTreeMap<(String, String), Vec<Site>>,
}

/// The graph over modules cut to `depth` segments (1: top-level modules;
/// usize::MAX: every module).
fn graph_at(modules: &BTreeMap<ModPath, Module>, refs: &Edges, depth: usize) -> Graph {
    let name = |p: &ModPath| p[..p.len().min(depth)].join("::");
    let nodes = modules.keys().filter(|p| !p.is_empty()).map(name).collect();
    let mut edges: BTreeMap<(String, String), Vec<Site>> = BTreeMap::new();
    for ((from, to), sites) in refs {
        let (a, b) = (name(from), name(to));
        if a != b {
            edges
                .entry((a, b))
                .or_default()
                .extend(sites.iter().cloned());
        }
    }
    for sites in edges.values_mut() {
        sites.sort();
        sites.dedup();
    }
    Graph { nodes, edges }
}

/// The cycles of a graph, listed: each component, the edges inside it
/// with where they are made, and its two-way pairs. Empty when there is
/// no cycle.
fn cycle_listing(title: &str, g: &Graph) -> String {
    let pairs: BTreeSet<(String, String)> = g.edges.keys().cloned().collect();
    let found = cycles(&g.nodes, &pairs);
    let mut t = String::new();
    if found.is_empty() {
        return t;
    }
    let _ = writeln!(
        t,
        "{title}: {} module(s), {} cycle(s)",
        g.nodes.len(),
        found.len()
    );
    for (k, component) in found.iter().enumerate() {
        let inside: Vec<(&(String, String), &Vec<Site>)> = g
            .edges
            .iter()
            .filter(|((a, b), _)| component.contains(a) && component.contains(b))
            .collect();
        let two_way: Vec<String> = inside
            .iter()
            .filter(|((a, b), _)| a < b && g.edges.contains_key(&(b.clone(), a.clone())))
            .map(|((a, b), _)| format!("{a} <-> {b}"))
            .collect();
        let _ = writeln!(
            t,
            "\n  cycle {}: {} of {} modules, {} edges, {} two-way pairs\n    {}",
            k + 1,
            component.len(),
            g.nodes.len(),
            inside.len(),
            two_way.len(),
            component.iter().cloned().collect::<Vec<_>>().join(", ")
        );
        let _ = writeln!(t, "  two-way pairs:");
        for p in &two_way {
            let _ = writeln!(t, "    {p}");
        }
        let _ = writeln!(t, "  edges (references, then where):");
        for ((a, b), sites) in &inside {
            let at: Vec<String> = sites
                .iter()
                .map(|s| format!("{}:{}", s.file, s.line))
                .collect();
            let _ = writeln!(t, "    {a} -> {b} ({}): {}", sites.len(), at.join(", "));
        }
    }
    t
}

/// The library as read from `src/`.
fn library() -> (BTreeMap<ModPath, Module>, Edges) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = library_files(root);
    let borrowed: Vec<(&str, ModPath, &str)> = files
        .iter()
        .map(|(f, p, t)| (f.as_str(), p.clone(), t.as_str()))
        .collect();
    let modules = modules_of(&borrowed);
    let refs = references(&modules);
    (modules, refs)
}

/// The listing of the module graph's cycles; empty when there is none.
/// Every module is a node, a submodule as much as a file at the top (as
/// `cargo modules dependencies --acyclic` sees them): `compiler::state`
/// sits under the kernel while `compiler` builds on it, and the word
/// families sit at several layers (`words::spec` and `words::core` low,
/// `words::tools` near the top), so grouping a folder into one node would
/// join layers that do not depend on each other.
fn library_cycles() -> String {
    let (modules, refs) = library();
    let all = graph_at(&modules, &refs, usize::MAX);
    cycle_listing("Modules and submodules", &all)
}

#[test]
fn the_library_has_no_import_cycle() {
    let listing = library_cycles();
    println!("{listing}");
    assert!(
        listing.is_empty(),
        "the library's modules import each other in a cycle:\n{listing}"
    );
}

/// The tool sees the whole library: every file of `src/` but the binaries'
/// and the build script's is one of the modules read from lib.rs, and the modules do refer to
/// each other.
#[test]
fn the_module_graph_covers_the_library() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let read: BTreeSet<String> = library_files(root).into_iter().map(|f| f.0).collect();
    let mut on_disk = BTreeSet::new();
    let mut dirs = vec![root.join("src")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("read src").flatten() {
            let path = entry.path();
            let rel = path
                .strip_prefix(root)
                .expect("under the root")
                .to_string_lossy();
            if path.is_dir() {
                if rel != "src/bin" && rel != "src/serve" {
                    dirs.push(path);
                }
            } else if rel.ends_with(".rs")
                && rel != "src/main.rs"
                && rel != "src/repl.rs"
                && rel != "src/build.rs"
            {
                on_disk.insert(rel.into_owned());
            }
        }
    }
    assert_eq!(
        read, on_disk,
        "files of src/ the library does not declare, or the reverse"
    );
    let (modules, refs) = library();
    assert!(modules.len() > 20, "{} modules", modules.len());
    assert!(refs.len() > 20, "{} edges", refs.len());
}

// ---- the tool on small crates ----

/// The edges of a crate given as (file, module path, text), as
/// `from -> to` with the lines.
fn edges_of(files: &[(&str, &str, &str)]) -> Vec<String> {
    let files: Vec<(&str, ModPath, &str)> = files
        .iter()
        .map(|(f, p, t)| {
            let path = if p.is_empty() {
                vec![]
            } else {
                p.split("::").map(str::to_string).collect()
            };
            (*f, path, *t)
        })
        .collect();
    let modules = modules_of(&files);
    references(&modules)
        .into_iter()
        .map(|((a, b), sites)| {
            let lines: Vec<String> = sites.iter().map(|s| s.line.to_string()).collect();
            format!("{} -> {} @{}", a.join("::"), b.join("::"), lines.join(","))
        })
        .collect()
}

const LIB: &str = "mod a;\nmod b;\nmod c;\npub use a::Thing;\npub use b::{Other as Renamed};\n";

#[test]
fn comments_strings_and_characters_are_not_references() {
    let a = r####"
// use crate::b::X;
/// crate::b::documented
//! crate::b::inner
/* crate::b::block /* nested crate::c::x */ still crate::b::y */
fn f<'a>(x: &'a str) -> char {
    let s = "crate::b::string \" crate::c::escaped";
    let r = r#"crate::b::raw "quoted" "#;
    let bytes = b"crate::b::bytes";
    let q = '"';
    let e = '\'';
    let u = '\u{22}';
    let b = b'"';
    'outer: loop { break 'outer; }
    let r2 = r##"crate::c::x"# still raw"##;
    q
}
"####;
    assert_eq!(
        edges_of(&[
            ("lib.rs", "", LIB),
            ("a.rs", "a", a),
            ("b.rs", "b", ""),
            ("c.rs", "c", "")
        ]),
        Vec::<String>::new()
    );
}

#[test]
fn use_trees_are_read_leaf_by_leaf() {
    let a = "use crate::{b, c::{self, d as e}, c::f::*};\nuse std::io::{self, Write};\n";
    let c = "pub mod f;\nmod d;\n";
    assert_eq!(
        edges_of(&[
            ("lib.rs", "", LIB),
            ("a.rs", "a", a),
            ("b.rs", "b", ""),
            ("c.rs", "c", c),
            ("c/d.rs", "c::d", ""),
            ("c/f.rs", "c::f", ""),
        ]),
        ["a -> b @1", "a -> c @1", "a -> c::d @1", "a -> c::f @1"]
    );
}

#[test]
fn super_self_children_and_names_brought_in_are_resolved() {
    let c = "mod d;\nuse self::d::X;\nfn f() { d::g(); }\n";
    let d = "use super::Y;\nfn g() {\n    super::super::a::h();\n    crate::b::i();\n}\n";
    let a = "use crate::c;\nuse c::d::Z;\nfn h() {\n    c::d::k();\n    Z::new();\n}\n";
    assert_eq!(
        edges_of(&[
            ("lib.rs", "", LIB),
            ("a.rs", "a", a),
            ("b.rs", "b", ""),
            ("c.rs", "c", c),
            ("c/d.rs", "c::d", d),
        ]),
        [
            "a -> c @1",
            "a -> c::d @2,4",
            "c -> c::d @2,3",
            "c::d -> a @3",
            "c::d -> b @4",
            "c::d -> c @1",
        ]
    );
}

#[test]
fn the_roots_re_exports_lead_to_their_modules() {
    let c = "use crate::Thing;\nfn f() -> crate::Renamed { todo!() }\nuse crate::layout::X;\n";
    let lib = format!("{LIB}pub mod layout {{\n    pub use crate::b::X;\n}}\n");
    assert_eq!(
        edges_of(&[
            ("lib.rs", "", &lib),
            ("a.rs", "a", ""),
            ("b.rs", "b", ""),
            ("c.rs", "c", c),
        ]),
        ["c -> a @1", "c -> b @2", "c -> layout @3", "layout -> b @7"]
    );
}

#[test]
fn test_code_is_left_out() {
    let a = "\
#[cfg(test)]
mod tests {
    use crate::b::X;
    fn t() { crate::c::y(); }
}
#[cfg(test)]
#[allow(dead_code)]
fn helper() -> [u8; 2] { crate::c::z() }
#[cfg(test)]
use crate::c::W;
fn real() { crate::b::f(); }
";
    assert_eq!(
        edges_of(&[
            ("lib.rs", "", LIB),
            ("a.rs", "a", a),
            ("b.rs", "b", ""),
            ("c.rs", "c", "")
        ]),
        ["a -> b @11"]
    );
}

#[test]
fn macros_turbofish_and_methods() {
    let a = "\
macro_rules! m { () => { $crate::b::f() }; }
fn g() {
    let v = crate::c::parse::<u8>(\"1\");
    x.b::<u8>();
    let r#type = 1;
}
";
    assert_eq!(
        edges_of(&[
            ("lib.rs", "", LIB),
            ("a.rs", "a", a),
            ("b.rs", "b", ""),
            ("c.rs", "c", "")
        ]),
        ["a -> b @1", "a -> c @3"]
    );
}

#[test]
fn cycles_are_the_strongly_connected_components() {
    let e = |a: &str, b: &str| (a.to_string(), b.to_string());
    let nodes: BTreeSet<String> = ["a", "b", "c", "d", "e", "f"].map(String::from).into();
    let edges: BTreeSet<(String, String)> = [
        e("a", "b"),
        e("b", "c"),
        e("c", "a"),
        e("c", "d"),
        e("e", "f"),
        e("f", "e"),
    ]
    .into();
    let found = cycles(&nodes, &edges);
    let names: Vec<Vec<&str>> = found
        .iter()
        .map(|c| c.iter().map(String::as_str).collect())
        .collect();
    assert_eq!(names, [vec!["a", "b", "c"], vec!["e", "f"]]);
    let g = Graph {
        nodes,
        edges: edges
            .into_iter()
            .map(|k| {
                (
                    k,
                    vec![Site {
                        file: "x.rs".into(),
                        line: 1,
                    }],
                )
            })
            .collect(),
    };
    let listing = cycle_listing("T", &g);
    assert!(
        listing.starts_with("T: 6 module(s), 2 cycle(s)"),
        "{listing}"
    );
    assert!(
        listing.contains("cycle 1: 3 of 6 modules, 3 edges, 0 two-way pairs"),
        "{listing}"
    );
    assert!(listing.contains("    e <-> f\n"), "{listing}");
    assert!(listing.contains("    c -> a (1): x.rs:1\n"), "{listing}");
    assert!(!listing.contains("c -> d"), "{listing}");
    let acyclic = Graph {
        nodes: ["a", "b"].map(String::from).into(),
        edges: [(e("a", "b"), vec![])].into(),
    };
    assert_eq!(cycle_listing("T", &acyclic), "");
}

#[test]
fn tokens_keep_lines() {
    let t = tokens("a\n/* x\ny */ b \"s\ns\" c\nr#\"\n\"# d");
    let idents: Vec<(String, usize)> = t
        .iter()
        .filter_map(|t| match &t.tok {
            Tok::Ident(s) => Some((s.clone(), t.line)),
            _ => None,
        })
        .collect();
    assert_eq!(
        idents,
        [
            ("a".into(), 1),
            ("b".into(), 3),
            ("c".into(), 4),
            ("d".into(), 6)
        ]
    );
}

/// The stacks keep their fields private to `stacks.rs`; the inner
/// interpreter's door to them, `Stacks::parts` (every part lent apart, so
/// that the hot loop keeps its depths in registers), is taken in `vm.rs`
/// only.
#[test]
fn only_the_inner_interpreter_takes_the_stacks_door() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut takers = vec![];
    for (file, _, text) in library_files(root) {
        let t = tokens(&text);
        for w in t.windows(3) {
            if w[0].tok == Tok::Punct('.')
                && w[1].tok == Tok::Ident("parts".into())
                && w[2].tok == Tok::Punct('(')
                && file != "src/vm.rs"
            {
                takers.push(format!("{file}:{}", w[1].line));
            }
        }
    }
    assert!(
        takers.is_empty(),
        "Stacks::parts is the inner interpreter's door (vm.rs); taken at {takers:?}"
    );
}
