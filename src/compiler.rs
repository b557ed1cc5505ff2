//! The compiler: appending instructions to the code space, colon
//! definitions, control structures and locals.
//!
//! Control structures keep their unresolved addresses on the data stack as
//! two cells, an address and a tag saying what opened it, so mismatched
//! words are caught ("THEN without IF") and CS-PICK / CS-ROLL work on whole
//! entries. LEAVE addresses are kept per DO in the compiler itself.

pub(crate) mod state;
pub(crate) use state::{Definition, Local, LocalKind};

use crate::dictionary::{COMPILE_ONLY, IMMEDIATE, Kind};
use crate::error::*;
use crate::instr::Instr;
use crate::kernel::Forth;
use crate::vocab::{Entry, closer_of};

/// How many redefinitions a file has noted one by one; the rest are
/// counted in one line when it ends.
pub(crate) const REDEFINED_NOTES: usize = 4;

/// Tags of control-flow stack entries.
pub(crate) const ORIG: i64 = Entry::Orig.tag();
pub(crate) const DEST: i64 = Entry::Dest.tag();
pub(crate) const DO_SYS: i64 = Entry::DoSys.tag();
pub(crate) const CASE_SYS: i64 = Entry::CaseSys.tag();
pub(crate) const OF_SYS: i64 = Entry::OfSys.tag();

fn tag_name(tag: i64) -> &'static str {
    Entry::from_tag(tag).map_or("nothing", Entry::opened_by)
}

/// Append an instruction to the code space, remembering its source position.
pub(crate) fn emit(f: &mut Forth, i: Instr) -> Res<()> {
    let pos = f.input.token_pos();
    f.vm.code
        .push(i, pos, f.compiler.emitter)
        .map_err(|t| f.fail(t, "the code space is full"))
}

pub(crate) fn code_here(f: &Forth) -> u32 {
    f.vm.code.here()
}

/// COMPILE,: append the execution semantics of `xt`.
pub(crate) fn compile_xt(f: &mut Forth, xt: u32) -> Res<()> {
    match f.vm.dict.words().get(xt as usize).map(|w| w.kind) {
        None => Err(f.fail(BAD_ADDRESS, format!("{xt} is not an execution token"))),
        Some(Kind::Forgotten) => Err(f.stale_xt(xt as i64)),
        // A CREATEd word that DOES> can no longer reach (DOES> changes the
        // newest definition, or the one an interpreted DOES> is for) only
        // ever pushes its body: compile that address, as for a variable.
        Some(Kind::Create(body)) if behaviour_final(f, xt) => emit(f, Instr::Lit(body as i64)),
        // Likewise a DOES> word no DOES> can change any more: a table
        // indexing itself is done in place (instr.rs, `inline_does`).
        Some(Kind::Does { body, code })
            if behaviour_final(f, xt)
                && f.vm.code.inlines()
                && let Some(i) = crate::instr::inline_does(f.vm.code.instrs(), xt, body, code) =>
        {
            emit(f, i)
        }
        Some(_) => match f.vm.dict.xt_instr(xt) {
            Some(i) => emit(f, i),
            None => Err(BAD_ADDRESS),
        },
    }
}

/// Can no DOES> change what the word `xt` does any more? DOES> changes
/// the newest definition, or the one an interpreted DOES> is for.
fn behaviour_final(f: &Forth, xt: u32) -> bool {
    f.vm.dict.last() != Some(xt) && f.compiler.def.as_ref().and_then(|d| d.does_for) != Some(xt)
}

// ---- definitions ----

/// Make a header in the current word list, noting a redefinition as gforth does.
/// A colon definition (not yet `revealed`) is noted at its `;`: one that
/// fails leaves the old word in place, and no note says otherwise.
pub(crate) fn define(f: &mut Forth, name: &str, kind: Kind, revealed: bool) -> Res<u32> {
    if f.vm.dict.words().len() >= crate::dictionary::MAX_WORDS {
        return Err(f.fail(DICTIONARY_OVERFLOW, "too many words"));
    }
    if name.len() > 255 {
        let msg = format!("a name has at most 255 characters, this one {}", name.len());
        return Err(f.fail(NAME_TOO_LONG, msg));
    }
    let redefines = redefinition_due(f, name)?;
    let (xt, _) = f.vm.dict.create(name, kind, revealed);
    // Where it was defined, for HELP (the token that defined it).
    f.vm.dict.set_defined_at(xt, f.input.token_pos());
    if redefines && revealed {
        note_redefinition(f, name);
    }
    if revealed {
        note_hidden(f, xt);
    }
    Ok(xt)
}

/// A new word that hides a built-in word of another word list in the
/// search order (`3 constant Stone` over the game word `Stone`): said, as
/// code compiled from then on, the example games' too, gets the new one.
fn note_hidden(f: &mut Forth, xt: u32) {
    // At the prompt: a library file may well mean to replace `random`.
    if !crate::infer::warnings_on(f) || !f.input.typed_at_prompt() {
        return;
    }
    let Some(w) = f.vm.dict.words().get(xt as usize) else {
        return;
    };
    let name = w.name.to_string();
    let current = f.vm.dict.current();
    let order: Vec<u32> = f.vm.dict.order().to_vec();
    let hidden = order
        .iter()
        .filter(|&&wid| wid != current)
        .find_map(|&wid| f.vm.dict.search(wid, &name).map(|old| (wid, old)));
    let Some((wid, old)) = hidden.filter(|&(_, old)| old < f.vm.dict.user_start()) else {
        return;
    };
    if f.vm.dict.find(&name) != Some(xt) {
        return;
    }
    let old_word = &f.vm.dict.words()[old as usize];
    use crate::words::spec::WordSet;
    let spec = match old_word.kind {
        Kind::Prim(i) => crate::words::core::spec_for(i),
        _ => None,
    };
    let (kind, gets) = match spec.map(|s| s.set) {
        Some(WordSet::Course) => ("the course's word", "typed from now on, it runs yours"),
        _ if wid == crate::dictionary::GAMES_WORDLIST => (
            "the game word",
            "what is compiled from now on, an example game included too, gets yours",
        ),
        _ => (
            "the built-in word",
            "what is compiled from now on gets yours",
        ),
    };
    let effect = spec.map(|s| format!(" {}", s.effect));
    let effect = effect.unwrap_or_default();
    f.host.note(&format!(
        "note: `{name}` now hides {kind} `{name}`{effect}: {gets} (pick another name to keep both)"
    ));
}

/// Does defining `name` in the current word list redefine a word that
/// gets a note? Redefining one of playforth's own extras (`clear`,
/// `show-stack` …) goes without one: a program written for gforth, which
/// has no such word, says the same as it does there.
fn redefinition_due(f: &mut Forth, name: &str) -> Res<bool> {
    let current = f.current()?;
    let old = (!name.is_empty())
        .then(|| f.vm.dict.search(current, name))
        .flatten();
    Ok(old.is_some_and(|old| !is_playforth_extra(f, old)) && crate::infer::warnings_on(f))
}

/// "redefined NAME". In a file the first few are noted as they come, the
/// rest counted in one line when it ends.
fn note_redefinition(f: &mut Forth, name: &str) {
    let in_file = crate::parse::source_id(f) > 0;
    if !in_file || f.input.redefined.len() - f.input.redefined_from < REDEFINED_NOTES {
        f.host.note(&format!("redefined {name}"));
    }
    if in_file {
        f.input.redefined.push(name.to_string());
    }
}

/// Is this built-in word one of playforth's own (set `playforth`), not
/// a standard or gforth word?
fn is_playforth_extra(f: &Forth, xt: u32) -> bool {
    match f.vm.dict.words().get(xt as usize).map(|w| &w.kind) {
        Some(Kind::Prim(i)) => crate::words::core::spec_for(*i)
            .is_some_and(|s| s.set == crate::words::spec::WordSet::Playforth),
        _ => false,
    }
}

/// `:` and `:NONAME`: start compiling a colon definition.
pub(crate) fn begin_definition(f: &mut Forth, name: Option<&str>) -> Res<u32> {
    if f.compiler.def.is_some() {
        return Err(f.fail(COMPILER_NESTING, "a definition is already being compiled"));
    }
    if name == Some(";") && f.input.typed_at_prompt() {
        // Typed at the prompt, a word named `;` is a slip that would end no
        // later definition (files may redefine `;`, as gforth's locals.fs
        // and oof.fs do).
        return Err(f.fail(
            INVALID_NAME,
            "`: ;` would make a word named `;`, and no later definition could end: \
             the name comes right after `:` (`: square dup * ;`)",
        ));
    }
    let start = code_here(f);
    let redefines = redefinition_due(f, name.unwrap_or(""))?;
    let xt = define(f, name.unwrap_or(""), Kind::Colon(start), false)?;
    // DO loops opened by `]` outside a definition are forgotten.
    f.compiler.clear();
    let at = f.input.token_pos();
    f.compiler.def = Some(crate::compiler::Definition {
        xt,
        code_start: start,
        noname: name.is_none(),
        depth: f.depth(),
        does_for: None,
        at_prompt: false,
        at,
        redefines,
    });
    f.set_state(true);
    Ok(xt)
}

/// `;`: finish the definition and make it visible.
pub(crate) fn end_definition(f: &mut Forth) -> Res<()> {
    let Some(def) = f.compiler.def.clone() else {
        return Err(f.fail(CONTROL_MISMATCH, "`;` without `:`"));
    };
    if f.depth() > def.depth {
        let mut tag = f.peek(0)?;
        let mut at = f.peek(1).ok().map(|a| a as u32 as usize);
        // BEGIN … WHILE leaves the WHILE's entry under the BEGIN's: the
        // WHILE is what lacks its REPEAT.
        if tag == DEST && f.depth() >= def.depth + 4 && f.peek(2) == Ok(ORIG) {
            tag = ORIG;
            at = f.peek(3).ok().map(|a| a as u32 as usize);
        }
        let begin = at
            .filter(|_| tag == DEST)
            .and_then(|a| f.compiler.begins.iter().rev().find(|b| b.0 as usize == a))
            .map(|b| {
                (
                    b.1,
                    "begin".to_string(),
                    closer_of("begin").unwrap_or_default(),
                )
            });
        // Name the word that opened it, where it stands, and what closes
        // it: the word compiled at the entry's address (IF, WHILE …) or
        // just before it (DO).
        let found = begin.or_else(|| {
            [at, at.and_then(|a| a.checked_sub(1))]
                .into_iter()
                .flatten()
                .filter_map(|a| f.vm.code.pos(a))
                .find_map(|p| {
                    let w = f.input.token_at(p)?;
                    let c = closer_of(&w.to_ascii_lowercase())?;
                    Some((p, w, c))
                })
        });
        let opened = at.and_then(|a| f.vm.code.pos(a));
        if let Some((p, w, c)) = found {
            f.pending.throw_opened = Some(p);
            return Err(f.fail(
                CONTROL_MISMATCH,
                format!("`{w}` at line {}, column {} has no {c}", p.line, p.col),
            ));
        }
        let opener = tag_name(tag);
        let line = opened
            .map(|p| format!(" (opened at line {})", p.line))
            .unwrap_or_default();
        return Err(f.fail(
            CONTROL_MISMATCH,
            format!("unfinished {opener}{line} at `;`"),
        ));
    }
    emit_exit(f)?;
    if def.redefines {
        let name = f.vm.dict.words()[def.xt as usize].name.to_string();
        note_redefinition(f, &name);
    }
    let end = code_here(f);
    // The code as compiled, before fusing: what its words do.
    check_effect(f, &def, end);
    f.vm.code.fuse(def.code_start as usize, end as usize);
    f.vm.dict.set_code_end(def.xt, end);
    f.vm.dict.reveal(def.xt);
    if !def.noname {
        note_hidden(f, def.xt);
    }
    let name = f.vm.dict.words()[def.xt as usize].name.to_ascii_lowercase();
    if !name.is_empty() && f.trace.trace_names.contains(&name) {
        f.trace.traced.push(def.code_start);
    }
    stop_compiling(f);
    if let Some(target) = def.does_for {
        // CREATE ... DOES> outside a definition: the code just ended
        // is what the CREATEd word does.
        f.vm.code.natives.forget_all();
        f.vm.dict.make_does(target, def.code_start);
        return Ok(());
    }
    if def.noname {
        f.push(def.xt as i64)?;
    }
    Ok(())
}

/// EXIT, also dropping the locals frame.
pub(crate) fn emit_exit(f: &mut Forth) -> Res<()> {
    if !f.compiler.locals.is_empty() {
        emit(f, Instr::LocalsExit(f.compiler.locals.len() as u16))?;
    }
    emit(f, Instr::Exit)
}

/// Back to interpreting, with nothing being compiled: the one rule for
/// `;`, errors and MARKER. STATE goes off and the compiler forgets the
/// definition (returned, if one was open), its DO loops and its locals.
pub(crate) fn stop_compiling(f: &mut Forth) -> Option<Definition> {
    f.set_state(false);
    f.compiler.clear()
}

/// After an error: stop compiling and throw away the half-made
/// definition, its header and its code.
pub(crate) fn abandon_definition(f: &mut Forth) {
    if let Some(def) = stop_compiling(f) {
        drop_header(f, def.xt);
        f.vm.code.truncate(def.code_start as usize);
    }
}

/// Take back the header of a word being thrown away: gone when it is
/// the newest and in no word list; else (revealed early by RECURSIVE,
/// or words were made since) it stays as a tombstone.
pub(crate) fn drop_header(f: &mut Forth, xt: u32) {
    f.vm.dict.discard(xt);
}

pub(crate) fn set_flag_on_last(f: &mut Forth, flag: u8) -> Res<()> {
    if !f.vm.dict.flag_last(flag) {
        return Err(INVALID_NAME);
    }
    Ok(())
}

pub(crate) fn make_immediate(f: &mut Forth) -> Res<()> {
    set_flag_on_last(f, IMMEDIATE)
}

pub(crate) fn make_compile_only(f: &mut Forth) -> Res<()> {
    set_flag_on_last(f, COMPILE_ONLY)
}

// ---- control structures ----

/// Push a control-flow entry: the address cell also keeps, above its
/// low 32 bits, the size of the locals frame where the entry was made.
pub(crate) fn cs_push(f: &mut Forth, addr: u32, tag: i64) -> Res<()> {
    cs_push_at(f, addr, f.compiler.locals.len(), tag)
}

fn cs_push_at(f: &mut Forth, addr: u32, locals: usize, tag: i64) -> Res<()> {
    f.push(addr as i64 | (locals as i64) << 32)?;
    f.push(tag)
}

/// Pop an entry that must carry `tag`; `word` names the closer for messages.
pub(crate) fn cs_pop(f: &mut Forth, tag: i64, word: &str) -> Res<u32> {
    Ok(cs_pop_entry(f, tag, word)?.0)
}

/// Pop an entry that must carry `tag`: its address and the size of the
/// locals frame where it was made.
fn cs_pop_entry(f: &mut Forth, tag: i64, word: &str) -> Res<(u32, usize)> {
    let found = f.peek(0).ok();
    if found != Some(tag) {
        let what = found.map_or("nothing", tag_name);
        return Err(f.fail(
            CONTROL_MISMATCH,
            format!("`{word}` needs an open {}, found {what}", tag_name(tag)),
        ));
    }
    f.pop()?;
    let cell = f.pop()?;
    if tag == DEST
        && let Some(i) = f.compiler.begins.iter().rposition(|b| b.0 == cell as u32)
    {
        f.compiler.begins.remove(i);
    }
    Ok((cell as u32, (cell >> 32) as u32 as usize))
}

/// Drop the locals declared since the frame had `size` cells: compile
/// the LocalsExit and forget their names. Code reaching the same place
/// from elsewhere comes with a frame of `size` cells.
fn drop_locals_to(f: &mut Forth, size: usize, word: &str) -> Res<()> {
    let now = f.compiler.locals.len();
    if size > now {
        return Err(f.fail(
            CONTROL_MISMATCH,
            format!(
                "`{word}` joins code that has locals declared inside a control structure with code that has not"
            ),
        ));
    }
    if size < now {
        emit(f, Instr::LocalsExit((now - size) as u16))?;
        f.compiler.locals.truncate(size);
    }
    Ok(())
}

/// Point the forward branch at `at` to `target`.
pub(crate) fn resolve(f: &mut Forth, at: u32, target: u32) -> Res<()> {
    let resolved =
        f.vm.code
            .get(at as usize)
            .filter(|i| i.resolvable())
            .and_then(|i| i.with_target(target))
            .ok_or(CONTROL_MISMATCH)?;
    f.vm.code.patch(at as usize, resolved);
    Ok(())
}

/// Emit a forward branch and push its orig.
pub(crate) fn emit_forward(f: &mut Forth, i: Instr) -> Res<()> {
    let at = code_here(f);
    emit(f, i)?;
    cs_push(f, at, ORIG)
}

/// THEN: resolve the orig on top to here. Locals declared since the
/// orig are dropped first: they are visible up to the THEN only.
pub(crate) fn resolve_orig(f: &mut Forth, word: &str) -> Res<()> {
    let (at, size) = cs_pop_entry(f, ORIG, word)?;
    drop_locals_to(f, size, word)?;
    resolve(f, at, code_here(f))
}

/// ELSE: the IF part's own locals end here.
pub(crate) fn cf_else(f: &mut Forth) -> Res<()> {
    jump_past_other_part(f, ORIG, "else")
}

/// ELSE and ENDOF: end the part opened by the `tag` entry (its locals
/// first), jump forward past what follows, and land that entry's
/// branch here; the new jump is left to be resolved (THEN, ENDCASE).
fn jump_past_other_part(f: &mut Forth, tag: i64, word: &str) -> Res<()> {
    let (from, size) = cs_pop_entry(f, tag, word)?;
    drop_locals_to(f, size, word)?;
    let at = code_here(f);
    emit(f, Instr::Branch(0))?;
    resolve(f, from, code_here(f))?;
    cs_push(f, at, ORIG)
}

/// UNTIL (`again` false) and AGAIN: a backward branch, after dropping
/// the locals declared since BEGIN.
pub(crate) fn cf_back(f: &mut Forth, again: bool) -> Res<()> {
    let word = if again { "again" } else { "until" };
    let (dest, size) = cs_pop_entry(f, DEST, word)?;
    drop_locals_to(f, size, word)?;
    emit(
        f,
        if again {
            Instr::Branch(dest)
        } else {
            Instr::ZBranch(dest)
        },
    )
}

/// WHILE: a forward branch out of the loop; the BEGIN stays under it.
pub(crate) fn cf_while(f: &mut Forth) -> Res<()> {
    let (dest, size) = cs_pop_entry(f, DEST, "while")?;
    emit_forward(f, Instr::ZBranch(0))?;
    cs_push_at(f, dest, size, DEST)
}

/// REPEAT: back to BEGIN, then resolve the WHILE. Locals declared
/// between BEGIN and WHILE end here too: the way out through WHILE drops them.
pub(crate) fn cf_repeat(f: &mut Forth) -> Res<()> {
    cf_back(f, true)?;
    let (orig, size) = cs_pop_entry(f, ORIG, "repeat")?;
    resolve(f, orig, code_here(f))?;
    let now = f.compiler.locals.len();
    if size < now {
        return Err(f.fail(
            CONTROL_MISMATCH,
            "`repeat` joins code that has locals declared inside a control structure with code that has not",
        ));
    }
    if size > now {
        // Only the WHILE's branch comes here (REPEAT jumped back).
        emit(f, Instr::LocalsExit((size - now) as u16))?;
    }
    Ok(())
}

/// ENDOF: the OF part's locals end here.
pub(crate) fn cf_endof(f: &mut Forth) -> Res<()> {
    jump_past_other_part(f, OF_SYS, "endof")
}

/// ENDCASE: every ENDOF jumps past the EndCase.
pub(crate) fn cf_endcase(f: &mut Forth) -> Res<()> {
    // The default part's locals end before the selector is dropped.
    let mut case_size = None;
    let mut k = 0;
    while let (Ok(tag), Ok(cell)) = (f.peek(k), f.peek(k + 1)) {
        if tag == CASE_SYS {
            case_size = Some((cell >> 32) as u32 as usize);
            break;
        }
        if tag != ORIG {
            break;
        }
        k += 2;
    }
    if let Some(size) = case_size {
        drop_locals_to(f, size, "endcase")?;
    }
    emit(f, Instr::EndCase)?;
    let here = code_here(f);
    let now = f.compiler.locals.len();
    while f.peek(0)? == ORIG {
        let (at, size) = cs_pop_entry(f, ORIG, "endcase")?;
        if size != now {
            return Err(f.fail(
                CONTROL_MISMATCH,
                "`endcase` joins code that has locals declared inside a control structure with code that has not",
            ));
        }
        resolve(f, at, here)?;
    }
    cs_pop(f, CASE_SYS, "endcase").map(|_| ())
}

/// DO / ?DO.
pub(crate) fn begin_do(f: &mut Forth, qdo: bool) -> Res<()> {
    if f.compiler.leaves.len() >= 64 {
        return Err(LOOP_NESTING);
    }
    let mut leaves = Vec::new();
    if qdo {
        leaves.push(code_here(f));
        emit(f, Instr::QDo(0))?;
    } else {
        emit(f, Instr::Do)?;
    }
    f.compiler.leaves.push(leaves);
    f.compiler.do_locals.push(f.compiler.locals.len());
    cs_push(f, code_here(f), DO_SYS)
}

/// LOOP / +LOOP: the locals declared in the loop's body end here, on
/// the way back and the way out alike.
pub(crate) fn end_do(f: &mut Forth, plus: bool, word: &str) -> Res<()> {
    let (body, size) = cs_pop_entry(f, DO_SYS, word)?;
    drop_locals_to(f, size, word)?;
    emit(
        f,
        if plus {
            Instr::PlusLoop(body)
        } else {
            Instr::Loop(body)
        },
    )?;
    let here = code_here(f);
    f.compiler.do_locals.pop();
    for at in f.compiler.leaves.pop().unwrap_or_default() {
        resolve(f, at, here)?;
    }
    Ok(())
}

/// LEAVE: drop the locals declared inside the loop, then jump out.
pub(crate) fn emit_leave(f: &mut Forth) -> Res<()> {
    let Some(&size) = f.compiler.do_locals.last() else {
        return Err(f.fail(CONTROL_MISMATCH, "`leave` outside a DO loop"));
    };
    let now = f.compiler.locals.len();
    if now > size {
        emit(f, Instr::LocalsExit((now - size) as u16))?;
    }
    let at = code_here(f);
    if let Some(list) = f.compiler.leaves.last_mut() {
        list.push(at);
    }
    emit(f, Instr::Leave(0))
}

/// CS-PICK / CS-ROLL on two-cell entries.
pub(crate) fn cs_pick(f: &mut Forth, u: usize) -> Res<()> {
    let at = u.checked_mul(2).ok_or(STACK_UNDERFLOW)?;
    let tag = f.peek(at)?;
    let addr = f.peek(at + 1)?;
    f.push(addr)?;
    f.push(tag)
}

pub(crate) fn cs_roll(f: &mut Forth, u: usize) -> Res<()> {
    let n = u
        .checked_mul(2)
        .and_then(|n| n.checked_add(2))
        .ok_or(STACK_UNDERFLOW)?;
    f.vm.stacks.top_mut(n)?.rotate_left(2);
    Ok(())
}

// ---- locals ----

/// `{: a b | c -- d :}` (or gforth's `{ a b | c -- d }` when `brace`
/// is set): declare locals for the current definition. A name may
/// have gforth's type before it: `w:` (a cell, as without), `c:` (a
/// character), `d:` (a double) or `f:` (a float, from the FP stack).
pub(crate) fn declare_locals(sys: &mut Forth, brace: bool) -> Res<()> {
    let (open, close) = if brace { ("{", "}") } else { ("{:", ":}") };
    need_definition(sys, open)?;
    let mut items = Vec::new();
    let mut in_vals = false;
    let mut in_outs = false;
    let mut saw_brace = false;
    let mut kind: Option<(LocalKind, String)> = None;
    // The list may go on over lines, but never past the definition's end.
    let missing = |saw_brace: bool, what: &str| {
        let hint = if saw_brace && !brace {
            " (`}` does not close it: write `:}`)"
        } else {
            ""
        };
        format!("`{open}` needs `{close}` to end its list of locals, but {what} came first{hint}")
    };
    loop {
        let (addr, len) = crate::parse::parse_name(sys)?;
        if len == 0 {
            if !crate::parse::refill(sys)? {
                return Err(sys.fail(CONTROL_MISMATCH, missing(saw_brace, "the end of the input")));
            }
            continue;
        }
        let name = sys.vm.mem.string(addr, len)?;
        let lower = name.to_ascii_lowercase();
        let typed = match lower.as_str() {
            "w:" => Some(LocalKind::Cell),
            "c:" => Some(LocalKind::Char),
            "d:" => Some(LocalKind::Double),
            "f:" => Some(LocalKind::Float),
            _ => None,
        };
        match lower.as_str() {
            n if n == close => break,
            ";" => return Err(sys.fail(CONTROL_MISMATCH, missing(saw_brace, "`;`"))),
            "}" => saw_brace = true,
            _ if in_outs => {}
            "|" => in_vals = true,
            "--" => in_outs = true,
            _ if kind.is_none() && typed.is_some() => {
                kind = typed.map(|k| (k, name));
                continue;
            }
            "w^" | "c^" | "d^" | "f^" => {
                // Unsupported operation: the list is well formed.
                return Err(sys.fail(
                    UNSUPPORTED,
                    format!("`{name}` (a local whose address is taken) is not supported: locals live outside data space here, so they have no address; use a VARIABLE or an ALLOCATEd cell"),
                ));
            }
            _ => {
                let k = kind.take().map_or(LocalKind::Cell, |k| k.0);
                items.push((name, k, in_vals));
                continue;
            }
        }
        if let Some((_, t)) = kind.take() {
            return Err(sys.fail(
                CONTROL_MISMATCH,
                format!("`{t}` in a locals list needs a name after it"),
            ));
        }
    }
    if let Some((_, t)) = kind {
        return Err(sys.fail(
            CONTROL_MISMATCH,
            format!("`{t}` in a locals list needs a name after it"),
        ));
    }
    add_typed_locals(sys, items)
}

/// Fail unless a colon definition is being compiled.
fn need_definition(f: &mut Forth, word: &str) -> Res<()> {
    if f.compiler.def.is_none() {
        return Err(f.fail(
            crate::error::COMPILE_ONLY,
            format!("`{word}` only works inside a definition"),
        ));
    }
    Ok(())
}

/// Start untyped locals: `args` from the stack (the first named is
/// the deepest), then `vals` uninitialised.
pub(crate) fn add_locals(f: &mut Forth, args: Vec<String>, vals: Vec<String>) -> Res<()> {
    let items = args
        .into_iter()
        .map(|n| (n, LocalKind::Cell, false))
        .chain(vals.into_iter().map(|n| (n, LocalKind::Cell, true)))
        .collect();
    add_typed_locals(f, items)
}

/// Start locals: each `(name, kind, val)`; arguments (not `val`) come
/// from the stacks, the first named deepest, floats from the FP stack.
/// The frame holds the data stack's arguments, then the floats', then
/// the values; a float argument is stored after LocalsEnter by
/// `(f>bits)` and LocalStore. A declaration inside a control structure
/// lasts to the end of that structure (see `drop_locals_to`).
pub(crate) fn add_typed_locals(sys: &mut Forth, items: Vec<(String, LocalKind, bool)>) -> Res<()> {
    if items.is_empty() {
        return Ok(());
    }
    let cells = |k: LocalKind, name: &str| -> Vec<Local> {
        let one = |kind| Local {
            name: name.to_string(),
            kind,
        };
        if k == LocalKind::Double {
            vec![one(LocalKind::Double), one(LocalKind::DoubleHigh)]
        } else {
            vec![one(k)]
        }
    };
    let mut args = Vec::new();
    let mut floats = Vec::new();
    let mut vals = Vec::new();
    for (name, k, val) in &items {
        match (val, k) {
            (true, _) => vals.extend(cells(*k, name)),
            (false, LocalKind::Float) => floats.extend(cells(*k, name)),
            (false, _) => args.extend(cells(*k, name)),
        }
    }
    let total = sys.compiler.locals.len() + args.len() + floats.len() + vals.len();
    if total > u16::MAX as usize {
        return Err(sys.fail(CONTROL_MISMATCH, "too many locals in one definition"));
    }
    let at = code_here(sys);
    emit(
        sys,
        Instr::LocalsEnter(args.len() as u16, (floats.len() + vals.len()) as u16),
    )?;
    let (nargs, nfloats) = (args.len(), floats.len());
    let frame: Vec<Local> = args.into_iter().chain(floats).chain(vals).collect();
    let names = frame
        .iter()
        .map(|l| format!("{}{}", l.kind.prefix(), l.name))
        .collect();
    if sys.vm.code.set_local_names(at, names).is_err() {
        return Err(sys.fail(
            DICTIONARY_OVERFLOW,
            format!(
                "the names of locals, kept for SEE, take {} MiB in all, the most they may: fewer or shorter locals, or a MARKER to forget old definitions",
                crate::code::MAX_LOCAL_NAME_BYTES >> 20
            ),
        ));
    }
    let base = sys.compiler.locals.len();
    sys.compiler.locals.extend(frame);
    // The last float named takes the top of the FP stack.
    for j in (0..nfloats).rev() {
        let n = sys.compiler.locals.len() - 1 - (base + nargs + j);
        emit(sys, crate::words::spec::known().f_to_bits)?;
        emit(sys, Instr::LocalStore(n as u16))?;
    }
    Ok(())
}

/// Compile a fetch of local `n` (as `Compiler::local` gives it).
pub(crate) fn compile_local_fetch(f: &mut Forth, n: u16, kind: LocalKind) -> Res<()> {
    emit(f, Instr::LocalFetch(n))?;
    match kind {
        LocalKind::Cell | LocalKind::DoubleHigh => Ok(()),
        LocalKind::Char => {
            emit(f, Instr::Lit(255))?;
            emit(f, Instr::And)
        }
        LocalKind::Double => emit(f, Instr::LocalFetch(n - 1)),
        LocalKind::Float => emit(f, crate::words::spec::known().flit),
    }
}

/// Compile TO (or +TO when `add`) of local `n`.
pub(crate) fn compile_local_store(sys: &mut Forth, n: u16, kind: LocalKind, add: bool) -> Res<()> {
    match (kind, add) {
        (LocalKind::Cell | LocalKind::Char | LocalKind::DoubleHigh, true) => {
            emit(sys, Instr::LocalAdd(n))
        }
        (_, true) => Err(sys.fail(
            INVALID_NAME,
            "+TO works on cell locals (gforth has no +TO for d: and f: locals)",
        )),
        (LocalKind::Cell | LocalKind::Char | LocalKind::DoubleHigh, false) => {
            emit(sys, Instr::LocalStore(n))
        }
        (LocalKind::Double, false) => {
            emit(sys, Instr::LocalStore(n - 1))?;
            emit(sys, Instr::LocalStore(n))
        }
        (LocalKind::Float, false) => {
            emit(sys, crate::words::spec::known().f_to_bits)?;
            emit(sys, Instr::LocalStore(n))
        }
    }
}

/// (LOCAL): a name adds a local to the list being declared; an empty
/// name ends the list. The first name takes the top of the stack, as
/// `LOCALS| a b |` gives `a` the top.
pub(crate) fn paren_local(f: &mut Forth, name: String) -> Res<()> {
    need_definition(f, "(local)")?;
    if !name.is_empty() {
        if f.compiler.pending_locals.len() >= 256 {
            return Err(f.fail(CONTROL_MISMATCH, "too many locals at once"));
        }
        f.compiler.pending_locals.push(name);
        return Ok(());
    }
    let mut args = std::mem::take(&mut f.compiler.pending_locals);
    args.reverse();
    add_locals(f, args, Vec::new())
}

/// `LOCALS| a b |`: the standard's locals, `a` from the top of the stack.
pub(crate) fn locals_bar(f: &mut Forth) -> Res<()> {
    need_definition(f, "locals|")?;
    loop {
        let (addr, len) = crate::parse::parse_name(f)?;
        if len == 0 {
            if !crate::parse::refill(f)? {
                return Err(f.fail(
                    CONTROL_MISMATCH,
                    "`locals|` needs `|` to end its list of locals, but the end of the input came first",
                ));
            }
            continue;
        }
        let name = f.vm.mem.string(addr, len)?;
        match name.as_str() {
            "|" => break,
            ";" => {
                return Err(f.fail(
                    CONTROL_MISMATCH,
                    "`locals|` needs `|` to end its list of locals, but `;` came first",
                ));
            }
            _ => paren_local(f, name)?,
        }
    }
    paren_local(f, String::new())
}

// ---- the stack-comment warning at `;` ----

/// At `;`: infer the new word's effect and warn when its stack comment
/// cannot be true. The definition compiles either way. In a library
/// file (`read_quietly`) the warning is only counted.
pub(crate) fn check_effect(f: &mut Forth, def: &Definition, end: u32) {
    let (xt, start) = (def.xt, def.code_start);
    let Some(why) = crate::infer::learn_effect(f, xt, start, end, def.does_for.is_some()) else {
        return;
    };
    if !crate::infer::warnings_on(f) {
        return;
    }
    if let Some(wrong) = &mut f.compiler.wrong_in_file {
        *wrong += 1;
        return;
    }
    let place = warning_place(f, def.at);
    let body = body_text(f, start, end, f.input.token_pos());
    let line = warning_line(f, xt, &place, &why, &body);
    f.host.note(&line);
}

/// The warning for the colon word `xt`: `place` (`file:line: `), what
/// its comment says, `why` the code cannot do it, and its `body`.
fn warning_line(f: &Forth, xt: u32, place: &str, why: &str, body: &str) -> String {
    let w = &f.vm.dict.words()[xt as usize];
    let name = if w.name.is_empty() {
        ":noname".to_string()
    } else {
        w.name.to_string()
    };
    let comment = w.effect.as_deref().unwrap_or("");
    format!("{place}warning: `{name}` says {comment} but {why}: `{body}`")
}

/// The body of the definition whose code is `start..end`, as written
/// (up to the `;` at `to`) when it is on one kept line, else as SEE
/// shows it; cut short past `QUOTED` characters.
fn body_text(f: &Forth, start: u32, end: u32, to: crate::code::Pos) -> String {
    let mut body =
        written_body(f, start, to).unwrap_or_else(|| crate::see::decompile(f, start, end));
    if body.chars().count() > crate::infer::QUOTED {
        let cut: String = body.chars().take(crate::infer::QUOTED - 1).collect();
        body = format!("{} …", cut.trim_end());
    }
    body
}

/// The text of the definition whose code starts at `start`, from its
/// first word up to the `;` at `to`, when both are on one kept line.
fn written_body(f: &Forth, start: u32, to: crate::code::Pos) -> Option<String> {
    let from = f.vm.code.pos(start as usize)?;
    if from.src != to.src || from.line != to.line || to.col <= from.col {
        return None;
    }
    let rest = f.input.source_from(from)?;
    let text = rest.get(..(to.col - from.col) as usize)?;
    let text = String::from_utf8_lossy(text).trim().to_string();
    (!text.is_empty()).then_some(text)
}

/// `file:line: ` of a definition starting at `at`, as error reports
/// give it; nothing at the terminal, where it was just typed.
fn warning_place(f: &Forth, at: crate::code::Pos) -> String {
    if f.input.current().kind == crate::input::SourceKind::Terminal {
        return String::new();
    }
    file_line(f, at)
}

/// `file:line: ` of a position, if its text is kept.
fn file_line(f: &Forth, at: crate::code::Pos) -> String {
    match f.input.location(at) {
        Some(loc) => format!("{}:{}: ", loc.file, loc.line),
        None => String::new(),
    }
}

// ---- library files: a line for what they get wrong, `effects` lists it ----

/// Before a file is included: it is read quietly, its stack comments that
/// disagree with their code counted instead of warned about, unless it is
/// the `script` run (the user's own code, as the prompt is). Returns what
/// `end_quiet_read` gives back.
pub(crate) fn read_quietly(f: &mut Forth, script: bool) -> Option<u32> {
    std::mem::replace(&mut f.compiler.wrong_in_file, (!script).then_some(0))
}

/// After a file: one line for its stack comments that disagree with their
/// code, if any, pointing to `effects`; then back to the `outer` file's count.
pub(crate) fn end_quiet_read(f: &mut Forth, file: &str, outer: Option<u32>) {
    let wrong = std::mem::replace(&mut f.compiler.wrong_in_file, outer);
    let Some(n) = wrong.filter(|n| *n > 0) else {
        return;
    };
    if !crate::infer::warnings_on(f) {
        return;
    }
    let (s, verb, them) = if n == 1 {
        ("", "disagrees with its", "it")
    } else {
        ("s", "disagree with their", "them")
    };
    f.host.note(&format!(
        "{n} stack comment{s} in {file} {verb} code — `effects {file}` lists {them}"
    ));
}

/// What `effects` prints: for the file named (or every file loaded, when
/// None), the stack comments that disagree with their code (as `;` would
/// have warned), those not checked because they cannot be read exactly,
/// and how many more could not be checked because their code's effect is
/// not fixed. A file is named as written, with the file it stands for
/// (canonical), if there is one.
pub(crate) fn effects_listing(
    f: &Forth,
    file: Option<(&str, Option<std::path::PathBuf>)>,
) -> String {
    // The texts kept that the name stands for: 0 is the terminal's.
    let mut files: Vec<(String, u32)> = Vec::new();
    for src in 1.. {
        let Some(text) = f.input.text(src) else {
            break;
        };
        if file.is_none() && !has_comments(f, src) {
            continue;
        }
        let matches = match &file {
            Some((name, canon)) => {
                text.name == *name
                    || text.name == format!("<built-in {name}>")
                    || canon.is_some()
                        && std::fs::canonicalize(&text.name).ok().as_ref() == canon.as_ref()
            }
            None => text.name != "<prelude>",
        };
        if !matches {
            continue;
        }
        // A file read again after it changed: what it says now.
        match files.iter_mut().find(|(n, _)| *n == text.name) {
            Some((_, latest)) => *latest = src,
            None => files.push((text.name.clone(), src)),
        }
    }
    let Some((asked, _)) = file else {
        if files.is_empty() {
            return "No file loaded in this session has a stack comment.\n".to_string();
        }
        let mut out = String::new();
        let (mut all, mut wrong) = (0, 0);
        for (name, src) in &files {
            let (text, n, w) = file_listing(f, name, *src);
            out.push_str(&text);
            all += n;
            wrong += w;
        }
        let s = if files.len() == 1 { "" } else { "s" };
        out.push_str(&format!(
            "{wrong} of {all} stack comments in {} file{s} disagree with their code.\n",
            files.len()
        ));
        return out;
    };
    if files.is_empty() {
        return format!(
            "{asked} was not loaded in this session: `effects` lists what files loaded with `include` or `require` say\n"
        );
    }
    files
        .iter()
        .map(|(name, src)| file_listing(f, name, *src).0)
        .collect()
}

/// Was a definition with a stack comment read from the kept text `src`?
fn has_comments(f: &Forth, src: u32) -> bool {
    f.vm.dict
        .words()
        .iter()
        .any(|w| w.effect.is_some() && w.defined_at.is_some_and(|at| at.src == src))
}

/// The listing for one file, whose definitions were read from the kept
/// text `src`; with how many stack comments it has, and how many
/// disagree with their code.
fn file_listing(f: &Forth, name: &str, src: u32) -> (String, usize, usize) {
    use crate::infer::Verdict;
    // Each definition once, the newest if the file was read again.
    let mut found: std::collections::BTreeMap<(u32, u32), u32> = Default::default();
    for (xt, w) in f.vm.dict.words().iter().enumerate() {
        if let Some(at) = w.defined_at
            && at.src == src
            && w.effect.is_some()
        {
            found.insert((at.line, at.col), xt as u32);
        }
    }
    let (mut wrong, mut unread, mut unknown) = (Vec::new(), Vec::new(), Vec::new());
    let mut all = 0;
    for &xt in found.values() {
        let Some(verdict) = crate::infer::recheck(f, xt) else {
            continue;
        };
        all += 1;
        let w = &f.vm.dict.words()[xt as usize];
        let Some(at) = w.defined_at else {
            continue;
        };
        let place = file_line(f, at);
        let name = if w.name.is_empty() {
            ":noname".to_string()
        } else {
            w.name.to_string()
        };
        match verdict {
            Verdict::Fits => {}
            Verdict::Disagrees(why) => {
                let Kind::Colon(start) = w.kind else {
                    continue;
                };
                let end = w.code_end;
                let to = end
                    .checked_sub(1)
                    .and_then(|e| f.vm.code.pos(e as usize))
                    .unwrap_or_default();
                let body = body_text(f, start, end, to);
                wrong.push(warning_line(f, xt, &place, &why, &body));
            }
            Verdict::NotRead(why) => {
                let comment = w.effect.as_deref().unwrap_or("");
                unread.push(format!("{place}`{name}` {comment}: {why}"));
            }
            Verdict::CodeUnknown => unknown.push(format!("`{name}`")),
        }
    }
    let mut out = String::new();
    let comments = |n: usize| {
        if n == 1 {
            "1 stack comment".to_string()
        } else {
            format!("{n} stack comments")
        }
    };
    if all == 0 {
        out.push_str(&format!(
            "{name}: no definition there has a stack comment\n"
        ));
        return (out, 0, 0);
    }
    let fit = all - wrong.len() - unread.len() - unknown.len();
    if wrong.is_empty() {
        out.push_str(&format!(
            "{name}: {fit} of {all} stack comments fit their code\n"
        ));
    } else {
        let verb = if wrong.len() == 1 {
            "disagrees with its"
        } else {
            "disagree with their"
        };
        out.push_str(&format!(
            "{name}: {} of {all} stack comments {verb} code:\n",
            wrong.len()
        ));
        for line in &wrong {
            out.push_str(&format!("{line}\n"));
        }
    }
    let they = |n: usize| {
        if n == 1 {
            ("it", "its")
        } else {
            ("they", "their")
        }
    };
    if !unread.is_empty() {
        out.push_str(&format!(
            "{name}: {} not checked, as {} cannot be read exactly:\n",
            comments(unread.len()),
            they(unread.len()).0
        ));
        for line in &unread {
            out.push_str(&format!("{line}\n"));
        }
    }
    if !unknown.is_empty() {
        out.push_str(&format!(
            "{name}: {} not checked, as {} code's effect is not fixed or cannot be known: {}\n",
            comments(unknown.len()),
            they(unknown.len()).1,
            unknown.join(" ")
        ));
    }
    (out, all, wrong.len())
}
