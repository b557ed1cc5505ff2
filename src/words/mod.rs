//! The built-in words, one family per file. Each word is declared once, in
//! a row of its family's table: Forth name, stack effect, word set, flags,
//! a one-line description, and its body. The `primitives!` macro turns a
//! table into the family's instruction enum, its dispatch `match`, and the
//! specs that `words`, `help` and the glossary read.

pub mod core;
pub mod games;
pub mod io;
pub mod sys;
pub mod text;
pub mod tools;

use crate::instr::Instr;

/// The word sets of Forth-2012, plus gforth's and our own extras.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum WordSet {
    Core,
    CoreExt,
    Double,
    Exception,
    Facility,
    File,
    Locals,
    Memory,
    Search,
    String,
    Tools,
    Gforth,
    Playforth,
    Games,
}

impl WordSet {
    pub fn name(self) -> &'static str {
        match self {
            WordSet::Core => "CORE",
            WordSet::CoreExt => "CORE EXT",
            WordSet::Double => "DOUBLE",
            WordSet::Exception => "EXCEPTION",
            WordSet::Facility => "FACILITY",
            WordSet::File => "FILE",
            WordSet::Locals => "LOCALS",
            WordSet::Memory => "MEMORY",
            WordSet::Search => "SEARCH",
            WordSet::String => "STRING",
            WordSet::Tools => "TOOLS",
            WordSet::Gforth => "gforth",
            WordSet::Playforth => "playforth",
            WordSet::Games => "games",
        }
    }
}

/// The declaration of one built-in word.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    pub name: &'static str,
    pub effect: &'static str,
    pub set: WordSet,
    pub flags: u8,
    pub doc: &'static str,
    pub instr: Instr,
}

/// Flags written in a table row: `I` immediate, `C` compile-only.
pub const fn parse_flags(s: &str) -> u8 {
    let b = s.as_bytes();
    let mut f = 0;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'I' {
            f |= crate::dictionary::IMMEDIATE;
        }
        if b[i] == b'C' {
            f |= crate::dictionary::COMPILE_ONLY;
        }
        i += 1;
    }
    f
}

/// Declare a family of built-in words. Each row reads
/// `Variant "name" "( before -- after )" WordSet "flags" "description" |vm| { body }`.
macro_rules! primitives {
    (
        $(#[$meta:meta])*
        enum $family:ident;
        $( $prim:ident $name:literal $effect:literal $set:ident $flags:literal $doc:literal
           |$f:ident| $body:block )*
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $family { $($prim),* }

        pub const SPECS: &[$crate::words::Spec] = &[ $(
            $crate::words::Spec {
                name: $name,
                effect: $effect,
                set: $crate::words::WordSet::$set,
                flags: $crate::words::parse_flags($flags),
                doc: $doc,
                instr: $crate::instr::Instr::$family($family::$prim),
            }
        ),* ];

        impl $family {
            #[inline(always)]
            pub fn run(self, vm: &mut $crate::vm::Forth) -> $crate::error::Res<()> {
                match self {
                    $( $family::$prim => {
                        #[allow(unused_variables)]
                        let $f = &mut *vm;
                        $body
                    } )*
                }
            }
        }
    };
}
pub(crate) use primitives;

/// Words that are instructions of the inner interpreter itself.
pub const CONTROL: &[Spec] = &[
    Spec {
        name: "execute",
        effect: "( i*x xt -- j*x )",
        set: WordSet::Core,
        flags: 0,
        doc: "Run the word whose execution token is on the stack.",
        instr: Instr::Execute,
    },
    Spec {
        name: "catch",
        effect: "( i*x xt -- j*x 0 | i*x n )",
        set: WordSet::Exception,
        flags: 0,
        doc: "Run xt; if it THROWs n, restore the stack depth and push n, else push 0.",
        instr: Instr::Catch,
    },
];

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
}
