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

pub(crate) fn write_out(f: &mut Forth, bytes: &[u8]) -> Res<()> {
    match f.host.out.write_all(bytes) {
        Ok(()) => Ok(()),
        Err(e) => Err(output_error(f, e)),
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

/// Read one key, flushing output first. End of input is -39.
pub(crate) fn read_key(f: &mut Forth) -> Res<u8> {
    let _ = f.host.out.flush();
    match f.host.console.key()? {
        Some(3) => Err(USER_INTERRUPT),
        Some(k) => Ok(k),
        None => Err(f.fail(UNEXPECTED_EOF, "no more input for KEY")),
    }
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
    Key "key" "( -- char )" Core Plain "Wait for one key press (no Enter needed) and push its code." example "key .  \\ (press a key: its code, 97 for a)" |f| {
        let k = read_key(f)?;
        f.push(k as i64)
    }
    KeyQ "key?" "( -- flag )" Facility Plain "True if a key press is waiting." example "key? .  \\ (-1 if a key is waiting, else 0)" |f| {
        let _ = f.host.out.flush();
        let r = f.host.console.key_ready();
        f.push_bool(r)
    }
    Accept "accept" "( c-addr +n1 -- +n2 )" Core Plain "Read a line of at most n1 characters into c-addr." example "create line 80 allot  line 80 accept  line swap type  \\ (the line you type)" |f| {
        let n = f.pop_len()?;
        let a = f.pop()?;
        f.vm.mem.slice(a, n)?;
        let _ = f.host.out.flush();
        let line = f.host.console.read_line(n as usize)?.unwrap_or_default();
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

    Bin "bin" "( fam -- fam )" File Plain "Binary mode (the same as text mode here)." example "r/o bin .  \\ 1 (bin changes nothing here)" |f| { Ok(()) }
    ReadOnly "r/o" "( -- fam )" File Plain "Read-only file access." example "s\" examples/rps.fs\" r/o open-file throw close-file throw" |f| { f.push(FAM_RO) }
    WriteOnly "w/o" "( -- fam )" File Plain "Write-only file access." example "s\" /tmp/playforth-example.txt\" w/o create-file throw close-file throw" |f| { f.push(FAM_WO) }
    ReadWrite "r/w" "( -- fam )" File Plain "Read-write file access." example "s\" /tmp/playforth-example.txt\" r/w create-file throw close-file throw" |f| { f.push(FAM_RW) }
    OpenFile "open-file" "( c-addr u fam -- fileid ior )" File Plain "Open a file." example "s\" examples/rps.fs\" r/o open-file throw close-file throw" |f| {
        let fam = f.pop()?;
        let name = f.pop_string()?;
        match f.host.files.open(&name, fam, false) {
            Ok(id) => { f.push(id)?; f.push(0) }
            Err(e) => {
                // Said if the ior is thrown: why this file cannot be opened.
                f.fail(OPEN_FILE, format!("cannot open {name}: {e}"));
                f.push(0)?;
                f.push(OPEN_FILE.0)
            }
        }
    }
    CreateFile "create-file" "( c-addr u fam -- fileid ior )" File Plain "Create (or empty) a file and open it." example "s\" /tmp/playforth-example.txt\" w/o create-file throw close-file throw" |f| {
        let fam = f.pop()?;
        let name = f.pop_string()?;
        match f.host.files.open(&name, fam, true) {
            Ok(id) => { f.push(id)?; f.push(0) }
            Err(e) => {
                f.fail(CREATE_FILE, format!("cannot create {name}: {e}"));
                f.push(0)?;
                f.push(CREATE_FILE.0)
            }
        }
    }
    CloseFile "close-file" "( fileid -- ior )" File Plain "Close a file." example "s\" examples/rps.fs\" r/o open-file throw close-file .  \\ 0" |f| {
        let id = f.pop()?;
        let ok = f.host.files.close(id);
        f.push(if ok { 0 } else { CLOSE_FILE.0 })
    }
    DeleteFile "delete-file" "( c-addr u -- ior )" File Plain "Delete a file." example "s\" /tmp/playforth-example.txt\" w/o create-file throw close-file throw  s\" /tmp/playforth-example.txt\" delete-file .  \\ 0" |f| {
        let name = f.pop_string()?;
        file_op(f, std::fs::remove_file(name), DELETE_FILE.0)
    }
    RenameFile "rename-file" "( c-addr1 u1 c-addr2 u2 -- ior )" File Plain "Rename file 1 to name 2." example "s\" /tmp/playforth-a.txt\" w/o create-file throw close-file throw  s\" /tmp/playforth-a.txt\" s\" /tmp/playforth-b.txt\" rename-file .  \\ 0" |f| {
        let to = f.pop_string()?;
        let from = f.pop_string()?;
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
    Stdin "stdin" "( -- fileid )" Gforth Plain "The file id of standard input." example "stdin .  \\ 1" |f| { f.push(STDIN_ID) }
    Stdout "stdout" "( -- fileid )" Gforth Plain "The file id of standard output." example "s\" hello\" stdout write-line drop  \\ hello" |f| { f.push(STDOUT_ID) }
    Stderr "stderr" "( -- fileid )" Gforth Plain "The file id of standard error." example "s\" a note\" stderr write-line drop  \\ a note" |f| { f.push(STDERR_ID) }
}
