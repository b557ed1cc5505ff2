//! Running one bot for one move, fenced in by the kernel.
//!
//! Every move starts a fresh process in its own process group with:
//!
//! - rlimits per process: CPU seconds, address space, file size, open
//!   files, no core dumps, and a process count (RLIMIT_NPROC, which the
//!   kernel counts per user namespace, so it holds for the whole move even
//!   when the referee runs as root);
//! - per move: the CPU time and memory of all the move's processes
//!   together, which the referee counts every `COUNT_EVERY` over the
//!   move's process tree (`tree_usage`), ending the move past a limit;
//! - when the referee runs as root, an unprivileged uid and gid and no
//!   supplementary groups;
//! - new user, network, PID, IPC and mount namespaces: no network at all,
//!   no SysV IPC shared with anything, every process of the move dies with
//!   the namespace's first process (see `supervise`), and the move's folder
//!   is a RAM disk (tmpfs) of `--disk` bytes seen by the move's processes
//!   only;
//! - a Landlock ruleset: read and execute only the system's folders
//!   (`SYSTEM_READ`), the bot's own copy, the paths the teacher allowed
//!   and the move's folder; write, create, remove or rename only inside
//!   the move's folder (and write /dev/null); TCP is refused and, on
//!   kernels that know how, signals and abstract sockets cannot reach past
//!   the bot's own processes;
//! - a seccomp filter (`seccomp`): no sockets of any family, no chmod,
//!   chown, utime or xattr changes, no io_uring, SysV IPC, memfd or keys;
//! - no file descriptors but 0, 1 and 2; stderr is a pipe the referee
//!   drains, so it counts against no file-size limit.
//!
//! The namespace's first process reads the move (play.txt) from the RAM
//! disk when the bot ends and sends it to the referee with the bot's exit
//! status. The referee ends a move at the wall-clock limit or past a
//! per-move limit by telling that process, which kills every process of
//! the move; if the referee itself is killed, the kernel kills the move's
//! processes (parent-death signal, then the PID namespace).

use crate::cgroup::{Cgroups, MoveGroup};
use crate::seccomp;
use landlock::{
    ABI, Access, AccessFs, AccessNet, CompatLevel, Compatible, PathBeneath, Ruleset, RulesetAttr,
    RulesetCreated, RulesetCreatedAttr, RulesetStatus, Scope, path_beneath_rules,
};
use nix::sched::{CloneFlags, unshare};
use nix::sys::resource::{Resource, setrlimit};
use nix::sys::signal::{Signal, kill, killpg};
use nix::unistd::{Gid, Pid, Uid, setgid, setgroups, setuid};
use std::ffi::{CStr, CString};
use std::fs;
use std::io::{self, Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

/// What a bot may use for one move.
#[derive(Debug, Clone)]
pub struct Limits {
    pub move_time: Duration,
    /// CPU time of all the move's processes together.
    pub cpu_seconds: u64,
    /// Memory of all the move's processes together (and each one's
    /// address space).
    pub memory_bytes: u64,
    /// The largest file.
    pub file_bytes: u64,
    /// All the files of the move's folder together.
    pub disk_bytes: u64,
    pub processes: u64,
    pub open_files: u64,
}

/// How often the referee counts the CPU time and memory of a move's
/// processes.
pub const COUNT_EVERY: Duration = Duration::from_millis(10);

/// The folders every bot may read and run from: the system's programs,
/// libraries and settings (what sh, python3, gcc-built programs and
/// playforth need), and a few devices. Anything else (`/tmp`, `/home`,
/// `/root`, the referee's work folder, the logs) is closed to bots unless
/// the teacher opens it with `--allow-read`.
pub const SYSTEM_READ: &[&str] = &[
    "/usr",
    "/bin",
    "/sbin",
    "/lib",
    "/lib32",
    "/lib64",
    "/libx32",
    "/etc",
    "/opt",
    "/proc",
    "/sys",
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
];

/// Which of the kernel's fences this system offers.
#[derive(Debug, Clone)]
pub struct Protection {
    /// Landlock can confine the filesystem: the newest Landlock ABI the
    /// kernel has (or why there is none).
    pub landlock: Result<u8, String>,
    /// User, network, PID, IPC and mount namespaces can be made, with a
    /// RAM disk for the move (or why not).
    pub namespaces: Result<(), String>,
    /// The seccomp filter can be installed (or why not).
    pub seccomp: Result<(), String>,
    /// The control groups that keep per-move totals (or why there are
    /// none, and the referee counts over the process tree).
    pub accounting: Result<String, String>,
    /// The uid bots run as when the referee is root.
    pub run_as: Option<u32>,
}

impl Protection {
    /// Probe the running kernel: build a Landlock ruleset, and start
    /// `true` as the bots' uid in new namespaces, then under the filter.
    /// `cgroups` is what `cgroups` found.
    pub fn probe(
        run_as: Option<u32>,
        scratch: &Path,
        cgroups: &Result<Cgroups, String>,
    ) -> Protection {
        let landlock = ruleset(&[]).map(|_| landlock_abi());
        let namespaces = probe_namespaces(run_as, scratch);
        let seccomp = probe_seccomp(run_as);
        Protection {
            landlock,
            namespaces,
            seccomp,
            accounting: cgroups
                .as_ref()
                .map(Cgroups::describe)
                .map_err(Clone::clone),
            run_as,
        }
    }

    /// Is everything there that the referee needs to run untrusted bots?
    pub fn complete(&self) -> bool {
        self.landlock.is_ok() && self.namespaces.is_ok() && self.seccomp.is_ok()
    }

    /// One line per fence: what holds and what does not.
    pub fn report(&self, limits: &Limits) -> Vec<String> {
        let mut lines = vec![];
        match &self.landlock {
            Ok(abi) => {
                lines.push(format!(
                    "  yes  files: reads only the system's folders, its own copy and its move folder; \
                     writes only in its move folder (Landlock ABI {abi})"
                ));
                if *abi < 3 {
                    lines.push(
                        "  NO   truncating files it may write elsewhere (needs Landlock ABI 3, Linux 6.2)"
                            .into(),
                    );
                }
            }
            Err(e) => lines.push(format!(
                "  NO   files: reads and writes limited only by file permissions: {e}"
            )),
        }
        lines.push(match &self.seccomp {
            Ok(()) => format!(
                "  yes  no sockets of any kind (Unix, abstract, netlink, inet), no chmod, chown, utime or \
                 xattr changes anywhere (seccomp: {})",
                seccomp::summary()
            ),
            Err(e) => format!("  NO   sockets, chmod, utime, xattrs: {e}"),
        });
        lines.push(match &self.namespaces {
            Ok(()) => format!(
                "  yes  network cut, every process of a move killed with it, its folder a {} MiB RAM disk \
                 (user, network, PID, IPC and mount namespaces)",
                limits.disk_bytes >> 20
            ),
            Err(e) => format!(
                "  NO   network cut, process count, PID namespace, disk limit: {e}"
            ),
        });
        lines.push(match self.run_as {
            Some(uid) => format!("  yes  bots run as uid {uid}, not root"),
            None => "  yes  bots run as your own user (the referee is not root)".into(),
        });
        lines.push(match &self.accounting {
            Ok(groups) => format!(
                "  yes  per move: CPU time, memory and processes of all its processes together, kept by \
                 the kernel ({groups}); file size and open files per process (rlimits)"
            ),
            Err(why) => format!(
                "  yes  per move: CPU time and memory of all its processes together, counted by the \
                 referee every {} ms over its process tree (no cgroup: {why}); file size and open \
                 files per process (rlimits)",
                COUNT_EVERY.as_millis()
            ),
        });
        lines.push("  yes  a new process group per move, killed when the move ends".into());
        lines
    }
}

/// The newest Landlock ABI this kernel enforces (1 to 6 as far as the
/// referee's rules go), found by asking for each ABI's rights as a hard
/// requirement.
fn landlock_abi() -> u8 {
    let mut best = 1;
    for (n, abi) in [(2, ABI::V2), (3, ABI::V3), (4, ABI::V4), (5, ABI::V5)] {
        let made = Ruleset::default()
            .set_compatibility(CompatLevel::HardRequirement)
            .handle_access(AccessFs::from_all(abi))
            .and_then(|r| r.create());
        if made.is_ok() {
            best = n;
        }
    }
    let scoped = Ruleset::default()
        .set_compatibility(CompatLevel::HardRequirement)
        .scope(Scope::from_all(ABI::V6))
        .and_then(|r| r.create());
    if scoped.is_ok() {
        best = 6;
    }
    best
}

/// Start `true` as the bots' uid in new namespaces, with a RAM disk
/// mounted on `scratch` as a move's folder gets one.
fn probe_namespaces(run_as: Option<u32>, scratch: &Path) -> Result<(), String> {
    let folder = MoveFolder::new(scratch, 1 << 20).map_err(|e| e.to_string())?;
    probe(run_as, move || enter_namespaces(&folder))
        .map_err(|e| format!("cannot make user, network, PID, IPC and mount namespaces: {e}"))
}

/// The control groups for per-move totals, tried with a move that runs
/// `true`; or why there are none.
pub fn cgroups(run_as: Option<u32>) -> Result<Cgroups, String> {
    let groups = Cgroups::make()?;
    let group = groups
        .for_move(64 << 20, 8)
        .map_err(|e| format!("cannot make a move's group: {e}"))?;
    let join = group.join_fds();
    probe(None, move || {
        join_group(&join)?;
        become_user(run_as)
    })
    .map_err(|e| format!("cannot join a move's group: {e}"))?;
    drop(group);
    Ok(groups)
}

/// Join the move's control groups: write 0 (this process) to each
/// cgroup.procs in `fds` (no allocation: after the fork).
fn join_group(fds: &[i32]) -> io::Result<()> {
    for &fd in fds {
        // SAFETY: writing a static byte to a descriptor we were given.
        if unsafe { libc::write(fd, b"0".as_ptr().cast(), 1) } != 1 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

/// Start `true` as the bots' uid under the seccomp filter.
fn probe_seccomp(run_as: Option<u32>) -> Result<(), String> {
    let program = seccomp::program()?;
    probe(run_as, move || seccomp::apply(&program))
        .map_err(|e| format!("cannot install a seccomp filter: {e}"))
}

/// Run `true` as the bots' uid after `fence`.
fn probe(
    run_as: Option<u32>,
    mut fence: impl FnMut() -> io::Result<()> + Send + Sync + 'static,
) -> Result<(), String> {
    let mut cmd = Command::new(find_true());
    cmd.stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    // SAFETY: the closure only makes system calls on data made before the
    // fork.
    unsafe {
        cmd.pre_exec(move || {
            become_user(run_as)?;
            fence()
        });
    }
    match cmd.status() {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(format!("`true` ended with {s}")),
        Err(e) => Err(e.to_string()),
    }
}

fn find_true() -> &'static str {
    ["/usr/bin/true", "/bin/true"]
        .into_iter()
        .find(|p| Path::new(p).exists())
        .unwrap_or("true")
}

/// The Landlock ruleset for a move: read and run `readable` (paths that do
/// not exist are left out); the move's folder is added after the fork
/// (`allow_move_folder`), once its RAM disk is mounted. Filesystem access
/// as in Landlock's first ABI is required; newer rights (truncate, TCP,
/// scopes) are added where the kernel knows them.
fn ruleset(readable: &[&Path]) -> Result<RulesetCreated, String> {
    let abi = ABI::V6;
    let made = || -> Result<RulesetCreated, landlock::RulesetError> {
        Ruleset::default()
            .set_compatibility(CompatLevel::HardRequirement)
            .handle_access(AccessFs::from_all(ABI::V1))?
            .set_compatibility(CompatLevel::BestEffort)
            .handle_access(AccessFs::from_all(abi))?
            .handle_access(AccessNet::from_all(abi))?
            .scope(Scope::from_all(abi))?
            .create()?
            .add_rules(path_beneath_rules(readable, AccessFs::from_read(abi)))?
            .add_rules(path_beneath_rules(["/dev/null"], AccessFs::from_file(abi)))
    };
    made().map_err(|e| format!("Landlock is not available: {e}"))
}

/// Allow everything in the move's folder `dir`, as the bot sees it: a rule
/// made before the RAM disk was mounted would name the folder beneath it.
fn allow_move_folder(rules: RulesetCreated, dir: &CStr) -> io::Result<RulesetCreated> {
    // SAFETY: a NUL-terminated path and flags that need no mode.
    let fd = unsafe { libc::open(dir.as_ptr(), libc::O_PATH | libc::O_CLOEXEC) };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: `fd` was just opened and is owned by nothing else.
    let fd = unsafe { OwnedFd::from_raw_fd(fd) };
    rules
        .add_rule(PathBeneath::new(fd, AccessFs::from_all(ABI::V6)))
        .map_err(io::Error::other)
}

/// As root, drop to `uid` (and the same gid) with no supplementary groups.
fn become_user(run_as: Option<u32>) -> io::Result<()> {
    if let Some(id) = run_as {
        setgroups(&[])?;
        setgid(Gid::from_raw(id))?;
        setuid(Uid::from_raw(id))?;
    }
    Ok(())
}

/// The move's folder, as the C strings the child needs after the fork.
struct MoveFolder {
    path: CString,
    play: CString,
    /// The RAM disk's mount options: its size, a file count, owner only.
    options: CString,
}

impl MoveFolder {
    fn new(dir: &Path, bytes: u64) -> io::Result<MoveFolder> {
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
fn enter_namespaces(folder: &MoveFolder) -> io::Result<()> {
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

/// How a bot's process ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// It could not be started (not a program, no `#!` line ...).
    NotStarted(String),
    Exited(i32),
    Signalled(i32),
}

/// Why the referee ended a move before the bot did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cut {
    /// The wall-clock limit.
    Time,
    /// The move's processes used the CPU time allowed, together.
    Cpu,
    /// The move's processes held more memory than allowed, together.
    Memory,
}

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

/// What one run of a bot did.
#[derive(Debug, Clone)]
pub struct Run {
    pub ending: Ending,
    /// Set when the referee ended the move.
    pub cut: Option<Cut>,
    /// The most memory the bot's processes held together, in bytes.
    pub peak_memory: u64,
    /// CPU time (user and system) the bot and its children used.
    pub cpu: Duration,
    /// Processes besides the bot still alive when it ended.
    pub leftovers: usize,
    pub play: Play,
    /// Bytes used on the move's RAM disk when it ended.
    pub disk_used: u64,
    /// How many of its processes the kernel killed for want of memory
    /// (with a memory control group).
    pub oom_kills: u64,
    pub stderr_tail: String,
}

/// Runs bots under the limits and fences chosen for the contest.
pub struct Sandbox {
    pub limits: Limits,
    /// The fences this kernel offers; those it lacks are skipped (the
    /// referee refuses to start without them unless --unprotected).
    pub protection: Protection,
    /// What every bot may read and run: `SYSTEM_READ`, the playforth copy
    /// and the teacher's `--allow-read` paths.
    pub readable: Vec<PathBuf>,
    /// The control groups that keep the per-move totals, where the
    /// referee may make them (else it counts over the process tree).
    pub cgroups: Option<Cgroups>,
}

/// The report the namespace's first process writes when the move ends:
/// the bot's wait status, how many processes it left running, what
/// play.txt held and the RAM disk's use (`Report::parse` reads it).
const REPORT_HEAD: usize = 20;
const REPORT_BYTES: usize = REPORT_HEAD + PLAY_BYTES;

/// A parsed report.
struct Report {
    status: i32,
    leftovers: u32,
    play: Play,
    disk_used: u64,
}

impl Report {
    /// Bytes 0-3 the wait status, 4-7 the leftovers, 8 what play.txt is
    /// (0 missing, 1 not a file, 2 text), 9 whether its text went on,
    /// 10-11 the text's length, 12-19 the disk use, then the text.
    fn parse(bytes: &[u8]) -> Option<Report> {
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

impl Sandbox {
    /// Run `program args` in `dir` (made for this move); the bot may also
    /// read `own` (its copy). Returns when it ends, or when the referee
    /// ended the move (wall-clock time, CPU time, memory).
    pub fn run(
        &self,
        program: &Path,
        args: &[String],
        dir: &Path,
        own: &Path,
        env: &[(String, String)],
    ) -> io::Result<Run> {
        if let Some(id) = self.protection.run_as {
            nix::unistd::chown(dir, Some(Uid::from_raw(id)), Some(Gid::from_raw(id)))
                .map_err(|e| io::Error::other(format!("{}: {e}", dir.display())))?;
        }
        let (stderr_reader, stderr_writer) = io::pipe()?;
        let (report_reader, report_writer) = io::pipe()?;
        let (cancel_reader, cancel_writer) = io::pipe()?;
        let mut cmd = Command::new(program);
        cmd.args(args)
            .current_dir(dir)
            .env_clear()
            .env("PATH", "/usr/local/bin:/usr/bin:/bin")
            .env("HOME", dir)
            .env("TMPDIR", dir)
            .env("LANG", "C.UTF-8")
            .envs(env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(stderr_writer)
            .process_group(0);
        let mut landlock = if self.protection.landlock.is_ok() {
            let mut readable: Vec<&Path> = self.readable.iter().map(PathBuf::as_path).collect();
            readable.push(own);
            Some(ruleset(&readable).map_err(io::Error::other)?)
        } else {
            None
        };
        let filter = match self.protection.seccomp {
            Ok(()) => Some(seccomp::program().map_err(io::Error::other)?),
            Err(_) => None,
        };
        let fenced = self.protection.namespaces.is_ok();
        let folder = MoveFolder::new(dir, self.limits.disk_bytes)?;
        let helpers = if fenced { 2 } else { 0 };
        let group = match &self.cgroups {
            Some(groups) => {
                Some(groups.for_move(self.limits.memory_bytes, self.limits.processes + helpers)?)
            }
            None => None,
        };
        let join = group.as_ref().map(MoveGroup::join_fds).unwrap_or_default();
        let run_as = self.protection.run_as;
        let limits = self.limits.clone();
        let referee = nix::unistd::getpid();
        let report = report_writer.as_raw_fd();
        let cancel = cancel_reader.as_raw_fd();
        // SAFETY: between fork and exec the closure makes system calls only
        // (fork, wait, poll, read, write, open, mount, close, prctl, kill,
        // _exit) on data made before the fork, but for adding the move
        // folder's Landlock rule (see `allow_move_folder`), which may
        // allocate: glibc's fork leaves malloc usable in the child.
        unsafe {
            cmd.pre_exec(move || {
                // While still the referee's user: the groups' files are its.
                join_group(&join)?;
                become_user(run_as)?;
                if fenced {
                    enter_namespaces(&folder)?;
                }
                // After the new user namespace: RLIMIT_NPROC then counts the
                // move's own processes there, not all of its uid's; the two
                // supervising processes (see `supervise`) count too.
                let cpu = limits.cpu_seconds;
                setrlimit(Resource::RLIMIT_CPU, cpu, cpu + 1)?;
                setrlimit(
                    Resource::RLIMIT_AS,
                    limits.memory_bytes,
                    limits.memory_bytes,
                )?;
                setrlimit(Resource::RLIMIT_FSIZE, limits.file_bytes, limits.file_bytes)?;
                setrlimit(
                    Resource::RLIMIT_NOFILE,
                    limits.open_files,
                    limits.open_files,
                )?;
                setrlimit(Resource::RLIMIT_CORE, 0, 0)?;
                setrlimit(
                    Resource::RLIMIT_NPROC,
                    limits.processes + helpers,
                    limits.processes + helpers,
                )?;
                // If the referee dies (even by SIGKILL), so does this process.
                nix::sys::prctl::set_pdeathsig(Signal::SIGKILL)?;
                if nix::unistd::getppid() != referee {
                    libc::_exit(1);
                }
                if fenced {
                    supervise(report, cancel, &folder)?;
                    // The folder as the bot sees it: the RAM disk.
                    nix::unistd::chdir(folder.path.as_c_str())?;
                }
                // Only the bot's own process gets here: it keeps 0, 1, 2.
                cloexec_from(3);
                if let Some(rules) = landlock.take() {
                    let rules = allow_move_folder(rules, &folder.path)?;
                    let status = rules.restrict_self().map_err(io::Error::other)?;
                    if status.ruleset == RulesetStatus::NotEnforced {
                        return Err(io::Error::from_raw_os_error(libc::EPERM));
                    }
                }
                if let Some(program) = &filter {
                    seccomp::apply(program)?;
                }
                Ok(())
            });
        }
        let stderr = drain(stderr_reader);
        let start = Instant::now();
        let spawned = cmd.spawn();
        // The referee's copies of the pipes' ends the move uses: once they
        // are closed, the readers see the end when the move's processes
        // are gone, and the supervisor sees the cancel pipe close if the
        // referee dies.
        drop(cmd);
        drop(report_writer);
        drop(cancel_reader);
        let child = match spawned {
            Ok(child) => child,
            Err(e) => {
                let ending = Ending::NotStarted(e.to_string());
                reap_orphans();
                return Ok(Run {
                    ending,
                    cut: None,
                    peak_memory: 0,
                    cpu: Duration::ZERO,
                    leftovers: 0,
                    play: Play::Missing,
                    disk_used: 0,
                    oom_kills: 0,
                    stderr_tail: stderr.tail(),
                });
            }
        };
        let pid = Pid::from_raw(child.id() as i32);
        let namespace = fs::read_link(format!("/proc/{pid}/ns/user"))
            .ok()
            .filter(|_| fenced);
        let watched = watch(
            pid,
            start,
            &self.limits,
            cancel_writer,
            fenced,
            group.as_ref(),
        );
        let _ = killpg(pid, Signal::SIGKILL);
        let swept = match &namespace {
            Some(ns) => sweep(ns),
            None => 0,
        };
        reap_orphans();
        if let Some(sig) = stopped() {
            return Err(io::Error::new(io::ErrorKind::Interrupted, stop_reason(sig)));
        }
        let report = if fenced {
            let mut bytes = vec![];
            let _ = report_reader
                .take(REPORT_BYTES as u64)
                .read_to_end(&mut bytes);
            Report::parse(&bytes)
        } else {
            None
        };
        let (ending, leftovers, play, disk_used) = match report {
            Some(r) => (
                ending_of(r.status),
                r.leftovers as usize,
                r.play,
                r.disk_used,
            ),
            // Without namespaces the move is in the referee's own folder.
            None if !fenced => (watched.ending, swept, read_play(dir), 0),
            // The supervisor did not report (killed as the move was cut
            // short): the move's RAM disk is gone with it.
            None => (watched.ending, swept, Play::Missing, 0),
        };
        // With a group, the kernel's totals: the ended processes' too.
        let (cpu, peak_memory, oom_kills) = match &group {
            Some(g) => (
                g.cpu(),
                g.peak_memory().max(watched.peak_memory),
                g.oom_kills(),
            ),
            None => (watched.cpu, watched.peak_memory, 0),
        };
        Ok(Run {
            ending,
            cut: watched.cut,
            peak_memory,
            cpu,
            leftovers,
            play,
            disk_used,
            oom_kills,
            stderr_tail: stderr.tail(),
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
unsafe fn supervise(report: i32, cancel: i32, folder: &MoveFolder) -> io::Result<()> {
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
fn read_play(dir: &Path) -> Play {
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
fn close_from(first: u32, keep: &[i32]) {
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
fn cloexec_from(first: u32) {
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

/// A wait status as an `Ending`.
fn ending_of(status: i32) -> Ending {
    if libc::WIFSIGNALED(status) {
        Ending::Signalled(libc::WTERMSIG(status))
    } else {
        Ending::Exited(libc::WEXITSTATUS(status))
    }
}

/// Raised by SIGINT (Ctrl-C), SIGTERM or SIGHUP, to the signal's number:
/// the move under way is cut short, its bot killed, and the contest stops
/// with the games played so far.
static STOP: std::sync::LazyLock<Arc<AtomicUsize>> =
    std::sync::LazyLock::new(|| Arc::new(AtomicUsize::new(0)));

/// Stop the contest on SIGINT, SIGTERM and SIGHUP (see `STOP`).
pub fn catch_stop_signals() -> io::Result<()> {
    for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        signal_hook::flag::register_usize(sig, Arc::clone(&STOP), sig as usize)?;
    }
    Ok(())
}

/// The signal that stopped the contest, if one did.
pub fn stopped() -> Option<i32> {
    match STOP.load(Ordering::SeqCst) {
        0 => None,
        sig => Some(sig as i32),
    }
}

/// "stopped by Ctrl-C", "stopped by SIGTERM" ...
pub fn stop_reason(sig: i32) -> String {
    match sig {
        libc::SIGINT => "stopped by Ctrl-C".into(),
        libc::SIGTERM => "stopped by SIGTERM".into(),
        libc::SIGHUP => "stopped by SIGHUP (the terminal closed)".into(),
        _ => format!("stopped by signal {sig}"),
    }
}

/// What watching the move's process found.
struct Watched {
    ending: Ending,
    cut: Option<Cut>,
    peak_memory: u64,
    cpu: Duration,
}

/// Watch `pid` (the move's first process) until it ends, counting the
/// CPU time and memory of its process tree every `COUNT_EVERY`. Past the
/// wall-clock limit, a per-move limit or a stop signal, end the move: with
/// namespaces by writing to `cancel` (the supervisor kills the move and
/// reports), else by killing the process group. A move whose supervisor
/// has not ended 2 s later is killed whole.
fn watch(
    pid: Pid,
    start: Instant,
    limits: &Limits,
    mut cancel: io::PipeWriter,
    fenced: bool,
    group: Option<&MoveGroup>,
) -> Watched {
    let deadline = start + limits.move_time;
    let cpu_limit = Duration::from_secs(limits.cpu_seconds);
    let mut cut = None;
    let mut grace: Option<Instant> = None;
    let mut next_count = start;
    let mut over_cpu = 0;
    let mut most = Usage::default();
    let mut ledger = Ledger::default();
    loop {
        let mut status = 0;
        // SAFETY: rusage is plain data the kernel fills in.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: waiting for our own child with valid out-pointers.
        let r = unsafe { libc::wait4(pid.as_raw(), &mut status, libc::WNOHANG, &mut usage) };
        if r == pid.as_raw() {
            let time = |t: libc::timeval| {
                Duration::from_secs(t.tv_sec.max(0) as u64)
                    + Duration::from_micros(t.tv_usec.max(0) as u64)
            };
            let used = time(usage.ru_utime) + time(usage.ru_stime);
            return Watched {
                ending: ending_of(status),
                cut,
                peak_memory: most.memory.max(usage.ru_maxrss.max(0) as u64 * 1024),
                cpu: if cut.is_some() {
                    most.cpu
                } else {
                    used.max(most.cpu)
                },
            };
        }
        if r < 0 && io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            return Watched {
                ending: Ending::Exited(-1),
                cut,
                peak_memory: most.memory,
                cpu: most.cpu,
            };
        }
        let now = Instant::now();
        if cut.is_none() {
            if now >= next_count || now >= deadline {
                next_count = now + COUNT_EVERY;
                let used = match group {
                    // The kernel caps the memory itself.
                    Some(g) => Usage {
                        cpu: g.cpu(),
                        memory: 0,
                    },
                    None => tree_usage(pid.as_raw(), &mut ledger),
                };
                most.cpu = most.cpu.max(used.cpu);
                most.memory = most.memory.max(used.memory);
                // Counted over the tree, twice in a row: a child's time moves
                // into its parent's when it is reaped, and one count may
                // catch it in both. A group's count is exact.
                over_cpu = if used.cpu >= cpu_limit {
                    over_cpu + 1
                } else {
                    0
                };
                if over_cpu >= 2 || (group.is_some() && over_cpu == 1) {
                    cut = Some(Cut::Cpu);
                } else if used.memory > limits.memory_bytes {
                    cut = Some(Cut::Memory);
                }
            }
            if cut.is_none() && (now >= deadline || stopped().is_some()) {
                cut = Some(Cut::Time);
            }
            if cut.is_some() {
                if fenced {
                    let _ = cancel.write_all(b"x");
                    grace = Some(now + Duration::from_secs(2));
                } else {
                    let _ = killpg(pid, Signal::SIGKILL);
                }
            }
        } else if grace.is_some_and(|g| now >= g) {
            let _ = killpg(pid, Signal::SIGKILL);
            grace = None;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// CPU time and memory of a group of processes.
#[derive(Default, Clone, Copy)]
struct Usage {
    cpu: Duration,
    memory: u64,
}

/// Every process of a move seen so far, by pid and start time, with
/// the CPU time it had used itself when last seen.
#[derive(Default)]
struct Ledger(std::collections::HashMap<(i32, u64), Duration>);

impl Ledger {
    fn total(&self) -> Duration {
        self.0.values().sum()
    }
}

/// What `root` and its descendants use together: CPU time and resident
/// anonymous and shared memory. Walks /proc's children lists. The CPU time
/// is the larger of two counts, each of which may miss some: the live
/// processes' own and waited-for children's (a child whose parent ignores
/// SIGCHLD is not waited for, and its time is lost when it ends), and the
/// `ledger` of every process seen in this move, ended ones included (one
/// that lives less than `COUNT_EVERY` may never be seen).
fn tree_usage(root: i32, ledger: &mut Ledger) -> Usage {
    let mut total = Usage::default();
    let mut todo = vec![root];
    let mut seen = 0;
    while let Some(pid) = todo.pop() {
        seen += 1;
        if seen > 100_000 {
            break;
        }
        let stat = process_stat(pid);
        total.cpu += stat.with_children;
        ledger.0.insert((pid, stat.start), stat.own);
        total.memory += process_memory(pid);
        let Ok(tasks) = fs::read_dir(format!("/proc/{pid}/task")) else {
            continue;
        };
        for task in tasks.flatten() {
            if let Ok(children) = fs::read_to_string(task.path().join("children")) {
                todo.extend(
                    children
                        .split_whitespace()
                        .filter_map(|c| c.parse::<i32>().ok()),
                );
            }
        }
    }
    total.cpu = total.cpu.max(ledger.total());
    total
}

/// A process's resident anonymous and shared memory (RssAnon + RssShmem
/// in /proc/PID/status), in bytes: the memory it holds that is not a
/// mapped program or library file.
fn process_memory(pid: i32) -> u64 {
    let Ok(text) = fs::read_to_string(format!("/proc/{pid}/status")) else {
        return 0;
    };
    text.lines()
        .filter(|l| l.starts_with("RssAnon:") || l.starts_with("RssShmem:"))
        .filter_map(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
        .sum::<u64>()
        * 1024
}

/// The processes whose user namespace is `ns`.
fn in_namespace(ns: &Path) -> Vec<i32> {
    let me = std::process::id() as i32;
    let Ok(entries) = fs::read_dir("/proc") else {
        return vec![];
    };
    entries
        .flatten()
        .filter_map(|e| e.file_name().to_str().and_then(|s| s.parse::<i32>().ok()))
        .filter(|&pid| pid != me)
        .filter(|pid| {
            fs::read_link(format!("/proc/{pid}/ns/user"))
                .ok()
                .as_deref()
                == Some(ns)
        })
        .collect()
}

/// What /proc/PID/stat says of a process's CPU time.
#[derive(Default)]
struct Stat {
    /// utime + stime.
    own: Duration,
    /// utime + stime + cutime + cstime.
    with_children: Duration,
    /// When it started, in clock ticks after boot (with the pid, it names
    /// one process).
    start: u64,
}

fn process_stat(pid: i32) -> Stat {
    let Ok(text) = fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return Stat::default();
    };
    // The command name, in parentheses, may hold spaces: count from the ')'.
    let Some(rest) = text.rfind(')').map(|i| &text[i + 1..]) else {
        return Stat::default();
    };
    // Fields 14-17 (utime stime cutime cstime) and 22 (starttime), counted
    // from 1 as in proc(5); `rest` starts at field 3.
    let fields: Vec<u64> = rest
        .split_whitespace()
        .map(|f| f.parse::<u64>().unwrap_or(0))
        .collect();
    let at = |n: usize| fields.get(n - 3).copied().unwrap_or(0);
    // SAFETY: sysconf reads a constant.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    let time = |ticks: u64| Duration::from_millis(ticks * 1000 / hz);
    Stat {
        own: time(at(14) + at(15)),
        with_children: time(at(14) + at(15) + at(16) + at(17)),
        start: at(22),
    }
}

/// Kill every process whose user namespace is `ns`; how many there were.
/// Repeated a few times, in case one was forking while we looked.
fn sweep(ns: &Path) -> usize {
    let mut killed = std::collections::HashSet::new();
    for _ in 0..5 {
        let found = in_namespace(ns);
        if found.is_empty() {
            break;
        }
        for pid in found {
            let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
            killed.insert(pid);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    killed.len()
}

/// Reap the bot's killed descendants: the referee is their subreaper
/// (see `main`), so they do not linger as zombies. Waits at most 200 ms.
fn reap_orphans() {
    use nix::sys::wait::{WaitPidFlag, WaitStatus, waitpid};
    let deadline = Instant::now() + Duration::from_millis(200);
    loop {
        match waitpid(None, Some(WaitPidFlag::WNOHANG)) {
            Ok(WaitStatus::StillAlive) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(2))
            }
            Ok(WaitStatus::StillAlive) | Err(_) => return,
            Ok(_) => {}
        }
    }
}

/// A bot's stderr, read by a thread of the referee: its last 4 KiB.
struct Drain {
    kept: Arc<Mutex<Vec<u8>>>,
    done: mpsc::Receiver<()>,
}

const KEPT: usize = 4096;

fn drain(mut reader: io::PipeReader) -> Drain {
    let kept = Arc::new(Mutex::new(Vec::new()));
    let (tx, done) = mpsc::channel();
    let k = Arc::clone(&kept);
    std::thread::spawn(move || {
        let mut buf = [0u8; 8192];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            let mut kept = k.lock().unwrap_or_else(|p| p.into_inner());
            kept.extend_from_slice(&buf[..n]);
            if kept.len() > KEPT {
                let cut = kept.len() - KEPT;
                kept.drain(..cut);
            }
        }
        let _ = tx.send(());
    });
    Drain { kept, done }
}

impl Drain {
    /// The last lines the bot wrote (at most 5 lines, 600 bytes), once
    /// its processes are gone (or after 200 ms).
    fn tail(self) -> String {
        let _ = self.done.recv_timeout(Duration::from_millis(200));
        let kept = self.kept.lock().unwrap_or_else(|p| p.into_inner());
        let bytes = &kept[kept.len().saturating_sub(600)..];
        let text = String::from_utf8_lossy(bytes);
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let keep = &lines[lines.len().saturating_sub(5)..];
        keep.iter()
            .map(|l| crate::contest::escape(l))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// A directory the referee owns, readable by the bots' uid.
pub fn make_dir(path: &Path) -> io::Result<PathBuf> {
    use std::os::unix::fs::DirBuilderExt;
    fs::DirBuilder::new()
        .recursive(true)
        .mode(0o755)
        .create(path)?;
    Ok(path.to_path_buf())
}

/// Remove `path` and everything in it. A folder a bot left without read,
/// write or search permission (mkdir with mode 0300, say) is opened up to
/// its owner first: the bot's processes are gone by then, so nothing
/// changes under the referee's feet.
pub fn remove_tree(path: &Path) -> io::Result<()> {
    match fs::remove_dir_all(path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(_) => {
            open_up(path);
            fs::remove_dir_all(path)
        }
    }
}

/// Give the owner every right on `dir` and the folders below it (links
/// are not followed).
fn open_up(dir: &Path) {
    use std::os::unix::fs::PermissionsExt;
    if !fs::symlink_metadata(dir).is_ok_and(|m| m.is_dir()) {
        return;
    }
    let _ = fs::set_permissions(dir, fs::Permissions::from_mode(0o700));
    if let Ok(entries) = fs::read_dir(dir) {
        for e in entries.flatten() {
            open_up(&e.path());
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
