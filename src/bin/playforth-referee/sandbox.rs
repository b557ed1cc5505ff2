//! Running one bot for one move, fenced in by the kernel.
//!
//! Every move starts a fresh process in its own process group with:
//!
//! - rlimits: CPU seconds, address space, file size, open files, no core
//!   dumps, and a process count (RLIMIT_NPROC, which the kernel counts per
//!   user namespace, so it holds even when the referee runs as root);
//! - when the referee runs as root, an unprivileged uid and gid and no
//!   supplementary groups;
//! - new user, network and PID namespaces: no network at all, not even to
//!   the host, and every process of the move dies with the namespace's
//!   first process (see `supervise`);
//! - a Landlock ruleset: read and execute only the system's folders
//!   (`SYSTEM_READ`), the bot's own copy, the paths the teacher allowed
//!   and the move's directory; write, create, remove or rename only inside
//!   the move's directory (and write /dev/null); TCP is refused and, on
//!   kernels that know how, signals and abstract sockets cannot reach past
//!   the bot's own processes;
//! - no file descriptors but 0, 1 and 2; stderr is a pipe the referee
//!   drains, so it counts against no file-size limit.
//!
//! The referee waits for the wall-clock limit, then kills the process group
//! and every process left in the bot's user namespace; if the referee itself
//! is killed, the kernel kills the move's processes (parent-death signal,
//! then the PID namespace).

use landlock::{
    ABI, Access, AccessFs, AccessNet, CompatLevel, Compatible, Ruleset, RulesetAttr,
    RulesetCreated, RulesetCreatedAttr, RulesetStatus, Scope, path_beneath_rules,
};
use nix::sched::{CloneFlags, unshare};
use nix::sys::resource::{Resource, setrlimit};
use nix::sys::signal::{Signal, kill, killpg};
use nix::unistd::{Gid, Pid, Uid, setgid, setgroups, setuid};
use std::fs;
use std::io::{self, Read};
use std::os::fd::AsRawFd;
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
    pub cpu_seconds: u64,
    pub memory_bytes: u64,
    pub file_bytes: u64,
    pub processes: u64,
    pub open_files: u64,
}

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
    /// User, network and PID namespaces can be made (or why not).
    pub namespaces: Result<(), String>,
    /// The uid bots run as when the referee is root.
    pub run_as: Option<u32>,
}

impl Protection {
    /// Probe the running kernel: build a Landlock ruleset, and start
    /// `true` in new namespaces as the bots' uid.
    pub fn probe(run_as: Option<u32>, scratch: &Path) -> Protection {
        let landlock = ruleset(scratch, &[]).map(|_| landlock_abi());
        let namespaces = probe_namespaces(run_as);
        Protection {
            landlock,
            namespaces,
            run_as,
        }
    }

    /// Is everything there that the referee needs to run untrusted bots?
    pub fn complete(&self) -> bool {
        self.landlock.is_ok() && self.namespaces.is_ok()
    }

    /// One line per fence: what holds and what does not.
    pub fn report(&self) -> Vec<String> {
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
        lines.push(match &self.namespaces {
            Ok(()) => "  yes  network cut, process count enforced, every process of a move \
                       killed with it (user, network and PID namespaces)"
                .into(),
            Err(e) => format!("  NO   network cut, process count, PID namespace: {e}"),
        });
        lines.push(match self.run_as {
            Some(uid) => format!("  yes  bots run as uid {uid}, not root"),
            None => "  yes  bots run as your own user (the referee is not root)".into(),
        });
        lines.push("  yes  time, CPU, memory, file size and open files limited (rlimits)".into());
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

/// Start `true` as the bots' uid in new user, network and PID namespaces.
fn probe_namespaces(run_as: Option<u32>) -> Result<(), String> {
    let mut cmd = Command::new(find_true());
    cmd.stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    // SAFETY: the closure only makes system calls (no allocation).
    unsafe {
        cmd.pre_exec(move || {
            become_user(run_as)?;
            unshare(
                CloneFlags::CLONE_NEWUSER | CloneFlags::CLONE_NEWNET | CloneFlags::CLONE_NEWPID,
            )?;
            Ok(())
        });
    }
    match cmd.status() {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(format!("`true` in a new namespace ended with {s}")),
        Err(e) => Err(format!("cannot make user, network and PID namespaces: {e}")),
    }
}

fn find_true() -> &'static str {
    ["/usr/bin/true", "/bin/true"]
        .into_iter()
        .find(|p| Path::new(p).exists())
        .unwrap_or("true")
}

/// The Landlock ruleset for a move in `dir`: read and run `readable`
/// (paths that do not exist are left out), everything in `dir`.
/// Filesystem access as in Landlock's first ABI is required; newer rights
/// (truncate, TCP, scopes) are added where the kernel knows them.
fn ruleset(dir: &Path, readable: &[&Path]) -> Result<RulesetCreated, String> {
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
            .add_rules(path_beneath_rules(["/dev/null"], AccessFs::from_file(abi)))?
            .add_rules(path_beneath_rules([dir], AccessFs::from_all(abi)))
    };
    made().map_err(|e| format!("Landlock is not available: {e}"))
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

/// How a bot's process ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// It could not be started (not a program, no `#!` line ...).
    NotStarted(String),
    Exited(i32),
    Signalled(i32),
    TimedOut,
}

/// What one run of a bot did.
#[derive(Debug, Clone)]
pub struct Run {
    pub ending: Ending,
    /// Peak resident memory of the bot, in bytes.
    pub peak_memory: u64,
    /// CPU time (user and system) the bot and its children used.
    pub cpu: Duration,
    /// Processes besides the bot still alive when it ended.
    pub leftovers: usize,
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
}

/// The report the namespace's first process writes when the bot ends:
/// the bot's wait status and how many processes it left running.
const REPORT_BYTES: usize = 8;

impl Sandbox {
    /// Run `program args` in `dir` (made for this move); the bot may also
    /// read `own` (its copy). Returns when it ends or the wall-clock limit
    /// is up.
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
        let (mut report_reader, report_writer) = io::pipe()?;
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
            Some(ruleset(dir, &readable).map_err(io::Error::other)?)
        } else {
            None
        };
        let namespaces = self.protection.namespaces.is_ok();
        let run_as = self.protection.run_as;
        let limits = self.limits.clone();
        let referee = nix::unistd::getpid();
        let report = report_writer.as_raw_fd();
        // SAFETY: between fork and exec the closure makes system calls only
        // (fork, wait, write, close, prctl, kill, _exit); the ruleset was
        // built (and allocated) before the fork.
        unsafe {
            cmd.pre_exec(move || {
                become_user(run_as)?;
                if namespaces {
                    unshare(
                        CloneFlags::CLONE_NEWUSER
                            | CloneFlags::CLONE_NEWNET
                            | CloneFlags::CLONE_NEWPID,
                    )?;
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
                let helpers = if namespaces { 2 } else { 0 };
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
                if namespaces {
                    supervise(report)?;
                }
                // Only the bot's own process gets here: it keeps 0, 1, 2.
                cloexec_from(3);
                if let Some(rules) = landlock.take() {
                    let status = rules.restrict_self().map_err(io::Error::other)?;
                    if status.ruleset == RulesetStatus::NotEnforced {
                        return Err(io::Error::from_raw_os_error(libc::EPERM));
                    }
                }
                Ok(())
            });
        }
        let stderr = drain(stderr_reader);
        let start = Instant::now();
        let spawned = cmd.spawn();
        // The referee's copies of the pipes' writing ends: once they are
        // closed, the readers see the end when the move's processes are gone.
        drop(cmd);
        drop(report_writer);
        let child = match spawned {
            Ok(child) => child,
            Err(e) => {
                let ending = Ending::NotStarted(e.to_string());
                reap_orphans();
                return Ok(Run {
                    ending,
                    peak_memory: 0,
                    cpu: Duration::ZERO,
                    leftovers: 0,
                    stderr_tail: stderr.tail(),
                });
            }
        };
        let pid = Pid::from_raw(child.id() as i32);
        let namespace = fs::read_link(format!("/proc/{pid}/ns/user"))
            .ok()
            .filter(|_| namespaces);
        let waited = wait_until(pid, start + self.limits.move_time, namespace.as_deref());
        let _ = killpg(pid, Signal::SIGKILL);
        let swept = match &namespace {
            Some(ns) => sweep(ns),
            None => 0,
        };
        reap_orphans();
        if let Some(sig) = stopped() {
            return Err(io::Error::new(io::ErrorKind::Interrupted, stop_reason(sig)));
        }
        let mut bytes = [0u8; REPORT_BYTES];
        let reported = namespaces && report_reader.read_exact(&mut bytes).is_ok();
        let (ending, leftovers) = match waited.ending {
            Ending::TimedOut => (Ending::TimedOut, swept),
            _ if reported => {
                let [a, b, c, d, e, f, g, h] = bytes;
                let status = i32::from_ne_bytes([a, b, c, d]);
                let left = u32::from_ne_bytes([e, f, g, h]) as usize;
                (ending_of(status), left)
            }
            ending => (ending, swept),
        };
        Ok(Run {
            ending,
            peak_memory: waited.peak_memory,
            cpu: waited.cpu,
            leftovers,
            stderr_tail: stderr.tail(),
        })
    }
}

/// In the bot's new PID namespace, split the move into three processes:
/// this one (outside the namespace, the referee's child) waits for the
/// namespace's first process and exits; that first process (PID 1 there)
/// waits for the bot, then kills every other process of the namespace,
/// counts them and writes its report to `report`; the bot, its child,
/// returns from here and goes on to exec. When PID 1 ends, the kernel
/// kills whatever is left in the namespace (a daemon in a session of its
/// own included), and PID 1 dies with this process (parent-death signal),
/// which dies with the referee.
///
/// # Safety
///
/// Call only between fork and exec: it forks and exits.
unsafe fn supervise(report: i32) -> io::Result<()> {
    use nix::unistd::{ForkResult, fork};
    // SAFETY: this process is single-threaded (a fresh fork's child).
    match unsafe { fork() }? {
        ForkResult::Parent { child } => {
            close_from(3, None);
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
    // SAFETY: as above.
    let bot = match unsafe { fork() }? {
        ForkResult::Child => return Ok(()),
        ForkResult::Parent { child } => child.as_raw(),
    };
    close_from(3, Some(report));
    let mut status = 0;
    loop {
        let mut s = 0;
        // SAFETY: waiting for any child of ours (the orphans are ours too).
        let r = unsafe { libc::waitpid(-1, &mut s, 0) };
        if r == bot {
            status = s;
            break;
        }
        if r < 0 && io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            break;
        }
    }
    // SAFETY: -1 from PID 1 of a namespace: every other process there.
    unsafe { libc::kill(-1, libc::SIGKILL) };
    let mut left: u32 = 0;
    loop {
        // SAFETY: as above.
        let r = unsafe { libc::waitpid(-1, std::ptr::null_mut(), 0) };
        if r > 0 {
            left += 1;
        } else if io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            break;
        }
    }
    let mut bytes = [0u8; REPORT_BYTES];
    bytes[..4].copy_from_slice(&status.to_ne_bytes());
    bytes[4..].copy_from_slice(&left.to_ne_bytes());
    // SAFETY: writing our own buffer to the report pipe, then leaving.
    unsafe {
        libc::write(report, bytes.as_ptr().cast(), REPORT_BYTES);
        libc::_exit(0)
    }
}

/// Close every file descriptor from `first` up, but `keep`.
fn close_from(first: u32, keep: Option<i32>) {
    let ranges = match keep {
        Some(k) if k as u32 >= first => [(first, k as u32 - 1), (k as u32 + 1, u32::MAX)],
        _ => [(first, u32::MAX), (1, 0)],
    };
    for (low, high) in ranges {
        if low <= high {
            close_range(low, high, 0);
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

/// What waiting for the move's process found.
struct Waited {
    ending: Ending,
    peak_memory: u64,
    cpu: Duration,
}

/// Wait for `pid` until `deadline`; at the deadline kill its group, after
/// measuring the CPU time the processes of namespace `ns` have used.
/// Peak memory and CPU come from the kernel's rusage of `pid` and the
/// children it waited for.
fn wait_until(pid: Pid, deadline: Instant, ns: Option<&Path>) -> Waited {
    let mut timed_out = None;
    loop {
        let mut status = 0;
        // SAFETY: rusage is plain data the kernel fills in.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let flags = if timed_out.is_some() {
            0
        } else {
            libc::WNOHANG
        };
        // SAFETY: waiting for our own child with valid out-pointers.
        let r = unsafe { libc::wait4(pid.as_raw(), &mut status, flags, &mut usage) };
        if r == pid.as_raw() {
            let time = |t: libc::timeval| {
                Duration::from_secs(t.tv_sec.max(0) as u64)
                    + Duration::from_micros(t.tv_usec.max(0) as u64)
            };
            let used = time(usage.ru_utime) + time(usage.ru_stime);
            return Waited {
                ending: if timed_out.is_some() {
                    Ending::TimedOut
                } else {
                    ending_of(status)
                },
                peak_memory: usage.ru_maxrss.max(0) as u64 * 1024,
                cpu: timed_out.unwrap_or(used),
            };
        }
        if r < 0 && io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            return Waited {
                ending: Ending::Exited(-1),
                peak_memory: 0,
                cpu: Duration::ZERO,
            };
        }
        if timed_out.is_none() && (Instant::now() >= deadline || stopped().is_some()) {
            timed_out = Some(match ns {
                Some(ns) => namespace_cpu(ns),
                None => process_cpu(&format!("/proc/{pid}/stat")),
            });
            let _ = killpg(pid, Signal::SIGKILL);
            continue;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
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

/// The CPU time the processes of namespace `ns` have used so far, their
/// waited-for children's included.
fn namespace_cpu(ns: &Path) -> Duration {
    in_namespace(ns)
        .iter()
        .map(|pid| process_cpu(&format!("/proc/{pid}/stat")))
        .sum()
}

/// utime + stime + cutime + cstime from a /proc/PID/stat file.
fn process_cpu(stat: &str) -> Duration {
    let Ok(text) = fs::read_to_string(stat) else {
        return Duration::ZERO;
    };
    // The command name, in parentheses, may hold spaces: count from the ')'.
    let Some(rest) = text.rfind(')').map(|i| &text[i + 1..]) else {
        return Duration::ZERO;
    };
    let ticks: u64 = rest
        .split_whitespace()
        .skip(11)
        .take(4)
        .filter_map(|f| f.parse::<u64>().ok())
        .sum();
    // SAFETY: sysconf reads a constant.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    Duration::from_millis(ticks * 1000 / hz)
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
            .map(|l| {
                l.chars()
                    .map(|c| if c.is_control() { '?' } else { c })
                    .collect::<String>()
            })
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
