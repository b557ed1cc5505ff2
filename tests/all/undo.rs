//! `undo`'s bounds, asserted on its own accounting (`Forth::undo_kept`):
//! a long session keeps at most the last lines within the byte budget,
//! and a move in each example game costs a few kilobytes, not a copy of
//! the game's memory. The behaviours themselves are case files
//! (`tests/cases/undo/`) and a tmux test (`terminal.rs`).

use playforth::{Forth, Outcome};

/// A system keeping lines for `undo`, as the REPL does.
fn prompt() -> (Forth, playforth::SharedBuf) {
    let (mut f, out) = Forth::for_test(b"");
    f.keep_undo(true);
    (f, out)
}

fn typed(f: &mut Forth, line: &str) {
    assert!(
        matches!(f.interpret_line(line), Ok(Outcome::Continue)),
        "`{line}` failed"
    );
}

/// The bytes one more line adds to what `undo` keeps.
fn cost_of(f: &mut Forth, line: &str) -> usize {
    let (before, _) = f.undo_kept().expect("kept");
    typed(f, line);
    // What a line cost is known once the next line is kept.
    typed(f, "0 drop");
    let (after, _) = f.undo_kept().expect("kept");
    after - before
}

#[test]
fn a_long_session_stays_within_the_bounds() {
    let (lines, bytes) = Forth::undo_limits();
    let (mut f, _out) = prompt();
    // Every line fills 600 KB of heap afresh and defines a word: 32 such
    // lines would pass the byte budget.
    typed(&mut f, "600000 allocate throw value blk");
    for i in 0..200 {
        typed(&mut f, &format!(": w{i} ; blk 600000 {} fill", i % 250 + 1));
        let (kept, n) = f.undo_kept().expect("kept");
        assert!(
            kept <= bytes,
            "line {i}: {kept} bytes kept, more than {bytes}"
        );
        assert!(n <= lines, "line {i}: {n} lines kept, more than {lines}");
    }
    let (_, n) = f.undo_kept().expect("kept");
    assert!(n < lines, "the budget should have bounded the heavy lines");
    assert!(n > 10, "only {n} heavy lines kept");
    // A line that changes little keeps little: the budget, not the depth,
    // bounded the heavy lines above; light lines are bounded by the depth.
    for i in 0..100 {
        typed(&mut f, &format!("{i} drop variable v{i}"));
    }
    let (kept, n) = f.undo_kept().expect("kept");
    assert_eq!(n, lines);
    assert!(kept <= bytes);
}

#[test]
fn a_program_too_big_to_keep_is_not_copied() {
    let (_, bytes) = Forth::undo_limits();
    let (mut f, out) = prompt();
    typed(&mut f, "1 2");
    typed(&mut f, &format!("{} allocate throw drop", bytes + 1));
    typed(&mut f, "3");
    let (kept, n) = f.undo_kept().expect("kept");
    assert!(kept <= bytes && n <= 1, "{kept} bytes in {n} lines");
    out.take();
    typed(&mut f, "undo");
    typed(&mut f, "undo");
    let said = out.take();
    assert!(said.contains("nothing more to undo"), "{said}");
    assert!(said.contains("more than undo keeps"), "{said}");
}

/// The bytes a kept line costs in each example game: the line that loads
/// it, and a line that plays a move. Printed for the record (`cargo test
/// undo -- --nocapture`); a move must cost far less than the game's memory.
#[test]
fn a_move_in_each_game_costs_little() {
    let games = [
        ("chess", "start", "computer-move play-move"),
        ("othello", "start", "computer-move play-move"),
        ("jungle", "start", "computer-move make-move"),
        ("fivestep", "start", "computer-move make-move"),
    ];
    for (game, start, play) in games {
        let (mut f, _out) = prompt();
        typed(&mut f, "1 drop");
        let load = cost_of(&mut f, &format!("include examples/{game}.fs"));
        typed(&mut f, "1 start-level");
        let started = cost_of(&mut f, start);
        let mut moves = Vec::new();
        for _ in 0..4 {
            moves.push(cost_of(&mut f, play));
        }
        let (kept, n) = f.undo_kept().expect("kept");
        println!(
            "{game}: include {load} B, {start} {started} B, moves {moves:?} B; {kept} B in {n} lines"
        );
        for m in &moves {
            assert!(*m < 64 << 10, "{game}: a move kept {m} bytes");
        }
    }
}
