//! The `playforth` command as a user runs it: options, scripts and their
//! arguments, piped input, exit statuses.

use crate::common;

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

/// Output that stops mid line does not run into the error report when
/// both go to one place (`playforth prog.fs 2>&1`, a terminal): the report
/// starts on a line of its own; stdout alone is left as the program wrote it.
#[test]
fn an_error_after_output_mid_line_starts_on_its_own_line() {
    let bin = env!("CARGO_BIN_EXE_playforth");
    let input = script("mid-line.txt", ".\" hello\" foo\n1 . cr bar\n");
    let run = |redirect: &str| {
        let out = std::process::Command::new("sh")
            .args(["-c", &format!("'{bin}' < '{input}' {redirect}")])
            .output()
            .expect("sh runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let both = run("2>&1");
    assert!(
        both.starts_with("hello\n<stdin>:1:11: error: undefined word `foo`"),
        "{both}"
    );
    // After `cr` the line had ended: no empty line before the second report.
    assert!(both.contains("\n1 \n<stdin>:2:8: error"), "{both}");
    assert_eq!(run("2>/dev/null"), "hello1 \n");
}

/// A file may redefine `;` (gforth's locals.fs and oof.fs do); only `: ;`
/// typed at the prompt is refused, as a slip.
#[test]
fn a_file_may_redefine_semicolon() {
    let file = script(
        "semi.fs",
        ": ; postpone ; ; immediate\n: sq dup * ;\n3 sq .\n",
    );
    let r = playforth(&[&file], "");
    assert_eq!((r.stdout.as_str(), r.status), ("9 ", 0), "{}", r.stderr);
}

#[test]
fn an_unclosed_string_in_a_file_is_named_in_the_error() {
    // The text ends with its line (taking the `;`), as the standard reads
    // it; the error names the missing `"` and where the string began.
    let file = script("unclosed.fs", ": hi .\" hello ;\nhi\n");
    let r = playforth(&[&file], "");
    assert_ne!(r.status, 0);
    assert!(
        r.stderr
            .contains("no `\"` closes the text after the `.\"` at line 1, column 6, so its text ran to the end of that line, `;` and all"),
        "{}",
        r.stderr
    );
    // A string closed on a later line is not: that line is code.
    let file = script("unclosed2.fs", ": hi .\" hello\n;\nhi\n");
    let r = playforth(&[&file], "");
    assert_eq!((r.stdout.as_str(), r.status), ("hello", 0), "{}", r.stderr);
}

#[test]
fn key_reads_bytes_from_a_pipe() {
    let r = playforth(&["-e", "key emit key emit cr"], "ab");
    assert_eq!(r.stdout, "ab\n");
}

#[test]
fn accept_at_the_end_of_piped_input_ends_the_program_quietly() {
    // As in gforth: a loop reading lines until ACCEPT gives 0 never sees
    // the 0; the program ends with status 0 when the input does.
    let lines = ": lines begin pad 80 accept dup while pad swap type cr repeat drop .\" done\" ; lines .\" after\"";
    let r = playforth(&["-e", lines], "l1\nl2\n");
    assert_eq!(r.stdout, "l1\nl2\n");
    assert_eq!(r.stderr, "");
    assert_eq!(r.status, 0);
    // The same when the program itself comes from standard input.
    let r = playforth(
        &[],
        "pad 80 accept pad swap type cr\nread by accept\npad 80 accept . .\" not reached\"\n",
    );
    assert_eq!(r.stdout, "read by accept\n");
    assert_eq!(r.status, 0);
}

#[test]
fn strings_kept_outside_a_definition_are_bounded() {
    // Each S" outside a definition is kept for good (as gforth keeps it),
    // within 16 MiB: a 1000-byte string made by EVALUATE in a loop runs
    // out after about 16600, with -8 saying why. (A process of its own:
    // the 16 MiB are touched.)
    let program = "create src 1100 allot \
        s\\\" s\\\" \" src swap move  src 3 + 1000 char x fill  char \" src 1003 + c! \
        : keep ( n -- ) 0 ?do src 1004 evaluate 2drop loop ; \
        16000 keep .\" 16000 kept\" cr 1000 keep .\" never\"";
    let r = playforth(&["-e", program], "");
    assert_eq!(r.stdout, "16000 kept\n");
    assert!(
        r.stderr
            .contains("dictionary overflow: the strings typed outside a definition"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("(-8)"), "{}", r.stderr);
    assert_eq!(r.status, 1);
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

// ---- scripts that run as commands: `#!/usr/bin/env playforth` ----

#[test]
fn a_shebang_first_line_is_read_past() {
    let path = script(
        "shebang.fs",
        "#!/usr/bin/env playforth\nargc @ . next-arg type cr\n",
    );
    let r = playforth(&[&path, "one"], "");
    assert_eq!((r.stdout.as_str(), r.stderr.as_str()), ("2 one\n", ""));
    assert_eq!(r.status, 0);
}

#[test]
fn line_numbers_after_a_shebang_line_still_count_it() {
    let path = script("shebang-error.fs", "#!/usr/bin/env playforth\n1 +\n");
    let r = playforth(&[&path], "");
    assert_eq!(r.status, 1);
    assert!(
        r.stderr
            .starts_with(&format!("{path}:2:3: error: stack underflow (-4) in `+`")),
        "{}",
        r.stderr
    );
}

#[test]
fn only_a_files_first_line_is_a_shebang() {
    let path = script("late-shebang.fs", ".( first)\n#!/usr/bin/env playforth\n");
    let r = playforth(&[&path], "");
    assert_eq!(r.status, 1);
    assert!(
        r.stderr.contains("undefined word `#!/usr/bin/env` (-13)"),
        "{}",
        r.stderr
    );
    // -e code is not a file: its first line is Forth.
    let r = playforth(&["-e", "#!nothing"], "");
    assert_eq!(r.status, 1);
}

#[test]
fn an_included_file_may_start_with_a_shebang() {
    let lib = script("shebang-lib.fs", "#!/usr/bin/env playforth\n: seven 7 ;\n");
    let r = playforth(&["-e", &format!("include {lib} seven .")], "");
    assert_eq!((r.stdout.as_str(), r.status), ("7 ", 0), "{}", r.stderr);
}

/// Run a file as the system runs a command, retrying while another test's
/// child still holds it open for writing (ETXTBSY, a race of fork and exec).
#[cfg(unix)]
fn run_as_command(path: &str, args: &[&str], path_var: &str) -> std::process::Output {
    for _ in 0..50 {
        match std::process::Command::new(path)
            .args(args)
            .env("PATH", path_var)
            .output()
        {
            Ok(out) => return out,
            Err(e) if e.raw_os_error() == Some(26) => {
                std::thread::sleep(std::time::Duration::from_millis(20))
            }
            Err(e) => panic!("cannot run {path}: {e}"),
        }
    }
    panic!("{path} stayed busy")
}

/// The README's example of a script that runs as a command: its text, the
/// arguments it is run with, and what it prints.
fn readme_script() -> (String, Vec<String>, String) {
    let readme = include_str!("../../README.md");
    let block = readme
        .split("$ cat hello\n")
        .nth(1)
        .expect("README shows `$ cat hello`");
    let block = &block[..block.find("```").expect("end of the block")];
    let mut text = String::new();
    let mut lines = block.lines().map(str::trim_start);
    for line in lines.by_ref() {
        if line.starts_with("$ ") {
            break;
        }
        text.push_str(line);
        text.push('\n');
    }
    let run = lines
        .by_ref()
        .find_map(|l| l.strip_prefix("$ ./hello"))
        .expect("README runs ./hello");
    let args = run.split_whitespace().map(String::from).collect();
    let printed: String = lines
        .filter(|l| !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect();
    (text, args, printed)
}

#[cfg(unix)]
#[test]
fn a_script_runs_as_a_command_with_its_arguments() {
    use std::os::unix::fs::PermissionsExt;
    let (text, args, printed) = readme_script();
    assert!(text.starts_with("#!/usr/bin/env playforth\n"), "{text}");
    assert!(!args.is_empty() && !printed.is_empty());
    let path = script("hello", &text);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    // `env` finds playforth on PATH, as it would after `cargo install`.
    let bin_dir = std::path::Path::new(env!("CARGO_BIN_EXE_playforth"))
        .parent()
        .expect("bin dir")
        .to_string_lossy()
        .into_owned();
    let path_var = format!(
        "{bin_dir}:{}",
        std::env::var("PATH").unwrap_or_else(|_| "/usr/bin:/bin".into())
    );
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = run_as_command(&path, &args, &path_var);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        printed,
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(0));
    // Arguments that look like options are the script's too.
    let out = run_as_command(&path, &["--man", "-e"], &path_var);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "Hello, --man!\nHello, -e!\n"
    );
}

// ---- completions and the manual page, from the clap definition ----

/// The options `-h` lists, as spelt on the command line (`-e`,
/// `--seed`), `--help` and `--version` included.
fn options_in(help: &str) -> Vec<String> {
    let mut options = vec![];
    for line in help.lines().map(str::trim_start) {
        // `-h, --help  Print help`, `--seed <N>  Seed ...`, `-i  Stay ...`
        let spellings = line.split("  ").next().unwrap_or("");
        for spelling in spellings.split(", ") {
            let name = spelling.split([' ', '=']).next().unwrap_or("");
            if name.starts_with('-') && name.len() > 1 {
                options.push(name.to_string());
            }
        }
    }
    assert!(options.len() >= 5, "too few options found in\n{help}");
    options
}

/// Whether `text` holds `word` not followed by more of a name (`--seed`
/// is not mentioned by `--seeds`).
fn mentions(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        !text[i + word.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '-' || c == '_')
    })
}

fn run_bin(bin: &str, args: &[&str]) -> Run {
    let out = std::process::Command::new(bin)
        .args(args)
        .output()
        .expect("the binary runs");
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        status: out.status.code().unwrap_or(-1),
    }
}

const BINARIES: [&str; 2] = [
    env!("CARGO_BIN_EXE_playforth"),
    env!("CARGO_BIN_EXE_playforth-referee"),
];

#[test]
fn completions_for_every_shell_know_every_option() {
    for bin in BINARIES {
        let options = options_in(&run_bin(bin, &["-h"]).stdout);
        for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
            let r = run_bin(bin, &["--completions", shell]);
            assert_eq!((r.status, r.stderr.as_str()), (0, ""), "{bin} {shell}");
            for option in &options {
                // fish names an option `-s e` or `-l seed`.
                let mention = match option.strip_prefix("--") {
                    Some(long) if shell == "fish" => format!("-l {long}"),
                    None if shell == "fish" => format!("-s {}", &option[1..]),
                    _ => option.clone(),
                };
                assert!(
                    mentions(&r.stdout, &mention),
                    "{bin} --completions {shell} does not offer {option}:\n{}",
                    r.stdout
                );
            }
        }
    }
}

#[test]
fn an_unknown_shell_is_a_usage_error() {
    let r = playforth(&["--completions", "cmd.exe"], "");
    assert_eq!(r.status, 2);
    assert!(r.stderr.contains("possible values: bash"), "{}", r.stderr);
    assert_eq!(r.stdout, "");
}

#[cfg(unix)]
#[test]
fn bash_completes_options_and_shells() {
    let bin = env!("CARGO_BIN_EXE_playforth");
    let script = format!(
        "source <('{bin}' --completions bash) || exit 9
         COMP_WORDS=(playforth --se); COMP_CWORD=1
         _playforth playforth --se playforth; echo \"${{COMPREPLY[*]}}\"
         COMP_WORDS=(playforth --completions p); COMP_CWORD=2
         _playforth playforth p --completions; echo \"${{COMPREPLY[*]}}\""
    );
    let out = std::process::Command::new("bash")
        .args(["--norc", "-c", &script])
        .output()
        .expect("bash runs");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "--seed\npowershell\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_man_page_documents_every_option() {
    for bin in BINARIES {
        let options = options_in(&run_bin(bin, &["-h"]).stdout);
        let r = run_bin(bin, &["--man"]);
        assert_eq!((r.status, r.stderr.as_str()), (0, ""), "{bin}");
        assert!(r.stdout.contains(".TH playforth"), "{}", r.stdout);
        for option in &options {
            // roff writes a hyphen that must stay one as `\-`.
            let mention = option.replace('-', "\\-");
            assert!(
                mentions(&r.stdout, &mention),
                "{bin} --man does not document {option}"
            );
        }
    }
    let referee = run_bin(BINARIES[1], &["--man"]).stdout;
    for command in ["\\fBmatch\\fR", "\\fBround\\-robin\\fR"] {
        assert!(referee.contains(command), "no {command} in\n{referee}");
    }
}

#[test]
fn the_committed_man_pages_are_up_to_date() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for (bin, page) in BINARIES
        .into_iter()
        .zip(["playforth.1", "playforth-referee.1"])
    {
        let generated = run_bin(bin, &["--man"]).stdout;
        let path = root.join("docs").join(page);
        if std::env::var_os("PLAYFORTH_BLESS").is_some() {
            std::fs::write(&path, &generated).expect("write the man page");
        }
        let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            on_disk == generated,
            "docs/{page} is out of date: run PLAYFORTH_BLESS=1 cargo test --test all cli::"
        );
    }
}

#[test]
fn man_and_completions_stand_alone() {
    for args in [
        &["--man", "-e", "1"][..],
        &["--completions", "bash", "game.fs"],
    ] {
        let r = playforth(args, "");
        assert_eq!(r.status, 2, "{args:?}");
        assert!(r.stderr.contains("cannot be used with"), "{}", r.stderr);
    }
    // After FILE, --man is one of the script's own arguments.
    let path = script("man-arg.fs", "next-arg type cr\n");
    let r = playforth(&[&path, "--man"], "");
    assert_eq!(r.stdout, "--man\n");
}

#[test]
fn the_referee_without_a_command_says_what_to_give() {
    let r = run_bin(BINARIES[1], &[]);
    assert_eq!(r.status, 2);
    assert!(r.stderr.contains("match BOT1 BOT2"), "{}", r.stderr);
}

// ---- the published package ----

/// The files `include_str!` brings into the build, relative to the root.
fn compiled_in_files(root: &std::path::Path) -> Vec<String> {
    let mut found = vec![];
    let mut dirs = vec![root.join("src")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("read src").flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            for (i, _) in text.match_indices("include_str!(\"") {
                let rest = &text[i + "include_str!(\"".len()..];
                let name = &rest[..rest.find('"').expect("closing quote")];
                let mut parts: Vec<&str> = vec![];
                let here = dir.strip_prefix(root).expect("under the root");
                for part in here.iter().map(|p| p.to_str().expect("utf-8")) {
                    parts.push(part);
                }
                for part in name.split('/') {
                    match part {
                        ".." => {
                            parts.pop();
                        }
                        "." => {}
                        _ => parts.push(part),
                    }
                }
                found.push(parts.join("/"));
            }
        }
    }
    found
}

#[test]
fn the_package_holds_what_the_build_needs_and_no_test_data() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args(["package", "--list", "--offline", "--allow-dirty"])
        .current_dir(root)
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let listed = String::from_utf8_lossy(&out.stdout);
    let files: Vec<&str> = listed.lines().collect();
    let needed = compiled_in_files(root);
    assert!(needed.len() > 10, "{needed:?}");
    for file in needed.iter().map(String::as_str).chain([
        "Cargo.toml",
        "Cargo.lock",
        "README.md",
        "src/main.rs",
        "src/cli_docs.rs",
        "src/bin/playforth-referee/main.rs",
        "examples/othello.fs",
        "examples/lib/play.fs",
        "docs/playforth.1",
    ]) {
        assert!(files.contains(&file), "the package lacks {file}");
    }
    for file in &files {
        assert!(
            !["tests/", "fuzz/", "bench/", "target/", ".ci/"]
                .iter()
                .any(|dir| file.starts_with(dir)),
            "the package holds {file}"
        );
    }
}

#[cfg(target_os = "linux")]
#[test]
fn generated_text_that_cannot_be_written_is_an_error_not_a_panic() {
    for bin in BINARIES {
        for args in [&["--man"][..], &["--completions", "zsh"]] {
            let full = std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .expect("/dev/full");
            let out = std::process::Command::new(bin)
                .args(args)
                .stdout(full)
                .output()
                .expect("the binary runs");
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{bin} {args:?}: {stderr}");
            assert!(stderr.contains("cannot write the output"), "{stderr}");
        }
    }
}

// ---- exit statuses, line endings, paths ----

#[test]
fn exit_statuses_are_what_shells_expect() {
    // 0 success, 1 an uncaught error, 2 a usage error, BYE's own.
    assert_eq!(playforth(&["-e", "1 ."], "").status, 0);
    assert_eq!(playforth(&["-e", "frob"], "").status, 1);
    assert_eq!(playforth(&["-e", "1 throw"], "").status, 1);
    let r = playforth(&["--seed", "many"], "");
    assert_eq!(r.status, 2, "{}", r.stderr);
    assert!(r.stderr.contains("invalid value 'many'"), "{}", r.stderr);
    assert_eq!(playforth(&["-e"], "").status, 2);
    // A game's unknown argument is a usage error too.
    let r = playforth(&["examples/rps.fs", "foo"], "");
    assert_eq!(r.status, 2, "{}", r.stderr);
    assert!(r.stderr.contains("'foo' is not demo"), "{}", r.stderr);
    // FILE `-` is standard input, with its arguments after it.
    let r = playforth(&["-", "hello"], "1 2 + . next-arg type cr\n");
    assert_eq!((r.stdout.as_str(), r.status), ("3 hello\n", 0));
    // A mistyped option is a usage error, not a file to run.
    let r = playforth(&["--sed", "5", "-e", "1 ."], "");
    assert_eq!(r.status, 2, "{}", r.stderr);
    assert!(
        r.stderr.contains("unexpected argument '--sed'"),
        "{}",
        r.stderr
    );
    assert_eq!(r.stdout, "");
    assert_eq!(playforth(&["-e", "bye"], "").status, 0);
    assert_eq!(playforth(&["-e", "3 (bye)"], "").status, 3);
    assert_eq!(playforth(&[], "7 (bye)\n").status, 7);
    // Piped input goes on after an error, and the status says one happened.
    let r = playforth(&[], "frob\n1 . cr\n");
    assert_eq!((r.stdout.as_str(), r.status), ("1 \n", 1));
}

/// Wait until `pid` catches SIGINT (its handler is installed), so the
/// signal sent next is caught rather than ending the process. Without
/// /proc (not Linux) it waits for the program to be under way instead.
#[cfg(unix)]
fn wait_for_sigint_handler(pid: u32) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while std::time::Instant::now() < deadline {
        let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
            std::thread::sleep(std::time::Duration::from_millis(500));
            return;
        };
        let caught = status
            .lines()
            .find_map(|l| l.strip_prefix("SigCgt:"))
            .and_then(|m| u64::from_str_radix(m.trim(), 16).ok());
        if caught.is_some_and(|m| m & (1 << (2 - 1)) != 0) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// Ctrl-C (SIGINT, sent with `kill`) stops a script in an endless loop, or
/// one read from stdin, with the report and status 130.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_script_with_status_130() {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    for (args, input) in [
        (&["-e", ": spin begin again ; spin"][..], ""),
        (&[][..], ": spin begin again ; spin\n1 . cr\n"),
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_playforth"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("playforth runs");
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(input.as_bytes()).expect("write stdin");
        drop(stdin);
        wait_for_sigint_handler(child.id());
        let sent = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
        let out = child.wait_with_output().expect("playforth ends");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{args:?}: {stderr}");
        assert!(
            stderr.contains("user interrupt (-28)"),
            "{args:?}: {stderr}"
        );
        // What came after the loop never ran.
        assert_eq!(String::from_utf8_lossy(&out.stdout), "", "{args:?}");
    }
}

#[test]
fn crlf_files_run_as_lf_files() {
    let lf = ": greet ( -- )  \\ says hello\n  .\" hello\" cr ;\n\
              \\ a comment line\ngreet\ns\" at the end\"\ntype cr\n\
              ( a comment\n  over two lines ) 1 2 + . cr\n\
              s\" no closing quote\ntype cr\n\
              char x emit cr\nsource nip . cr\n";
    let crlf = lf.replace('\n', "\r\n");
    let included = script("included-crlf.fs", &crlf);
    let crlf = script("crlf.fs", &crlf);
    let lf = script("lf.fs", lf);
    let expected = "hello\nat the end\n3 \nno closing quote\nx\n15 \n";
    for (what, args) in [
        ("LF", vec![lf.as_str()]),
        ("CRLF", vec![crlf.as_str()]),
        ("CRLF included", vec!["-e", &format!("include {included}")]),
    ] {
        let r = playforth(&args, "");
        assert_eq!(
            (r.stdout.as_str(), r.stderr.as_str()),
            (expected, ""),
            "{what}"
        );
    }
    // Piped in, and an error's place is the same.
    let r = playforth(&[], "1 2 +\r\n.\r\nfrob\r\n");
    assert_eq!(r.stdout, "3 ");
    assert!(
        r.stderr
            .contains("<stdin>:3:1: error: undefined word `frob`"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("  3 | frob\n"), "{:?}", r.stderr);
}

#[test]
fn include_reads_backslashes_as_folder_separators_when_no_file_has_the_name() {
    let dir = std::env::temp_dir().join(format!("playforth-cli-bs-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("lib")).expect("temp dir");
    std::fs::write(dir.join("lib").join("part.fs"), ".\" part\" cr\n").expect("write");
    std::fs::write(
        dir.join("main.fs"),
        "include lib\\part.fs\nrequire lib\\part.fs\n",
    )
    .expect("write");
    let main = dir.join("main.fs");
    let r = playforth(&[main.to_str().expect("utf-8 path")], "");
    assert_eq!(
        (r.stdout.as_str(), r.stderr.as_str(), r.status),
        ("part\n", "", 0)
    );
    let r = playforth(&["-e", "include nowhere\\none.fs"], "");
    assert!(
        r.stderr
            .contains("non-existent file: nowhere\\none.fs (-38)"),
        "{}",
        r.stderr
    );
}

/// Where a backslash is a file-name character, a file named with one is
/// what INCLUDE takes first.
#[cfg(unix)]
#[test]
fn a_file_named_with_a_backslash_comes_first_on_unix() {
    let dir = std::env::temp_dir().join(format!("playforth-cli-bsu-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("lib")).expect("temp dir");
    std::fs::write(dir.join("lib").join("part.fs"), ".\" folder\" cr\n").expect("write");
    std::fs::write(dir.join("lib\\part.fs"), ".\" backslash\" cr\n").expect("write");
    let r = common::run_playforth(&["-e", "include lib\\part.fs"], "", Some(&dir));
    assert_eq!((r.0.as_str(), r.1.as_str()), ("backslash\n", ""));
}

#[test]
fn no_colours_when_output_is_not_a_terminal() {
    // Even when the environment asks for colours in every other way.
    let r = common::run_playforth_env(&["-e", "frob"], "", &[("TERM", "xterm-256color")]);
    assert!(r.1.contains("error: undefined word"), "{}", r.1);
    assert!(!r.1.contains('\x1b') && !r.0.contains('\x1b'), "{:?}", r.1);
}

/// The example games are compiled in: from a folder without them,
/// `examples/…` still runs, their `require ./lib/…` lines too; a file on
/// disk of that name is read instead.
#[test]
fn the_example_games_run_from_any_folder() {
    use std::process::Command;
    let dir = std::env::temp_dir().join(format!("playforth-elsewhere-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_playforth"))
            .args(args)
            .current_dir(&dir)
            .output()
            .expect("playforth runs");
        (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            out.status.code(),
        )
    };
    let (out, status) = run(&["-e", "include examples/chess.fs 2 perft . bye"]);
    assert_eq!((out.trim_end(), status), ("400", Some(0)));
    let (out, status) = run(&["--seed", "3", "examples/othello.fs", "demo"]);
    assert!(out.contains("Final score"), "{out}");
    assert_eq!(status, Some(0));
    // A copy of one's own wins over the compiled-in file.
    std::fs::create_dir_all(dir.join("examples")).unwrap();
    std::fs::write(dir.join("examples/rps.fs"), ".\" my own rps\" cr\n").unwrap();
    let (out, _) = run(&["examples/rps.fs"]);
    assert_eq!(out, "my own rps\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A second game loaded in a session replaces the first: its first few
/// redefinitions are noted as gforth notes them, the rest in one line.
#[test]
fn a_second_game_notes_its_redefinitions_in_one_line() {
    let r = playforth(
        &[
            "-e",
            "include examples/othello.fs include examples/chess.fs 2 perft . bye",
        ],
        "",
    );
    assert_eq!(r.stdout.trim_end(), "400");
    let lines: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(
        &lines[..4],
        [
            "redefined white",
            "redefined black",
            "redefined board",
            "redefined other"
        ]
    );
    assert_eq!(lines.len(), 5, "{}", r.stderr);
    assert!(
        lines[4].starts_with("examples/chess.fs redefined 32 more words (side .square")
            && lines[4].ends_with("the new definitions are used from now on"),
        "{}",
        lines[4]
    );
}

#[test]
fn check_sums_up_a_folder_of_answers_one_line_a_student_or_as_json() {
    let dir = std::env::temp_dir().join(format!("playforth-class-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("alice.fs"), ": twenty 2 3 + 4 * ;\n").unwrap();
    std::fs::write(dir.join("bob.fs"), ": twenty 19 ;\n").unwrap();
    std::fs::write(dir.join("carol.fs"), ": twenty 2 3 + 4 * ; nosuch\n").unwrap();
    std::fs::write(dir.join("notes.txt"), "not an answer").unwrap();
    let folder = dir.to_str().unwrap();
    let (stdout, stderr, status) = common::run_playforth(&["--check", "1", folder], "", None);
    assert_eq!(status, 1, "{stderr}");
    assert_eq!(
        stdout,
        "Checking: First steps: numbers and the stack (3 answers)\n  \
         alice  passed 3 of 3  ✓\n  \
         bob    passed 0 of 3\n  \
         carol  passed 3 of 3  ✓  (the code stopped with an error)\n\
         2 of 3 passed every check\n"
    );
    let (stdout, _, status) = common::run_playforth(&["--check", "1", folder, "--json"], "", None);
    assert_eq!(status, 1);
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["lesson"], "First steps: numbers and the stack");
    let summary: Vec<(String, u64, u64, bool)> = v["students"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap().to_string(),
                s["passed"].as_u64().unwrap(),
                s["total"].as_u64().unwrap(),
                s["load_error"].is_string(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("alice".to_string(), 3, 3, false),
            ("bob".to_string(), 0, 3, false),
            ("carol".to_string(), 3, 3, true)
        ]
    );
    assert_eq!(v["students"][1]["checks"][0]["got"], "stack: 19");
    // All passing: status 0; one file with --json: the same shape.
    std::fs::remove_file(dir.join("bob.fs")).unwrap();
    assert_eq!(
        common::run_playforth(&["--check", "1", folder], "", None).2,
        0
    );
    let alice = dir.join("alice.fs");
    let (stdout, _, _) = common::run_playforth(
        &["--check", "1", alice.to_str().unwrap(), "--json"],
        "",
        None,
    );
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["students"][0]["name"], "alice");
    assert_eq!(v["students"][0]["all_passed"], true);
    // An empty folder is a usage error.
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let (_, stderr, status) =
        common::run_playforth(&["--check", "1", empty.to_str().unwrap()], "", None);
    assert_eq!(status, 2);
    assert!(stderr.contains("holds no answer files"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
