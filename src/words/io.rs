//! Terminal and file I/O, time, and the command line: words that touch
//! the world outside the Forth machine.

use super::spec::primitives;
use crate::error::*;
use crate::interp;
use crate::io::{FAM_RO, FAM_RW, FAM_WO, STDERR_ID, STDIN_ID, STDOUT_ID, ior};
use crate::kernel::Forth;
use crate::words::sys;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};

/// Whether SYSTEM and SH may run shell commands (`--allow-shell`).
pub(crate) static ALLOW_SHELL: AtomicBool = AtomicBool::new(false);
/// The wait status of the last shell command, for `$?`.
static LAST_STATUS: AtomicI64 = AtomicI64::new(0);

/// SYSTEM: run a command with `sh -c`, its output going where TYPE's
/// goes; `$?` gives its wait status afterwards, as gforth's does.
fn system(f: &mut Forth, cmd: &str) -> Res<()> {
    if !ALLOW_SHELL.load(Ordering::Relaxed) {
        return Err(f.fail(
            UNSUPPORTED,
            "running shell commands is refused; start playforth with --allow-shell to allow it",
        ));
    }
    let _ = f.host.out.flush();
    f.host.files.changes += 1;
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(cmd)
        .stdin(std::process::Stdio::null())
        .output();
    let out = match out {
        Ok(o) => o,
        Err(e) => return Err(f.fail(FILE_IO, format!("cannot run sh: {e}"))),
    };
    write_out(f, &out.stdout)?;
    let _ = f.host.diag.write_all(&out.stderr);
    LAST_STATUS.store(wait_status(out.status), Ordering::Relaxed);
    Ok(())
}

/// Write what the output words print (TYPE, EMIT, `.` …) to the file
/// OUTFILE-ID holds: standard output, unless the program changed it
/// (`stderr to outfile-id`), as in gforth.
pub(crate) fn write_out(f: &mut Forth, bytes: &[u8]) -> Res<()> {
    let id = f.vm.mem.cell(crate::memory::OUTFILE_ADDR as i64)?;
    if id != STDOUT_ID {
        return write_redirected(f, id, bytes);
    }
    match f.host.out.write_all(bytes) {
        Ok(()) => Ok(()),
        Err(e) => Err(output_error(f, e)),
    }
}

/// Output sent elsewhere than stdout by OUTFILE-ID: -57 if that fails,
/// saying how to get the output back.
#[cold]
fn write_redirected(f: &mut Forth, id: i64, bytes: &[u8]) -> Res<()> {
    match write_file(f, id, bytes) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::InvalidInput => Err(f.fail(
            IO_CHAR,
            format!(
                "OUTFILE-ID is {id}, which is no file open for writing; `stdout to outfile-id` sends the output back to standard output"
            ),
        )),
        Err(e) => Err(f.fail(IO_CHAR, format!("cannot write to file {id} (OUTFILE-ID): {e}"))),
    }
}

/// Print `n` spaces, however many: in pieces, so memory stays small
/// and Ctrl-C stops a long run (SPACES, and the fields of .R and kin).
pub(crate) fn write_spaces(f: &mut Forth, mut n: u64) -> Res<()> {
    const PIECE: [u8; 4096] = [b' '; 4096];
    while n > 0 {
        let k = n.min(PIECE.len() as u64);
        write_out(f, &PIECE[..k as usize])?;
        n -= k;
        if n > 0 && f.host.interrupt.take() {
            return Err(USER_INTERRUPT);
        }
    }
    Ok(())
}

/// Writing the output failed: -57, saying why.
#[cold]
pub(crate) fn output_error(f: &mut Forth, e: std::io::Error) -> Throw {
    f.fail(IO_CHAR, format!("cannot write the output: {e}"))
}

/// What KEY returns at the end of input: EOT, Ctrl-D's code (gforth's
/// `#eof`), as gforth returns it, again at every KEY after the end.
const EOT: u8 = 4;

/// Read one key, flushing output first. At the end of piped or
/// redirected input: 4 (EOT). A terminal sends 4 for Ctrl-D itself; one
/// that has gone away (closed, hung up) is -39, so a loop waiting for a
/// key cannot spin on for ever.
pub(crate) fn read_key(f: &mut Forth) -> Res<u8> {
    let _ = f.host.out.flush();
    match f.host.console.key()? {
        Some(3) => Err(USER_INTERRUPT),
        Some(k) => Ok(k),
        None if f.host.console.is_terminal() => {
            Err(f.fail(UNEXPECTED_EOF, "the terminal KEY reads from is gone"))
        }
        None => Ok(EOT),
    }
}

/// ACCEPT found no more input. From a terminal (Ctrl-D on an empty
/// line) that is an empty line; from a pipe or a file, whose input is
/// over for good, the program ends quietly with status 0, as in gforth.
fn accept_at_end(f: &mut Forth) -> Res<i64> {
    if f.host.console.is_terminal() {
        return Ok(0);
    }
    let _ = f.host.out.flush();
    f.bye = Some(0);
    Err(BYE)
}

fn file_op(f: &mut Forth, r: std::io::Result<()>, code: i64) -> Res<()> {
    f.push(ior(r, code))
}

/// Write to a file id; the standard streams go to the system's writers.
fn write_file(f: &mut Forth, id: i64, bytes: &[u8]) -> std::io::Result<()> {
    match id {
        STDOUT_ID => f.host.out.write_all(bytes),
        STDERR_ID => {
            let _ = f.host.out.flush();
            f.host.diag.write_all(bytes)
        }
        _ => f.host.files.write(id, bytes),
    }
}

/// READ-LINE on a file id; `stdin` reads from the console (the rest
/// of a line longer than `max` is dropped).
fn read_line_from(f: &mut Forth, id: i64, max: usize) -> Res<std::io::Result<(Vec<u8>, bool)>> {
    if id != STDIN_ID {
        return Ok(f.host.files.read_line(id, max));
    }
    let _ = f.host.out.flush();
    Ok(Ok(match f.host.console.read_line(max)? {
        Some(l) => (l.bytes, true),
        None => (Vec::new(), false),
    }))
}

/// READ-FILE on a file id; `stdin` reads from the console until `buf`
/// is full or the input ends.
fn read_file_from(f: &mut Forth, id: i64, buf: &mut [u8]) -> Res<std::io::Result<usize>> {
    if id != STDIN_ID {
        return Ok(f.host.files.read(id, buf));
    }
    let _ = f.host.out.flush();
    let mut n = 0;
    while n < buf.len() {
        match f.host.console.read(&mut buf[n..])? {
            0 => break,
            k => n += k,
        }
    }
    Ok(Ok(n))
}

/// FLUSH-FILE on a file id; the standard streams flush the system's writers.
fn flush_file(f: &mut Forth, id: i64) -> std::io::Result<()> {
    match id {
        STDIN_ID => Ok(()),
        STDOUT_ID => f.host.out.flush(),
        STDERR_ID => f.host.diag.flush(),
        _ => f.host.files.flush(id),
    }
}

/// `$?` of a finished command: its exit code times 256, as a Unix wait
/// status holds it; -1 when it had none (killed by a signal).
fn wait_status(status: std::process::ExitStatus) -> i64 {
    status.code().map_or(-1, |c| (c as i64) << 8)
}

/// A code point in UTF-8, as gforth encodes it: 1 to 6 bytes for 0 to
/// $7FFFFFFF (surrogates and codes past $10FFFF too, as the original
/// UTF-8 has them); None for a negative or larger value.
fn utf8_bytes(xc: i64) -> Option<Vec<u8>> {
    let c = u32::try_from(xc).ok().filter(|&c| c <= 0x7fff_ffff)?;
    if c < 0x80 {
        return Some(vec![c as u8]);
    }
    // The number of bytes, and the lead byte's marker bits.
    let (n, lead) = match c {
        0..0x800 => (2, 0xc0),
        0x800..0x1_0000 => (3, 0xe0),
        0x1_0000..0x20_0000 => (4, 0xf0),
        0x20_0000..0x400_0000 => (5, 0xf8),
        _ => (6, 0xfc),
    };
    let mut out = vec![0u8; n];
    let mut rest = c;
    for b in out.iter_mut().skip(1).rev() {
        *b = 0x80 | (rest & 0x3f) as u8;
        rest >>= 6;
    }
    out[0] = lead | rest as u8;
    Some(out)
}

/// The rows and columns of the terminal the output goes to; 24 and 80
/// when it is no terminal, as gforth says then.
fn terminal_size(f: &Forth) -> (i64, i64) {
    match crossterm::terminal::size() {
        Ok((cols, rows)) if f.host.out.terminal && cols > 0 && rows > 0 => {
            (rows as i64, cols as i64)
        }
        _ => (24, 80),
    }
}

/// The processor time used in user mode and in the system, in
/// microseconds: from /proc/self/stat (Linux), whose times are in the
/// kernel's fixed unit for it, 1/100 s.
fn cpu_times() -> Option<(u64, u64)> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the program's name, which may hold spaces, in
    // brackets: the state, then 10 others, then utime and stime.
    let after = &stat[stat.rfind(')')? + 1..];
    let mut fields = after.split_whitespace().skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some((user * 10_000, system * 10_000))
}

/// Seconds, minutes, hours, day, month, year of the local time now.
fn local_time() -> [i64; 6] {
    use chrono::{Datelike, Timelike};
    let t = chrono::Local::now();
    [
        t.second() as i64,
        t.minute() as i64,
        t.hour() as i64,
        t.day() as i64,
        t.month() as i64,
        t.year() as i64,
    ]
}

/// Push what opening a file or folder gave: its id and 0, or 0 and the
/// ior `t`, with why (`what: the system's reason`) said if it is thrown.
fn push_opened(
    f: &mut Forth,
    opened: std::io::Result<i64>,
    t: Throw,
    what: impl FnOnce() -> String,
) -> Res<()> {
    match opened {
        Ok(id) => {
            f.push(id)?;
            f.push(0)
        }
        Err(e) => {
            f.fail(t, format!("{}: {e}", what()));
            f.push(0)?;
            f.push(t.0)
        }
    }
}

primitives! {
    /// Terminal and file I/O, time, and the command line.
    enum Io;
    base = super::spec::IO_BASE;

    Emit "emit" "( char -- )" Core Plain "Print one character (a raw byte)." example "65 emit  \\ A" |f| {
        let c = f.pop()?;
        write_out(f, &[c as u8])
    }
    Type "type" "( c-addr u -- )" Core Plain "Print a string." example "s\" hello\" type  \\ hello" |f| {
        let u = f.pop_range_len()?;
        let a = f.pop()?;
        let s = f.vm.mem.slice(a, u)?.to_vec();
        write_out(f, &s)
    }
    Cr "cr" "( -- )" Core Plain "Start a new line." example ".\" one\" cr .\" two\"  \\ one two (on two lines)" |f| { write_out(f, b"\n") }
    Space "space" "( -- )" Core Plain "Print a space." example ".\" a\" space .\" b\"  \\ a b" |f| { write_out(f, b" ") }
    Spaces "spaces" "( n -- )" Core Plain "Print n spaces (none if n <= 0)." example "3 spaces .\" x\"  \\ x (after three spaces)" |f| {
        let n = f.pop()?.max(0) as u64;
        write_spaces(f, n)
    }
    Key "key" "( -- char )" Core Plain "Wait for one key press (no Enter needed) and push its code; 4 (EOT, as Ctrl-D) once the input has ended, as in gforth." example "key .  \\ (press a key: its code, 97 for a)" |f| {
        let k = read_key(f)?;
        f.push(k as i64)
    }
    KeyQ "key?" "( -- flag )" Facility Plain "True if a key press is waiting." example "key? .  \\ (-1 if a key is waiting, else 0)" |f| {
        let _ = f.host.out.flush();
        let r = f.host.console.key_ready();
        f.push_bool(r)
    }
    Accept "accept" "( c-addr +n1 -- +n2 )" Core Plain "Read a line of at most n1 characters into c-addr. At the end of piped or redirected input the program ends quietly (status 0), as in gforth; Ctrl-D on an empty line at a terminal gives 0." example "create line 80 allot  line 80 accept  line swap type  \\ (the line you type)" |f| {
        let n = f.pop_len()?;
        let a = f.pop()?;
        f.vm.mem.slice(a, n)?;
        let _ = f.host.out.flush();
        let Some(line) = f.host.console.read_line(n as usize)? else {
            let n = accept_at_end(f)?;
            return f.push(n);
        };
        f.vm.mem.write(a, &line.bytes)?;
        f.push(line.bytes.len() as i64)
    }
    Page "page" "( -- )" Facility Plain "Clear the screen and move the cursor home." example "page  \\ (clears the screen)" |f| { write_out(f, b"\x1b[2J\x1b[H") }
    AtXY "at-xy" "( col row -- )" Facility Plain "Move the cursor (0-based column and row)." example "0 0 at-xy  \\ (the cursor goes to the top left)" |f| {
        let row = f.pop()?;
        let col = f.pop()?;
        let s = format!("\x1b[{};{}H", row.clamp(0, 9999) + 1, col.clamp(0, 9999) + 1);
        write_out(f, s.as_bytes())
    }
    Ms "ms" "( u -- )" Facility Plain "Wait u milliseconds." example "10 ms" |f| {
        let ms = f.pop()?.clamp(0, 1 << 32) as u64;
        let _ = f.host.out.flush();
        f.host.clock.sleep(ms, &f.host.interrupt)
    }
    TimeDate "time&date" "( -- sec min hour day month year )" Facility Plain "The local date and time." example "time&date . . . . . .  \\ (year month day hour minute second)" |f| {
        for v in local_time() {
            f.push(v)?;
        }
        Ok(())
    }
    UTime "utime" "( -- ud )" Gforth Plain "Microseconds since 1970 as a double." example "utime d.  \\ (microseconds since 1970)" |f| {
        let us = f.host.clock.micros_since_epoch();
        f.push_double(us)
    }
    Argc "argc" "( -- a-addr )" Gforth Plain "A variable holding the number of command-line arguments (with the program name)." example "argc @ .  \\ (how many command-line arguments, the program included)" |f| {
        f.push(crate::memory::ARGC_ADDR as i64)
    }
    Arg "arg" "( u -- c-addr u )" Gforth Plain "Command-line argument u; 0 is the program name." example "0 arg type  \\ playforth" |f| {
        let i = f.pop()?;
        let s = usize::try_from(i).ok().and_then(|i| f.host.args.get(i)).cloned().unwrap_or_default();
        let addr = sys::arg_string(f, &s)?;
        f.push(addr)?;
        f.push(s.len() as i64)
    }
    NextArg "next-arg" "( -- c-addr u )" Gforth Plain "Take the next command-line argument off the list (0 0 when none are left)." example "next-arg type  \\ (the next command-line argument, if any)" |f| {
        if f.host.args.len() < 2 {
            f.push(0)?;
            return f.push(0);
        }
        let s = f.host.args.remove(1);
        f.sync_argc();
        let addr = sys::arg_string(f, &s)?;
        f.push(addr)?;
        f.push(s.len() as i64)
    }
    Argv "argv" "( -- a-addr )" Gforth Plain "A variable holding the address of the command-line arguments as C strings (NUL-terminated), an array of ARGC @ addresses, as gforth's C-argument view: `argv @ cell+ @ cstring>sstring type` prints argument 1." example "argv @ @ cstring>sstring type  \\ playforth" |f| {
        let array = sys::argv_array(f)?;
        f.vm.mem.set_cell(crate::memory::ARGV_ADDR as i64, array)?;
        f.push(crate::memory::ARGV_ADDR as i64)
    }
    CstringToSstring "cstring>sstring" "( c-addr -- c-addr u )" Gforth Plain "The string of a C string: its address and its length up to the NUL byte that ends it (gforth)." example "argv @ @ cstring>sstring type  \\ playforth" |f| {
        let a = f.pop()?;
        f.vm.mem.range(a, 1)?;
        let rest = f.vm.mem.slice(a, crate::memory::MEM_SIZE as i64 - a)?;
        match memchr::memchr(0, rest) {
            Some(n) => {
                f.push(a)?;
                f.push(n as i64)
            }
            None => Err(f.fail(BAD_ADDRESS, format!("no NUL byte ends the C string at {a} before the end of memory"))),
        }
    }
    Xemit "xemit" "( xc -- )" Gforth Plain "Print the character with code point xc, encoded in UTF-8 (as gforth's, codes up to $7FFFFFFF are encoded, in up to 6 bytes)." example "955 xemit  \\ λ" |f| {
        let xc = f.pop()?;
        let Some(bytes) = utf8_bytes(xc) else {
            return Err(f.fail(INVALID_NUMERIC_ARG, format!("{xc} is not a character code: XEMIT takes 0 to $7FFFFFFF")));
        };
        write_out(f, &bytes)
    }
    Form "form" "( -- rows cols )" Gforth Plain "The size of the terminal the output goes to, in rows and columns; 24 80 when it is no terminal (gforth)." example "form . .  \\ 80 24 (the columns, then the rows: these when the output is no terminal)" |f| {
        let (rows, cols) = terminal_size(f);
        f.push(rows)?;
        f.push(cols)
    }
    Cputime "cputime" "( -- ud1 ud2 )" Gforth Plain "The processor time this process has used so far, in microseconds: ud1 in user mode, ud2 in the system (gforth's duser dsystem). Read from /proc/self/stat, in steps of 10 ms; -21 where there is none (other systems than Linux)." example "cputime d+ d0< .  \\ 0 (never negative)" |f| {
        let Some((user, system)) = cpu_times() else {
            return Err(f.fail(UNSUPPORTED, "CPUTIME reads /proc/self/stat, which this system does not have; UTIME gives the time of day"));
        };
        f.push_double(user as i128)?;
        f.push_double(system as i128)
    }
    Bootmessage "bootmessage" "( -- )" Gforth Plain "Print the greeting a system starts with: playforth's name, version and where to begin (gforth)." example "bootmessage  \\ (playforth's name and version, and where to begin)" |f| {
        let text = format!(
            "playforth {}, a Forth-2012 system\nType `help` to begin, `learn` for the course, `bye` to leave\n",
            env!("CARGO_PKG_VERSION")
        );
        write_out(f, text.as_bytes())
    }

    Bin "bin" "( fam -- fam )" File Plain "Binary mode (the same as text mode here)." example "r/o bin .  \\ 1 (bin changes nothing here)" |f| { Ok(()) }
    ReadOnly "r/o" "( -- fam )" File Plain "Read-only file access." example "s\" examples/rps.fs\" r/o open-file throw close-file throw" |f| { f.push(FAM_RO) }
    WriteOnly "w/o" "( -- fam )" File Plain "Write-only file access." example "s\" /tmp/playforth-example.txt\" w/o create-file throw close-file throw" |f| { f.push(FAM_WO) }
    ReadWrite "r/w" "( -- fam )" File Plain "Read-write file access." example "s\" /tmp/playforth-example.txt\" r/w create-file throw close-file throw" |f| { f.push(FAM_RW) }
    OpenFile "open-file" "( c-addr u fam -- fileid ior )" File Plain "Open a file." example "s\" examples/rps.fs\" r/o open-file throw close-file throw" |f| {
        let fam = f.pop()?;
        let name = f.pop_string()?;
        let opened = f.host.files.open(&name, fam, false);
        push_opened(f, opened, OPEN_FILE, || format!("cannot open {name}"))
    }
    CreateFile "create-file" "( c-addr u fam -- fileid ior )" File Plain "Create (or empty) a file and open it." example "s\" /tmp/playforth-example.txt\" w/o create-file throw close-file throw" |f| {
        let fam = f.pop()?;
        let name = f.pop_string()?;
        let opened = f.host.files.open(&name, fam, true);
        push_opened(f, opened, CREATE_FILE, || format!("cannot create {name}"))
    }
    CloseFile "close-file" "( fileid -- ior )" File Plain "Close a file." example "s\" examples/rps.fs\" r/o open-file throw close-file .  \\ 0" |f| {
        let id = f.pop()?;
        let ok = f.host.files.close(id);
        f.push(if ok { 0 } else { CLOSE_FILE.0 })
    }
    DeleteFile "delete-file" "( c-addr u -- ior )" File Plain "Delete a file." example "s\" /tmp/playforth-example.txt\" w/o create-file throw close-file throw  s\" /tmp/playforth-example.txt\" delete-file .  \\ 0" |f| {
        let name = f.pop_string()?;
        f.host.files.changes += 1;
        file_op(f, std::fs::remove_file(name), DELETE_FILE.0)
    }
    RenameFile "rename-file" "( c-addr1 u1 c-addr2 u2 -- ior )" File Plain "Rename file 1 to name 2." example "s\" /tmp/playforth-a.txt\" w/o create-file throw close-file throw  s\" /tmp/playforth-a.txt\" s\" /tmp/playforth-b.txt\" rename-file .  \\ 0" |f| {
        let to = f.pop_string()?;
        let from = f.pop_string()?;
        f.host.files.changes += 1;
        file_op(f, std::fs::rename(from, to), RENAME_FILE.0)
    }
    FileStatus "file-status" "( c-addr u -- x ior )" File Plain "ior 0 if the file exists." example "s\" examples/rps.fs\" file-status nip .  \\ 0 (it exists)" |f| {
        let name = f.pop_string()?;
        let ok = std::path::Path::new(&name).exists();
        f.push(0)?;
        f.push(if ok { 0 } else { FILE_STATUS.0 })
    }
    ReadFile "read-file" "( c-addr u1 fileid -- u2 ior )" File Plain "Read up to u1 bytes; u2 = 0 at the end of the file." example "create buf 10 allot  s\" examples/rps.fs\" r/o open-file throw  buf 10 rot read-file throw buf swap type  \\ (the first 10 bytes of the file)" |f| {
        let id = f.pop()?;
        let u = f.pop_len()?;
        let a = f.pop()?;
        f.vm.mem.slice(a, u)?;
        let mut buf = vec![0; u as usize];
        match read_file_from(f, id, &mut buf)? {
            Ok(n) => { f.vm.mem.write(a, &buf[..n])?; f.push(n as i64)?; f.push(0) }
            Err(_) => { f.push(0)?; f.push(READ_FILE.0) }
        }
    }
    ReadLine "read-line" "( c-addr u1 fileid -- u2 flag ior )" File Plain "Read a line of at most u1 bytes; flag is false at the end of the file." example "create buf 80 allot  s\" examples/rps.fs\" r/o open-file throw  buf 80 rot read-line throw drop buf swap type  \\ (the first line of the file)" |f| {
        let id = f.pop()?;
        let u = f.pop_len()?;
        let a = f.pop()?;
        f.vm.mem.slice(a, u)?;
        match read_line_from(f, id, u as usize)? {
            Ok((line, more)) => {
                f.vm.mem.write(a, &line)?;
                f.push(line.len() as i64)?;
                f.push_bool(more)?;
                f.push(0)
            }
            Err(_) => { f.push(0)?; f.push(0)?; f.push(READ_LINE.0) }
        }
    }
    WriteFile "write-file" "( c-addr u fileid -- ior )" File Plain "Write a string to a file." example "s\" /tmp/playforth-example.txt\" w/o create-file throw  s\" hi\" rot write-file throw" |f| {
        let id = f.pop()?;
        let s = f.pop_bytes()?;
        let r = write_file(f, id, &s);
        file_op(f, r, WRITE_FILE.0)
    }
    WriteLine "write-line" "( c-addr u fileid -- ior )" File Plain "Write a string and a line end to a file." example "s\" /tmp/playforth-example.txt\" w/o create-file throw  dup s\" hi\" rot write-line throw close-file throw" |f| {
        let id = f.pop()?;
        let mut s = f.pop_bytes()?;
        s.push(b'\n');
        let r = write_file(f, id, &s);
        file_op(f, r, WRITE_LINE.0)
    }
    FilePosition "file-position" "( fileid -- ud ior )" File Plain "The current position in a file." example "s\" examples/rps.fs\" r/o open-file throw  file-position throw d.  \\ 0 (at the start)" |f| {
        let id = f.pop()?;
        match f.host.files.position(id) {
            Ok(p) => { f.push_double(p as i128)?; f.push(0) }
            Err(_) => { f.push_double(0)?; f.push(FILE_POSITION.0) }
        }
    }
    RepositionFile "reposition-file" "( ud fileid -- ior )" File Plain "Move to a position in a file." example "s\" examples/rps.fs\" r/o open-file throw  10. rot reposition-file .  \\ 0" |f| {
        let id = f.pop()?;
        let p = f.pop_double()?;
        let r = u64::try_from(p).map_err(|_| std::io::Error::other("bad position"))
            .and_then(|p| f.host.files.reposition(id, p));
        file_op(f, r, REPOSITION_FILE.0)
    }
    FileSize "file-size" "( fileid -- ud ior )" File Plain "The size of a file in bytes." example "s\" examples/rps.fs\" r/o open-file throw  file-size throw d.  \\ (its size in bytes)" |f| {
        let id = f.pop()?;
        match f.host.files.size(id) {
            Ok(n) => { f.push_double(n as i128)?; f.push(0) }
            Err(_) => { f.push_double(0)?; f.push(FILE_SIZE.0) }
        }
    }
    ResizeFile "resize-file" "( ud fileid -- ior )" File Plain "Set the size of a file." example "s\" /tmp/playforth-example.txt\" w/o create-file throw  100. rot resize-file .  \\ 0" |f| {
        let id = f.pop()?;
        let n = f.pop_double()?;
        let r = u64::try_from(n).map_err(|_| std::io::Error::other("bad size"))
            .and_then(|n| f.host.files.resize(id, n));
        file_op(f, r, RESIZE_FILE.0)
    }
    FlushFile "flush-file" "( fileid -- ior )" File Plain "Write buffered data to the file." example "s\" /tmp/playforth-example.txt\" w/o create-file throw  flush-file .  \\ 0" |f| {
        let id = f.pop()?;
        let r = flush_file(f, id);
        file_op(f, r, FLUSH_FILE.0)
    }
    SlurpFile "slurp-file" "( c-addr1 u1 -- c-addr2 u2 )" Gforth Plain "Read the whole file named by string 1 into a block from ALLOCATE: its address and length (FREE it when done)." |f| {
        let name = f.pop_string()?;
        let text = interp::read_source(f, std::path::Path::new(&name), &name)?;
        let a = f.vm.mem.allocate(text.len() as i64).ok_or(ALLOCATE)?;
        f.vm.mem.write(a, &text)?;
        f.push(a)?;
        f.push(text.len() as i64)
    }
    EmitFile "emit-file" "( char fileid -- ior )" Gforth Plain "Write one character to a file." example "char A stdout emit-file drop  \\ A" |f| {
        let id = f.pop()?;
        let c = f.pop()?;
        let r = write_file(f, id, &[c as u8]);
        file_op(f, r, WRITE_FILE.0)
    }
    Getenv "getenv" "( c-addr1 u1 -- c-addr2 u2 )" Gforth Plain "The value of an environment variable; 0 0 if it is not set." |f| {
        let name = f.pop_string()?;
        match std::env::var(&name) {
            Ok(v) if !name.is_empty() && !name.contains('=') => {
                let a = sys::arg_string(f, &v)?;
                f.push(a)?;
                f.push(v.len() as i64)
            }
            _ => {
                f.push(0)?;
                f.push(0)
            }
        }
    }
    System "system" "( c-addr u -- )" Gforth Plain "Run a shell command (only with --allow-shell; -21 otherwise)." |f| {
        let cmd = f.pop_string()?;
        system(f, &cmd)
    }
    Sh "sh" "( \"command<eol>\" -- )" Gforth Plain "Run the rest of the line as a shell command (only with --allow-shell; -21 otherwise)." |f| {
        let (a, n) = crate::parse::parse(f, b'\n')?;
        let cmd = f.vm.mem.string(a, n)?;
        system(f, &cmd)
    }
    ShellStatus "$?" "( -- n )" Gforth Plain "The wait status of the last SYSTEM or SH command: its exit code times 256 (-1 when a signal ended it)." |f| {
        f.push(LAST_STATUS.load(Ordering::Relaxed))
    }
    OpenDir "open-dir" "( c-addr u -- wdirid wior )" Gforth Plain "Open the folder named by the string, to read its entries with READ-DIR; wior is 0, or -69 (OPEN-FILE failed) with wdirid 0 (gforth)." example "s\" examples\" open-dir throw close-dir .  \\ 0" |f| {
        let name = f.pop_string()?;
        let opened = f.host.files.open_dir(&name);
        push_opened(f, opened, OPEN_FILE, || format!("cannot open the folder {name}"))
    }
    ReadDir "read-dir" "( c-addr u1 wdirid -- u2 flag wior )" Gforth Plain "Read the name of the folder's next entry (`.` and `..` first, then the others in the system's order; gforth lists `.` and `..` too, where the system puts them) into the buffer: its length and true; 0 false after the last. A name longer than u1 is cut to u1 with wior -70 (gforth)." example "create name 256 allot  s\" examples\" open-dir throw  name 256 rot read-dir throw drop name swap type  \\ ." |f| {
        let id = f.pop()?;
        let u = f.pop_len()?;
        let a = f.pop()?;
        f.vm.mem.slice(a, u)?;
        match f.host.files.read_dir(id) {
            Ok(Some(entry)) => {
                let n = entry.len().min(u as usize);
                f.vm.mem.write(a, &entry[..n])?;
                f.push(n as i64)?;
                f.push(-1)?;
                if n < entry.len() {
                    let name = String::from_utf8_lossy(&entry);
                    f.fail(READ_FILE, format!("the name {name} is longer than the {u} bytes READ-DIR was given"));
                    return f.push(READ_FILE.0);
                }
                f.push(0)
            }
            Ok(None) => { f.push(0)?; f.push(0)?; f.push(0) }
            Err(e) => {
                f.fail(READ_FILE, format!("cannot read the folder {id}: {e}"));
                f.push(0)?;
                f.push(0)?;
                f.push(READ_FILE.0)
            }
        }
    }
    CloseDir "close-dir" "( wdirid -- wior )" Gforth Plain "Close a folder OPEN-DIR opened; wior is 0, or -62 (CLOSE-FILE failed) for anything else (gforth)." example "s\" examples\" open-dir throw close-dir .  \\ 0" |f| {
        let id = f.pop()?;
        let ok = f.host.files.close_dir(id);
        f.push(if ok { 0 } else { CLOSE_FILE.0 })
    }
    OutfileId "outfile-id" "( -- fileid )" Gforth Plain "A VALUE: the file TYPE, EMIT, . and the other output words write to, standard output unless changed with TO, as in gforth: `stderr to outfile-id ... stdout to outfile-id`." example "stderr to outfile-id  42 .  stdout to outfile-id  \\ 42 (on standard error)" |f| {
        let id = f.vm.mem.cell(crate::memory::OUTFILE_ADDR as i64)?;
        f.push(id)
    }
    Newline "newline" "( -- c-addr u )" Gforth Plain "The string that ends a line: a line feed here (gforth)." example ".\" a\" newline type .\" b\"  \\ a b (on two lines)" |f| {
        f.vm.mem.set_byte(crate::memory::NEWLINE_ADDR as i64, b'\n')?;
        f.push(crate::memory::NEWLINE_ADDR as i64)?;
        f.push(1)
    }
    Stdin "stdin" "( -- fileid )" Gforth Plain "The file id of standard input." example "stdin .  \\ 1" |f| { f.push(STDIN_ID) }
    Stdout "stdout" "( -- fileid )" Gforth Plain "The file id of standard output." example "s\" hello\" stdout write-line drop  \\ hello" |f| { f.push(STDOUT_ID) }
    Stderr "stderr" "( -- fileid )" Gforth Plain "The file id of standard error." example "s\" a note\" stderr write-line drop  \\ a note" |f| { f.push(STDERR_ID) }
}
