//! The example games of examples/: perft against GAMES.md, the computer's
//! strength, whole games under a fixed seed, and the portable definitions
//! in examples/lib/gforth.fs checked against gforth itself.

use crate::common;

use std::process::Command;

const START: &str = "...........................OX......XO........................... X";

fn root() -> &'static str {
    env!("CARGO_MANIFEST_DIR")
}

/// Run playforth with arguments and piped keys; (stdout, stderr, status).
fn playforth(args: &[&str], keys: &str) -> (String, String, i32) {
    common::run_playforth(args, keys, None)
}

/// A whole game with scripted keys: it ends cleanly, and what the player
/// saw matches the snapshot.
fn game_snapshot(name: &str, args: &[&str], keys: &str) {
    let (out, err, status) = playforth(args, keys);
    assert_eq!((status, err.as_str()), (0, ""), "{name}");
    insta::assert_snapshot!(name, out);
}

/// Is gforth here to compare with? Says so loudly when it is not; CI
/// installs it and makes its absence a failure.
fn gforth_available(what: &str) -> bool {
    if Command::new("gforth").arg("--version").output().is_ok() {
        return true;
    }
    let msg = format!("\n!!! gforth is not installed: {what} was NOT checked.\n");
    if std::env::var_os("PLAYFORTH_REQUIRE_CORETEST").is_some() {
        panic!("{msg}");
    }
    eprintln!("{msg}");
    false
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
    game_snapshot(
        "othello_demo",
        &["--seed", "5", "examples/othello.fs", "demo"],
        "",
    );
}

#[test]
fn othello_human_moves_are_checked() {
    game_snapshot(
        "othello_human",
        &["--seed", "1", "examples/othello.fs"],
        "d3\nzz\na1\nq\n",
    );
}

#[test]
fn rps_against_drk() {
    game_snapshot(
        "rps_scripted",
        &["--seed", "7", "examples/rps.fs"],
        "1x2\n3312330",
    );
}

#[test]
fn rps_ends_at_the_end_of_input_with_the_statistics() {
    // The command docs/games.md shows: four rounds, then the input ends.
    let (out, err, status) = playforth(&["--seed", "7", "examples/rps.fs"], "1232");
    assert_eq!((status, err.as_str()), (0, ""));
    assert!(
        out.ends_with("Thanks for playing!  YOU: 1  DR.K: 1  Draws: 2  Rounds: 4\n"),
        "{out}"
    );
    // q stops too, and any other key is ignored.
    let (out, _, status) = playforth(&["--seed", "7", "examples/rps.fs"], "2xq1");
    assert_eq!(status, 0);
    assert!(out.ends_with("Rounds: 1\n"), "{out}");
}

#[test]
fn rps_team_stops_on_q_or_the_end_of_input() {
    for keys in ["2q", "22"] {
        let (out, err, status) = playforth(&["--seed", "11", "examples/rps-team.fs"], keys);
        assert_eq!((status, err.as_str()), (0, ""), "{keys}");
        assert!(
            out.ends_with("You stopped the game. Still in: YOU DR.K DR.L DR.M\n"),
            "{keys}: {out}"
        );
    }
}

/// The board games, and a line that is not a move in each.
const BOARD_GAMES: [(&str, &str); 4] = [
    ("examples/othello.fs", "e9"),
    ("examples/chess.fs", "e2"),
    ("examples/jungle.fs", "a3"),
    ("examples/fivestep.fs", "a1"),
];

#[test]
fn board_games_stop_cleanly_at_the_end_of_input_or_q() {
    for (game, not_a_move) in BOARD_GAMES {
        for (keys, prompts) in [
            (format!("\n\n{not_a_move}\n"), 4),
            ("\n  Q  \n".to_string(), 2),
            ("quit\n".to_string(), 1),
        ] {
            let (out, err, status) = playforth(&[game], &keys);
            assert_eq!((status, err.as_str()), (0, ""), "{game} {keys:?}");
            let stop = out
                .rfind("Stopped.\n")
                .unwrap_or_else(|| panic!("{game} {keys:?}: {out}"));
            // The final position follows, then one line saying the game is
            // unfinished; no "to move" line, as nobody is to move.
            let end = &out[stop..];
            assert!(end.contains(" a b c d e"), "{game} {keys:?}: {out}");
            assert!(!end.contains("to move"), "{game} {keys:?}: {end}");
            let last = end.lines().last().unwrap_or_default();
            assert!(
                last.starts_with("Unfinished after 0 moves.") || last.ends_with("(unfinished)"),
                "{game} {keys:?}: {end}"
            );
            // An empty line asks again; so does a line that is not a move.
            assert_eq!(
                out.matches("Your move (like ").count(),
                prompts,
                "{game} {keys:?}: {out}"
            );
        }
    }
}

/// `?` lists the moves wrapped at 80 columns when the output is no
/// terminal (form says 80), never inside a move, the next lines indented.
#[test]
fn the_moves_listed_wrap_at_80_columns_into_a_pipe() {
    for (game, _) in BOARD_GAMES {
        let (out, err, status) = playforth(&[game], "?\nq\n");
        assert_eq!((status, err.as_str()), (0, ""), "{game}");
        let start = out.find("Legal moves:").expect("a list");
        let list: Vec<&str> = out[start..]
            .lines()
            .take_while(|l| !l.starts_with("Your move"))
            .collect();
        for line in &list {
            assert!(line.len() < 80, "{game}: {line:?} is too long:\n{out}");
        }
        let moves: Vec<&str> = list
            .iter()
            .flat_map(|l| l.split_whitespace())
            .filter(|m| *m != "Legal" && *m != "moves:")
            .collect();
        let width = moves[0].len();
        assert!(
            moves
                .iter()
                .all(|m| m.len() == width || m.len() == width + 1),
            "{game}: a move is cut:\n{out}"
        );
        if game != "examples/othello.fs" {
            assert!(list.len() > 1, "{game}: not wrapped:\n{out}");
            assert!(list[1..].iter().all(|l| l.starts_with("  ")), "{out}");
        }
    }
}

#[test]
fn rps_and_rps_team_accept_demo() {
    game_snapshot("rps_demo", &["--seed", "3", "examples/rps.fs", "demo"], "");
    game_snapshot(
        "rps_team_demo",
        &["--seed", "3", "examples/rps-team.fs", "demo"],
        "",
    );
}

#[test]
fn the_seed_chooses_the_computers_game() {
    let demo = |seed: &str| playforth(&["--seed", seed, "examples/othello.fs", "demo"], "").0;
    assert_eq!(demo("1"), demo("1"), "the same seed, the same game");
    // Into a pipe the demo does not pause: the output is no terminal.
    assert_eq!(eval("terminal? . bye"), "0 ");
    assert_ne!(demo("1"), demo("2"), "another seed, another game");
}

#[test]
fn chess_and_fivestep_demos_end_by_the_rules() {
    for (game, seed) in [
        ("examples/chess.fs", "1"),
        ("examples/chess.fs", "5"),
        ("examples/fivestep.fs", "1"),
    ] {
        let (out, err, status) = playforth(&["--seed", seed, game, "demo"], "");
        assert_eq!((status, err.as_str()), (0, ""), "{game} {seed}");
        let last = out.lines().last().unwrap_or_default();
        assert!(
            last.contains("by repetition") || last.contains("Fifty moves") || last.contains("wins"),
            "{game} --seed {seed} ended with {last:?}"
        );
    }
}

#[test]
fn rps_five_players() {
    game_snapshot(
        "rps_team_rounds",
        &["--seed", "11", "examples/rps-team.fs"],
        &"2".repeat(30),
    );
}

#[test]
fn including_a_game_only_loads_it() {
    let out = eval(
        "include examples/rps.fs Scissor Cloth .winner cr Stone Cloth .winner cr Stone Stone .winner cr \
         include examples/rps-team.fs new-game players-left . bye",
    );
    // .winner says the sign without the padding of the rounds' columns.
    assert_eq!(out, "Scissor wins\nCloth wins\na draw with Stone\n5 ");
}

#[test]
fn the_portable_definitions_agree_with_gforth() {
    if !gforth_available("examples/lib/gforth.fs") {
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

const FIVE_START: &str = "1000200000000000000020001 1";

#[test]
fn fivestep_perft_matches_games_md() {
    let code = format!(
        "include examples/fivestep.fs s\" {FIVE_START}\" setup : t 4 1 do i perft . i path-perft . loop ; t bye"
    );
    assert_eq!(eval(&code), "32 188 1060 28752 38152 5232024 ");
}

/// Check a move written by the bot: "x y x y ..." from one of `side`'s pieces.
fn check_bot_path(text: &str, cells: &[u8; 25], side: u8) -> Result<(), String> {
    let nums: Vec<usize> = text
        .split_whitespace()
        .map(|n| n.parse().map_err(|_| format!("not a number: {n}")))
        .collect::<Result<_, _>>()?;
    if nums.len() < 4 || !nums.len().is_multiple_of(2) || nums.len() > 12 {
        return Err(format!("a path has 2 to 6 squares: {text}"));
    }
    let squares: Vec<usize> = nums.chunks(2).map(|c| c[1] * 5 + c[0]).collect();
    if nums.iter().any(|&n| n > 4) {
        return Err("coordinates are 0..4".into());
    }
    if cells[squares[0]] != side {
        return Err("the path must start on one of the bot's pieces".into());
    }
    let steps = squares.len() - 1;
    for (k, w) in squares.windows(2).enumerate() {
        let (a, b) = (w[0] as i32, w[1] as i32);
        let (dx, dy) = ((a % 5 - b % 5).abs(), (a / 5 - b / 5).abs());
        if dx + dy != 1 {
            return Err(format!("step {k} is not to a neighbouring square"));
        }
        let last = k + 1 == steps;
        let cell = cells[w[1]];
        if !last && cell != 0 {
            return Err(format!("step {k} passes through an occupied square"));
        }
        if last && cell != 0 && (cell == side || steps != 5) {
            return Err(
                "the last square must be empty, or an enemy after exactly five steps".into(),
            );
        }
    }
    let mut seen = squares.clone();
    seen.sort_unstable();
    seen.dedup();
    if seen.len() != squares.len() {
        return Err("the path visits a square twice".into());
    }
    Ok(())
}

/// The seed's caution: never end on a square the opponent can then take
/// (on an exact fifth step), unless the move wins, or no safe move exists.
fn bot_is_careful(text: &str, cells: &[u8; 25], side: u8) -> bool {
    use playforth::reach_mask;
    let nums: Vec<usize> = text
        .split_whitespace()
        .map(|n| n.parse().expect("number"))
        .collect();
    let (from, to) = (
        nums[1] * 5 + nums[0],
        nums[nums.len() - 1] * 5 + nums[nums.len() - 2],
    );
    let enemy = 3 - side;
    let after = |from: usize, to: usize| {
        let mut b = *cells;
        b[to] = side;
        b[from] = 0;
        b
    };
    let threatened =
        |b: &[u8; 25], sq: usize| (0..25).any(|e| b[e] == enemy && reach_mask(b, e) >> sq & 1 == 1);
    let wins = |b: &[u8; 25]| (0..25).all(|e| b[e] != enemy || reach_mask(b, e) == 0);
    if wins(&after(from, to)) || !threatened(&after(from, to), to) {
        return true;
    }
    // Walking into danger is forgivable only when every move does.
    (0..25).filter(|&f| cells[f] == side).all(|f| {
        (0..25)
            .filter(|&t| reach_mask(cells, f) >> t & 1 == 1)
            .all(|t| !wins(&after(f, t)) && threatened(&after(f, t), t))
    })
}

#[test]
fn fivestep_bot_writes_a_legal_path() {
    let dir = std::env::temp_dir().join(format!("playforth-bot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let script = format!("{}/examples/fivestep.fs", root());
    for (side, cells) in [
        (1u8, "1000200000000000000020001"),
        (2u8, "1000200000000000000020001"),
        (1u8, "0000010200000000201000000"),
        (2u8, "1100022000000000000000000"),
        (1u8, "1000000000002000000000001"),
        (2u8, "0000100000002000000000001"),
        (1u8, "0000000100000000000200100"),
    ] {
        let _ = std::fs::remove_file(dir.join("play.txt"));
        let mut args = vec![
            "bot".to_string(),
            "4108056001".to_string(),
            side.to_string(),
        ];
        args.extend(cells.chars().map(|c| c.to_string()));
        let status = Command::new(env!("CARGO_BIN_EXE_playforth"))
            .arg(&script)
            .args(&args)
            .current_dir(&dir)
            .status()
            .expect("the bot runs");
        assert!(status.success());
        let text = std::fs::read_to_string(dir.join("play.txt")).expect("play.txt is written");
        let board: [u8; 25] = cells
            .bytes()
            .map(|b| b - b'0')
            .collect::<Vec<_>>()
            .try_into()
            .expect("25 cells");
        if let Err(e) = check_bot_path(&text, &board, side) {
            panic!("side {side}, board {cells}: {e}: {text:?}");
        }
        assert!(
            bot_is_careful(&text, &board, side),
            "side {side}, board {cells}: {text} walks into a capture"
        );
    }
}

/// Run the bot in `dir` with these arguments after `bot`:
/// (stderr, exit status, whether play.txt is there).
fn run_bot(dir: &std::path::Path, args: &[&str]) -> (String, i32, bool) {
    let script = format!("{}/examples/fivestep.fs", root());
    let mut all = vec![script.as_str(), "bot"];
    all.extend_from_slice(args);
    let (_, err, status) = common::run_playforth(&all, "", Some(dir));
    (err, status, dir.join("play.txt").exists())
}

#[test]
fn fivestep_bot_refuses_bad_arguments_and_leaves_no_old_answer() {
    let dir = std::env::temp_dir().join(format!("playforth-botargs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let start: Vec<String> = FIVE_START[..25].chars().map(String::from).collect();
    let with = |side: &str, cells: &[String]| {
        let mut a = vec!["7".to_string(), side.to_string()];
        a.extend_from_slice(cells);
        a
    };
    let mut bad_cell = start.clone();
    bad_cell[13] = "x".into();
    let mut big_cell = start.clone();
    big_cell[0] = "10".into();
    for (args, says) in [
        (with("1", &start[..24]), "26 arguments after bot, 27 needed"),
        (with("3", &start), "SIDE is '3', not 1 or 2"),
        (with("one", &start), "SIDE is 'one', not 1 or 2"),
        (with("1", &bad_cell), "cell 14 is 'x', not 0, 1 or 2"),
        (with("2", &big_cell), "cell 1 is '10', not 0, 1 or 2"),
        (vec![], "0 arguments after bot"),
    ] {
        std::fs::write(dir.join("play.txt"), "0 0 1 0\n").expect("an old answer");
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (err, status, answer) = run_bot(&dir, &args);
        assert_eq!(status, 2, "{args:?}: {err}");
        assert!(
            err.starts_with("fivestep bot: ") && err.contains(says),
            "{args:?}: {err}"
        );
        assert!(
            err.contains("usage: playforth examples/fivestep.fs bot"),
            "{err}"
        );
        assert!(!answer, "{args:?}: an old play.txt was left");
    }
    // Player 1's pieces are walled in by player 2's: no legal move.
    std::fs::write(dir.join("play.txt"), "0 0 1 0\n").expect("an old answer");
    let cells: Vec<String> = "1220020000000000000000000"
        .chars()
        .map(String::from)
        .collect();
    let args = with("1", &cells);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (err, status, answer) = run_bot(&dir, &args);
    assert_eq!(status, 1, "{err}");
    assert_eq!(
        err,
        "fivestep bot: player 1 has no legal move on this board\n"
    );
    assert!(!answer);
    // A good board still gets its answer.
    let args = with("1", &start);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (err, status, answer) = run_bot(&dir, &args);
    assert_eq!((status, err.as_str(), answer), (0, "", true));
}

#[test]
fn fivestep_bot_keeps_the_move_of_the_last_search_that_finished() {
    // No time to deepen: the one-ply search's move.
    let one_ply =
        eval("include examples/fivestep.fs start 0 deepen-us ! think swap . . lookahead @ . bye");
    assert!(one_ply.ends_with(" 1 "), "{one_ply}");
    // Time to start the second search but not to finish it: the deadline
    // (1 microsecond) cuts it, and the one-ply move is played.
    let cut = eval(
        "include examples/fivestep.fs start 1 budget-us ! 1000000000 deepen-us ! think swap . . lookahead @ . bye",
    );
    assert_eq!(cut.replace(" 2 ", " 1 "), one_ply, "{cut}");
}

#[test]
fn fivestep_demo_game() {
    game_snapshot(
        "fivestep_demo",
        &[
            "--seed",
            "3",
            "-e",
            "include examples/fivestep.fs 12 max-moves ! demo bye",
        ],
        "",
    );
}

#[test]
fn fivestep_scripted_human_game() {
    let (out, _, status) = playforth(
        &["--seed", "1", "examples/fivestep.fs"],
        "E5 E4\n9 9 9 9\na1d4\na1-b1\nq\n",
    );
    assert_eq!(status, 0);
    insta::assert_snapshot!("fivestep_human", out);
}

/// `replay` checks every step of a logged path and whose piece moves,
/// and stops at an illegal move saying why.
#[test]
fn fivestep_replay_checks_the_whole_path() {
    let dir = std::env::temp_dir().join(format!("playforth-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("game.txt");
    let log = log.to_str().unwrap();
    for (moves, why) in [
        // Through e5, which holds player 1's piece, to d5: e1 to d5 can be
        // reached, but not this way.
        (
            "move 1: a1 a2 a3  (player 1)\nmove 2: e1 e2 e3 e4 e5 d5  (player 2)",
            "the path passes over the piece on e5.",
        ),
        ("move 1: e1 e2  (player 1)", "player 1 has no piece on e1."),
        (
            "move 1: a1 b2  (player 1)",
            "a step goes to a neighbour, not from a1 to b2.",
        ),
        (
            "move 1: a1 a2 a1 b1  (player 1)",
            "the path visits a1 twice.",
        ),
        (
            "move 1: a1 b1 c1 d1 e1  (player 1)",
            "it takes on e1 after 4 steps; a piece takes only on its fifth step.",
        ),
        (
            "move 1: a1 b1 c1 d1 e1 e2 (player 1)",
            "the path passes over the piece on e1.",
        ),
    ] {
        std::fs::write(
            dir.join("game.txt"),
            format!("start {FIVE_START}\n{moves}\n"),
        )
        .unwrap();
        let (out, err, status) = playforth(&["examples/fivestep.fs", "replay", log], "");
        assert_eq!((status, err.as_str()), (0, ""), "{moves}");
        assert!(
            out.trim_end()
                .ends_with(&format!("That move is not legal here: {why}")),
            "{moves}:\n{out}"
        );
    }
    // A legal five-step capture is made.
    std::fs::write(
        dir.join("game.txt"),
        format!(
            "start {FIVE_START}\nmove 1: a1 a2 b2 b1 c1 d1  (player 1)\nmove 2: e1 e2  (player 2)\n"
        ),
    )
    .unwrap();
    let (out, _, _) = playforth(&["examples/fivestep.fs", "replay", log], "");
    assert!(!out.contains("not legal"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
    // A log that is not there is named, without a Forth error report.
    let (out, err, status) = playforth(
        &["examples/fivestep.fs", "replay", "/nonexistent/log.txt"],
        "",
    );
    assert_eq!(
        (status, out.as_str(), err.as_str()),
        (1, "", "fivestep replay: cannot open /nonexistent/log.txt\n")
    );
    let (_, err, status) = playforth(&["examples/fivestep.fs", "replay"], "");
    assert_eq!(status, 2, "{err}");
    assert!(
        err.starts_with("fivestep replay: say which log; usage:"),
        "{err}"
    );
}

#[test]
fn fivestep_and_jungle_words_agree_with_gforth() {
    if !gforth_available("the portable five-step words") {
        return;
    }
    let code = format!(
        "include examples/lib/gforth.fs include examples/fivestep.fs s\" {FIVE_START}\" setup \
         : t 3 1 do i perft . i path-perft . loop ; t \
         0 7 capture? . 7 0 capture? . 5 5 capture? . 0 17 attack-kinds . 0 119 attack-step . \
         63 >0x88 . 119 0x88> . $78 on-board? . bye"
    );
    let out = Command::new("gforth")
        .current_dir(root())
        .args(["-e", &code])
        .output()
        .expect("gforth runs");
    let gforth = String::from_utf8_lossy(&out.stdout).into_owned();
    let ours = eval(&code.replace("include examples/lib/gforth.fs ", ""));
    assert_eq!(gforth, ours);
}

#[test]
fn jungle_perft_matches_games_md() {
    let code = "include examples/jungle.fs : t 6 1 do i perft . loop ; t bye";
    assert_eq!(eval(code), "24 576 12240 260099 5111620 ");
}

#[test]
fn jungle_perft_counts_a_winning_move_on_the_last_ply() {
    // A's lion on d8 beside B's den: d9 wins, and counts 1 at depth 1;
    // at depth 2 that line has ended, and only B's rat's replies count.
    let code =
        "include examples/jungle.fs s\" r6/3L3/7/7/7/7/7/7/7 w\" setup 1 perft . 2 perft . bye";
    assert_eq!(eval(code), "4 6 ");
    // Taking the last animal wins too: A's rat on a8 takes B's elephant on a9.
    let code =
        "include examples/jungle.fs s\" e6/R6/7/7/7/7/7/7/7 w\" setup 1 perft . 2 perft . bye";
    assert_eq!(eval(code), "3 4 ");
}

#[test]
fn jungle_setup_reads_the_start_position() {
    let code = "include examples/jungle.fs s\" l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w\" setup 2 perft . \
                s\" l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b\" setup 1 perft . bye";
    assert_eq!(eval(code), "576 24 ");
}

#[test]
fn jungle_demo_game() {
    game_snapshot(
        "jungle_demo",
        &["--seed", "4", "examples/jungle.fs", "demo"],
        "",
    );
}

#[test]
fn jungle_scripted_human_game() {
    game_snapshot(
        "jungle_human",
        &["--seed", "1", "examples/jungle.fs"],
        "a3a4\nzz\na1a3\ng3g4\nq\n",
    );
}

#[test]
fn jungle_rules_agree_with_gforth() {
    if !gforth_available("jungle.fs under gforth") {
        return;
    }
    let code = "include examples/lib/gforth.fs include examples/jungle.fs : t 4 1 do i perft . loop ; t bye";
    let out = Command::new("gforth")
        .current_dir(root())
        .args(["-e", code])
        .output()
        .expect("gforth runs");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "24 576 12240 ");
}

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn chess_perft_matches_games_md() {
    let code = format!(
        "include examples/chess.fs s\" {CHESS_START}\" setup : t 5 1 do i perft . loop ; t \
         s\" {KIWIPETE}\" setup : k 4 1 do i perft . loop ; k bye"
    );
    assert_eq!(eval(&code), "20 400 8902 197281 48 2039 97862 ");
}

#[test]
fn chess_demo_game() {
    game_snapshot(
        "chess_demo",
        &[
            "--seed",
            "2",
            "-e",
            "include examples/chess.fs 16 max-moves ! demo bye",
        ],
        "",
    );
}

#[test]
fn chess_scripted_human_game() {
    game_snapshot(
        "chess_human",
        &["--seed", "1", "examples/chess.fs"],
        "e2e4\ne2e5\nxx\ng1f3\nq\n",
    );
}

/// What the chess prompt answers to each line typed, for white to move in `fen`.
fn chess_answers(fen: &str, keys: &str) -> Vec<String> {
    let code = format!(
        "include examples/chess.fs s\" {fen}\" setup 1 humans ! 0 last-move ! 0 plies ! \
         0 #history ! remember game bye"
    );
    let (out, err, status) = playforth(&["--seed", "1", "-e", &code], keys);
    assert_eq!((status, err.as_str()), (0, ""), "{fen}");
    out.lines()
        .filter_map(|l| l.split("quits): ").nth(1))
        .map(str::to_string)
        .collect()
}

#[test]
fn chess_prompt_says_why_a_castling_or_a_letter_is_refused() {
    let letter = "Only a pawn reaching the last rank takes a letter (q, r, b, n): type a1a2 alone.";
    assert_eq!(
        chess_answers("4k3/8/8/8/8/8/8/K6R w - - 0 1", "a1a2q\nq\n"),
        [letter, "Stopped."]
    );
    assert_eq!(
        chess_answers("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", "e1g1\nq\n"),
        [
            "You may not castle while your king is in check.",
            "Stopped."
        ]
    );
    assert_eq!(
        chess_answers("4k3/8/8/8/6r1/8/8/R3K2R w KQ - 0 1", "e1g1\nq\n"),
        [
            "Your king may not castle across or onto a square the enemy attacks.",
            "Stopped."
        ]
    );
    assert_eq!(
        chess_answers("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "e1c1\ne1g1\n"),
        [
            "Castling needs every square between your king and the rook empty.",
            "White plays e1g1",
            "" // the end of input: Stopped. on a line of its own
        ]
    );
    assert_eq!(
        chess_answers("4k3/8/8/8/8/8/8/R3K2R w K - 0 1", "e1c1\nq\n"),
        [
            "You may not castle that way: your king or that rook has moved.",
            "Stopped."
        ]
    );
    // A promotion takes its letter, and a queen without one.
    assert_eq!(
        chess_answers("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n\n"),
        ["White plays a7a8n"]
    );
    assert_eq!(
        chess_answers("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8\n"),
        ["White plays a7a8q", ""]
    );
}

#[test]
fn chess_rules_agree_with_gforth() {
    if !gforth_available("chess.fs under gforth") {
        return;
    }
    let code = format!(
        "include examples/lib/gforth.fs include examples/chess.fs s\" {KIWIPETE}\" setup 1 perft . 2 perft . bye"
    );
    let out = Command::new("gforth")
        .current_dir(root())
        .args(["-e", &code])
        .output()
        .expect("gforth runs");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "48 2039 ");
}

const GAME_NAMES: [&str; 4] = ["othello", "chess", "jungle", "fivestep"];

#[test]
fn every_board_game_has_levels_1_to_5() {
    for game in GAME_NAMES {
        // How far each level looks ahead: never less than the level below,
        // and level 5 further than level 1.
        let out = eval(&format!(
            "include examples/{game}.fs : t 6 1 do i level-depth . loop ; t \
             2 4 levels first-level @ . second-level @ . bye"
        ));
        let numbers: Vec<i64> = out.split_whitespace().map(|n| n.parse().unwrap()).collect();
        let (plies, sides) = numbers.split_at(5);
        assert!(plies.windows(2).all(|w| w[0] <= w[1]), "{game}: {out}");
        assert!(plies[4] > plies[0], "{game}: {out}");
        assert_eq!(sides, [2, 4], "{game}");
        // A level out of range is an error that says which levels there are.
        let (_, err, status) =
            playforth(&["-e", &format!("include examples/{game}.fs 6 level")], "");
        assert_ne!(status, 0, "{game}");
        assert!(
            err.contains("level: 1 (easiest) to 5 (strongest)"),
            "{game}: {err}"
        );
        // On the command line a mistake is one line on stderr, with the
        // usage, and exit status 2 (a usage error); nothing is played.
        let file = format!("examples/{game}.fs");
        let usage = format!("; usage: playforth {file} [demo] [level N]\n");
        for (args, what) in [
            (&["level", "6"][..], "level 6: the levels are"),
            (&["level", "0"], "level 0: the levels are"),
            (&["demo", "level"], "level: the levels are"),
            (&["level", "x"], "level x: the levels are"),
            (&["level", "2", "foo"], "'foo' is not demo or level N"),
        ] {
            let mut all = vec![file.as_str()];
            all.extend(args);
            let (out, err, status) = playforth(&all, "");
            assert_eq!((status, out.as_str()), (2, ""), "{game} {args:?}");
            assert!(
                err.starts_with(&format!("{file}: {what}")) && err.ends_with(&usage),
                "{game} {args:?}: {err}"
            );
            assert_eq!(err.lines().count(), 1, "{game} {args:?}: {err}");
        }
    }
}

#[test]
fn level_at_the_prompt_takes_1_to_5_with_any_blanks() {
    for game in GAME_NAMES {
        let (out, err, status) = playforth(
            &[&format!("examples/{game}.fs")],
            "level  4\nlevel 0\nlevel\n LEVEL 2 \n",
        );
        assert_eq!((status, err.as_str()), (0, ""), "{game}");
        let said: Vec<&str> = out
            .lines()
            .filter_map(|l| l.split("quits): ").nth(1))
            .filter(|l| !l.is_empty())
            .collect();
        let refused = "The levels are 1 (easiest) to 5 (strongest), like: level 2";
        assert_eq!(
            said,
            [
                "The computer plays at level 4.",
                refused,
                refused,
                "The computer plays at level 2."
            ],
            "{game}: {out}"
        );
    }
}

#[test]
fn the_arguments_come_in_any_order() {
    let (level_first, err, status) = playforth(
        &["--seed", "1", "examples/othello.fs", "level", "2", "demo"],
        "",
    );
    assert_eq!((status, err.as_str()), (0, ""));
    let (demo_first, _, _) = playforth(
        &["--seed", "1", "examples/othello.fs", "demo", "level", "2"],
        "",
    );
    assert_eq!(level_first, demo_first);
    assert!(!level_first.contains("Your move"), "{level_first}");
}

#[test]
fn level_on_the_command_line_is_the_level_word() {
    let by_word = eval("include examples/jungle.fs 1 level demo bye");
    let (by_option, err, status) = playforth(
        &["--seed", "1", "examples/jungle.fs", "demo", "level", "1"],
        "",
    );
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(by_option, by_word);
    assert_ne!(
        by_word,
        eval("include examples/jungle.fs demo bye"),
        "level 1 plays another game"
    );
}

#[test]
fn a_seeded_level_1_against_level_5_game_is_always_the_same() {
    for (game, seed) in [("othello", "2"), ("jungle", "3")] {
        let code = format!("include examples/{game}.fs 1 5 levels demo bye");
        let run = || playforth(&["--seed", seed, "-e", &code], "");
        let (out, err, status) = run();
        assert_eq!((status, err.as_str()), (0, ""), "{game}");
        assert_eq!(run().0, out, "{game}: the same seed, the same game");
        insta::assert_snapshot!(format!("{game}_level_1_vs_5"), out);
    }
}
