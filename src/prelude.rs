//! The prelude: the built-in words that read best in Forth
//! (`prelude.fs`, compiled into every system at start-up), and their
//! glossary entries, read from its one-definition-per-line layout, which
//! `help` and the glossary show. A leaf.

/// The prelude's source.
pub(crate) static SOURCE: &str =
    text_in_section!(".rodata.startup.prelude", include_str!("prelude.fs"));

/// A glossary entry: name, stack effect, description and example.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    pub effect: String,
    pub doc: String,
    pub example: Option<String>,
    pub immediate: bool,
}

/// Entries for the words the prelude defines in Forth, read from its
/// one-definition-per-line layout: `... name ( effect ) ... \ doc`.
pub fn prelude_entries() -> Vec<Entry> {
    let mut out = Vec::new();
    for line in SOURCE.lines() {
        let Some((code, doc)) = line.split_once("  \\ ") else {
            continue;
        };
        let Some(open) = code.find(" ( ") else {
            continue;
        };
        let Some(close) = code[open..].find(" )").map(|k| open + k) else {
            continue;
        };
        let before: Vec<&str> = code[..open].split_whitespace().collect();
        let name = match before.as_slice() {
            [":", name] => *name,
            [_, "constant", name] => *name,
            _ => continue,
        };
        // The comment is the prelude word's declaration: its example
        // follows ` Example: `.
        let (doc, example) = match doc.trim().split_once(" Example: ") {
            Some((d, e)) => (d.to_string(), Some(e.to_string())),
            None => (doc.trim().to_string(), None),
        };
        out.push(Entry {
            name: name.to_string(),
            effect: code[open + 1..close + 2].to_string(),
            doc,
            example,
            immediate: false,
        });
    }
    out
}
