//! A contest: the bots, every pairing's games, and the results table.

use crate::game::{self, Bot, Kind, Played, Table};
use std::collections::BTreeMap;
use std::fs;
use std::io::{self, IsTerminal, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// Points for a win and for a draw; a loss, by play or by violation, is 0.
pub const WIN_POINTS: u32 = 2;
pub const DRAW_POINTS: u32 = 1;

/// A bot found on disk: a `.fs` file (run by playforth with `bot` before
/// the seed's arguments, as examples/fivestep.fs expects) or an
/// executable file. The bot is copied into a folder of its own in the
/// referee's work folder, named by its place in the contest (`number`),
/// so the original cannot be changed by any bot, the bots' uid can run
/// it, and no name (`..fs`) can point the copy elsewhere. A `.fs` bot
/// comes with its helper files: the `.fs` files of the folders below its
/// own (`lib/`), three deep, that are not contestants, which it may
/// `include` or `require`. The files beside it are not helpers: they are
/// other bots, in a contest or not (`match bots/alice.fs ...` must not
/// give alice bob's source).
pub fn load(
    path: &Path,
    work: &Path,
    number: usize,
    playforth: &Path,
    contestants: &[PathBuf],
) -> Result<Bot, String> {
    let meta = fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if !meta.is_file() {
        return Err(format!("{}: not a file", path.display()));
    }
    let file = path.file_name().and_then(|f| f.to_str()).ok_or(format!(
        "{}: the name is not UTF-8 text: rename the file",
        path.display()
    ))?;
    let forth = file.ends_with(".fs");
    if !forth && meta.permissions().mode() & 0o111 == 0 {
        return Err(format!(
            "{}: neither a .fs script nor executable (chmod +x it, or name a playforth bot NAME.fs)",
            path.display()
        ));
    }
    let name = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or(file)
        .to_string();
    check_name(&name).map_err(|why| format!("{}: {why}", escape(&path.to_string_lossy())))?;
    let dir = crate::sandbox::make_dir(&work.join("bots").join(number.to_string()))
        .map_err(|e| e.to_string())?;
    let copy = dir.join(file);
    if forth {
        let folder = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let others: Vec<PathBuf> = contestants
            .iter()
            .filter_map(|c| c.canonicalize().ok())
            .collect();
        copy_helpers(folder, &dir, &others)
            .map_err(|e| format!("copying {}: {e}", folder.display()))?;
    }
    fs::copy(path, &copy).map_err(|e| format!("copying {}: {e}", path.display()))?;
    fs::set_permissions(
        &copy,
        fs::Permissions::from_mode(if forth { 0o644 } else { 0o755 }),
    )
    .map_err(|e| e.to_string())?;
    Ok(if forth {
        Bot {
            name,
            program: playforth.to_path_buf(),
            prefix: vec![copy.display().to_string(), "bot".into()],
            forth: true,
            home: dir,
        }
    } else {
        Bot {
            name,
            program: copy,
            prefix: vec![],
            forth: false,
            home: dir,
        }
    })
}

/// A bot's name goes into the table, the logs and other bots' arguments:
/// no control characters (a newline could fake a table row or a logged
/// move, an escape code could repaint the terminal), no invisible or
/// direction-changing characters (`hidden`), and no leading dot (`..fs`
/// is a hidden file named `.`).
fn check_name(name: &str) -> Result<(), String> {
    if name.chars().any(hidden) {
        Err(format!(
            "the bot's name \"{}\" holds a control character (a newline, a tab, an escape code), \
             an invisible one or one that turns text around: rename the file",
            escape(name)
        ))
    } else if name.is_empty() {
        Err("the bot has no name: rename the file".into())
    } else if name.starts_with('.') {
        Err(format!(
            "the bot's name \"{}\" starts with a dot (a hidden file): rename the file",
            escape(name)
        ))
    } else {
        Ok(())
    }
}

/// A character a terminal or an editor would not show as itself: control
/// characters, Unicode's format characters (direction marks and embeddings
/// such as U+061C and U+202E, zero-width spaces and joiners, tags), line
/// and paragraph separators (U+2028, U+2029), and the invisible fillers
/// and variation selectors.
pub fn hidden(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{ad}' | '\u{34f}' | '\u{600}'..='\u{605}' | '\u{61c}' | '\u{6dd}' | '\u{70f}'
            | '\u{890}'..='\u{891}' | '\u{8e2}' | '\u{115f}'..='\u{1160}' | '\u{17b4}'..='\u{17b5}'
            | '\u{180b}'..='\u{180f}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}'
            | '\u{2060}'..='\u{206f}' | '\u{3164}' | '\u{fe00}'..='\u{fe0f}' | '\u{feff}'
            | '\u{ffa0}' | '\u{fff9}'..='\u{fffb}' | '\u{110bd}' | '\u{110cd}'
            | '\u{13430}'..='\u{1343f}' | '\u{1bca0}'..='\u{1bca3}' | '\u{1d173}'..='\u{1d17a}'
            | '\u{e0000}'..='\u{e0fff}')
}

/// `text` with every `hidden` character written out as `\u{XXXX}` (a tab
/// and line ends as `\t`, `\n`, `\r`), so that a bot's standard error
/// cannot hide or reorder what the table and the logs show.
pub fn escape(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\t' => shown.push_str("\\t"),
            '\n' => shown.push_str("\\n"),
            '\r' => shown.push_str("\\r"),
            c if hidden(c) => shown.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => shown.push(c),
        }
    }
    shown
}

/// Copy a `.fs` bot's helpers: the `.fs` files of the folders below
/// `from` (not those of `from` itself), into the same folders under `to`.
fn copy_helpers(from: &Path, to: &Path, skip: &[PathBuf]) -> io::Result<()> {
    for e in fs::read_dir(from)?.flatten() {
        let hidden = e.file_name().to_string_lossy().starts_with('.');
        if !hidden && e.file_type()?.is_dir() {
            let sub = crate::sandbox::make_dir(&to.join(e.file_name()))?;
            copy_forth_files(&e.path(), &sub, 2, skip)?;
        }
    }
    Ok(())
}

/// Copy the `.fs` files of `from` and of its folders `depth` deep into
/// `to` (symbolic links, hidden entries and the files in `skip` left
/// out), readable by all.
fn copy_forth_files(from: &Path, to: &Path, depth: usize, skip: &[PathBuf]) -> io::Result<()> {
    for e in fs::read_dir(from)?.flatten() {
        let name = e.file_name();
        if name.to_string_lossy().starts_with('.') {
            continue;
        }
        let kind = e.file_type()?;
        if kind.is_dir() && depth > 0 {
            let sub = crate::sandbox::make_dir(&to.join(&name))?;
            copy_forth_files(&e.path(), &sub, depth - 1, skip)?;
        } else if kind.is_file()
            && e.path().extension().is_some_and(|x| x == "fs")
            && !e.path().canonicalize().is_ok_and(|p| skip.contains(&p))
        {
            let target = to.join(&name);
            fs::copy(e.path(), &target)?;
            fs::set_permissions(&target, fs::Permissions::from_mode(0o644))?;
        }
    }
    Ok(())
}

/// The bots of a folder: its `.fs` files and executables, by name; and
/// every other entry, with why it is not a bot. A file that looks like a
/// program (a `#!` line, a compiled program, a script's extension) but
/// is not executable is an error: its author would silently drop out.
pub fn folder(dir: &Path) -> Result<(Vec<PathBuf>, Vec<String>), String> {
    let entries = fs::read_dir(dir).map_err(|e| match e.kind() {
        io::ErrorKind::NotFound => format!("{}: no such folder", dir.display()),
        _ => format!("{}: {e}", dir.display()),
    })?;
    let mut bots = vec![];
    let mut skipped = vec![];
    let mut not_executable = vec![];
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        let shown = format!(
            "\"{}\"",
            escape(&p.file_name().unwrap_or_default().to_string_lossy())
        );
        let meta = fs::metadata(&p);
        let why = if p
            .file_name()
            .is_some_and(|f| f.to_string_lossy().starts_with('.'))
        {
            "a hidden file"
        } else if meta.as_ref().is_ok_and(|m| m.is_dir()) {
            "a folder (.fs bots may include files from it)"
        } else if !meta.as_ref().is_ok_and(|m| m.is_file()) {
            "not a file"
        } else if p.extension().is_some_and(|e| e == "fs")
            || meta
                .as_ref()
                .is_ok_and(|m| m.permissions().mode() & 0o111 != 0)
        {
            bots.push(p);
            continue;
        } else if looks_like_a_program(&p) {
            not_executable.push(shown);
            continue;
        } else if p.extension().is_some_and(|e| {
            ["c", "h", "cc", "cpp", "rs", "java", "go"]
                .iter()
                .any(|x| e == *x)
        }) {
            "source code, not a bot (compile it into this folder)"
        } else {
            "not a bot: neither a .fs script nor executable"
        };
        skipped.push(format!("{shown}: {why}"));
    }
    if !not_executable.is_empty() {
        return Err(format!(
            "{}: {} look{} like {} but {} not executable: chmod +x {}, or move {} out of the folder",
            dir.display(),
            not_executable.join(", "),
            if not_executable.len() == 1 { "s" } else { "" },
            if not_executable.len() == 1 {
                "a bot"
            } else {
                "bots"
            },
            if not_executable.len() == 1 {
                "is"
            } else {
                "are"
            },
            if not_executable.len() == 1 {
                "it"
            } else {
                "them"
            },
            if not_executable.len() == 1 {
                "it"
            } else {
                "them"
            },
        ));
    }
    Ok((bots, skipped))
}

/// A `#!` script, a compiled (ELF) program, or a script by its extension.
fn looks_like_a_program(p: &Path) -> bool {
    let mut start = [0u8; 4];
    let read = fs::File::open(p).and_then(|mut f| {
        use std::io::Read;
        f.read(&mut start)
    });
    let start = &start[..read.unwrap_or(0)];
    start.starts_with(b"#!")
        || start.starts_with(b"\x7fELF")
        || p.extension().is_some_and(|e| {
            ["py", "sh", "bash", "pl", "rb", "js", "lua", "out"]
                .iter()
                .any(|x| e == *x)
        })
}

/// One bot's line in the table.
#[derive(Default, Clone)]
struct Score {
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    violations: BTreeMap<Kind, u32>,
}

impl Score {
    fn points(&self) -> u32 {
        self.wins * WIN_POINTS + self.draws * DRAW_POINTS
    }
}

/// Play `games` games between every pair of `bots`, sides alternating,
/// printing a line per game; then the table. Returns the table's text.
pub fn round_robin(t: &Table, bots: &[Bot], games: usize, out: &mut dyn Write) -> io::Result<()> {
    let mut pairings = vec![];
    for i in 0..bots.len() {
        for j in i + 1..bots.len() {
            for g in 0..games {
                pairings.push(if g % 2 == 0 { [i, j] } else { [j, i] });
            }
        }
    }
    let total = pairings.len();
    let mut scores = vec![Score::default(); bots.len()];
    let live = io::stderr().is_terminal();
    for (n, [a, b]) in pairings.into_iter().enumerate() {
        let number = n + 1;
        let pair = [&bots[a], &bots[b]];
        let head = format!(
            "game {number}/{total}: {} (1) vs {} (2)",
            pair[0].name, pair[1].name
        );
        let mut progress = |moves: usize| {
            if live {
                let _ = write!(io::stderr(), "\r\x1b[K{head}  move {moves}");
            }
        };
        progress(0);
        let played = game::play(t, number, pair, &mut progress);
        if live {
            let _ = write!(io::stderr(), "\r\x1b[K");
        }
        let Played { result, moves, log } = match played {
            Err(e) => {
                // Stopped by a signal, or the referee failed: the game under
                // way does not count, the finished ones do.
                writeln!(
                    out,
                    "{head}: {e}\n\nThe table after {} of {total}:",
                    number - 1,
                    total = game::count(total, "game")
                )?;
                table(bots, &scores, out)?;
                return Err(e);
            }
            Ok(played) => played,
        };
        let after = match &result {
            game::Result::Win {
                violation: None, ..
            } => format!(" after {}", game::count(moves, "move")),
            _ => String::new(),
        };
        writeln!(
            out,
            "{head}: {}{after}  [{}]",
            game::describe(&result, pair),
            log.file_name().and_then(|f| f.to_str()).unwrap_or("")
        )?;
        if let game::Result::Win {
            violation: Some(v), ..
        } = &result
        {
            writeln!(out, "    {}", v.what)?;
            for line in v.stderr_tail.lines() {
                writeln!(out, "    stderr| {line}")?;
            }
        }
        out.flush()?;
        for (k, &who) in [a, b].iter().enumerate() {
            let s = &mut scores[who];
            s.games += 1;
            match &result {
                game::Result::Draw { .. } => s.draws += 1,
                game::Result::Win { winner, .. } if *winner == k => s.wins += 1,
                game::Result::Win { violation, .. } => {
                    s.losses += 1;
                    if let Some(v) = violation {
                        *s.violations.entry(v.kind).or_default() += 1;
                    }
                }
            }
        }
    }
    writeln!(out)?;
    table(bots, &scores, out)
}

/// The results table, best first: points, then wins, then fewer
/// violations; equal bots share a rank.
fn table(bots: &[Bot], scores: &[Score], out: &mut dyn Write) -> io::Result<()> {
    let violations = |s: &Score| s.violations.values().sum::<u32>();
    let mut order: Vec<usize> = (0..bots.len()).collect();
    let key = |i: &usize| {
        let s = &scores[*i];
        (
            std::cmp::Reverse(s.points()),
            std::cmp::Reverse(s.wins),
            violations(s),
        )
    };
    order.sort_by(|a, b| key(a).cmp(&key(b)).then(bots[*a].name.cmp(&bots[*b].name)));
    // Columns by the width a terminal gives the names (é is one column,
    // a CJK character two), not by their bytes.
    let shown = |name: &str| unicode_width::UnicodeWidthStr::width(name);
    let width = bots
        .iter()
        .map(|b| shown(&b.name))
        .max()
        .unwrap_or(3)
        .max(3);
    let padded = |name: &str| format!("{name}{}", " ".repeat(width - shown(name)));
    writeln!(
        out,
        "rank  {}  games  wins  draws  losses  points  violations",
        padded("bot")
    )?;
    let mut rank = 0;
    for (place, &i) in order.iter().enumerate() {
        if place == 0 || key(&order[place - 1]) != key(&i) {
            rank = place + 1;
        }
        let s = &scores[i];
        let v: Vec<String> = s
            .violations
            .iter()
            .map(|(k, n)| format!("{n} {}", k.name()))
            .collect();
        writeln!(
            out,
            "{rank:>4}  {}  {:>5}  {:>4}  {:>5}  {:>6}  {:>6}  {}",
            padded(&bots[i].name),
            s.games,
            s.wins,
            s.draws,
            s.losses,
            s.points(),
            if v.is_empty() {
                "-".to_string()
            } else {
                v.join(", ")
            }
        )?;
    }
    writeln!(
        out,
        "\npoints: {WIN_POINTS} a win, {DRAW_POINTS} a draw, 0 a loss (a violation loses the game)"
    )
}
