//! What the teaching REPL knows about words: stack effects, descriptions,
//! word sets and examples for `help`, completion and hints, and the
//! "did you mean" of an undefined word. Everything comes from the word
//! tables, the prelude's comments and the user's own stack comments. (What
//! the REPL does with a line as it is typed — colours, completion, hints,
//! unfinished input — is beside it, in `repl_line.rs`.)

use crate::dictionary::Kind;
use crate::kernel::Forth;
use crate::words::spec::Spec;

/// Where a word comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Written in Rust.
    Builtin,
    /// Written in Forth in the prelude.
    Prelude,
    /// Defined by the user (or a program).
    User,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WordInfo {
    pub name: String,
    pub effect: Option<String>,
    pub doc: Option<String>,
    pub set: Option<&'static str>,
    pub origin: Origin,
    /// A built-in word's example, declared with the word (a field of its
    /// table row, or after ` Example: ` in its prelude comment).
    ///
    /// The comment after `\ ` is exactly what the example prints, spaces
    /// aside: `5 dup * .  \ 25`. A remark in parentheses at its end is not
    /// output (`\ -4 (floored)`); a comment that is only a remark is prose,
    /// for output nobody can promise (`\ (press a key: its code)`). An
    /// example without a comment prints nothing (blanks aside).
    /// `tests/help_examples.rs` runs every example and holds it to this.
    pub example: Option<String>,
    /// The effect was inferred from the word's code (it has no stack comment).
    pub effect_inferred: bool,
    /// For a word a file defined: the file and line of its definition.
    pub defined_in: Option<String>,
}

/// Edit distance, for "did you mean": insertions, deletions, substitutions
/// and swaps of two neighbouring letters each cost one (`swpa` is one step
/// from `swap`).
fn distance(a: &str, b: &str) -> usize {
    // Names are short: three rows on the stack, no allocation per pair (an
    // undefined word compares itself with every name of similar length).
    const MAX: usize = 64;
    let mut bc = ['\0'; MAX];
    let mut n = 0;
    for c in b.chars() {
        if n == MAX {
            return distance_long(a, b);
        }
        bc[n] = c;
        n += 1;
    }
    let mut rows = [[0usize; MAX + 1]; 3];
    for (j, p) in rows[1].iter_mut().enumerate().take(n + 1) {
        *p = j;
    }
    distance_rows(a, &bc[..n], &mut rows)
}

/// The same for names longer than `distance` keeps on the stack.
fn distance_long(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut rows = vec![vec![0usize; b.len() + 1]; 3];
    for (j, p) in rows[1].iter_mut().enumerate() {
        *p = j;
    }
    distance_rows(a, &b, &mut rows)
}

/// The dynamic programme over three rows: two rows back, the previous one,
/// and the one being filled; `rows[1]` starts as 0, 1, 2 … (the empty
/// prefix of `a`).
fn distance_rows<R: AsMut<[usize]>>(a: &str, b: &[char], rows: &mut [R]) -> usize {
    let n = b.len();
    let mut before = '\0';
    for (i, ca) in a.chars().enumerate() {
        let [back, prev, cur] = rows else { return 0 };
        let (back, prev, cur) = (back.as_mut(), prev.as_mut(), cur.as_mut());
        cur[0] = i + 1;
        for j in 0..n {
            let cost = usize::from(ca != b[j]);
            let mut d = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
            if i > 0 && j > 0 && ca == b[j - 1] && before == b[j] {
                d = d.min(back[j - 1] + 1);
            }
            cur[j + 1] = d;
        }
        before = ca;
        // The new row becomes the previous one, the previous two rows back.
        rows.rotate_left(1);
    }
    match rows.get_mut(1) {
        Some(r) => r.as_mut()[n],
        None => 0,
    }
}

fn spec_for(instr: crate::instr::Instr) -> Option<&'static Spec> {
    crate::words::core::spec_for(instr)
}

pub(crate) fn info_for(f: &Forth, xt: u32) -> WordInfo {
    let w = &f.vm.dict.words()[xt as usize];
    let name = w.name.to_string();
    // A built-in word: its spec, by its instruction, or by its name for
    // one made as another kind of header (OUTFILE-ID, a VALUE).
    let spec = match w.kind {
        Kind::Prim(i) => spec_for(i),
        _ => None,
    }
    .or_else(|| {
        (xt < f.vm.dict.user_start())
            .then(|| crate::words::spec::all().find(|s| s.name == name))
            .flatten()
    });
    if let Some(spec) = spec {
        return WordInfo {
            name,
            effect: Some(spec.effect.to_string()),
            doc: Some(spec.doc().to_string()),
            set: Some(spec.set.name()),
            origin: Origin::Builtin,
            example: spec.example().map(str::to_string),
            effect_inferred: false,
            defined_in: None,
        };
    }
    let prelude = crate::prelude::prelude_entries()
        .into_iter()
        .find(|e| e.name.eq_ignore_ascii_case(&name));
    if let Some(e) = prelude.filter(|_| xt < f.vm.dict.user_start()) {
        return WordInfo {
            name,
            effect: Some(e.effect),
            doc: Some(e.doc),
            set: Some("prelude"),
            origin: Origin::Prelude,
            example: e.example,
            effect_inferred: false,
            defined_in: None,
        };
    }
    let inferred = crate::infer::inferred_text(f, xt);
    let (defined_in, comment) = defined_in(f, xt).unzip();
    WordInfo {
        name,
        effect_inferred: inferred.is_some(),
        effect: w
            .effect
            .as_deref()
            .map(str::to_string)
            .or(inferred)
            .or_else(|| {
                match w.kind {
                    Kind::Variable(_) | Kind::Create(_) => Some("( -- addr )"),
                    Kind::Constant(_) | Kind::Value(_) => Some("( -- x )"),
                    Kind::TwoValue(_) => Some("( -- x1 x2 )"),
                    Kind::FValue(_) => Some("( F: -- r )"),
                    _ => None,
                }
                .map(str::to_string)
            }),
        doc: comment.flatten(),
        set: None,
        origin: Origin::User,
        example: None,
        defined_in,
    }
}

/// Where a file defined a word (`examples/othello.fs, line 232`), and
/// the `\ comment` after its name on that line, if there is one.
fn defined_in(f: &Forth, xt: u32) -> Option<(String, Option<String>)> {
    let w = &f.vm.dict.words()[xt as usize];
    let loc = f.input.location(w.defined_at?)?;
    if loc.file.starts_with('<') || loc.file == "-e" {
        return None;
    }
    // The comment after the name, on the line that defined it.
    let comment = loc.text.as_deref().and_then(|text| {
        let at = (loc.col as usize).saturating_sub(1).min(text.len());
        let rest = text.get(at..)?;
        let named = rest
            .to_ascii_lowercase()
            .find(&w.name.to_ascii_lowercase())?;
        let rest = &rest[named..];
        let slash = rest.find(" \\ ")?;
        Some(rest[slash + 3..].trim().to_string()).filter(|c| !c.is_empty())
    });
    Some((format!("{}, line {}", loc.file, loc.line), comment))
}

/// The stack effect of a word, if it is known.
pub(crate) fn stack_effect(f: &mut Forth, name: &str) -> Option<String> {
    f.word_info(name)?.effect
}

/// Names close to an unknown one, best first.
pub(crate) fn suggestions(f: &Forth, name: &str) -> Vec<String> {
    let lower = name.to_ascii_lowercase();
    // One character is too little to guess from (`a` is one step from
    // `!`, `#`, `'` …).
    if lower.chars().count() < 2 {
        return Vec::new();
    }
    let limit = if lower.len() <= 3 { 1 } else { 2 };
    // Straight from the word lists' keys (already lower case), without
    // collecting every name: errors are common, and must stay cheap.
    // Lengths further apart than the limit cannot be that close (and a
    // megabyte-long token must not cost seconds).
    // Closest first; among equals, one that adds no sign or digit the
    // name typed lacks (`swp`: `swap` before `sw@` and `2swap`), then the
    // one that keeps more of what was typed at the start (`dupp`: `dup`
    // before `dump`), then by name.
    let adds_sign = |key: &str| {
        key.chars()
            .any(|c| !c.is_ascii_alphabetic() && !lower.contains(c))
    };
    let mut scored: Vec<(usize, bool, std::cmp::Reverse<usize>, String)> = Vec::new();
    for &wid in f.vm.dict.order().iter().rev() {
        let Some(wl) = f.vm.dict.wordlists().get(wid as usize) else {
            continue;
        };
        for (key, &xt) in &wl.map {
            if key.len().abs_diff(lower.len()) > limit {
                continue;
            }
            let d = distance(&lower, key);
            // Close means most of the name is kept: one step in three
            // characters at most (`sq` is not close to `s"`, nor `print`
            // to `hint`; `dp` is to `dup`).
            if d <= limit && 3 * d <= key.len().max(lower.len()) {
                let kept = key
                    .bytes()
                    .zip(lower.bytes())
                    .take_while(|(x, y)| x == y)
                    .count();
                let name = f.vm.dict.words()[xt as usize].name.to_string();
                scored.push((d, adds_sign(key), std::cmp::Reverse(kept), name));
            }
        }
    }
    scored.sort();
    // A name that adds signs is not offered beside one as close that adds
    // none: `swp` gets `swap`, not `sw@` too.
    let plain: Vec<usize> = scored.iter().filter(|s| !s.1).map(|s| s.0).collect();
    scored.retain(|s| !s.1 || !plain.contains(&s.0));
    scored.dedup_by(|a, b| a.3.eq_ignore_ascii_case(&b.3));
    scored.into_iter().take(3).map(|(_, _, _, n)| n).collect()
}

/// Every name found through the search order (shadowed ones once).
pub(crate) fn visible_names(f: &Forth) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for &wid in f.vm.dict.order().iter().rev() {
        if let Some(wl) = f.vm.dict.wordlists().get(wid as usize) {
            names.extend(
                wl.map
                    .values()
                    .map(|&xt| f.vm.dict.words()[xt as usize].name.to_string()),
            );
        }
    }
    // Each name folded once (a key made per comparison cost one allocation
    // each): its first 16 bytes as a number, which orders nearly every
    // pair by itself, then the rest.
    let folded = |s: &String| {
        let mut head = [0u8; 16];
        let mut rest = Vec::new();
        for (i, c) in s.bytes().map(|c| c.to_ascii_lowercase()).enumerate() {
            match head.get_mut(i) {
                Some(b) => *b = c,
                None => rest.push(c),
            }
        }
        (u128::from_be_bytes(head), rest)
    };
    names.sort_by_cached_key(folded);
    names.dedup_by(|a, b| a.eq_ignore_ascii_case(b));
    names
}

/// The text HELP prints.
pub(crate) fn help_text(f: &mut Forth, name: Option<&str>) -> String {
    let Some(name) = name else {
        return GETTING_STARTED.to_string();
    };
    let Some(info) = f.word_info(name) else {
        let close = suggestions(f, name);
        return if close.is_empty() {
            format!("`{name}` is not a word I know. `words` lists them all.\n")
        } else {
            format!(
                "`{name}` is not a word I know. Did you mean {}?\n",
                quote_list(&close)
            )
        };
    };
    let mut s = format!(
        "{} {}\n",
        info.name,
        info.effect.as_deref().unwrap_or("( ? )")
    );
    if let Some(doc) = &info.doc {
        s.push_str(&format!("  {doc}\n"));
    }
    if info.effect_inferred {
        s.push_str("  Its stack effect is inferred from its code: it has no stack comment.\n");
    }
    // What the check at `;` found (a file's findings were not shown one by one).
    if matches!(info.origin, Origin::User)
        && let Some(xt) = f.vm.dict.find(name)
        && let Some(note) = crate::infer::recheck(f, xt).and_then(|v| v.help_note())
    {
        s.push_str(&format!("  {note}\n"));
    }
    s.push_str(&match info.origin {
        Origin::Builtin if crate::reference::see_text(&info.name).is_some() => format!(
            "  Word set: {} (built in, written in Rust; `see` shows the rule in Forth)\n",
            info.set.unwrap_or("?")
        ),
        Origin::Builtin => format!(
            "  Word set: {} (built in, written in Rust)\n",
            info.set.unwrap_or("?")
        ),
        Origin::Prelude => "  Written in Forth in the prelude: `see` shows how.\n".to_string(),
        Origin::User => match &info.defined_in {
            Some(place) => format!("  Defined in {place}: `see` shows its definition.\n"),
            None => "  Your own word: `see` shows its definition.\n".to_string(),
        },
    });
    if let Some(e) = &info.example {
        s.push_str(&format!("  Example: {e}\n"));
    }
    if matches!(info.origin, Origin::Builtin) && crate::vocab::opens_at_prompt(&info.name) {
        s.push_str(
            "  The standard defines it only inside a definition (in files, too, unless\n  \
             `true prompt-control` is said). At the REPL's prompt playforth also runs it\n  \
             at once: `10 0 do i . loop` compiles the line into a nameless definition\n  \
             and runs it when the structure closes.\n",
        );
    }
    s
}

/// `a`, `b` or `c`
pub(crate) fn quote_list(names: &[String]) -> String {
    let q: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    match q.len() {
        0 => String::new(),
        1 => q[0].clone(),
        _ => format!("{} or {}", q[..q.len() - 1].join(", "), q[q.len() - 1]),
    }
}

const GETTING_STARTED: &str = "\
Forth works on a stack. Type numbers to push them, and words to work on them:
  2 3 + .        adds 2 and 3 and prints 5
  .s             shows the stack without changing it
  : square ( n -- n*n ) dup * ;    makes a new word; then try  7 square .
  5 0 do i . loop                  loops and ifs run at the prompt too
After each line playforth says ` ok` and shows the stack: <depth> then the
cells, the top last.
  help WORD      what a word does, with its stack effect ( before -- after )
  words          your words, then the built-in ones counted by set (words all
                 lists them); Tab completes a word as you type
  see WORD       how a word is defined
  trace WORD     watch a word run step by step (untrace WORD stops it)
  learn          a course of short lessons, each with an exercise to check
Games to play: include examples/othello.fs (or jungle.fs, chess.fs,
fivestep.fs), then type play; include examples/rps.fs then rps; include
examples/rps-team.fs then team.  bye or Ctrl-D leaves; Ctrl-C stops a word.
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_a_swap_of_neighbours_as_one_step() {
        for (a, b, d) in [
            ("swpa", "swap", 1),
            ("dupp", "dup", 1),
            ("dupp", "dump", 1),
            ("sqaure", "square", 1),
            ("ovre", "over", 1),
            ("abc", "abc", 0),
            ("", "abc", 3),
            ("abc", "", 3),
            ("ca", "abc", 3),
            ("kitten", "sitting", 3),
        ] {
            assert_eq!(distance(a, b), d, "{a} {b}");
            assert_eq!(distance(b, a), d, "{b} {a}");
            // The long form (for names past 64 characters) agrees.
            assert_eq!(distance_long(a, b), d, "{a} {b} (long)");
        }
        let long = "x".repeat(70);
        assert_eq!(distance(&long, &format!("{long}y")), 1);
    }
}
