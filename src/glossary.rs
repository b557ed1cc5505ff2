//! The glossary of built-in words, generated from the word tables and the
//! prelude. `docs/glossary.md` is this text; a test fails if they drift.

use crate::words::{WordSet, all_specs};
use std::collections::BTreeMap;
use std::fmt::Write;

pub use crate::prelude::{Entry, prelude_entries};

/// The glossary as Markdown: every built-in word by word set.
pub fn markdown() -> String {
    let mut sets: BTreeMap<WordSet, Vec<Entry>> = BTreeMap::new();
    for s in all_specs().filter(|s| !s.name.starts_with('(')) {
        sets.entry(s.set).or_default().push(Entry {
            name: s.name.to_string(),
            effect: s.effect.to_string(),
            doc: s.doc().to_string(),
            example: s.example().map(str::to_string),
            immediate: s.flags & crate::dictionary::IMMEDIATE != 0,
        });
    }
    let mut md = String::from(
        "# Glossary\n\n\
         Every built-in word of playforth, by word set. Generated from the word\n\
         tables in `src/words/` and from `src/prelude.fs`; do not edit by hand\n\
         (run `PLAYFORTH_BLESS=1 cargo test --test all docs::` after changing a word).\n",
    );
    let names: Vec<String> = sets.keys().map(|s| s.name().to_string()).collect();
    let _ = writeln!(
        md,
        "\nWord sets: {}, and words defined in Forth (prelude).",
        names.join(", ")
    );
    let table = |md: &mut String, entries: &[Entry]| {
        md.push_str("\n| word | stack effect | what it does |\n| --- | --- | --- |\n");
        for e in entries {
            let imm = if e.immediate { " *(immediate)*" } else { "" };
            let name = e.name.replace('|', "\\|");
            // The example declared with the word, as code.
            let doc = match &e.example {
                Some(ex) => format!("{} Example: `` {ex} ``", e.doc),
                None => e.doc.clone(),
            };
            let _ = writeln!(
                md,
                "| `{name}` | `{}` | {}{imm} |",
                e.effect.replace('|', "\\|"),
                doc.replace('|', "\\|")
            );
        }
    };
    for (set, entries) in &sets {
        let _ = writeln!(md, "\n## {}", set.name());
        table(&mut md, entries);
    }
    md.push_str("\n## Prelude (written in Forth; `see` shows them)\n");
    table(&mut md, &prelude_entries());
    md
}
