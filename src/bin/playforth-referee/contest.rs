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
/// executable file. The bot is copied into the referee's own directory,
/// so the original cannot be changed by any bot and the bots' uid can run
/// it; a `.fs` bot comes with the other `.fs` files of its folder and the
/// folders below, which it may `include` or `require`.
pub fn load(path: &Path, work: &Path, playforth: &Path) -> Result<Bot, String> {
    let meta = fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if !meta.is_file() {
        return Err(format!("{}: not a file", path.display()));
    }
    let file = path
        .file_name()
        .and_then(|f| f.to_str())
        .ok_or(format!("{}: not a name", path.display()))?;
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
    let dir =
        crate::sandbox::make_dir(&work.join("bots").join(&name)).map_err(|e| e.to_string())?;
    let copy = dir.join(file);
    if forth {
        let folder = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        copy_forth_files(folder, &dir, 3)
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
        }
    } else {
        Bot {
            name,
            program: copy,
            prefix: vec![],
            forth: false,
        }
    })
}

/// Copy the `.fs` files of `from` and of its folders `depth` deep into
/// `to` (symbolic links and hidden entries left out), readable by all.
fn copy_forth_files(from: &Path, to: &Path, depth: usize) -> io::Result<()> {
    for e in fs::read_dir(from)?.flatten() {
        let name = e.file_name();
        if name.to_string_lossy().starts_with('.') {
            continue;
        }
        let kind = e.file_type()?;
        if kind.is_dir() && depth > 0 {
            let sub = crate::sandbox::make_dir(&to.join(&name))?;
            copy_forth_files(&e.path(), &sub, depth - 1)?;
        } else if kind.is_file() && e.path().extension().is_some_and(|x| x == "fs") {
            let target = to.join(&name);
            fs::copy(e.path(), &target)?;
            fs::set_permissions(&target, fs::Permissions::from_mode(0o644))?;
        }
    }
    Ok(())
}

/// The bots of a folder: its `.fs` files and executables, by name.
pub fn folder(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut paths: Vec<PathBuf> = fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .filter(|p| {
            !p.file_name()
                .and_then(|f| f.to_str())
                .is_some_and(|f| f.starts_with('.'))
        })
        .filter(|p| {
            p.extension().is_some_and(|e| e == "fs")
                || fs::metadata(p).is_ok_and(|m| m.permissions().mode() & 0o111 != 0)
        })
        .collect();
    paths.sort();
    Ok(paths)
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
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {
                writeln!(
                    out,
                    "{head}: stopped by Ctrl-C\n\nThe table after {} of {total} games:",
                    number - 1
                )?;
                table(bots, &scores, out)?;
                return Err(e);
            }
            played => played?,
        };
        let after = match &result {
            game::Result::Win {
                violation: None, ..
            } => format!(" after {moves} moves"),
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
    let width = bots.iter().map(|b| b.name.len()).max().unwrap_or(3).max(3);
    writeln!(
        out,
        "rank  {:width$}  games  wins  draws  losses  points  violations",
        "bot"
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
            "{rank:>4}  {:width$}  {:>5}  {:>4}  {:>5}  {:>6}  {:>6}  {}",
            bots[i].name,
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
