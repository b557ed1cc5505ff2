//! The `playforth` command as a user runs it: options, scripts and their
//! arguments, piped input, exit statuses.

mod common;

struct Run {
    stdout: String,
    stderr: String,
    status: i32,
}

fn playforth(args: &[&str], stdin: &str) -> Run {
    let (stdout, stderr, status) = common::run_playforth(args, stdin, None);
    Run {
        stdout,
        stderr,
        status,
    }
}

fn script(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("playforth-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write script");
    path.to_string_lossy().into_owned()
}

#[test]
fn eval_runs_in_order_and_exits() {
    let r = playforth(&["-e", "1 2 + .", "-e", ".\" then\" cr"], "");
    assert_eq!(r.stdout, "3 then\n");
    assert_eq!(r.status, 0);
}

#[test]
fn an_uncaught_error_exits_with_status_1() {
    let r = playforth(&["-e", "1 +"], "");
    assert_eq!(r.status, 1);
    assert!(
        r.stderr
            .contains("-e:1:3: error: stack underflow (-4) in `+`"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_script_gets_its_arguments() {
    let path = script(
        "args.fs",
        "#! /usr/bin/env playforth\nargc @ . 1 arg type space next-arg type space next-arg type space argc @ . cr\n",
    );
    let r = playforth(&[&path, "alpha", "-x"], "");
    assert_eq!(r.stdout, "3 alpha alpha -x 1 \n");
    assert_eq!(r.status, 0);
}

#[test]
fn eval_comes_before_the_script() {
    let path = script("uses-eval.fs", "greeting type cr\n");
    let r = playforth(&["-e", ": greeting s\" hello from -e\" ;", &path], "");
    assert_eq!(r.stdout, "hello from -e\n");
}

#[test]
fn a_script_error_names_file_line_and_column() {
    let path = script(
        "bad.fs",
        "variable score\n: total  score @ + ;\n: play total ;\nplay\n",
    );
    let r = playforth(&[&path], "");
    assert_eq!(r.status, 1);
    let expected = format!(
        "{path}:2:18: error: stack underflow (-4) in `+`\n  2 | : total  score @ + ;\n    |                  ^\n  `+` takes ( n1 n2 -- n3 ); the stack held <1> 0\n  called from: total <- play\n"
    );
    assert_eq!(r.stderr, expected);
}

#[test]
fn piped_stdin_is_interpreted_without_prompts() {
    let r = playforth(&[], ": sq dup * ;\n7 sq . cr\n");
    assert_eq!(r.stdout, "49 \n");
    assert_eq!(r.status, 0);
}

#[test]
fn piped_stdin_reports_errors_and_goes_on() {
    let r = playforth(&[], "nosuch\n1 . cr\n");
    assert_eq!(r.stdout, "1 \n");
    assert!(r.stderr.contains("undefined word `nosuch`"), "{}", r.stderr);
    assert_eq!(r.status, 1);
}

#[test]
fn key_reads_bytes_from_a_pipe() {
    let r = playforth(&["-e", "key emit key emit cr"], "ab");
    assert_eq!(r.stdout, "ab\n");
}

#[test]
fn bye_exits_at_once() {
    let r = playforth(&["-e", ".\" before\" bye .\" after\""], "");
    assert_eq!(r.stdout, "before");
    assert_eq!(r.status, 0);
}

#[test]
fn interactive_flag_reads_stdin_after_eval() {
    let r = playforth(&["-i", "-e", ": double 2 * ;"], "21 double . cr\n");
    assert_eq!(r.stdout, "42 \n");
}

#[test]
fn version_and_help() {
    let r = playforth(&["--version"], "");
    assert!(r.stdout.starts_with("playforth "), "{}", r.stdout);
    let r = playforth(&["--help"], "");
    assert!(r.stdout.contains("-e <CODE>"), "{}", r.stdout);
}

#[test]
fn a_missing_script_is_an_error() {
    let r = playforth(&["/nonexistent/game.fs"], "");
    assert_eq!(r.status, 1);
    assert!(
        r.stderr
            .contains("non-existent file: /nonexistent/game.fs (-38)"),
        "{}",
        r.stderr
    );
}
