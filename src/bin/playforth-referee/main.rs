//! `playforth-referee`: a contest referee for the five-step game (seed 003).
//!
//! Bots are programs called as `BOT OPPONENT SIDE c1 ... c25` that write
//! their move to `play.txt` as `x y x y ...`. The referee runs each move in
//! a fresh directory under the kernel's fences (`sandbox`), judges the move
//! with the library's rules (`playforth::fivestep`, via `game`), and keeps
//! the score (`contest`). See docs/contest.md.

use clap::{CommandFactory, Parser, Subcommand, ValueHint};
use clap_complete::Shell;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[path = "../../cli_docs.rs"]
mod cli_docs;
#[cfg(target_os = "linux")]
mod contest;
#[cfg(target_os = "linux")]
mod game;
#[cfg(target_os = "linux")]
mod sandbox;

/// Referee a five-step contest: bots play each other, safely fenced in.
#[derive(Parser, Debug)]
#[command(
    name = "playforth-referee",
    version,
    override_usage = "playforth-referee [OPTIONS] <COMMAND>\n       playforth-referee --completions <SHELL> | --man"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Games per pair of bots; sides alternate.
    #[arg(long, default_value_t = 2, global = true)]
    games: usize,
    /// Wall-clock time a bot has for one move, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 1000, global = true)]
    move_time: u64,
    /// CPU seconds a bot may use for one move (killed past it).
    #[arg(long, value_name = "SECONDS", default_value_t = 2, global = true)]
    cpu: u64,
    /// Memory (address space) a bot may use, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 512, global = true)]
    memory: u64,
    /// The largest file a bot may write, in KiB.
    #[arg(long, value_name = "KIB", default_value_t = 1024, global = true)]
    file_size: u64,
    /// Processes (and threads) a bot may have at once, itself included.
    #[arg(long, value_name = "N", default_value_t = 32, global = true)]
    processes: u64,
    /// A game with no result after this many moves (both sides') is a draw.
    #[arg(long, value_name = "N", default_value_t = 200, global = true)]
    max_moves: usize,
    /// Make the contest repeatable: playforth bots get `--seed`, every bot
    /// the environment variable CONTEST_SEED, derived from N, the game and the move.
    #[arg(long, value_name = "N", global = true)]
    seed: Option<u64>,
    /// Where to write one log per game.
    #[arg(
        long,
        value_name = "DIR",
        default_value = "referee-logs",
        global = true
    )]
    logs: PathBuf,
    /// The playforth binary that runs .fs bots (default: the one beside this program).
    #[arg(long, value_name = "PATH", global = true)]
    playforth: Option<PathBuf>,
    /// When run as root, the unprivileged uid (and gid) bots run as.
    #[arg(long, value_name = "UID", default_value_t = 65534, global = true)]
    uid: u32,
    /// Run the bots even where the kernel cannot fence them in (no Landlock,
    /// no user namespaces). Only for bots you trust.
    #[arg(long, global = true)]
    unprotected: bool,
    /// Print the completion script for SHELL and exit.
    #[arg(long, value_name = "SHELL", exclusive = true)]
    completions: Option<Shell>,
    /// Print the manual page (roff) and exit.
    #[arg(long, exclusive = true)]
    man: bool,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Two bots play --games games against each other.
    Match {
        #[arg(value_name = "BOT1", value_hint = ValueHint::AnyPath)]
        first: PathBuf,
        #[arg(value_name = "BOT2", value_hint = ValueHint::AnyPath)]
        second: PathBuf,
    },
    /// Every bot plays every other: give a folder of bots, or the bots.
    RoundRobin {
        #[arg(required = true, value_name = "DIR | BOT...", value_hint = ValueHint::AnyPath)]
        bots: Vec<PathBuf>,
    },
}

/// The manual page's sections beyond the options and subcommands, in roff.
const MAN_EXTRA: &str = r#".SH EXAMPLES
.TP
\fBplayforth\-referee match bots/alice.fs bots/bob.py \-\-games 4\fR
Two bots play four games, two with each side.
.TP
\fBplayforth\-referee round\-robin bots/ \-\-games 10 \-\-seed 1\fR
Every bot in bots/ plays every other ten times, repeatably.
.SH SEE ALSO
\fBplayforth\fR(1); docs/contest.md in playforth's source.
"#;

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(shell) = cli.completions {
        return cli_docs::print_generated(
            "playforth-referee",
            &cli_docs::completions(Cli::command(), shell),
        );
    }
    if cli.man {
        return cli_docs::print_generated(
            "playforth-referee",
            &cli_docs::man_page(Cli::command(), MAN_EXTRA),
        );
    }
    let Some(command) = &cli.command else {
        Cli::command()
            .error(
                clap::error::ErrorKind::MissingSubcommand,
                "name a contest: `match BOT1 BOT2` or `round-robin DIR | BOT...`",
            )
            .exit();
    };
    match run(&cli, command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e == STOPPED => {
            let _ = writeln!(std::io::stderr(), "playforth-referee: {e}");
            ExitCode::from(130)
        }
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "playforth-referee: {e}");
            ExitCode::from(1)
        }
    }
}

/// What `run` says when Ctrl-C stopped the contest (exit status 130).
const STOPPED: &str = "stopped by Ctrl-C";

#[cfg(not(target_os = "linux"))]
fn run(_: &Cli, _: &Command) -> Result<(), String> {
    Err("the referee fences bots in with Linux's own mechanisms, so it runs only on Linux".into())
}

/// The playforth binary: --playforth, else the one installed beside us.
fn playforth_binary(cli: &Cli) -> Result<PathBuf, String> {
    if let Some(p) = &cli.playforth {
        return Ok(p.clone());
    }
    let me = std::env::current_exe().map_err(|e| e.to_string())?;
    let beside = me.with_file_name("playforth");
    if beside.is_file() {
        Ok(beside)
    } else {
        Err(format!(
            "no playforth beside {}: name it with --playforth PATH",
            me.display()
        ))
    }
}

#[cfg(target_os = "linux")]
fn run(cli: &Cli, command: &Command) -> Result<(), String> {
    use sandbox::{Limits, Protection, Sandbox};
    let paths: Vec<PathBuf> = match command {
        Command::Match { first, second } => vec![first.clone(), second.clone()],
        Command::RoundRobin { bots } if bots.len() == 1 && bots[0].is_dir() => {
            contest::folder(&bots[0])?
        }
        Command::RoundRobin { bots } => bots.clone(),
    };
    if paths.len() < 2 {
        return Err(format!(
            "a contest needs two bots or more, found {}",
            paths.len()
        ));
    }
    if cli.games == 0 || cli.move_time == 0 || cli.memory == 0 || cli.processes == 0 {
        return Err("--games, --move-time, --memory and --processes must be above 0".into());
    }
    let root = nix::unistd::Uid::effective().is_root();
    if root && cli.uid == 0 {
        return Err("--uid 0 would run the bots as root: choose an unprivileged uid".into());
    }
    // A bot's children that outlive it are killed at the end of the move;
    // as their subreaper the referee also collects them.
    nix::sys::prctl::set_child_subreaper(true).map_err(|e| format!("prctl: {e}"))?;
    let work = Work::new()?;
    // Ctrl-C kills the bot that is moving and ends the contest with the
    // table so far; the work folder is removed on the way out.
    ctrlc::set_handler(|| sandbox::STOP.store(true, std::sync::atomic::Ordering::SeqCst))
        .map_err(|e| format!("Ctrl-C cannot be caught: {e}"))?;
    let protection = Protection::probe(root.then_some(cli.uid), &work.0);
    let mut err = std::io::stderr();
    let _ = writeln!(err, "How the bots are fenced in:");
    for line in protection.report() {
        let _ = writeln!(err, "{line}");
    }
    if !protection.complete() {
        if !cli.unprotected {
            return Err("this system cannot fence untrusted bots in (see above); \
                        run only bots you trust, with --unprotected"
                .into());
        }
        let _ = writeln!(
            err,
            "--unprotected: running the bots without the missing fences"
        );
    }
    let playforth = playforth_binary(cli)?;
    let bin = sandbox::make_dir(&work.0.join("bin")).map_err(|e| e.to_string())?;
    let runner = bin.join("playforth");
    std::fs::copy(&playforth, &runner)
        .map_err(|e| format!("copying {}: {e}", playforth.display()))?;
    let mut bots = vec![];
    for p in &paths {
        let bot = contest::load(p, &work.0, &runner)?;
        if bots.iter().any(|b: &game::Bot| b.name == bot.name) {
            return Err(format!("two bots are called {}: rename one", bot.name));
        }
        bots.push(bot);
    }
    std::fs::create_dir_all(&cli.logs).map_err(|e| format!("{}: {e}", cli.logs.display()))?;
    let sandbox = Sandbox {
        limits: Limits {
            move_time: Duration::from_millis(cli.move_time),
            cpu_seconds: cli.cpu.max(1),
            memory_bytes: cli.memory << 20,
            file_bytes: cli.file_size << 10,
            processes: cli.processes,
            open_files: 64,
        },
        protection,
    };
    let table = game::Table {
        sandbox: &sandbox,
        work: work.0.clone(),
        logs: cli.logs.clone(),
        max_moves: cli.max_moves,
        seed: cli.seed,
    };
    let started = Instant::now();
    let mut out = std::io::stdout().lock();
    contest::round_robin(&table, &bots, cli.games, &mut out).map_err(|e| {
        if sandbox::stopped() {
            STOPPED.to_string()
        } else {
            e.to_string()
        }
    })?;
    let _ = writeln!(
        err,
        "{} games in {:.1} s; logs in {}",
        bots.len() * (bots.len() - 1) / 2 * cli.games,
        started.elapsed().as_secs_f64(),
        cli.logs.display()
    );
    Ok(())
}

/// The referee's scratch directory (bot copies, the move directory),
/// removed when the contest ends.
struct Work(PathBuf);

impl Work {
    fn new() -> Result<Work, String> {
        let base = std::env::temp_dir();
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let dir = base.join(format!("playforth-referee-{}-{nanos}", std::process::id()));
        make(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(Work(dir))
    }
}

#[cfg(target_os = "linux")]
fn make(dir: &Path) -> std::io::Result<PathBuf> {
    sandbox::make_dir(dir)
}

#[cfg(not(target_os = "linux"))]
fn make(dir: &Path) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(dir).map(|_| dir.to_path_buf())
}

impl Drop for Work {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
