//! The REPL in a real terminal, as a person uses it: tmux runs playforth
//! in a pseudo-terminal, keys are typed into it and the screen is read.
//! CI installs tmux and sets PLAYFORTH_REQUIRE_TMUX; elsewhere a missing
//! tmux skips the test loudly.

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

struct Session(String);

impl Session {
    fn start(name: &str) -> Option<Session> {
        let name = format!("playforth-test-{name}-{}", std::process::id());
        let home = std::env::temp_dir().join(&name);
        std::fs::create_dir_all(&home).ok()?;
        let cmd = format!(
            "env HOME={} NO_COLOR=1 {}",
            home.display(),
            env!("CARGO_BIN_EXE_playforth")
        );
        let ok = Command::new("tmux")
            .args([
                "new-session",
                "-d",
                "-s",
                &name,
                "-x",
                "100",
                "-y",
                "40",
                &cmd,
            ])
            .status()
            .ok()?
            .success();
        ok.then(|| Session(name))
    }

    fn keys(&self, args: &[&str]) {
        let mut a = vec!["send-keys", "-t", &self.0];
        a.extend_from_slice(args);
        Command::new("tmux")
            .args(&a)
            .status()
            .expect("tmux send-keys");
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
        let out = Command::new("tmux")
            .args(["capture-pane", "-p", "-t", &self.0])
            .output()
            .expect("capture");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Wait until the screen shows `text` (at most five seconds).
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if s.contains(text) || start.elapsed() > Duration::from_secs(5) {
                return s;
            }
            sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["kill-session", "-t", &self.0])
            .status();
    }
}

fn session(name: &str) -> Option<Session> {
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
        return None;
    }
    let s = Session::start(name).expect("tmux starts playforth");
    s.wait_for("type `help` to start");
    Some(s)
}

#[test]
fn a_learner_at_the_terminal() {
    let Some(t) = session("learner") else { return };

    // A definition over two lines gets a continuation prompt.
    t.line(": sq ( n -- n*n )");
    let s = t.wait_for("\n...");
    assert!(s.contains("\n..."), "no continuation prompt:\n{s}");
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

    // Ctrl-C stops a runaway loop and the REPL carries on, words intact.
    t.line(": spin begin again ; spin");
    sleep(Duration::from_millis(300));
    t.keys(&["C-c"]);
    let s = t.wait_for("user interrupt (-28)");
    assert!(
        s.contains("user interrupt (-28)"),
        "Ctrl-C did not stop the loop:\n{s}"
    );
    t.line("3 sq .");
    let s = t.wait_for("9  ok");
    assert!(s.contains("9  ok"), "the REPL did not carry on:\n{s}");

    // A typo gets a suggestion.
    t.line("1 2 swp");
    let s = t.wait_for("did you mean");
    assert!(s.contains("did you mean `swap`?"), "{s}");

    t.keys(&["C-d"]);
}
