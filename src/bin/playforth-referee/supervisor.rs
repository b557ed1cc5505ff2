//! A move's own world: its namespaces, its RAM disk, and the process
//! that supervises it there.
//!
//! The referee's child enters new user, network, PID, IPC and mount
//! namespaces and mounts the move's RAM disk (`enter_namespaces`), then
//! splits into the supervisor, PID 1 of the new PID namespace, and the bot
//! (`supervise`). When the bot ends, or the referee says the move is over,
//! the supervisor kills every other process of the move and reports to the
//! referee: the bot's wait status, what was left running, what play.txt
//! held and how full the RAM disk was (`Report`). Everything here runs
//! between fork and exec, so it allocates nothing.

use nix::sched::{CloneFlags, unshare};
use nix::sys::signal::Signal;
use std::ffi::{CStr, CString};
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// What a bot left in play.txt.
#[derive(Debug, Clone)]
pub enum Play {
    Missing,
    /// A symbolic link, a pipe or a folder: not followed or opened (a bot
    /// could point play.txt at a file it may not read, or make reading
    /// it block).
    NotAFile,
    /// Its text, white space squeezed (`squeeze`): at most `PLAY_BYTES`,
    /// and whether there was more.
    Text(Vec<u8>, bool),
}

/// The most of play.txt's text the referee looks at.
pub const PLAY_BYTES: usize = 4096;

/// The move's folder, as the C strings the child needs after the fork.
pub struct MoveFolder {
    pub path: CString,
    play: CString,
    /// The RAM disk's mount options: its size, a file count, owner only.
    options: CString,
}

impl MoveFolder {
    pub fn new(dir: &Path, bytes: u64) -> io::Result<MoveFolder> {
        let c = |p: &Path| CString::new(p.as_os_str().as_bytes()).map_err(io::Error::other);
        Ok(MoveFolder {
            path: c(dir)?,
            play: c(&dir.join("play.txt"))?,
            options: CString::new(format!("size={bytes},nr_inodes=4096,mode=0700"))
                .map_err(io::Error::other)?,
        })
    }
}

/// Enter new user, network, PID (for the next child), IPC and mount
/// namespaces, keeping our own uid and gid inside, and mount a RAM disk
/// on the move's folder (the referee sees the empty folder beneath it).
pub fn enter_namespaces(folder: &MoveFolder) -> io::Result<()> {
    // SAFETY: getuid and getgid cannot fail.
    let (uid, gid) = unsafe { (libc::getuid(), libc::getgid()) };
    unshare(
        CloneFlags::CLONE_NEWUSER
            | CloneFlags::CLONE_NEWNET
            | CloneFlags::CLONE_NEWPID
            | CloneFlags::CLONE_NEWIPC
            | CloneFlags::CLONE_NEWNS,
    )?;
    // The files the bot makes on the RAM disk need an owner the new user
    // namespace knows: map our own ids to themselves (no other id). After
    // setuid the process is not dumpable and its /proc files are root's:
    // make it dumpable, as exec will anyway, to write its maps.
    // SAFETY: prctl with plain numbers.
    if unsafe { libc::prctl(libc::PR_SET_DUMPABLE, 1, 0, 0, 0) } != 0 {
        return Err(io::Error::last_os_error());
    }
    write_file(c"/proc/self/setgroups", b"deny")?;
    write_id_map(c"/proc/self/uid_map", uid)?;
    write_id_map(c"/proc/self/gid_map", gid)?;
    // SAFETY: mount with NUL-terminated strings (or null where unused).
    unsafe {
        let none = std::ptr::null();
        if libc::mount(
            none,
            c"/".as_ptr(),
            none,
            libc::MS_REC | libc::MS_PRIVATE,
            std::ptr::null(),
        ) != 0
        {
            return Err(io::Error::last_os_error());
        }
        if libc::mount(
            c"tmpfs".as_ptr(),
            folder.path.as_ptr(),
            c"tmpfs".as_ptr(),
            libc::MS_NOSUID | libc::MS_NODEV,
            folder.options.as_ptr().cast(),
        ) != 0
        {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

/// Write `bytes` to the file `path` (no allocation: after the fork).
fn write_file(path: &CStr, bytes: &[u8]) -> io::Result<()> {
    // SAFETY: a NUL-terminated path; writing our own buffer; closing the
    // descriptor we opened.
    unsafe {
        let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        let written = libc::write(fd, bytes.as_ptr().cast(), bytes.len());
        let error = io::Error::last_os_error();
        libc::close(fd);
        if written != bytes.len() as isize {
            return Err(error);
        }
    }
    Ok(())
}

/// Write "ID ID 1" to a uid_map or gid_map (no allocation).
fn write_id_map(path: &CStr, id: u32) -> io::Result<()> {
    let mut line = [0u8; 32];
    let mut len = 0;
    for part in [id, id, 1] {
        let mut digits = [0u8; 10];
        let mut n = part;
        let mut d = 0;
        loop {
            digits[d] = b'0' + (n % 10) as u8;
            d += 1;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for i in (0..d).rev() {
            line[len] = digits[i];
            len += 1;
        }
        line[len] = b' ';
        len += 1;
    }
    line[len - 1] = b'\n';
    write_file(path, &line[..len])
}

/// The report the namespace's first process writes when the move ends:
/// the bot's wait status, how many processes it left running, what
/// play.txt held and the RAM disk's use (`Report::parse` reads it).
pub const REPORT_HEAD: usize = 20;
pub const REPORT_BYTES: usize = REPORT_HEAD + PLAY_BYTES;

/// A parsed report.
pub struct Report {
    pub status: i32,
    pub leftovers: u32,
    pub play: Play,
    pub disk_used: u64,
}

impl Report {
    /// Bytes 0-3 the wait status, 4-7 the leftovers, 8 what play.txt is
    /// (0 missing, 1 not a file, 2 text), 9 whether its text went on,
    /// 10-11 the text's length, 12-19 the disk use, then the text.
    pub fn parse(bytes: &[u8]) -> Option<Report> {
        let head = bytes.get(..REPORT_HEAD)?;
        let word = |at: usize| [head[at], head[at + 1], head[at + 2], head[at + 3]];
        let len = u16::from_ne_bytes([head[10], head[11]]) as usize;
        let text = bytes.get(REPORT_HEAD..REPORT_HEAD + len)?;
        let mut disk = [0u8; 8];
        disk.copy_from_slice(&head[12..20]);
        Some(Report {
            status: i32::from_ne_bytes(word(0)),
            leftovers: u32::from_ne_bytes(word(4)),
            play: match head[8] {
                0 => Play::Missing,
                1 => Play::NotAFile,
                _ => Play::Text(text.to_vec(), head[9] != 0),
            },
            disk_used: u64::from_ne_bytes(disk),
        })
    }
}

/// In the bot's new PID namespace, split the move into three processes:
/// this one (outside the namespace, the referee's child) waits for the
/// namespace's first process and exits; that first process (PID 1 there)
/// waits for the bot, reaping the orphans as they end, until the bot ends
/// or the referee writes to (or closes) `cancel`; then it kills every
/// other process of the namespace, counts them, reads play.txt and the RAM
/// disk's use, and writes its report to `report`. The bot, its child,
/// returns from here and goes on to exec. When PID 1 ends, the kernel
/// kills whatever is left in the namespace (a daemon in a session of its
/// own included), and PID 1 dies with this process (parent-death signal),
/// which dies with the referee. The bot cannot signal or trace PID 1: the
/// kernel ignores SIGKILL sent to a namespace's init from inside it, and
/// Landlock refuses tracing a process outside the bot's domain.
///
/// # Safety
///
/// Call only between fork and exec: it forks and exits.
pub unsafe fn supervise(report: i32, cancel: i32, folder: &MoveFolder) -> io::Result<()> {
    use nix::unistd::{ForkResult, fork};
    // SAFETY: this process is single-threaded (a fresh fork's child).
    match unsafe { fork() }? {
        ForkResult::Parent { child } => {
            close_from(3, &[]);
            let mut status = 0;
            // SAFETY: waiting for our own child.
            while unsafe { libc::waitpid(child.as_raw(), &mut status, 0) } < 0
                && io::Error::last_os_error().raw_os_error() == Some(libc::EINTR)
            {}
            // SAFETY: leaving without running the forked referee's exit code.
            unsafe { libc::_exit(0) }
        }
        ForkResult::Child => {}
    }
    nix::sys::prctl::set_pdeathsig(Signal::SIGKILL)?;
    // SIGCHLD is read from a signalfd, so it must be blocked (the bot
    // unblocks it before exec).
    // SAFETY: plain signal-set calls on a set on our stack.
    let mut chld: libc::sigset_t = unsafe { std::mem::zeroed() };
    unsafe {
        libc::sigemptyset(&mut chld);
        libc::sigaddset(&mut chld, libc::SIGCHLD);
        libc::sigprocmask(libc::SIG_BLOCK, &chld, std::ptr::null_mut());
    }
    // SAFETY: as above.
    let bot = match unsafe { fork() }? {
        ForkResult::Child => {
            // SAFETY: as above.
            unsafe { libc::sigprocmask(libc::SIG_UNBLOCK, &chld, std::ptr::null_mut()) };
            return Ok(());
        }
        ForkResult::Parent { child } => child.as_raw(),
    };
    close_from(3, &[report, cancel]);
    // SAFETY: from here on this process makes only system calls on its own
    // stack's data, and leaves by _exit.
    unsafe {
        let events = libc::signalfd(-1, &chld, libc::SFD_CLOEXEC | libc::SFD_NONBLOCK);
        let mut status = None;
        while status.is_none() {
            let mut s = 0;
            loop {
                let r = libc::waitpid(-1, &mut s, libc::WNOHANG);
                if r == bot {
                    status = Some(s);
                }
                if r <= 0 {
                    break;
                }
            }
            if status.is_some() {
                break;
            }
            let mut fds = [
                libc::pollfd {
                    fd: cancel,
                    events: libc::POLLIN,
                    revents: 0,
                },
                libc::pollfd {
                    fd: events,
                    events: libc::POLLIN,
                    revents: 0,
                },
            ];
            if libc::poll(fds.as_mut_ptr(), 2, -1) < 0 {
                continue;
            }
            if fds[0].revents != 0 {
                break;
            }
            let mut drained = [0u8; 512];
            while libc::read(events, drained.as_mut_ptr().cast(), drained.len()) > 0 {}
        }
        // -1 from PID 1 of a namespace: every other process there.
        libc::kill(-1, libc::SIGKILL);
        let mut left: u32 = 0;
        loop {
            let mut s = 0;
            let r = libc::waitpid(-1, &mut s, 0);
            if r == bot {
                status = Some(s);
            } else if r > 0 {
                left += 1;
            } else if io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
                break;
            }
        }
        let mut out = [0u8; REPORT_BYTES];
        let status = status.unwrap_or(libc::SIGKILL);
        out[..4].copy_from_slice(&status.to_ne_bytes());
        out[4..8].copy_from_slice(&left.to_ne_bytes());
        let (kind, len, more) = read_play_into(&folder.play, &mut out[REPORT_HEAD..]);
        out[8] = kind;
        out[9] = more as u8;
        out[10..12].copy_from_slice(&(len as u16).to_ne_bytes());
        let mut disk: libc::statfs = std::mem::zeroed();
        let used = if libc::statfs(folder.path.as_ptr(), &mut disk) == 0 {
            (disk.f_blocks - disk.f_bfree) * disk.f_bsize as u64
        } else {
            0
        };
        out[12..20].copy_from_slice(&used.to_ne_bytes());
        let mut at = 0;
        let end = REPORT_HEAD + len;
        while at < end {
            let n = libc::write(report, out[at..end].as_ptr().cast(), end - at);
            if n <= 0 {
                break;
            }
            at += n as usize;
        }
        libc::_exit(0)
    }
}

/// Read the move at `path` into `out` without following a link or
/// blocking on a pipe: (0 missing, 1 not a regular file, 2 text; the
/// text's length; whether there was more). No allocation: the supervisor
/// calls it after the fork.
fn read_play_into(path: &CStr, out: &mut [u8]) -> (u8, usize, bool) {
    // SAFETY: a NUL-terminated path; fstat fills a struct on our stack;
    // the descriptor is ours to close.
    unsafe {
        let fd = libc::open(
            path.as_ptr(),
            libc::O_RDONLY | libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC,
        );
        if fd < 0 {
            let missing = io::Error::last_os_error().raw_os_error() == Some(libc::ENOENT);
            return (if missing { 0 } else { 1 }, 0, false);
        }
        let mut meta: libc::stat = std::mem::zeroed();
        if libc::fstat(fd, &mut meta) != 0 || meta.st_mode & libc::S_IFMT != libc::S_IFREG {
            libc::close(fd);
            return (1, 0, false);
        }
        let (len, more) = squeeze(
            |buf| {
                let n = libc::read(fd, buf.as_mut_ptr().cast(), buf.len());
                if n < 0 && io::Error::last_os_error().raw_os_error() == Some(libc::EINTR) {
                    return Some(0);
                }
                (n > 0).then_some(n as usize)
            },
            out,
        );
        libc::close(fd);
        (2, len, more)
    }
}

/// The longest run of white space kept between two words of play.txt.
const WHITE_RUN: usize = 8;

/// Read a move's text through `read` (bytes read into its buffer, `None`
/// at the end) into `out`, as the judge needs it: white space before the
/// first word dropped and every run of it cut to `WHITE_RUN` bytes (the
/// format allows any amount, and a long run must not push the move past
/// what the referee keeps); the length kept and whether there was more.
fn squeeze(mut read: impl FnMut(&mut [u8]) -> Option<usize>, out: &mut [u8]) -> (usize, bool) {
    let mut buf = [0u8; 4096];
    let (mut len, mut run, mut started) = (0, 0, false);
    while let Some(n) = read(&mut buf) {
        for &b in &buf[..n] {
            if b.is_ascii_whitespace() {
                if !started || run >= WHITE_RUN {
                    continue;
                }
                run += 1;
            } else {
                started = true;
                run = 0;
            }
            if len == out.len() {
                return (len, true);
            }
            out[len] = b;
            len += 1;
        }
    }
    (len, false)
}

/// The move a bot left in `dir` (no namespaces: the referee's own folder).
pub fn read_play(dir: &Path) -> Play {
    let Ok(path) = CString::new(dir.join("play.txt").as_os_str().as_bytes()) else {
        return Play::Missing;
    };
    let mut out = vec![0u8; PLAY_BYTES];
    match read_play_into(&path, &mut out) {
        (0, _, _) => Play::Missing,
        (2, len, more) => {
            out.truncate(len);
            Play::Text(out, more)
        }
        _ => Play::NotAFile,
    }
}

/// Close every file descriptor from `first` up, but those in `keep`.
pub fn close_from(first: u32, keep: &[i32]) {
    let mut low = first;
    loop {
        // The lowest kept descriptor at or above `low`.
        let next = keep
            .iter()
            .filter(|&&k| k >= 0 && k as u32 >= low)
            .map(|&k| k as u32)
            .min();
        match next {
            Some(k) => {
                if k > low {
                    close_range(low, k - 1, 0);
                }
                low = k + 1;
            }
            None => {
                close_range(low, u32::MAX, 0);
                return;
            }
        }
    }
}

/// Mark every file descriptor from `first` up close-on-exec, so the bot
/// inherits none the referee got from its own parent.
pub fn cloexec_from(first: u32) {
    const CLOSE_RANGE_CLOEXEC: u32 = 1 << 2;
    close_range(first, u32::MAX, CLOSE_RANGE_CLOEXEC);
}

/// The close_range system call (Linux 5.9; CLOEXEC since 5.11), with a
/// loop over the open-files limit on older kernels.
fn close_range(low: u32, high: u32, flags: u32) {
    // SAFETY: close_range takes plain numbers.
    let r = unsafe { libc::syscall(libc::SYS_close_range, low, high, flags) };
    if r == 0 {
        return;
    }
    for fd in low..high.min(4096) {
        // SAFETY: closing or flagging descriptors that may not be open.
        unsafe {
            if flags == 0 {
                libc::close(fd as i32);
            } else {
                libc::fcntl(fd as i32, libc::F_SETFD, libc::FD_CLOEXEC);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::squeeze;

    fn squeezed(text: &[u8], room: usize) -> (String, bool) {
        let mut input = text;
        let mut out = vec![0u8; room];
        let (len, more) = squeeze(
            |buf| {
                let n = input.len().min(buf.len());
                buf[..n].copy_from_slice(&input[..n]);
                input = &input[n..];
                (n > 0).then_some(n)
            },
            &mut out,
        );
        (String::from_utf8_lossy(&out[..len]).into_owned(), more)
    }

    #[test]
    fn white_space_is_squeezed_but_kept() {
        let long = [vec![b' '; 100_000], b"0 0\n\n0 1 ".to_vec()].concat();
        assert_eq!(squeezed(&long, 4096), ("0 0\n\n0 1 ".into(), false));
        let wide = [b"0 0".to_vec(), vec![b'\t'; 50_000], b"0 1".to_vec()].concat();
        assert_eq!(
            squeezed(&wide, 4096),
            ("0 0\t\t\t\t\t\t\t\t0 1".into(), false)
        );
        assert_eq!(squeezed(b"   ", 4096), (String::new(), false));
        assert_eq!(squeezed(b"123456", 4), ("1234".into(), true));
    }
}
