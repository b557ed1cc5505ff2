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

mod class;
mod confusables;
mod db;
mod fence;
mod server;
mod session;
mod tutor;

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
#[command(name = "playforth serve", bin_name = "playforth serve", version)]
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
    /// Run a class: students join with the code this prints, and the
    /// teacher's page (its link printed too) shows their progress and
    /// hand-ins (docs/classroom.md). Needs --data.
    #[arg(long, value_name = "NAME", requires = "data")]
    class: Option<String>,
    /// The folder keeping the class's records (an SQLite database,
    /// playforth.sqlite3); made if missing.
    #[arg(long, value_name = "DIR")]
    data: Option<PathBuf>,
    /// The class's course: a folder of Markdown lessons (docs/lessons.md)
    /// instead of the built-in ones (`--lessons builtin`: back to those).
    /// Kept with the class: later runs without --lessons use it too.
    #[arg(long, value_name = "DIR", requires = "class")]
    lessons: Option<PathBuf>,
    /// Whether `solution` shows the answer: on, off, or after:YYYY-MM-DD
    /// (from that day). Kept with the class; the teacher's page changes it.
    #[arg(long, value_name = "POLICY", requires = "class", value_parser = parse_solutions)]
    solutions: Option<String>,
    /// Make a new secret for the teacher's page (the old link stops
    /// working).
    #[arg(long, requires = "class")]
    new_secret: bool,
    /// The most the class's records may take, in MiB: past it, hand-ins
    /// and shared programs are refused until the teacher removes some.
    #[arg(long, default_value_t = 1024, value_name = "MIB", requires = "class")]
    max_data_mib: u64,
    /// The most sessions from one address (0: no bound). Set it when each
    /// student has a computer of their own (not behind one school router
    /// or proxy without --behind-proxy): one computer cannot fill the class.
    #[arg(long, default_value_t = 0, value_name = "N")]
    max_per_address: usize,
    /// A reverse proxy on this computer (nginx, Caddy) forwards the
    /// students: their address, for the limits on wrong codes, is the
    /// proxy's X-Forwarded-For (docs/serve.md).
    #[arg(long)]
    behind_proxy: bool,
    /// Run as one session's process (the server starts these itself).
    #[arg(long, hide = true)]
    session: bool,
    /// With --session: a class's session (its course comes on stdin).
    #[arg(long, hide = true)]
    classroom: bool,
    /// Check hand-ins again, fenced as a session is (the server starts
    /// these itself).
    #[arg(long, hide = true)]
    recheck: bool,
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
        classroom: cli.classroom,
    };
    if cli.session {
        return session::run(&session);
    }
    if cli.recheck {
        return session::recheck(&session);
    }
    // What the server makes (the class's records, the sessions' folders)
    // is its user's alone.
    nix::sys::stat::umask(nix::sys::stat::Mode::from_bits_truncate(0o077));
    let class = match &cli.class {
        None => None,
        Some(name) => match class::open_class(
            name,
            cli.data.as_deref().unwrap_or(std::path::Path::new(".")),
            cli.lessons.as_deref(),
            cli.solutions.as_deref(),
            cli.new_secret,
            cli.max_data_mib.saturating_mul(1 << 20),
        ) {
            Ok(c) => Some(c),
            Err(e) => {
                eprintln!("playforth serve: {e}");
                return ExitCode::from(1);
            }
        },
    };
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
        class,
        behind_proxy: cli.behind_proxy,
        max_per_address: cli.max_per_address,
    })
}

/// `--solutions`: on, off or after:YYYY-MM-DD.
fn parse_solutions(s: &str) -> Result<String, String> {
    match s.split_once(':') {
        None if s == "on" || s == "off" => Ok(s.to_string()),
        Some(("after", d)) if chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").is_ok() => {
            Ok(s.to_string())
        }
        _ => Err("on, off, or after:YYYY-MM-DD (the day the solutions open)".to_string()),
    }
}
