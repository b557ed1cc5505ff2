//! The contest referee (`playforth-referee`): bots written in playforth,
//! shell, C (built here with gcc) and Python play it; every violation is
//! caught and pinned on the bot that made it, nothing outside a bot's own
//! directory changes, no process of a bot outlives its move, and a small
//! round-robin with a fixed seed gives the same table every time.
//!
//! Each misbehaving bot (tests/referee/) is bounded by itself too (64
//! children sleeping 20 s, 4 GiB at most, a file the test made), so a
//! referee bug cannot take the machine down.
//!
//! Linux only, as the referee is.

#![cfg(target_os = "linux")]

use std::collections::BTreeMap;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

const BOTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/referee");

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "playforth-referee-test-{}-{name}",
        std::process::id()
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch dir");
    fs::set_permissions(&dir, fs::Permissions::from_mode(0o755)).expect("chmod");
    dir
}

/// Put bot `file` from tests/referee into `dir`: C is compiled with gcc,
/// anything else copied as it is.
fn install(file: &str, dir: &Path) -> PathBuf {
    let src = Path::new(BOTS).join(file);
    if let Some(stem) = file.strip_suffix(".c") {
        let out = dir.join(stem);
        let ok = Command::new("gcc")
            .arg("-O")
            .arg("-o")
            .arg(&out)
            .arg(&src)
            .status()
            .expect("gcc runs");
        assert!(ok.success(), "gcc {file}");
        out
    } else {
        let out = dir.join(file);
        fs::copy(&src, &out).expect("copy bot");
        if file.ends_with(".fs") {
            // The Forth bots share lib/bot.fs, which the referee takes along.
            fs::create_dir_all(dir.join("lib")).expect("lib folder");
            fs::copy(Path::new(BOTS).join("lib/bot.fs"), dir.join("lib/bot.fs"))
                .expect("copy lib/bot.fs");
        }
        out
    }
}

fn referee(logs: &Path, args: &[&str]) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_playforth-referee"))
        .arg("--logs")
        .arg(logs)
        .args(args)
        .output()
        .expect("referee runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "referee failed:\n{stdout}\n{stderr}");
    (stdout, stderr)
}

/// Every file under `dir` with its contents and mode.
fn tree(dir: &Path) -> BTreeMap<PathBuf, (Vec<u8>, u32)> {
    let mut all = BTreeMap::new();
    for e in fs::read_dir(dir).expect("read dir").flatten() {
        let p = e.path();
        let meta = fs::symlink_metadata(&p).expect("metadata");
        if meta.is_dir() {
            all.extend(tree(&p));
        } else {
            all.insert(
                p.clone(),
                (fs::read(&p).unwrap_or_default(), meta.permissions().mode()),
            );
        }
    }
    all
}

/// Processes whose command line mentions `what`.
fn processes_named(what: &str) -> Vec<String> {
    fs::read_dir("/proc")
        .expect("/proc")
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_str()
                .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
        })
        .filter_map(|e| fs::read(e.path().join("cmdline")).ok())
        .map(|c| String::from_utf8_lossy(&c).replace('\0', " "))
        .filter(|c| c.contains(what))
        .collect()
}

#[test]
fn every_violation_is_caught_and_attributed() {
    let dir = scratch("violations");
    let bots = dir.join("bots");
    fs::create_dir(&bots).unwrap();
    // A world-writable directory outside every bot's own: only the
    // referee's fences (Landlock), not file permissions, keep it intact.
    let outside = dir.join("outside");
    fs::create_dir(&outside).unwrap();
    fs::set_permissions(&outside, fs::Permissions::from_mode(0o777)).unwrap();
    fs::write(outside.join("victim.txt"), "a file no bot may delete\n").unwrap();
    fs::set_permissions(
        outside.join("victim.txt"),
        fs::Permissions::from_mode(0o666),
    )
    .unwrap();
    install("random.fs", &bots);
    let deleter = fs::read_to_string(Path::new(BOTS).join("deleter.sh")).unwrap();
    fs::write(
        bots.join("deleter.sh"),
        deleter.replace("OUTSIDE", outside.to_str().unwrap()),
    )
    .unwrap();
    fs::set_permissions(bots.join("deleter.sh"), fs::Permissions::from_mode(0o755)).unwrap();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port().to_string();
    let network = fs::read_to_string(Path::new(BOTS).join("network.py")).unwrap();
    fs::write(bots.join("network.py"), network.replace("PORT", &port)).unwrap();
    fs::set_permissions(bots.join("network.py"), fs::Permissions::from_mode(0o755)).unwrap();
    // (bot, its name, the violation's kind, what the report says it did)
    #[rustfmt::skip]
    let cases = [
        ("sleeper.sh", "sleeper", "timeout", "did not end within 1500 ms: killed (it had used 0."),
        ("illegal.sh", "illegal", "illegal", "wrote \"2 2 3 3 \\n\" (c3 d4): c3 is empty"),
        ("garbage.sh", "garbage", "garbage", "wrote \"a1 -> a2\\n\": \"a1\" is not a coordinate"),
        ("nothing.sh", "nothing", "no move", "exited without writing play.txt"),
        ("deleter.sh", "deleter", "crash", "exited with status 1"),
        ("network.py", "network", "crash", "exited with status 1"),
        ("forker.c", "forker", "processes", "processes were still running"),
        ("hog.py", "hog", "memory", "MiB of its 128 MiB"),
        ("crasher.c", "crasher", "crash", "killed by signal 11 (SIGSEGV"),
        ("linker.sh", "linker", "garbage", "made play.txt a link, a folder or a pipe, not a file"),
        ("nointerpreter.sh", "nointerpreter", "crash", "could not be started: No such file or directory"),
        ("bigfile.sh", "bigfile", "file size", "wrote a file past the 1048576 byte limit"),
        ("bigchild.sh", "bigchild", "file size", "exited with status 153 (128 + SIGXFSZ)"),
        ("forkbomb.sh", "forkbomb", "processes", "the limit is 32"),
    ];
    for (file, _, _, _) in &cases {
        if !["deleter.sh", "network.py"].contains(file) {
            install(file, &bots);
        }
    }
    let before_outside = tree(&outside);
    let before_bots = tree(&bots);
    for (file, name, kind, what) in cases {
        let logs = dir.join(format!("logs-{name}"));
        let bot = bots.join(if file.ends_with(".c") {
            name.to_string()
        } else {
            file.to_string()
        });
        let (out, _) = referee(
            &logs,
            &[
                "--games",
                "1",
                "--move-time",
                "1500",
                "--memory",
                "128",
                "match",
                bot.to_str().unwrap(),
                bots.join("random.fs").to_str().unwrap(),
            ],
        );
        let verdict = format!("random wins: {name} broke a rule at move 1 ({kind})");
        assert!(
            out.contains(&verdict),
            "{file}: expected {verdict:?} in\n{out}"
        );
        assert!(out.contains(what), "{file}: expected {what:?} in\n{out}");
        let row = out
            .lines()
            .find(|l| l.contains(&format!("  {name} ")))
            .expect("table row");
        assert!(
            row.ends_with(&format!("1 {kind}")),
            "{file}: table row {row:?}"
        );
        let log = fs::read_to_string(logs.join(format!("game-001-{name}-vs-random.txt"))).unwrap();
        assert!(
            log.contains(&format!("violation at move 1: player 1, {name}: ")),
            "{log}"
        );
        match name {
            "deleter" => assert!(out.contains("stderr| rm: cannot remove"), "{out}"),
            "crasher" => assert!(out.contains("stderr| about to crash"), "{out}"),
            "linker" => assert!(!out.contains("root:"), "{out}"),
            "forker" => assert!(
                out.contains("stderr| fork: Resource temporarily unavailable"),
                "{out}"
            ),
            "forkbomb" => assert!(out.contains("Cannot fork"), "{out}"),
            "hog" => assert!(out.contains("MemoryError"), "{out}"),
            "network" => {
                assert!(
                    out.contains("OSError") || out.contains("PermissionError"),
                    "{out}"
                );
                listener.set_nonblocking(true).unwrap();
                assert!(listener.accept().is_err(), "a bot reached the network");
            }
            _ => {}
        }
        assert_eq!(
            tree(&outside),
            before_outside,
            "{file} changed the outside directory"
        );
        assert_eq!(tree(&bots), before_bots, "{file} changed the bots");
        assert_eq!(
            processes_named("bots/forker/forker"),
            Vec::<String>::new(),
            "{file} left processes"
        );
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_round_robin_of_four_bots_is_repeatable() {
    let dir = scratch("round-robin");
    let bots = dir.join("bots");
    fs::create_dir(&bots).unwrap();
    install("greedy.fs", &bots);
    install("random.fs", &bots);
    install("first.c", &bots);
    install("illegal.sh", &bots);
    let logs = dir.join("logs");
    let args = [
        "--games",
        "2",
        "--seed",
        "7",
        "--move-time",
        "5000",
        "--max-moves",
        "40",
        "round-robin",
        bots.to_str().unwrap(),
    ];
    let (out, err) = referee(&logs, &args);
    assert!(
        err.contains("yes  files: reads only the system's folders, its own copy and its move folder; writes only in its move folder (Landlock ABI"),
        "{err}"
    );
    insta::assert_snapshot!("referee_round_robin", out);
    let log = fs::read_to_string(logs.join("game-001-first-vs-greedy.txt")).unwrap();
    insta::assert_snapshot!("referee_game_log", log);
    replay_shows_the_logged_boards(&log, &dir);
    fs::remove_dir_all(&dir).unwrap();
}

/// The boards in a text: each "    a b c d e" line and the five rows
/// above it, without trailing blanks.
fn boards(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    (5..lines.len())
        .filter(|&i| lines[i] == "    a b c d e")
        .map(|i| lines[i - 5..=i].join("\n"))
        .collect()
}

fn replay(log: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_playforth"))
        .args([
            concat!(env!("CARGO_MANIFEST_DIR"), "/examples/fivestep.fs"),
            "replay",
        ])
        .arg(log)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("playforth runs");
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

/// `playforth examples/fivestep.fs replay LOG` makes the logged moves with
/// the game words and shows the same boards the referee logged; a log
/// whose move is illegal is stopped there.
fn replay_shows_the_logged_boards(log: &str, dir: &Path) {
    let file = dir.join("replayed.txt");
    fs::write(&file, log).unwrap();
    let shown = replay(&file);
    assert_eq!(boards(&shown), boards(log), "{shown}");
    assert!(
        shown.contains("move 4: e1 e2 e3 e4 e5 d5  (player 2, greedy, takes d5)"),
        "{shown}"
    );
    assert!(
        shown
            .trim_end()
            .ends_with("result: greedy wins: first has no pieces left"),
        "{shown}"
    );
    fs::write(&file, log.replace("move 3: e5 d5", "move 3: c3 c4")).unwrap();
    let shown = replay(&file);
    assert!(
        shown.contains(
            "move 3: c3 c4  (player 1, first)\nThat move is not legal here: player 1 has no piece on c3."
        ),
        "{shown}"
    );
    assert!(!shown.contains("result:"), "{shown}");
}

/// The example bot, which `require`s ./lib/play.fs, plays under the
/// referee (its folder's .fs files come with it) and breaks no rule.
#[test]
fn the_example_bot_plays_by_the_rules() {
    let dir = scratch("example");
    let random = install("random.fs", &dir);
    let logs = dir.join("logs");
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/fivestep.fs");
    let (out, _) = referee(
        &logs,
        &[
            "--games",
            "2",
            "--seed",
            "5",
            "--move-time",
            "3000",
            "match",
            example,
            random.to_str().unwrap(),
        ],
    );
    assert!(!out.contains("fivestep broke a rule"), "{out}");
    let row: Vec<&str> = out
        .lines()
        .find(|l| l.split_whitespace().nth(1) == Some("fivestep"))
        .expect("a table row")
        .split_whitespace()
        .collect();
    assert_eq!((row[2], row[7]), ("2", "-"), "games and violations: {out}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_that_is_no_bot_is_refused() {
    let dir = scratch("refused");
    fs::write(dir.join("notes.txt"), "not a bot").unwrap();
    fs::set_permissions(dir.join("notes.txt"), fs::Permissions::from_mode(0o644)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_playforth-referee"))
        .args([
            "match",
            dir.join("notes.txt").to_str().unwrap(),
            dir.join("notes.txt").to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("notes.txt: neither a .fs script nor executable"),
        "{err}"
    );
    fs::remove_dir_all(&dir).unwrap();
}

/// The referee in the middle of a move by `bot` (which runs a process
/// whose command line holds `marker`), stdout and stderr piped.
fn start_referee(dir: &Path, tmp: &Path, bot: &Path, marker: &str) -> std::process::Child {
    use std::process::Stdio;
    let other = install("nothing.sh", dir);
    let child = Command::new(env!("CARGO_BIN_EXE_playforth-referee"))
        .env("TMPDIR", tmp)
        .arg("--logs")
        .arg(dir.join(format!("logs-{}", marker.replace(' ', "-"))))
        .args(["--move-time", "20000", "match"])
        .args([bot, &other])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("referee runs");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while processes_named(marker).is_empty() {
        assert!(
            std::time::Instant::now() < deadline,
            "the bot never started"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child
}

/// Wait (10 s at most) until no process's command line holds `marker`.
fn gone(marker: &str) -> Vec<String> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let left = processes_named(marker);
        if left.is_empty() || std::time::Instant::now() > deadline {
            return left;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// A bot that sleeps, with a child in a session of its own (a daemon)
/// sleeping too; `marker` names both sleeps.
fn dreamer(dir: &Path, marker: &str) -> PathBuf {
    let bot = dir.join("dreamer.sh");
    fs::write(
        &bot,
        format!(
            "#!/bin/sh\nsetsid sh -c '{marker}' </dev/null >/dev/null 2>&1 &\n{marker}\necho '0 0 0 1' > play.txt\n"
        ),
    )
    .unwrap();
    fs::set_permissions(&bot, fs::Permissions::from_mode(0o755)).unwrap();
    bot
}

/// Ctrl-C, SIGTERM or SIGHUP in the middle of a move: the moving bot and
/// its daemon are killed at once, the table so far is shown, the
/// referee's work folder is removed, and the status is 128 + the signal.
#[test]
fn a_signal_stops_the_contest_and_leaves_nothing_behind() {
    let dir = scratch("stop");
    for (signal, status, words) in [
        ("INT", 130, "stopped by Ctrl-C"),
        ("TERM", 143, "stopped by SIGTERM"),
        ("HUP", 129, "stopped by SIGHUP"),
    ] {
        let tmp = dir.join(format!("tmp-{signal}"));
        fs::create_dir_all(&tmp).unwrap();
        let marker = format!("sleep 7.{status}{}", std::process::id() % 1000);
        let bot = dreamer(&dir, &marker);
        let child = start_referee(&dir, &tmp, &bot, &marker);
        let sent = Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
        let out = child.wait_with_output().expect("referee ends");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(status), "{stdout}\n{stderr}");
        assert!(
            stdout.contains(words) && stdout.contains("The table after 0 of 2 games:"),
            "{stdout}"
        );
        assert!(
            stderr.contains(&format!("playforth-referee: {words}")),
            "{stderr}"
        );
        assert_eq!(processes_named(&marker), Vec::<String>::new());
        let left: Vec<_> = fs::read_dir(&tmp)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        assert!(left.is_empty(), "left behind: {left:?}");
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// SIGKILL cannot be caught, but the kernel ends the move with the
/// referee: the bot and its daemon die too. Only the work folder stays,
/// and the next referee removes it.
#[test]
fn the_bot_dies_with_a_killed_referee() {
    let dir = scratch("sigkill");
    let tmp = dir.join("tmp");
    fs::create_dir_all(&tmp).unwrap();
    let marker = format!("sleep 29.{}", std::process::id() % 1000);
    let bot = dreamer(&dir, &marker);
    let mut child = start_referee(&dir, &tmp, &bot, &marker);
    // The bot starts its daemon a moment after it starts (longer on a
    // loaded machine): wait for both.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while processes_named(&marker).len() < 2 {
        assert!(
            std::time::Instant::now() < deadline,
            "the bot and its daemon"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().expect("SIGKILL");
    let _ = child.wait();
    assert_eq!(gone(&marker), Vec::<String>::new());
    let left = || fs::read_dir(&tmp).unwrap().flatten().count();
    assert_eq!(left(), 1, "the killed referee's work folder");
    let nothing = install("nothing.sh", &dir);
    let next = Command::new(env!("CARGO_BIN_EXE_playforth-referee"))
        .env("TMPDIR", &tmp)
        .arg("--logs")
        .arg(dir.join("logs-next"))
        .args(["--games", "1", "match"])
        .args([&nothing, &nothing])
        .output()
        .expect("referee runs");
    assert_eq!(left(), 0, "{}", String::from_utf8_lossy(&next.stderr));
    fs::remove_dir_all(&dir).unwrap();
}

/// A cleaner that removes the referee's work folder in the middle of a
/// move stops the contest: the referee names the missing path, shows the
/// table so far and fails, and the moving bot is not blamed.
#[test]
fn a_vanished_work_folder_is_the_referees_failure_not_the_bots() {
    let dir = scratch("vanished");
    let tmp = dir.join("tmp");
    fs::create_dir_all(&tmp).unwrap();
    let marker = format!("sleep 0.0{}", std::process::id() % 1000);
    let bot = dir.join("waiter.sh");
    fs::write(
        &bot,
        format!("#!/bin/sh\nwhile [ -e \"$0\" ]; do {marker}; done\necho '0 0 0 1' > play.txt\n"),
    )
    .unwrap();
    fs::set_permissions(&bot, fs::Permissions::from_mode(0o755)).unwrap();
    let child = start_referee(&dir, &tmp, &bot, &marker);
    for e in fs::read_dir(&tmp).unwrap().flatten() {
        fs::remove_dir_all(e.path()).unwrap();
    }
    let out = child.wait_with_output().expect("referee ends");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stdout}\n{stderr}");
    assert!(stdout.contains("The table after 0 of 2 games:"), "{stdout}");
    assert!(!stdout.contains("broke a rule"), "{stdout}");
    assert!(
        stderr.contains(&format!("{}/playforth-referee-", tmp.display()))
            && stderr.contains("has disappeared"),
        "{stderr}"
    );
    fs::remove_dir_all(&dir).unwrap();
}

/// A bot reads only the system's folders, its own copy (with its helper
/// files) and its move folder: a parasite that runs another contestant's
/// copy, a snoop that reads another bot, the work folder, the logs or
/// /tmp, and a `.fs` bot that includes another contestant of its folder
/// all fail; the honest bot and one that writes 2 MB to stderr play on.
#[test]
fn a_bot_cannot_read_or_run_the_other_bots() {
    let dir = scratch("fairness");
    let bots = dir.join("bots");
    fs::create_dir(&bots).unwrap();
    let logs = dir.join("logs");
    let honest = install("random.fs", &bots);
    fs::rename(&honest, bots.join("honest.fs")).unwrap();
    for bot in ["parasite.sh", "copycat.fs", "chatty.c"] {
        install(bot, &bots);
    }
    let snoop = fs::read_to_string(Path::new(BOTS).join("snoop.sh")).unwrap();
    fs::write(
        bots.join("snoop.sh"),
        snoop.replace("LOGS", logs.to_str().unwrap()),
    )
    .unwrap();
    fs::set_permissions(bots.join("snoop.sh"), fs::Permissions::from_mode(0o755)).unwrap();
    let (out, err) = referee(
        &logs,
        &[
            "--games",
            "1",
            "--max-moves",
            "6",
            "--move-time",
            "5000",
            "round-robin",
            bots.to_str().unwrap(),
        ],
    );
    let row = |name: &str| {
        out.lines()
            .find(|l| l.split_whitespace().nth(1) == Some(name))
            .unwrap_or_else(|| panic!("no row for {name}:\n{out}"))
            .to_string()
    };
    assert!(row("honest").ends_with("  -"), "{out}");
    assert!(row("chatty").ends_with("  -"), "{out}");
    for name in ["parasite", "snoop", "copycat"] {
        assert!(row(name).contains(" crash"), "{name}: {out}");
    }
    assert!(out.contains("/honest.fs (Permission denied"), "{out}");
    assert!(out.contains("stderr| read nothing but itself"), "{out}");
    for leak in [
        "read another bot",
        "listed the bots",
        "listed the logs",
        "listed /tmp",
    ] {
        assert!(!out.contains(leak), "{leak}: {out}");
    }
    assert!(out.contains("honest.fs"), "copycat's include fails: {out}");
    assert!(err.contains("skipped \"lib\": a folder"), "{err}");
    fs::remove_dir_all(&dir).unwrap();
}

/// The referee's refusals before a contest starts, each with what to do.
#[test]
fn mistakes_in_the_setup_are_named_before_any_game() {
    let dir = scratch("setup");
    let fails = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_playforth-referee"))
            .arg("--logs")
            .arg(dir.join("logs"))
            .args(args)
            .output()
            .expect("referee runs");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let folder = |name: &str| {
        let f = dir.join(name);
        fs::create_dir_all(&f).unwrap();
        f.to_str().unwrap().to_string()
    };
    // A mistyped folder.
    let missing = dir.join("nonexist");
    let err = fails(&["round-robin", missing.to_str().unwrap()]);
    assert!(err.contains("nonexist: no such folder"), "{err}");
    // Nothing but notes and sources: each skipped file is named.
    let notes = folder("notes");
    fs::write(dir.join("notes/README.txt"), "read me").unwrap();
    fs::write(dir.join("notes/bob.c"), "int main() {}").unwrap();
    let err = fails(&["round-robin", &notes]);
    assert!(
        err.contains("skipped \"README.txt\": not a bot: neither a .fs script nor executable")
            && err.contains("skipped \"bob.c\": source code, not a bot")
            && err
                .contains("a contest needs two bots or more, found 0 (skipped 2 files: see above)"),
        "{err}"
    );
    // A script its author forgot to make executable.
    let forgot = folder("forgot");
    install("random.fs", &dir.join("forgot"));
    install("first.c", &dir.join("forgot"));
    fs::copy(
        Path::new(BOTS).join("nothing.sh"),
        dir.join("forgot/carol.sh"),
    )
    .unwrap();
    fs::set_permissions(
        dir.join("forgot/carol.sh"),
        fs::Permissions::from_mode(0o644),
    )
    .unwrap();
    let err = fails(&["round-robin", &forgot]);
    assert!(
        err.contains("\"carol.sh\" looks like a bot but is not executable: chmod +x it"),
        "{err}"
    );
    // A name that would fake a table row.
    let faker = folder("faker");
    install("random.fs", &dir.join("faker"));
    install("first.c", &dir.join("faker"));
    fs::rename(
        dir.join("faker/first"),
        dir.join("faker/eve\n   1  eve  99"),
    )
    .unwrap();
    let err = fails(&["round-robin", &faker]);
    assert!(
        err.contains("the bot's name \"eve\\n   1  eve  99\" holds a control character"),
        "{err}"
    );
    assert!(!err.contains("eve\n"), "{err}");
    // Limits of 0, each named.
    let err = fails(&["--cpu", "0", "--max-moves", "0", "round-robin", &forgot]);
    assert!(
        err.contains("--cpu 0, --max-moves 0: --games, --move-time, --cpu, --memory, --file-size, --disk, --processes and --max-moves must be above 0"),
        "{err}"
    );
    // A log folder that holds another run's games.
    fs::create_dir_all(dir.join("logs")).unwrap();
    fs::write(dir.join("logs/game-001-a-vs-b.txt"), "old").unwrap();
    let err = fails(&["round-robin", &faker]);
    assert!(
        err.contains("logs already holds the logs of an earlier run (game-001-a-vs-b.txt)"),
        "{err}"
    );
    fs::remove_dir_all(&dir).unwrap();
}

/// Copy bot `file` from tests/referee into `dir`, each `(from, to)` of
/// `replace` replaced in its text, executable.
fn install_replacing(file: &str, dir: &Path, replace: &[(&str, &str)]) -> PathBuf {
    let mut text = fs::read_to_string(Path::new(BOTS).join(file)).expect("bot source");
    for (from, to) in replace {
        text = text.replace(from, to);
    }
    let out = dir.join(file);
    fs::write(&out, text).expect("write bot");
    fs::set_permissions(&out, fs::Permissions::from_mode(0o755)).expect("chmod");
    out
}

/// The referee's output for a run expected to succeed, run with `tmp` as
/// its TMPDIR.
fn referee_in(tmp: &Path, logs: &Path, args: &[&str]) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_playforth-referee"))
        .env("TMPDIR", tmp)
        .arg("--logs")
        .arg(logs)
        .args(args)
        .output()
        .expect("referee runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "referee failed:\n{stdout}\n{stderr}");
    (stdout, stderr)
}

/// Every game log in `logs`, one after the other.
fn all_logs(logs: &Path) -> String {
    let mut names: Vec<PathBuf> = fs::read_dir(logs)
        .expect("logs")
        .flatten()
        .map(|e| e.path())
        .collect();
    names.sort();
    names
        .iter()
        .map(|p| fs::read_to_string(p).unwrap_or_default())
        .collect()
}

/// A Unix socket server, as the teacher's tmux is: listening at `path`
/// and at the abstract name `abstract_name`, accepting nothing until asked.
struct Listener {
    path: std::os::unix::net::UnixListener,
    abstract_name: std::os::unix::net::UnixListener,
}

impl Listener {
    fn new(path: &Path, abstract_name: &str) -> Listener {
        use std::os::linux::net::SocketAddrExt;
        use std::os::unix::net::{SocketAddr, UnixListener};
        let path = UnixListener::bind(path).expect("bind a Unix socket");
        let name = SocketAddr::from_abstract_name(abstract_name).expect("abstract name");
        let abstract_name = UnixListener::bind_addr(&name).expect("bind an abstract socket");
        for l in [&path, &abstract_name] {
            l.set_nonblocking(true).unwrap();
        }
        Listener {
            path,
            abstract_name,
        }
    }

    /// Did any bot connect?
    fn reached(&self) -> bool {
        self.path.accept().is_ok() || self.abstract_name.accept().is_ok()
    }
}

/// A bot makes no socket of any kind: the C bot tries every family and
/// type, a socket pair, the x32 and 32-bit ABIs and io_uring; the Python
/// bot of issue 20 finds the teacher's tmux socket in a folder it cannot
/// list and tries to connect to it, and to an abstract socket. Nothing
/// reaches either server, and each bot's report says so.
#[test]
fn a_bot_cannot_make_or_reach_any_socket() {
    let dir = scratch("sockets");
    let bots = dir.join("bots");
    fs::create_dir(&bots).unwrap();
    let hidden = dir.join("tmux-0");
    fs::create_dir(&hidden).unwrap();
    let socket = hidden.join("default");
    let abstract_name = format!("playforth-referee-test-{}", std::process::id());
    let server = Listener::new(&socket, &abstract_name);
    // As tmux leaves it for its user; the bots' uid passes the folder.
    fs::set_permissions(&hidden, fs::Permissions::from_mode(0o711)).unwrap();
    fs::set_permissions(&socket, fs::Permissions::from_mode(0o777)).unwrap();
    install("random.fs", &bots);
    let sockets = install("sockets.c", &bots);
    let tmux = install_replacing(
        "tmux.py",
        &bots,
        &[
            ("SOCKET", socket.to_str().unwrap()),
            ("ABSTRACT", &abstract_name),
        ],
    );
    for bot in [&sockets, &tmux] {
        let logs = dir.join(format!(
            "logs-{}",
            bot.file_name().unwrap().to_str().unwrap()
        ));
        let (out, _) = referee(
            &logs,
            &[
                "--games",
                "1",
                "match",
                bot.to_str().unwrap(),
                bots.join("random.fs").to_str().unwrap(),
            ],
        );
        let log = all_logs(&logs);
        assert!(!out.contains("ESCAPE") && !log.contains("ESCAPE"), "{out}");
        assert!(out.contains("broke a rule at move 1 (crash)"), "{out}");
        if bot == &sockets {
            assert!(
                out.contains("stderr| blocked: every family, socketpair, x32, io_uring; 0 escapes"),
                "{out}"
            );
        } else {
            assert!(out.contains("stderr| found the socket"), "{out}");
            assert_eq!(
                out.matches("stderr| refused: Operation not permitted")
                    .count(),
                2,
                "{out}"
            );
        }
        assert!(!server.reached(), "a bot reached the server: {out}");
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// Modes, times, owners and extended attributes of everything outside the
/// move folder stay as they were: a bot that tries to change its own copy,
/// the other bot's, the shared runner, the work folder, the class folder
/// and a world-writable file (by path and by descriptor) changes nothing,
/// keeps no state between moves, and the folders it leaves without
/// permissions do not stop the contest; its opponent plays on.
#[test]
fn a_bot_cannot_change_modes_times_or_xattrs_outside_its_move() {
    let dir = scratch("metadata");
    let (out, bots, outside) = metadata_contest(&dir, &dir.join("tmp"), None);
    let row = |name: &str| {
        out.lines()
            .find(|l| l.split_whitespace().nth(1) == Some(name))
            .unwrap_or_else(|| panic!("no row for {name}:\n{out}"))
            .to_string()
    };
    assert!(row("metadata").ends_with("  -"), "{out}");
    assert!(row("random").ends_with("  -"), "{out}");
    assert_eq!(bots.0, tree(&bots.1), "the class folder changed");
    assert_eq!(
        outside.0,
        metadata_of(&outside.1),
        "the outside file changed"
    );
    fs::remove_dir_all(&dir).unwrap();
}

/// Contents, mode and modification time of `path`.
fn metadata_of(path: &Path) -> (Vec<u8>, u32, Option<std::time::SystemTime>) {
    let meta = fs::metadata(path).expect("metadata");
    (
        fs::read(path).unwrap_or_default(),
        meta.permissions().mode(),
        meta.modified().ok(),
    )
}

type Snapshot<T> = (T, PathBuf);

/// Six moves of metadata.py against random.fs in `dir`, the referee run
/// with `tmp` as TMPDIR, as `user` (uid, gid) if given: the output, the
/// class folder and the outside file, each with its state before the game.
#[allow(clippy::type_complexity)]
fn metadata_contest(
    dir: &Path,
    tmp: &Path,
    user: Option<&User>,
) -> (
    String,
    Snapshot<BTreeMap<PathBuf, (Vec<u8>, u32)>>,
    Snapshot<(Vec<u8>, u32, Option<std::time::SystemTime>)>,
) {
    let bots = dir.join("bots");
    fs::create_dir_all(&bots).unwrap();
    fs::create_dir_all(tmp).unwrap();
    if let Some(&User {
        ids: (uid, gid), ..
    }) = user
    {
        chown_all(tmp, uid, gid);
    }
    let outside = dir.join("outside");
    fs::create_dir_all(&outside).unwrap();
    fs::set_permissions(&outside, fs::Permissions::from_mode(0o777)).unwrap();
    let victim = outside.join("victim.txt");
    fs::write(&victim, "a file no bot may touch\n").unwrap();
    fs::set_permissions(&victim, fs::Permissions::from_mode(0o666)).unwrap();
    install("random.fs", &bots);
    let bot = install_replacing(
        "metadata.py",
        &bots,
        &[
            ("CLASS", bots.to_str().unwrap()),
            ("OUTSIDE", victim.to_str().unwrap()),
        ],
    );
    let logs = dir.join("logs");
    if let Some(&User {
        ids: (uid, gid), ..
    }) = user
    {
        chown_all(dir, uid, gid);
    }
    let before = (tree(&bots), metadata_of(&victim));
    let random = bots.join("random.fs");
    let args = [
        "--games",
        "1",
        "--max-moves",
        "6",
        "--move-time",
        "5000",
        "match",
        bot.to_str().unwrap(),
        random.to_str().unwrap(),
    ];
    let out = match user {
        None => referee_in(tmp, &logs, &args).0,
        Some(user) => referee_as(user, tmp, &logs, &args).0,
    };
    assert!(!out.contains("ESCAPE"), "{out}");
    let left: Vec<_> = fs::read_dir(tmp)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    assert!(left.is_empty(), "the work folder stayed: {left:?}");
    (out, (before.0, bots), (before.1, victim))
}

/// Give `path` and everything in it to `uid`:`gid`.
fn chown_all(path: &Path, uid: u32, gid: u32) {
    std::os::unix::fs::lchown(path, Some(uid), Some(gid)).expect("chown");
    if fs::symlink_metadata(path).unwrap().is_dir() {
        for e in fs::read_dir(path).unwrap().flatten() {
            chown_all(&e.path(), uid, gid);
        }
    }
}

/// A `.fs` bot's helpers are the files below its folder, never those
/// beside it: `match bots/alice.fs ...` (the documented trial run) does
/// not give alice bob's source, which would show in her report.
#[test]
fn a_trial_run_gives_a_bot_no_other_bot_as_a_helper() {
    let dir = scratch("helpers");
    let bots = dir.join("bots");
    fs::create_dir(&bots).unwrap();
    install("random.fs", &bots);
    fs::copy(Path::new(BOTS).join("peeker.fs"), bots.join("alice.fs")).unwrap();
    fs::write(bots.join("bob.fs"), "secret-of-bob 1 2 3\n").unwrap();
    fs::write(bots.join("carol.fs"), "secret-of-carol\n").unwrap();
    let opponent = dir.join("trial");
    fs::create_dir(&opponent).unwrap();
    fs::rename(install("random.fs", &opponent), opponent.join("rival.fs")).unwrap();
    let logs = dir.join("logs");
    let (out, _) = referee(
        &logs,
        &[
            "--games",
            "1",
            "match",
            bots.join("alice.fs").to_str().unwrap(),
            opponent.join("rival.fs").to_str().unwrap(),
        ],
    );
    let log = all_logs(&logs);
    assert!(
        out.contains("alice broke a rule at move 1 (crash)"),
        "{out}"
    );
    assert!(out.contains("bob.fs"), "the failed include is named: {out}");
    for secret in ["secret-of-bob", "secret-of-carol"] {
        assert!(!out.contains(secret) && !log.contains(secret), "{out}");
    }
    // The helpers below the folder still come along: random.fs requires
    // ./lib/bot.fs.
    let (out, _) = referee(
        &dir.join("logs-lib"),
        &[
            "--games",
            "1",
            "--max-moves",
            "4",
            "match",
            bots.join("random.fs").to_str().unwrap(),
            opponent.join("rival.fs").to_str().unwrap(),
        ],
    );
    assert!(!out.contains("broke a rule"), "{out}");
    fs::remove_dir_all(&dir).unwrap();
}

/// Names cannot reach past the bot's own folder (`..fs` and `...fs` are
/// refused, and copies live in numbered folders), hide or turn text around
/// (U+061C, U+2028, U+202E refused, and escaped in a bot's stderr), and
/// names of letters that are not ASCII keep the table's columns straight.
#[test]
fn names_cannot_take_folders_hide_text_or_break_the_table() {
    let dir = scratch("names");
    let nothing = install("nothing.sh", &dir);
    let refused = |file: &str, why: &str, shown: &str| {
        let bot = dir.join(file);
        fs::copy(&nothing, &bot).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_playforth-referee"))
            .arg("--logs")
            .arg(dir.join("logs-refused"))
            .args(["match"])
            .args([&bot, &nothing])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{file}: {err}");
        assert!(err.contains(why) && err.contains(shown), "{file}: {err}");
        let stem = file.rsplit_once('.').unwrap().0;
        assert!(
            !err.contains(stem) || stem.is_ascii(),
            "{file} shown raw: {err}"
        );
        fs::remove_file(&bot).unwrap();
    };
    refused("..fs", "starts with a dot", "\".\"");
    refused("...fs", "starts with a dot", "\"..\"");
    refused("ali\u{61c}ce.sh", "turns text around", "ali\\u{61c}ce");
    refused("bo\u{2028}b.sh", "turns text around", "bo\\u{2028}b");
    refused("ev\u{202e}e.sh", "turns text around", "ev\\u{202e}e");
    // A bot's stderr is shown with its hidden characters written out.
    let shout = install("shout.sh", &dir);
    let logs = dir.join("logs-shout");
    let (out, _) = referee(
        &logs,
        &[
            "--games",
            "1",
            "match",
            shout.to_str().unwrap(),
            nothing.to_str().unwrap(),
        ],
    );
    let log = all_logs(&logs);
    for text in [&out, &log] {
        assert!(
            text.contains("stderr| gave up \\u{202e}dlrow\\u{2028}olleh\\u{61c}!"),
            "{text}"
        );
        for c in ['\u{202e}', '\u{2028}', '\u{61c}'] {
            assert!(!text.contains(c), "{c:?} unescaped: {text}");
        }
    }
    // é and CJK names: the table pads by columns on the screen.
    let jose = dir.join("josé.sh");
    let master = dir.join("名人.sh");
    fs::copy(&nothing, &jose).unwrap();
    fs::copy(&nothing, &master).unwrap();
    let (out, _) = referee(
        &dir.join("logs-wide"),
        &[
            "--games",
            "2",
            "match",
            jose.to_str().unwrap(),
            master.to_str().unwrap(),
        ],
    );
    let table: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("rank"))
        .take(3)
        .collect();
    assert_eq!(
        table,
        [
            "rank  bot   games  wins  draws  losses  points  violations",
            "   1  josé      2     1      0       1       2  1 no move",
            "   1  名人      2     1      0       1       2  1 no move",
        ],
        "{out}"
    );
    fs::remove_dir_all(&dir).unwrap();
}

/// --allow-read cannot open the bots to each other: a folder that holds
/// the work folder (/tmp, or TMPDIR's parent), the bots or the logs is
/// refused before any game.
#[test]
fn allow_read_cannot_open_the_bots_to_each_other() {
    let dir = scratch("allow-read");
    let tmp = dir.join("tmp");
    fs::create_dir(&tmp).unwrap();
    let bots = dir.join("bots");
    fs::create_dir(&bots).unwrap();
    let nothing = install("nothing.sh", &bots);
    let garbage = install("garbage.sh", &bots);
    let elsewhere = scratch("allow-read-other");
    let fails = |allowed: &Path, what: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_playforth-referee"))
            .env("TMPDIR", &tmp)
            .arg("--logs")
            .arg(elsewhere.join("logs"))
            .arg("--allow-read")
            .arg(allowed)
            .args(["match"])
            .args([&nothing, &garbage])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(
            err.contains(&format!(
                "--allow-read {}: it holds {what}",
                allowed.display()
            )),
            "{err}"
        );
        assert_eq!(fs::read_dir(&tmp).unwrap().count(), 0, "work folder left");
    };
    fails(&dir, "the referee's work folder");
    fails(&tmp, "the referee's work folder");
    fails(&bots, "the bot");
    fails(&elsewhere, "the log folder");
    fails(Path::new("/"), "the referee's work folder");
    fs::remove_dir_all(&dir).unwrap();
    fs::remove_dir_all(&elsewhere).unwrap();
}

/// The per-move limit cases: (bot, its name, the violation, two phrases
/// of the report).
#[rustfmt::skip]
const PER_MOVE: [(&str, &str, &str, &str, &str); 5] = [
    ("spinners.c", "spinners", "cpu", "its processes together used", "the limit is 1 s"),
    ("orphans.c", "orphans", "cpu", "its processes together used", "the limit is 1 s"),
    ("hogs.c", "hogs", "memory", "its processes together", "256 MiB"),
    ("filler.sh", "filler", "disk", "it filled its 4 MiB move folder", "KiB written"),
    ("bigfile.py", "bigfile", "file size", "past the 1048576 byte file-size limit failed", "File too large"),
];

/// The limits hold per move, for all of a bot's processes together: four
/// processes of 0.6 s CPU each break a 1 s limit, and so do twenty
/// children that no parent waits for; four of 100 MiB break a 256 MiB
/// limit, forty 1 MB files the 4 MiB a move may write; and a Python bot
/// stopped at the file-size limit is reported as such, not as a crash.
/// As root the kernel keeps the totals (a control group) where the host
/// lets it; as a normal user (`the_fences_hold_when_the_referee_runs_as_a_normal_user`)
/// the referee counts over the process tree.
#[test]
fn limits_hold_per_move_not_per_process() {
    let dir = scratch("per-move");
    per_move_limits(&dir, None);
    fs::remove_dir_all(&dir).unwrap();
}

/// The `PER_MOVE` cases against random.fs in `dir`, as `user` if given.
fn per_move_limits(dir: &Path, user: Option<&User>) {
    let bots = dir.join("bots");
    fs::create_dir_all(&bots).unwrap();
    let tmp = dir.join("tmp");
    fs::create_dir_all(&tmp).unwrap();
    install("random.fs", &bots);
    for (file, ..) in PER_MOVE {
        install(file, &bots);
    }
    if let Some(user) = user {
        chown_all(dir, user.ids.0, user.ids.1);
    }
    let random = bots.join("random.fs");
    for (file, name, kind, what, limit) in PER_MOVE {
        let bot = bots.join(file.strip_suffix(".c").unwrap_or(file));
        let logs = dir.join(format!("logs-{name}"));
        #[rustfmt::skip]
        let args = [
            "--games", "1", "--move-time", "20000", "--cpu", "1", "--memory", "256",
            "--disk", "4", "match", bot.to_str().unwrap(), random.to_str().unwrap(),
        ];
        let out = match user {
            None => referee_in(&tmp, &logs, &args).0,
            Some(user) => referee_as(user, &tmp, &logs, &args).0,
        };
        let verdict = format!("random wins: {name} broke a rule at move 1 ({kind})");
        assert!(
            out.contains(&verdict),
            "{file}: expected {verdict:?} in\n{out}"
        );
        assert!(out.contains(what) && out.contains(limit), "{file}: {out}");
    }
}

/// A relative TMPDIR works (the bots start from their own folders), and a
/// move after 10,000 spaces and 1,000 line ends is a move.
#[test]
fn a_relative_tmpdir_and_long_white_space_are_fine() {
    let dir = scratch("relative");
    fs::create_dir(dir.join("tmp")).unwrap();
    let first = install("first.c", &dir);
    let spacey = install("spacey.sh", &dir);
    let random = install("random.fs", &dir);
    let out = Command::new(env!("CARGO_BIN_EXE_playforth-referee"))
        .current_dir(&dir)
        .env("TMPDIR", "tmp")
        .args([
            "--logs",
            "logs",
            "--games",
            "2",
            "--max-moves",
            "6",
            "match",
        ])
        .args([&first, &random])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(!stdout.contains("broke a rule"), "{stdout}");
    assert_eq!(fs::read_dir(dir.join("tmp")).unwrap().count(), 0);
    let (out, _) = referee(
        &dir.join("logs-spacey"),
        &[
            "--games",
            "1",
            "--max-moves",
            "1",
            "match",
            spacey.to_str().unwrap(),
            random.to_str().unwrap(),
        ],
    );
    assert!(out.contains("a draw: no result within 1 move"), "{out}");
    fs::remove_dir_all(&dir).unwrap();
}

/// The name of the user the normal-user tests create.
const TEST_USER: &str = "pfreftest";

/// As root: the uid and gid of a normal user made for the tests (useradd),
/// or why there is none.
fn normal_user() -> Result<(u32, u32), String> {
    if !nix_is_root() {
        return Err("the tests do not run as root".into());
    }
    let ids = || -> Option<(u32, u32)> {
        let id = |flag: &str| {
            let out = Command::new("id").args([flag, TEST_USER]).output().ok()?;
            String::from_utf8_lossy(&out.stdout)
                .trim()
                .parse::<u32>()
                .ok()
        };
        Some((id("-u")?, id("-g")?))
    };
    if let Some(found) = ids() {
        return Ok(found);
    }
    let made = Command::new("useradd")
        .args([
            "--system",
            "--no-create-home",
            "--shell",
            "/usr/sbin/nologin",
            TEST_USER,
        ])
        .status();
    match made {
        Ok(s) if s.success() => ids().ok_or_else(|| "useradd made no user".into()),
        Ok(s) => Err(format!("useradd ended with {s}")),
        Err(e) => Err(format!("no useradd: {e}")),
    }
}

fn nix_is_root() -> bool {
    fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find(|l| l.starts_with("Uid:"))
        .and_then(|l| l.split_whitespace().nth(2).map(|euid| euid == "0"))
        .unwrap_or(false)
}

/// The referee run as the user `ids` (setpriv), with `tmp` as its TMPDIR.
fn referee_as(user: &User, tmp: &Path, logs: &Path, args: &[&str]) -> (String, String) {
    let out = user.run(tmp, logs, args);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "referee failed:\n{stdout}\n{stderr}");
    assert!(stderr.contains("bots run as your own user"), "{stderr}");
    (stdout, stderr)
}

/// A normal user the tests run the referee as, and the referee's copy
/// it may run (the build folder may be closed to it).
struct User {
    ids: (u32, u32),
    referee: PathBuf,
}

impl User {
    /// The user `ids`, with copies of the referee and playforth in
    /// `dir/bin`.
    fn new(ids: (u32, u32), dir: &Path) -> User {
        let bin = dir.join("bin");
        fs::create_dir_all(&bin).unwrap();
        for built in [
            env!("CARGO_BIN_EXE_playforth-referee"),
            env!("CARGO_BIN_EXE_playforth"),
        ] {
            let to = bin.join(Path::new(built).file_name().unwrap());
            if fs::hard_link(built, &to).is_err() {
                fs::copy(built, &to).expect("copy a binary");
            }
        }
        fs::set_permissions(&bin, fs::Permissions::from_mode(0o755)).unwrap();
        User {
            ids,
            referee: bin.join("playforth-referee"),
        }
    }

    /// The referee's run as this user, with `tmp` as its TMPDIR.
    fn run(&self, tmp: &Path, logs: &Path, args: &[&str]) -> std::process::Output {
        Command::new("setpriv")
            .arg(format!("--reuid={}", self.ids.0))
            .arg(format!("--regid={}", self.ids.1))
            .arg("--clear-groups")
            .arg("--")
            .arg(&self.referee)
            .env("TMPDIR", tmp)
            .arg("--logs")
            .arg(logs)
            .args(args)
            .output()
            .expect("setpriv runs")
    }
}

/// Say loudly that the normal-user test did not run, and why.
fn skipped(why: &str) {
    eprintln!(
        "\n!!! SKIPPED: the referee was NOT tested as a normal user \
         (the_fences_hold_when_the_referee_runs_as_a_normal_user): {why}\n"
    );
}

/// Run as a normal user, the referee's bots run as that user, who owns
/// the class folder, the copies, the runner and its own tmux socket: the
/// fences must hold without file permissions' help. The socket attack and
/// the metadata attack fail there too. SKIPPED (said on stderr) where no
/// user can be made or the tools are missing.
#[test]
fn the_fences_hold_when_the_referee_runs_as_a_normal_user() {
    let ids = match normal_user() {
        Ok(ids) => ids,
        Err(why) => {
            skipped(&why);
            return;
        }
    };
    if Command::new("setpriv").arg("--version").output().is_err() {
        skipped("no setpriv");
        return;
    }
    let dir = scratch("normal-user");
    let tmp = dir.join("tmp");
    let user = User::new(ids, &dir);
    // Where the kernel lets no normal user make the namespaces, the
    // referee refuses to start as one (as it should): nothing to test.
    let trial = dir.join("probe");
    fs::create_dir_all(trial.join("tmp")).unwrap();
    let nothing = install("nothing.sh", &trial);
    let garbage = install("garbage.sh", &trial);
    chown_all(&trial, ids.0, ids.1);
    let probe = user.run(
        &trial.join("tmp"),
        &trial.join("logs"),
        &[
            "--games",
            "1",
            "match",
            nothing.to_str().unwrap(),
            garbage.to_str().unwrap(),
        ],
    );
    let said = String::from_utf8_lossy(&probe.stderr);
    if said.contains("cannot fence untrusted bots") {
        skipped(&format!(
            "the referee cannot fence bots in as a normal user here:\n{said}"
        ));
        fs::remove_dir_all(&dir).unwrap();
        return;
    }
    assert!(probe.status.success(), "{said}");
    // The metadata attack, where the user owns everything.
    let (out, bots, outside) = metadata_contest(&dir.join("metadata"), &tmp, Some(&user));
    assert!(!out.contains("broke a rule"), "{out}");
    assert_eq!(bots.0, tree(&bots.1), "the class folder changed");
    assert_eq!(
        outside.0,
        metadata_of(&outside.1),
        "the outside file changed"
    );
    // The tmux attack on the user's own server.
    let hidden = dir.join("tmux-user");
    fs::create_dir(&hidden).unwrap();
    let socket = hidden.join("default");
    let abstract_name = format!("playforth-referee-user-{}", std::process::id());
    let server = Listener::new(&socket, &abstract_name);
    let bots = dir.join("bots");
    fs::create_dir(&bots).unwrap();
    install("random.fs", &bots);
    let tmux = install_replacing(
        "tmux.py",
        &bots,
        &[
            ("SOCKET", socket.to_str().unwrap()),
            ("ABSTRACT", &abstract_name),
        ],
    );
    chown_all(&dir, ids.0, ids.1);
    fs::set_permissions(&hidden, fs::Permissions::from_mode(0o700)).unwrap();
    fs::set_permissions(&socket, fs::Permissions::from_mode(0o700)).unwrap();
    let logs = dir.join("logs-tmux");
    let (out, _) = referee_as(
        &user,
        &tmp,
        &logs,
        &[
            "--games",
            "1",
            "match",
            tmux.to_str().unwrap(),
            bots.join("random.fs").to_str().unwrap(),
        ],
    );
    assert!(!out.contains("ESCAPE"), "{out}");
    assert!(out.contains("stderr| found the socket"), "{out}");
    assert!(!server.reached(), "a bot reached the user's server: {out}");
    // The per-move limits, kept by the referee's count where the user has
    // no control group of its own.
    per_move_limits(&dir.join("limits"), Some(&user));
    fs::remove_dir_all(&dir).unwrap();
}
