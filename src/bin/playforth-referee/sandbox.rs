//! Running one bot for one move, fenced in by the kernel.
//!
//! Every move starts a fresh process in its own process group with:
//!
//! - rlimits: CPU seconds, address space, file size, open files, no core
//!   dumps, and a process count (RLIMIT_NPROC, which the kernel counts per
//!   user namespace, so it holds even when the referee runs as root);
//! - when the referee runs as root, an unprivileged uid and gid and no
//!   supplementary groups;
//! - a new user namespace and, inside it, a new network namespace: no
//!   network at all, not even to the host;
//! - a Landlock ruleset: read and execute anywhere, write, create, remove
//!   or rename only inside the move's directory (and write /dev/null);
//!   TCP is refused and, on kernels that know how, signals and abstract
//!   sockets cannot reach past the bot's own processes.
//!
//! The referee waits for the wall-clock limit, then kills the process group
//! and every process left in the bot's user namespace (a bot's children
//! that moved to a group of their own included).

use landlock::{
    ABI, Access, AccessFs, AccessNet, CompatLevel, Compatible, Ruleset, RulesetAttr,
    RulesetCreated, RulesetCreatedAttr, RulesetStatus, Scope, path_beneath_rules,
};
use nix::sched::{CloneFlags, unshare};
use nix::sys::resource::{Resource, setrlimit};
use nix::sys::signal::{Signal, kill, killpg};
use nix::unistd::{Gid, Pid, Uid, setgid, setgroups, setuid};
use std::fs::{self, File};
use std::io::{self, Read, Seek, SeekFrom};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
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

/// Which of the kernel's fences this system offers.
#[derive(Debug, Clone)]
pub struct Protection {
    /// Landlock can confine the filesystem (or why not).
    pub landlock: Result<(), String>,
    /// A user and network namespace can be made (or why not).
    pub namespaces: Result<(), String>,
    /// The uid bots run as when the referee is root.
    pub run_as: Option<u32>,
}

impl Protection {
    /// Probe the running kernel: build a Landlock ruleset, and start
    /// `true` in new user and network namespaces as the bots' uid.
    pub fn probe(run_as: Option<u32>, scratch: &Path) -> Protection {
        let landlock = ruleset(scratch).map(drop);
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
        let say = |what: &str, r: &Result<(), String>| match r {
            Ok(()) => format!("  yes  {what}"),
            Err(e) => format!("  NO   {what}: {e}"),
        };
        lines.push(say(
            "filesystem: writes only in the bot's own directory (Landlock)",
            &self.landlock,
        ));
        lines.push(say(
            "network cut, process count enforced (user and network namespaces)",
            &self.namespaces,
        ));
        lines.push(match self.run_as {
            Some(uid) => format!("  yes  bots run as uid {uid}, not root"),
            None => "  yes  bots run as your own user (the referee is not root)".into(),
        });
        lines.push("  yes  time, CPU, memory, file size and open files limited (rlimits)".into());
        lines.push("  yes  a new process group per move, killed when the move ends".into());
        lines
    }
}

/// Start `true` as the bots' uid in new user and network namespaces.
fn probe_namespaces(run_as: Option<u32>) -> Result<(), String> {
    let mut cmd = Command::new(find_true());
    cmd.stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    // SAFETY: the closure only makes system calls (no allocation).
    unsafe {
        cmd.pre_exec(move || {
            become_user(run_as)?;
            unshare(CloneFlags::CLONE_NEWUSER | CloneFlags::CLONE_NEWNET)?;
            Ok(())
        });
    }
    match cmd.status() {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(format!("`true` in a new namespace ended with {s}")),
        Err(e) => Err(format!("cannot make a user and network namespace: {e}")),
    }
}

fn find_true() -> &'static str {
    ["/usr/bin/true", "/bin/true"]
        .into_iter()
        .find(|p| Path::new(p).exists())
        .unwrap_or("true")
}

/// The Landlock ruleset for a move in `dir`. Filesystem access as in
/// Landlock's first ABI is required; newer rights (truncate, TCP, scopes)
/// are added where the kernel knows them.
fn ruleset(dir: &Path) -> Result<RulesetCreated, String> {
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
            .add_rules(path_beneath_rules(["/"], AccessFs::from_read(abi)))?
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
    /// Processes still alive in the bot's namespace when the move ended.
    pub leftovers: usize,
    pub stderr_tail: String,
}

/// Runs bots under the limits and fences chosen for the contest.
pub struct Sandbox {
    pub limits: Limits,
    /// The fences this kernel offers; those it lacks are skipped (the
    /// referee refuses to start without them unless --unprotected).
    pub protection: Protection,
}

impl Sandbox {
    /// Run `program args` in `dir` (made for this move), its stderr into
    /// `stderr_path`. Returns when it ends or the wall-clock limit is up.
    pub fn run(
        &self,
        program: &Path,
        args: &[String],
        dir: &Path,
        stderr_path: &Path,
        env: &[(String, String)],
    ) -> io::Result<Run> {
        if let Some(id) = self.protection.run_as {
            nix::unistd::chown(dir, Some(Uid::from_raw(id)), Some(Gid::from_raw(id)))?;
        }
        let stderr = File::create(stderr_path)?;
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
            .stderr(stderr.try_clone()?)
            .process_group(0);
        let landlock = if self.protection.landlock.is_ok() {
            Some(ruleset(dir).map_err(io::Error::other)?)
        } else {
            None
        };
        let namespaces = self.protection.namespaces.is_ok();
        let run_as = self.protection.run_as;
        let limits = self.limits.clone();
        let mut landlock = landlock;
        // SAFETY: between fork and exec the closure makes system calls only;
        // the ruleset was built (and allocated) before the fork.
        unsafe {
            cmd.pre_exec(move || {
                become_user(run_as)?;
                if namespaces {
                    unshare(CloneFlags::CLONE_NEWUSER | CloneFlags::CLONE_NEWNET)?;
                }
                // After the new user namespace: RLIMIT_NPROC then counts the
                // bot's own processes there, not all of its uid's.
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
                setrlimit(Resource::RLIMIT_NPROC, limits.processes, limits.processes)?;
                if let Some(rules) = landlock.take() {
                    let status = rules.restrict_self().map_err(io::Error::other)?;
                    if status.ruleset == RulesetStatus::NotEnforced {
                        return Err(io::Error::from_raw_os_error(libc::EPERM));
                    }
                }
                Ok(())
            });
        }
        let start = Instant::now();
        let child = match cmd.spawn() {
            Ok(child) => child,
            Err(e) => {
                let ending = Ending::NotStarted(e.to_string());
                let stderr_tail = tail(stderr_path);
                return Ok(Run {
                    ending,
                    peak_memory: 0,
                    leftovers: 0,
                    stderr_tail,
                });
            }
        };
        let pid = Pid::from_raw(child.id() as i32);
        let namespace = fs::read_link(format!("/proc/{pid}/ns/user")).ok();
        let (ending, peak_memory) = wait_until(pid, start + self.limits.move_time);
        let _ = killpg(pid, Signal::SIGKILL);
        let leftovers = match namespace.filter(|_| namespaces) {
            Some(ns) => sweep(&ns),
            None => 0,
        };
        reap_orphans();
        if stopped() {
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                "stopped by Ctrl-C",
            ));
        }
        Ok(Run {
            ending,
            peak_memory,
            leftovers,
            stderr_tail: tail(stderr_path),
        })
    }
}

/// Raised by Ctrl-C (SIGINT, SIGTERM): the move under way is cut short,
/// its bot killed, and the contest stops with the games played so far.
pub static STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Has the teacher stopped the contest?
pub fn stopped() -> bool {
    STOP.load(std::sync::atomic::Ordering::SeqCst)
}

/// Wait for `pid` until `deadline`; at the deadline kill its group.
/// Returns how it ended and its peak memory (from the kernel's rusage).
fn wait_until(pid: Pid, deadline: Instant) -> (Ending, u64) {
    let mut timed_out = false;
    loop {
        let mut status = 0;
        // SAFETY: rusage is plain data the kernel fills in.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let flags = if timed_out { 0 } else { libc::WNOHANG };
        // SAFETY: waiting for our own child with valid out-pointers.
        let r = unsafe { libc::wait4(pid.as_raw(), &mut status, flags, &mut usage) };
        if r == pid.as_raw() {
            let peak = usage.ru_maxrss.max(0) as u64 * 1024;
            let ending = if timed_out {
                Ending::TimedOut
            } else if libc::WIFSIGNALED(status) {
                Ending::Signalled(libc::WTERMSIG(status))
            } else {
                Ending::Exited(libc::WEXITSTATUS(status))
            };
            return (ending, peak);
        }
        if r < 0 && io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            return (Ending::Exited(-1), 0);
        }
        if !timed_out && (Instant::now() >= deadline || stopped()) {
            let _ = killpg(pid, Signal::SIGKILL);
            timed_out = true;
            continue;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Kill every process whose user namespace is `ns`; how many there were.
/// Repeated a few times, in case one was forking while we looked.
fn sweep(ns: &Path) -> usize {
    let me = std::process::id();
    let mut killed = std::collections::HashSet::new();
    for _ in 0..5 {
        let mut found = false;
        let Ok(entries) = fs::read_dir("/proc") else {
            break;
        };
        for e in entries.flatten() {
            let Some(pid) = e.file_name().to_str().and_then(|s| s.parse::<i32>().ok()) else {
                continue;
            };
            if pid as u32 == me {
                continue;
            }
            if fs::read_link(e.path().join("ns/user")).ok().as_deref() == Some(ns) {
                let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
                killed.insert(pid);
                found = true;
            }
        }
        if !found {
            break;
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

/// The last lines of a bot's stderr (at most 5 lines, 600 bytes).
fn tail(path: &Path) -> String {
    let Ok(mut f) = File::open(path) else {
        return String::new();
    };
    let len = f.metadata().map(|m| m.len()).unwrap_or(0);
    let _ = f.seek(SeekFrom::Start(len.saturating_sub(600)));
    let mut bytes = vec![];
    let _ = f.take(600).read_to_end(&mut bytes);
    let text = String::from_utf8_lossy(&bytes);
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

/// A directory the referee owns, readable by the bots' uid.
pub fn make_dir(path: &Path) -> io::Result<PathBuf> {
    use std::os::unix::fs::DirBuilderExt;
    fs::DirBuilder::new()
        .recursive(true)
        .mode(0o755)
        .create(path)?;
    Ok(path.to_path_buf())
}
