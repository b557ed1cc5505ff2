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
    Floating,
    FloatingExt,
    Gforth,
    Playforth,
    Games,
    Course,
}

impl WordSet {
    pub const ALL: [WordSet; 16] = [
        WordSet::Core,
        WordSet::CoreExt,
        WordSet::Double,
        WordSet::Exception,
        WordSet::Facility,
        WordSet::File,
        WordSet::Locals,
        WordSet::Memory,
        WordSet::Search,
        WordSet::String,
        WordSet::Tools,
        WordSet::Floating,
        WordSet::FloatingExt,
        WordSet::Gforth,
        WordSet::Playforth,
        WordSet::Games,
    ];

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
            WordSet::Floating => "FLOATING",
            WordSet::FloatingExt => "FLOATING EXT",
            WordSet::Gforth => "gforth",
            WordSet::Playforth => "playforth",
            WordSet::Games => "games",
            WordSet::Course => "course",
        }
    }
}

/// The body of a built-in word: it works on the whole machine.
pub(crate) use crate::kernel::PrimFn;

/// The declaration of one built-in word.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    pub name: &'static str,
    pub effect: &'static str,
    pub set: WordSet,
    pub flags: u8,
    pub doc: &'static str,
    /// What compiling the word appends: `Instr::Prim(id)` for a table word
    /// (the inner interpreter may run it inline, see [`crate::instr::hot`]),
    /// or an instruction of the inner interpreter itself.
    pub(crate) instr: Instr,
}

/// A word's flags, as its table row names them (a misspelt flag does not
/// compile).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flags {
    /// Executed when interpreting, compiled when compiling.
    Plain,
    /// Executed even while compiling.
    Immediate,
    /// Compiled normally; interpreting it is an error.
    CompileOnly,
    /// Executed while compiling; interpreting it is an error.
    ImmediateCompileOnly,
}

impl Flags {
    /// The header's flag bits (`dictionary::IMMEDIATE`, `COMPILE_ONLY`).
    pub(crate) const fn bits(self) -> u8 {
        use crate::dictionary::{COMPILE_ONLY, IMMEDIATE};
        match self {
            Flags::Plain => 0,
            Flags::Immediate => IMMEDIATE,
            Flags::CompileOnly => COMPILE_ONLY,
            Flags::ImmediateCompileOnly => IMMEDIATE | COMPILE_ONLY,
        }
    }
}

/// Declare a family of built-in words. Each row reads
/// `Variant "name" "( before -- after )" WordSet Flags "description" |vm| { body }`,
/// where `WordSet` is a [`WordSet`] variant and `Flags` a [`Flags`] variant
/// (`Plain`, `Immediate`, `CompileOnly` or `ImmediateCompileOnly`).
/// The family's words get the primitive ids `BASE ..`, in row order; the
/// family's `FNS` are their bodies, in the same order.
macro_rules! primitives {
    (
        $(#[$meta:meta])*
        enum $family:ident;
        base = $base:expr;
        $( $prim:ident $name:literal $effect:literal $set:ident $flags:ident $doc:literal
           |$f:ident| $body:block )*
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(u16)]
        pub(crate) enum $family { $($prim),* }

        impl $family {
            /// The first primitive id of this family.
            pub(crate) const BASE: u16 = $base;
            /// How many words the family has (the next family's base
            /// follows it; the last family's is not needed).
            #[allow(dead_code)]
            pub(crate) const COUNT: u16 = [$($name),*].len() as u16;
            /// The instruction that runs this word through the table.
            pub(crate) const fn instr(self) -> $crate::instr::Instr {
                $crate::instr::Instr::Prim(Self::BASE + self as u16)
            }
        }

        pub(crate) const SPECS: &[$crate::words::Spec] = &[ $(
            $crate::words::Spec {
                name: $name,
                effect: $effect,
                set: $crate::words::WordSet::$set,
                flags: $crate::words::Flags::$flags.bits(),
                doc: $doc,
                instr: $family::$prim.instr(),
            }
        ),* ];

        /// The bodies, by primitive id minus `BASE`.
        pub(crate) const FNS: &[$crate::words::PrimFn] = &[ $(
            {
                #[allow(unused_variables)]
                fn body($f: &mut $crate::kernel::Forth) -> $crate::error::Res<()> $body
                body
            }
        ),* ];
    };
}
pub(crate) use primitives;

/// The first primitive id of each family: the families follow each other.
pub(crate) const CORE_BASE: u16 = 0;
pub(crate) const TEXT_BASE: u16 = CORE_BASE + core::Core::COUNT;
pub(crate) const IO_BASE: u16 = TEXT_BASE + text::Text::COUNT;
pub(crate) const SYS_BASE: u16 = IO_BASE + io::Io::COUNT;
pub(crate) const TOOLS_BASE: u16 = SYS_BASE + sys::Sys::COUNT;
pub(crate) const GAMES_BASE: u16 = TOOLS_BASE + tools::Tools::COUNT;
pub(crate) const FLOAT_BASE: u16 = GAMES_BASE + games::Games::COUNT;
pub(crate) const COURSE_BASE: u16 = FLOAT_BASE + float::Floating::COUNT;

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
    ]
    .concat()
}

/// Words that are instructions of the inner interpreter itself.
pub(crate) const CONTROL: &[Spec] = &[
    Spec {
        name: "execute",
        effect: "( i*x xt -- j*x )",
        set: WordSet::Core,
        flags: 0,
        doc: "Run the word whose execution token is on the stack. Example: 5 ' dup execute . .  \\ 5 5",
        instr: Instr::Execute,
    },
    Spec {
        name: "catch",
        effect: "( i*x xt -- j*x 0 | i*x n )",
        set: WordSet::Exception,
        flags: 0,
        doc: "Run xt; if it THROWs n, restore the stack depth and push n, else push 0. Example: : safe ['] / catch if .\" oops\" then ;  1 0 safe  \\ oops",
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
        .chain(float::SPECS)
        .chain(course::SPECS)
}

/// The declaration of the built-in word an instruction runs (a hot
/// word's inline form included).
pub(crate) fn spec_for(i: Instr) -> Option<&'static Spec> {
    let i = i.canonical();
    all_specs().find(|s| s.instr == i)
}

#[cfg(test)]
mod tests {
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
