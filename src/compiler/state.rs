//! The compiler's state: the definition being made, its open DO loops,
//! its locals. A leaf, so the kernel can hold it; the compiler's functions
//! (`compiler.rs`) keep its invariants.

/// The colon definition being compiled.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Definition {
    pub xt: u32,
    pub code_start: u32,
    pub noname: bool,
    /// Data stack depth at `:`; control-flow entries stack above it.
    pub depth: usize,
    /// For a DOES> typed outside a definition: the CREATEd word that
    /// this nameless code becomes the behaviour of, at `;`.
    pub does_for: Option<u32>,
    /// A control structure typed outside a definition (`10 0 do i . loop`
    /// at the prompt): compiled into this nameless definition, which runs
    /// and is thrown away as soon as the structure is closed.
    pub at_prompt: bool,
    /// Where the definition starts (its `:`), for warnings at `;`.
    pub at: crate::code::Pos,
    /// It redefines a word: noted at `;`, when the new one takes its place.
    pub redefines: bool,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Compiler {
    pub def: Option<Definition>,
    /// LEAVE (and ?DO) addresses to resolve, one list per open DO.
    pub leaves: Vec<Vec<u32>>,
    /// The current definition's locals frame at this point of the code,
    /// one entry a cell, oldest first.
    pub locals: Vec<Local>,
    /// The locals frame size at each open DO, for LEAVE.
    pub do_locals: Vec<usize>,
    /// Names given to (LOCAL) and not yet ended by `0 0 (local)`.
    pub pending_locals: Vec<String>,
    /// The name NEXTNAME gave the next defining word.
    pub next_name: Option<String>,
    /// Where each BEGIN of the definition stands, by the code address its
    /// loop goes back to (BEGIN compiles nothing, so no instruction's
    /// position tells), for "`begin` at … has no `until`".
    pub begins: Vec<(u32, crate::code::Pos)>,
    /// The word the outer interpreter is compiling or running, whose
    /// execution token every instruction emitted now is recorded with
    /// (`CodeSpace::by`); 0 while it compiles a number or a local's name.
    /// Set per token, and put back after it, so an EVALUATE inside an
    /// immediate word records the words it evaluates.
    pub emitter: u32,
    /// Stack comments found to disagree with their code in the library
    /// file being included: counted for one line when it ends instead of
    /// a warning each (`compiler::read_quietly`). None while the user's
    /// own code is read: the prompt, -e code, the script run.
    pub wrong_in_file: Option<u32>,
}

impl Compiler {
    /// Forget what is being compiled: no definition, no open DO loops, no
    /// locals. Returns the definition that was open, if any.
    pub(crate) fn clear(&mut self) -> Option<Definition> {
        self.leaves.clear();
        self.do_locals.clear();
        self.locals.clear();
        self.pending_locals.clear();
        self.next_name = None;
        self.begins.clear();
        self.def.take()
    }

    /// The LocalFetch index of a local name (0 = newest) and its kind;
    /// a double's index is its low cell's (its high cell is one newer).
    pub(crate) fn local(&self, name: &str) -> Option<(u16, LocalKind)> {
        let i = self
            .locals
            .iter()
            .rposition(|l| l.kind != LocalKind::DoubleHigh && l.name.eq_ignore_ascii_case(name))?;
        Some(((self.locals.len() - 1 - i) as u16, self.locals[i].kind))
    }
}

/// What a locals frame cell holds (gforth's typed locals).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LocalKind {
    /// `w:` or no type: a cell.
    Cell,
    /// `c:`: a character; the cell is kept whole, a fetch gives its low byte.
    Char,
    /// `d:`: the low cell of a double (the cell under its high cell).
    Double,
    /// The high cell of a double, one cell newer than its low cell.
    DoubleHigh,
    /// `f:`: the bits of a float.
    Float,
}

impl LocalKind {
    /// The type prefix written before the name, as SEE shows it.
    pub(crate) fn prefix(self) -> &'static str {
        match self {
            LocalKind::Cell => "",
            LocalKind::Char => "c: ",
            LocalKind::Double => "d: ",
            LocalKind::DoubleHigh => "d:hi ",
            LocalKind::Float => "f: ",
        }
    }
}

/// One cell of a locals frame, as the compiler knows it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Local {
    pub name: String,
    pub kind: LocalKind,
}
