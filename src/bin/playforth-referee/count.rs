//! Per-move totals counted by the referee over the move's process tree,
//! where no control group keeps them (see `cgroup`).

use std::fs;
use std::time::Duration;

/// CPU time and memory of a group of processes.
#[derive(Default, Clone, Copy)]
pub struct Usage {
    pub cpu: Duration,
    pub memory: u64,
}

/// Every process of a move seen so far, by pid and start time, with
/// the CPU time it had used itself when last seen.
#[derive(Default)]
pub struct Ledger(std::collections::HashMap<(i32, u64), Duration>);

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
/// that lives less than `sandbox::COUNT_EVERY` may never be seen).
pub fn tree_usage(root: i32, ledger: &mut Ledger) -> Usage {
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
