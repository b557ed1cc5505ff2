//! The system calls no bot may make: a seccomp filter beside Landlock.
//!
//! Landlock fences paths a bot opens, runs, creates or removes, but not
//! every way to reach past them: `connect()` to a Unix socket by its path
//! (the teacher's tmux server, a desktop's bus), `chmod`, `utime` and
//! extended attributes on any file its user owns or may write, io_uring's
//! own socket operations. The filter answers each call below with EPERM
//! ("Operation not permitted"); everything else is allowed. A call made
//! through another ABI (32-bit `int 0x80` on x86-64) kills the bot, as
//! seccompiler's filters do for a foreign architecture.

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule, TargetArch,
};
use std::collections::BTreeMap;

/// The refused calls, by what they would let a bot do.
fn refused() -> Vec<(&'static str, Vec<i64>)> {
    use libc::*;
    vec![
        // A socket of any family (Unix by path or abstract name, netlink,
        // inet, packet ...): the network namespace covers only the network.
        (
            "sockets",
            vec![
                SYS_socket,
                SYS_socketpair,
                SYS_connect,
                SYS_bind,
                SYS_listen,
                SYS_accept,
                SYS_accept4,
            ],
        ),
        // io_uring runs socket, connect, open ... as kernel work this
        // filter never sees.
        (
            "io_uring",
            vec![
                SYS_io_uring_setup,
                SYS_io_uring_enter,
                SYS_io_uring_register,
            ],
        ),
        // Modes, owners, times and extended attributes: Landlock does not
        // fence them, so a bot could make its opponent's copy or the shared
        // runner unreadable, or keep state between moves in xattrs.
        ("metadata", metadata_calls()),
        // Memory no process maps and state that outlives a move: memfd
        // files, SysV shared memory, queues and semaphores, POSIX queues,
        // keyrings.
        (
            "hidden state",
            vec![
                SYS_memfd_create,
                SYS_memfd_secret,
                SYS_shmget,
                SYS_shmat,
                SYS_shmctl,
                SYS_msgget,
                SYS_msgsnd,
                SYS_msgrcv,
                SYS_msgctl,
                SYS_semget,
                SYS_semop,
                SYS_semctl,
                SYS_semtimedop,
                SYS_mq_open,
                SYS_add_key,
                SYS_request_key,
                SYS_keyctl,
            ],
        ),
        // Other processes' memory and files (Landlock refuses these too,
        // for processes outside the bot's domain).
        (
            "other processes",
            vec![
                SYS_ptrace,
                SYS_process_vm_readv,
                SYS_process_vm_writev,
                SYS_pidfd_getfd,
            ],
        ),
    ]
}

/// chmod, chown, utime and xattr calls, the old path-based ones where the
/// architecture has them (x86-64) and the *at ones everywhere.
fn metadata_calls() -> Vec<i64> {
    use libc::*;
    // Linux 6.6 (fchmodat2), 6.13 (setxattrat, removexattrat) and 6.17
    // (file_setattr) have the same numbers on every architecture; the libc
    // crate may not name them yet.
    const FCHMODAT2: i64 = 452;
    const SETXATTRAT: i64 = 463;
    const REMOVEXATTRAT: i64 = 466;
    const FILE_SETATTR: i64 = 469;
    // (Only x86-64 adds calls below.)
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
    let mut calls = vec![
        SYS_fchmod,
        SYS_fchmodat,
        FCHMODAT2,
        SYS_fchown,
        SYS_fchownat,
        SYS_utimensat,
        SYS_setxattr,
        SYS_lsetxattr,
        SYS_fsetxattr,
        SYS_removexattr,
        SYS_lremovexattr,
        SYS_fremovexattr,
        SETXATTRAT,
        REMOVEXATTRAT,
        FILE_SETATTR,
    ];
    #[cfg(target_arch = "x86_64")]
    calls.extend([
        SYS_chmod,
        SYS_chown,
        SYS_lchown,
        SYS_utime,
        SYS_utimes,
        SYS_futimesat,
    ]);
    calls
}

/// ioctl requests that change a file's attributes (`chattr`'s flags, the
/// project id and its flags), refused as chmod is.
const SET_ATTRIBUTE_IOCTLS: [u64; 3] = [
    0x4008_6602, // FS_IOC_SETFLAGS
    0x4004_6602, // FS_IOC32_SETFLAGS
    0x401c_5820, // FS_IOC_FSSETXATTR
];

/// x86-64's x32 ABI: the same architecture in the filter's eyes, its
/// calls numbered with this bit set (on kernels built with it).
#[cfg(target_arch = "x86_64")]
const X32: i64 = 0x4000_0000;

/// A call's numbers: on x86-64 its x32 number too (the calls refused here
/// share their numbers with x32, but for ioctl, added apart).
fn numbers(call: i64) -> Vec<i64> {
    #[cfg(target_arch = "x86_64")]
    return vec![call, call | X32];
    #[cfg(not(target_arch = "x86_64"))]
    return vec![call];
}

/// The filter, compiled for this machine's architecture (x86-64, aarch64
/// or riscv64; elsewhere an error, and the referee refuses to start
/// without --unprotected).
pub fn program() -> Result<BpfProgram, String> {
    let arch = TargetArch::try_from(std::env::consts::ARCH)
        .map_err(|e| format!("no seccomp filter for this architecture: {e}"))?;
    let mut rules: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
    for (_, calls) in refused() {
        for call in calls {
            for number in numbers(call) {
                rules.insert(number, vec![]);
            }
        }
    }
    let ioctl = SET_ATTRIBUTE_IOCTLS
        .iter()
        .map(|&request| {
            SeccompCondition::new(1, SeccompCmpArgLen::Dword, SeccompCmpOp::Eq, request)
                .and_then(|c| SeccompRule::new(vec![c]))
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    rules.insert(libc::SYS_ioctl, ioctl.clone());
    #[cfg(target_arch = "x86_64")]
    rules.insert(X32 | 514, ioctl); // x32's own ioctl
    let filter = SeccompFilter::new(
        rules,
        SeccompAction::Allow,
        SeccompAction::Errno(libc::EPERM as u32),
        arch,
    )
    .map_err(|e| e.to_string())?;
    BpfProgram::try_from(filter).map_err(|e| e.to_string())
}

/// What the filter refuses, in a few words, for the referee's report.
pub fn summary() -> String {
    let groups: Vec<&str> = refused().iter().map(|(what, _)| *what).collect();
    groups.join(", ")
}

/// Install the filter on the calling process (after fork, before exec: it
/// holds for the bot and every process it starts). Sets no_new_privs.
pub fn apply(program: &BpfProgram) -> std::io::Result<()> {
    seccompiler::apply_filter(program).map_err(std::io::Error::other)
}
