//! Per-move totals kept by the kernel: a control group for each move,
//! where the referee may make one.
//!
//! A move's processes join its group before the bot starts (see
//! `sandbox`), so every process it starts is in it, however it ends:
//! the kernel counts their CPU time (the ended ones' too), caps their
//! memory together (its RAM disk's pages included; past the cap it kills
//! one of them) and their number. Version 2 is used when the referee's own
//! group, or else the hierarchy's root, hands the memory and pids
//! controllers down (a group delegated to the referee's user; the root
//! group, for root); else version 1's cpuacct, memory and pids
//! hierarchies, which root may write on hosts that still mount them. The
//! referee's per-contest group is `playforth-referee-PID` in that group;
//! each move's, `move` in it, is made anew and removed after the move.
//! Elsewhere (a normal user without delegation) the referee counts over
//! the move's process tree (`count`).

use std::fs;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The per-contest groups the moves' groups are made in.
#[derive(Debug)]
pub struct Cgroups {
    version: Version,
    /// v2: one folder; v1: the cpuacct, memory and pids folders.
    contest: Vec<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Version {
    V1,
    V2,
}

/// The v1 controllers a move needs, each in a hierarchy of its own or
/// shared (cpu,cpuacct).
const V1_CONTROLLERS: [&str; 3] = ["cpuacct", "memory", "pids"];

impl Cgroups {
    /// Make the contest's groups, v2 if the host's v2 hierarchy lets the
    /// referee, else v1; or say why neither can be used.
    pub fn make() -> Result<Cgroups, String> {
        let mounts = fs::read_to_string("/proc/self/mountinfo").map_err(|e| e.to_string())?;
        let own = fs::read_to_string("/proc/self/cgroup").map_err(|e| e.to_string())?;
        let name = format!("playforth-referee-{}", std::process::id());
        // The referee's own group first, then (as root, where systemd
        // runs everything in groups of its own) the hierarchy's root.
        let mut why_not_v2 = "no cgroup v2 hierarchy".to_string();
        for parent in v2_folders(&mounts, &own) {
            match make_v2(&parent, &name) {
                Ok(groups) => return Ok(groups),
                Err(e) => why_not_v2 = e,
            }
        }
        let mut contest = vec![];
        for controller in V1_CONTROLLERS {
            let made = v1_folder(&mounts, &own, controller)
                .ok_or_else(|| format!("no cgroup v1 {controller} hierarchy"))
                .and_then(|parent| {
                    let dir = parent.join(&name);
                    if contest.contains(&dir) {
                        return Ok(dir);
                    }
                    remove_abandoned(&parent);
                    fs::create_dir(&dir)
                        .map(|()| dir)
                        .map_err(|e| format!("{}: {e}", parent.display()))
                });
            match made {
                Ok(dir) => contest.push(dir),
                Err(why_not_v1) => {
                    remove_groups(&contest);
                    return Err(format!("cgroup v2: {why_not_v2}; v1: {why_not_v1}"));
                }
            }
        }
        Ok(Cgroups {
            version: Version::V1,
            contest,
        })
    }

    /// "cgroup v2" or "cgroup v1: cpuacct, memory, pids".
    pub fn describe(&self) -> String {
        match self.version {
            Version::V2 => "cgroup v2".into(),
            Version::V1 => format!("cgroup v1: {}", V1_CONTROLLERS.join(", ")),
        }
    }

    /// A fresh group for one move, with its memory and process caps.
    pub fn for_move(&self, memory: u64, processes: u64) -> io::Result<MoveGroup> {
        // In v1 two controllers may share a hierarchy (and so a folder).
        let dirs: Vec<PathBuf> = self.contest.iter().map(|c| c.join("move")).collect();
        let mut unique: Vec<PathBuf> = vec![];
        for d in &dirs {
            if !unique.contains(d) {
                unique.push(d.clone());
            }
        }
        for d in &unique {
            if d.exists() {
                remove_group(d)?;
            }
            fs::create_dir(d).map_err(|e| at(d, e))?;
        }
        let group = MoveGroup {
            version: self.version,
            join: unique
                .iter()
                .map(|d| {
                    fs::OpenOptions::new()
                        .write(true)
                        .open(d.join("cgroup.procs"))
                        .map(OwnedFd::from)
                        .map_err(|e| at(d, e))
                })
                .collect::<io::Result<_>>()?,
            dirs,
            unique,
        };
        let set = |file: &str, value: String| -> io::Result<()> {
            let path = group.file(file);
            fs::write(&path, value).map_err(|e| at(&path, e))
        };
        match self.version {
            Version::V2 => {
                set("memory.max", memory.to_string())?;
                if group.file("memory.swap.max").exists() {
                    set("memory.swap.max", "0".into())?;
                }
            }
            Version::V1 => {
                set("memory.limit_in_bytes", memory.to_string())?;
                if group.file("memory.memsw.limit_in_bytes").exists() {
                    set("memory.memsw.limit_in_bytes", memory.to_string())?;
                }
            }
        }
        set("pids.max", processes.to_string())?;
        Ok(group)
    }
}

impl Drop for Cgroups {
    fn drop(&mut self) {
        remove_groups(&self.contest);
    }
}

/// One move's group.
#[derive(Debug)]
pub struct MoveGroup {
    version: Version,
    /// The group's folder in each controller's hierarchy (v1), or its one
    /// folder (v2).
    dirs: Vec<PathBuf>,
    /// The distinct folders among them.
    unique: Vec<PathBuf>,
    /// Each hierarchy's cgroup.procs, open for writing: the move's first
    /// process writes 0 to each (itself) before it forks.
    join: Vec<OwnedFd>,
}

impl MoveGroup {
    /// The descriptors the move's first process writes to, to join.
    pub fn join_fds(&self) -> Vec<RawFd> {
        self.join.iter().map(AsRawFd::as_raw_fd).collect()
    }

    /// The folder that holds `file` (its controller's, in v1).
    fn file(&self, file: &str) -> PathBuf {
        let index = match (self.version, file.split('.').next()) {
            (Version::V2, _) => 0,
            (Version::V1, Some(controller)) => V1_CONTROLLERS
                .iter()
                .position(|c| *c == controller)
                .unwrap_or(0),
            (Version::V1, None) => 0,
        };
        self.dirs[index].join(file)
    }

    fn read(&self, file: &str) -> String {
        fs::read_to_string(self.file(file)).unwrap_or_default()
    }

    /// The CPU time the move's processes have used, ended ones included.
    pub fn cpu(&self) -> Duration {
        match self.version {
            Version::V2 => Duration::from_micros(field(&self.read("cpu.stat"), "usage_usec")),
            Version::V1 => {
                Duration::from_nanos(self.read("cpuacct.usage").trim().parse().unwrap_or(0))
            }
        }
    }

    /// The most memory the move's processes held together.
    pub fn peak_memory(&self) -> u64 {
        let file = match self.version {
            Version::V2 => "memory.peak",
            Version::V1 => "memory.max_usage_in_bytes",
        };
        self.read(file).trim().parse().unwrap_or(0)
    }

    /// How many of the move's processes the kernel killed for want of
    /// memory.
    pub fn oom_kills(&self) -> u64 {
        match self.version {
            Version::V2 => field(&self.read("memory.events"), "oom_kill"),
            Version::V1 => field(&self.read("memory.oom_control"), "oom_kill"),
        }
    }
}

impl Drop for MoveGroup {
    fn drop(&mut self) {
        for d in &self.unique {
            let _ = remove_group(d);
        }
    }
}

/// The number after `name` in a "name value" per line file.
fn field(text: &str, name: &str) -> u64 {
    text.lines()
        .filter_map(|l| l.split_once(' '))
        .find(|(k, _)| *k == name)
        .and_then(|(_, v)| v.trim().parse().ok())
        .unwrap_or(0)
}

/// The v2 folders of the referee's own group and of the hierarchy's
/// root, if the host mounts v2.
fn v2_folders(mounts: &str, own: &str) -> Vec<PathBuf> {
    let found = || -> Option<Vec<PathBuf>> {
        let path = own.lines().find_map(|l| l.strip_prefix("0::"))?;
        let (root, mount) = mounts.lines().find_map(|l| {
            let (left, right) = l.split_once(" - ")?;
            (right.split_whitespace().next()? == "cgroup2").then_some(())?;
            let mut fields = left.split_whitespace();
            Some((fields.nth(3)?, fields.next()?))
        })?;
        let mut folders = vec![inside(mount, root, path)?];
        if folders[0] != Path::new(mount) {
            folders.push(PathBuf::from(mount));
        }
        Some(folders)
    };
    found().unwrap_or_default()
}

/// The folder of the referee's group in the v1 hierarchy of `controller`.
fn v1_folder(mounts: &str, own: &str, controller: &str) -> Option<PathBuf> {
    let path = own.lines().find_map(|l| {
        let mut parts = l.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        controllers
            .split(',')
            .any(|c| c == controller)
            .then_some(path)
    })?;
    let (root, mount) = mounts.lines().find_map(|l| {
        let (left, right) = l.split_once(" - ")?;
        let mut kind = right.split_whitespace();
        (kind.next()? == "cgroup").then_some(())?;
        let options = kind.nth(1)?;
        options.split(',').any(|o| o == controller).then_some(())?;
        let mut fields = left.split_whitespace();
        Some((fields.nth(3)?, fields.next()?))
    })?;
    inside(mount, root, path)
}

/// The folder of group `path` in a hierarchy whose `root` is mounted at
/// `mount`.
fn inside(mount: &str, root: &str, path: &str) -> Option<PathBuf> {
    let below = path.strip_prefix(root)?.trim_start_matches('/');
    let dir = Path::new(mount).join(below);
    dir.is_dir().then_some(dir)
}

/// The contest's v2 group in `parent`, if the memory and pids controllers
/// reach it (and so its moves' groups).
fn make_v2(parent: &Path, name: &str) -> Result<Cgroups, String> {
    let handed = fs::read_to_string(parent.join("cgroup.subtree_control")).unwrap_or_default();
    for needed in ["memory", "pids"] {
        if !handed.split_whitespace().any(|c| c == needed) {
            return Err(format!(
                "{} does not hand the {needed} controller down",
                parent.display()
            ));
        }
    }
    remove_abandoned(parent);
    let dir = parent.join(name);
    fs::create_dir(&dir).map_err(|e| format!("{}: {e}", parent.display()))?;
    let groups = Cgroups {
        version: Version::V2,
        contest: vec![dir.clone()],
    };
    fs::write(dir.join("cgroup.subtree_control"), "+memory +pids")
        .map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(groups)
}

/// Remove the groups of referees no longer running (one killed by
/// SIGKILL cannot remove its own).
fn remove_abandoned(parent: &Path) {
    for e in crate::abandoned(parent, |pid| Some(pid.to_string())) {
        remove_groups(&[e.path()]);
    }
}

/// Remove contest groups: each one's move group, then itself.
fn remove_groups(dirs: &[PathBuf]) {
    for d in dirs {
        if !d.exists() {
            continue;
        }
        let _ = remove_group(&d.join("move"));
        let _ = remove_group(d);
    }
}

/// Remove an empty group; its last processes may still be exiting, so
/// try for up to a second.
fn remove_group(dir: &Path) -> io::Result<()> {
    let deadline = Instant::now() + Duration::from_secs(1);
    loop {
        match fs::remove_dir(dir) {
            Ok(()) => return Ok(()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
            Err(e) if Instant::now() >= deadline => return Err(at(dir, e)),
            Err(_) => std::thread::sleep(Duration::from_millis(5)),
        }
    }
}

fn at(path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}
