//! The instruction set of compiled code. A colon definition is a run of
//! [`Instr`] values in the code space (`Forth::code`), ending in `Exit`.
//! Control instructions carry their targets as code addresses. A built-in
//! word runs as `Prim(id)`, an index into the table of bodies the word
//! families declare, except the hottest core words, which have variants of
//! their own and run inline; the inner interpreter is one `match`.

use crate::words::core::Core;

/// One instruction. Sixteen bytes: a tag and at most one cell of payload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Instr {
    // ---- the inner interpreter's own instructions ----
    /// Push a cell.
    Lit(i64),
    /// Call the colon definition whose code starts here.
    Call(u32),
    /// Return from the current colon definition.
    Exit,
    /// Jump.
    Branch(u32),
    /// Pop a flag; jump when it is zero.
    ZBranch(u32),
    /// DO: move limit and index to the return stack.
    Do,
    /// ?DO: like DO, but jump past the loop when limit = index.
    QDo(u32),
    /// LOOP: step the index by one; jump back to the body while running.
    Loop(u32),
    /// +LOOP: step by the popped amount; jump back while the limit is not crossed.
    PlusLoop(u32),
    /// LEAVE: drop the loop parameters and jump past the loop.
    Leave(u32),
    /// CASE: marks where a CASE starts (does nothing; SEE shows it).
    Case,
    /// OF: if the top two cells are equal, drop both; else drop the top one
    /// and jump past ENDOF.
    Of(u32),
    /// ENDCASE: drop the selector.
    EndCase,
    /// EXECUTE ( i*x xt -- j*x ).
    Execute,
    /// CATCH ( i*x xt -- j*x 0 | i*x n ).
    Catch,
    /// The end of a CATCHed execution: drop the catch frame, push 0.
    CatchEnd,
    /// Run a word by its execution token (CREATEd words, whose behaviour DOES> may change).
    Word(u32),
    /// The run-time of DOES>: give the newest word this behaviour, then return.
    Does(u32),
    /// Push the address and length of a string stored in data space.
    Str(u32, u32),
    /// Push the cell stored at this address (VALUE).
    Value(u32),
    /// Execute the execution token stored at this address (DEFER).
    Defer(u32),
    /// Move this many cells from the data stack into a new locals frame,
    /// then add the second count of uninitialised locals.
    LocalsEnter(u16, u16),
    /// Push local n, counted from the newest.
    LocalFetch(u16),
    /// Pop into local n.
    LocalStore(u16),
    /// Pop and add into local n (+TO).
    LocalAdd(u16),
    /// Drop a locals frame of this size.
    LocalsExit(u16),
    /// Append the compilation semantics of this word to the current definition (POSTPONE).
    CompileXt(u32),
    /// Run built-in word number n through the table of bodies (`words::prim_table`).
    Prim(u16),

    // ---- hot core words, run inline (each stands for its table word) ----
    Dup,
    Drop,
    Swap,
    Over,
    Rot,
    MinusRot,
    Nip,
    Tuck,
    QDup,
    TwoDup,
    TwoDrop,
    ToR,
    RFrom,
    RFetch,
    I,
    J,
    Plus,
    Minus,
    Star,
    OnePlus,
    OneMinus,
    Negate,
    Min,
    Max,
    TwoStar,
    TwoSlash,
    LShift,
    RShift,
    And,
    Or,
    Xor,
    Invert,
    Equal,
    NotEqual,
    Less,
    Greater,
    ULess,
    UGreater,
    ZeroEqual,
    ZeroNotEqual,
    ZeroLess,
    ZeroGreater,
    Fetch,
    Store,
    CFetch,
    CStore,
    PlusStore,
    CellPlus,
    Cells,
    CharPlus,
}

const _: () = assert!(std::mem::size_of::<Instr>() <= 16);

/// The hot words: each inline instruction and the table word it stands for.
/// `tests` hold every pair to the same behaviour.
pub const HOT: &[(Core, Instr)] = &[
    (Core::Dup, Instr::Dup),
    (Core::Drop, Instr::Drop),
    (Core::Swap, Instr::Swap),
    (Core::Over, Instr::Over),
    (Core::Rot, Instr::Rot),
    (Core::MinusRot, Instr::MinusRot),
    (Core::Nip, Instr::Nip),
    (Core::Tuck, Instr::Tuck),
    (Core::QDup, Instr::QDup),
    (Core::TwoDup, Instr::TwoDup),
    (Core::TwoDrop, Instr::TwoDrop),
    (Core::ToR, Instr::ToR),
    (Core::RFrom, Instr::RFrom),
    (Core::RFetch, Instr::RFetch),
    (Core::I, Instr::I),
    (Core::J, Instr::J),
    (Core::Plus, Instr::Plus),
    (Core::Minus, Instr::Minus),
    (Core::Star, Instr::Star),
    (Core::OnePlus, Instr::OnePlus),
    (Core::OneMinus, Instr::OneMinus),
    (Core::Negate, Instr::Negate),
    (Core::Min, Instr::Min),
    (Core::Max, Instr::Max),
    (Core::TwoStar, Instr::TwoStar),
    (Core::TwoSlash, Instr::TwoSlash),
    (Core::LShift, Instr::LShift),
    (Core::RShift, Instr::RShift),
    (Core::And, Instr::And),
    (Core::Or, Instr::Or),
    (Core::Xor, Instr::Xor),
    (Core::Invert, Instr::Invert),
    (Core::Equal, Instr::Equal),
    (Core::NotEqual, Instr::NotEqual),
    (Core::Less, Instr::Less),
    (Core::Greater, Instr::Greater),
    (Core::ULess, Instr::ULess),
    (Core::UGreater, Instr::UGreater),
    (Core::ZeroEqual, Instr::ZeroEqual),
    (Core::ZeroNotEqual, Instr::ZeroNotEqual),
    (Core::ZeroLess, Instr::ZeroLess),
    (Core::ZeroGreater, Instr::ZeroGreater),
    (Core::Fetch, Instr::Fetch),
    (Core::Store, Instr::Store),
    (Core::CFetch, Instr::CFetch),
    (Core::CStore, Instr::CStore),
    (Core::PlusStore, Instr::PlusStore),
    (Core::CellPlus, Instr::CellPlus),
    (Core::Cells, Instr::Cells),
    (Core::CharPlus, Instr::CharPlus),
];

/// What to compile for a word's table instruction: its inline form if it
/// is hot.
pub fn hot(i: Instr) -> Instr {
    HOT.iter()
        .find(|(c, _)| c.instr() == i)
        .map_or(i, |&(_, h)| h)
}

impl Instr {
    /// The instruction as the table knows it: a hot word's table
    /// instruction (for finding its spec).
    pub fn canonical(self) -> Instr {
        HOT.iter()
            .find(|&&(_, h)| h == self)
            .map_or(self, |(c, _)| c.instr())
    }
}
