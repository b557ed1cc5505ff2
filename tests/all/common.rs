//! Shared by the test modules: running Forth text as a REPL session and
//! writing down what a person would have seen; running a test alone in a
//! process of its own.

use playforth::{Forth, Outcome};
use std::fmt::Write;

/// `\n` is a line break and `\xNN` a byte in `\ stdin:` lines.
fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find('\\') {
        out.push_str(&rest[..i]);
        let esc = &rest[i + 1..];
        if let Some(r) = esc.strip_prefix('n') {
            out.push('\n');
            rest = r;
        } else if esc.starts_with('x') && esc.len() >= 3 {
            out.push(u8::from_str_radix(&esc[1..3], 16).expect("hex escape") as char);
            rest = &esc[3..];
        } else {
            out.push('\\');
            rest = esc;
        }
    }
    out.push_str(rest);
    out
}

pub fn transcript(source: &str) -> String {
    let mut keys = String::new();
    for line in source.lines() {
        if let Some(k) = line.strip_prefix("\\ stdin: ") {
            keys.push_str(&unescape(k));
        }
    }
    let (mut forth, out) = Forth::for_test(keys.as_bytes());
    // The course words reach a course, as in the REPL.
    forth.set_tutor(Some(Box::new(playforth::learn::Course::new())));
    // Lines are kept for `undo`, as at the prompt.
    forth.keep_undo(true);
    let mut t = String::new();
    for line in source.lines() {
        if line.starts_with("\\ stdin: ") {
            continue;
        }
        let _ = writeln!(t, "> {line}");
        let r = forth.interpret_line(line);
        let printed = out.take();
        t.push_str(&printed);
        if !printed.is_empty() && !printed.ends_with('\n') {
            t.push('\n');
        }
        match r {
            Ok(Outcome::Continue) if forth.in_definition() => t.push_str("  compiled\n"),
            Ok(Outcome::Continue) => match forth.ok_stack() {
                Some(s) => {
                    let _ = writeln!(t, "  ok {s}");
                }
                None => t.push_str("  ok\n"),
            },
            Ok(Outcome::Bye(code)) => {
                let _ = writeln!(t, "  bye {code}");
                break;
            }
            Err(e) => {
                let _ = writeln!(t, "{e}");
            }
        }
    }
    t
}

/// A session as the REPL shows it at the terminal, for the docs: each
/// typed line after the REPL's prompt `> `, then its output with ` ok` and
/// the stack right after it, on the same line; an error report starts on
/// a line of its own. (`terminal::doc_sessions_pasted_into_the_repl`
/// checks that the terminal shows the same.)
pub fn terminal_transcript(source: &str) -> String {
    let (mut forth, out) = Forth::for_test(b"");
    forth.set_prompt_control(true);
    // Notes wrapped as at the tmux test's terminal of 100 columns.
    forth.set_note_width(100);
    let mut t = String::new();
    for line in source.lines() {
        let _ = writeln!(t, "> {line}");
        let r = forth.interpret_line(line);
        let printed = out.take();
        t.push_str(&printed);
        match r {
            Ok(Outcome::Continue) if forth.in_definition() => {
                panic!("a docs session leaves a definition open after `{line}`")
            }
            Ok(Outcome::Continue) => match forth.ok_stack() {
                Some(s) => {
                    let _ = writeln!(t, " ok {s}");
                }
                None => t.push_str(" ok\n"),
            },
            Ok(Outcome::Bye(_)) => break,
            Err(e) => {
                if !printed.is_empty() && !printed.ends_with('\n') {
                    t.push('\n');
                }
                // As the prompt reports it, wrapped to the tmux test's
                // terminal of 100 columns.
                for line in e.prompt_lines(100) {
                    let text: String = line.iter().map(|(_, s)| s.as_str()).collect();
                    let _ = writeln!(t, "{text}");
                }
            }
        }
    }
    t
}

/// Run the playforth binary with arguments and piped input, in `dir` (the
/// package root when None): (stdout, stderr, exit status).
pub fn run_playforth(
    args: &[&str],
    stdin: &str,
    dir: Option<&std::path::Path>,
) -> (String, String, i32) {
    run_in(args, stdin, dir, &[])
}

/// `run_playforth` with these environment variables set, and NO_COLOR unset.
pub fn run_playforth_env(
    args: &[&str],
    stdin: &str,
    env: &[(&str, &str)],
) -> (String, String, i32) {
    run_in(args, stdin, None, env)
}

fn run_in(
    args: &[&str],
    stdin: &str,
    dir: Option<&std::path::Path>,
    env: &[(&str, &str)],
) -> (String, String, i32) {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_playforth"));
    if !env.is_empty() {
        cmd.env_remove("NO_COLOR").envs(env.iter().copied());
    }
    let mut child = cmd
        .args(args)
        .current_dir(dir.unwrap_or(std::path::Path::new(env!("CARGO_MANIFEST_DIR"))))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("playforth runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    let out = child.wait_with_output().expect("playforth finishes");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// Which test a child of this test binary runs (see `alone_in_a_child`).
const ALONE: &str = "PLAYFORTH_TEST_ALONE";

/// For a test whose systems share one interrupt with others it does not
/// own (the fuzz harness's watchdog raises one for all its systems), so
/// it must not share its process with the other tests, which run on
/// threads beside it. Called first
/// thing with the test's full name (`module::function`): in the test
/// binary it runs that one test in a child process of the same binary and
/// returns true once the child passed (the test then returns); in the
/// child it returns false and the test runs.
pub fn alone_in_a_child(test: &str) -> bool {
    if std::env::var(ALONE).is_ok_and(|t| t == test) {
        return false;
    }
    let exe = std::env::current_exe().expect("the test binary's path");
    let out = std::process::Command::new(exe)
        .args([test, "--exact", "--test-threads=1", "--nocapture"])
        .env(ALONE, test)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the test binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    // Shown with the test's own output (when it fails, or with --nocapture).
    print!("{stdout}");
    eprint!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        out.status.success(),
        "`{test}` failed in its own process ({})",
        out.status
    );
    assert!(
        stdout.contains("test result: ok. 1 passed"),
        "the child ran no test named `{test}`"
    );
    true
}
