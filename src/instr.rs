//! The instruction set of compiled code. A colon definition is a run of
//! [`Instr`] values in the code space (`Forth::code`), ending in `Exit`.
//! Control instructions carry their targets as code addresses; built-in
//! words are grouped into families (one enum each, generated from the word
//! tables in `words/`), so the inner interpreter is one `match`.

use crate::words::{core::Core, games::Games, io::Io, sys::Sys, text::Text, tools::Tools};

/// One instruction. Sixteen bytes: a tag and at most one cell of payload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Instr {
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
    Core(Core),
    Text(Text),
    Io(Io),
    Sys(Sys),
    Tools(Tools),
    Games(Games),
}

const _: () = assert!(std::mem::size_of::<Instr>() <= 16);
