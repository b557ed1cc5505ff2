//! The board pictures the example games publish for `playforth serve`'s
//! page: one description of the position the terminal shows as text. Each
//! game's picture is checked against the game's own words (its pieces,
//! its legal moves, its last move) at the start and after a move, and
//! snapshot as text; the picture words refuse bad input with a message.

use playforth::{Click, Forth, Outcome, Picture, Square};
use std::fmt::Write;

/// A system that has run `code` line by line (keys for KEY and the move
/// prompt from `keys`); panics on an error.
fn run(keys: &str, code: &[&str]) -> Forth {
    let (mut forth, out) = Forth::for_test(keys.as_bytes());
    forth.set_seed(1);
    for line in code {
        match forth.interpret_line(line) {
            Ok(Outcome::Continue) => {}
            other => panic!("{line}: {other:?}\n{}", out.take()),
        }
    }
    forth
}

fn name(sq: Square) -> String {
    format!("{}{}", char::from(b'a' + sq.file), sq.rank + 1)
}

/// The picture as text: a header, the board as a renderer lays it out
/// (pieces by their text and side, `*` a square a move goes to, a
/// ground's text, `.` empty), the
/// last move, the moves and the choices.
fn show(p: &Picture) -> String {
    let mut t = String::new();
    let _ = writeln!(
        t,
        "{} {}x{}{} click {}",
        p.kind,
        p.files,
        p.ranks,
        if p.ranks_down { " ranks down" } else { "" },
        p.click.name()
    );
    let _ = writeln!(t, "caption: {}", p.caption);
    let mut rows: Vec<u8> = (0..p.ranks).collect();
    if !p.ranks_down {
        rows.reverse();
    }
    for rank in rows {
        let _ = write!(t, "{:>2} ", rank + 1);
        for file in 0..p.files {
            let sq = Square { file, rank };
            let cell = match p.pieces.iter().find(|x| x.square == sq) {
                Some(x) => format!("{}{}", x.text, x.side),
                None if p.moves.iter().any(|m| m.to == sq) => "*".into(),
                None => match p.grounds.iter().find(|g| g.square == sq) {
                    Some(g) => g.text.clone(),
                    None => ".".into(),
                },
            };
            let _ = write!(t, "{cell:<3}");
        }
        t.truncate(t.trim_end().len());
        t.push('\n');
    }
    if let Some(last) = p.last {
        let from = last.from.map_or("-".into(), name);
        let _ = writeln!(t, "last: {from} {}", name(last.to));
    }
    if !p.moves.is_empty() {
        let moves: Vec<String> = p
            .moves
            .iter()
            .map(|m| {
                format!(
                    "{}>{}={}",
                    m.from.map_or("-".into(), name),
                    name(m.to),
                    m.text
                )
            })
            .collect();
        let _ = writeln!(t, "moves ({}): {}", moves.len(), moves.join(" "));
    }
    for c in &p.choices {
        let _ = writeln!(t, "choice {} types {}", c.label, c.text);
    }
    t
}

fn picture(forth: &Forth) -> &Picture {
    forth.picture().expect("a picture was published")
}

/// Each move's text is what the move types, and its squares are the ones
/// the text names (from, then to; a one-square move names only its to).
fn texts_name_their_squares(p: &Picture) {
    for m in &p.moves {
        let squares = m.from.map_or(String::new(), name) + &name(m.to);
        assert!(m.text.starts_with(&squares), "{m:?}");
    }
}

/// The moves a game lists with `?` (after "Legal moves:"), sorted.
fn listed_moves(code: &str) -> Vec<String> {
    let (mut probe, out) = Forth::for_test(b"");
    for line in code.lines() {
        probe.interpret_line(line).expect(line);
    }
    let text = out.take();
    let list = text.split("Legal moves:").nth(1).expect("a list of moves");
    let mut moves: Vec<String> = list
        .split_whitespace()
        .map(|m| m.replace('-', ""))
        .collect();
    moves.sort();
    moves
}

fn clicked(p: &Picture) -> Vec<String> {
    let mut moves: Vec<String> = p.moves.iter().map(|m| m.text.clone()).collect();
    moves.sort();
    moves.dedup();
    moves
}

#[test]
fn othello_pictures_its_start_and_each_move() {
    let forth = run("", &["include examples/othello.fs", "start true publish"]);
    let p = picture(&forth);
    assert_eq!(p.pieces.len(), 4);
    assert_eq!(p.click, Click::Square);
    assert_eq!(p.last, None);
    assert_eq!(
        clicked(p),
        listed_moves("include examples/othello.fs\nstart .legal")
    );
    texts_name_their_squares(p);
    insta::assert_snapshot!("picture_othello_start", show(p));
    let generation = forth.picture_generation();

    let forth = run(
        "",
        &[
            "include examples/othello.fs",
            "start 19 play-move 19 last-move ! true publish",
        ],
    );
    let p = picture(&forth);
    assert_eq!(p.pieces.len(), 5);
    assert_eq!(
        p.last.map(|l| (l.from, name(l.to))),
        Some((None, "d3".into()))
    );
    assert_eq!(
        clicked(p),
        listed_moves("include examples/othello.fs\nstart 19 play-move .legal")
    );
    insta::assert_snapshot!("picture_othello_after_d3", show(p));
    assert_eq!(generation, 1);
}

#[test]
fn chess_pictures_its_start_and_each_move() {
    let forth = run("", &["include examples/chess.fs", "start true publish"]);
    let p = picture(&forth);
    assert_eq!(p.pieces.len(), 32);
    assert_eq!(p.click, Click::FromTo);
    assert_eq!(p.moves.len(), 20);
    assert_eq!(
        clicked(p),
        listed_moves("include examples/chess.fs\nstart .legal")
    );
    texts_name_their_squares(p);
    insta::assert_snapshot!("picture_chess_start", show(p));

    let e2e4 = "start 20 52 0 encode play-move";
    let forth = run(
        "",
        &["include examples/chess.fs", &format!("{e2e4} true publish")],
    );
    let p = picture(&forth);
    assert_eq!(p.pieces.len(), 32);
    assert_eq!(
        p.last.map(|l| (l.from.map(name), name(l.to))),
        Some((Some("e2".into()), "e4".into()))
    );
    assert_eq!(
        clicked(p),
        listed_moves(&format!("include examples/chess.fs\n{e2e4} .legal"))
    );
    insta::assert_snapshot!("picture_chess_after_e2e4", show(p));
}

#[test]
fn chess_promotions_are_clicked_once_for_each_piece_queen_first() {
    let forth = run(
        "",
        &[
            "include examples/chess.fs",
            "s\" 8/P6k/8/8/8/8/8/K7 w - - 0 1\" setup true publish",
        ],
    );
    let p = picture(&forth);
    let a8: Vec<&str> = p
        .moves
        .iter()
        .filter(|m| name(m.to) == "a8")
        .map(|m| m.text.as_str())
        .collect();
    assert_eq!(a8, ["a7a8q", "a7a8r", "a7a8b", "a7a8n"]);
}

#[test]
fn jungle_pictures_its_ground_start_and_each_move() {
    let forth = run("", &["include examples/jungle.fs", "start true publish"]);
    let p = picture(&forth);
    assert_eq!(p.pieces.len(), 16);
    // 2 dens, 6 traps, 12 water squares.
    assert_eq!(p.grounds.len(), 20);
    assert_eq!(p.click, Click::FromTo);
    assert_eq!(
        clicked(p),
        listed_moves("include examples/jungle.fs\nstart .legal")
    );
    texts_name_their_squares(p);
    insta::assert_snapshot!("picture_jungle_start", show(p));

    let forth = run(
        "",
        &[
            "include examples/jungle.fs",
            "start first-legal play-move true publish",
        ],
    );
    let p = picture(&forth);
    assert_eq!(p.pieces.len(), 16);
    assert!(p.last.is_some_and(|l| l.from.is_some()));
    assert_eq!(
        clicked(p),
        listed_moves("include examples/jungle.fs\nstart first-legal play-move .legal")
    );
    insta::assert_snapshot!("picture_jungle_after_a_move", show(p));
}

#[test]
fn fivestep_pictures_its_start_and_each_move() {
    let forth = run("", &["include examples/fivestep.fs", "start true publish"]);
    let p = picture(&forth);
    assert_eq!(p.pieces.len(), 4);
    assert_eq!(p.click, Click::FromTo);
    assert_eq!(
        clicked(p),
        listed_moves("include examples/fivestep.fs\nstart .legal")
    );
    texts_name_their_squares(p);
    insta::assert_snapshot!("picture_fivestep_start", show(p));

    let forth = run(
        "",
        &[
            "include examples/fivestep.fs",
            "start first-legal play-move true publish",
        ],
    );
    let p = picture(&forth);
    assert_eq!(p.pieces.len(), 4);
    assert!(p.last.is_some());
    assert_eq!(
        clicked(p),
        listed_moves("include examples/fivestep.fs\nstart first-legal play-move .legal")
    );
    insta::assert_snapshot!("picture_fivestep_after_a_move", show(p));
}

#[test]
fn rps_and_rps_team_offer_the_hands_while_they_ask() {
    for (file, kind) in [("rps", "rps"), ("rps-team", "rps-team")] {
        let forth = run(
            "",
            &[&format!("include examples/{file}.fs"), "true publish"],
        );
        let p = picture(&forth);
        assert_eq!((p.kind.as_str(), p.files, p.ranks), (kind, 0, 0));
        assert_eq!(p.click, Click::Choice);
        insta::assert_snapshot!(format!("picture_{file}"), show(p));
    }
    // A game: asked twice, then the game over has nothing to click.
    let forth = run("1q", &["include examples/rps.fs", "rps"]);
    assert_eq!(forth.picture_generation(), 3);
    assert_eq!(picture(&forth).click, Click::None);
    let forth = run("q", &["include examples/rps-team.fs", "team"]);
    assert_eq!(forth.picture_generation(), 2);
    assert_eq!(picture(&forth).click, Click::None);
}

/// A board game publishes at each turn, with moves only while you are
/// asked; a stopped game's last picture has nothing to click.
#[test]
fn a_game_publishes_each_turn_and_stops_with_nothing_to_click() {
    for file in ["othello", "chess", "jungle", "fivestep"] {
        let forth = run("q\n", &[&format!("include examples/{file}.fs"), "play"]);
        assert_eq!(forth.picture_generation(), 2, "{file}");
        let p = picture(&forth);
        assert!(p.moves.is_empty(), "{file}");
        assert_eq!(p.click, Click::None, "{file}");
    }
}
