//! The example games of examples/: perft against GAMES.md, the computer's
//! strength, whole games under a fixed seed, and the portable definitions
//! in examples/lib/gforth.fs checked against gforth itself.

use std::io::Write;
use std::process::{Command, Stdio};

const START: &str = "...........................XO......OX........................... X";

fn root() -> &'static str {
    env!("CARGO_MANIFEST_DIR")
}

/// Run playforth with arguments and piped keys; (stdout, stderr, status).
fn playforth(args: &[&str], keys: &str) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_playforth"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("playforth runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(keys.as_bytes())
        .expect("keys");
    let out = child.wait_with_output().expect("finishes");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

fn eval(code: &str) -> String {
    let (out, err, status) = playforth(&["--seed", "1", "-e", code], "");
    assert_eq!(status, 0, "{code}\n{err}");
    out
}

#[test]
fn othello_perft_from_the_start_matches_games_md() {
    let code = format!(
        "include examples/othello.fs s\" {START}\" setup : t 9 1 do i perft . loop ; t bye"
    );
    assert_eq!(eval(&code), "4 12 56 244 1396 8200 55092 390216 ");
}

#[test]
fn othello_perft_counts_a_forced_pass_and_an_early_end() {
    // X cannot move (its only disc is on the edge behind O's); O can take
    // it, and then nobody has a move: the game is over after two plies.
    let pos = format!("OX{} X", ".".repeat(62));
    let code = format!(
        "include examples/othello.fs s\" {pos}\" setup 1 perft . 2 perft . 3 perft . 5 perft . bye"
    );
    assert_eq!(eval(&code), "1 1 1 1 ");
    // A position from a real game where White must pass, then Black moves.
    let pos = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX.O.... O";
    let code = format!("include examples/othello.fs s\" {pos}\" setup 1 perft . 2 perft . bye");
    let out = eval(&code);
    let counts: Vec<i64> = out
        .split_whitespace()
        .map(|n| n.parse().expect("number"))
        .collect();
    assert_eq!(counts[0], 1, "White's only option is to pass");
    assert!(counts[1] >= 1, "then Black has moves: {out}");
}

#[test]
fn othello_computer_beats_a_random_mover() {
    let wins: i64 = eval("include examples/othello.fs 20 vs-random . bye")
        .trim()
        .parse()
        .expect("a count");
    assert!(wins >= 19, "the computer won only {wins} of 20 games");
}

#[test]
fn othello_demo_game() {
    let (out, err, status) = playforth(&["--seed", "5", "examples/othello.fs", "demo"], "");
    assert_eq!((status, err.as_str()), (0, ""));
    insta::assert_snapshot!("othello_demo", out);
}

#[test]
fn othello_human_moves_are_checked() {
    let (out, _, status) = playforth(&["examples/othello.fs"], "e3\nzz\na1\nq\n");
    assert_eq!(status, 0);
    insta::assert_snapshot!("othello_human", out);
}

#[test]
fn rps_against_drk() {
    let (out, err, status) = playforth(&["--seed", "7", "examples/rps.fs"], "1x2\n3312330");
    assert_eq!((status, err.as_str()), (0, ""));
    insta::assert_snapshot!("rps_scripted", out);
}

#[test]
fn rps_five_players() {
    let (out, err, status) = playforth(&["--seed", "11", "examples/rps-team.fs"], &"2".repeat(30));
    assert_eq!((status, err.as_str()), (0, ""));
    insta::assert_snapshot!("rps_team_rounds", out);
}

#[test]
fn including_a_game_only_loads_it() {
    let out = eval(
        "include examples/rps.fs Scissor Cloth .winner include examples/rps-team.fs new-game players-left . bye",
    );
    assert_eq!(out, "Scissor wins5 ");
}

#[test]
fn the_portable_definitions_agree_with_gforth() {
    let have_gforth = Command::new("gforth").arg("--version").output().is_ok();
    if !have_gforth {
        let msg = "\n!!! gforth is not installed: examples/lib/gforth.fs was NOT checked.\n";
        if std::env::var_os("PLAYFORTH_REQUIRE_CORETEST").is_some() {
            panic!("{msg}");
        }
        eprintln!("{msg}");
        return;
    }
    let code = format!(
        "include examples/lib/gforth.fs include examples/othello.fs s\" {START}\" setup : t 7 1 do i perft . loop ; t \
         Scissor Cloth compete . . Stone Stone compete . . bye"
    );
    let out = Command::new("gforth")
        .current_dir(root())
        .args(["-e", &code])
        .output()
        .expect("gforth runs");
    let gforth = String::from_utf8_lossy(&out.stdout).into_owned();
    let ours = eval(&code.replace("include examples/lib/gforth.fs ", ""));
    assert_eq!(gforth, ours);
    assert_eq!(ours, "4 12 56 244 1396 8200 0 3 -1 1 ");
}
