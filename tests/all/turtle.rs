//! The turtle words (`words::turtle`) and the drawing a host reads
//! (`Forth::drawing`): what each word records, the bound on the record,
//! `save-drawing`'s SVG (a snapshot) and its errors, `undo` of a drawing.
//! The sessions a learner sees are transcripts, snapshotted as the case
//! files are.

use crate::common::transcript;
use playforth::{Forth, Op, Outcome};

fn system() -> Forth {
    Forth::for_test(b"").0
}

fn run(f: &mut Forth, line: &str) {
    assert!(
        matches!(f.interpret_line(line), Ok(Outcome::Continue)),
        "`{line}` failed"
    );
}

fn lines(f: &Forth) -> Vec<((f64, f64), (f64, f64))> {
    f.drawing()
        .ops()
        .iter()
        .filter_map(|op| match *op {
            Op::Line { from, to, .. } => Some((from, to)),
            Op::Screen(_) => None,
        })
        .collect()
}

/// A file in the temporary folder, for this test only.
fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("playforth-turtle-{}-{name}", std::process::id()))
}

#[test]
fn turtle_starts_at_the_centre_facing_up_with_the_pen_down() {
    let f = system();
    let t = f.drawing().turtle();
    assert_eq!((t.x, t.y, t.heading), (0.0, 0.0, 0.0));
    assert!(t.pen_down && t.visible);
    assert_eq!((t.color, t.width), (0x000000, 5.0));
    assert!(f.drawing().ops().is_empty());
}

#[test]
fn turtle_square_comes_back_to_the_start() {
    let mut f = system();
    run(
        &mut f,
        ": square ( n -- ) 4 0 do dup forward 90 right loop drop ;",
    );
    run(&mut f, "100 square");
    assert_eq!(f.depth(), 0);
    let t = *f.drawing().turtle();
    assert_eq!((t.x, t.y, t.heading), (0.0, 0.0, 0.0));
    assert_eq!(
        lines(&f),
        [
            ((0.0, 0.0), (0.0, 100.0)),
            ((0.0, 100.0), (100.0, 100.0)),
            ((100.0, 100.0), (100.0, 0.0)),
            ((100.0, 0.0), (0.0, 0.0)),
        ]
    );
    // At any angle, the square closes to within rounding.
    run(&mut f, "clear-drawing 33 setheading 70 square");
    let t = *f.drawing().turtle();
    assert!(t.x.abs() < 1e-9 && t.y.abs() < 1e-9, "{t:?}");
}

#[test]
fn turtle_turns_and_moves_as_the_words_say() {
    let mut f = system();
    run(&mut f, "90 left 10 forward");
    assert_eq!(lines(&f), [((0.0, 0.0), (-10.0, 0.0))]);
    run(&mut f, "getheading getxy");
    assert_eq!(f.stack(), [270, -10, 0]);
    run(
        &mut f,
        "clear 370 right getheading  -45 setheading getheading",
    );
    assert_eq!(f.stack(), [280, 315]);
    run(
        &mut f,
        "clear 0 setheading 5 backward getxy home getxy getheading",
    );
    assert_eq!(f.stack(), [-10, -5, 0, 0, 0]);
}

#[test]
fn turtle_draws_only_with_the_pen_down() {
    let mut f = system();
    run(&mut f, "penup 50 50 setxy 20 forward pendown 0 0 setxy");
    assert_eq!(lines(&f), [((50.0, 70.0), (0.0, 0.0))]);
    // HOME never draws, and leaves the pen as it was.
    run(&mut f, "30 30 setxy home getpendown");
    assert_eq!(lines(&f).len(), 2);
    assert_eq!(f.stack(), [-1]);
}

#[test]
fn turtle_pen_and_screen_colours() {
    let mut f = system();
    run(
        &mut f,
        "$ff8000 setpencolor 2 setpensize 10 forward 0 128 255 setpenrgb 10 forward $102030 setscreencolor",
    );
    let ops = f.drawing().ops();
    assert!(matches!(
        ops[0],
        Op::Line {
            color: 0xff8000,
            width: 2.0,
            ..
        }
    ));
    assert!(matches!(
        ops[1],
        Op::Line {
            color: 0x0080ff,
            ..
        }
    ));
    assert_eq!(ops[2], Op::Screen(0x102030));
    // The background colour outlives clearing the drawing.
    run(&mut f, "clear-drawing");
    assert_eq!(f.drawing().ops(), [Op::Screen(0x102030)]);
    assert_eq!(f.drawing().screen(), Some(0x102030));
}

/// What a learner sees when a word is given too little or the wrong thing:
/// a move with an empty stack is a stack underflow, not a default (Hedy
/// had that bug), and the drawing does not change.
#[test]
fn turtle_errors_in_a_session() {
    insta::assert_snapshot!(transcript(
        "forward\n\
         10 setxy\n\
         1 2 setpenrgb\n\
         -1 setpencolor\n\
         256 0 0 setpenrgb\n\
         0 setpensize\n\
         100 forward getxy\n\
         s\" /no/such/folder/t.svg\" save-drawing\n\
         s\" .\" save-drawing\n\
         getxy"
    ));
}

/// Past the bound a move throws with a message that says what to do; the
/// turtle and the drawing stay as they were, and clearing makes room.
#[test]
fn turtle_drawing_is_bounded() {
    let mut f = system();
    let max = playforth::drawing::MAX_OPS;
    run(&mut f, &format!(": many {max} 0 do 1 forward loop ;"));
    run(&mut f, "many");
    assert_eq!(f.drawing().ops().len(), max);
    let e = f
        .interpret_line("5 forward")
        .expect_err("the drawing is full");
    assert_eq!(e.code, -59);
    assert!(
        e.to_string().contains("`clear-drawing` starts a new one"),
        "{e}"
    );
    assert_eq!(f.drawing().turtle().y, max as f64);
    // Pen up, the turtle still moves; cleared, it draws again.
    run(
        &mut f,
        "penup 5 forward pendown clear-drawing 5 forward getxy",
    );
    assert_eq!(f.stack(), [0, max as i64 + 10]);
    assert_eq!(f.drawing().ops().len(), 1);
}

/// A host reads the ops added since it last looked, or learns that the
/// drawing was replaced and reads it all.
#[test]
fn turtle_host_reads_what_was_added() {
    let mut f = system();
    let seen = f.drawing().mark();
    run(&mut f, "10 forward 10 forward");
    let since = f.drawing().since(seen);
    assert!(!since.cleared);
    assert_eq!(since.ops.len(), 2);
    let seen = f.drawing().mark();
    run(&mut f, "90 right");
    assert!(f.drawing().since(seen).ops.is_empty());
    run(&mut f, "clear-drawing 10 forward");
    let since = f.drawing().since(seen);
    assert!(since.cleared);
    assert_eq!(since.ops.len(), 1);
}

/// `undo` at the prompt takes back what a line drew, and a cleared
/// drawing comes back.
#[test]
fn turtle_drawing_follows_undo() {
    insta::assert_snapshot!(transcript(
        "100 forward\n\
         90 right 50 forward\n\
         undo\n\
         getxy getheading .s\n\
         clear\n\
         clear-drawing\n\
         undo\n\
         s\" two lines\" type"
    ));
    let (mut f, _) = Forth::for_test(b"");
    f.keep_undo(true);
    run(&mut f, "100 forward");
    run(&mut f, "clear-drawing");
    let seen = f.drawing().mark();
    run(&mut f, "undo");
    assert_eq!(lines(&f).len(), 1);
    assert!(f.drawing().since(seen).cleared);
}

#[test]
fn turtle_save_drawing_writes_svg() {
    let path = temp("flower.svg");
    let mut f = system();
    run(
        &mut f,
        ": square ( n -- ) 4 0 do dup forward 90 right loop drop ;",
    );
    run(&mut f, ": flower ( -- ) 6 0 do 60 square 60 right loop ;");
    run(
        &mut f,
        "$fff8e0 setscreencolor $c02060 setpencolor 3 setpensize flower",
    );
    run(
        &mut f,
        "penup 100 forward pendown $2060c0 setpencolor 30 forward 45 right",
    );
    run(&mut f, &format!("s\" {}\" save-drawing", path.display()));
    let svg = std::fs::read_to_string(&path).expect("the SVG file");
    let _ = std::fs::remove_file(&path);
    assert_eq!(svg, f.drawing().to_svg());
    insta::assert_snapshot!("turtle_flower_svg", svg);
    // An empty drawing with the turtle hidden is a small empty picture.
    run(&mut f, "clear-drawing hideturtle");
    insta::assert_snapshot!("turtle_empty_svg", f.drawing().to_svg());
}
