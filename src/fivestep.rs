//! The five-step game's rules (GAMES.md section 4), in one place: the
//! game words (`reach`, `path`, `path-count`) and the contest referee
//! (`playforth-referee`) both call these functions, so a bot's move is
//! judged by exactly the rules the game words teach.
//!
//! The board is 25 cells, index y*5+x, each 0 (empty), 1 or 2 (a
//! player's piece). A move walks one piece 1 to 5 orthogonal steps without
//! revisiting a square (the start counts as visited); every square before
//! the last is empty; the last is empty, or an enemy piece taken on
//! exactly the fifth step.
//!
//! Squares have a name for people: a letter for x (a to e) and a number
//! for y (1 to 5), so `a1` is (0,0), where player 1 starts, and `e5` is
//! (4,4), as in the game's prompt (`examples/fivestep.fs`).

use std::fmt;

/// A board: 25 cells, index y*5+x, holding 0, 1 or 2.
pub type Board = [u8; 25];

/// The start position: player 1 on a1 and e5, player 2 on e1 and a5.
pub const START: Board = {
    let mut b = [0u8; 25];
    b[0] = 1;
    b[24] = 1;
    b[4] = 2;
    b[20] = 2;
    b
};

/// The most steps a move may take.
pub const MAX_STEPS: usize = 5;

/// The square at column x, row y (both 0..5).
pub fn square(x: usize, y: usize) -> usize {
    y * 5 + x
}

/// The square's name: `a1` for (0,0), `e5` for (4,4).
pub fn square_name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 5) as u8) as char, sq / 5 + 1)
}

/// A path's squares by name, separated by spaces: `a1 a2 b2`.
pub fn path_names(path: &[usize]) -> String {
    path.iter()
        .map(|&s| square_name(s))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Walk every legal path of the piece on `from`, calling `found(dest, path)`
/// at each legal end. A path never revisits a square; squares before the
/// last must be empty; the last is empty, or an enemy piece after exactly
/// five steps.
fn walk_paths(board: &Board, from: usize, found: &mut dyn FnMut(usize, &[usize])) {
    let me = board[from];
    if me == 0 {
        return;
    }
    fn go(board: &Board, me: u8, path: &mut Vec<usize>, found: &mut dyn FnMut(usize, &[usize])) {
        let here = *path.last().unwrap_or(&0);
        let (x, y) = ((here % 5) as i32, (here / 5) as i32);
        for (dx, dy) in [(1, 0), (0, 1), (-1, 0), (0, -1)] {
            let (nx, ny) = (x + dx, y + dy);
            if !(0..5).contains(&nx) || !(0..5).contains(&ny) {
                continue;
            }
            let next = (ny * 5 + nx) as usize;
            if path.contains(&next) {
                continue;
            }
            let steps = path.len();
            let cell = board[next];
            if cell == 0 {
                path.push(next);
                found(next, path);
                if steps < MAX_STEPS {
                    go(board, me, path, found);
                }
                path.pop();
            } else if cell != me && steps == MAX_STEPS {
                path.push(next);
                found(next, path);
                path.pop();
            }
        }
    }
    let mut path = vec![from];
    go(board, me, &mut path, found);
}

/// Destinations of the piece on `from`, one bit per square.
pub fn reach_mask(board: &Board, from: usize) -> i64 {
    let mut mask = 0i64;
    walk_paths(board, from, &mut |to, _| mask |= 1 << to);
    mask
}

/// The number of distinct legal paths from `from` to `to`.
pub fn path_count(board: &Board, from: usize, to: usize) -> i64 {
    let mut n = 0;
    walk_paths(board, from, &mut |d, _| n += i64::from(d == to));
    n
}

/// One shortest legal path from `from` to `to` (start square first).
pub fn shortest_path(board: &Board, from: usize, to: usize) -> Option<Vec<usize>> {
    let mut best: Option<Vec<usize>> = None;
    walk_paths(board, from, &mut |d, p| {
        if d == to && best.as_ref().is_none_or(|b| p.len() < b.len()) {
            best = Some(p.to_vec());
        }
    });
    best
}

/// How many pieces `side` has.
pub fn pieces(board: &Board, side: u8) -> usize {
    board.iter().filter(|&&c| c == side).count()
}

/// Can `side` move at all? A side without a piece or a move loses.
pub fn can_move(board: &Board, side: u8) -> bool {
    (0..25).any(|sq| board[sq] == side && reach_mask(board, sq) != 0)
}

/// Why a path is not a legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalMove {
    /// Fewer than two squares: no step at all.
    NoStep,
    /// More than six squares: more than five steps.
    TooManySteps(usize),
    /// A square number outside 0..25.
    OffBoard(usize),
    /// The start square does not hold the mover's piece (it holds this).
    NotOwnPiece { square: usize, holds: u8 },
    /// Two neighbours in the path are not one orthogonal step apart.
    NotAStep { from: usize, to: usize },
    /// The path comes back to a square it already visited.
    Revisits(usize),
    /// A square before the last holds a piece.
    Blocked(usize),
    /// The last square holds the mover's own piece.
    OntoOwnPiece(usize),
    /// The last square holds an enemy piece, but the path is not five steps.
    CaptureNotOnFifthStep { square: usize, steps: usize },
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use IllegalMove::*;
        let n = |s: &usize| square_name(*s);
        match self {
            NoStep => write!(f, "a move needs a start square and 1 to 5 steps"),
            TooManySteps(k) => write!(f, "{k} steps: a move has at most 5"),
            OffBoard(s) => write!(f, "square {s} is off the board"),
            NotOwnPiece { square, holds: 0 } => write!(f, "{} is empty", n(square)),
            NotOwnPiece { square, holds } => {
                write!(f, "{} holds player {holds}'s piece", n(square))
            }
            NotAStep { from, to } => {
                write!(
                    f,
                    "{} to {} is not one step up, down, left or right",
                    n(from),
                    n(to)
                )
            }
            Revisits(s) => write!(f, "the path visits {} twice", n(s)),
            Blocked(s) => write!(
                f,
                "{} is occupied: only the last square may hold a piece",
                n(s)
            ),
            OntoOwnPiece(s) => write!(f, "{} holds the mover's own piece", n(s)),
            CaptureNotOnFifthStep { square, steps } => write!(
                f,
                "{} holds an enemy piece, taken only on the fifth step (this is step {steps})",
                n(square)
            ),
        }
    }
}

/// Check that `path` (start square first) is a legal move for `side`.
/// Legal means exactly: `walk_paths`, the walk behind the game words,
/// finds this path. The reason for an illegal one names the first rule
/// it breaks.
pub fn check_path(board: &Board, side: u8, path: &[usize]) -> Result<(), IllegalMove> {
    use IllegalMove::*;
    if path.len() < 2 {
        return Err(NoStep);
    }
    if path.len() > MAX_STEPS + 1 {
        return Err(TooManySteps(path.len() - 1));
    }
    if let Some(&s) = path.iter().find(|&&s| s >= 25) {
        return Err(OffBoard(s));
    }
    if board[path[0]] != side {
        return Err(NotOwnPiece {
            square: path[0],
            holds: board[path[0]],
        });
    }
    for (i, w) in path.windows(2).enumerate() {
        let (a, b) = (w[0], w[1]);
        let (dx, dy) = ((a % 5).abs_diff(b % 5), (a / 5).abs_diff(b / 5));
        if dx + dy != 1 {
            return Err(NotAStep { from: a, to: b });
        }
        if path[..=i].contains(&b) {
            return Err(Revisits(b));
        }
    }
    let last = path.len() - 1;
    if let Some(&s) = path[1..last].iter().find(|&&s| board[s] != 0) {
        return Err(Blocked(s));
    }
    let end = path[last];
    match board[end] {
        0 => {}
        c if c == side => return Err(OntoOwnPiece(end)),
        _ if last != MAX_STEPS => {
            return Err(CaptureNotOnFifthStep {
                square: end,
                steps: last,
            });
        }
        _ => {}
    }
    let mut found = false;
    walk_paths(board, path[0], &mut |_, p| found |= p == path);
    debug_assert!(found, "check_path and walk_paths disagree on {path:?}");
    Ok(())
}

/// Make a legal move: the piece leaves its square for the last one
/// (taking whatever stood there). Returns the piece taken, 0 if none.
pub fn play(board: &mut Board, path: &[usize]) -> u8 {
    let (from, to) = (path[0], path[path.len() - 1]);
    let taken = board[to];
    board[to] = board[from];
    board[from] = 0;
    taken
}

/// The board as the text `setup` reads: 25 digits row by row, a space
/// and the side to move (`1000200000000000000020001 1`).
pub fn position_text(board: &Board, side: u8) -> String {
    let cells: String = board.iter().map(|c| char::from(b'0' + c)).collect();
    format!("{cells} {side}")
}

/// The board as lines of text, as the game's `.board` shows it: row 5 at
/// the top, as on a chessboard, and the column letters below:
///
/// ```text
///   5 2 . . . 1
///   ...
///   1 1 . . . 2
///     a b c d e
/// ```
pub fn board_lines(board: &Board) -> Vec<String> {
    let mut lines = vec![];
    for y in (0..5).rev() {
        let row: Vec<String> = (0..5)
            .map(|x| match board[square(x, y)] {
                0 => ".".to_string(),
                c => c.to_string(),
            })
            .collect();
        lines.push(format!("  {} {}", y + 1, row.join(" ")));
    }
    lines.push("    a b c d e".to_string());
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_has_16_destinations_and_94_paths_per_piece() {
        for sq in [0, 4, 20, 24] {
            let m = reach_mask(&START, sq);
            assert_eq!(m.count_ones(), 16, "piece on {sq}");
            let paths: i64 = (0..25).map(|to| path_count(&START, sq, to)).sum();
            assert_eq!(paths, 94, "piece on {sq}");
        }
        assert_eq!(shortest_path(&START, 0, 2), Some(vec![0, 1, 2]));
    }

    #[test]
    fn captures_only_on_the_fifth_step() {
        let mut b = [0u8; 25];
        b[0] = 1;
        b[1] = 2; // an adjacent enemy is taken only by a path of exactly five steps
        assert_eq!(reach_mask(&b, 0) >> 1 & 1, 1);
        assert_eq!(shortest_path(&b, 0, 1).map(|p| p.len()), Some(6));
        assert_eq!(
            check_path(&b, 1, &[0, 1]),
            Err(IllegalMove::CaptureNotOnFifthStep {
                square: 1,
                steps: 1
            })
        );
        assert_eq!(check_path(&b, 1, &[0, 5, 6, 11, 12, 7]), Ok(()));
        b[1] = 0;
        b[12] = 2; // (2,2) is an even number of steps away: never five
        assert_eq!(reach_mask(&b, 0) >> 12 & 1, 0);
        assert_eq!(path_count(&b, 0, 12), 0);
    }

    /// Every path of orthogonal steps (and some that are not) from every
    /// square: check_path accepts exactly the paths the game words' walk
    /// finds, and gives a reason for every other.
    #[test]
    fn check_path_agrees_with_the_walk() {
        let boards: Vec<Board> = vec![
            START,
            {
                let mut b = START;
                b[6] = 2;
                b[7] = 1;
                b[12] = 2;
                b[18] = 1;
                b
            },
            {
                let mut b = [0u8; 25];
                b[12] = 1;
                b[13] = 2;
                b[11] = 2;
                b[17] = 1;
                b
            },
        ];
        fn extend(path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
            out.push(path.clone());
            if path.len() == 7 {
                return;
            }
            let here = *path.last().unwrap();
            // every neighbour, including revisits, and one diagonal
            for next in [
                here + 1,
                here + 5,
                here.wrapping_sub(1),
                here.wrapping_sub(5),
                here + 6,
            ] {
                if next < 25 {
                    path.push(next);
                    extend(path, out);
                    path.pop();
                }
            }
        }
        for b in &boards {
            for side in [1, 2] {
                for from in 0..25 {
                    let mut walked = Vec::new();
                    walk_paths(b, from, &mut |_, p| walked.push(p.to_vec()));
                    let mut all = Vec::new();
                    extend(&mut vec![from], &mut all);
                    for p in &all {
                        let legal = b[from] == side && walked.contains(p);
                        assert_eq!(check_path(b, side, p).is_ok(), legal, "{p:?} for {side}");
                    }
                }
            }
        }
    }

    #[test]
    fn squares_have_names() {
        assert_eq!(square_name(0), "a1");
        assert_eq!(square_name(24), "e5");
        assert_eq!(square_name(square(3, 1)), "d2");
        assert_eq!(path_names(&[0, 1, 6]), "a1 b1 b2");
        assert_eq!(position_text(&START, 1), "1000200000000000000020001 1");
        assert_eq!(board_lines(&START)[0], "  5 2 . . . 1");
        assert_eq!(board_lines(&START)[4], "  1 1 . . . 2");
    }

    #[test]
    fn reasons_name_the_rule() {
        let e = |p: &[usize]| check_path(&START, 1, p).unwrap_err().to_string();
        assert_eq!(e(&[0]), "a move needs a start square and 1 to 5 steps");
        assert_eq!(e(&[12, 13]), "c3 is empty");
        assert_eq!(e(&[4, 3]), "e1 holds player 2's piece");
        assert_eq!(
            e(&[0, 6]),
            "a1 to b2 is not one step up, down, left or right"
        );
        assert_eq!(e(&[0, 1, 0]), "the path visits a1 twice");
        assert_eq!(
            e(&[0, 1, 2, 3, 4, 9]),
            "e1 is occupied: only the last square may hold a piece"
        );
    }
}
