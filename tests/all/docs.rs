//! The docs are executable: every ```forth block in README.md, docs/ and
//! docs/lessons/ that shows a session (lines starting with `> `) is
//! replayed and must match exactly; docs/glossary.md must match the word
//! tables. `terminal::doc_sessions_pasted_into_the_repl` pastes each one
//! into the REPL in a terminal too, as a learner copies it.
//!
//! Sessions are shown as the terminal shows them: the prompt `> ` and the
//! line typed after it, then its output with ` ok` and the stack on the
//! same line.
//!
//! PLAYFORTH_BLESS=1 rewrites the sessions and docs/glossary.md instead of
//! failing.

use crate::common;

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The ```forth blocks of a Markdown file that hold a session (the
/// terminal tests paste each into the REPL too).
pub(crate) fn sessions(md: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut block: Option<String> = None;
    for line in md.lines() {
        match &mut block {
            None if line.trim_start() == "```forth" => block = Some(String::new()),
            None => {}
            Some(b) if line.trim_start() == "```" => {
                if b.starts_with("> ") {
                    out.push(b.clone());
                }
                block = None;
            }
            Some(b) => {
                b.push_str(line);
                b.push('\n');
            }
        }
    }
    out
}

/// Replay every session of a file; with PLAYFORTH_BLESS set, write what
/// playforth does into the file instead of failing (then read the diff).
fn check_file(path: &Path) -> usize {
    let md = std::fs::read_to_string(path).expect("read doc");
    let blocks = sessions(&md);
    let mut blessed = md.clone();
    for shown in &blocks {
        let input: String = shown
            .lines()
            .filter_map(|l| l.strip_prefix("> "))
            .map(|l| format!("{l}\n"))
            .collect();
        let actual = common::terminal_transcript(&input);
        if std::env::var_os("PLAYFORTH_BLESS").is_some() {
            blessed = blessed.replacen(shown.as_str(), &actual, 1);
            continue;
        }
        assert_eq!(
            &actual,
            shown,
            "a session in {} does not replay as shown (PLAYFORTH_BLESS=1 rewrites it)",
            path.display()
        );
    }
    if blessed != md {
        std::fs::write(path, blessed).expect("write doc");
    }
    blocks.len()
}

/// README.md and the Markdown files of docs/ and docs/lessons/.
pub(crate) fn doc_files() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    for dir in ["docs", "docs/lessons"] {
        let mut found: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
            .expect("docs/")
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "md"))
            .collect();
        found.sort();
        files.extend(found);
    }
    files
}

#[test]
fn doc_sessions_replay_exactly() {
    let files = doc_files();
    let total: usize = files.iter().map(|f| check_file(f)).sum();
    assert!(
        total >= 5,
        "expected the docs to hold sessions, found {total}"
    );
}

#[test]
fn glossary_matches_the_word_tables() {
    let path = root().join("docs/glossary.md");
    let generated = playforth::glossary::markdown();
    if std::env::var_os("PLAYFORTH_BLESS").is_some() {
        std::fs::write(&path, &generated).expect("write glossary");
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        on_disk == generated,
        "docs/glossary.md is out of date: run PLAYFORTH_BLESS=1 cargo test --test all docs::"
    );
}
