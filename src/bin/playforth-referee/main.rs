//! `playforth-referee`: a contest referee for the five-step game (seed 003).
//!
//! Bots are programs called as `BOT OPPONENT SIDE c1 ... c25` that write
//! their move to `play.txt` as `x y x y ...`. The referee runs each move in
//! a fresh directory under the kernel's fences (`sandbox`), judges the move
//! with the library's rules (`playforth::fivestep`, via `game`), and keeps
//! the score (`contest`). See docs/contest.md.

use clap::{CommandFactory, Parser, Subcommand, ValueHint};
use clap_complete::Shell;
use playforth::cli_docs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[cfg(target_os = "linux")]
mod cgroup;
#[cfg(target_os = "linux")]
mod contest;
#[cfg(target_os = "linux")]
mod count;
#[cfg(target_os = "linux")]
mod game;
#[cfg(target_os = "linux")]
mod sandbox;
#[cfg(target_os = "linux")]
mod seccomp;
#[cfg(target_os = "linux")]
mod supervisor;

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
    /// CPU seconds a bot may use for one move, all its processes together
    /// (killed past it).
    #[arg(long, value_name = "SECONDS", default_value_t = 2, global = true)]
    cpu: u64,
    /// Memory a bot may use for one move, all its processes together, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 512, global = true)]
    memory: u64,
    /// The largest file a bot may write, in KiB.
    #[arg(long, value_name = "KIB", default_value_t = 1024, global = true)]
    file_size: u64,
    /// What a bot may write in one move, all its files together, in MiB (its
    /// move folder is a RAM disk of this size).
    #[arg(long, value_name = "MIB", default_value_t = 16, global = true)]
    disk: u64,
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
    /// Where to write one log per game (a folder that holds no game logs yet).
    #[arg(
        long,
        value_name = "DIR",
        default_value = "referee-logs",
        global = true
    )]
    logs: PathBuf,
    /// Let the bots read (and run) PATH too, beside the system's folders
    /// (/usr, /bin, /lib, /etc, /opt ...): for a language installed elsewhere.
    /// Repeatable.
    #[arg(long, value_name = "PATH", global = true)]
    allow_read: Vec<PathBuf>,
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
.SH EXIT STATUS
.TP
0
The contest was played to the end.
.TP
1
The referee could not start or go on (a bot that cannot be loaded, a log
folder that holds an earlier run's logs, a kernel that cannot fence bots
in, its work folder removed during the contest); a contest that fails
under way writes the table of the games finished so far.
.TP
2
A mistake in the options.
.TP
129, 130, 143
Stopped by SIGHUP, Ctrl\-C (SIGINT) or SIGTERM: the moving bot is killed,
the table so far written, the work folder removed.
.SH SEE ALSO
\fBplayforth\fR(1); docs/contest.md in playforth's source.
"#;

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(shell) = cli.completions {
        return cli_docs::write_generated(
            "playforth-referee",
            &cli_docs::completions(Cli::command(), shell),
            &mut std::io::stdout().lock(),
            &mut std::io::stderr(),
        );
    }
    if cli.man {
        return cli_docs::write_generated(
            "playforth-referee",
            &cli_docs::man_page(Cli::command(), MAN_EXTRA),
            &mut std::io::stdout().lock(),
            &mut std::io::stderr(),
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
        Err(Failure { message, signal }) => {
            let _ = writeln!(std::io::stderr(), "playforth-referee: {message}");
            // Stopped by a signal: 128 + its number, as a shell reports it
            // (130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP).
            ExitCode::from(signal.map_or(1, |s| 128 + s as u8))
        }
    }
}

/// Why `run` failed, and the signal that stopped the contest, if one did.
struct Failure {
    message: String,
    signal: Option<i32>,
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure {
            message,
            signal: None,
        }
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Failure {
        message.to_string().into()
    }
}

#[cfg(not(target_os = "linux"))]
fn run(_: &Cli, _: &Command) -> Result<(), Failure> {
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
fn run(cli: &Cli, command: &Command) -> Result<(), Failure> {
    use sandbox::{Limits, Protection, Sandbox};
    let zero: Vec<&str> = [
        ("--games", cli.games as u64),
        ("--move-time", cli.move_time),
        ("--cpu", cli.cpu),
        ("--memory", cli.memory),
        ("--file-size", cli.file_size),
        ("--disk", cli.disk),
        ("--processes", cli.processes),
        ("--max-moves", cli.max_moves as u64),
    ]
    .into_iter()
    .filter(|&(_, v)| v == 0)
    .map(|(name, _)| name)
    .collect();
    if !zero.is_empty() {
        return Err(format!(
            "{} 0: --games, --move-time, --cpu, --memory, --file-size, --disk, --processes and --max-moves must be above 0",
            zero.join(" 0, ")
        )
        .into());
    }
    let mut err = std::io::stderr();
    let paths: Vec<PathBuf> = match command {
        Command::Match { first, second } => vec![first.clone(), second.clone()],
        Command::RoundRobin { bots } if bots.len() == 1 => {
            let dir = &bots[0];
            if dir.is_file() {
                return Err(format!(
                    "{}: round-robin takes a folder of bots, or two bots or more",
                    dir.display()
                )
                .into());
            }
            let (found, skipped) = contest::folder(dir)?;
            for why in &skipped {
                let _ = writeln!(err, "skipped {}", why);
            }
            if found.len() < 2 {
                return Err(format!(
                    "{}: a contest needs two bots or more, found {}{}",
                    dir.display(),
                    found.len(),
                    if skipped.is_empty() {
                        String::new()
                    } else {
                        format!(
                            " (skipped {}: see above)",
                            game::count(skipped.len(), "file")
                        )
                    }
                )
                .into());
            }
            found
        }
        Command::RoundRobin { bots } => bots.clone(),
    };
    for p in &cli.allow_read {
        if !p.is_absolute() || !p.exists() {
            return Err(format!(
                "--allow-read {}: name a folder or file that exists, by its full path",
                p.display()
            )
            .into());
        }
    }
    check_logs(&cli.logs)?;
    let root = nix::unistd::Uid::effective().is_root();
    if root && cli.uid == 0 {
        return Err("--uid 0 would run the bots as root: choose an unprivileged uid".into());
    }
    // A bot's children that outlive it are killed at the end of the move;
    // as their subreaper the referee also collects them.
    nix::sys::prctl::set_child_subreaper(true).map_err(|e| format!("prctl: {e}"))?;
    let work = Work::new()?;
    // Ctrl-C, SIGTERM and SIGHUP kill the bot that is moving and end the
    // contest with the table so far; the work folder is removed on the way out.
    sandbox::catch_stop_signals().map_err(|e| format!("signals cannot be caught: {e}"))?;
    let limits = Limits {
        move_time: Duration::from_millis(cli.move_time),
        cpu_seconds: cli.cpu,
        memory_bytes: cli.memory << 20,
        file_bytes: cli.file_size << 10,
        disk_bytes: cli.disk << 20,
        processes: cli.processes,
        open_files: 64,
    };
    let cgroups = sandbox::cgroups(root.then_some(cli.uid));
    let protection = Protection::probe(root.then_some(cli.uid), &work.0, &cgroups);
    let _ = writeln!(err, "How the bots are fenced in:");
    for line in protection.report(&limits) {
        let _ = writeln!(err, "{line}");
    }
    if !cli.allow_read.is_empty() && protection.landlock.is_ok() {
        let shown: Vec<String> = cli
            .allow_read
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        let _ = writeln!(err, "       bots may also read {}", shown.join(", "));
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
    for (i, p) in paths.iter().enumerate() {
        let bot = contest::load(p, &work.0, i + 1, &runner, &paths)?;
        if bots.iter().any(|b: &game::Bot| b.name == bot.name) {
            return Err(format!("two bots are called {}: rename one", bot.name).into());
        }
        bots.push(bot);
    }
    std::fs::create_dir_all(&cli.logs).map_err(|e| format!("{}: {e}", cli.logs.display()))?;
    check_allow_read(&cli.allow_read, &work.0, &cli.logs, &paths)?;
    let mut readable: Vec<PathBuf> = sandbox::SYSTEM_READ.iter().map(PathBuf::from).collect();
    readable.push(runner.clone());
    readable.extend(cli.allow_read.iter().cloned());
    let sandbox = Sandbox {
        limits,
        protection,
        readable,
        cgroups: cgroups.ok(),
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
    contest::round_robin(&table, &bots, cli.games, &mut out).map_err(|e| Failure {
        message: e.to_string(),
        signal: sandbox::stopped(),
    })?;
    let _ = writeln!(
        err,
        "{} in {:.1} s; logs in {}",
        game::count(bots.len() * (bots.len() - 1) / 2 * cli.games, "game"),
        started.elapsed().as_secs_f64(),
        cli.logs.display()
    );
    Ok(())
}

/// Landlock cannot close a folder inside one it opens: a folder every
/// bot may read (a system folder, or a path allowed with --allow-read)
/// that holds the referee's work folder (the bots' copies), the log folder
/// or a bot's own file would let every bot read every other. Refuse it,
/// naming what it holds.
#[cfg(target_os = "linux")]
fn check_allow_read(
    allowed: &[PathBuf],
    work: &Path,
    logs: &Path,
    bots: &[PathBuf],
) -> Result<(), String> {
    let real = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    let work = real(work);
    let mut guarded = vec![
        (
            work.clone(),
            "the referee's work folder (the bots' copies)".to_string(),
        ),
        (real(logs), "the log folder".to_string()),
    ];
    for b in bots {
        guarded.push((real(b), format!("the bot {}", b.display())));
    }
    let hint = |path: &Path| {
        if path == work {
            " (or set TMPDIR to a folder outside it)"
        } else {
            ""
        }
    };
    for a in allowed {
        let open = real(a);
        for (path, what) in &guarded {
            if path.starts_with(&open) || open.starts_with(path) {
                return Err(format!(
                    "--allow-read {}: it holds {what} ({}), so every bot could read the others; \
                     allow a folder that holds only what the bots need{}",
                    a.display(),
                    path.display(),
                    hint(path)
                ));
            }
        }
    }
    for system in sandbox::SYSTEM_READ {
        let open = real(Path::new(system));
        for (path, what) in &guarded {
            if path.starts_with(&open) {
                return Err(format!(
                    "{system} holds {what} ({}), and every bot may read {system}: \
                     move it to a folder outside the system's{}",
                    path.display(),
                    hint(path)
                ));
            }
        }
    }
    Ok(())
}

/// Each contest gets a log folder of its own: one that already holds game
/// logs would mix two runs' games.
#[cfg(target_os = "linux")]
fn check_logs(logs: &Path) -> Result<(), String> {
    let Ok(entries) = std::fs::read_dir(logs) else {
        return Ok(());
    };
    let mut old: Vec<String> = entries
        .flatten()
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .filter(|f| f.starts_with("game-") && f.ends_with(".txt"))
        .collect();
    old.sort();
    match old.first() {
        None => Ok(()),
        Some(first) => Err(format!(
            "{} already holds the logs of an earlier run ({first}{}): \
             name a new folder with --logs DIR, or move the old logs away",
            logs.display(),
            if old.len() > 1 {
                format!(" and {} more", old.len() - 1)
            } else {
                String::new()
            }
        )),
    }
}

/// The referee's scratch directory (bot copies, the move directory),
/// removed when the contest ends.
struct Work(PathBuf);

impl Work {
    fn new() -> Result<Work, String> {
        // A relative TMPDIR would name another folder once a bot's move
        // starts in its own: make it absolute.
        let mut base = std::env::temp_dir();
        if base.is_relative() {
            let here = std::env::current_dir().map_err(|e| format!("the current folder: {e}"))?;
            base = here.join(base);
        }
        remove_abandoned(&base);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let dir = base.join(format!("playforth-referee-{}-{nanos}", std::process::id()));
        make(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let dir = dir
            .canonicalize()
            .map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(Work(dir))
    }
}

/// Remove the work folders of referees that are no longer running (one
/// killed by SIGKILL cannot remove its own): `playforth-referee-PID-N`
/// whose PID is gone.
fn remove_abandoned(base: &Path) {
    let pid_of = |rest: &str| {
        let (pid, n) = rest.split_once('-')?;
        n.bytes()
            .all(|b| b.is_ascii_digit())
            .then_some(pid.to_string())
    };
    for e in abandoned(base, pid_of) {
        if e.file_type().is_ok_and(|t| t.is_dir()) {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
}

/// The entries of `dir` named `playforth-referee-REST` whose referee is no
/// longer running: `pid_of` reads its PID out of REST.
pub(crate) fn abandoned(
    dir: &Path,
    pid_of: impl Fn(&str) -> Option<String>,
) -> Vec<std::fs::DirEntry> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_str()
                .and_then(|n| n.strip_prefix("playforth-referee-"))
                .and_then(&pid_of)
                .and_then(|pid| pid.parse::<u32>().ok())
                .is_some_and(|pid| !Path::new("/proc").join(pid.to_string()).exists())
        })
        .collect()
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
        #[cfg(target_os = "linux")]
        let _ = sandbox::remove_tree(&self.0);
        #[cfg(not(target_os = "linux"))]
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
