//! Running one bot for one move, fenced in by the kernel.
//!
//! Every move starts a fresh process in its own process group with:
//!
//! - rlimits per process: CPU seconds, address space, file size, open
//!   files, no core dumps, and a process count (RLIMIT_NPROC, which the
//!   kernel counts per user namespace, so it holds for the whole move even
//!   when the referee runs as root);
//! - per move: the CPU time and memory of all the move's processes
//!   together, kept by a control group of the move's own where the host
//!   lets the referee make one (`cgroup`), else counted by the referee
//!   over the move's process tree (`count`); read every `COUNT_EVERY`,
//!   the move ended past a limit;
//! - when the referee runs as root, an unprivileged uid and gid and no
//!   supplementary groups;
//! - new user, network, PID, IPC and mount namespaces: no network at all,
//!   no SysV IPC shared with anything, every process of the move dies with
//!   the namespace's first process, and the move's folder is a RAM disk
//!   (tmpfs) of `--disk` bytes seen by the move's processes only
//!   (`supervisor`);
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
//! The namespace's first process (the supervisor) reads the move
//! (play.txt) from the RAM disk when the bot ends and sends it to the
//! referee with the bot's exit status. The referee ends a move at the
//! wall-clock limit or past a per-move limit by telling the supervisor,
//! which kills every process of the move; if the referee itself is
//! killed, the kernel kills the move's processes (parent-death signal,
//! then the PID namespace).

use crate::cgroup::{Cgroups, MoveGroup};
use crate::count::{Ledger, Usage, tree_usage};
use crate::seccomp;
use crate::supervisor::{
    MoveFolder, Play, REPORT_BYTES, Report, cloexec_from, enter_namespaces, read_play, supervise,
};
use landlock::{
    ABI, Access, AccessFs, AccessNet, CompatLevel, Compatible, PathBeneath, Ruleset, RulesetAttr,
    RulesetCreated, RulesetCreatedAttr, RulesetStatus, Scope, path_beneath_rules,
};
use nix::sys::resource::{Resource, setrlimit};
use nix::sys::signal::{Signal, kill, killpg};
use nix::unistd::{Gid, Pid, Uid, setgid, setgroups, setuid};
use std::ffi::CStr;
use std::fs;
use std::io::{self, Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
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

/// A wait status as an `Ending`.
pub fn ending_of(status: i32) -> Ending {
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
