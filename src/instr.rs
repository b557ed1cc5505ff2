//! The instruction set of compiled code. A colon definition is a run of
//! [`Instr`] values in the code space (`Forth::code`), ending in `Exit`.
//! Control instructions carry their targets as code addresses. A built-in
//! word runs as `Prim(id)`, an index into the table of bodies the word
//! families declare, except the hottest core words, which have variants of
//! their own and run inline; the inner interpreter is one `match`.

/// One instruction. Sixteen bytes: a tag and at most one cell of payload.
///
/// Each new kind can tip the register allocation of the dispatch loop in
/// `Forth::inner`: 128 was once a limit (a 129th cost fib 17 %); at 166
/// kinds eight more made the loop reload its jump table's address at every
/// step (fib +4 %), whatever their arms did. Measure a new kind with
/// bench/count.sh before keeping it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
    // Each takes the first slot of a run of two to four instructions that
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
    /// `over @` `dup @` `@ +` `+ @` `cells +` `r> +`
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
    /// `n i c! dup +loop` (a sieve's inner loop)
    LitICStoreDupPlusLoop(i64, u32),
    /// `i 2@ > IF` (a bubble sort's compare)
    ITwoFetchGreaterBranch(u32),
    /// a jump to the end of a definition with locals
    BranchLocalsExit(u32),
    /// `chars +` and `i chars + c@`, `over i chars + c@`, `dup i chars + c@`
    /// (`chars` changes nothing: the operand is its table number)
    CharsPlus(u16),
    ICharsPlusCFetch(u16),
    OverICharsPlusCFetch(u16),
    DupICharsPlusCFetch(u16),
    /// `over i`, `1+ swap`, `swap 1+ swap`
    OverI,
    OnePlusSwap,
    SwapOnePlusSwap,
    /// `n pick` (the operand: pick's table number)
    LitPick(i64, u16),
    /// `i c@ IF`
    ICFetchBranch(u32),
    /// `n + loop`
    LitPlusThenLoop(i64, u32),
    /// `swap i 2!`
    SwapITwoStore,
    /// `over @ over @ *`
    OverFetchOverFetchStar,
    /// `r> + >r`
    RFromPlusToR,
    /// `dup 1-`, `swap n -`
    DupOneMinus,
    SwapLitMinus(i64),
    /// `i n and 0= IF`
    ILitAndZeroEqualBranch(i64, u32),
    /// `n rshift` `n xor` `n >` `n =`
    LitRShift(i64),
    LitXor(i64),
    LitGreater(i64),
    LitEqual(i64),
    /// `cells n + @` `cells n + !` `cells n +` (an array's element)
    CellsLitPlusFetch(i64),
    CellsLitPlusStore(i64),
    CellsLitPlus(i64),
    /// `i 1+`
    IOnePlus,
    /// `var @ cells +` `var @ +`
    LitFetchCellsPlus(i64),
    LitFetchPlus(i64),
    /// a local followed by `0= IF`, `IF`, `1-`, `1+`, `cell+`, `@`, another local
    LocalZeroEqualBranch(u16, u32),
    LocalBranch(u16, u32),
    LocalOneMinus(u16),
    LocalOnePlus(u16),
    LocalCellPlus(u16),
    LocalFetchFetch(u16),
    LocalLocal(u16, u16),
    /// a call of a word that starts by taking locals: the call and the
    /// frame in one step
    CallLocals(u32),

    // ---- calls of short words, done in place ----
    // A `Call(target)` whose word's whole body is one of these shapes is
    // replaced (by `inline_calls`) by the shape, with the target kept:
    // `unfused` gives the Call back, and when any check would fail, the
    // slow path makes the call for real, so the word's own instructions
    // fail as they always did. The depth limit is checked as the call
    // checks it (Ctrl-C is left to the next call or backward jump).
    /// `: w var @ cells + ;`
    InlineVarCellsPlus(i64, u32),
    /// `: w var @ + c@ ;`
    InlineVarPlusCFetch(i64, u32),
    /// `: w n op ;` (op numbered by `LIT_OPS`)
    InlineLitOp(i64, u32, u8),
    /// `: w cells array + @ ;` / `: w cells array + ! ;`
    InlineCellsLitPlusFetch(i64, u32),
    InlineCellsLitPlusStore(i64, u32),
    /// `: w n cells + @ ;` (a field)
    InlineLitCellsPlusFetch(i64, u32),
    /// `: w var @ ;`
    InlineVarFetch(i64, u32),
    /// A word made by a defining word whose DOES> part is `+ ;` or
    /// `swap cells + ;` (a table indexing itself), once no DOES> can
    /// change it: its body address and its execution token (`Word(xt)`).
    InlineDoesPlus(i64, u32),
    InlineDoesCells(i64, u32),

    /// A call of a word that has machine code (`jit.rs`): the inner
    /// interpreter hands it to the slow path, which enters the code.
    /// Put in by `CodeSpace::call_natively` where a word was translated.
    CallNative(u32),
}

/// The table numbers of CHARS (which changes nothing here: a character
/// is a byte) and PICK, which superinstructions fuse; vm.rs holds them to
/// the word tables at compile time (this module may not ask those).
pub(crate) const CHARS_ID: u16 = 103;
pub(crate) const PICK_ID: u16 = 8;
/// And those of 2>R, 2R>, 2R@ and UNLOOP, which the native tier (`jit.rs`) runs.
pub(crate) const TWO_TO_R_ID: u16 = 20;
pub(crate) const TWO_R_FROM_ID: u16 = 21;
pub(crate) const TWO_R_FETCH_ID: u16 = 22;
pub(crate) const UNLOOP_ID: u16 = 29;
const CHARS: Instr = Instr::Prim(CHARS_ID);

/// The operations `InlineLitOp` does with its literal, by number.
pub(crate) const LIT_OPS: [Instr; 14] = [
    Instr::Plus,
    Instr::Minus,
    Instr::Star,
    Instr::And,
    Instr::Or,
    Instr::Xor,
    Instr::LShift,
    Instr::RShift,
    Instr::Equal,
    Instr::NotEqual,
    Instr::Less,
    Instr::Greater,
    Instr::Slash,
    Instr::Mod,
];

impl Instr {
    /// A call of a short word done in place: the call it stands for.
    #[inline]
    fn inlined_call(self) -> Option<Instr> {
        use Instr::*;
        match self {
            InlineVarCellsPlus(_, t)
            | InlineVarPlusCFetch(_, t)
            | InlineLitOp(_, t, _)
            | InlineCellsLitPlusFetch(_, t)
            | InlineCellsLitPlusStore(_, t)
            | InlineLitCellsPlusFetch(_, t)
            | InlineVarFetch(_, t)
            | CallNative(t) => Some(Call(t)),
            InlineDoesPlus(_, xt) | InlineDoesCells(_, xt) => Some(Word(xt)),
            _ => None,
        }
    }
}

/// What to compile for the DOES> word `xt`, whose body is at `body` and
/// whose DOES> part starts at `does`, when that part is one of the shapes
/// done in place (`InlineDoesPlus`, `InlineDoesCells`).
pub(crate) fn inline_does(code: &[Instr], xt: u32, body: u32, does: u32) -> Option<Instr> {
    use Instr::*;
    let (part, len) = short_body(code, does)?;
    match part[..len] {
        [Plus] => Some(InlineDoesPlus(body as i64, xt)),
        [Swap, Cells, Plus] => Some(InlineDoesCells(body as i64, xt)),
        _ => None,
    }
}

/// The code from `at` to its EXIT, as compiled (`unfused`), when it is at
/// most five instructions long: the instructions and how many.
fn short_body(code: &[Instr], at: u32) -> Option<([Instr; 5], usize)> {
    let mut body = [Instr::Exit; 5];
    for (k, slot) in body.iter_mut().enumerate() {
        match code.get(at as usize + k)?.unfused() {
            Instr::Exit => return Some((body, k)),
            i => *slot = i,
        }
    }
    (code.get(at as usize + 5)?.unfused() == Instr::Exit).then_some((body, 5))
}

/// Replace each call in `code[start..end]` of a word whose whole body is
/// one of the shapes the inner interpreter does in place (see
/// `InlineVarCellsPlus` …). The word's body is read as compiled
/// (`unfused`); a call that is already a superinstruction stays.
pub(crate) fn inline_calls(code: &mut [Instr], start: usize, end: usize) {
    use Instr::*;
    for at in start..end {
        let Call(t) = code[at] else { continue };
        let Some((shape, len)) = short_body(code, t) else {
            continue;
        };
        let inlined = match &shape[..len] {
            [Lit(a), Fetch, Cells, Plus] => InlineVarCellsPlus(*a, t),
            [Lit(a), Fetch, Plus, CFetch] => InlineVarPlusCFetch(*a, t),
            [Cells, Lit(a), Plus, Fetch] => InlineCellsLitPlusFetch(*a, t),
            [Cells, Lit(a), Plus, Store] => InlineCellsLitPlusStore(*a, t),
            [Lit(n), Cells, Plus, Fetch] => InlineLitCellsPlusFetch(*n, t),
            [Lit(a), Fetch] => InlineVarFetch(*a, t),
            [Lit(n), op] => match LIT_OPS.iter().position(|o| o == op) {
                Some(k) => InlineLitOp(*n, t, k as u8),
                None => continue,
            },
            _ => continue,
        };
        code[at] = inlined;
    }
}

const _: () = assert!(std::mem::size_of::<Instr>() <= 16);

// ---- the inner interpreter's own instructions, one row each ----

/// How TRACE shows a step of an instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Trace {
    /// As the source token that compiled it (`if`, `loop` …), with the
    /// stack after it.
    Token,
    /// As the value it pushes (a number, `s" text"`).
    Literal,
    /// Not at all (a jump, a frame's bookkeeping).
    Hidden,
    /// As the word it runs, found in the dictionary.
    Word,
}

/// What an instruction does to the flow of control and the data stack
/// (cells taken, cells left), as the effect checker walks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    /// Goes on to the next instruction.
    Next(u32, u32),
    /// Jumps to its target, taking this many cells.
    Jump(u32),
    /// Goes on, taking the first count, or jumps, taking the second.
    Either(u32, u32),
    /// Ends the definition (EXIT, the run-time of DOES>).
    Ends,
    /// Depends on its operand or on the word it runs: the checker asks.
    Depends,
    /// Cannot be known from the code (EXECUTE, CATCH, a deferred word).
    Unknown,
}

/// Declare the inner interpreter's own instructions, one row each:
/// `Kind(operands) : [words that compile it] Trace Flow;`. An operand
/// written `ahead` is a jump target a later word may resolve (THEN),
/// `back` one known when it is compiled (LOOP's), `_` anything else.
/// `Instr::target`, `with_target`, `resolvable`, `word`, `compiled_by`,
/// `trace` and `flow` are made from the rows.
macro_rules! own_instructions {
    ($( $kind:ident $( ( $($op:tt),+ ) )? : [$($word:literal),*] $trace:ident $flow:expr ; )*) => {
        #[allow(unused_variables)]
        impl Instr {
            /// Where it may jump, if it is a jump.
            pub(crate) fn target(self) -> Option<u32> {
                match self {
                    $( Instr::$kind $( ( $($op),+ ) )? => own_instructions!(@target $($($op)+)?), )*
                    _ => None,
                }
            }

            /// The same jump to another target (resolving it, moving code).
            pub(crate) fn with_target(self, to: u32) -> Option<Instr> {
                match self {
                    $( Instr::$kind $( ( $($op),+ ) )? => own_instructions!(@retarget to $kind $( ( $($op),+ ) )?), )*
                    _ => None,
                }
            }

            /// A forward jump compiled before its target is known, which
            /// THEN, REPEAT, LOOP (for LEAVE) or ENDOF resolves.
            pub(crate) fn resolvable(self) -> bool {
                match self {
                    $( Instr::$kind $( ( $($op),+ ) )? => own_instructions!(@ahead $($($op)+)?), )*
                    _ => false,
                }
            }

            /// The word that compiles it, when just one does (`?do`, not
            /// a branch, which IF, ELSE, WHILE … compile): SEE shows it so.
            pub(crate) fn word(self) -> Option<&'static str> {
                match self {
                    $( Instr::$kind $( ( $($op),+ ) )? => own_instructions!(@one $($word),*), )*
                    _ => None,
                }
            }

            /// The instruction a word compiles (besides resolving
            /// branches), with zero operands, and the word as spelt here.
            pub(crate) fn compiled_by(name: &str) -> Option<(&'static str, Instr)> {
                $(
                    let words: &[&'static str] = &[$($word),*];
                    if let Some(&w) = words.iter().find(|w| w.eq_ignore_ascii_case(name)) {
                        return Some((w, Instr::$kind $( ( $(own_instructions!(@zero $op)),+ ) )?));
                    }
                )*
                None
            }

            /// How TRACE shows it (hot words, table words and
            /// superinstructions by their word).
            pub(crate) fn trace(self) -> Trace {
                match self {
                    $( Instr::$kind $( ( $($op),+ ) )? => Trace::$trace, )*
                    _ => Trace::Word,
                }
            }

            /// What it does to the flow and the data stack (hot words and
            /// table words: their declared effect, which the checker asks).
            pub(crate) fn flow(self) -> Flow {
                match self {
                    $( Instr::$kind $( ( $($op),+ ) )? => $flow, )*
                    _ => Flow::Depends,
                }
            }
        }
    };
    (@target) => { None };
    (@target _ $($rest:tt)*) => { own_instructions!(@target $($rest)*) };
    (@target $t:ident $($rest:tt)*) => { Some($t) };
    (@retarget $to:ident $kind:ident ($t:ident)) => { Some(Instr::$kind($to)) };
    (@retarget $to:ident $kind:ident $($rest:tt)*) => { None };
    (@ahead) => { false };
    (@ahead _ $($rest:tt)*) => { own_instructions!(@ahead $($rest)*) };
    (@ahead ahead $($rest:tt)*) => { true };
    (@ahead $t:ident $($rest:tt)*) => { false };
    (@one $w:literal) => { Some($w) };
    (@one $($w:literal),*) => { None };
    (@zero $op:tt) => { Default::default() };
}

use Flow::*;

own_instructions! {
    // kind (operands)   words that compile it                               TRACE    flow
    Lit(_)            : []                                                   Literal  Next(0, 1);
    Call(_)           : []                                                   Word     Depends;
    Exit              : ["exit"]                                             Hidden   Ends;
    Branch(ahead)     : ["else", "again", "repeat", "ahead", "endof"]        Hidden   Jump(0);
    ZBranch(ahead)    : ["if", "until", "while"]                             Token    Either(1, 1);
    Do                : ["do"]                                               Token    Next(2, 0);
    QDo(ahead)        : ["?do"]                                              Token    Either(2, 2);
    Loop(back)        : ["loop"]                                             Token    Either(0, 0);
    PlusLoop(back)    : ["+loop"]                                            Token    Either(1, 1);
    Leave(ahead)      : ["leave"]                                            Hidden   Jump(0);
    Case              : ["case"]                                             Hidden   Next(0, 0);
    // Equal: both go; else the selector stays and OF jumps.
    Of(ahead)         : ["of"]                                               Token    Either(2, 1);
    EndCase           : ["endcase"]                                          Token    Next(1, 0);
    Execute           : []                                                   Word     Unknown;
    Catch             : []                                                   Word     Unknown;
    CatchEnd          : []                                                   Hidden   Unknown;
    Word(_)           : []                                                   Word     Depends;
    Does(_)           : ["does>"]                                            Word     Ends;
    Str(_, _)         : []                                                   Literal  Next(0, 2);
    Value(_)          : []                                                   Word     Next(0, 1);
    Defer(_)          : []                                                   Word     Unknown;
    LocalsEnter(_, _) : []                                                   Hidden   Depends;
    LocalFetch(_)     : []                                                   Word     Next(0, 1);
    LocalStore(_)     : []                                                   Word     Next(1, 0);
    LocalAdd(_)       : []                                                   Word     Next(1, 0);
    LocalsExit(_)     : []                                                   Hidden   Next(0, 0);
    CompileXt(_)      : []                                                   Word     Unknown;
    Prim(_)           : []                                                   Word     Depends;
}

// ---- the superinstructions, one row each ----

/// Declare the superinstructions, one row each: `Super(operands) = [the
/// run it fuses]`, optionally `if` a condition on the code, in the order
/// `fuse` tries them (a longer run before a shorter one it starts with).
/// `unfused` (the run's first instruction), `fuse` and, for the tests,
/// `runs` are made from the rows; the inner interpreter's arm is the one
/// other place a superinstruction is written.
macro_rules! superinstructions {
    (
        fuse($code:ident, $end:ident);
        $( $sup:ident $( ( $($arg:ident),+ ) )? = [ $( $kind:ident $( ( $($karg:ident),+ ) )? ),+ ] $(if $guard:expr)? ; )*
    ) => {
        impl Instr {
            /// What was compiled in this slot: a superinstruction's first
            /// instruction, anything else itself. SEE, TRACE and error
            /// reports see code through this.
            // Inlined as the hand-written match was: `Forth::run` calls it
            // when leaving the hot loop, and a call there costs fib 15 %
            // more machine instructions (bench/count.sh).
            #[allow(unused_variables)]
            #[inline]
            pub(crate) fn unfused(self) -> Instr {
                use Instr::*;
                if let Some(call) = self.inlined_call() {
                    return call;
                }
                match self {
                    $( $sup $( ( $($arg),+ ) )? => superinstructions!(@first $( $kind $( ( $($karg),+ ) )? ),+), )*
                    other => other,
                }
            }
        }

        /// Fuse the runs that have a superinstruction in the code of one
        /// definition, `code[start..end]`. Only the first slot of a run changes.
        pub(crate) fn fuse($code: &mut [Instr], start: usize, $end: usize) {
            use Instr::*;
            for at in start..$end {
                let fused = match $code[at..$end] {
                    $( [ $( $kind $( ( $($karg),+ ) )? ),+ , ..] $(if $guard)? => $sup $( ( $($arg),+ ) )?, )*
                    _ => continue,
                };
                $code[at] = fused;
            }
        }

        /// Every superinstruction with the run it fuses, their operands
        /// zero (the tests place and vary them).
        #[cfg(test)]
        pub(crate) fn runs() -> Vec<(Instr, Vec<Instr>)> {
            use Instr::*;
            vec![ $( {
                $( $( let $arg = Default::default(); )+ )?
                ($sup $( ( $($arg),+ ) )?, vec![ $( $kind $( ( $($karg),+ ) )? ),+ ])
            } ),* ]
        }
    };
    (@first $kind:ident $( ( $($karg:ident),+ ) )? $(, $($rest:tt)*)?) => {
        $kind $( ( $($karg),+ ) )?
    };
}

superinstructions! {
    fuse(code, end);
    DupLitLessBranch(n, t) = [Dup, Lit(n), Less, ZBranch(t)];
    CellPlusUnder = [Swap, CellPlus, Swap];
    LitEqualBranch(n, t) = [Lit(n), Equal, ZBranch(t)];
    LitLessBranch(n, t) = [Lit(n), Less, ZBranch(t)];
    LitGreaterBranch(n, t) = [Lit(n), Greater, ZBranch(t)];
    LitPick(n, id) = [Lit(n), Prim(id)] if id == PICK_ID;
    LitPlusThenLoop(n, t) = [Lit(n), Plus, Loop(t)];
    LitFetchCellsPlus(n) = [Lit(n), Fetch, Cells, Plus];
    LitFetchPlus(n) = [Lit(n), Fetch, Plus];
    LitICStoreDupPlusLoop(n, t) = [Lit(n), I, CStore, Dup, PlusLoop(t)];
    LitICStore(n) = [Lit(n), I, CStore];
    LitIStore(n) = [Lit(n), I, Store];
    LitRShift(n) = [Lit(n), RShift];
    LitXor(n) = [Lit(n), Xor];
    LitGreater(n) = [Lit(n), Greater];
    LitEqual(n) = [Lit(n), Equal];
    LitPlus(n) = [Lit(n), Plus];
    LitMinus(n) = [Lit(n), Minus];
    LitStar(n) = [Lit(n), Star];
    LitAnd(n) = [Lit(n), And];
    LitFetch(n) = [Lit(n), Fetch];
    LitStore(n) = [Lit(n), Store];
    LitPlusStore(n) = [Lit(n), PlusStore];
    LitPlusLoop(n, t) = [Lit(n), PlusLoop(t)];
    EqualBranch(t) = [Equal, ZBranch(t)];
    NotEqualBranch(t) = [NotEqual, ZBranch(t)];
    LessBranch(t) = [Less, ZBranch(t)];
    GreaterBranch(t) = [Greater, ZBranch(t)];
    ULessBranch(t) = [ULess, ZBranch(t)];
    ZeroEqualBranch(t) = [ZeroEqual, ZBranch(t)];
    ZeroNotEqualBranch(t) = [ZeroNotEqual, ZBranch(t)];
    ZeroLessBranch(t) = [ZeroLess, ZBranch(t)];
    DupOneMinus = [Dup, OneMinus];
    DupICharsPlusCFetch(id) = [Dup, I, Prim(id), Plus, CFetch] if Prim(id) == CHARS;
    CharsPlus(id) = [Prim(id), Plus] if Prim(id) == CHARS;
    OnePlusSwap = [OnePlus, Swap];
    DupBranch(t) = [Dup, ZBranch(t)];
    DupFetch = [Dup, Fetch];
    DupPlusLoop(t) = [Dup, PlusLoop(t)];
    ILitAndZeroEqualBranch(n, t) = [I, Lit(n), And, ZeroEqual, ZBranch(t)];
    ICharsPlusCFetch(id) = [I, Prim(id), Plus, CFetch] if Prim(id) == CHARS;
    ICFetchBranch(t) = [I, CFetch, ZBranch(t)];
    IOnePlus = [I, OnePlus];
    IFetch = [I, Fetch];
    ICFetch = [I, CFetch];
    IStore = [I, Store];
    ICStore = [I, CStore];
    ITwoFetchGreaterBranch(t) = [I, TwoFetch, Greater, ZBranch(t)];
    ITwoFetch = [I, TwoFetch];
    ITwoStore = [I, TwoStore];
    IPlus = [I, Plus];
    OverFetchOverFetchStar = [Over, Fetch, Over, Fetch, Star];
    OverICharsPlusCFetch(id) = [Over, I, Prim(id), Plus, CFetch] if Prim(id) == CHARS;
    OverI = [Over, I];
    SwapOnePlusSwap = [Swap, OnePlus, Swap];
    SwapITwoStore = [Swap, I, TwoStore];
    SwapLitMinus(n) = [Swap, Lit(n), Minus];
    OverFetch = [Over, Fetch];
    FetchPlus = [Fetch, Plus];
    PlusFetch = [Plus, Fetch];
    CellsLitPlusFetch(n) = [Cells, Lit(n), Plus, Fetch];
    CellsLitPlusStore(n) = [Cells, Lit(n), Plus, Store];
    CellsLitPlus(n) = [Cells, Lit(n), Plus];
    CellsPlus = [Cells, Plus];
    RFromPlusToR = [RFrom, Plus, ToR];
    RFromPlus = [RFrom, Plus];
    DropLit(n) = [Drop, Lit(n)];
    QDupBranch(t) = [QDup, ZBranch(t)];
    PlusToR = [Plus, ToR];
    RFromLoop(t) = [RFrom, Loop(t)];
    PlusExit = [Plus, Exit];
    CFetchExit = [CFetch, Exit];
    LocalZeroEqualBranch(n, t) = [LocalFetch(n), ZeroEqual, ZBranch(t)];
    LocalBranch(n, t) = [LocalFetch(n), ZBranch(t)];
    LocalOneMinus(n) = [LocalFetch(n), OneMinus];
    LocalOnePlus(n) = [LocalFetch(n), OnePlus];
    LocalCellPlus(n) = [LocalFetch(n), CellPlus];
    LocalFetchFetch(n) = [LocalFetch(n), Fetch];
    LocalLocal(n, m) = [LocalFetch(n), LocalFetch(m)];
    // A call of a word whose first instruction takes its locals.
    CallLocals(t) = [Call(t)] if matches!(code.get(t as usize), Some(LocalsEnter(..)));
    LocalsExitExit(n) = [LocalsExit(n), Exit];
    // A jump to an EXIT (within the definition) is the EXIT.
    BranchExit(t) = [Branch(t)] if code.get(t as usize) == Some(&Exit) && (t as usize) < end;
    // A jump to the end of a definition with locals: dropping them and
    // the EXIT.
    BranchLocalsExit(t) = [Branch(t)]
        if matches!(code.get(t as usize), Some(LocalsExit(_) | LocalsExitExit(_)))
            && code.get(t as usize + 1) == Some(&Exit)
            && (t as usize) + 1 < end;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A superinstruction's slot shows the run's first instruction, and a
    /// jump in a run can be moved (the VM test places the runs so).
    #[test]
    fn superinstructions_stand_for_their_runs() {
        for (sup, run) in runs() {
            assert_eq!(sup.unfused(), run[0], "{sup:?}");
            for i in run {
                if let Some(t) = i.target() {
                    assert_eq!(i.with_target(t + 5).and_then(Instr::target), Some(t + 5));
                }
            }
        }
    }

    /// The word SEE shows for an instruction compiles that instruction.
    #[test]
    fn words_compile_their_instructions() {
        use std::mem::discriminant;
        for i in [
            Instr::Exit,
            Instr::Do,
            Instr::QDo(0),
            Instr::Loop(0),
            Instr::Of(0),
        ] {
            let w = i.word().expect("a word");
            let (_, compiled) = Instr::compiled_by(w).expect("compiled");
            assert_eq!(discriminant(&compiled), discriminant(&i));
        }
        assert!(Instr::ZBranch(0).resolvable() && !Instr::Loop(0).resolvable());
    }
}
