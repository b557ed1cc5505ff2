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

// ---- the course: `--check LESSON ANSWERS` for a teacher ----

#[test]
fn check_passes_a_right_answer_with_status_0() {
    let answers = script("cube.fs", ": cube ( n -- n^3 ) dup dup * * ;\n");
    let r = playforth(&["--check", "2", &answers], "");
    assert_eq!(r.status, 0, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout.starts_with("Checking: Stack words"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.ends_with("All 4 checks pass.\n"), "{}", r.stdout);
    // By name too.
    assert_eq!(
        playforth(&["--check", "stack-words", &answers], "").status,
        0
    );
}

#[test]
fn check_fails_a_wrong_answer_with_status_1_and_says_why() {
    let answers = script("square.fs", ": cube ( n -- n^3 ) dup * ;\n");
    let r = playforth(&["--check", "docs/lessons/02-stack-words.md", &answers], "");
    assert_eq!(r.status, 1);
    assert!(
        r.stdout
            .contains("  ✗ 3 cube\n      expected  stack: 27\n      came out  stack: 9\n"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("1 of 4 checks pass.\nHint:\n  `dup dup`"),
        "{}",
        r.stdout
    );
}

#[test]
fn check_reports_errors_in_the_answers_file() {
    let answers = script(
        "broken.fs",
        ": cube ( n -- n^3 ) dup dup * * ;\n: oops ( -- ) swpa ;\n",
    );
    let r = playforth(&["--check", "2", &answers], "");
    // The word before the error was defined: the checks pass, but the
    // error is shown.
    assert_eq!(r.status, 0);
    assert!(
        r.stdout.contains("Your code stopped with an error"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("broken.fs:2:15: error: undefined word `swpa` (-13)"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("did you mean `swap`"), "{}", r.stdout);
}

#[test]
fn check_usage_errors_exit_with_status_2() {
    let answers = script("any.fs", ": cube ;\n");
    let r = playforth(&["--check", "13", &answers], "");
    assert_eq!(r.status, 2);
    assert_eq!(
        r.stderr,
        "playforth: --check: `13` is neither a lesson file nor a lesson's number (1 to 12) or name\n"
    );
    let bad = script(
        "bad-lesson.md",
        "# A lesson\n\n## Exercise\nDo it.\n\n## Checks\n1 cube  stack: one\n\n## Answer\n: cube ;\n",
    );
    let r = playforth(&["--check", &bad, &answers], "");
    assert_eq!(r.status, 2);
    assert!(
        r.stderr
            .ends_with("bad-lesson.md:7: `stack:` takes numbers (or true and false), not `one`\n"),
        "{}",
        r.stderr
    );
    let r = playforth(&["--check", "2", "no-such-answers.fs"], "");
    assert_eq!(r.status, 2);
    assert!(
        r.stderr
            .contains("cannot read the answers no-such-answers.fs"),
        "{}",
        r.stderr
    );
    assert_eq!(playforth(&["--check", "2"], "").status, 2);
}

#[test]
fn a_teachers_lesson_folder_replaces_the_course() {
    let dir = std::env::temp_dir().join(format!("playforth-lessons-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("lesson dir");
    std::fs::write(
        dir.join("01-double.md"),
        "# Doubling\n\nTwice as much.\n\n## Exercise\nDefine `double`.\n\n## Checks\n4 double  stack: 8\n\n## Hint\nAdd it to itself.\n\n## Answer\n: double dup + ;\n",
    )
    .expect("lesson");
    let dir = dir.to_string_lossy().into_owned();
    let r = playforth(&["--lessons", &dir, "-e", "learn double lessons"], "");
    assert!(
        r.stdout.starts_with("Lesson 1 of 1: Doubling\n"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.ends_with(
            "→   1  Doubling\n`learn N` opens lesson N; ✓ marks the lessons whose checks pass.\n"
        ),
        "{}",
        r.stdout
    );
    let answers = script("double.fs", ": double 2 * ;\n");
    let r = playforth(&["--lessons", &dir, "--check", "double", &answers], "");
    assert_eq!(r.status, 0, "{}{}", r.stdout, r.stderr);
    // A broken folder is reported, and the built-in lessons stand in.
    let r = playforth(&["--lessons", "/no/such/dir", "-e", "learn 12"], "");
    assert!(
        r.stderr
            .starts_with("playforth: lessons: /no/such/dir: cannot read the lesson folder"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.starts_with("Lesson 12 of 12"), "{}", r.stdout);
}

#[test]
fn check_stops_an_endless_loop() {
    let lesson = script(
        "loop-lesson.md",
        "# Looping\n\n## Exercise\nDefine `five`.\n\n## Checks\nfive  stack: 5\n\n## Answer\n: five 5 ;\n",
    );
    let answers = script("endless.fs", ": five ( -- n ) begin again ;\n");
    let r = playforth(&["--check", &lesson, &answers], "");
    assert_eq!(r.status, 1);
    assert!(
        r.stdout.contains(
            "came out  nothing: it was still running after 5 s (a loop that never ends?)"
        ),
        "{}",
        r.stdout
    );
}
