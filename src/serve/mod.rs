//! `playforth serve`: the teaching REPL, the games and turtle graphics in
//! a browser, one fenced process per student (Linux).
//!
//! ```text
//!  browser ──WebSocket (JSON, docs/protocol.md)──► server.rs: one thread per
//!  page: page/*.js                                 connection; colours, hints
//!                                                  and completion from the
//!                                                  session's word list
//!                                                    │ stdin/stdout, JSON lines
//!                                                    ▼
//!                                                  session.rs: `playforth serve
//!                                                  --session`, fenced (fence.rs),
//!                                                  runs Forth as the REPL does
//! ```
//!
//! Why threads and tungstenite, not an async runtime: every session is a
//! blocking child process already, a class is tens of students, and a
//! thread per connection with timeouts is simple to reason about and adds
//! a few small crates to the build instead of a runtime.

mod fence;
mod server;
mod session;

use clap::Parser;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

/// The longest line a page may send (a pasted program; longer is refused
/// with a message).
pub const MAX_LINE: usize = 256 * 1024;

/// Serve the playforth REPL, its games and turtle graphics to browsers:
/// each page gets its own fenced session.
#[derive(Parser, Debug)]
#[command(name = "playforth serve", version)]
struct ServeCli {
    /// The address and port to listen on: 127.0.0.1:8080 serves this
    /// computer only; 0.0.0.0:8080 a school network (see docs/serve.md for
    /// TLS behind a reverse proxy). Port 0 picks a free one.
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDR:PORT")]
    addr: SocketAddr,
    /// The most sessions at once; the next student is told the class is full.
    #[arg(long, default_value_t = 60, value_name = "N")]
    max_sessions: usize,
    /// Close a session nobody has typed in for this many minutes.
    #[arg(long, default_value_t = 30, value_name = "MINUTES")]
    idle_minutes: u64,
    /// The same in seconds, for tests (overrides --idle-minutes).
    #[arg(long, hide = true, value_name = "SECONDS")]
    idle_seconds: Option<u64>,
    /// The CPU seconds one line may use before it is stopped (as Stop does).
    #[arg(long, default_value_t = 10, value_name = "SECONDS")]
    line_cpu: u64,
    /// The CPU seconds a whole session may use before it ends.
    #[arg(long, default_value_t = 600, value_name = "SECONDS")]
    session_cpu: u64,
    /// The memory (address space) of one session's process, in MiB.
    #[arg(long, default_value_t = 512, value_name = "MIB")]
    session_memory: u64,
    /// The output one line may write, in KiB; the rest is dropped.
    #[arg(long, default_value_t = 256, value_name = "KIB")]
    output_kib: usize,
    /// The files a session may keep in its scratch folder, in MiB in all.
    #[arg(long, default_value_t = 16, value_name = "MIB")]
    files_mib: u64,
    /// Seed every session's random generator (tests and demonstrations).
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Run as one session's process (the server starts these itself).
    #[arg(long, hide = true)]
    session: bool,
    /// The session's scratch folder (with --session).
    #[arg(long, hide = true)]
    scratch: Option<PathBuf>,
}

/// `playforth serve ARGS`: `args` are the whole command line, `serve`
/// second.
pub fn main(args: Vec<std::ffi::OsString>) -> ExitCode {
    let mut args = args;
    args.remove(1);
    let cli = ServeCli::parse_from(args);
    let rlimits = fence::Rlimits {
        memory: cli.session_memory.saturating_mul(1 << 20),
        cpu_seconds: cli.session_cpu.max(1),
        file_bytes: cli.files_mib.saturating_mul(1 << 20),
    };
    let session = session::Options {
        scratch: cli.scratch.clone().unwrap_or_else(|| PathBuf::from(".")),
        line_cpu: cli.line_cpu.max(1),
        out_cap: cli.output_kib.max(1) * 1024,
        rlimits,
        seed: cli.seed,
    };
    if cli.session {
        return session::run(&session);
    }
    server::run(server::Config {
        addr: cli.addr,
        max_sessions: cli.max_sessions.max(1),
        idle: std::time::Duration::from_secs(
            cli.idle_seconds
                .unwrap_or(cli.idle_minutes.saturating_mul(60))
                .max(1),
        ),
        files_bytes: cli.files_mib.saturating_mul(1 << 20),
        session,
    })
}
