//! The fences a session's process puts up around itself before it runs a
//! student's first line (Linux). The interpreter already refuses `system`
//! and bounds its stacks, memory and output; these hold even if it had a
//! bug:
//!
//! - **Landlock**: no file outside the session's own scratch folder may be
//!   read, written, run or made (the example games and the course are
//!   compiled in); on kernels with Landlock's sixth ABI, no signal to a
//!   process outside the session and no abstract Unix socket either.
//! - **seccomp**: the contest referee's filter (no socket of any kind, no
//!   io_uring, no chmod/chown/xattr, no hidden shared state, no ptrace),
//!   and for a session also no new program (execve), no new process
//!   (fork, vfork, clone without a thread) and no signal sent anywhere.
//! - **rlimits**: address space, CPU seconds for the whole session, file
//!   size, open files, no core dumps.
//!
//! `apply_landlock` runs on the main thread before any other thread is
//! started (a Landlock domain is per thread, inherited by threads made
//! after it); `apply_seccomp` runs once all threads exist, and filters
//! every one of them (TSYNC).

// The referee's filter, shared: one list of refused calls for both.
#[path = "../bin/playforth-referee/seccomp.rs"]
#[allow(dead_code)]
mod seccomp;

use landlock::{
    ABI, Access, AccessFs, AccessNet, CompatLevel, Compatible, Ruleset, RulesetAttr,
    RulesetCreatedAttr, RulesetStatus, Scope, path_beneath_rules,
};
use nix::sys::resource::{Resource, setrlimit};
use std::path::Path;

/// The limits of one session's process.
#[derive(Clone, Copy, Debug)]
pub struct Rlimits {
    /// Address space, bytes.
    pub memory: u64,
    /// CPU seconds over the whole session (the per-line budget is the
    /// session's own watchdog; this is the backstop).
    pub cpu_seconds: u64,
    /// The largest file the session may write, bytes.
    pub file_bytes: u64,
}

/// Fence the filesystem: everything in `scratch`, nothing else.
pub fn apply_landlock(scratch: &Path) -> &'static str {
    let abi = ABI::V6;
    let made = || -> Result<RulesetStatus, landlock::RulesetError> {
        Ok(Ruleset::default()
            .set_compatibility(CompatLevel::HardRequirement)
            .handle_access(AccessFs::from_all(ABI::V1))?
            .set_compatibility(CompatLevel::BestEffort)
            .handle_access(AccessFs::from_all(abi))?
            .handle_access(AccessNet::from_all(abi))?
            .scope(Scope::from_all(abi))?
            .create()?
            .add_rules(path_beneath_rules([scratch], AccessFs::from_all(abi)))?
            .restrict_self()?
            .ruleset)
    };
    match made() {
        Ok(RulesetStatus::FullyEnforced) => "full",
        Ok(RulesetStatus::PartiallyEnforced) => "partial (an older kernel)",
        Ok(RulesetStatus::NotEnforced) | Err(_) => "none (no Landlock in this kernel)",
    }
}

/// The calls a session never makes, beyond the referee's list.
fn session_refusals() -> Vec<i64> {
    use libc::*;
    // (Only x86-64 adds calls below.)
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
    let mut calls = vec![
        SYS_execve,
        SYS_execveat,
        SYS_kill,
        SYS_tkill,
        SYS_tgkill,
        SYS_pidfd_open,
        SYS_pidfd_send_signal,
        SYS_rt_sigqueueinfo,
        SYS_rt_tgsigqueueinfo,
    ];
    #[cfg(target_arch = "x86_64")]
    calls.extend([SYS_fork, SYS_vfork]);
    calls
}

/// Filter every thread of this process: the referee's refusals, then the
/// session's own (a second filter: the strictest answer wins).
pub fn apply_seccomp() -> Result<(), String> {
    use seccompiler::{
        BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
        SeccompRule, TargetArch,
    };
    use std::collections::BTreeMap;
    let shared = seccomp::program()?;
    let arch = TargetArch::try_from(std::env::consts::ARCH).map_err(|e| e.to_string())?;
    let mut rules: BTreeMap<i64, Vec<SeccompRule>> = session_refusals()
        .into_iter()
        .map(|call| (call, vec![]))
        .collect();
    // clone makes a thread (allowed: the standard library's) or a process
    // (refused): CLONE_THREAD tells them apart. Its flags are the first
    // argument everywhere but s390.
    let process = SeccompCondition::new(
        0,
        SeccompCmpArgLen::Qword,
        SeccompCmpOp::MaskedEq(libc::CLONE_THREAD as u64),
        0,
    )
    .and_then(|c| SeccompRule::new(vec![c]))
    .map_err(|e| e.to_string())?;
    rules.insert(libc::SYS_clone, vec![process]);
    let own = SeccompFilter::new(
        rules,
        SeccompAction::Allow,
        SeccompAction::Errno(libc::EPERM as u32),
        arch,
    )
    .map_err(|e| e.to_string())?;
    let own = BpfProgram::try_from(own).map_err(|e| e.to_string())?;
    // clone3 passes its flags in memory a filter cannot read: it is
    // answered "not implemented", and the C library makes its threads with
    // clone instead (EPERM it would take for a failure).
    let clone3 = SeccompFilter::new(
        [(libc::SYS_clone3, vec![])].into_iter().collect(),
        SeccompAction::Allow,
        SeccompAction::Errno(libc::ENOSYS as u32),
        arch,
    )
    .map_err(|e| e.to_string())?;
    let clone3 = BpfProgram::try_from(clone3).map_err(|e| e.to_string())?;
    for program in [&shared, &own, &clone3] {
        seccompiler::apply_filter_all_threads(program).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The process's own limits.
pub fn apply_rlimits(limits: &Rlimits) -> Result<(), String> {
    let set = |what: Resource, n: u64| setrlimit(what, n, n).map_err(|e| format!("{what:?}: {e}"));
    set(Resource::RLIMIT_AS, limits.memory)?;
    // The soft limit sends SIGXCPU; a second later SIGKILL.
    setrlimit(
        Resource::RLIMIT_CPU,
        limits.cpu_seconds,
        limits.cpu_seconds + 1,
    )
    .map_err(|e| format!("RLIMIT_CPU: {e}"))?;
    set(Resource::RLIMIT_FSIZE, limits.file_bytes)?;
    set(Resource::RLIMIT_NOFILE, 64)?;
    set(Resource::RLIMIT_CORE, 0)?;
    Ok(())
}

/// Run the thread `tid` (the session's Forth) at nice 10 from now on: a
/// session whose line computes for long leaves the CPU to the class's
/// short lines. An unprivileged process cannot take it back, so it holds
/// for the rest of the session (Restart starts a new one at nice 0).
#[allow(unsafe_code)]
pub fn lower_priority(tid: nix::unistd::Pid) {
    // SAFETY: setpriority takes no pointers; on Linux PRIO_PROCESS with a
    // thread id sets that thread's nice value.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, tid.as_raw() as libc::id_t, 10);
    }
}
