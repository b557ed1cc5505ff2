//! The example games, compiled in. `include examples/othello.fs` (and
//! `playforth examples/othello.fs`) reads the file on disk when there is
//! one — a source checkout, a learner's own copy — and otherwise this copy,
//! so an installed `playforth` (`cargo install`) has its games wherever it
//! runs. The games' own `require ./lib/play.fs` lines find their library
//! the same way.

use std::path::{Component, Path};

/// Each example file by its path in the source tree.
static FILES: &[(&str, &str)] = &[
    (
        "examples/chess.fs",
        text_in_section!(".rodata.cold", include_str!("../examples/chess.fs")),
    ),
    (
        "examples/fivestep.fs",
        text_in_section!(".rodata.cold", include_str!("../examples/fivestep.fs")),
    ),
    (
        "examples/jungle.fs",
        text_in_section!(".rodata.cold", include_str!("../examples/jungle.fs")),
    ),
    (
        "examples/othello.fs",
        text_in_section!(".rodata.cold", include_str!("../examples/othello.fs")),
    ),
    (
        "examples/rps-team.fs",
        text_in_section!(".rodata.cold", include_str!("../examples/rps-team.fs")),
    ),
    (
        "examples/rps.fs",
        text_in_section!(".rodata.cold", include_str!("../examples/rps.fs")),
    ),
    (
        "examples/turtle.fs",
        text_in_section!(".rodata.cold", include_str!("../examples/turtle.fs")),
    ),
    ("examples/lib/gforth.fs", GFORTH_FS),
    (
        "examples/lib/play.fs",
        text_in_section!(".rodata.cold", include_str!("../examples/lib/play.fs")),
    ),
    (
        "examples/lib/search.fs",
        text_in_section!(".rodata.cold", include_str!("../examples/lib/search.fs")),
    ),
];

/// `examples/lib/gforth.fs`: the game words in portable Forth (`see flip`
/// shows them from here).
pub(crate) static GFORTH_FS: &str =
    text_in_section!(".rodata.cold", include_str!("../examples/lib/gforth.fs"));

/// The compiled-in example file `path` names, if it names one: a path
/// ending in `examples/…` as in the source tree, once `.` and `..` are
/// taken out (`examples/./lib/play.fs`, `/home/x/examples/rps.fs`).
/// Returns its name in the tree (`examples/lib/play.fs`) and its text.
pub(crate) fn example(path: &Path) -> Option<(&'static str, &'static str)> {
    let mut parts: Vec<String> = Vec::new();
    for c in path.components() {
        match c {
            Component::Normal(p) => parts.push(p.to_str()?.to_string()),
            Component::ParentDir => {
                parts.pop();
            }
            _ => {}
        }
    }
    let start = parts.iter().rposition(|p| p == "examples")?;
    let wanted = parts[start..].join("/");
    FILES.iter().find(|(name, _)| *name == wanted).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples_are_found_by_their_path_in_the_tree() {
        assert!(example(Path::new("examples/othello.fs")).is_some());
        assert!(example(Path::new("examples/./lib/play.fs")).is_some());
        assert!(example(Path::new("/somewhere/examples/rps.fs")).is_some());
        assert!(example(Path::new("examples/lib/../chess.fs")).is_some());
        assert!(example(Path::new("examples/nothing.fs")).is_none());
        assert!(example(Path::new("othello.fs")).is_none());
        assert!(example(Path::new("lib/play.fs")).is_none());
    }

    /// Every file in examples/ is compiled in.
    #[test]
    fn every_example_is_bundled() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
        for sub in ["", "lib"] {
            for e in std::fs::read_dir(dir.join(sub)).unwrap().flatten() {
                let p = e.path();
                if p.extension().is_some_and(|x| x == "fs") {
                    let on_disk = std::fs::read_to_string(&p).unwrap();
                    let text = example(&p).map(|(_, text)| text);
                    assert_eq!(text, Some(on_disk.as_str()), "{}", p.display());
                }
            }
        }
    }
}
