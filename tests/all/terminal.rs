//! The REPL in a real terminal, as a person uses it: tmux runs playforth
//! in a pseudo-terminal, keys are typed into it and the screen is read.
//! CI installs tmux and sets PLAYFORTH_REQUIRE_TMUX; elsewhere a missing
//! tmux skips the test loudly.

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

/// The terminal tests take turns: side by side on a busy two-core machine
/// their screens lag.
static TURN: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Each session gets a tmux server of its own (`tmux -L NAME`): on a shared
/// server, a session started just as the last one closed meets a server on
/// its way out ("server exited unexpectedly").
static SERVERS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// `tmux -L socket ARGS…`
fn tmux(socket: &str, args: &[&str]) -> Command {
    let mut c = Command::new("tmux");
    c.args(["-L", socket]).args(args);
    c
}

struct Session(
    String,
    #[allow(dead_code)] std::sync::MutexGuard<'static, ()>,
);

impl Session {
    fn start(name: &str) -> Option<Session> {
        Session::start_with(name, "")
    }

    /// Start playforth with `shell` after its command line (redirections,
    /// then more shell commands).
    fn start_with(name: &str, shell: &str) -> Option<Session> {
        Session::start_env(name, "NO_COLOR=1", "", shell)
    }

    /// Start playforth with `env` (assignments for `env`), its `args`,
    /// then `shell`. NO_COLOR is taken out of the environment first.
    fn start_env(name: &str, env: &str, args: &str, shell: &str) -> Option<Session> {
        let turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
        let name = format!("playforth-test-{name}-{}", std::process::id());
        // The same test's sessions share a home (saved progress carries over).
        let home = std::env::temp_dir().join(&name);
        let n = SERVERS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let name = format!("{name}-{n}");
        std::fs::create_dir_all(&home).ok()?;
        let cmd = format!(
            "env -u NO_COLOR HOME={} PLAYFORTH_DATA_DIR={}/data {env} {} {args}{shell}",
            home.display(),
            home.display(),
            env!("CARGO_BIN_EXE_playforth")
        );
        let ok = tmux(
            &name,
            &[
                "new-session",
                "-d",
                "-s",
                &name,
                "-x",
                "100",
                "-y",
                "40",
                &cmd,
            ],
        )
        .status()
        .ok()?
        .success();
        ok.then(|| Session(name, turn))
    }

    fn keys(&self, args: &[&str]) {
        let mut a = vec!["send-keys", "-t", &self.0];
        a.extend_from_slice(args);
        tmux(&self.0, &a).status().expect("tmux send-keys");
    }

    /// Type text literally (`;` goes as a hex key, tmux would read it as a separator).
    fn type_text(&self, text: &str) {
        for (i, part) in text.split(';').enumerate() {
            if i > 0 {
                self.keys(&["-H", "3b"]);
            }
            if !part.is_empty() {
                self.keys(&["-l", part]);
            }
        }
    }

    fn line(&self, text: &str) {
        self.type_text(text);
        self.keys(&["Enter"]);
    }

    fn screen(&self) -> String {
        let out = tmux(&self.0, &["capture-pane", "-p", "-t", &self.0])
            .output()
            .expect("capture");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// The screen with its colours, as escape sequences.
    fn screen_with_colours(&self) -> String {
        let out = tmux(&self.0, &["capture-pane", "-e", "-p", "-t", &self.0])
            .output()
            .expect("capture");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Wait until the screen shows `text` (at most fifteen seconds).
    fn wait_for(&self, text: &str) -> String {
        self.wait_at_most(text, Duration::from_secs(15))
    }

    /// Wait until the screen shows `text`, at most `limit`.
    fn wait_at_most(&self, text: &str, limit: Duration) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if s.contains(text) || start.elapsed() > limit {
                return s;
            }
            sleep(Duration::from_millis(50));
        }
    }

    /// Make the window `n` columns wide (`-x`) or rows high (`-y`).
    fn resize(&self, which: &str, n: u32) {
        let n = n.to_string();
        let resized = tmux(&self.0, &["resize-window", "-t", &self.0, which, &n])
            .status()
            .is_ok_and(|s| s.success());
        assert!(resized, "tmux could not resize the window ({which} {n})");
    }

    /// Wait until the screen no longer shows `text` (at most fifteen
    /// seconds): a cleared screen, before the next keys.
    fn wait_until_gone(&self, text: &str) {
        let start = Instant::now();
        while self.screen().contains(text) && start.elapsed() < Duration::from_secs(15) {
            sleep(Duration::from_millis(50));
        }
    }

    /// The whole screen and what scrolled off it, lines the terminal
    /// wrapped joined again, each without its trailing blanks.
    fn history(&self) -> String {
        let out = tmux(
            &self.0,
            &["capture-pane", "-p", "-J", "-S", "-", "-t", &self.0],
        )
        .output()
        .expect("capture");
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| format!("{}\n", l.trim_end()))
            .collect()
    }

    /// Wait until the REPL's prompt `> ` waits for a line at the bottom of
    /// what is shown (at most fifteen seconds): the line editor has then
    /// asked the terminal to mark pastes.
    fn wait_for_prompt(&self) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            let last = s.lines().rev().find(|l| !l.trim().is_empty());
            if last == Some(">") || start.elapsed() > Duration::from_secs(15) {
                return s;
            }
            sleep(Duration::from_millis(50));
        }
    }

    /// Paste `text` as a terminal with bracketed paste does, when the
    /// program asked for it: between the marks `ESC [200~` and `ESC [201~`.
    fn paste_marked(&self, text: &str) {
        self.paste_with(text, &["-p"]);
    }

    /// Paste `text` as a terminal without bracketed paste does: all its
    /// bytes at once, line ends as Enter.
    fn paste(&self, text: &str) {
        self.paste_with(text, &[]);
    }

    fn paste_with(&self, text: &str, flags: &[&str]) {
        let file = std::env::temp_dir().join(format!("{}.paste", self.0));
        std::fs::write(&file, text).expect("write the paste");
        let file = file.to_str().expect("a UTF-8 path");
        let ok = tmux(&self.0, &["load-buffer", "-b", "paste", file]).status();
        assert!(ok.is_ok_and(|s| s.success()), "tmux load-buffer");
        let mut args = vec!["paste-buffer", "-d", "-b", "paste", "-t", &self.0];
        args.extend_from_slice(flags);
        let ok = tmux(&self.0, &args).status();
        assert!(ok.is_ok_and(|s| s.success()), "tmux paste-buffer");
        let _ = std::fs::remove_file(file);
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // Quietly: after `bye` the server may be on its way out already.
        let _ = tmux(&self.0, &["kill-server"])
            .stderr(std::process::Stdio::null())
            .status();
    }
}

/// Is tmux there? If not, say loudly that nothing was checked (and fail
/// where CI requires it).
fn have_tmux() -> bool {
    let have = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !have {
        let msg = "\n!!! tmux is not installed: the terminal test did NOT run.\n";
        if std::env::var_os("PLAYFORTH_REQUIRE_TMUX").is_some() {
            panic!("{msg}");
        }
        eprintln!("{msg}");
    }
    have
}

fn session(name: &str) -> Option<Session> {
    if !have_tmux() {
        return None;
    }
    let s = Session::start(name).expect("tmux starts playforth");
    s.wait_for("type `help` to start");
    Some(s)
}

#[test]
fn a_learner_at_the_terminal() {
    let Some(t) = session("learner") else { return };

    // A definition over two lines gets a continuation prompt naming it.
    t.line(": sq ( n -- n*n )");
    let s = t.wait_for("\n: sq ...");
    assert!(s.contains("\n: sq ..."), "no continuation prompt:\n{s}");
    t.line("  dup * ;");
    t.line("7 sq");
    let s = t.wait_for("ok <1> 49");
    assert!(
        s.contains(" ok <1> 49"),
        "the stack is shown after ok:\n{s}"
    );

    // Tab completes; with several candidates it lists them with their stack effects.
    t.type_text("2d");
    t.keys(&["Tab"]);
    t.keys(&["Tab"]);
    let s = t.wait_for("2dup ( x1 x2 -- x1 x2 x1 x2 )");
    assert!(
        s.contains("2dup ( x1 x2 -- x1 x2 x1 x2 )"),
        "completion shows stack effects:\n{s}"
    );
    t.keys(&["C-u"]);
    // While typing, the word's stack effect shows as a hint.
    t.type_text("swap");
    let s = t.wait_for("swap  ( x1 x2 -- x2 x1 )");
    assert!(s.contains("swap  ( x1 x2 -- x2 x1 )"), "no hint:\n{s}");
    t.keys(&["C-u"]);

    // Ctrl-C stops a runaway loop and the REPL carries on, words intact;
    // the report starts on a line of its own, after what the loop printed.
    t.line(": spin begin 7 . again ; spin");
    sleep(Duration::from_millis(300));
    t.keys(&["C-c"]);
    // At the prompt a report leads with plain words; the standard's name,
    // the code and the place come last.
    let s = t.wait_for("-28, user interrupt");
    assert!(
        s.contains("(-28, user interrupt, ") && s.contains("at <stdin>:"),
        "Ctrl-C did not stop the loop:\n{s}"
    );
    assert!(
        s.lines().any(|l| l.starts_with("error: stopped (Ctrl-C)")),
        "the report does not start on its own line:\n{s}"
    );
    t.line("3 sq .");
    let s = t.wait_for("9  ok");
    assert!(s.contains("9  ok"), "the REPL did not carry on:\n{s}");

    // Using a word inside its own unfinished definition: the `;` is missing.
    t.line(": add3 ( n -- n+3 ) 3 +");
    t.line("4 add3 .");
    let s = t.wait_for("is still open");
    assert!(
        s.contains("(the definition of `add3` is still open, so this line is part of it"),
        "no note about the open definition:\n{s}"
    );
    // Its advice works when followed: Ctrl-C, then the definition again.
    assert!(
        s.replace('\n', "")
            .contains("Ctrl-C discards the definition"),
        "{s}"
    );
    sleep(Duration::from_millis(200));
    t.keys(&["C-c"]);
    t.wait_for("was discarded");
    t.line(": add3 ( n -- n+3 ) 3 + ;");
    t.line("4 add3 .");
    let s = t.wait_for("7  ok");
    assert!(s.contains("7  ok"), "the advice did not work:\n{s}");

    // Lines typed while a word runs are all kept, and run in order.
    t.line("500 ms");
    t.line("11 .");
    t.line("22 .");
    t.line("33 .");
    let s = t.wait_for("33  ok");
    for n in ["11  ok", "22  ok", "33  ok"] {
        assert!(s.contains(n), "a typed-ahead line was lost ({n}):\n{s}");
    }

    // Lines pasted in one burst at the prompt (no bracketed paste) all run.
    t.keys(&["-l", "101 .\n102 .\n103 .\n104 .\n"]);
    let s = t.wait_for("104  ok");
    for n in ["101  ok", "102  ok", "103  ok", "104  ok"] {
        assert!(s.contains(n), "a pasted line was lost ({n}):\n{s}");
    }

    // Ctrl-C in the middle of a definition discards it, and says so.
    t.line(": half 2");
    sleep(Duration::from_millis(200));
    t.keys(&["C-c"]);
    let s = t.wait_for("(the definition of `half` was discarded)");
    assert!(
        s.contains("(the definition of `half` was discarded)"),
        "Ctrl-C at ... did not say what it did:\n{s}"
    );

    // Control structures typed at the prompt run at once, over several
    // lines too, with the open structure in the prompt.
    t.line("4 0 do i . loop");
    let s = t.wait_for("0 1 2 3  ok");
    assert!(
        s.contains("0 1 2 3  ok"),
        "a loop at the prompt did not run:\n{s}"
    );
    t.line("3 0 do");
    let s = t.wait_for("\ndo ...");
    assert!(
        s.contains("\ndo ..."),
        "no prompt naming the open loop:\n{s}"
    );
    t.line("i 10 * .");
    t.line("loop");
    let s = t.wait_for("0 10 20  ok");
    assert!(
        s.contains("0 10 20  ok"),
        "a loop over lines did not run:\n{s}"
    );

    // A typo gets a suggestion.
    t.line("1 2 swp");
    let s = t.wait_for("did you mean");
    assert!(s.contains("did you mean `swap`?"), "{s}");

    // `quit` and `exit`, typed to leave, say how to.
    t.line("quit");
    let s = t.wait_for("goes back to the prompt");
    // (The terminal wraps the note: its pieces are checked.)
    assert!(
        s.contains("note: `quit` empties the return stack and goes back to the prompt")
            && s.contains("to leave playforth, type `bye` or"),
        "{s}"
    );
    t.line("exit");
    let s = t.wait_for("(-14, interpreting a compile-only word");
    let flat = s.replace('\n', "");
    assert!(
        flat.contains("to leave playforth, type `bye` or press Ctrl-D"),
        "{s}"
    );

    t.keys(&["C-d"]);
}

/// At the prompt an error leads with plain words and keeps the standard's
/// name, the throw code and the place for its last line; its text wraps at
/// blanks to the terminal's width (100 columns here), never inside a word.
#[test]
fn errors_at_the_prompt_lead_with_plain_words() {
    let Some(t) = session("plain") else { return };
    t.line("learn xyz");
    let s = t.wait_for("(-24, invalid numeric argument");
    assert!(
        s.contains("error: no lesson is called `xyz`: `lessons` lists them")
            && s.contains("(-24, invalid numeric argument, in `learn`, at <stdin>:1:1)")
            && !s.lines().any(|l| l.starts_with("<stdin>:")),
        "{s}"
    );
    t.line(": x 1 then ;");
    let s = t.wait_for("(-22, control structure mismatch");
    assert!(s.contains("error: `then` needs an open IF"), "{s}");
    // The store's note (which way round) stays with the plain words.
    t.line("variable total");
    t.line("total 0 !");
    let s = t.wait_for("(-9, invalid memory address");
    let flat = s.replace("\n  ", " ");
    assert!(
        flat.contains("error: that number is not an address you may use (")
            && flat
                .contains("is the address of `total`: the address goes on top, as in `0 total !`)"),
        "{s}"
    );
    // A message longer than a row: wrapped between words, each row within
    // the terminal, the rows after the first indented by two.
    t.line("3 0 do hint loop");
    let s = t.wait_for("(-21, unsupported operation");
    let message = "`hint` runs at the prompt on its own, not inside a loop or `if` typed there \
                   (those run once closed). What was typed is thrown away: type it again, closed, \
                   then `hint`";
    let report = &s[s.rfind("error: `hint`").expect("the report")..];
    let lines: Vec<&str> = report
        .lines()
        .take_while(|l| !l.starts_with("  5 |"))
        .collect();
    assert!(lines.len() > 1, "not wrapped:\n{s}");
    assert!(lines.iter().all(|l| l.chars().count() <= 100), "{s}");
    assert_eq!(
        lines.join("\n").replace("\n  ", " "),
        format!("error: {message}")
    );
    t.keys(&["C-d"]);
}

/// The system's own notes (here: a definition hiding a game word) wrap at
/// blanks to the terminal's width as the REPL's do, the rows after the
/// first indented by one; the width is read again for each line.
#[test]
fn notes_wrap_at_blanks_to_the_terminal() {
    let Some(t) = session("notewrap") else { return };
    t.resize("-x", 60);
    t.wait_for_prompt();
    t.line("3 constant Stone");
    let s = t.wait_for(" ok <0>");
    let note = "note: `Stone` now hides the game word `Stone` ( -- 1 ): what is compiled \
                from now on, an example game included too, gets yours (pick another name to \
                keep both)";
    let shown: Vec<&str> = s
        .lines()
        .skip_while(|l| !l.starts_with("note: `Stone`"))
        .take_while(|l| !l.starts_with(" ok"))
        .collect();
    assert!(shown.len() > 1, "not wrapped:\n{s}");
    assert!(shown.iter().all(|l| l.chars().count() <= 60), "{s}");
    assert_eq!(shown.join("\n").replace("\n ", " "), note, "{s}");
    t.keys(&["C-d"]);
}

/// A lesson taller than the terminal is shown a page at a time: a key
/// goes on, q stops (only at a terminal; piped output gets it whole).
#[test]
fn a_tall_lesson_is_paged() {
    let Some(t) = session("pager") else { return };
    t.resize("-y", 15);
    t.line("learn 11");
    let s = t.wait_for("-- more");
    assert!(
        s.contains("Lesson 11 of 12")
            && s.contains("-- more: Space or Enter shows the next page, q stops --"),
        "{s}"
    );
    assert!(
        !s.contains("Define `.round"),
        "the whole lesson was shown:\n{s}"
    );
    t.keys(&["Space"]);
    let s = t.wait_for(" ok <0>");
    assert!(
        s.contains("Define `.round") && !s.contains("-- more"),
        "{s}"
    );
    // q stops: the rest is not shown, and the prompt takes the next line.
    t.wait_for_prompt();
    t.line("learn 11");
    t.wait_for("-- more");
    t.type_text("q");
    let s = t.wait_for("(the rest was skipped");
    assert!(!s.contains("Define `.round"), "{s}");
    t.line("2 3 + .");
    let s = t.wait_for("5  ok");
    assert!(s.contains("5  ok <0>"), "{s}");
}

#[test]
fn ctrl_c_and_odd_blanks_at_the_terminal() {
    let Some(t) = session("waits") else { return };
    // Ctrl-C ends a wait for a line, a long MS and an UNTIL loop.
    for (code, word) in [
        ("pad 80 accept", "in `accept`"),
        ("100000 ms", "in `ms`"),
        (": u 0 begin 1+ dup 0= until ; u", "called from: u"),
    ] {
        t.line(code);
        sleep(Duration::from_millis(300));
        t.keys(&["C-c"]);
        let s = t.wait_for(word);
        assert!(
            s.contains("error: stopped (Ctrl-C)")
                && s.contains("-28, user interrupt")
                && s.contains(word),
            "Ctrl-C did not stop `{code}`:\n{s}"
        );
        // The report starts below the terminal's `^C`, without a stack note.
        assert!(!s.contains("^Cerror"), "{s}");
        assert!(!s.contains("the stack held"), "{s}");
    }
    // A no-break space or an ideographic space, then Tab: no crash.
    t.type_text("1\u{a0}");
    t.keys(&["Tab"]);
    t.keys(&["C-u"]);
    t.type_text("dup\u{3000}");
    t.keys(&["Tab"]);
    t.keys(&["Enter"]);
    let s = t.wait_for("U+3000");
    assert!(
        s.contains("(it contains U+3000"),
        "the odd space is explained:\n{s}"
    );
    t.line("2 3 + .");
    let s = t.wait_for("5  ok");
    assert!(s.contains("5  ok"), "the REPL carried on:\n{s}");
    t.keys(&["C-d"]);
}

#[test]
fn the_repl_with_its_output_on_a_full_disk() {
    if !have_tmux() {
        return;
    }
    let t = Session::start_with("full", " >/dev/full; echo EXIT=$?; sleep 30")
        .expect("tmux starts playforth");
    t.line("1 2 + .");
    let s = t.wait_for("EXIT=");
    // The terminal may wrap the message: look at it unwrapped.
    assert!(
        s.replace('\n', "").contains("No space left on device"),
        "no clear message:\n{s}"
    );
    assert!(s.contains("EXIT=1"), "a full disk exits with 1:\n{s}");
    assert!(!s.contains("panicked"), "{s}");
}

/// `undo` at the terminal: a learner's slip taken back, line by line, and
/// what cannot be taken back said.
#[test]
fn undo_at_the_terminal() {
    let Some(t) = session("undo") else { return };
    t.line("1 2 3");
    t.line("drop drop drop");
    t.wait_for("ok <0>");
    t.line("undo");
    let s = t.wait_for("undone:");
    assert!(
        s.contains("undone: `drop drop drop` — stack back to <3> 1 2 3"),
        "{s}"
    );
    assert!(s.contains(" ok <3> 1 2 3"), "{s}");
    t.line(": sq dup * ;");
    t.line("undo");
    let s = t.wait_for("forgotten");
    assert!(s.contains("undone: `: sq dup * ;` — `sq` forgotten"), "{s}");
    t.line("+ .");
    t.wait_for("5  ok");
    t.line("undo");
    let s = t.wait_for("cannot be taken back");
    assert!(s.contains("stack back to <3> 1 2 3"), "{s}");
    assert!(s.contains("what it printed stays on the screen"), "{s}");
    t.line("undo");
    let s = t.wait_for("stack back to <0>");
    assert!(s.contains("undone: `1 2 3` — stack back to <0>"), "{s}");
    t.line("undo");
    let s = t.wait_for("nothing more to undo");
    assert!(!s.contains("panicked"), "{s}");
    t.keys(&["C-d"]);
}

/// The course at the terminal: open a lesson, check a wrong answer and a
/// right one, go on; the next session resumes at the lesson reached.
#[test]
fn a_lesson_checked_and_resumed() {
    let Some(t) = session("course") else { return };
    t.line("learn 3");
    let s = t.wait_for("`next-lesson` goes on");
    assert!(s.contains("Define `c>f ( celsius -- fahrenheit )`"), "{s}");
    // An endless loop stopped with Ctrl-C: `check` replays its line only
    // for a moment, keeping what the line defined before the loop.
    t.line(": spin ( -- ) begin again ;");
    t.line(": c>f ( c -- f ) 5 / 9 * 32 + ;  spin");
    sleep(Duration::from_millis(300));
    t.keys(&["C-c"]);
    t.wait_for("-28, user interrupt");
    t.line("check");
    let s = t.wait_for("4 checks pass.");
    assert!(
        s.contains("  ✗ 37 c>f\n      expected  stack: 98\n      came out  stack: 95\n"),
        "{s}"
    );
    assert!(s.contains("Hint:\n  Multiply first"), "{s}");
    t.line(": c>f ( c -- f ) 9 * 5 / 32 + ; check");
    let s = t.wait_for("Well done!");
    assert!(s.contains("All 4 checks pass."), "{s}");
    t.line("next-lesson");
    let s = t.wait_for("Lesson 4 of 12");
    assert!(s.contains("Lesson 4 of 12: Choosing"), "{s}");
    t.line("bye");
    drop(t);

    // Progress was saved: `learn` opens lesson 4, and lesson 3 is passed.
    let Some(t) = session("course") else { return };
    t.line("learn");
    let s = t.wait_for("Lesson 4 of 12");
    assert!(s.contains("Lesson 4 of 12: Choosing"), "{s}");
    t.line("lessons");
    let s = t.wait_for("`learn N` opens");
    assert!(
        s.contains(" ✓  3  Making words") && s.contains("→   4  Choosing"),
        "{s}"
    );
}

#[test]
fn games_stop_on_ctrl_c_and_ctrl_d_at_the_terminal() {
    if !have_tmux() {
        return;
    }
    // q, Ctrl-D and Ctrl-C at a board game's prompt end it the same way:
    // Stopped. on a line of its own, the final position, one line saying
    // the game is unfinished, no "to move" line, no error report, status 0.
    for game in ["othello.fs", "chess.fs", "jungle.fs", "fivestep.fs"] {
        for key in ["q", "C-d", "C-c"] {
            let t = Session::start_with(
                &format!("{}-{key}", game.replace('.', "-")),
                &format!(" examples/{game}; echo EXIT=$?; sleep 30"),
            )
            .expect("tmux starts playforth");
            t.wait_for("q quits):");
            if key == "q" {
                t.line("q");
            } else {
                t.keys(&[key]);
            }
            let s = t.wait_for("EXIT=");
            let lines: Vec<&str> = s.lines().collect();
            let stop = lines
                .iter()
                .position(|l| *l == "Stopped.")
                .unwrap_or_else(|| panic!("{game} {key}: no line Stopped.\n{s}"));
            let end = &lines[stop..];
            let last = end
                .iter()
                .position(|l| l.starts_with("EXIT="))
                .map(|i| end[i - 1])
                .unwrap_or_default();
            assert!(
                last == "Final score: X 2 O 2 (unfinished)" || last == "Unfinished after 0 moves.",
                "{game} {key}:\n{s}"
            );
            assert!(
                end.iter().any(|l| l.contains(" a b c d e")),
                "{game} {key}: no final position\n{s}"
            );
            assert!(
                !end.iter().any(|l| l.contains("to move")),
                "{game} {key}: a stale to-move line\n{s}"
            );
            assert!(
                s.contains("EXIT=0") && !s.contains("(-28)") && !s.contains("rror"),
                "{game} {key}:\n{s}"
            );
        }
    }

    // In rps Ctrl-C and Ctrl-D stop.
    for (game, key, end) in [
        ("rps.fs", "C-c", "Thanks for playing!"),
        ("rps.fs", "C-d", "Thanks for playing!"),
        ("rps-team.fs", "C-d", "You stopped the game."),
    ] {
        let t = Session::start_with(
            &game.replace('.', "-"),
            &format!(" examples/{game}; echo EXIT=$?; sleep 30"),
        )
        .expect("tmux starts playforth");
        t.wait_for("Your ");
        t.keys(&[key]);
        let s = t.wait_for("EXIT=");
        assert!(
            s.contains(end) && s.contains("EXIT=0"),
            "{game} {key}:\n{s}"
        );
        // What the game says after Ctrl-D starts a line of its own.
        assert!(
            s.lines().all(|l| !(l.contains("Your ") && l.contains(end))),
            "{game} {key}:\n{s}"
        );
    }

    // Ctrl-C in the rps demos (during a pause): stopped, with the
    // statistics or the players still in, no error report, status 0.
    for (game, end) in [
        ("rps.fs", "Thanks for watching!  YOU:"),
        ("rps-team.fs", "Stopped. Still in:"),
    ] {
        let t = Session::start_with(
            &format!("{}-demo", game.replace('.', "-")),
            &format!(" examples/{game} demo; echo EXIT=$?; sleep 30"),
        )
        .expect("tmux starts playforth");
        t.wait_for("chosen for you");
        t.keys(&["C-c"]);
        let s = t.wait_for("EXIT=");
        assert!(
            s.contains("Stopped.") && s.contains(end) && s.contains("EXIT=0"),
            "{game} demo:\n{s}"
        );
        assert!(
            !s.contains("(-28)") && !s.contains("error"),
            "{game} demo:\n{s}"
        );
    }

    // In the REPL, Ctrl-C at the prompt ends the game and the next line
    // is Forth again, not a move.
    let Some(t) = session("game-in-repl") else {
        return;
    };
    t.line("include examples/jungle.fs");
    t.line("play");
    t.wait_for("Your move (like a1a2");
    t.keys(&["C-c"]);
    let s = t.wait_for("Stopped.");
    assert!(s.contains("Stopped."), "{s}");
    t.line("3 4 + .");
    let s = t.wait_for("7  ok");
    assert!(
        s.contains("7  ok"),
        "the REPL did not take the next line:\n{s}"
    );
    assert!(!s.contains("user interrupt"), "{s}");
    // Output to the terminal: a demo would pause between moves.
    t.line("terminal? .");
    let s = t.wait_for("-1  ok");
    assert!(s.contains("-1  ok"), "{s}");
    t.keys(&["C-d"]);
}

/// `?` lists the moves wrapped at the terminal's width (100 columns
/// here), between moves, the next lines indented by two.
#[test]
fn the_moves_listed_wrap_at_the_terminals_width() {
    if !have_tmux() {
        return;
    }
    for (game, moves, wide) in [
        ("chess.fs", 20, 4),
        ("fivestep.fs", 32, 4),
        ("jungle.fs", 24, 5),
    ] {
        let t = Session::start_with(
            &format!("wrap-{}", game.replace('.', "-")),
            &format!(" examples/{game}"),
        )
        .expect("tmux starts playforth");
        t.wait_for("q quits):");
        t.line("?");
        // The list, then the prompt again.
        let start = Instant::now();
        let s = loop {
            let s = t.screen();
            if s.matches("Your move").count() > 1 || start.elapsed() > Duration::from_secs(15) {
                break s;
            }
            sleep(Duration::from_millis(50));
        };
        let lines: Vec<&str> = s.lines().collect();
        let start = lines
            .iter()
            .position(|l| l.starts_with("Legal moves:"))
            .unwrap_or_else(|| panic!("{game}:\n{s}"));
        let list: Vec<&str> = lines[start..]
            .iter()
            .take_while(|l| !l.starts_with("Your move"))
            .copied()
            .collect();
        assert!(list.len() > 1, "{game}: not wrapped:\n{s}");
        assert!(
            list[1..].iter().all(|l| l.starts_with("  ")),
            "{game}:\n{s}"
        );
        let listed: Vec<&str> = list
            .iter()
            .flat_map(|l| l.split_whitespace())
            .skip(2)
            .collect();
        assert_eq!(listed.len(), moves, "{game}:\n{s}");
        assert!(listed.iter().all(|m| m.len() == wide), "{game}:\n{s}");
        // Wrapped by the game, not the terminal: the first line uses the
        // width, as far as a whole move fits.
        assert!(
            list[0].trim_end().len() > 100 - wide - 2 && list[0].len() < 100,
            "{game}:\n{s}"
        );
        t.line("q");
    }
}

/// Colours on a terminal, and none with NO_COLOR or TERM=dumb: in the
/// REPL (the line typed and the error report) and in a script's report.
#[test]
fn colours_only_where_wanted() {
    if !have_tmux() {
        return;
    }
    for (env, args, coloured) in [
        ("", "", true),
        ("NO_COLOR=1", "", false),
        ("NO_COLOR=", "", true),
        ("TERM=dumb", "", false),
        ("", "-e frob", true),
        ("NO_COLOR=1", "-e frob", false),
        ("TERM=dumb", "-e frob", false),
    ] {
        let t = Session::start_env("colours", env, args, "; echo EXIT=$?; sleep 30")
            .expect("tmux starts playforth");
        if args.is_empty() {
            t.wait_for("type `help` to start");
            t.line("frob");
            t.wait_for("did you mean");
            t.line("bye");
        }
        let s = t.wait_for("EXIT=");
        // The prompt's report keeps the code for last; a script's is gforth's.
        let reported = if args.is_empty() {
            s.contains("error: undefined word `frob`")
                && s.contains("(-13, ")
                && s.contains("at <stdin>:1:1)")
        } else {
            s.contains("error: undefined word `frob` (-13)")
        };
        assert!(reported && s.contains("did you mean"), "{env} {args}:\n{s}");
        let painted = t.screen_with_colours();
        // Red for `error:` (tmux shows bold and red as two sequences).
        let red = painted.contains("\x1b[31m") || painted.contains(";31m");
        assert_eq!(red, coloured, "{env} {args}:\n{painted:?}");
        if !coloured {
            assert!(!painted.contains('\x1b'), "{env} {args}:\n{painted:?}");
        }
    }
}

/// On a terminal that wants colours the boards are drawn in colour and
/// Unicode; NO_COLOR and --plain keep today's ASCII (as pipes and the
/// snapshots have it).
#[test]
fn boards_in_colour_and_unicode_on_a_terminal() {
    if !have_tmux() {
        return;
    }
    let shell = |game: &str| format!(" examples/{game}.fs; sleep 30");
    // Othello: ● ○ discs, the squares where the side may play marked in colour.
    let t = Session::start_env(
        "pretty-othello",
        "TERM=xterm-256color",
        "",
        &shell("othello"),
    )
    .expect("tmux starts playforth");
    t.wait_for("Your move");
    let s = t.screen_with_colours();
    assert!(s.contains("● ○") && s.contains("○ ●"), "no discs:\n{s}");
    assert!(
        s.contains("\x1b[33m•"),
        "the legal moves are not marked in colour:\n{s}"
    );
    assert!(!s.contains(" X O "), "{s}");
    drop(t);
    // Chess: the pieces' figures on coloured squares.
    let t = Session::start_env("pretty-chess", "TERM=xterm-256color", "", &shell("chess"))
        .expect("tmux starts playforth");
    t.wait_for("Your move");
    let s = t.screen_with_colours();
    assert!(
        s.contains('♔') && s.contains('♚') && s.contains('♟'),
        "no figures:\n{s}"
    );
    assert!(
        s.contains("\x1b[47m") || s.contains("\x1b[107m"),
        "no light squares:\n{s}"
    );
    drop(t);
    // Jungle: letters on green land, blue water, yellow traps, red dens.
    let t = Session::start_env("pretty-jungle", "TERM=xterm-256color", "", &shell("jungle"))
        .expect("tmux starts playforth");
    t.wait_for("Your move");
    let s = t.screen_with_colours();
    for (colour, what) in [
        ("42", "land"),
        ("44", "water"),
        ("43", "traps"),
        ("41", "dens"),
    ] {
        assert!(s.contains(&format!("\x1b[{colour}m")), "no {what}:\n{s}");
    }
    drop(t);
    // Five-step: a red ● and a blue ○.
    let t = Session::start_env(
        "pretty-fivestep",
        "TERM=xterm-256color",
        "",
        &shell("fivestep"),
    )
    .expect("tmux starts playforth");
    t.wait_for("Your move");
    let s = t.screen_with_colours();
    assert!(s.contains("\x1b[31m●") && s.contains("\x1b[34m○"), "{s}");
    // and a legend under the board says whose they are.
    assert!(
        t.screen().contains("● player 1, ○ player 2"),
        "no legend:\n{s}"
    );
    drop(t);
    // NO_COLOR and --plain: plain ASCII.
    let t = Session::start_env("plain-othello", "NO_COLOR=1", "", &shell("othello"))
        .expect("tmux starts playforth");
    let s = t.wait_for("Your move");
    assert!(s.contains(". . * O X . . .") && !s.contains('●'), "{s}");
    drop(t);
    let t = Session::start_env(
        "plain-chess",
        "TERM=xterm-256color",
        "--plain",
        &shell("chess"),
    )
    .expect("tmux starts playforth");
    let s = t.wait_for("Your move");
    assert!(s.contains("R N B Q K B N R") && !s.contains('♔'), "{s}");
}

/// The data folder a session named `name` gets (`Session::start_env`).
fn data_dir(name: &str) -> std::path::PathBuf {
    std::env::temp_dir()
        .join(format!("playforth-test-{name}-{}", std::process::id()))
        .join("data")
}

#[test]
fn a_history_that_cannot_be_loaded_is_left_alone() {
    if !have_tmux() {
        return;
    }
    // A named pipe (which hung the start), a link to /dev/zero (which
    // filled memory), a byte that is not UTF-8 and a huge file (which were
    // dropped and saved over): each is said once and left as it is, and
    // the session works. The course's progress file as a pipe too.
    type Make = fn(&std::path::Path);
    let cases: [(&str, Make, &str); 4] = [
        (
            "history-fifo",
            |h| {
                for p in [h.to_path_buf(), h.with_file_name("course-progress")] {
                    let ok = Command::new("mkfifo").arg(&p).status().expect("mkfifo");
                    assert!(ok.success());
                }
            },
            "it is not a regular file",
        ),
        (
            "history-zero",
            |h| std::os::unix::fs::symlink("/dev/zero", h).expect("symlink"),
            "it is not a regular file",
        ),
        (
            "history-byte",
            |h| std::fs::write(h, b"#V2\n1 2 +\n: caf\xe9 ;\n").expect("write"),
            "valid UTF-8",
        ),
        (
            "history-huge",
            |h| std::fs::write(h, vec![b'x'; 5 << 20]).expect("write"),
            "larger than 4 MiB",
        ),
    ];
    for (name, make, why) in cases {
        let data = data_dir(name);
        let _ = std::fs::remove_dir_all(&data);
        std::fs::create_dir_all(&data).expect("data folder");
        let history = data.join("history");
        make(&history);
        let before = std::fs::symlink_metadata(&history).expect("the history is there");
        let bytes = before
            .is_file()
            .then(|| std::fs::read(&history).expect("read"));
        let t =
            Session::start_with(name, "; echo EXIT=$?; sleep 30").expect("tmux starts playforth");
        let s = t.wait_for("this session's lines are not saved");
        // The terminal may wrap the note at a blank: look at it without them.
        let squeezed = s.replace(['\n', ' '], "");
        assert!(squeezed.contains("cannotbeloaded"), "{name}: no note:\n{s}");
        assert!(
            squeezed.contains(&why.replace(' ', "")),
            "{name}: not said why:\n{s}"
        );
        t.line("1 2 + .");
        let s = t.wait_for("3  ok");
        assert!(
            s.contains("3  ok"),
            "{name}: the session does not work:\n{s}"
        );
        t.line("bye");
        let s = t.wait_for("EXIT=");
        assert!(s.contains("EXIT=0"), "{name}:\n{s}");
        let after = std::fs::symlink_metadata(&history).expect("the history is still there");
        assert_eq!(
            before.file_type(),
            after.file_type(),
            "{name}: the history was replaced"
        );
        if let Some(bytes) = bytes {
            assert!(
                std::fs::read(&history).expect("read") == bytes,
                "{name}: saved over"
            );
        }
        drop(t);
        let _ = std::fs::remove_dir_all(&data);
    }
}

#[test]
fn a_long_paste_inside_a_comment_runs_in_one_go() {
    let Some(t) = session("paste-lines") else {
        return;
    };
    // 40 000 lines inside an open `(`: each line read the whole input
    // again (20 000 took 15 s, Ctrl-C waiting behind them).
    let mut text = String::from("(\n");
    for i in 0..40_000 {
        text.push_str(&format!("line {i} of a long comment\n"));
    }
    text.push_str(")\n7 7 * .\n");
    sleep(Duration::from_millis(300));
    t.paste(&text);
    let s = t.wait_at_most("49  ok", Duration::from_secs(60));
    assert!(
        s.contains("49  ok"),
        "the paste did not run within a minute:\n{s}"
    );
    t.keys(&["C-d"]);
}

#[test]
fn a_stray_paste_start_takes_no_keys() {
    if !have_tmux() {
        return;
    }
    let t = Session::start_with("paste-start", "; echo EXIT=$?; sleep 30")
        .expect("tmux starts playforth");
    t.wait_for("type `help` to start");
    // `ESC [200~` with no end: Enter, Ctrl-C and Ctrl-D were all taken as
    // pasted text, waiting for an end that never came.
    // (Each sent once the prompt waits: at its start the line editor asks
    // the terminal where the cursor is, and an escape sequence typed
    // ahead of that is taken for the answer. A second's wait: 300 ms was
    // too short on a loaded two-core machine in CI.)
    let paste_start = ["-H", "1b", "5b", "32", "30", "30", "7e"];
    sleep(Duration::from_millis(1000));
    t.keys(&paste_start);
    t.line("1 2 + .");
    let s = t.wait_for("3  ok");
    assert!(
        s.contains("3  ok"),
        "Enter after a paste start did nothing:\n{s}"
    );
    sleep(Duration::from_millis(1000));
    t.keys(&paste_start);
    t.type_text("12345");
    t.keys(&["C-c"]);
    t.line("5 .");
    let s = t.wait_for("5  ok");
    assert!(
        s.contains("5  ok") && !s.contains("123455"),
        "Ctrl-C did not clear the line:\n{s}"
    );
    sleep(Duration::from_millis(1000));
    t.keys(&paste_start);
    t.keys(&["C-d"]);
    let s = t.wait_for("EXIT=");
    assert!(s.contains("EXIT=0"), "Ctrl-D did not leave:\n{s}");
}

#[test]
fn a_long_line_pasted_runs_in_one_go() {
    if !have_tmux() {
        return;
    }
    // One 100 KB line, pasted into the REPL with colours: every key
    // repainted the whole line, coloured (50 KB took 130 s). Now a long line
    // is written as it comes and repainted only where it wraps.
    let t = Session::start_env("paste-line", "", "", "").expect("tmux starts playforth");
    t.wait_for("type `help` to start");
    // Once the prompt waits (see `a_stray_paste_start_takes_no_keys`).
    sleep(Duration::from_millis(300));
    t.paste(&format!("{}42 .\n", "1 drop ".repeat(14_000)));
    let s = t.wait_at_most("42  ok", Duration::from_secs(60));
    assert!(
        s.contains("42  ok"),
        "the paste did not run within a minute:\n{s}"
    );
    // A line of ordinary length is coloured as before.
    t.line("frob");
    t.wait_for("did you mean");
    let painted = t.screen_with_colours();
    assert!(
        painted.contains(";31m") || painted.contains("\x1b[31m"),
        "{painted:?}"
    );
    t.keys(&["C-d"]);
}

#[test]
fn a_byte_that_is_not_utf8_is_ignored_and_the_session_goes_on() {
    if !have_tmux() {
        return;
    }
    // One such byte at the prompt ended the REPL ("invalid data", status
    // 1) and every definition with it.
    let t =
        Session::start_with("bad-byte", "; echo EXIT=$?; sleep 30").expect("tmux starts playforth");
    t.wait_for("type `help` to start");
    t.line(": sq dup * ;");
    t.wait_for(" ok");
    // A byte that is never UTF-8, then a stray continuation byte: each
    // dropped, the line kept as it was typed around it. (Typed, as a
    // person does: keys that came in the same read as the bad byte go
    // with it, as rustyline reports it.)
    let pause = || sleep(Duration::from_millis(200));
    t.type_text("3 sq");
    pause();
    t.keys(&["-H", "ff"]);
    pause();
    t.line(" .");
    let s = t.wait_for("9  ok");
    assert!(s.contains("9  ok"), "the line was not kept:\n{s}");
    assert!(
        s.contains("(a byte that is not UTF-8 was ignored"),
        "no note:\n{s}"
    );
    t.type_text("4 ");
    pause();
    t.keys(&["-H", "80"]);
    pause();
    t.line("sq .");
    let s = t.wait_for("16  ok");
    assert!(s.contains("16  ok"), "the line was not kept:\n{s}");
    // Latin-1's é opens a UTF-8 sequence that the next key breaks (that
    // key goes with it); the session goes on, its words kept.
    t.type_text("caf");
    pause();
    t.keys(&["-H", "e9"]);
    pause();
    t.keys(&["Enter"]);
    pause();
    t.keys(&["C-u"]);
    t.line("5 sq .");
    let s = t.wait_for("25  ok");
    assert!(s.contains("25  ok"), "the session did not go on:\n{s}");
    t.line("bye");
    let s = t.wait_for("EXIT=");
    assert!(s.contains("EXIT=0"), "{s}");
}

/// What the REPL says once a pasted session with these lines ran.
fn pasted_note(block: &str) -> String {
    let ran = block.lines().filter(|l| l.starts_with("> ")).count();
    let skipped = block
        .lines()
        .filter(|l| !l.starts_with("> ") && !l.trim().is_empty())
        .count();
    playforth::repl_line::paste_note(ran, skipped)
}

/// Every session the docs show (README.md, docs/, docs/lessons/), copied
/// as a learner copies it and pasted into a fresh REPL: the screen then
/// shows the session exactly as the doc does (the typed lines after the
/// prompt, the answers playforth gave), and a note of what was done.
#[test]
fn doc_sessions_pasted_into_the_repl() {
    if !have_tmux() {
        return;
    }
    let mut pasted = 0;
    for file in crate::docs::doc_files() {
        let md = std::fs::read_to_string(&file).expect("read doc");
        let name = file.file_stem().and_then(|n| n.to_str()).unwrap_or("doc");
        for (i, block) in crate::docs::sessions(&md).iter().enumerate() {
            let t = Session::start(&format!("docs-{name}-{i}")).expect("tmux starts playforth");
            t.wait_for_prompt();
            t.paste_marked(block);
            let note = pasted_note(block);
            t.wait_for(&note);
            t.wait_for_prompt();
            let s = t.history();
            let shown: String = block
                .lines()
                .map(|l| format!("{}\n", l.trim_end()))
                .collect();
            assert!(
                s.contains(&format!("leave.\n{shown}{note}\n>\n")),
                "session {i} of {} pasted into the REPL does not show as the doc does:\n--- the doc\n{shown}--- the screen\n{s}",
                file.display()
            );
            pasted += 1;
        }
    }
    assert!(
        pasted >= 20,
        "expected the docs to hold sessions, pasted {pasted}"
    );
}

/// The prompt, a typed `> ` (the word `>`, or the docs' prompt typed by
/// mistake) and a line pasted with its prompt, without a line end.
#[test]
fn the_prompt_typed_and_pasted() {
    let Some(t) = session("prompt") else { return };
    let s = t.wait_for_prompt();
    assert!(s.contains("leave.\n>"), "no prompt:\n{s}");
    // Typed, `>` compares, on a line of its own too.
    t.line("3 5");
    t.wait_for(" ok <2> 3 5");
    t.wait_for_prompt();
    t.line("> .");
    let s = t.wait_for("0  ok <0>");
    assert!(s.contains("> 3 5\n ok <2> 3 5\n> > .\n0  ok <0>\n"), "{s}");
    // The docs' prompt typed: the error says what to type.
    t.wait_for_prompt();
    t.line("> 2 3 + .");
    let s = t.wait_for("pasted as it is");
    let flat = s.replace('\n', "");
    assert!(
        flat.contains("error: too few items on the stack for `>`")
            && flat.contains("(-4, stack underflow, in `>`")
            && flat.contains("note: `>` compares two numbers; the `> ` before each typed line in the docs is the prompt: type only `2 3 + .`"),
        "{s}"
    );
    // Pasted with its prompt and no line end: the prompt is taken out of
    // the line, which runs on Enter. (Ctrl-L clears the screen first.)
    t.wait_for_prompt();
    t.keys(&["C-l"]);
    t.wait_until_gone("pasted as it is");
    t.wait_for_prompt();
    t.paste_marked("> 2 3 + .");
    let s = t.wait_for("> 2 3 + .");
    assert!(!s.contains("> > 2"), "{s}");
    t.keys(&["Enter"]);
    t.wait_for("so it was left out)");
    let s = t.wait_for_prompt();
    assert!(
        s.contains(
            "> 2 3 + .\n5  ok <0>\n(pasted: the `> ` in front is the prompt, so it was left out)\n>"
        ),
        "{s}"
    );
    // Pasted code without prompts runs as it is, with no note.
    t.wait_for_prompt();
    t.paste_marked(": sq ( n -- n*n ) dup * ;\n7 sq .\n");
    t.wait_for("49  ok <0>");
    let s = t.wait_for_prompt();
    assert!(s.contains("> 7 sq .\n49  ok <0>\n>"), "{s}");
    // A session copied without its last line end.
    t.wait_for_prompt();
    t.paste_marked("> 1 2\n ok <2> 1 2\n> + .\n3  ok <0>\n> 4 5 *");
    t.wait_for("> 4 5 *");
    t.keys(&["Enter"]);
    t.wait_for("(pasted session");
    let s = t.wait_for_prompt();
    assert!(
        s.contains("> 1 2\n ok <2> 1 2\n> + .\n3  ok <0>\n> 4 5 *\n ok <1> 20\n(pasted session: 3 typed lines ran without `> `, 2 answer lines skipped)\n>"),
        "{s}"
    );
    t.keys(&["C-d"]);
}
