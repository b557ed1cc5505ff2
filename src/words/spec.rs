//! What every built-in word is declared with: its [`Spec`] (name, stack
//! effect, word set, flags, description, instruction), the `primitives!`
//! macro that turns a family's table into ids, bodies and specs, and each
//! family's first id. A leaf under the families: they and everything they
//! build on read specs through here.

use crate::instr::Instr;

/// Declare the word sets once, each with its name: the enum, [`WordSet::ALL`]
/// and [`WordSet::name`] come from the one list, so no set can be left out of
/// `words` (which lists `ALL`) or the glossary.
macro_rules! word_sets {
    ($( $set:ident $name:literal, )*) => {
        /// The word sets of Forth-2012, plus gforth's and our own extras.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum WordSet { $($set),* }

        impl WordSet {
            /// Every word set, in declaration order.
            pub const ALL: &[WordSet] = &[$(WordSet::$set),*];

            pub fn name(self) -> &'static str {
                match self { $(WordSet::$set => $name),* }
            }
        }
    };
}

word_sets! {
    Core "CORE",
    CoreExt "CORE EXT",
    Double "DOUBLE",
    Exception "EXCEPTION",
    Facility "FACILITY",
    File "FILE",
    Locals "LOCALS",
    Memory "MEMORY",
    Search "SEARCH",
    String "STRING",
    Tools "TOOLS",
    Floating "FLOATING",
    FloatingExt "FLOATING EXT",
    Gforth "gforth",
    Playforth "playforth",
    Games "games",
    Course "course",
    Turtle "turtle",
}

/// The declaration of one built-in word.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    pub name: &'static str,
    pub effect: &'static str,
    pub set: WordSet,
    pub flags: u8,
    /// The family's descriptions and examples, row after row (see
    /// [`Spec::doc`] and [`Spec::example`]; [`texts!`] writes them). They
    /// are kept apart from the names and stack effects, which every
    /// start-up reads, so that start-up does not read the pages of text
    /// between them (ARCHITECTURE.md, "Peak memory").
    pub(crate) texts: &'static str,
    /// This word's row in `texts`.
    pub(crate) row: u16,
    /// What compiling the word appends: `Instr::Prim(id)` for a table word
    /// (the inner interpreter may run it inline, see [`crate::instr::hot`]),
    /// or an instruction of the inner interpreter itself.
    pub(crate) instr: Instr,
}

impl Spec {
    /// This word's row of the family's texts: its description, then, after
    /// U+0001, its example if it has one.
    fn text(&self) -> &'static str {
        self.texts
            .split('\0')
            .nth(usize::from(self.row))
            .unwrap_or("")
    }

    /// What it does, in a sentence or two.
    pub fn doc(&self) -> &'static str {
        self.text().split('\u{1}').next().unwrap_or("")
    }

    /// A line to type that shows it at work, with what it prints after
    /// `\ ` (`help` shows it, the help-examples test runs it).
    pub fn example(&self) -> Option<&'static str> {
        self.text().split_once('\u{1}').map(|(_, example)| example)
    }
}

/// A family's descriptions and examples as one text, row after row:
/// `texts!(doc1 [example1], doc2 [example2] …)`, each row its description,
/// then U+0001 and its example if it has one, then NUL.
macro_rules! texts {
    ($( $doc:literal $($example:literal)? ),* $(,)?) => {
        concat!($( $doc, $("\u{1}", $example,)? "\0", )*)
    };
}
pub(crate) use texts;

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
/// `Variant "name" "( before -- after )" WordSet Flags "description" example "example" |vm| { body }`
/// (the example may be left out),
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
           $(example $example:literal)? |$f:ident| $body:block )*
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

        /// The family's descriptions and examples, apart from the rest.
        static TEXTS: &str = text_in_section!(
            ".rodata.cold",
            $crate::words::spec::texts!($( $doc $($example)? ),*)
        );

        pub(crate) static SPECS: &[$crate::words::spec::Spec] = &[ $(
            $crate::words::spec::Spec {
                name: $name,
                effect: $effect,
                set: $crate::words::spec::WordSet::$set,
                flags: $crate::words::spec::Flags::$flags.bits(),
                texts: TEXTS,
                row: $family::$prim as u16,
                instr: $family::$prim.instr(),
            }
        ),* ];

        /// The bodies, by primitive id minus `BASE`.
        pub(crate) const FNS: &[$crate::kernel::PrimFn] = &[ $(
            {
                #[allow(unused_variables)]
                fn body($f: &mut $crate::kernel::Forth) -> $crate::error::Res<()> $body
                body
            }
        ),* ];
    };
}
pub(crate) use primitives;

/// The first primitive id of each family: the families follow each other
/// in this order, densely (`words` checks at compile time that each base
/// is the one before it plus that family's count).
pub(crate) const CORE_BASE: u16 = 0;
pub(crate) const TEXT_BASE: u16 = 114;
pub(crate) const IO_BASE: u16 = 154;
pub(crate) const SYS_BASE: u16 = 209;
pub(crate) const TOOLS_BASE: u16 = 348;
pub(crate) const GAMES_BASE: u16 = 370;
pub(crate) const FLOAT_BASE: u16 = 404;
pub(crate) const COURSE_BASE: u16 = 506;
pub(crate) const TURTLE_BASE: u16 = 513;

/// Every built-in word's spec, in definition order: assembled by `words`
/// (the one module that knows every family) and handed down here when the
/// first system is built ([`register`]), so that the modules the families
/// build on — the compiler, SEE, the effect checker, help — can look a
/// word up without depending on the families.
static TABLE: std::sync::OnceLock<Vec<&'static Spec>> = std::sync::OnceLock::new();

/// The table's words by primitive id (`nth`).
static BY_ID: std::sync::OnceLock<Vec<Option<&'static Spec>>> = std::sync::OnceLock::new();

/// Hand down the table (the first call wins; every call passes the same).
pub(crate) fn register(table: impl FnOnce() -> Vec<&'static Spec>) {
    let table = TABLE.get_or_init(table);
    BY_ID.get_or_init(|| {
        let mut by_id = Vec::new();
        for &s in table {
            if let crate::instr::Instr::Prim(id) = s.instr {
                let id = id as usize;
                if by_id.len() <= id {
                    by_id.resize(id + 1, None);
                }
                by_id[id].get_or_insert(s);
            }
        }
        by_id
    });
}

/// Every built-in word, in the order they are defined (none before a
/// system was built).
pub(crate) fn all() -> impl Iterator<Item = &'static Spec> {
    TABLE.get().into_iter().flatten().copied()
}

/// The built-in word that runs primitive `id` (the first, if several do).
pub(crate) fn by_id(id: u16) -> Option<&'static Spec> {
    *BY_ID.get()?.get(id as usize)?
}

/// The built-in words that the modules under the families compile or
/// recognise themselves, found by name in the table.
pub(crate) struct Known {
    /// `(flit)`: a float literal's second half.
    pub(crate) flit: Instr,
    /// `(f>bits)`: a float local's store.
    pub(crate) f_to_bits: Instr,
    /// `f!`
    pub(crate) f_store: Instr,
    /// `(abort")`: ABORT"'s run-time part.
    pub(crate) abort_if: Instr,
    /// `(.")`: ."'s run-time part.
    pub(crate) dot_quote_run: Instr,
}

/// The [`Known`] words (the table is registered before any code is
/// compiled; until then they are `Exit`, which nothing matches).
pub(crate) fn known() -> &'static Known {
    static KNOWN: std::sync::OnceLock<Known> = std::sync::OnceLock::new();
    if TABLE.get().is_none() {
        static NONE: Known = Known {
            flit: Instr::Exit,
            f_to_bits: Instr::Exit,
            f_store: Instr::Exit,
            abort_if: Instr::Exit,
            dot_quote_run: Instr::Exit,
        };
        return &NONE;
    }
    KNOWN.get_or_init(|| {
        let by_name = |n: &str| all().find(|s| s.name == n).map_or(Instr::Exit, |s| s.instr);
        Known {
            flit: by_name("(flit)"),
            f_to_bits: by_name("(f>bits)"),
            f_store: by_name("f!"),
            abort_if: by_name("(abort\")"),
            dot_quote_run: by_name("(.\")"),
        }
    })
}
