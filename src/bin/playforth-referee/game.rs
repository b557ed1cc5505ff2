//! One game between two bots: ask each for its move in turn, judge it by
//! the library's rules (`playforth::fivestep`), and write the game's log.

use crate::sandbox::{Cut, Ending, Run, Sandbox};
use crate::supervisor::Play;
use playforth::fivestep::{self, Board};
use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// A contestant: how to start it and what to call it.
#[derive(Debug, Clone)]
pub struct Bot {
    /// The name in tables and logs, and the opponent id other bots get.
    pub name: String,
    /// The program to run and the arguments before the seed's ones.
    pub program: PathBuf,
    pub prefix: Vec<String>,
    /// A playforth script: it gets `--seed` when the contest is seeded.
    pub forth: bool,
    /// The folder of the bot's copy, which it may read (and nothing else
    /// in the referee's work folder).
    pub home: PathBuf,
}

/// The ways a bot can lose a game without losing it on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Timeout,
    NoMove,
    Garbage,
    Illegal,
    Crash,
    Memory,
    Processes,
    Cpu,
    FileSize,
    Disk,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Timeout => "timeout",
            Kind::NoMove => "no move",
            Kind::Garbage => "garbage",
            Kind::Illegal => "illegal",
            Kind::Crash => "crash",
            Kind::Memory => "memory",
            Kind::Processes => "processes",
            Kind::Cpu => "cpu",
            Kind::FileSize => "file size",
            Kind::Disk => "disk",
        }
    }
}

/// A broken rule: which kind, what the bot did, and its stderr's tail.
#[derive(Debug, Clone)]
pub struct Violation {
    pub kind: Kind,
    pub what: String,
    pub stderr_tail: String,
}

/// How a game ended.
#[derive(Debug, Clone)]
pub enum Result {
    /// `winner` (0 or 1, the index into the game's two bots) won.
    Win {
        winner: usize,
        why: String,
        violation: Option<Violation>,
    },
    Draw {
        why: String,
    },
}

/// Everything a game needs that is the same for the whole contest.
pub struct Table<'a> {
    pub sandbox: &'a Sandbox,
    /// The referee's scratch directory for moves.
    pub work: PathBuf,
    pub logs: PathBuf,
    pub max_moves: usize,
    pub seed: Option<u64>,
}

/// A finished game.
pub struct Played {
    pub result: Result,
    pub moves: usize,
    pub log: PathBuf,
}

/// Play one game: `bots[0]` is player 1, `bots[1]` player 2. `progress`
/// hears of every move made.
pub fn play(
    t: &Table,
    number: usize,
    bots: [&Bot; 2],
    progress: &mut dyn FnMut(usize),
) -> io::Result<Played> {
    let log_path = t.logs.join(format!(
        "game-{number:03}-{}-vs-{}.txt",
        file_safe(&bots[0].name),
        file_safe(&bots[1].name)
    ));
    let mut log = String::new();
    let _ = writeln!(
        log,
        "five-step game {number}: {} (player 1) against {} (player 2)",
        bots[0].name, bots[1].name
    );
    let _ = writeln!(
        log,
        "limits: {} ms a move; a draw after {} moves",
        t.sandbox.limits.move_time.as_millis(),
        t.max_moves
    );
    log.push_str("squares: a-e is x = 0-4, 1-5 is y = 0-4; a1 is (0,0)\n");
    log.push_str("replay: playforth examples/fivestep.fs replay THIS-FILE\n\n");
    let mut board = fivestep::START;
    let mut side = 1u8;
    let _ = writeln!(log, "start {}", fivestep::position_text(&board, side));
    push_board(&mut log, &board);
    let mut moves = 0;
    let result = loop {
        let me = usize::from(side - 1);
        let name = &bots[me].name;
        if fivestep::pieces(&board, side) == 0 {
            break Result::Win {
                winner: 1 - me,
                why: format!("{name} has no pieces left"),
                violation: None,
            };
        }
        if !fivestep::can_move(&board, side) {
            break Result::Win {
                winner: 1 - me,
                why: format!("{name} has no legal move"),
                violation: None,
            };
        }
        if moves == t.max_moves {
            break Result::Draw {
                why: format!("no result within {}", count(moves, "move")),
            };
        }
        match turn(
            t,
            number,
            moves + 1,
            bots[me],
            &bots[1 - me].name,
            side,
            &board,
        )? {
            Ok(path) => {
                let taken = fivestep::play(&mut board, &path);
                moves += 1;
                let capture = if taken != 0 {
                    format!(", takes {}", fivestep::square_name(path[path.len() - 1]))
                } else {
                    String::new()
                };
                let _ = writeln!(
                    log,
                    "\nmove {moves}: {}  (player {side}, {name}{capture})",
                    fivestep::path_names(&path)
                );
                push_board(&mut log, &board);
                progress(moves);
                side = 3 - side;
            }
            Err(v) => {
                let why = format!(
                    "{name} broke a rule at move {} ({})",
                    moves + 1,
                    v.kind.name()
                );
                let _ = writeln!(
                    log,
                    "\nviolation at move {}: player {side}, {name}: {}",
                    moves + 1,
                    v.what
                );
                for line in v.stderr_tail.lines() {
                    let _ = writeln!(log, "  stderr| {line}");
                }
                break Result::Win {
                    winner: 1 - me,
                    why,
                    violation: Some(v),
                };
            }
        }
    };
    let _ = writeln!(log, "\nresult: {}", describe(&result, bots));
    fs::write(&log_path, log).map_err(|e| at(&log_path, e))?;
    Ok(Played {
        result,
        moves,
        log: log_path,
    })
}

/// The result in words: "good wins: random has no legal move".
pub fn describe(r: &Result, bots: [&Bot; 2]) -> String {
    match r {
        Result::Win { winner, why, .. } => format!("{} wins: {why}", bots[*winner].name),
        Result::Draw { why } => format!("a draw: {why}"),
    }
}

fn push_board(log: &mut String, board: &Board) {
    for line in fivestep::board_lines(board) {
        log.push_str(&line);
        log.push('\n');
    }
}

/// "1 move", "2 moves".
pub fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// Names in file names: letters, digits, `-` and `_`; anything else `_`.
fn file_safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Ask `bot` (playing `side`) for its move on `board`: run it in a fresh
/// directory and judge what it left in play.txt.
fn turn(
    t: &Table,
    game: usize,
    move_number: usize,
    bot: &Bot,
    opponent: &str,
    side: u8,
    board: &Board,
) -> io::Result<std::result::Result<Vec<usize>, Violation>> {
    let dir = t.work.join("move");
    referee_owns(&t.work)?;
    crate::sandbox::remove_tree(&dir).map_err(|e| at(&dir, e))?;
    crate::sandbox::make_dir(&dir).map_err(|e| at(&dir, e))?;
    let mut args = vec![];
    let mut env = vec![];
    if let Some(seed) = t.seed {
        let s = seed
            .wrapping_mul(1_000_003)
            .wrapping_add(game as u64 * 1009)
            .wrapping_add(move_number as u64);
        env.push(("CONTEST_SEED".to_string(), s.to_string()));
        if bot.forth {
            args.push("--seed".to_string());
            args.push(s.to_string());
        }
    }
    args.extend(bot.prefix.iter().cloned());
    args.push(opponent.to_string());
    args.push(side.to_string());
    args.extend(board.iter().map(|c| c.to_string()));
    for file in std::iter::once(&bot.program).chain(bot.prefix.first().map(PathBuf::from).as_ref())
    {
        referee_owns(file)?;
    }
    let run = t.sandbox.run(&bot.program, &args, &dir, &bot.home, &env)?;
    // A bot cannot remove the referee's files; if they are gone, someone
    // else removed them, and the bot is not to blame.
    referee_owns(&bot.program)?;
    referee_owns(&dir)?;
    let verdict = judge(t, &run, side, board);
    crate::sandbox::remove_tree(&dir).map_err(|e| at(&dir, e))?;
    Ok(verdict)
}

/// The referee's own file or folder `path` is still there: if not, the
/// contest cannot go on (a /tmp cleaner may have removed the work folder).
fn referee_owns(path: &Path) -> io::Result<()> {
    if path.exists() {
        Ok(())
    } else {
        Err(io::Error::other(format!(
            "the referee's file {} has disappeared (did something clean up the temporary folder?); \
             the game under way is not counted",
            path.display()
        )))
    }
}

/// An error of the referee's own, naming the path it was about.
fn at(path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

/// The text a bot wrote, quoted for a report (at most 80 characters).
fn quoted(bytes: &[u8], more: bool) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut q: String = format!("{text:?}");
    if q.chars().count() > 80 {
        q = q.chars().take(77).collect::<String>() + "...";
    } else if more {
        q.push_str("...");
    }
    q
}

/// The seed's format: numbers `x y x y ...` separated by white space,
/// start square first. Ok(path) when the text is in that format (the path
/// may still be illegal), Err(why) when it is not.
pub fn parse_play(bytes: &[u8]) -> std::result::Result<Vec<(u64, u64)>, String> {
    let text = std::str::from_utf8(bytes).map_err(|_| "it is not text".to_string())?;
    let mut numbers = vec![];
    for word in text.split_ascii_whitespace() {
        if !word.bytes().all(|b| b.is_ascii_digit()) || word.len() > 9 {
            return Err(format!("{word:?} is not a coordinate"));
        }
        numbers.push(word.parse::<u64>().unwrap_or(u64::MAX));
    }
    if numbers.is_empty() {
        return Err("it holds no numbers".into());
    }
    if numbers.len() % 2 == 1 {
        return Err(format!(
            "{} numbers: coordinates come in pairs x y",
            numbers.len()
        ));
    }
    Ok(numbers.chunks(2).map(|p| (p[0], p[1])).collect())
}

/// Decide what a bot's run amounts to: its move, or the rule it broke.
fn judge(
    t: &Table,
    run: &Run,
    side: u8,
    board: &Board,
) -> std::result::Result<Vec<usize>, Violation> {
    let play = run.play.clone();
    let limits = &t.sandbox.limits;
    let violation = |kind, what: String| Violation {
        kind,
        what,
        stderr_tail: run.stderr_tail.clone(),
    };
    let cpu_used = format!("{:.2} s of CPU time", run.cpu.as_secs_f64());
    // A shell reports a child killed by a signal as the status 128 + signal.
    let by_shell = |sig: i32| run.ending == Ending::Exited(128 + sig);
    let together = |what: &str| format!("its processes together used {what}: the move was ended");
    match run.cut {
        Some(Cut::Cpu) => {
            return Err(violation(
                Kind::Cpu,
                together(&format!(
                    "{cpu_used}, the limit is {} s",
                    limits.cpu_seconds
                )),
            ));
        }
        _ if run.oom_kills > 0 => {
            return Err(violation(
                Kind::Memory,
                format!(
                    "its processes together reached the memory limit of {} MiB: the kernel killed {} \
                     of them",
                    limits.memory_bytes >> 20,
                    run.oom_kills
                ),
            ));
        }
        Some(Cut::Memory) => {
            return Err(violation(
                Kind::Memory,
                together(&format!(
                    "{} MiB of memory, the limit is {} MiB",
                    run.peak_memory >> 20,
                    limits.memory_bytes >> 20
                )),
            ));
        }
        _ => {}
    }
    let ended = match &run.ending {
        _ if run.cut == Some(Cut::Time) => {
            let wrote = match &play {
                Play::Text(bytes, more) => {
                    format!(", after writing play.txt {}", quoted(bytes, *more))
                }
                _ => String::new(),
            };
            return Err(violation(
                Kind::Timeout,
                format!(
                    "did not end within {} ms{wrote}: killed (it had used {cpu_used})",
                    limits.move_time.as_millis()
                ),
            ));
        }
        Ending::Signalled(libc::SIGXCPU) => {
            return Err(violation(
                Kind::Cpu,
                format!("used its {} s of CPU time: killed", limits.cpu_seconds),
            ));
        }
        Ending::Signalled(libc::SIGXFSZ) => {
            return Err(violation(
                Kind::FileSize,
                format!(
                    "wrote a file past the {} byte limit: killed",
                    limits.file_bytes
                ),
            ));
        }
        _ if by_shell(libc::SIGXFSZ) => {
            return Err(violation(
                Kind::FileSize,
                format!(
                    "exited with status {} (128 + SIGXFSZ): a program it ran wrote a file past the {} byte limit",
                    128 + libc::SIGXFSZ,
                    limits.file_bytes
                ),
            ));
        }
        _ if by_shell(libc::SIGXCPU) => {
            return Err(violation(
                Kind::Cpu,
                format!(
                    "used up its {} s of CPU time ({cpu_used}): killed",
                    limits.cpu_seconds
                ),
            ));
        }
        Ending::NotStarted(why) => {
            return Err(violation(
                Kind::Crash,
                format!("could not be started: {why}"),
            ));
        }
        Ending::Exited(0) => None,
        Ending::Exited(code) => Some(format!("exited with status {code}")),
        Ending::Signalled(sig) => Some(format!(
            "was killed by signal {sig} ({})",
            signal_name(*sig)
        )),
    };
    let play = match play {
        Play::Missing => None,
        Play::Text(bytes, more) => Some((bytes, more)),
        Play::NotAFile => {
            return Err(violation(
                Kind::Garbage,
                "made play.txt a link, a folder or a pipe, not a file".into(),
            ));
        }
    };
    // A legal move in play.txt counts, however the bot ended.
    let parsed = play
        .as_ref()
        .map(|(bytes, more)| (parse_play(bytes), quoted(bytes, *more)));
    if let Some((Ok(pairs), text)) = &parsed {
        let path: Vec<usize> = pairs
            .iter()
            .map(|&(x, y)| {
                if x < 5 && y < 5 {
                    (y * 5 + x) as usize
                } else {
                    usize::MAX
                }
            })
            .collect();
        if let Some(&(x, y)) = pairs.iter().find(|&&(x, y)| x >= 5 || y >= 5) {
            if ended.is_none() {
                return Err(violation(
                    Kind::Illegal,
                    format!("wrote {text}: ({x}, {y}) is off the 5x5 board"),
                ));
            }
        } else {
            match fivestep::check_path(board, side, &path) {
                Ok(()) => return Ok(path),
                Err(why) if ended.is_none() => {
                    return Err(violation(
                        Kind::Illegal,
                        format!("wrote {text} ({}): {why}", fivestep::path_names(&path)),
                    ));
                }
                Err(_) => {}
            }
        }
    }
    let wrote = wrote(&run.play);
    // A full move folder: the RAM disk's use near its size (it counts
    // whole pages), or a write that failed for want of room.
    let disk_full = run.disk_used >= limits.disk_bytes / 8 * 7
        || run.stderr_tail.contains("No space left on device");
    let filled = || {
        format!(
            " (it filled its {} MiB move folder: {} KiB written)",
            limits.disk_bytes >> 20,
            run.disk_used >> 10
        )
    };
    if let Some(how) = ended {
        let kind = if file_too_large(&run.stderr_tail) {
            Kind::FileSize
        } else if disk_full {
            Kind::Disk
        } else if run.cpu >= std::time::Duration::from_secs(limits.cpu_seconds) {
            Kind::Cpu
        } else if run.peak_memory >= limits.memory_bytes / 4 * 3 || memory_failed(&run.stderr_tail)
        {
            Kind::Memory
        } else if run.leftovers as u64 + 1 >= limits.processes || fork_failed(&run.stderr_tail) {
            Kind::Processes
        } else {
            Kind::Crash
        };
        let mut what = format!("{how}, leaving {wrote}");
        match kind {
            Kind::FileSize => {
                what += &format!(
                    " (a write past the {} byte file-size limit failed: \"File too large\")",
                    limits.file_bytes
                )
            }
            Kind::Disk => what += &filled(),
            Kind::Memory if run.peak_memory < limits.memory_bytes / 4 * 3 => {
                what += &format!(
                    " (it could not get more memory: the limit is {} MiB)",
                    limits.memory_bytes >> 20
                )
            }
            Kind::Cpu => {
                what += &format!(
                    " (it used {cpu_used}, the limit is {} s)",
                    limits.cpu_seconds
                )
            }
            Kind::Memory => {
                what += &format!(
                    " (it used {} MiB of its {} MiB)",
                    run.peak_memory >> 20,
                    limits.memory_bytes >> 20
                )
            }
            Kind::Processes if run.leftovers as u64 + 1 >= limits.processes => {
                what += &format!(
                    " ({} processes were still running, the limit is {})",
                    run.leftovers, limits.processes
                )
            }
            Kind::Processes => {
                what += &format!(
                    " (it could not start a process: the limit is {})",
                    limits.processes
                )
            }
            _ => {}
        }
        return Err(violation(kind, what));
    }
    match (play, parsed) {
        _ if disk_full => Err(violation(
            Kind::Disk,
            format!("exited without a move in play.txt{}", filled()),
        )),
        (Some((bytes, _)), _) if bytes.iter().all(u8::is_ascii_whitespace) => {
            Err(violation(Kind::NoMove, "left play.txt empty".into()))
        }
        (_, Some((Err(why), text))) => {
            Err(violation(Kind::Garbage, format!("wrote {text}: {why}")))
        }
        _ if fork_failed(&run.stderr_tail) => Err(violation(
            Kind::Processes,
            format!(
                "exited without writing play.txt: it could not start a process (the limit is {})",
                limits.processes
            ),
        )),
        _ => Err(violation(
            Kind::NoMove,
            "exited without writing play.txt".into(),
        )),
    }
}

/// "no play.txt", "play.txt \"0 0 0 1\"": what the bot left, for a report.
fn wrote(play: &Play) -> String {
    match play {
        Play::Text(bytes, more) => format!("play.txt {}", quoted(bytes, *more)),
        Play::NotAFile => "play.txt not a file".into(),
        Play::Missing => "no play.txt".into(),
    }
}

/// Does a bot's stderr say a write failed past the file-size limit
/// (EFBIG)? Python, for one, ignores SIGXFSZ and reports the error.
fn file_too_large(stderr: &str) -> bool {
    stderr.contains("File too large")
}

/// Does a bot's stderr say that starting a process or thread failed
/// for want of processes (EAGAIN)? As sh, bash, C's perror and Python
/// word it.
fn fork_failed(stderr: &str) -> bool {
    stderr.contains("Cannot fork")
        || stderr.contains("can't fork")
        || (stderr.contains("fork") || stderr.contains("thread"))
            && stderr.contains("Resource temporarily unavailable")
}

/// Does a bot's stderr say it ran out of memory? As C (ENOMEM), C++,
/// Rust and Python word it.
fn memory_failed(stderr: &str) -> bool {
    [
        "Cannot allocate memory",
        "MemoryError",
        "std::bad_alloc",
        "memory allocation of",
    ]
    .iter()
    .any(|m| stderr.contains(m))
}

fn signal_name(sig: i32) -> &'static str {
    match sig {
        libc::SIGSEGV => "SIGSEGV, a bad memory access",
        libc::SIGABRT => "SIGABRT, the program aborted",
        libc::SIGKILL => "SIGKILL",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE, an arithmetic fault",
        libc::SIGILL => "SIGILL",
        libc::SIGTERM => "SIGTERM",
        libc::SIGPIPE => "SIGPIPE",
        _ => "a signal",
    }
}

#[cfg(test)]
mod tests {
    use super::parse_play;

    #[test]
    fn play_txt_is_numbers_in_pairs() {
        assert_eq!(
            parse_play(b"0 0 0 1 0 2 "),
            Ok(vec![(0, 0), (0, 1), (0, 2)])
        );
        assert_eq!(parse_play(b"4 4 4 3\n"), Ok(vec![(4, 4), (4, 3)]));
        assert_eq!(parse_play(b"9 9 0 0"), Ok(vec![(9, 9), (0, 0)]));
        assert!(parse_play(b"0,0 0,1").is_err());
        assert!(parse_play(b"0 0 1").is_err());
        assert!(parse_play(b"").is_err());
        assert!(parse_play(b"-1 0 0 0").is_err());
        assert!(parse_play(b"a1 a2").is_err());
        assert!(parse_play(&[0xff, 0x20]).is_err());
    }
}
