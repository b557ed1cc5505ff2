//! The instruction set of compiled code. A colon definition is a run of
//! [`Instr`] values in the code space (`Forth::code`), ending in `Exit`.
//! Control instructions carry their targets as code addresses. A built-in
//! word runs as `Prim(id)`, an index into the table of bodies the word
//! families declare, except the hottest core words, which have variants of
//! their own and run inline; the inner interpreter is one `match`.

/// One instruction. Sixteen bytes: a tag and at most one cell of payload.
///
/// Keep it to at most 128 kinds: with a 129th, LLVM compiles the dispatch
/// in `Forth::inner` differently and fib runs 17 % more machine
/// instructions (measured with bench/count.sh). A new superinstruction must
/// replace a less useful one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Instr {
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
    Slash,
    Mod,
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
    TwoFetch,
    TwoStore,

    // ---- superinstructions ----
    // Each takes the first slot of a run of two or three instructions that
    // compiled code often has; the later slots keep their own instructions,
    // so branch targets, SEE and source positions stay exact. It does the
    // whole run and skips the rest, or, when any check on the way would
    // fail, runs just its first instruction (`unfused`), so that the error
    // is reported by the very instruction that fails, as before.
    /// `n +`
    LitPlus(i64),
    /// `n -`
    LitMinus(i64),
    /// `n *`
    LitStar(i64),
    /// `n and`
    LitAnd(i64),
    /// `addr @` (a variable's value)
    LitFetch(i64),
    /// `addr !`
    LitStore(i64),
    /// `addr +!`
    LitPlusStore(i64),
    /// `n =` / `n <` / `n >` followed by IF (or WHILE, UNTIL)
    LitEqualBranch(i64, u32),
    LitLessBranch(i64, u32),
    LitGreaterBranch(i64, u32),
    /// `=` `<>` `<` `>` `u<` `0=` `0<>` `0<` followed by IF
    EqualBranch(u32),
    NotEqualBranch(u32),
    LessBranch(u32),
    GreaterBranch(u32),
    ULessBranch(u32),
    ZeroEqualBranch(u32),
    ZeroNotEqualBranch(u32),
    ZeroLessBranch(u32),
    /// `dup IF`
    DupBranch(u32),
    /// `i @` `i c@` `i !` `i c!` `i 2@` `i 2!` `i +`
    IFetch,
    ICFetch,
    IStore,
    ICStore,
    ITwoFetch,
    ITwoStore,
    IPlus,
    /// `n i c!` / `n i !`
    LitICStore(i64),
    LitIStore(i64),
    /// `over @` `dup @` `@ +` `+ @` `cells +` `r> +` `swap >r` `r> swap`
    OverFetch,
    DupFetch,
    FetchPlus,
    PlusFetch,
    CellsPlus,
    RFromPlus,
    /// `dup +loop` / `n +loop`
    DupPlusLoop(u32),
    LitPlusLoop(i64, u32),
    /// a jump to an EXIT
    BranchExit(u32),
    /// `dup n < IF`
    DupLitLessBranch(i64, u32),
    /// `drop n`
    DropLit(i64),
    /// `?dup IF`
    QDupBranch(u32),
    /// `swap cell+ swap`
    CellPlusUnder,
    /// `+ >r`
    PlusToR,
    /// `r> loop`
    RFromLoop(u32),
    /// `+ ;` `c@ ;`
    PlusExit,
    CFetchExit,
    /// the end of a definition with locals
    LocalsExitExit(u16),
}

const _: () = assert!(std::mem::size_of::<Instr>() <= 16);

impl Instr {
    /// What was compiled in this slot: a superinstruction's first
    /// instruction, anything else itself. SEE, TRACE and error reports see
    /// code through this.
    pub(crate) fn unfused(self) -> Instr {
        use Instr::*;
        match self {
            LitPlus(n)
            | LitMinus(n)
            | LitStar(n)
            | LitAnd(n)
            | LitFetch(n)
            | LitStore(n)
            | LitPlusStore(n)
            | LitEqualBranch(n, _)
            | LitLessBranch(n, _)
            | LitGreaterBranch(n, _)
            | LitICStore(n)
            | LitIStore(n)
            | LitPlusLoop(n, _) => Lit(n),
            EqualBranch(_) => Equal,
            NotEqualBranch(_) => NotEqual,
            LessBranch(_) => Less,
            GreaterBranch(_) => Greater,
            ULessBranch(_) => ULess,
            ZeroEqualBranch(_) => ZeroEqual,
            ZeroNotEqualBranch(_) => ZeroNotEqual,
            ZeroLessBranch(_) => ZeroLess,
            DupBranch(_) | DupFetch | DupPlusLoop(_) => Dup,
            IFetch | ICFetch | IStore | ICStore | ITwoFetch | ITwoStore | IPlus => I,
            OverFetch => Over,
            FetchPlus => Fetch,
            PlusFetch => Plus,
            CellsPlus => Cells,
            RFromPlus => RFrom,
            BranchExit(t) => Branch(t),
            DupLitLessBranch(..) => Dup,
            DropLit(_) => Drop,
            QDupBranch(_) => QDup,
            CellPlusUnder => Swap,
            PlusToR | PlusExit => Plus,
            RFromLoop(_) => RFrom,
            CFetchExit => CFetch,
            LocalsExitExit(n) => LocalsExit(n),
            other => other,
        }
    }
}

/// Fuse the runs that have a superinstruction in the code of one
/// definition, `code[start..end]`. Only the first slot of a run changes.
pub(crate) fn fuse(code: &mut [Instr], start: usize, end: usize) {
    use Instr::*;
    for at in start..end {
        let next = code.get(at + 1).copied().filter(|_| at + 1 < end);
        let third = code.get(at + 2).copied().filter(|_| at + 2 < end);
        let fourth = code.get(at + 3).copied().filter(|_| at + 3 < end);
        let fused = match (code[at], next, third) {
            (Dup, Some(Lit(n)), Some(Less)) if matches!(fourth, Some(ZBranch(_))) => {
                let Some(ZBranch(t)) = fourth else { continue };
                DupLitLessBranch(n, t)
            }
            (Swap, Some(CellPlus), Some(Swap)) => CellPlusUnder,
            (Lit(n), Some(Equal), Some(ZBranch(t))) => LitEqualBranch(n, t),
            (Lit(n), Some(Less), Some(ZBranch(t))) => LitLessBranch(n, t),
            (Lit(n), Some(Greater), Some(ZBranch(t))) => LitGreaterBranch(n, t),
            (Lit(n), Some(I), Some(CStore)) => LitICStore(n),
            (Lit(n), Some(I), Some(Store)) => LitIStore(n),
            (Lit(n), Some(Plus), _) => LitPlus(n),
            (Lit(n), Some(Minus), _) => LitMinus(n),
            (Lit(n), Some(Star), _) => LitStar(n),
            (Lit(n), Some(And), _) => LitAnd(n),
            (Lit(n), Some(Fetch), _) => LitFetch(n),
            (Lit(n), Some(Store), _) => LitStore(n),
            (Lit(n), Some(PlusStore), _) => LitPlusStore(n),
            (Lit(n), Some(PlusLoop(t)), _) => LitPlusLoop(n, t),
            (Equal, Some(ZBranch(t)), _) => EqualBranch(t),
            (NotEqual, Some(ZBranch(t)), _) => NotEqualBranch(t),
            (Less, Some(ZBranch(t)), _) => LessBranch(t),
            (Greater, Some(ZBranch(t)), _) => GreaterBranch(t),
            (ULess, Some(ZBranch(t)), _) => ULessBranch(t),
            (ZeroEqual, Some(ZBranch(t)), _) => ZeroEqualBranch(t),
            (ZeroNotEqual, Some(ZBranch(t)), _) => ZeroNotEqualBranch(t),
            (ZeroLess, Some(ZBranch(t)), _) => ZeroLessBranch(t),
            (Dup, Some(ZBranch(t)), _) => DupBranch(t),
            (Dup, Some(Fetch), _) => DupFetch,
            (Dup, Some(PlusLoop(t)), _) => DupPlusLoop(t),
            (I, Some(Fetch), _) => IFetch,
            (I, Some(CFetch), _) => ICFetch,
            (I, Some(Store), _) => IStore,
            (I, Some(CStore), _) => ICStore,
            (I, Some(TwoFetch), _) => ITwoFetch,
            (I, Some(TwoStore), _) => ITwoStore,
            (I, Some(Plus), _) => IPlus,
            (Over, Some(Fetch), _) => OverFetch,
            (Fetch, Some(Plus), _) => FetchPlus,
            (Plus, Some(Fetch), _) => PlusFetch,
            (Cells, Some(Plus), _) => CellsPlus,
            (RFrom, Some(Plus), _) => RFromPlus,
            (Drop, Some(Lit(n)), _) => DropLit(n),
            (QDup, Some(ZBranch(t)), _) => QDupBranch(t),
            (Plus, Some(ToR), _) => PlusToR,
            (RFrom, Some(Loop(t)), _) => RFromLoop(t),
            (Plus, Some(Exit), _) => PlusExit,
            (CFetch, Some(Exit), _) => CFetchExit,
            (LocalsExit(n), Some(Exit), _) => LocalsExitExit(n),
            (Branch(t), _, _) if code.get(t as usize) == Some(&Exit) && (t as usize) < end => {
                BranchExit(t)
            }
            _ => continue,
        };
        code[at] = fused;
    }
}
