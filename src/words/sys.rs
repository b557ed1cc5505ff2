//! Words that extend the system: defining words, the compiler's words
//! (control structures, POSTPONE, literals), the interpreter's words
//! (input stream, EVALUATE, INCLUDE), exceptions and the search order.

use super::spec::primitives;
use crate::compiler::{CASE_SYS, DEST, OF_SYS};
use crate::dictionary::{Kind, MAX_ORDER};
use crate::error::*;
use crate::input::SourceKind;
use crate::instr::Instr;
use crate::interp;
use crate::kernel::Forth;
use crate::memory::{BASE_ADDR, DICT_END, DICT_START, IN_ADDR, STATE_ADDR, WORD_BUF};
use crate::words::core::Core;

/// The word TO, +TO, IS or ACTION-OF names.
enum Target {
    Local(u16, crate::compiler::LocalKind),
    Value(u32),
    TwoValue(u32),
    FValue(u32),
    Defer(u32),
}

/// gforth's library files that programs load, and what including them
/// does here: `random.fs` brings gforth's generator (`seed`, `rnd`,
/// `random ( n -- 0..n-1 )`) in a word list of their own, put in front of
/// the search order (so playforth's `random ( -- u )` stays in the games
/// word list); `mini-oof.fs` defines mini-oof's words; the others' words
/// are built in already.
fn library_text(name: &str) -> Option<&'static str> {
    Some(match name {
        "random.fs" => concat!(
            "wordlist constant random.fs-words\n",
            "get-order random.fs-words swap 1+ set-order\n",
            "get-current random.fs-words set-current\n",
            "variable seed\n",
            "$10450405 constant generator\n",
            ": rnd ( -- u ) seed @ generator um* drop 1+ dup seed ! ;\n",
            ": random ( n -- 0..n-1 ) rnd um* nip ;\n",
            "set-current\n",
        ),
        // The interface of gforth's mini-oof, written here afresh. A class
        // is [size of the class in bytes | size of an object | the xts of
        // its methods]; an object starts with its class.
        "mini-oof.fs" => concat!(
            "create object  2 cells , 1 cells ,\n",
            ": method ( m v \"name\" -- m' v ) create over , swap cell+ swap\n",
            "  does> ( ... o -- ... ) @ over @ + @ execute ;\n",
            ": var ( m v size \"name\" -- m v' ) create over , +\n",
            "  does> ( o -- addr ) @ + ;\n",
            ": class ( class -- class m v ) dup 2@ swap ;\n",
            ": end-class ( class m v \"name\" -- ) create here >r swap , ,\n",
            "  r@ @ 2 cells ?do ['] noop , cell +loop\n",
            "  dup 2 cells + r> 2 cells + rot @ 2 cells - move ;\n",
            ": defines ( xt class \"name\" -- ) ' >body @ + ! ;\n",
            ": new ( class -- o ) align here over cell+ @ dup allot over swap erase tuck ! ;\n",
            ": :: ( class \"name\" -- ) ' >body @ + @ compile, ;\n",
        ),
        // Files gforth loads at start-up (so REQUIRE of them does nothing
        // there either) or whose words are built in here.
        "assert.fs" | "string.fs" | "locals.fs" | "glocals.fs" | "search.fs" | "ekey.fs"
        | "environ.fs" | "errors.fs" | "extend.fs" | "float.fs" | "see.fs" | "vt100.fs"
        | "struct.fs" => "",
        _ => return None,
    })
}

/// The gforth library files [`library_text`] knows, for messages.
const LIBRARY_FILES: &str = "random.fs, mini-oof.fs, assert.fs, string.fs, locals.fs, glocals.fs, \
     search.fs, ekey.fs, environ.fs, errors.fs, extend.fs, float.fs, see.fs, vt100.fs and struct.fs";

/// INCLUDE, INCLUDED, REQUIRE, REQUIRED: one of gforth's library files
/// built in, or the file. A bare file name that is not found (gforth
/// would look in its library folder too) gets a message that says which
/// of gforth's files are built in and where the others are.
fn include_named(f: &mut Forth, name: &str, once: bool) -> Res<()> {
    if builtin_library(f, name, once)? {
        return Ok(());
    }
    let r = if once {
        interp::required(f, name)
    } else {
        interp::included(f, name)
    };
    let missing = matches!(&f.pending.throw_msg, Some((NO_SUCH_FILE, m)) if m == name);
    if r == Err(NO_SUCH_FILE) && missing && !name.contains(['/', '\\']) {
        f.fail(
            NO_SUCH_FILE,
            format!(
                "{name} (not here, nor beside the file being read; of gforth's library files playforth builds in {LIBRARY_FILES}: \
                 copy another from gforth's library folder, such as /usr/share/gforth/0.7.3, beside the program)"
            ),
        );
    }
    r
}

/// Reserve `n` bytes of data space at HERE (negative gives them back).
pub(crate) fn allot(f: &mut Forth, n: i64) -> Res<()> {
    let new = (f.vm.here as i64)
        .checked_add(n)
        .ok_or(DICTIONARY_OVERFLOW)?;
    if new < DICT_START as i64 {
        let used = f.vm.here - DICT_START;
        return Err(f.fail(
            INVALID_NUMERIC_ARG,
            format!("giving back {} bytes would move HERE below the start of data space (only {used} bytes are in use)", n.unsigned_abs()),
        ));
    }
    if new > DICT_END as i64 {
        return Err(f.fail(DICTIONARY_OVERFLOW, "data space is full"));
    }
    f.vm.here = new as usize;
    Ok(())
}

/// Store bytes at HERE and move past them; returns their address.
pub(crate) fn allot_bytes(f: &mut Forth, bytes: &[u8]) -> Res<i64> {
    let at = f.vm.here as i64;
    allot(f, bytes.len() as i64)?;
    f.vm.mem.write(at, bytes)?;
    Ok(at)
}

/// A command-line argument in data space. Each distinct argument is
/// copied to the heap once and its address kept, so `arg` in a loop
/// does not use up the heap. A NUL byte follows it, so it is a C string
/// too (ARGV).
pub(crate) fn arg_string(f: &mut Forth, arg: &str) -> Res<i64> {
    if let Some(&a) = f.host.arg_addrs.get(arg) {
        return Ok(a);
    }
    let a = f.vm.mem.allocate(arg.len() as i64 + 1).ok_or(ALLOCATE)?;
    f.vm.mem.write(a, arg.as_bytes())?;
    f.host.arg_addrs.insert(arg.to_string(), a);
    Ok(a)
}

/// ARGV's array: the address of each command-line argument as a C
/// string, then 0, made again only when the arguments changed (NEXT-ARG
/// takes them off), the old array given back.
pub(crate) fn argv_array(f: &mut Forth) -> Res<i64> {
    if f.host.argv.0 != 0 && f.host.argv.1 == f.host.args {
        return Ok(f.host.argv.0);
    }
    let args = f.host.args.clone();
    let mut addrs = Vec::with_capacity(args.len() + 1);
    for a in &args {
        addrs.push(arg_string(f, a)?);
    }
    addrs.push(0);
    let array = f.vm.mem.allocate(addrs.len() as i64 * 8).ok_or(ALLOCATE)?;
    for (i, &a) in addrs.iter().enumerate() {
        f.vm.mem.set_cell(array + i as i64 * 8, a)?;
    }
    if f.host.argv.0 != 0 {
        f.vm.mem.free(f.host.argv.0);
    }
    f.host.argv = (array, args);
    Ok(array)
}

pub(crate) fn comma(f: &mut Forth, v: i64) -> Res<()> {
    let at = f.vm.here as i64;
    allot(f, 8)?;
    f.vm.mem.set_cell(at, v)
}

pub(crate) fn align(f: &mut Forth) -> Res<()> {
    let pad = (8 - f.vm.here % 8) % 8;
    allot(f, pad as i64)
}

/// The name of a word being defined: the one NEXTNAME gave, if any,
/// else the next name in the input.
pub(crate) fn parse_def_name(f: &mut Forth) -> Res<String> {
    match f.compiler.next_name.take() {
        Some(n) => Ok(n),
        None => crate::parse::parse_word_name(f),
    }
}

/// Parse a name and make a header for it with the given behaviour.
fn define_parsed(f: &mut Forth, kind: Kind) -> Res<u32> {
    let name = parse_def_name(f)?;
    crate::compiler::define(f, &name, kind, true)
}

/// INCLUDE / REQUIRE of one of gforth's small library files that is
/// not on disk (as given, or beside the file being read): its words
/// are built in, so the file is not needed. Returns false for a name
/// this does not know.
fn builtin_library(f: &mut Forth, name: &str, once: bool) -> Res<bool> {
    let Some(text) = library_text(name) else {
        return Ok(false);
    };
    if interp::resolve_path(f, name).exists() {
        return Ok(false);
    }
    let key = std::path::PathBuf::from(format!("<built-in>/{name}"));
    if once && f.input.was_included(&key) {
        return Ok(true);
    }
    f.input.note_included(key);
    interp::interpret_text(
        f,
        &format!("<built-in {name}>"),
        text.as_bytes().to_vec(),
        0,
    )?;
    Ok(true)
}

/// The xt of a built-in word, by its name, whatever shadows it.
pub(crate) fn builtin_xt(f: &Forth, name: &str) -> Res<u32> {
    let xt = f.vm.dict.words().iter().position(|w| &*w.name == name);
    xt.map(|x| x as u32).ok_or(UNDEFINED_WORD)
}

/// A name token (here the xt of a named word) checked to be one.
fn name_token(f: &mut Forth, nt: i64) -> Res<u32> {
    let ok = usize::try_from(nt)
        .ok()
        .and_then(|x| f.vm.dict.words().get(x))
        .is_some_and(|w| !w.name.is_empty() && w.kind != Kind::Forgotten);
    if !ok {
        return Err(f.fail(BAD_ADDRESS, format!("{nt} is not a name token")));
    }
    Ok(nt as u32)
}

/// `]] ... [[`: postpone every word up to `[[`; numbers compile code
/// that compiles them as literals.
fn postpone_all(f: &mut Forth) -> Res<()> {
    loop {
        let (addr, len) = crate::parse::parse_name(f)?;
        if len == 0 {
            if !crate::parse::refill(f)? {
                return Err(f.fail(CONTROL_MISMATCH, "`]]` needs `[[` to end it"));
            }
            continue;
        }
        let name = f.vm.mem.string(addr, len)?;
        if name == "[[" {
            return Ok(());
        }
        if f.compiler.local(&name).is_some() {
            return Err(f.fail(
                INVALID_NAME,
                format!("`{name}` is a local: ]] ... [[ cannot postpone locals"),
            ));
        }
        if let Some(xt) = f.vm.dict.find(&name) {
            if f.vm.dict.words()[xt as usize].immediate() {
                crate::compiler::compile_xt(f, xt)?;
            } else {
                crate::compiler::emit(f, Instr::CompileXt(xt))?;
            }
            continue;
        }
        match crate::parse::parse_number(name.as_bytes(), f.base()) {
            Some(crate::parse::Number::Single(n)) => {
                crate::compiler::emit(f, Instr::Lit(n))?;
                crate::compiler::emit(f, Sys::Literal.instr())?;
            }
            Some(crate::parse::Number::Double(d)) => {
                crate::compiler::emit(f, Instr::Lit(d as i64))?;
                crate::compiler::emit(f, Instr::Lit((d >> 64) as i64))?;
                crate::compiler::emit(f, Sys::TwoLiteral.instr())?;
            }
            None => return Err(f.fail(UNDEFINED_WORD, name)),
        }
    }
}

/// A header whose behaviour is a short piece of compiled code.
pub(crate) fn define_code(f: &mut Forth, name: &str, code: &[Instr]) -> Res<u32> {
    let start = crate::compiler::code_here(f);
    for &i in code {
        crate::compiler::emit(f, i)?;
    }
    crate::compiler::emit(f, Instr::Exit)?;
    let end = f.vm.code.len();
    f.vm.code.fuse(start as usize, end);
    let xt = crate::compiler::define(f, name, Kind::Colon(start), true)?;
    let code_end = crate::compiler::code_here(f);
    f.vm.dict.set_code_end(xt, code_end);
    crate::infer::learn_effect(f, xt, start, end as u32, false);
    Ok(xt)
}

/// Parse a name and look it up; -13 if it is not defined.
pub(crate) fn parse_find(f: &mut Forth) -> Res<u32> {
    let (name, pos) = crate::parse::parse_word_name_at(f)?;
    match f.vm.dict.find(&name) {
        Some(xt) => Ok(xt),
        None => Err(crate::parse::undefined_parsed(f, name, pos)),
    }
}

pub(crate) fn run_marker(f: &mut Forth, m: usize) -> Res<()> {
    let Some(words) = f.vm.dict.marker(m).map(|mark| mark.words) else {
        return Err(BAD_ADDRESS);
    };
    if f.compiler
        .def
        .as_ref()
        .is_some_and(|d| d.xt as usize >= words)
    {
        // The definition being compiled is forgotten too.
        crate::compiler::stop_compiling(f);
    }
    let Some(mark) = f.vm.dict.forget_marker(m) else {
        return Err(BAD_ADDRESS);
    };
    let current = f.vm.dict.current();
    f.set_current(current);
    f.vm.here = mark.here;
    f.vm.code.truncate(mark.code);
    Ok(())
}

/// What TO, +TO, IS and ACTION-OF act on: the word named next.
fn parse_target(f: &mut Forth, want_defer: bool) -> Res<Target> {
    let (name, pos) = crate::parse::parse_word_name_at(f)?;
    if !want_defer
        && f.compiling()
        && let Some((i, kind)) = f.compiler.local(&name)
    {
        return Ok(Target::Local(i, kind));
    }
    let Some(xt) = f.vm.dict.find(&name) else {
        return Err(crate::parse::undefined_parsed(f, name, pos));
    };
    match (f.vm.dict.words()[xt as usize].kind, want_defer) {
        (Kind::Value(a), false) => Ok(Target::Value(a)),
        (Kind::TwoValue(a), false) => Ok(Target::TwoValue(a)),
        (Kind::FValue(a), false) => Ok(Target::FValue(a)),
        (Kind::Defer(a), true) => Ok(Target::Defer(a)),
        _ => {
            let what = if want_defer {
                "a DEFER word"
            } else {
                "a VALUE or a local"
            };
            Err(f.fail(INVALID_NAME, format!("`{name}` is not {what}")))
        }
    }
}

/// TO and +TO: store (or add) into a value, now or in compiled code.
fn store_to(f: &mut Forth, add: bool) -> Res<()> {
    let op = if add { Instr::PlusStore } else { Instr::Store };
    match parse_target(f, false)? {
        Target::Local(i, kind) => crate::compiler::compile_local_store(f, i, kind, add),
        Target::TwoValue(_) if add => Err(f.fail(INVALID_NAME, "+TO works on single-cell values")),
        Target::TwoValue(a) if f.compiling() => {
            crate::compiler::emit(f, Instr::Lit(a as i64))?;
            crate::compiler::emit(f, Core::TwoStore.instr())
        }
        Target::TwoValue(a) => {
            let x2 = f.pop()?;
            let x1 = f.pop()?;
            f.vm.mem.set_cell(a as i64, x2)?;
            f.vm.mem.set_cell(a as i64 + 8, x1)
        }
        Target::FValue(_) if add => Err(f.fail(INVALID_NAME, "+TO works on single-cell values")),
        Target::FValue(a) if f.compiling() => {
            crate::compiler::emit(f, Instr::Lit(a as i64))?;
            crate::compiler::emit(f, crate::words::spec::known().f_store)
        }
        Target::FValue(a) => {
            let r = f.vm.stacks.fpop()?;
            f.vm.mem.set_cell(a as i64, r.to_bits() as i64)
        }
        Target::Value(a) | Target::Defer(a) if f.compiling() => {
            crate::compiler::emit(f, Instr::Lit(a as i64))?;
            crate::compiler::emit(f, op)
        }
        Target::Value(a) | Target::Defer(a) => {
            let x = f.pop()?;
            let v = if add {
                f.vm.mem.cell(a as i64)?.wrapping_add(x)
            } else {
                x
            };
            f.vm.mem.set_cell(a as i64, v)
        }
    }
}

/// The body of the DEFER word named next.
fn parse_defer(f: &mut Forth) -> Res<u32> {
    match parse_target(f, true)? {
        Target::Defer(a) => Ok(a),
        _ => Err(INVALID_NAME),
    }
}

fn xt_body(f: &mut Forth, xt: i64) -> Res<u32> {
    let body = usize::try_from(xt)
        .ok()
        .and_then(|x| f.vm.dict.words().get(x))
        .and_then(|w| w.body());
    body.ok_or_else(|| f.fail(NOT_CREATED, "that word has no data field"))
}

/// The first comment of a definition, before any code, is its stack
/// effect: remember it for HELP, hints and completion.
fn note_stack_comment(f: &mut Forth, start: i64, found: bool) -> Res<()> {
    let Some(def) = &f.compiler.def else {
        return Ok(());
    };
    if !found || crate::compiler::code_here(f) != def.code_start || !f.compiling() {
        return Ok(());
    }
    let xt = def.xt;
    let inp = *f.input.current();
    let end = (inp.buf + crate::parse::to_in(f)).max(start);
    let Ok(text) = f.vm.mem.string(start, end - start) else {
        return Ok(());
    };
    let text = text.trim().trim_end_matches(')').trim();
    if !f
        .vm
        .dict
        .keep_effect(xt as usize, format!("( {text} )").into())
    {
        return Err(f.fail(
            DICTIONARY_OVERFLOW,
            format!(
                "the stack comments kept for help take {} MiB in all, the most they may: shorter comments, or a MARKER to forget old definitions",
                crate::dictionary::MAX_EFFECT_BYTES >> 20
            ),
        ));
    }
    Ok(())
}

/// SAVE-INPUT's description of the current source.
fn save_input(f: &mut Forth) -> Res<()> {
    let inp = *f.input.current();
    let next = match inp.kind {
        SourceKind::Text { next } => next as i64,
        _ => -1,
    };
    f.push(crate::parse::to_in(f))?;
    f.push(next)?;
    f.push(inp.source_id)?;
    f.push(3)
}

fn restore_input(f: &mut Forth) -> Res<bool> {
    let n = f.pop()?;
    if n != 3 {
        for _ in 0..n.max(0) {
            f.pop()?;
        }
        return Ok(false);
    }
    let id = f.pop()?;
    let next = f.pop()?;
    let to_in = f.pop()?;
    if id != crate::parse::source_id(f) {
        return Ok(false);
    }
    if let SourceKind::Text { next: cur } = f.input.current().kind
        && next >= 1
        && next as usize != cur
    {
        f.input.seek(next as usize - 1);
        crate::parse::refill(f)?;
    }
    crate::parse::set_to_in(f, to_in);
    Ok(true)
}

fn environment(f: &mut Forth, q: &str) -> Res<bool> {
    let vals: &[i64] = match q.to_ascii_uppercase().as_str() {
        "/COUNTED-STRING" => &[255],
        "/HOLD" => &[(crate::memory::HOLD_END - crate::memory::HOLD_START) as i64],
        "/PAD" => &[crate::memory::PAD_SIZE as i64],
        "ADDRESS-UNIT-BITS" => &[8],
        "FLOORED" => &[-1],
        "MAX-CHAR" => &[255],
        "MAX-N" => &[i64::MAX],
        "MAX-U" => &[-1],
        "MAX-D" => &[-1, i64::MAX],
        "MAX-UD" => &[-1, -1],
        "RETURN-STACK-CELLS" => &[crate::stacks::RS_SIZE as i64],
        "STACK-CELLS" => &[crate::stacks::DS_SIZE as i64],
        "WORDLISTS" => &[MAX_ORDER as i64],
        "#LOCALS" => &[crate::stacks::MAX_LOCALS as i64],
        // The word sets, as Forth-94 programs ask for them.
        "CORE" | "CORE-EXT" | "DOUBLE" | "DOUBLE-EXT" | "EXCEPTION" | "EXCEPTION-EXT"
        | "FACILITY" | "FACILITY-EXT" | "FILE" | "FILE-EXT" | "LOCALS" | "LOCALS-EXT"
        | "MEMORY-ALLOC" | "MEMORY-ALLOC-EXT" | "SEARCH-ORDER" | "SEARCH-ORDER-EXT" | "STRING"
        | "STRING-EXT" | "TOOLS" | "TOOLS-EXT" => &[-1],
        // FLOATING and FLOATING EXT are here; test harnesses such as
        // ttester.fs compare floats only when these say so.
        "FLOATING" | "FLOATING-EXT" => &[-1],
        "FLOATING-STACK" => &[crate::stacks::FS_SIZE as i64],
        "MAX-FLOAT" => {
            f.vm.stacks.fpush(f64::MAX)?;
            return Ok(true);
        }
        // Programs written for gforth ask for its version.
        "GFORTH" => {
            let a = arg_string(f, "0.7.3")?;
            f.push(a)?;
            f.push(5)?;
            return Ok(true);
        }
        _ => return Ok(false),
    };
    for &v in vals {
        f.push(v)?;
    }
    Ok(true)
}

fn set_order(f: &mut Forth, order: Vec<u32>) -> Res<()> {
    match f.vm.dict.set_order(order) {
        Err(ARG_TYPE) => Err(f.fail(ARG_TYPE, "not a word list id")),
        r => r,
    }
}

fn lookup_result(f: &mut Forth, xt: Option<u32>) -> Res<()> {
    match xt {
        Some(xt) => {
            f.push(xt as i64)?;
            let imm = f.vm.dict.words()[xt as usize].immediate();
            f.push(if imm { 1 } else { -1 })
        }
        None => f.push(0),
    }
}

primitives! {
    /// Defining words, compiling words, the interpreter, exceptions, search order.
    enum Sys;
    base = super::spec::SYS_BASE;

    Unset "(unset)" "( -- )" Playforth Plain "What a DEFER word does before IS gives it an action: throw -9." |f| {
        Err(f.fail(BAD_ADDRESS, "this deferred word has no action yet (use IS)"))
    }
    Colon ":" "( \"name\" -- )" Core Plain "Start a new definition called name." example ": square ( n -- n*n ) dup * ;  5 square .  \\ 25" |f| {
        let name = parse_def_name(f)?;
        crate::compiler::begin_definition(f, Some(&name)).map(|_| ())
    }
    NoName ":noname" "( -- )" CoreExt Plain "Start a definition without a name; ; leaves its xt." example ":noname ( n -- n*2 ) 2 * ;  5 swap execute .  \\ 10" |f| {
        crate::compiler::begin_definition(f, None).map(|_| ())
    }
    Semicolon ";" "( -- )" Core ImmediateCompileOnly "End the current definition." example ": five 5 ;  five .  \\ 5" |f| { crate::compiler::end_definition(f) }
    Exit "exit" "( -- )" Core ImmediateCompileOnly "Return from the current definition now." example ": .nonzero ( n -- ) dup 0= if drop exit then . ;  0 .nonzero 5 .nonzero  \\ 5" |f| { crate::compiler::emit_exit(f) }
    Recurse "recurse" "( -- )" Core ImmediateCompileOnly "Call the definition being compiled." example ": fact ( n -- n! ) dup 1 > if dup 1- recurse * then ;  5 fact .  \\ 120" |f| {
        let start = f.compiler.def.as_ref().map(|d| d.code_start).ok_or(CONTROL_MISMATCH)?;
        crate::compiler::emit(f, Instr::Call(start))
    }
    Recursive "recursive" "( -- )" Gforth ImmediateCompileOnly "Make the definition being compiled callable by its own name from here on: : fact recursive dup 2 < if drop 1 else dup 1- fact * then ;" |f| {
        let xt = f.compiler.def.as_ref().map(|d| d.xt).ok_or(CONTROL_MISMATCH)?;
        f.vm.dict.reveal(xt);
        Ok(())
    }
    LeftBracket "[" "( -- )" Core ImmediateCompileOnly "Switch to interpreting." example ": five [ 2 3 + ] literal ;  five .  \\ 5" |f| { f.set_state(false); Ok(()) }
    RightBracket "]" "( -- )" Core Plain "Switch to compiling." example ": five [ 2 3 + ] literal ;  five .  \\ 5" |f| { f.set_state(true); Ok(()) }
    PromptControl "prompt-control" "( flag -- )" Playforth Plain "True: IF, DO, ?DO, BEGIN and CASE typed outside a definition run at once, as they do at the REPL's prompt (compiled into a nameless definition that runs when the structure closes). False: the standard's rule, they work only inside a definition." |f| {
        f.prefs.prompt_control = f.pop_bool()?;
        Ok(())
    }
    Immediate "immediate" "( -- )" Core Plain "Make the newest word immediate." example ": now .\" compiling!\" ; immediate  : later now ;  \\ compiling!" |f| { crate::compiler::make_immediate(f) }
    CompileOnly "compile-only" "( -- )" Gforth Plain "Make the newest word usable only inside definitions." example ": inside 1 ; compile-only  : t inside ;  t .  \\ 1" |f| { crate::compiler::make_compile_only(f) }
    Literal "literal" "( x -- )" Core ImmediateCompileOnly "Compile x as a literal." example ": five [ 5 ] literal ;  five .  \\ 5" |f| {
        let x = f.pop()?;
        crate::compiler::emit(f, Instr::Lit(x))
    }
    TwoLiteral "2literal" "( x1 x2 -- )" Double ImmediateCompileOnly "Compile a pair as literals." example ": two [ 1 2 ] 2literal ;  two . .  \\ 2 1" |f| {
        let b = f.pop()?;
        let a = f.pop()?;
        crate::compiler::emit(f, Instr::Lit(a))?;
        crate::compiler::emit(f, Instr::Lit(b))
    }
    Postpone "postpone" "( \"name\" -- )" Core ImmediateCompileOnly "Compile the compilation semantics of name." example ": my-if postpone if ; immediate  : t my-if 1 then ;  -1 t .  \\ 1" |f| {
        let xt = parse_find(f)?;
        if f.vm.dict.words()[xt as usize].immediate() {
            crate::compiler::compile_xt(f, xt)
        } else {
            crate::compiler::emit(f, Instr::CompileXt(xt))
        }
    }
    BracketCompile "[compile]" "( \"name\" -- )" CoreExt ImmediateCompileOnly "Compile name even if it is immediate." example ": my-if [compile] if ; immediate" |f| {
        let xt = parse_find(f)?;
        crate::compiler::compile_xt(f, xt)
    }
    CompileComma "compile," "( xt -- )" CoreExt Plain "Compile the execution of xt into the definition being compiled (also between [ and ]); with no definition open, store xt at HERE as `,` does (a table of xts to EXECUTE)." example ": dup, ['] dup compile, ; immediate  : t dup, * ;  3 t .  \\ 9" |f| {
        if f.compiler.def.is_none() {
            let xt = f.pop()?;
            return comma(f, xt);
        }
        let xt = f.pop()?;
        let xt = u32::try_from(xt).map_err(|_| BAD_ADDRESS)?;
        crate::compiler::compile_xt(f, xt)
    }
    Tick "'" "( \"name\" -- xt )" Core Plain "The execution token of name." example "5 ' dup execute . .  \\ 5 5" |f| {
        let xt = parse_find(f)?;
        f.push(xt as i64)
    }
    BracketTick "[']" "( \"name\" -- )" Core ImmediateCompileOnly "Compile the execution token of name as a literal." example ": apply ['] dup execute ;  5 apply . .  \\ 5 5" |f| {
        let xt = parse_find(f)?;
        crate::compiler::emit(f, Instr::Lit(xt as i64))
    }
    Find "find" "( c-addr -- c-addr 0 | xt 1 | xt -1 )" Core Plain "Look up a counted-string name: 1 if immediate, -1 otherwise." example "c\" dup\" find . drop  \\ -1 (found, not immediate)" |f| {
        let a = f.pop()?;
        let n = f.vm.mem.byte(a)?;
        let name = f.vm.mem.string(a + 1, n as i64)?;
        match f.vm.dict.find(&name) {
            Some(xt) => lookup_result(f, Some(xt)),
            None => { f.push(a)?; f.push(0) }
        }
    }
    SearchWordlist "search-wordlist" "( c-addr u wid -- 0 | xt 1 | xt -1 )" Search Plain "Look a name up in one word list." example "s\" dup\" forth-wordlist search-wordlist . drop  \\ -1" |f| {
        let wid = f.pop()?;
        let name = f.pop_string()?;
        let xt = u32::try_from(wid).ok().and_then(|w| f.vm.dict.search(w, &name));
        lookup_result(f, xt)
    }
    ToBody ">body" "( xt -- a-addr )" Core Plain "The data field of a word made by CREATE (or VARIABLE, VALUE...)." example "create data 42 ,  ' data >body @ .  \\ 42" |f| {
        let xt = f.pop()?;
        let b = xt_body(f, xt)?;
        f.push(b as i64)
    }
    Here "here" "( -- addr )" Core Plain "The next free address of data space." example "here 10 allot here swap - .  \\ 10" |f| { f.push(f.vm.here as i64) }
    Allot "allot" "( n -- )" Core Plain "Reserve n bytes of data space." example "create buf 10 allot" |f| {
        let n = f.pop()?;
        allot(f, n)
    }
    Comma "," "( x -- )" Core Plain "Store a cell at HERE and move past it." example "create primes 2 , 3 , 5 ,  primes cell+ @ .  \\ 3" |f| {
        let x = f.pop()?;
        comma(f, x)
    }
    CComma "c," "( char -- )" Core Plain "Store a byte at HERE and move past it." example "create bytes 1 c, 2 c,  bytes 1+ c@ .  \\ 2" |f| {
        let c = f.pop()?;
        allot_bytes(f, &[c as u8]).map(|_| ())
    }
    Align "align" "( -- )" Core Plain "Move HERE up to a cell boundary." example "1 c, align here 8 mod .  \\ 0" |f| { align(f) }
    Unused "unused" "( -- u )" CoreExt Plain "Bytes of data space left." example "unused 0> .  \\ -1" |f| { f.push((DICT_END - f.vm.here) as i64) }
    Create "create" "( \"name\" -- )" Core Plain "Make a word that pushes the address of its data field (HERE)." example "create board 64 allot  board 64 erase" |f| {
        align(f)?;
        let body = f.vm.here as u32;
        define_parsed(f, Kind::Create(body)).map(|_| ())
    }
    Does "does>" "( -- )" Core Immediate "Give the word being CREATEd the behaviour that follows (up to ;), inside a definition or after CREATE at the top level." example ": counter create , does> @ ;  7 counter seven  seven .  \\ 7" |f| {
        if f.compiling() {
            let code = crate::compiler::code_here(f) + 1;
            return crate::compiler::emit(f, Instr::Does(code));
        }
        let target = f.vm.dict.last().filter(|&x| {
            matches!(f.vm.dict.words()[x as usize].kind, Kind::Create(_) | Kind::Does { .. })
        });
        let Some(target) = target else {
            return Err(f.fail(NOT_CREATED, "DOES> needs a word made by CREATE"));
        };
        crate::compiler::begin_definition(f, None)?;
        if let Some(def) = f.compiler.def.as_mut() {
            def.does_for = Some(target);
        }
        Ok(())
    }
    Variable "variable" "( \"name\" -- )" Core Plain "Make a one-cell variable." example "variable score  10 score !  score @ .  \\ 10" |f| {
        align(f)?;
        let body = f.vm.here as u32;
        comma(f, 0)?;
        define_parsed(f, Kind::Variable(body)).map(|_| ())
    }
    TwoVariable "2variable" "( \"name\" -- )" Double Plain "Make a two-cell variable." example "2variable pos  1 2 pos 2!  pos 2@ . .  \\ 2 1" |f| {
        align(f)?;
        let body = f.vm.here as u32;
        comma(f, 0)?;
        comma(f, 0)?;
        define_parsed(f, Kind::Variable(body)).map(|_| ())
    }
    Constant "constant" "( x \"name\" -- )" Core Plain "Make a word that pushes x." example "3 constant Rounds  Rounds .  \\ 3" |f| {
        let x = f.pop()?;
        define_parsed(f, Kind::Constant(x)).map(|_| ())
    }
    TwoConstant "2constant" "( x1 x2 \"name\" -- )" Double Plain "Make a word that pushes the pair." example "1 2 2constant pair  pair . .  \\ 2 1" |f| {
        let b = f.pop()?;
        let a = f.pop()?;
        let name = parse_def_name(f)?;
        define_code(f, &name, &[Instr::Lit(a), Instr::Lit(b)]).map(|_| ())
    }
    Value "value" "( x \"name\" -- )" CoreExt Plain "Make a word that pushes x; TO name changes it." example "5 value lives  lives .  4 to lives  lives .  \\ 5 4" |f| {
        let x = f.pop()?;
        align(f)?;
        let body = f.vm.here as u32;
        comma(f, x)?;
        define_parsed(f, Kind::Value(body)).map(|_| ())
    }
    To "to" "( x \"name\" -- )" CoreExt Immediate "Store x in a VALUE (two cells for a 2VALUE) or a local." example "0 value n  7 to n  n .  \\ 7" |f| { store_to(f, false) }
    PlusTo "+to" "( n \"name\" -- )" Gforth Immediate "Add n to a VALUE or a local." example "5 value n  3 +to n  n .  \\ 8" |f| { store_to(f, true) }
    TwoValue "2value" "( x1 x2 \"name\" -- )" Double Plain "Make a word that pushes the pair; TO name changes it." example "1 2 2value pos  pos . .  \\ 2 1" |f| {
        let x2 = f.pop()?;
        let x1 = f.pop()?;
        align(f)?;
        let body = f.vm.here as u32;
        comma(f, x2)?;
        comma(f, x1)?;
        define_parsed(f, Kind::TwoValue(body)).map(|_| ())
    }
    Defer "defer" "( \"name\" -- )" CoreExt Plain "Make a word whose action is set later with IS." example "defer greet  :noname .\" hi\" ; is greet  greet  \\ hi" |f| {
        align(f)?;
        let body = f.vm.here as u32;
        let unset = f.vm.dict.find("(unset)").unwrap_or(0);
        comma(f, unset as i64)?;
        define_parsed(f, Kind::Defer(body)).map(|_| ())
    }
    Is "is" "( xt \"name\" -- )" CoreExt Immediate "Set the action of a DEFER word." example "defer greet  :noname .\" hi\" ; is greet  greet  \\ hi" |f| {
        let a = parse_defer(f)?;
        if f.compiling() {
            crate::compiler::emit(f, Instr::Lit(a as i64))?;
            crate::compiler::emit(f, Instr::Store)
        } else {
            let xt = f.pop()?;
            f.vm.mem.set_cell(a as i64, xt)
        }
    }
    ActionOf "action-of" "( \"name\" -- xt )" CoreExt Immediate "The current action of a DEFER word." example "defer greet  ' cr is greet  action-of greet ' cr = .  \\ -1" |f| {
        let a = parse_defer(f)?;
        if f.compiling() {
            crate::compiler::emit(f, Instr::Value(a))
        } else {
            let xt = f.vm.mem.cell(a as i64)?;
            f.push(xt)
        }
    }
    DeferFetch "defer@" "( xt1 -- xt2 )" CoreExt Plain "The action of a DEFER word." example "defer greet  ' cr is greet  ' greet defer@ ' cr = .  \\ -1" |f| {
        let xt = f.pop()?;
        let a = xt_body(f, xt)?;
        let v = f.vm.mem.cell(a as i64)?;
        f.push(v)
    }
    DeferStore "defer!" "( xt2 xt1 -- )" CoreExt Plain "Set the action of DEFER word xt1 to xt2." example "defer greet  :noname .\" hi\" ; ' greet defer!  greet  \\ hi" |f| {
        let xt = f.pop()?;
        let action = f.pop()?;
        let a = xt_body(f, xt)?;
        f.vm.mem.set_cell(a as i64, action)
    }
    Buffer "buffer:" "( u \"name\" -- )" CoreExt Plain "Make a word that pushes the address of u reserved bytes." example "10 buffer: scratch  scratch 10 erase" |f| {
        let u = f.pop_len()?;
        align(f)?;
        let body = f.vm.here as u32;
        allot(f, u)?;
        f.vm.mem.fill(body as i64, u, 0)?;
        define_parsed(f, Kind::Create(body)).map(|_| ())
    }
    Marker "marker" "( \"name\" -- )" CoreExt Plain "Make a word that forgets itself and everything defined after it." example "marker clean  : temp 1 ;  clean" |f| {
        f.current()?;
        let Some(m) = f.vm.dict.new_marker(f.vm.here, f.vm.code.len()) else {
            return Err(f.fail(
                DICTIONARY_OVERFLOW,
                format!(
                    "the markers alive keep {} MiB, the most they may: running an older marker forgets them (and each word list makes a marker bigger)",
                    crate::dictionary::MAX_MARK_BYTES >> 20
                ),
            ));
        };
        define_parsed(f, Kind::Marker(m)).map(|_| ())
    }
    Synonym "synonym" "( \"newname\" \"oldname\" -- )" Tools Plain "Make newname behave exactly like oldname." example "synonym plus +  2 3 plus .  \\ 5" |f| {
        let new = parse_def_name(f)?;
        let old = parse_find(f)?;
        let w = f.vm.dict.words()[old as usize].clone();
        let xt = crate::compiler::define(f, &new, w.kind, true)?;
        f.vm.dict.add_flags(xt, w.flags);
        f.vm.dict.share_code(xt, old);
        Ok(())
    }

    If "if" "( flag -- )" Core ImmediateCompileOnly "Run what follows (up to ELSE or THEN) only if flag is true. Compiles a conditional forward branch." example ": sign? ( n -- ) 0< if .\" negative\" else .\" not negative\" then ;  -5 sign?  \\ negative" |f| {
        crate::compiler::emit_forward(f, Instr::ZBranch(0))
    }
    Else "else" "( -- )" Core ImmediateCompileOnly "The other branch of an IF. Compiles a forward branch and resolves the IF." example ": even? ( n -- ) 2 mod if .\" odd\" else .\" even\" then ;  3 even?  \\ odd" |f| { crate::compiler::cf_else(f) }
    Then "then" "( -- )" Core ImmediateCompileOnly "End an IF or IF ... ELSE. Resolves the pending forward branch." example ": warn ( n -- ) 100 > if .\" too big!\" then ;  200 warn  \\ too big!" |f| { crate::compiler::resolve_orig(f, "then") }
    Begin "begin" "( -- )" Core ImmediateCompileOnly "Start a loop: BEGIN ... UNTIL, BEGIN ... AGAIN, BEGIN ... WHILE ... REPEAT." example ": countdown ( n -- ) begin dup . 1- dup 0= until drop ;  3 countdown  \\ 3 2 1" |f| {
        let pos = f.input.token_pos();
        f.compiler.begins.push((crate::compiler::code_here(f), pos));
        crate::compiler::cs_push(f, crate::compiler::code_here(f), DEST)
    }
    Until "until" "( flag -- )" Core ImmediateCompileOnly "Loop back to BEGIN until flag is true. Compiles a conditional backward branch." example ": countdown ( n -- ) begin dup . 1- dup 0= until drop ;  3 countdown  \\ 3 2 1" |f| {
        crate::compiler::cf_back(f, false)
    }
    Again "again" "( -- )" CoreExt ImmediateCompileOnly "Loop back to BEGIN forever. Compiles a backward branch." example ": forever begin .\" x\" again ;  \\ (forever prints x until Ctrl-C stops it)" |f| {
        crate::compiler::cf_back(f, true)
    }
    While "while" "( flag -- )" Core ImmediateCompileOnly "Leave a BEGIN loop when flag is false. Compiles a conditional forward branch." example ": halve ( n -- ) begin dup 0> while dup . 2/ repeat drop ;  10 halve  \\ 10 5 2 1" |f| {
        crate::compiler::cf_while(f)
    }
    Repeat "repeat" "( -- )" Core ImmediateCompileOnly "End a BEGIN ... WHILE loop: jump back to BEGIN, resolve the WHILE." example ": halve ( n -- ) begin dup 0> while dup . 2/ repeat drop ;  10 halve  \\ 10 5 2 1" |f| {
        crate::compiler::cf_repeat(f)
    }
    Ahead "ahead" "( -- )" Tools ImmediateCompileOnly "Compile an unconditional forward branch, resolved by THEN." example ": t ahead .\" skipped\" then .\" here\" ;  t  \\ here" |f| {
        crate::compiler::emit_forward(f, Instr::Branch(0))
    }
    CsPick "cs-pick" "( C: orig|dest_u ... orig|dest_0 -- orig|dest_u ... orig|dest_0 orig|dest_u ) ( S: u -- )" Tools Plain "Copy the u-th control-flow stack entry." example ": t ( n -- ) begin [ 0 cs-pick ] dup . 1- dup 0= until [ 2drop ] drop ;  3 t  \\ 3 2 1" |f| {
        let u = f.pop_len()?;
        crate::compiler::cs_pick(f, u as usize)
    }
    CsRoll "cs-roll" "( C: orig|dest_u ... orig|dest_0 -- orig|dest_u-1 ... orig|dest_0 orig|dest_u ) ( S: u -- )" Tools Plain "Move the u-th control-flow stack entry to the top." example ": t ( flag -- ) if ahead [ 1 cs-roll ] then .\" false \" then .\" done \" ;  0 t  -1 t  \\ false done done" |f| {
        let u = f.pop_len()?;
        crate::compiler::cs_roll(f, u as usize)
    }
    Do "do" "( limit start -- )" Core ImmediateCompileOnly "Start a counted loop from start up to limit-1; I is the index." example ": count5 5 0 do i . loop ;  count5  \\ 0 1 2 3 4" |f| { crate::compiler::begin_do(f, false) }
    QDo "?do" "( limit start -- )" CoreExt ImmediateCompileOnly "Like DO, but skip the loop when limit = start." example ": stars ( n -- ) 0 ?do [char] * emit loop ;  0 stars 3 stars  \\ ***" |f| { crate::compiler::begin_do(f, true) }
    Loop "loop" "( -- )" Core ImmediateCompileOnly "Add one to the index; repeat while it has not reached the limit." example ": count5 5 0 do i . loop ;  count5  \\ 0 1 2 3 4" |f| { crate::compiler::end_do(f, false, "loop") }
    PlusLoop "+loop" "( n -- )" Core ImmediateCompileOnly "Add n to the index; repeat until it crosses the limit." example ": evens 10 0 do i . 2 +loop ;  evens  \\ 0 2 4 6 8" |f| { crate::compiler::end_do(f, true, "+loop") }
    Leave "leave" "( -- )" Core ImmediateCompileOnly "Leave the innermost DO loop now." example ": first3 10 0 do i 3 = if leave then i . loop ;  first3  \\ 0 1 2" |f| { crate::compiler::emit_leave(f) }
    Case "case" "( -- )" CoreExt ImmediateCompileOnly "Start a CASE ... OF ... ENDOF ... ENDCASE selection." example ": name ( n -- ) case 1 of .\" one\" endof 2 of .\" two\" endof .\" many\" endcase ;  2 name  \\ two" |f| {
        crate::compiler::emit(f, Instr::Case)?;
        crate::compiler::cs_push(f, 0, CASE_SYS)
    }
    Of "of" "( x1 x2 -- | x1 )" CoreExt ImmediateCompileOnly "If x1 = x2, drop both and run up to ENDOF; else keep x1 and go on after ENDOF." example ": name ( n -- ) case 1 of .\" one\" endof .\" other\" endcase ;  1 name  \\ one" |f| {
        let at = crate::compiler::code_here(f);
        crate::compiler::emit(f, Instr::Of(0))?;
        crate::compiler::cs_push(f, at, OF_SYS)
    }
    EndOf "endof" "( -- )" CoreExt ImmediateCompileOnly "End an OF branch: jump to ENDCASE." example ": name ( n -- ) case 1 of .\" one\" endof .\" other\" endcase ;  2 name  \\ other" |f| {
        crate::compiler::cf_endof(f)
    }
    EndCase "endcase" "( x -- )" CoreExt ImmediateCompileOnly "End a CASE: drop the selector." example ": name ( n -- ) case 1 of .\" one\" endof .\" other\" endcase ;  1 name  \\ one" |f| {
        crate::compiler::cf_endcase(f)
    }
    LocalsBegin "{:" "( \"args | vals -- outs :}\" -- )" Locals ImmediateCompileOnly "Declare locals: arguments from the stack, then uninitialised values." example ": diff {: a b -- d :} a b - ;  10 3 diff .  \\ 7" |f| {
        crate::compiler::declare_locals(f, false)
    }
    PostponeAll "]]" "( \"words [[\" -- )" Gforth ImmediateCompileOnly "Postpone every word up to [[: : 2dup+ ]] 2dup + [[ ; immediate. Numbers are compiled as literals." |f| {
        postpone_all(f)
    }
    TwoRDrop "2rdrop" "( R: x1 x2 -- )" Gforth Plain "Discard the top two cells of the return stack." |f| {
        f.rpop()?;
        f.rpop().map(|_| ())
    }
    Latest "latest" "( -- nt )" Gforth Plain "The name token of the newest named word (0 if none)." |f| {
        let nt = f.vm.dict.last().filter(|&x| !f.vm.dict.words()[x as usize].name.is_empty());
        f.push(nt.map_or(0, i64::from))
    }
    LatestXt "latestxt" "( -- xt )" Gforth Plain "The execution token of the newest definition, named or not." |f| {
        let xt = f.vm.dict.last().ok_or_else(|| f.fail(BAD_ADDRESS, "no word has been defined"))?;
        f.push(xt as i64)
    }
    ToName ">name" "( xt -- nt | 0 )" Gforth Plain "The name token of a word (0 for a nameless one); here it is the xt itself." |f| {
        let xt = f.pop()?;
        let named = usize::try_from(xt).ok().and_then(|x| f.vm.dict.words().get(x)).is_some_and(|w| !w.name.is_empty());
        f.push(if named { xt } else { 0 })
    }
    FindName "find-name" "( c-addr u -- nt | 0 )" Gforth Plain "The name token of the word with this name in the search order, or 0 (gforth)." |f| {
        f.need(2)?;
        let name = f.pop_string()?;
        let nt = f.vm.dict.find(&name).map_or(0, |xt| xt as i64);
        f.push(nt)
    }
    NameToString "name>string" "( nt -- c-addr u )" Tools Plain "The name of a word, as a string." |f| {
        let nt = f.pop()?;
        let nt = name_token(f, nt)?;
        let name = f.vm.dict.words()[nt as usize].name.to_string();
        let a = arg_string(f, &name)?;
        f.push(a)?;
        f.push(name.len() as i64)
    }
    NameToInterpret "name>interpret" "( nt -- xt | 0 )" Tools Plain "What the word does when interpreted (0 for a compile-only word)." |f| {
        let nt = f.pop()?;
        let nt = name_token(f, nt)?;
        let only = f.vm.dict.words()[nt as usize].compile_only();
        f.push(if only { 0 } else { nt as i64 })
    }
    NameToCompile "name>compile" "( nt -- x xt )" Tools Plain "What the word does when compiled: x xt execute performs it (xt is EXECUTE for an immediate word, COMPILE, otherwise)." |f| {
        let nt = f.pop()?;
        let nt = name_token(f, nt)?;
        let how = if f.vm.dict.words()[nt as usize].immediate() { "execute" } else { "compile," };
        let how = builtin_xt(f, how)?;
        f.push(nt as i64)?;
        f.push(how as i64)
    }
    TraverseWordlist "traverse-wordlist" "( i*x xt wid -- j*x )" Tools Plain "Run xt ( k*x nt -- l*x flag ) for each word in wid, newest first, until it returns false." |f| {
        let wid = f.pop()?;
        let xt = f.pop()?;
        if wid < 0 || wid as usize >= f.vm.dict.wordlists().len() {
            return Err(f.fail(ARG_TYPE, "not a word list id"));
        }
        let xt = u32::try_from(xt).map_err(|_| BAD_ADDRESS)?;
        let nts: Vec<u32> = (0..f.vm.dict.words().len() as u32)
            .rev()
            .filter(|&x| {
                let w = &f.vm.dict.words()[x as usize];
                w.wordlist == wid as u32 && w.revealed && !w.name.is_empty()
            })
            .collect();
        for nt in nts {
            f.push(nt as i64)?;
            f.execute(xt)?;
            if !f.pop_bool()? {
                break;
            }
        }
        Ok(())
    }
    BodyFrom "body>" "( a-addr -- xt )" Gforth Plain "The word whose data field is at a-addr (the inverse of >BODY)." |f| {
        let a = f.pop()?;
        let xt = f.vm.dict.words().iter().rposition(|w| w.body().is_some_and(|b| b as i64 == a));
        match xt {
            Some(xt) => f.push(xt as i64),
            None => Err(f.fail(NOT_CREATED, format!("{a} is not the data field of a word"))),
        }
    }
    Alias "alias" "( xt \"name\" -- )" Gforth Plain "Make name do what xt does: ' dup alias twin." |f| {
        let xt = f.pop()?;
        let Some(w) = usize::try_from(xt).ok().and_then(|x| f.vm.dict.words().get(x)).cloned() else {
            return Err(f.fail(BAD_ADDRESS, format!("{xt} is not an execution token")));
        };
        if w.kind == Kind::Forgotten {
            return Err(f.stale_xt(xt));
        }
        let name = parse_def_name(f)?;
        let new = crate::compiler::define(f, &name, w.kind, true)?;
        f.vm.dict.share_code(new, xt as u32);
        Ok(())
    }
    NextName "nextname" "( c-addr u -- )" Gforth Plain "The next defining word takes this name instead of parsing one." |f| {
        let name = f.pop_string()?;
        if name.is_empty() {
            return Err(f.fail(ZERO_LENGTH_NAME, "nextname needs a name"));
        }
        f.compiler.next_name = Some(name);
        Ok(())
    }
    LocalsBrace "{" "( \"args | vals -- outs }\" -- )" Gforth ImmediateCompileOnly "gforth's locals: { a b | c -- d } is {: a b | c -- d :}." |f| {
        crate::compiler::declare_locals(f, true)
    }
    LocalsBar "locals|" "( \"name1 ... namen |\" -- )" Locals ImmediateCompileOnly "Declare locals taken from the stack, name1 from the top: 1 2 locals| a b | leaves a = 2." |f| {
        crate::compiler::locals_bar(f)
    }
    ParenLocal "(local)" "( c-addr u -- )" Locals Plain "While compiling: add a local named by the string; 0 0 (local) ends the list (the first name gets the top of the stack)." |f| {
        let u = f.pop()?;
        let a = f.pop()?;
        let name = if u == 0 { String::new() } else { f.vm.mem.string(a, u)? };
        crate::compiler::paren_local(f, name)
    }

    Throw "throw" "( k*x n -- k*x | i*x n )" Exception Plain "If n is not zero, unwind to the nearest CATCH with n." example ": guard ( n -- ) 0< if -24 throw then ;  -1 ' guard catch . drop  \\ -24" |f| {
        let n = f.pop()?;
        if n == 0 { Ok(()) } else { Err(Throw(n)) }
    }
    Exception "exception" "( c-addr u -- n )" Gforth Plain "A new throw code, with the string as its message: an uncaught THROW of it shows the message. Codes count down from -2051, as in gforth." example "s\" disk on fire\" exception  ' throw catch . drop  \\ -2051" |f| {
        let message = f.pop_string()?;
        match f.words.exceptions.add(&message) {
            Ok(code) => f.push(code),
            Err(why) => Err(f.fail(DICTIONARY_OVERFLOW, why)),
        }
    }
    StoreCsp "!csp" "( -- )" Gforth Plain "Remember the data stack's depth, for ?CSP to check: a defining word's check that the stack is as it began (gforth)." example "!csp 1 2 + drop ?csp" |f| {
        let depth = f.depth() as i64;
        f.vm.mem.set_cell(crate::memory::CSP_ADDR as i64, depth)
    }
    QuestionCsp "?csp" "( -- )" Gforth Plain "Throw -22 (control structure mismatch) unless the data stack is as deep as !CSP saw it (gforth)." example "!csp 1 2 + drop ?csp" |f| {
        let saved = f.vm.mem.cell(crate::memory::CSP_ADDR as i64)?;
        let depth = f.depth() as i64;
        if depth == saved {
            return Ok(());
        }
        Err(f.fail(
            CONTROL_MISMATCH,
            format!("the data stack is {depth} deep, and !CSP saw it {saved} deep: the code between them left or took items"),
        ))
    }
    Abort "abort" "( i*x -- )" Exception Plain "Throw -1: empty the stacks and return to the top level." example ": guard ( n -- ) 0< if abort then ;" |f| { Err(ABORT) }
    Quit "quit" "( -- )" Core Plain "Empty the return stack and go back to reading the terminal." example ": stop quit ;" |f| { Err(QUIT) }

    State "state" "( -- a-addr )" Core Plain "A variable: true while compiling." example "state @ .  \\ 0 (interpreting)" |f| { f.push(STATE_ADDR as i64) }
    Base "base" "( -- a-addr )" Core Plain "A variable: the number base for input and output." example "2 base ! 101 decimal .  \\ 5" |f| { f.push(BASE_ADDR as i64) }
    Warnings "warnings" "( -- a-addr )" Gforth Plain "A variable: true (the default) to be warned when a definition's stack comment disagrees with its code, and told of redefinitions." example "warnings off" |f| { f.push(crate::memory::WARNINGS_ADDR as i64) }
    ToIn ">in" "( -- a-addr )" Core Plain "A variable: the offset of the parse area in SOURCE." example ">in @ .  \\ 6 (the offset of the . on this line)" |f| { f.push(IN_ADDR as i64) }
    Decimal "decimal" "( -- )" Core Plain "Set BASE to 10." example "hex 10 decimal .  \\ 16" |f| { f.vm.mem.set_cell(BASE_ADDR as i64, 10) }
    Hex "hex" "( -- )" CoreExt Plain "Set BASE to 16." example "hex ff decimal .  \\ 255" |f| { f.vm.mem.set_cell(BASE_ADDR as i64, 16) }
    Source "source" "( -- c-addr u )" Core Plain "The current input line." example "source drop 6 type  \\ source (the first 6 characters of this line)" |f| {
        let inp = *f.input.current();
        f.push(inp.buf)?;
        f.push(inp.len)
    }
    SourceFilename "sourcefilename" "( -- c-addr u )" Gforth Plain "The name of the file being interpreted: as INCLUDE was given it, `-e` for command-line code, `<stdin>` for the terminal (gforth)." example "sourcefilename type  \\ <stdin>" |f| {
        let src = f.input.current().src;
        let name = f.input.text(src).map(|t| t.name.clone()).unwrap_or_default();
        let a = arg_string(f, &name)?;
        f.push(a)?;
        f.push(name.len() as i64)
    }
    SourceLine "sourceline#" "( -- u )" Gforth Plain "The number of the line being interpreted in its file, from 1 (gforth)." example "sourceline# .  \\ 1 (on a file's first line)" |f| {
        let line = f.input.current().line;
        f.push(line as i64)
    }
    StoNumberQ "s>number?" "( c-addr u -- d flag )" Gforth Plain "Convert a string to a double number as the interpreter reads numbers (in BASE, with the prefixes $ # % and 'c'; a `.` may stand anywhere); flag is false, and d 0, when it is not a number (gforth)." example "s\" -12\" s>number? . d.  \\ -1 -12" |f| {
        let text = f.pop_bytes()?;
        let d = match crate::parse::parse_number(&text, f.base()) {
            Some(crate::parse::Number::Single(n)) => Some(n as i128),
            Some(crate::parse::Number::Double(d)) => Some(d),
            None => None,
        };
        f.push_double(d.unwrap_or(0))?;
        f.push_bool(d.is_some())
    }
    SNumberQ "snumber?" "( c-addr u -- 0 | n -1 | d +n )" Gforth Plain "Convert a string as the interpreter reads numbers: n and -1 for a single; for a double (with a `.`) d and one more than the number of characters after the last `.`; just 0 when it is not a number (gforth)." example "s\" 42\" snumber? . .  s\" 4.2\" snumber? . d.  s\" x\" snumber? .  \\ -1 42 2 42 0" |f| {
        let text = f.pop_bytes()?;
        match crate::parse::parse_number(&text, f.base()) {
            Some(crate::parse::Number::Single(n)) => {
                f.push(n)?;
                f.push(-1)
            }
            Some(crate::parse::Number::Double(d)) => {
                f.push_double(d)?;
                let after = text.iter().rev().position(|&c| c == b'.').unwrap_or(0);
                f.push(after as i64 + 1)
            }
            None => f.push(0),
        }
    }
    Span "span" "( -- a-addr )" Gforth Plain "A variable: how many characters the last EXPECT received (obsolescent: Forth-2012 removed it; use ACCEPT's result)." |f| { f.push(crate::memory::SPAN_ADDR as i64) }
    SourceId "source-id" "( -- 0 | -1 | fileid )" CoreExt Plain "Where input comes from: 0 user, -1 EVALUATE, or a file." example "source-id .  \\ 0 (the terminal)" |f| {
        f.push(crate::parse::source_id(f))
    }
    Refill "refill" "( -- flag )" CoreExt Plain "Read the next line of input; false at the end." example "refill  \\ (reads the next line in place of the rest of this one; true if there was one)" |f| {
        let ok = crate::parse::refill(f)?;
        f.push_bool(ok)
    }
    Evaluate "evaluate" "( i*x c-addr u -- j*x )" Core Plain "Interpret a string." example "s\" 2 3 + .\" evaluate  \\ 5" |f| {
        let u = f.pop()?;
        let a = f.pop()?;
        interp::evaluate(f, a, u)
    }
    Parse "parse" "( char \"ccc<char>\" -- c-addr u )" CoreExt Plain "The text up to char in the input." example "char ) parse text)  type  \\ text" |f| {
        let c = f.pop()?;
        let (a, n) = crate::parse::parse(f, c as u8)?;
        f.push(a)?;
        f.push(n)
    }
    ParseName "parse-name" "( \"name\" -- c-addr u )" CoreExt Plain "The next blank-delimited word in the input." example "parse-name hello type  \\ hello" |f| {
        let (a, n) = crate::parse::parse_name(f)?;
        f.push(a)?;
        f.push(n)
    }
    Word "word" "( char \"<chars>ccc<char>\" -- c-addr )" Core Plain "Skip leading chars, parse up to char: a counted string." example "bl word hello count type  \\ hello" |f| {
        let c = f.pop()? as u8;
        let (start, len) = crate::parse::parse_area(f);
        let area = f.vm.mem.slice(start, len)?;
        let is_delim = |b: u8| b == c || (c == b' ' && b < b' ');
        let skip = area.iter().position(|&b| !is_delim(b)).unwrap_or(area.len());
        let n = area[skip..].iter().position(|&b| is_delim(b)).unwrap_or(area.len() - skip);
        let text = area[skip..skip + n].to_vec();
        let consumed = (skip + n + usize::from(skip + n < area.len())) as i64;
        crate::parse::set_to_in(f, crate::parse::to_in(f) + consumed);
        let n = text.len().min(255);
        f.vm.mem.set_byte(WORD_BUF as i64, n as u8)?;
        f.vm.mem.write(WORD_BUF as i64 + 1, &text[..n])?;
        f.vm.mem.set_byte(WORD_BUF as i64 + 1 + n as i64, b' ')?;
        f.push(WORD_BUF as i64)
    }
    SaveInput "save-input" "( -- xn ... x1 n )" CoreExt Plain "Describe the input position, for RESTORE-INPUT." example "variable done  save-input  .\" read \" done @ [if] . [else] true done ! restore-input [then]  \\ read read 0" |f| { save_input(f) }
    RestoreInput "restore-input" "( xn ... x1 n -- flag )" CoreExt Plain "Go back to a saved input position; false on success." example "variable done  save-input  .\" read \" done @ [if] . [else] true done ! restore-input [then]  \\ read read 0" |f| {
        let ok = restore_input(f)?;
        f.push_bool(!ok)
    }
    Paren "(" "( \"ccc<paren>\" -- )" Core Immediate "A comment up to ) (may span lines in a file)." |f| {
        let (start, _) = crate::parse::parse_area(f);
        let line = f.input.current().line;
        let found = crate::parse::skip_past(f, b')')?;
        note_stack_comment(f, start, found && f.input.current().line == line)
    }
    Backslash "\\" "( \"ccc<eol>\" -- )" CoreExt Immediate "A comment to the end of the line." example "1 2 + .  \\ 3 (and the rest of the line is ignored)" |f| {
        let len = f.input.current().len;
        crate::parse::set_to_in(f, len);
        Ok(())
    }
    Shebang "#!" "( \"ccc<eol>\" -- )" Gforth Immediate "A comment to the end of the line, for a script's first line." example "#! /usr/bin/env playforth" |f| {
        let len = f.input.current().len;
        crate::parse::set_to_in(f, len);
        Ok(())
    }
    Include "include" "( i*x \"name\" -- j*x )" File Plain "Interpret the named file (gforth's random.fs and a few other library files are built in)." example "include examples/othello.fs" |f| {
        let name = crate::parse::parse_word_name(f)?;
        include_named(f, &name, false)
    }
    Included "included" "( i*x c-addr u -- j*x )" File Plain "Interpret the file named by the string." example "s\" examples/rps.fs\" included" |f| {
        let name = f.pop_string()?;
        include_named(f, &name, false)
    }
    Require "require" "( i*x \"name\" -- j*x )" File Plain "Include the named file unless it was included before (random.fs, mini-oof.fs and a few other gforth library files are built in)." example "require examples/rps.fs" |f| {
        let name = crate::parse::parse_word_name(f)?;
        include_named(f, &name, true)
    }
    Required "required" "( i*x c-addr u -- j*x )" File Plain "Include a file unless it was included before." example "s\" examples/rps.fs\" required" |f| {
        let name = f.pop_string()?;
        include_named(f, &name, true)
    }
    IncludeFile "include-file" "( i*x fileid -- j*x )" File Plain "Interpret the rest of an open file." example "s\" examples/rps.fs\" r/o open-file throw include-file" |f| {
        let id = f.pop()?;
        let mut text = Vec::new();
        loop {
            if f.host.interrupt.take() {
                return Err(USER_INTERRUPT);
            }
            // Whole lines, as INCLUDED reads them (the file's bound is the
            // bound): a line too long is -18 when it is interpreted, never
            // cut into lines that run.
            match f.host.files.read_line(id, crate::parse::MAX_SOURCE_BYTES + 1 - text.len()) {
                Ok((line, true)) => { text.extend_from_slice(&line); text.push(b'\n'); }
                Ok((_, false)) => break,
                Err(_) => return Err(FILE_IO),
            }
            if text.len() > crate::parse::MAX_SOURCE_BYTES {
                return Err(f.fail(FILE_IO, "the file is larger than 64 MiB, the most playforth includes"));
            }
        }
        interp::interpret_text(f, &format!("<file {id}>"), text, id)
    }
    EnvironmentQ "environment?" "( c-addr u -- false | i*x true )" Core Plain "Ask about the system, e.g. s\" MAX-N\" environment?." example "s\" MAX-N\" environment? drop .  \\ 9223372036854775807" |f| {
        let q = f.pop_string()?;
        let found = environment(f, &q)?;
        if !found {
            return f.push(0);
        }
        f.push(-1)
    }
    NToR "n>r" "( i*x n -- ) ( R: -- i*x n )" Tools Plain "Move n cells and the count to the return stack." example "1 2 3 3 n>r nr> .s  \\ <4> 1 2 3 3" |f| {
        let n = f.pop_len()?;
        f.need(n as usize)?;
        for _ in 0..n {
            let x = f.pop()?;
            f.rpush(x)?;
        }
        f.rpush(n)
    }
    NRFrom "nr>" "( -- i*x n ) ( R: i*x n -- )" Tools Plain "Move cells saved by N>R back, and their count." example "1 2 3 3 n>r nr> .s  \\ <4> 1 2 3 3" |f| {
        let n = f.rpop()?;
        if n < 0 || n as usize > f.rdepth_own() {
            return Err(RSTACK_UNDERFLOW);
        }
        for _ in 0..n {
            let x = f.rpop()?;
            f.push(x)?;
        }
        f.push(n)
    }
    BeginStructure "begin-structure" "( \"name\" -- struct-sys 0 )" Facility Plain "Start a structure; name will push its size." example "begin-structure point field: p.x field: p.y end-structure  point .  \\ 16" |f| {
        let xt = define_parsed(f, Kind::Constant(0))?;
        f.push(xt as i64)?;
        f.push(0)
    }
    EndStructure "end-structure" "( struct-sys +n -- )" Facility Plain "End a structure, setting its size." example "begin-structure point field: p.x field: p.y end-structure  point .  \\ 16" |f| {
        let size = f.pop()?;
        let xt = f.pop()?;
        let xt = u32::try_from(xt).map_err(|_| CONTROL_MISMATCH)?;
        f.vm.code.natives.forget_all();
        if !f.vm.dict.make_constant(xt, size) {
            return Err(CONTROL_MISMATCH);
        }
        Ok(())
    }
    PlusField "+field" "( n1 n2 \"name\" -- n3 )" Facility Plain "A field of n2 bytes at offset n1: name adds n1 to an address." example "0 8 +field p.x drop  create pt 8 allot  5 pt p.x !  pt p.x @ .  \\ 5" |f| {
        let size = f.pop()?;
        let off = f.pop()?;
        let name = parse_def_name(f)?;
        define_code(f, &name, &[Instr::Lit(off), Instr::Plus])?;
        f.push(off.wrapping_add(size))
    }
    FieldColon "field:" "( n1 \"name\" -- n2 )" Facility Plain "An aligned one-cell field." example "0 field: p.x drop" |f| {
        let off = f.pop()?.wrapping_add(7) & !7;
        let name = parse_def_name(f)?;
        define_code(f, &name, &[Instr::Lit(off), Instr::Plus])?;
        f.push(off.wrapping_add(8))
    }
    CFieldColon "cfield:" "( n1 \"name\" -- n2 )" Facility Plain "A one-character field." example "0 cfield: c.a drop" |f| {
        let off = f.pop()?;
        let name = parse_def_name(f)?;
        define_code(f, &name, &[Instr::Lit(off), Instr::Plus])?;
        f.push(off.wrapping_add(1))
    }

    ForthWordlist "forth-wordlist" "( -- wid )" Search Plain "The word list of the standard words." example "forth-wordlist .  \\ 0" |f| { f.push(0) }
    GetOrder "get-order" "( -- widn ... wid1 n )" Search Plain "The search order, first-searched on top." example "get-order .s  \\ <5> 2 1 0 0 4 (root, games, forth twice, the first on top, then the count)" |f| {
        let order = f.vm.dict.order().to_vec();
        for &w in &order {
            f.push(w as i64)?;
        }
        f.push(order.len() as i64)
    }
    SetOrder "set-order" "( widn ... wid1 n -- )" Search Plain "Set the search order; n = -1 means the minimum order." example "get-order set-order" |f| {
        let n = f.pop()?;
        if n == -1 {
            return set_order(f, crate::dictionary::minimum_order());
        }
        if n < 0 || n as usize > MAX_ORDER {
            return Err(ORDER_OVERFLOW);
        }
        let mut order = Vec::new();
        for _ in 0..n {
            order.push(u32::try_from(f.pop()?).map_err(|_| ARG_TYPE)?);
        }
        order.reverse();
        set_order(f, order)
    }
    GetCurrent "get-current" "( -- wid )" Search Plain "The word list new definitions go into." example "get-current .  \\ 0" |f| {
        let w = f.current()?;
        f.push(w as i64)
    }
    Current "current" "( -- a-addr )" Gforth Plain "A variable holding the id of the word list new definitions go into: `current @` is GET-CURRENT, `wid current !` is SET-CURRENT (gforth)." example "current @ get-current = .  \\ -1" |f| {
        f.current()?;
        f.push(crate::memory::CURRENT_ADDR as i64)
    }
    SetCurrent "set-current" "( wid -- )" Search Plain "Put new definitions into wid." example "wordlist set-current forth-wordlist set-current" |f| {
        let w = f.pop()?;
        if !u32::try_from(w).is_ok_and(|w| f.vm.dict.set_current(w)) {
            return Err(f.fail(ARG_TYPE, "not a word list id"));
        }
        f.set_current(w as u32);
        Ok(())
    }
    Wordlist "wordlist" "( -- wid )" Search Plain "Make a new, empty word list." example "wordlist constant mine" |f| {
        let Some(wid) = f.vm.dict.new_wordlist(None) else {
            return Err(f.fail(DICTIONARY_OVERFLOW, "too many word lists"));
        };
        f.push(wid as i64)
    }
    Vocabulary "vocabulary" "( \"name\" -- )" Gforth Plain "Make a new word list and a word name that puts it first in the search order, in place of the first one (ALSO first keeps that one): vocabulary tools  also tools definitions" |f| {
        if f.vm.dict.wordlists().len() >= crate::dictionary::MAX_WORDLISTS {
            return Err(f.fail(DICTIONARY_OVERFLOW, "too many word lists"));
        }
        let name = parse_def_name(f)?;
        let wid = f.vm.dict.new_wordlist(Some(name.clone())).ok_or(DICTIONARY_OVERFLOW)?;
        f.push(wid as i64)?;
        f.compiler.next_name = Some(name);
        let text = "create , does> @ >r get-order nip r> swap set-order ;";
        interp::interpret_text(f, "<vocabulary>", text.as_bytes().to_vec(), -1)
    }
    Definitions "definitions" "( -- )" Search Plain "New definitions go into the first word list of the search order." example "only forth definitions" |f| {
        let first = *f.vm.dict.order().last().ok_or(ORDER_UNDERFLOW)?;
        f.set_current(first);
        Ok(())
    }
    Also "also" "( -- )" Search Plain "Duplicate the first word list in the search order." example "also forth previous" |f| {
        let top = *f.vm.dict.order().last().ok_or(ORDER_UNDERFLOW)?;
        let mut o = f.vm.dict.order().to_vec();
        o.push(top);
        set_order(f, o)
    }
    Only "only" "( -- )" Search Plain "Reset the search order to the minimum: the root word list (FORTH, ONLY, ALSO, PREVIOUS, DEFINITIONS, ORDER, WORDS, SET-ORDER, BYE ...) first, then the game words, then the root word list again, which stays when FORTH replaces the first." example "only forth order  \\ forth games root  forth" |f| {
        set_order(f, crate::dictionary::minimum_order())
    }
    GamesWordlist "games-wordlist" "( -- wid )" Search Plain "The word list of the built-in game words." example "games-wordlist .  \\ 1" |f| {
        f.push(crate::dictionary::GAMES_WORDLIST as i64)
    }
    Previous "previous" "( -- )" Search Plain "Remove the first word list from the search order." example "also forth previous" |f| {
        if !f.vm.dict.previous() {
            return Err(ORDER_UNDERFLOW);
        }
        Ok(())
    }
    Forth "forth" "( -- )" Search Plain "Replace the first word list in the search order with FORTH-WORDLIST." example "only forth" |f| {
        f.vm.dict.forth_first();
        Ok(())
    }
}
