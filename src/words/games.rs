//! Built-in words for the seed games, in their own word list (`games`),
//! so a program that defines its own `compete` or `choose` (as the gForth
//! blog does) simply shadows them, without a redefinition note.
//!
//! Randomness comes from a ChaCha8 generator (the rand_chacha crate): its
//! sequence for a given seed is fixed, so `--seed N` makes runs repeatable.

use super::spec::primitives;
use crate::error::*;
use crate::fivestep::{path_count, reach_mask, shortest_path};
use crate::kernel::Forth;
use crate::memory::Memory;
use crate::picture::{Picture, Refusal};
use rand::{RngCore, SeedableRng};

/// The generator behind RANDOM, CHOOSE and RANDOMIZE.
pub(crate) use crate::kernel::GameRng;

/// 0x88 difference tables (attacking kinds, slide steps): a constant,
/// made once per process.
static ATTACK_TABLES: std::sync::LazyLock<([u8; 239], [i8; 239])> =
    std::sync::LazyLock::new(attack_tables);

pub(crate) fn rng_from_seed(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// Rock-paper-scissors signs (GAMES.md section 1).
pub(crate) const STONE: i64 = 1;
pub(crate) const CLOTH: i64 = 2;
pub(crate) const SCISSOR: i64 = 3;

/// The winner of two signs, or None for a draw. Stone beats Scissor,
/// Scissor beats Cloth, Cloth beats Stone.
pub(crate) fn compete(a: i64, b: i64) -> Option<i64> {
    let beats =
        |x: i64, y: i64| matches!((x, y), (STONE, SCISSOR) | (SCISSOR, CLOTH) | (CLOTH, STONE));
    if a == b {
        None
    } else if beats(a, b) {
        Some(a)
    } else {
        Some(b)
    }
}

// ---- Othello on a 64-byte board: 0 empty, 1 black, 2 white, square = row*8+col ----

const DIRECTIONS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The squares flipped by `color` playing on `sq`, as a bit mask.
pub(crate) fn flip_mask(board: &[u8; 64], sq: usize, color: u8) -> u64 {
    if board[sq] != 0 {
        return 0;
    }
    let opp = 3 - color;
    let (r0, c0) = ((sq / 8) as i32, (sq % 8) as i32);
    let mut all = 0u64;
    for (dr, dc) in DIRECTIONS {
        let (mut r, mut c) = (r0 + dr, c0 + dc);
        let mut run = 0u64;
        while (0..8).contains(&r) && (0..8).contains(&c) && board[(r * 8 + c) as usize] == opp {
            run |= 1 << (r * 8 + c);
            r += dr;
            c += dc;
        }
        if run != 0
            && (0..8).contains(&r)
            && (0..8).contains(&c)
            && board[(r * 8 + c) as usize] == color
        {
            all |= run;
        }
    }
    all
}

/// Shift a bitboard one step in a direction, dropping squares that would
/// wrap around the board's edge.
fn shift(b: u64, d: i32) -> u64 {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let moved = if d > 0 { b << d } else { b >> -d };
    match d {
        1 | 9 | -7 => moved & NOT_A,
        -1 | -9 | 7 => moved & NOT_H,
        _ => moved,
    }
}

/// Every legal move of `color` as a bit mask: the bitwise method of seed
/// 000 applied to whole boards. From each own disc, runs of opponent discs
/// are followed in all eight directions at once; an empty square just past
/// a run is a move.
pub(crate) fn legal_mask(board: &[u8; 64], color: u8) -> u64 {
    let (mut own, mut opp, mut empty) = (0u64, 0u64, 0u64);
    for (sq, &cell) in board.iter().enumerate() {
        match cell {
            0 => empty |= 1 << sq,
            c if c == color => own |= 1 << sq,
            _ => opp |= 1 << sq,
        }
    }
    let mut moves = 0;
    for d in [1, -1, 8, -8, 9, -9, 7, -7] {
        let mut run = shift(own, d) & opp;
        for _ in 0..5 {
            run |= shift(run, d) & opp;
        }
        moves |= shift(run, d) & empty;
    }
    moves
}

// ---- Jungle (GAMES.md section 2): what each rank may capture ----

/// Bit r of EATS[a] is set when rank a may capture rank r (seed 000).
pub(crate) const EATS: [i64; 8] = [0x81, 0x03, 0x07, 0x0F, 0x1F, 0x3F, 0x7F, 0xFE];

// ---- 0x88 chess (GAMES.md section 3) ----

/// Piece kinds in an attack mask: which pieces could attack along a vector.
pub(crate) const KIND_KNIGHT: i64 = 1;
pub(crate) const KIND_DIAGONAL: i64 = 2;
pub(crate) const KIND_STRAIGHT: i64 = 4;
pub(crate) const KIND_KING: i64 = 8;
pub(crate) const KIND_WHITE_PAWN: i64 = 16;
pub(crate) const KIND_BLACK_PAWN: i64 = 32;

/// For each `to - from + $77`: the kinds that could attack along that
/// vector, and the unit step of a slide (Moreland's difference tables).
pub(crate) fn attack_tables() -> ([u8; 239], [i8; 239]) {
    let mut kinds = [0u8; 239];
    let mut steps = [0i8; 239];
    for (step, kind) in [
        (1, KIND_STRAIGHT),
        (-1, KIND_STRAIGHT),
        (16, KIND_STRAIGHT),
        (-16, KIND_STRAIGHT),
        (15, KIND_DIAGONAL),
        (17, KIND_DIAGONAL),
        (-15, KIND_DIAGONAL),
        (-17, KIND_DIAGONAL),
    ] {
        for n in 1..8i32 {
            let d = step * n;
            let i = (d + 0x77) as usize;
            kinds[i] |= kind as u8;
            steps[i] = step as i8;
            if n == 1 {
                kinds[i] |= KIND_KING as u8;
            }
        }
    }
    for d in [14i32, 18, 31, 33, -14, -18, -31, -33] {
        kinds[(d + 0x77) as usize] |= KIND_KNIGHT as u8;
    }
    // A white pawn on `from` attacks from+15 and from+17; a black one the negatives.
    for d in [15i32, 17] {
        kinds[(d + 0x77) as usize] |= KIND_WHITE_PAWN as u8;
        kinds[(-d + 0x77) as usize] |= KIND_BLACK_PAWN as u8;
    }
    (kinds, steps)
}

fn on_board_0x88(sq: i64) -> bool {
    (0..128).contains(&sq) && sq & 0x88 == 0
}

/// Read and check an Othello board, a square and a color from the stack.
fn othello_args(f: &mut Forth, with_square: bool) -> Res<(i64, [u8; 64], usize, u8)> {
    let color = f.pop()?;
    let sq = if with_square { f.pop()? } else { 0 };
    let addr = f.pop()?;
    if color != 1 && color != 2 {
        return Err(f.fail(
            INVALID_NUMERIC_ARG,
            format!("color must be 1 (black) or 2 (white), not {color}"),
        ));
    }
    if !(0..64).contains(&sq) {
        return Err(f.fail(
            INVALID_NUMERIC_ARG,
            format!("square must be 0..63, not {sq}"),
        ));
    }
    let cells = f.vm.mem.slice(addr, 64)?;
    let mut board = [0u8; 64];
    board.copy_from_slice(cells);
    if let Some(bad) = board.iter().position(|&c| c > 2) {
        return Err(f.fail(
            INVALID_NUMERIC_ARG,
            format!("board square {bad} holds {}, not 0, 1 or 2", board[bad]),
        ));
    }
    Ok((addr, board, sq as usize, color as u8))
}

fn rank_arg(f: &mut Forth, r: i64) -> Res<usize> {
    if (0..8).contains(&r) {
        Ok(r as usize)
    } else {
        Err(f.fail(
            INVALID_NUMERIC_ARG,
            format!("ranks are 0 (rat) to 7 (elephant), not {r}"),
        ))
    }
}

fn square_arg(f: &mut Forth, sq: i64, squares: i64) -> Res<usize> {
    if (0..squares).contains(&sq) {
        Ok(sq as usize)
    } else {
        Err(f.fail(
            INVALID_NUMERIC_ARG,
            format!("square must be 0..{}, not {sq}", squares - 1),
        ))
    }
}

/// Pop ( from to ), two on-board 0x88 squares, as an index into the
/// difference tables: to - from + $77.
fn difference_index(f: &mut Forth, word: &str) -> Res<usize> {
    let to = f.pop()?;
    let from = f.pop()?;
    if !on_board_0x88(from) || !on_board_0x88(to) {
        return Err(f.fail(
            INVALID_NUMERIC_ARG,
            format!("{word} needs two on-board 0x88 squares"),
        ));
    }
    Ok((to - from + 0x77) as usize)
}

/// A five-step board: 25 cells holding 0, 1 or 2.
fn fivestep_board(f: &mut Forth, addr: i64) -> Res<[u8; 25]> {
    let mut b = [0u8; 25];
    b.copy_from_slice(f.vm.mem.slice(addr, 25)?);
    if let Some(bad) = b.iter().position(|&c| c > 2) {
        return Err(f.fail(
            INVALID_NUMERIC_ARG,
            format!("board square {bad} holds {}, not 0, 1 or 2", b[bad]),
        ));
    }
    Ok(b)
}

// ---- board pictures (for a page that draws the position: picture.rs) ----

/// Change the picture being described, or say what is wrong with what it
/// was given. `texts` are the ( c-addr u ) pairs popped, checked as
/// addresses first so that `change` can read them from `mem`.
fn describe(
    f: &mut Forth,
    texts: &[(i64, i64)],
    change: impl FnOnce(&mut Picture, &Memory) -> Result<(), Refusal>,
) -> Res<()> {
    for &(addr, len) in texts {
        f.vm.mem.slice(addr, len)?;
    }
    let result = match f.words.games.picture.draft.as_mut() {
        Some(p) => change(p, &f.vm.mem),
        None => Err((
            UNSUPPORTED,
            "no picture is being described: start one with files ranks s\" game\" picture"
                .to_string(),
        )),
    };
    result.map_err(|(t, msg)| f.fail(t, msg))
}

/// The bytes of a ( c-addr u ) that `describe` has checked.
fn text(mem: &Memory, (addr, len): (i64, i64)) -> &[u8] {
    mem.slice(addr, len).unwrap_or_default()
}

/// Pop ( c-addr u ).
fn pop_text(f: &mut Forth) -> Res<(i64, i64)> {
    let len = f.pop()?;
    let addr = f.pop()?;
    Ok((addr, len))
}

primitives! {
    /// Words for the seed games.
    enum Games;
    base = super::spec::GAMES_BASE;

    Random "random" "( -- u )" Games Plain "A random cell." example "random 6 mod . ( a number 0..5 )" |f| {
        let r = f.words.games.rng.next_u64();
        f.push(r as i64)
    }
    Choose "choose" "( u -- 0..u-1 )" Games Plain "A random number below u, as Starting FORTH's CHOOSE." example "3 choose 1+ ( a sign 1..3 )" |f| {
        let u = f.pop()? as u64;
        if u == 0 {
            return Err(f.fail(INVALID_NUMERIC_ARG, "choose needs a limit above 0"));
        }
        let r = f.words.games.rng.next_u64();
        // The top cell of RANDOM * u, as the blog's `RND um* nip`.
        f.push(((r as u128 * u as u128) >> 64) as i64)
    }
    Randomize "randomize" "( u -- )" Games Plain "Seed the generator: the same seed gives the same numbers." example "42 randomize" |f| {
        let seed = f.pop()? as u64;
        f.set_seed(seed);
        Ok(())
    }
    Stone "stone" "( -- 1 )" Games Plain "The rock-paper-scissors sign Stone." example "Stone Scissor compete . .  \\ 0 1 (no draw; Stone, 1, wins)" |f| { f.push(STONE) }
    Cloth "cloth" "( -- 2 )" Games Plain "The rock-paper-scissors sign Cloth (paper)." example "Cloth .  \\ 2" |f| { f.push(CLOTH) }
    Scissor "scissor" "( -- 3 )" Games Plain "The rock-paper-scissors sign Scissor." example "Scissor .  \\ 3" |f| { f.push(SCISSOR) }
    Compete "compete" "( s1 s2 -- winner draw? )" Games Plain "The winning sign and false, or the sign and true on a draw." example "Scissor Cloth compete . .  \\ 0 3 (no draw; Scissor, 3, cuts Cloth)" |f| {
        let b = f.pop()?;
        let a = f.pop()?;
        for s in [a, b] {
            if !(STONE..=SCISSOR).contains(&s) {
                return Err(f.fail(INVALID_NUMERIC_ARG, format!("signs are 1 (Stone), 2 (Cloth) or 3 (Scissor), not {s}")));
            }
        }
        match compete(a, b) {
            Some(w) => { f.push(w)?; f.push(0) }
            None => { f.push(a)?; f.push(-1) }
        }
    }
    Flip "flip" "( board sq color -- n )" Games Plain "Othello: play color (1 black, 2 white) on sq of a 64-byte board, flipping every bracketed run; n discs turned, 0 = illegal (board unchanged)." example "pad 64 erase 1 pad 27 + c! 1 pad 36 + c! 2 pad 28 + c! 2 pad 35 + c! pad 20 1 flip .  \\ 1" |f| {
        let (addr, board, sq, color) = othello_args(f, true)?;
        let mask = flip_mask(&board, sq, color);
        if mask != 0 {
            for s in (0..64).filter(|s| mask >> s & 1 == 1).chain([sq]) {
                f.vm.mem.set_byte(addr + s as i64, color)?;
            }
        }
        f.push(mask.count_ones() as i64)
    }
    Flips "flips" "( board sq color -- n )" Games Plain "Othello: how many discs color would flip by playing on sq (0 = illegal); the board is not changed." example "pad 64 erase 1 pad 27 + c! 2 pad 28 + c! pad 29 1 flips .  \\ 1" |f| {
        let (_, board, sq, color) = othello_args(f, true)?;
        f.push(flip_mask(&board, sq, color).count_ones() as i64)
    }
    LegalMoves "legal-moves" "( board color -- mask )" Games Plain "Othello: a cell with bit sq set for every legal move of color." example "pad 64 erase 1 pad 27 + c! 2 pad 28 + c! pad 1 legal-moves lowest-bit .  \\ 29" |f| {
        let (_, board, _, color) = othello_args(f, false)?;
        f.push(legal_mask(&board, color) as i64)
    }
    LowestBit "lowest-bit" "( x -- n )" Games Plain "The index of the lowest set bit of x (-1 if x is 0), to walk a move mask." example "%10100 lowest-bit .  \\ 2" |f| {
        let x = f.pop()?;
        f.push(if x == 0 { -1 } else { x.trailing_zeros() as i64 })
    }
    BitCount "bit-count" "( x -- n )" Games Plain "How many bits of x are set (counts discs or moves in a mask)." example "%10110 bit-count .  \\ 3" |f| {
        let x = f.pop()?;
        f.push(x.count_ones() as i64)
    }
    Eats "eats" "( rank -- mask )" Games Plain "Jungle: bit r is set when an animal of this rank may capture rank r (rat 0 .. elephant 7)." example "0 eats hex . decimal  \\ 81 (the rat takes rats and the elephant)" |f| {
        let r = f.pop()?;
        let r = rank_arg(f, r)?;
        f.push(EATS[r])
    }
    CaptureQ "capture?" "( attacker defender -- flag )" Games Plain "Jungle: may the attacker's rank capture the defender's (by rank only, traps aside)?" example "0 7 capture? .  \\ -1" |f| {
        let d = f.pop()?;
        let a = f.pop()?;
        let (a, d) = (rank_arg(f, a)?, rank_arg(f, d)?);
        f.push_bool(EATS[a] >> d & 1 == 1)
    }
    OnBoardQ "on-board?" "( sq -- flag )" Games Plain "0x88 chess: is the square on the board (sq $88 and 0=)?" example "$77 on-board? . $78 on-board? .  \\ -1 0" |f| {
        let sq = f.pop()?;
        f.push_bool(on_board_0x88(sq))
    }
    To0x88 ">0x88" "( sq64 -- sq )" Games Plain "0x88 chess: from a 0..63 square (rank*8+file) to rank*16+file." example "63 >0x88 .  \\ 119" |f| {
        let s = f.pop()?;
        let s = square_arg(f, s, 64)? as i64;
        f.push(s / 8 * 16 + s % 8)
    }
    From0x88 "0x88>" "( sq -- sq64 )" Games Plain "0x88 chess: from rank*16+file to a 0..63 square." example "119 0x88> .  \\ 63" |f| {
        let s = f.pop()?;
        if !on_board_0x88(s) {
            return Err(f.fail(INVALID_NUMERIC_ARG, format!("{s} is not an on-board 0x88 square")));
        }
        f.push(s / 16 * 8 + s % 16)
    }
    AttackKinds "attack-kinds" "( from to -- mask )" Games Plain "0x88 chess: the kinds of piece on from that could attack to, blockers aside: 1 knight, 2 diagonal slider, 4 straight slider, 8 king, 16 white pawn, 32 black pawn." example "0 17 attack-kinds .  \\ 26 (2+8+16)" |f| {
        let i = difference_index(f, "attack-kinds")?;
        f.push(ATTACK_TABLES.0[i] as i64)
    }
    AttackStep "attack-step" "( from to -- step )" Games Plain "0x88 chess: the unit step a slider takes from from towards to (0 if they share no line)." example "0 119 attack-step .  \\ 17" |f| {
        let i = difference_index(f, "attack-step")?;
        f.push(ATTACK_TABLES.1[i] as i64)
    }
    Reach "reach" "( board sq -- mask )" Games Plain "Five-step: every square (bit y*5+x) the piece on sq can move to by a legal path of 1 to 5 steps." example "pad 25 erase 1 pad c! pad 0 reach bit-count .  \\ 18" |f| {
        let sq = f.pop()?;
        let addr = f.pop()?;
        let sq = square_arg(f, sq, 25)?;
        let b = fivestep_board(f, addr)?;
        f.push(reach_mask(&b, sq))
    }
    Path "path" "( board from to addr -- n )" Games Plain "Five-step: write a shortest legal path's squares (from first) as cells at addr; n steps, 0 if there is none." example "pad 25 erase 1 pad c! pad 0 2 pad 32 + path .  \\ 2" |f| {
        let addr = f.pop()?;
        let to = f.pop()?;
        let from = f.pop()?;
        let board = f.pop()?;
        let (from, to) = (square_arg(f, from, 25)?, square_arg(f, to, 25)?);
        let b = fivestep_board(f, board)?;
        match shortest_path(&b, from, to) {
            Some(p) => {
                f.vm.mem.slice(addr, 8 * p.len() as i64)?;
                for (k, &s) in p.iter().enumerate() {
                    f.vm.mem.set_cell(addr + 8 * k as i64, s as i64)?;
                }
                f.push(p.len() as i64 - 1)
            }
            None => f.push(0),
        }
    }
    PathCount "path-count" "( board from to -- n )" Games Plain "Five-step: how many different legal paths lead from from to to." example "pad 25 erase 1 pad c! pad 0 1 path-count .  \\ 4" |f| {
        let to = f.pop()?;
        let from = f.pop()?;
        let board = f.pop()?;
        let (from, to) = (square_arg(f, from, 25)?, square_arg(f, to, 25)?);
        let b = fivestep_board(f, board)?;
        f.push(path_count(&b, from, to))
    }
    ScriptQ "script?" "( -- flag )" Games Plain "True while the file named on the command line runs as the main script, false when it is INCLUDEd." example "script? [if] play [then]" |f| {
        let main = f.input.in_main_script();
        f.push_bool(main)
    }
    PrettyQ "pretty?" "( -- flag )" Games Plain "True when a board may be drawn with colour and Unicode (chess pieces, Othello discs): the output is a terminal, NO_COLOR is not set, TERM is not dumb, and playforth was not started with --plain. Pipes, files and tests get plain ASCII." example "pretty? [if] .\" ●\" [else] .\" X\" [then]  \\ X (● on a terminal)" |f| {
        let p = f.host.out.pretty;
        f.push_bool(p)
    }
    TerminalQ "terminal?" "( -- flag )" Games Plain "True when the output goes to a terminal someone watches, false into a pipe or a file (a demo pauses between moves only on a terminal)." example "terminal? [if] 500 ms [then]" |f| {
        let t = f.host.out.terminal;
        f.push_bool(t)
    }
    Picture "picture" "( files ranks c-addr u -- )" Games Plain "Start describing a position for a page that draws it (playforth serve): a board of files x ranks squares (1 to 16 each; 0 0 for none) of the game named c-addr u. The picture words print nothing: a text board stays as it is." example "8 8 s\" chess\" picture  4 1 s\" K\" picture-piece  show-picture" |f| {
        let (addr, len) = pop_text(f)?;
        let ranks = f.pop()?;
        let files = f.pop()?;
        let kind = f.vm.mem.slice(addr, len)?;
        match Picture::new(files, ranks, kind) {
            Ok(p) => {
                f.words.games.picture.draft = Some(p);
                Ok(())
            }
            Err((t, msg)) => Err(f.fail(t, msg)),
        }
    }
    PictureRanksDown "picture-ranks-down" "( -- )" Games Plain "The picture draws rank 1 at the top and the ranks growing downwards, as Othello's board is drawn (chess's rank 1 is at the bottom)." example "8 8 s\" othello\" picture  picture-ranks-down  show-picture" |f| {
        describe(f, &[], |p, _| {
            p.ranks_down = true;
            Ok(())
        })
    }
    PicturePiece "picture-piece" "( sq side c-addr u -- )" Games Plain "A piece on square sq (rank * files + file, a1 = 0) of the picture: side 1 moves first, 2 is the other, 0 nobody's; c-addr u is what the text board shows there (X, K, r)." example "8 8 s\" chess\" picture  4 1 s\" K\" picture-piece  show-picture" |f| {
        let t = pop_text(f)?;
        let side = f.pop()?;
        let sq = f.pop()?;
        describe(f, &[t], |p, mem| p.add_piece(sq, side, text(mem, t)))
    }
    PictureGround "picture-ground" "( sq c-addr u -- )" Games Plain "What square sq of the picture is beneath any piece, as the text board marks it when it is empty (Jungle's # den, ^ trap, ~ water)." example "7 9 s\" jungle\" picture  3 s\" #\" picture-ground  show-picture" |f| {
        let t = pop_text(f)?;
        let sq = f.pop()?;
        describe(f, &[t], |p, mem| p.add_ground(sq, text(mem, t)))
    }
    PictureMove "picture-move" "( from to c-addr u -- )" Games Plain "A move the player may make by clicking: from square (-1 when a move is one square, as in Othello) to square, and the text it types at the game's prompt." example "8 8 s\" chess\" picture  12 28 s\" e2e4\" picture-move  show-picture" |f| {
        let t = pop_text(f)?;
        let to = f.pop()?;
        let from = f.pop()?;
        describe(f, &[t], |p, mem| p.add_move(from, to, text(mem, t)))
    }
    PictureLast "picture-last" "( from to -- )" Games Plain "The move played last, to be highlighted: from square (-1 for a move that is one square) and to square." example "8 8 s\" chess\" picture  12 28 picture-last  show-picture" |f| {
        let to = f.pop()?;
        let from = f.pop()?;
        describe(f, &[], |p, _| p.set_last(from, to))
    }
    PictureChoice "picture-choice" "( c-addr1 u1 c-addr2 u2 -- )" Games Plain "Something to click beside the board: its label c-addr1 u1 and the text c-addr2 u2 clicking it types (rock-paper-scissors' hands)." example "0 0 s\" rps\" picture  s\" Stone\" s\" 1\" picture-choice  show-picture" |f| {
        let t = pop_text(f)?;
        let label = pop_text(f)?;
        describe(f, &[label, t], |p, mem| p.add_choice(text(mem, label), text(mem, t)))
    }
    PictureCaption "picture-caption" "( c-addr u -- )" Games Plain "A line under the picture's board, such as whose turn it is." example "8 8 s\" chess\" picture  s\" White to move\" picture-caption  show-picture" |f| {
        let t = pop_text(f)?;
        describe(f, &[t], |p, mem| p.set_caption(text(mem, t)))
    }
    ShowPicture "show-picture" "( -- )" Games Plain "Publish the picture described since PICTURE, for the page to draw in place of the one before." example "8 8 s\" chess\" picture  show-picture" |f| {
        let state = &mut f.words.games.picture;
        match state.draft.take() {
            Some(p) => {
                state.shown = Some(p.finished());
                state.generation += 1;
                if let (Some(hook), Some(shown)) = (&mut f.host.on_picture, &state.shown) {
                    hook(shown);
                }
                Ok(())
            }
            None => Err(f.fail(
                UNSUPPORTED,
                "no picture is being described: start one with files ranks s\" game\" picture",
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> [u8; 64] {
        let mut b = [0; 64];
        b[27] = 1;
        b[36] = 1;
        b[28] = 2;
        b[35] = 2;
        b
    }

    #[test]
    fn compete_follows_the_rules() {
        assert_eq!(compete(SCISSOR, CLOTH), Some(SCISSOR));
        assert_eq!(compete(CLOTH, SCISSOR), Some(SCISSOR));
        assert_eq!(compete(STONE, CLOTH), Some(CLOTH));
        assert_eq!(compete(STONE, SCISSOR), Some(STONE));
        assert_eq!(compete(CLOTH, CLOTH), None);
    }

    #[test]
    fn bitwise_moves_match_the_slow_rule() {
        // Every position of a few random games: the two methods agree.
        let mut rng = rng_from_seed(7);
        for _ in 0..50 {
            let mut b = start();
            let mut color = 1u8;
            for _ in 0..60 {
                let fast = legal_mask(&b, color);
                let slow = (0..64)
                    .filter(|&s| flip_mask(&b, s, color) != 0)
                    .fold(0u64, |m, s| m | 1 << s);
                assert_eq!(fast, slow);
                if fast == 0 {
                    color = 3 - color;
                    if legal_mask(&b, color) == 0 {
                        break;
                    }
                    continue;
                }
                let moves: Vec<usize> = (0..64).filter(|s| fast >> s & 1 == 1).collect();
                let sq = moves[(rng.next_u64() % moves.len() as u64) as usize];
                let m = flip_mask(&b, sq, color);
                for (s, cell) in b.iter_mut().enumerate() {
                    if m >> s & 1 == 1 {
                        *cell = color;
                    }
                }
                b[sq] = color;
                color = 3 - color;
            }
        }
    }

    #[test]
    fn the_start_has_four_moves() {
        let m = legal_mask(&start(), 1);
        assert_eq!(m, 1 << 20 | 1 << 29 | 1 << 34 | 1 << 43);
        assert_eq!(
            legal_mask(&start(), 2),
            1 << 19 | 1 << 26 | 1 << 37 | 1 << 44
        );
    }

    #[test]
    fn eats_masks_follow_the_rank_rule() {
        for (a, mask) in EATS.iter().enumerate() {
            for d in 0..8 {
                let rule = match (a, d) {
                    (0, 7) => true,
                    (7, 0) => false,
                    _ => a >= d,
                };
                assert_eq!(mask >> d & 1 == 1, rule, "{a} takes {d}");
            }
        }
    }

    #[test]
    fn attack_tables_know_the_pieces() {
        let (kinds, steps) = attack_tables();
        let k = |from: i32, to: i32| kinds[(to - from + 0x77) as usize] as i64;
        assert_eq!(k(0, 17), KIND_DIAGONAL | KIND_KING | KIND_WHITE_PAWN);
        assert_eq!(k(0, 33), KIND_KNIGHT);
        assert_eq!(k(0, 7), KIND_STRAIGHT);
        assert_eq!(steps[119 + 0x77], 17);
        assert_eq!(k(0, 19), 0);
    }
}
