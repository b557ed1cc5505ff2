//! The game words written in Forth, for SEE.
//!
//! The games word set (`words/games.rs`) runs in Rust for speed, but every
//! rule in it is also written in portable Forth in `examples/lib/gforth.fs`,
//! so that the example games run under gforth. That file is compiled into
//! the binary and stays the one place those definitions are written: SEE of
//! a built-in game word cuts its definition out of the file, with the
//! helpers it needs (variables, tables, smaller words, and the lines that
//! fill the tables), in the file's order. A helper that is itself a built-in
//! game word is not copied in but named at the end, so each SEE stays short
//! and `see helper` shows the rest.
//!
//! What SEE prints is Forth: the notes are `\` comments, so the text can be
//! loaded as it is (tests/reference.rs loads it and checks, on thousands of
//! random arguments, that it computes what the Rust word computes).

use crate::vocab::Parses;
use crate::words::spec::{WordSet, all as all_specs};
use std::collections::{BTreeSet, HashMap};
use std::sync::OnceLock;

/// The portable definitions, as gforth loads them.
static SOURCE: &str = crate::bundled::GFORTH_FS;

/// Where SEE says the definitions come from.
const SOURCE_NAME: &str = "examples/lib/gforth.fs";

/// Game words whose gforth.fs definition is deliberately not the built-in's
/// rule: the random numbers come from another generator (xorshift64 there,
/// ChaCha8 here), and only playforth knows whether a file is the main
/// script or the output a terminal, and only playforth has a page to draw
/// a board picture on (gforth.fs's picture words take their arguments and
/// do nothing).
const OWN_RULES: [&str; 14] = [
    "random",
    "randomize",
    "script?",
    "terminal?",
    "pretty?",
    "picture",
    "picture-ranks-down",
    "picture-piece",
    "picture-ground",
    "picture-move",
    "picture-last",
    "picture-choice",
    "picture-caption",
    "show-picture",
];

/// One top-level piece of the file: a definition with its indented lines,
/// or a line that only runs (filling a table).
struct Chunk {
    text: &'static str,
    /// Lower-case names this chunk defines (none for a line that only runs).
    defines: Vec<String>,
    /// Chunks (by index) whose words this one uses.
    uses: BTreeSet<usize>,
    /// Names of built-in game words this one uses, as the file spells them.
    builtins: Vec<&'static str>,
}

/// The file cut into chunks, parsed once.
fn chunks() -> &'static [Chunk] {
    static CHUNKS: OnceLock<Vec<Chunk>> = OnceLock::new();
    CHUNKS.get_or_init(|| parse(SOURCE))
}

/// The built-in game words, lower case.
fn game_words() -> BTreeSet<&'static str> {
    all_specs()
        .filter(|s| s.set == WordSet::Games)
        .map(|s| s.name)
        .collect()
}

/// The names of a piece of Forth text, without comments and strings.
fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for line in text.lines() {
        let mut rest = line;
        loop {
            rest = rest.trim_start();
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            let token = &rest[..end];
            rest = &rest[end..];
            let close = match token.to_ascii_lowercase().as_str() {
                "" => break,
                "\\" => break,
                "(" | ".(" => ')',
                ".\"" | "s\"" | "c\"" | "abort\"" => '"',
                _ => {
                    out.push(token);
                    continue;
                }
            };
            // Skip the comment or string: the blank after the word, then up
            // to its closing character.
            let body = rest.get(1..).unwrap_or("");
            rest = body.find(close).map_or("", |i| &body[i + 1..]);
        }
    }
    out
}

/// Cut the file into chunks. A chunk starts at a line that begins in the
/// first column (and is more than a comment) and goes on while a colon
/// definition is open or the next line is indented.
fn parse(source: &'static str) -> Vec<Chunk> {
    let games = game_words();
    let mut chunks: Vec<Chunk> = Vec::new();
    let mut defined: HashMap<String, usize> = HashMap::new();
    let lines: Vec<(usize, &str)> = source
        .split_inclusive('\n')
        .scan(0, |at, l| {
            let start = *at;
            *at += l.len();
            Some((start, l))
        })
        .collect();
    let mut i = 0;
    while i < lines.len() {
        let (start, line) = lines[i];
        if line.starts_with(char::is_whitespace) || tokens(line).is_empty() {
            i += 1;
            continue;
        }
        let mut end = i + 1;
        let mut open = colon_open(false, line);
        while end < lines.len() {
            let next = lines[end].1;
            let indented = next.starts_with([' ', '\t']) && !next.trim().is_empty();
            if !open && !indented {
                break;
            }
            open = colon_open(open, next);
            end += 1;
        }
        let stop = lines.get(end).map_or(source.len(), |l| l.0);
        let text = source[start..stop].trim_end();
        let mut chunk = Chunk {
            text,
            defines: Vec::new(),
            uses: BTreeSet::new(),
            builtins: Vec::new(),
        };
        let toks = tokens(text);
        let mut k = 0;
        while k < toks.len() {
            let lower = toks[k].to_ascii_lowercase();
            if crate::vocab::parses(&lower) == Parses::NewName && k + 1 < toks.len() {
                chunk.defines.push(toks[k + 1].to_ascii_lowercase());
                k += 2;
                continue;
            }
            if chunk.defines.contains(&lower) {
                // The chunk's own name (a variable set on its line).
            } else if games.contains(lower.as_str()) {
                if !chunk
                    .builtins
                    .iter()
                    .any(|b| b.eq_ignore_ascii_case(&lower))
                {
                    chunk.builtins.push(toks[k]);
                }
            } else if let Some(&c) = defined.get(&lower) {
                chunk.uses.insert(c);
            }
            k += 1;
        }
        for name in &chunk.defines {
            defined.insert(name.clone(), chunks.len());
        }
        chunks.push(chunk);
        i = end;
    }
    chunks
}

/// Is a colon definition still open after this line?
fn colon_open(mut open: bool, line: &str) -> bool {
    for t in tokens(line) {
        match t {
            ":" => open = true,
            ";" => open = false,
            _ => {}
        }
    }
    open
}

/// What SEE prints for a built-in game word that has a Forth definition in
/// examples/lib/gforth.fs: a note, that definition with the helpers it
/// needs, and the built-in game words it uses. None for any other word.
pub(crate) fn see_text(name: &str) -> Option<String> {
    let name = name.to_ascii_lowercase();
    if OWN_RULES.contains(&name.as_str()) || !game_words().contains(name.as_str()) {
        return None;
    }
    let chunks = chunks();
    let target = chunks.iter().rposition(|c| c.defines.contains(&name))?;
    let included = needed(chunks, target);
    let mut out = format!(
        "\\ {name} is built in and runs in Rust for speed. The same rule in Forth,\n\
         \\ as {SOURCE_NAME} defines it for gforth:\n"
    );
    let mut builtins: Vec<&str> = Vec::new();
    for &c in &included {
        out.push_str(chunks[c].text);
        out.push('\n');
        for &b in &chunks[c].builtins {
            if !b.eq_ignore_ascii_case(&name) && !builtins.iter().any(|x| x.eq_ignore_ascii_case(b))
            {
                builtins.push(b);
            }
        }
    }
    match builtins.as_slice() {
        [] => {}
        [one] => out.push_str(&format!("\\ {one} is built in too: see {one}\n")),
        [some @ .., last] => out.push_str(&format!(
            "\\ {} and {last} are built in too: see each of them\n",
            some.join(", ")
        )),
    }
    Some(out.trim_end().to_string())
}

/// The chunks SEE shows for the chunk `target`: it, everything it uses
/// (built-in game words aside), and the lines that fill what those define
/// (`1 4 slide` fills `kinds`), as indexes in the file's order.
fn needed(chunks: &[Chunk], target: usize) -> BTreeSet<usize> {
    let mut included = BTreeSet::new();
    let mut todo = vec![target];
    loop {
        while let Some(c) = todo.pop() {
            if included.insert(c) {
                todo.extend(chunks[c].uses.iter().copied());
            }
        }
        // A line that only runs belongs with the data it fills: include it
        // when it reaches (through the words it calls) an included chunk.
        for (i, c) in chunks.iter().enumerate() {
            if c.defines.is_empty()
                && !included.contains(&i)
                && reaches(chunks, i).iter().any(|r| included.contains(r))
            {
                todo.push(i);
            }
        }
        if todo.is_empty() {
            return included;
        }
    }
}

/// Every chunk that chunk `from` uses, directly or through others.
fn reaches(chunks: &[Chunk], from: usize) -> BTreeSet<usize> {
    let mut seen = BTreeSet::new();
    let mut todo: Vec<usize> = chunks[from].uses.iter().copied().collect();
    while let Some(c) = todo.pop() {
        if seen.insert(c) {
            todo.extend(chunks[c].uses.iter().copied());
        }
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game word has its rule in Forth, except the ones that differ on
    /// purpose; a new game word without a portable definition fails here.
    #[test]
    fn every_game_word_but_the_generator_and_script_has_forth() {
        let missing: Vec<&str> = game_words()
            .into_iter()
            .filter(|w| !OWN_RULES.contains(w) && see_text(w).is_none())
            .collect();
        assert_eq!(missing, Vec::<&str>::new());
        for w in OWN_RULES {
            assert!(see_text(w).is_none(), "{w}");
        }
    }

    #[test]
    fn capture_names_eats_instead_of_copying_it() {
        let text = see_text("capture?").unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("\\ capture? is built in and runs in Rust"));
        assert_eq!(
            lines[2],
            ": capture? ( attacker defender -- flag ) swap eats swap rshift 1 and 0<> ;"
        );
        assert_eq!(lines[3], "\\ eats is built in too: see eats");
        assert_eq!(lines.len(), 4);
    }

    #[test]
    fn a_table_comes_with_the_lines_that_fill_it() {
        let text = see_text("attack-kinds").unwrap();
        for part in [
            "create kinds",
            ": kind!",
            ": slide",
            "1 4 slide",
            "14 1 kind!",
        ] {
            assert!(text.contains(part), "{part} in\n{text}");
        }
        // ... but not with the other tables' words.
        assert!(!text.contains("attack-step ("), "{text}");
        assert!(!see_text("flip").unwrap().contains("slide"));
    }

    #[test]
    fn helpers_come_in_the_files_order_before_their_users() {
        let text = see_text("flip").unwrap();
        let at = |s: &str| text.find(s).unwrap_or_else(|| panic!("{s} in\n{text}"));
        assert!(at("create drows") < at(": direction"));
        assert!(at(": run ") < at(": flip "));
        assert!(
            !text.contains(": flips "),
            "flips is a built-in word of its own"
        );
    }

    #[test]
    fn comments_and_strings_are_not_names() {
        assert_eq!(
            tokens(": a ( x -- y ) .\" b c\" d \\ e f\n  g ;"),
            [":", "a", "d", "g", ";"]
        );
    }
}
