//! The world outside: the console (keys and lines in), and open files.
//!
//! The interpreter never touches the process's stdin directly: it reads
//! through a [`Console`] it is given, so tests script the keyboard and the
//! REPL and script runner share one path. Output goes to an injected writer.

use crate::error::{Res, USER_INTERRUPT};
use std::collections::VecDeque;
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A system's Ctrl-C: a flag that running code polls at every call and
/// backward branch, and every wait for input or time polls too. Each
/// system has its own (clones share it), so one system of many in a
/// process — a server's student, a course check — is stopped alone.
#[derive(Clone, Default)]
pub struct Interrupt(Arc<AtomicBool>);

impl Interrupt {
    /// A flag not raised, shared with no one yet.
    pub fn new() -> Interrupt {
        Interrupt::default()
    }

    /// Ask the system to stop: what runs ends with -28 ("user
    /// interrupt") at its next call, backward branch or wait. Safe from a
    /// signal handler or another thread.
    pub fn raise(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Lower the flag without acting on it.
    pub fn clear(&self) {
        self.0.store(false, Ordering::SeqCst);
    }

    /// Is the flag up? (It stays up.)
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Was the flag up? It is lowered: the caller throws -28.
    pub(crate) fn take(&self) -> bool {
        self.0.load(Ordering::Relaxed) && self.0.swap(false, Ordering::Relaxed)
    }

    /// The flag itself, for the inner interpreter's polls.
    #[inline(always)]
    pub(crate) fn flag(&self) -> &AtomicBool {
        &self.0
    }
}

/// Where KEY, KEY? and ACCEPT read from.
///
/// Waiting for input ends with -28 when Ctrl-C is pressed, and no line is
/// ever buffered past the length its reader asked for, however long it is.
pub trait Console {
    /// One key press (one byte), or None at end of input.
    fn key(&mut self) -> Res<Option<u8>>;
    /// Is a key waiting?
    fn key_ready(&mut self) -> bool;
    /// One line without its line ending, or None at end of input. At most
    /// `max` bytes are kept; the rest of a longer line is read and dropped.
    fn read_line(&mut self, max: usize) -> Res<Option<Line>>;
    /// Some bytes (at least one, unless at end of input), as `Read::read`.
    fn read(&mut self, buf: &mut [u8]) -> Res<usize>;
    /// The Ctrl-C flag this console's waits poll (its system's). A
    /// console that never waits can ignore it.
    fn attach_interrupt(&mut self, _irq: Interrupt) {}
    /// Keys come from a terminal a person types at (where Ctrl-D on an
    /// empty line means "no more" to ACCEPT, not the end of the program).
    fn is_terminal(&self) -> bool {
        false
    }
}

/// A line read from the console.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Line {
    pub bytes: Vec<u8>,
    /// The line was longer than asked for: `bytes` is its start.
    pub cut: bool,
}

impl Line {
    /// Take the line ending off.
    fn finish(mut self) -> Line {
        if !self.cut && self.bytes.last() == Some(&b'\r') {
            self.bytes.pop();
        }
        self
    }
}

/// Bytes that come in pieces, as `read_line_bounded` reads them.
pub(crate) trait Pieces {
    /// The bytes not read yet, waiting for some if there are none (a wait
    /// that Ctrl-C ends with -28); empty only at the end of input.
    fn fill(&mut self) -> Res<&[u8]>;
    /// Mark `n` of them read.
    fn consume(&mut self, n: usize);
}

/// Read one line, keeping at most `max` bytes and checking for Ctrl-C
/// after each piece that does not end it.
pub(crate) fn read_line_bounded(
    input: &mut impl Pieces,
    max: usize,
    irq: &Interrupt,
) -> Res<Option<Line>> {
    let mut line = Line::default();
    let mut any = false;
    loop {
        let buf = input.fill()?;
        if buf.is_empty() {
            return Ok(any.then(|| line.finish()));
        }
        any = true;
        let (chunk, used, done) = match buf.iter().position(|&c| c == b'\n') {
            Some(i) => (&buf[..i], i + 1, true),
            None => (buf, buf.len(), false),
        };
        let room = max - line.bytes.len().min(max);
        if chunk.len() > room {
            line.cut = true;
        }
        line.bytes
            .extend_from_slice(&chunk[..chunk.len().min(room)]);
        input.consume(used);
        if done {
            return Ok(Some(line.finish()));
        }
        if irq.take() {
            return Err(USER_INTERRUPT);
        }
    }
}

/// A console reading from a fixed byte string (tests, piped input).
#[derive(Default)]
pub struct ScriptedConsole {
    bytes: VecDeque<u8>,
}

impl ScriptedConsole {
    pub fn new(input: &[u8]) -> ScriptedConsole {
        ScriptedConsole {
            bytes: input.iter().copied().collect(),
        }
    }
}

/// The scripted bytes as pieces: all there at once.
struct Scripted<'a> {
    bytes: &'a [u8],
    used: usize,
}

impl Pieces for Scripted<'_> {
    fn fill(&mut self) -> Res<&[u8]> {
        Ok(&self.bytes[self.used..])
    }
    fn consume(&mut self, n: usize) {
        self.used = (self.used + n).min(self.bytes.len());
    }
}

impl Console for ScriptedConsole {
    fn key(&mut self) -> Res<Option<u8>> {
        Ok(self.bytes.pop_front())
    }
    fn key_ready(&mut self) -> bool {
        !self.bytes.is_empty()
    }
    fn read_line(&mut self, max: usize) -> Res<Option<Line>> {
        let mut rest = Scripted {
            bytes: self.bytes.make_contiguous(),
            used: 0,
        };
        let line = read_line_bounded(&mut rest, max, &Interrupt::new())?;
        let used = rest.used;
        self.bytes.drain(..used);
        Ok(line)
    }
    fn read(&mut self, buf: &mut [u8]) -> Res<usize> {
        let n = buf.len().min(self.bytes.len());
        for (b, x) in buf.iter_mut().zip(self.bytes.drain(..n)) {
            *b = x;
        }
        Ok(n)
    }
}

/// The system's output: remembers whether the last byte ended a line, so
/// trace lines start on a line of their own, whether writing failed
/// (a closed pipe, a full disk), so the host can end quietly or say why,
/// and whether it is a terminal someone watches (`terminal?`).
pub(crate) struct Out {
    inner: Box<dyn Write>,
    pub at_line_start: bool,
    /// The output is the process's stdout and that is a terminal.
    pub terminal: bool,
    /// Boards may be drawn with colour and Unicode (`pretty?`): a
    /// terminal that wants colours, and no `--plain`.
    pub pretty: bool,
    /// The kind of the first write error, if writing has failed.
    pub failed: Option<std::io::ErrorKind>,
    /// Bytes written so far (`undo` says when a line printed something).
    pub written: u64,
}

impl Out {
    pub(crate) fn new(inner: Box<dyn Write>) -> Out {
        Out {
            inner,
            at_line_start: true,
            terminal: false,
            pretty: false,
            failed: None,
            written: 0,
        }
    }

    fn note<T>(&mut self, r: std::io::Result<T>) -> std::io::Result<T> {
        if let Err(e) = &r
            && self.failed.is_none()
        {
            self.failed = Some(e.kind());
        }
        r
    }
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let r = self.inner.write(buf);
        let n = self.note(r)?;
        self.written += n as u64;
        if n > 0 {
            self.at_line_start = buf[n - 1] == b'\n';
        }
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        let r = self.inner.flush();
        self.note(r)
    }
}

/// Was stdout closed when playforth started (`>&-`)? The Rust runtime
/// then opens /dev/null on it, so writes would vanish and nothing fail.
/// Linux shows it in /proc: stdout is /dev/null open for reading and
/// writing, which a shell's `>/dev/null` never is (stdin too for a daemon,
/// whose output is not taken for closed). Elsewhere: false.
pub(crate) fn stdout_was_closed() -> bool {
    let null_read_write = |fd: u32| {
        std::fs::read_link(format!("/proc/self/fd/{fd}")).is_ok_and(|p| p == Path::new("/dev/null"))
            && std::fs::read_to_string(format!("/proc/self/fdinfo/{fd}")).is_ok_and(|info| {
                info.lines()
                    .find_map(|l| l.strip_prefix("flags:"))
                    .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
                    .is_some_and(|flags| flags & 3 == 2)
            })
    };
    null_read_write(1) && !null_read_write(0)
}

/// The output when stdout was closed: writing fails, saying so.
pub(crate) struct ClosedOutput;

impl Write for ClosedOutput {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::Error::other(
            "standard output is closed (was playforth started with >&-?): send it to a file, a pipe or /dev/null",
        ))
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A writer that appends to a shared buffer, so tests can read the output.
#[derive(Clone, Default)]
pub struct SharedBuf(pub std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

impl SharedBuf {
    pub fn take(&self) -> String {
        String::from_utf8_lossy(&std::mem::take(&mut *self.0.borrow_mut())).into_owned()
    }
}

impl Write for SharedBuf {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

// ---- files ----

/// File access methods, as R/O W/O R/W return them (BIN is a no-op).
pub(crate) const FAM_RO: i64 = 1;
pub(crate) const FAM_WO: i64 = 2;
pub(crate) const FAM_RW: i64 = 3;

/// The file ids of the standard streams (gforth's `stdin` `stdout` `stderr`).
pub(crate) const STDIN_ID: i64 = 1;
pub(crate) const STDOUT_ID: i64 = 2;
pub(crate) const STDERR_ID: i64 = 3;
/// Files open at once, the standard streams and INCLUDEs counted.
pub(crate) const MAX_OPEN_FILES: usize = 256;

pub(crate) enum FileEntry {
    Open(BufReader<File>),
    /// One of the standard streams; reads and writes go through the console
    /// and the system's writers.
    Std,
    /// A file being INCLUDEd: its id is SOURCE-ID, its text is read already.
    Included,
    /// A folder OPEN-DIR opened: its entries, `.` and `..` first (gforth
    /// lists them too), then the others in the system's order.
    Dir {
        dots: u8,
        entries: std::fs::ReadDir,
    },
}

/// What `path` is when it is there but is no regular file: playforth
/// reads and writes regular files only, since opening a named pipe waits
/// (past Ctrl-C) for a writer, a device such as `/dev/zero` never ends,
/// and a folder is no text. None for a regular file or no file at all.
pub(crate) fn not_a_regular_file(path: &Path) -> Option<&'static str> {
    let meta = std::fs::metadata(path).ok()?;
    if meta.is_file() {
        None
    } else if meta.is_dir() {
        Some("a folder")
    } else {
        Some("not a regular file (a named pipe, a device or a socket)")
    }
}

/// Open files. A file id is an index + 1, so 0 is never a file; ids 1-3
/// are the standard streams.
pub(crate) struct FileTable {
    files: Vec<Option<FileEntry>>,
    /// Counts what may have changed files on disk: opening one to write
    /// (or creating it), writing, resizing, deleting or renaming, a shell
    /// command. `undo` says that such a line cannot be taken back.
    pub(crate) changes: u64,
}

impl Default for FileTable {
    fn default() -> Self {
        FileTable {
            files: (0..3).map(|_| Some(FileEntry::Std)).collect(),
            changes: 0,
        }
    }
}

/// An I/O result code for the stack: 0, or a negative ior.
pub(crate) fn ior(r: std::io::Result<()>, code: i64) -> i64 {
    if r.is_ok() { 0 } else { code }
}

impl FileTable {
    fn insert(&mut self, e: FileEntry) -> std::io::Result<i64> {
        if let Some(i) = self.files.iter().position(Option::is_none) {
            self.files[i] = Some(e);
            return Ok(i as i64 + 1);
        }
        if self.files.len() >= MAX_OPEN_FILES {
            return Err(std::io::Error::other("too many open files"));
        }
        self.files.push(Some(e));
        Ok(self.files.len() as i64)
    }

    pub(crate) fn open_marker(&mut self, _path: &Path) -> std::io::Result<i64> {
        self.insert(FileEntry::Included)
    }

    pub(crate) fn open(&mut self, path: &str, fam: i64, create: bool) -> std::io::Result<i64> {
        let mut o = std::fs::OpenOptions::new();
        match fam & 3 {
            FAM_WO => o.write(true),
            FAM_RW => o.read(true).write(true),
            _ => o.read(true),
        };
        if create {
            o.write(true).create(true).truncate(true);
        }
        if create || matches!(fam & 3, FAM_WO | FAM_RW) {
            self.changes += 1;
        }
        if let Some(what) = not_a_regular_file(Path::new(path)) {
            return Err(std::io::Error::other(format!(
                "it is {what}; the file words work on regular files (the standard streams are stdin, stdout and stderr)"
            )));
        }
        let f = o.open(path)?;
        self.insert(FileEntry::Open(BufReader::new(f)))
    }

    /// OPEN-DIR: a folder's entries, read one at a time by `read_dir`.
    pub(crate) fn open_dir(&mut self, path: &str) -> std::io::Result<i64> {
        let entries = std::fs::read_dir(path)?;
        self.insert(FileEntry::Dir { dots: 0, entries })
    }

    /// READ-DIR: the next entry's name, None after the last.
    pub(crate) fn read_dir(&mut self, id: i64) -> std::io::Result<Option<Vec<u8>>> {
        let Some(Some(FileEntry::Dir { dots, entries })) = self.slot(id) else {
            return Err(bad_id());
        };
        if *dots < 2 {
            *dots += 1;
            return Ok(Some(
                b"..".get(..*dots as usize).unwrap_or_default().to_vec(),
            ));
        }
        match entries.next() {
            Some(e) => Ok(Some(e?.file_name().as_encoded_bytes().to_vec())),
            None => Ok(None),
        }
    }

    /// CLOSE-DIR: false unless `id` is an open folder.
    pub(crate) fn close_dir(&mut self, id: i64) -> bool {
        match self.slot(id) {
            Some(s @ Some(FileEntry::Dir { .. })) => s.take().is_some(),
            _ => false,
        }
    }

    pub(crate) fn close(&mut self, id: i64) -> bool {
        if (STDIN_ID..=STDERR_ID).contains(&id) {
            return true;
        }
        match self.slot(id) {
            Some(s) => s.take().is_some(),
            None => false,
        }
    }

    fn slot(&mut self, id: i64) -> Option<&mut Option<FileEntry>> {
        let i = usize::try_from(id).ok()?.checked_sub(1)?;
        self.files.get_mut(i)
    }

    pub(crate) fn get(&mut self, id: i64) -> Option<&mut BufReader<File>> {
        match self.slot(id)? {
            Some(FileEntry::Open(f)) => Some(f),
            _ => None,
        }
    }

    pub(crate) fn read(&mut self, id: i64, buf: &mut [u8]) -> std::io::Result<usize> {
        let f = self.get(id).ok_or_else(bad_id)?;
        let mut n = 0;
        while n < buf.len() {
            match f.read(&mut buf[n..])? {
                0 => break,
                k => n += k,
            }
        }
        Ok(n)
    }

    /// READ-LINE: up to `max` bytes of the next line; (length, more-lines?).
    pub(crate) fn read_line(&mut self, id: i64, max: usize) -> std::io::Result<(Vec<u8>, bool)> {
        let f = self.get(id).ok_or_else(bad_id)?;
        let mut line = Vec::new();
        loop {
            let avail = f.fill_buf()?;
            if avail.is_empty() {
                return Ok((line.clone(), !line.is_empty()));
            }
            let room = max - line.len();
            let chunk = &avail[..avail.len().min(room + 1)];
            if let Some(i) = chunk.iter().position(|&c| c == b'\n')
                && i <= room
            {
                line.extend_from_slice(&chunk[..i]);
                f.consume(i + 1);
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
                return Ok((line, true));
            }
            let take = chunk.len().min(room);
            line.extend_from_slice(&chunk[..take]);
            f.consume(take);
            if line.len() >= max {
                return Ok((line, true));
            }
        }
    }

    pub(crate) fn write(&mut self, id: i64, data: &[u8]) -> std::io::Result<()> {
        self.changes += 1;
        let f = self.get(id).ok_or_else(bad_id)?;
        // Drop read-ahead so the write lands at the logical position.
        let pos = f.stream_position()?;
        f.seek(SeekFrom::Start(pos))?;
        f.get_mut().write_all(data)
    }

    pub(crate) fn position(&mut self, id: i64) -> std::io::Result<u64> {
        self.get(id).ok_or_else(bad_id)?.stream_position()
    }

    pub(crate) fn reposition(&mut self, id: i64, pos: u64) -> std::io::Result<()> {
        self.get(id)
            .ok_or_else(bad_id)?
            .seek(SeekFrom::Start(pos))
            .map(|_| ())
    }

    pub(crate) fn size(&mut self, id: i64) -> std::io::Result<u64> {
        Ok(self.get(id).ok_or_else(bad_id)?.get_ref().metadata()?.len())
    }

    pub(crate) fn resize(&mut self, id: i64, len: u64) -> std::io::Result<()> {
        self.changes += 1;
        self.get(id).ok_or_else(bad_id)?.get_ref().set_len(len)
    }

    pub(crate) fn flush(&mut self, id: i64) -> std::io::Result<()> {
        self.get(id).ok_or_else(bad_id)?.get_mut().flush()
    }
}

fn bad_id() -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidInput, "not an open file id")
}
