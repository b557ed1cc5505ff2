//! The built-in words, one family per file. Each word is declared once, in
//! a row of its family's table: Forth name, stack effect, word set, flags,
//! a one-line description, and its body. The `primitives!` macro turns a
//! table into the family's ids, its table of bodies (run through one
//! `Instr::Prim(id)`), and the specs that `words`, `help` and the glossary
//! read. The hottest core words also run inline in the inner interpreter
//! (`instr::hot`); a test holds those copies to the table's bodies.

pub(crate) mod core;
pub(crate) mod course;
pub(crate) mod float;
pub(crate) mod games;
pub(crate) mod io;
pub(crate) mod sys;
pub(crate) mod text;
pub(crate) mod tools;
pub(crate) mod turtle;

pub(crate) mod spec;

use crate::instr::Instr;
pub(crate) use crate::kernel::PrimFn;
pub(crate) use spec::{
    CORE_BASE, COURSE_BASE, FLOAT_BASE, GAMES_BASE, IO_BASE, SYS_BASE, TEXT_BASE, TOOLS_BASE,
    TURTLE_BASE,
};
pub use spec::{Spec, WordSet};

/// Every primitive's body, indexed by its id. A new family adds its `FNS`
/// here (and its base above); nothing in the VM changes.
pub(crate) fn prim_table() -> Vec<PrimFn> {
    [
        core::FNS,
        text::FNS,
        io::FNS,
        sys::FNS,
        tools::FNS,
        games::FNS,
        float::FNS,
        course::FNS,
        turtle::FNS,
    ]
    .concat()
}

/// Words that are instructions of the inner interpreter itself.
pub(crate) static CONTROL: &[Spec] = &[
    Spec {
        name: "execute",
        effect: "( i*x xt -- j*x )",
        set: WordSet::Core,
        flags: 0,
        texts: CONTROL_TEXTS,
        row: 0,
        instr: Instr::Execute,
    },
    Spec {
        name: "catch",
        effect: "( i*x xt -- j*x 0 | i*x n )",
        set: WordSet::Exception,
        flags: 0,
        texts: CONTROL_TEXTS,
        row: 1,
        instr: Instr::Catch,
    },
];

/// CONTROL's descriptions and examples, row by row.
static CONTROL_TEXTS: &str = text_in_section!(
    ".rodata.cold",
    spec::texts!(
        "Run the word whose execution token is on the stack."
            "5 ' dup execute . .  \\ 5 5",
        "Run xt; if it THROWs n, restore the stack depth and push n, else push 0."
            ": safe ['] / catch if .\" oops\" then ;  1 0 safe  \\ oops",
    )
);

/// Every built-in word, in the order they are defined.
pub fn all_specs() -> impl Iterator<Item = &'static Spec> {
    CONTROL
        .iter()
        .chain(core::SPECS)
        .chain(text::SPECS)
        .chain(io::SPECS)
        .chain(sys::SPECS)
        .chain(tools::SPECS)
        .chain(games::SPECS)
        .chain(float::SPECS)
        .chain(course::SPECS)
        .chain(turtle::SPECS)
}

// The families follow each other densely from their bases.
const _: () = {
    assert!(TEXT_BASE == CORE_BASE + core::Core::COUNT);
    assert!(IO_BASE == TEXT_BASE + text::Text::COUNT);
    assert!(SYS_BASE == IO_BASE + io::Io::COUNT);
    assert!(TOOLS_BASE == SYS_BASE + sys::Sys::COUNT);
    assert!(GAMES_BASE == TOOLS_BASE + tools::Tools::COUNT);
    assert!(FLOAT_BASE == GAMES_BASE + games::Games::COUNT);
    assert!(COURSE_BASE == FLOAT_BASE + float::Floating::COUNT);
    assert!(TURTLE_BASE == COURSE_BASE + course::Course::COUNT);
};

/// Hand the whole table down to `spec` (see [`spec::register`]).
pub(crate) fn register_specs() {
    spec::register(|| all_specs().collect());
}

#[cfg(test)]
mod tests {
    /// Every word of the vocabulary (`vocab.rs`) is a word of the system,
    /// built in or from the prelude (but FORGET, which only the REPL's
    /// colours know).
    #[test]
    fn the_vocabulary_names_real_words() {
        let (mut f, _) = crate::kernel::Forth::for_test(b"");
        for w in crate::vocab::WORDS.iter().filter(|w| w.name != "forget") {
            assert!(f.vm.dict.find(w.name).is_some(), "{}", w.name);
        }
    }

    /// Each family's words sit at their base in the table.
    #[test]
    fn primitive_ids_line_up_with_the_table() {
        let table = super::prim_table();
        let specs: Vec<_> = super::all_specs()
            .filter(|s| matches!(s.instr, crate::instr::Instr::Prim(_)))
            .collect();
        assert_eq!(table.len(), specs.len());
        for (i, s) in specs.iter().enumerate() {
            assert_eq!(s.instr, crate::instr::Instr::Prim(i as u16), "{}", s.name);
        }
    }
}
