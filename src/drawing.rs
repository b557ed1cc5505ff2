//! The turtle's drawing: a recorded display list and the turtle's state,
//! kept by a system for the turtle words (`words::turtle`) and read by a
//! host (`Forth::drawing`): the browser page draws the ops as they come,
//! `save-drawing` writes them as SVG ([`Drawing::to_svg`]).
//!
//! The record is deterministic (the same program draws the same ops,
//! whatever renders them) and bounded: at most [`MAX_OPS`] ops, past
//! which a word that would add one fails and the drawing stays as it was.
//! Coordinates are in turtle steps, origin at the centre, y up; headings
//! are degrees clockwise from the y axis (0 up, 90 right), as in Logo and
//! WAForth's Thurtle.
//!
//! A leaf: the words, the host API and `undo` (through
//! [`Drawing::snapshot`]) build on it.

use crate::snapshot;
use std::fmt::Write;
use std::rc::Rc;

/// The most ops a drawing holds.
pub const MAX_OPS: usize = 100_000;

/// The pen's width when a system starts (Thurtle's).
pub const DEFAULT_PEN_SIZE: f64 = 5.0;

/// One step of the display list.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Op {
    /// A line the turtle drew with its pen down: from, to, colour as
    /// 0xRRGGBB, width in turtle steps.
    Line {
        from: (f64, f64),
        to: (f64, f64),
        color: u32,
        width: f64,
    },
    /// The background colour (0xRRGGBB) of the whole picture; the last
    /// one counts.
    Screen(u32),
}

/// Where the turtle is and how it draws.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Turtle {
    pub x: f64,
    pub y: f64,
    /// Degrees clockwise from the y axis, in 0..360.
    pub heading: f64,
    pub pen_down: bool,
    pub visible: bool,
    /// The pen's colour, 0xRRGGBB.
    pub color: u32,
    /// The pen's width.
    pub width: f64,
}

impl Default for Turtle {
    /// At the origin, facing up, pen down, visible, black pen 5 wide.
    fn default() -> Turtle {
        Turtle {
            x: 0.0,
            y: 0.0,
            heading: 0.0,
            pen_down: true,
            visible: true,
            color: 0x000000,
            width: DEFAULT_PEN_SIZE,
        }
    }
}

/// How far a host has read a drawing ([`Drawing::mark`]), to ask for only
/// what came after ([`Drawing::since`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mark {
    generation: u64,
    len: usize,
}

/// What changed since a [`Mark`]: when `cleared`, the drawing was
/// cleared (or put back by `undo`) since, and `ops` is the whole list, to
/// draw afresh; otherwise `ops` are the ops added since, to draw on top.
#[derive(Clone, Copy, Debug)]
pub struct Since<'a> {
    pub cleared: bool,
    pub ops: &'a [Op],
}

/// The ops were full: what the word that wanted to add one says.
#[derive(Debug)]
pub(crate) struct Full;

/// The display list and the turtle.
#[derive(Clone, Debug, Default)]
pub struct Drawing {
    ops: Vec<Op>,
    turtle: Turtle,
    /// Counts the times the list was replaced rather than added to.
    generation: u64,
}

/// What `undo` keeps of a drawing: its ops in chunks shared with the copy
/// before, and the turtle.
pub(crate) struct DrawingSnap {
    ops: Vec<Rc<[Op]>>,
    turtle: Turtle,
}

/// Ops per chunk of a [`DrawingSnap`].
const CHUNK: usize = 256;

/// The turtle's outline: its tip ahead of its position, its back corners
/// behind and to the sides (in turtle steps).
pub const TURTLE_TIP: f64 = 14.0;
pub const TURTLE_BACK: f64 = 6.0;
pub const TURTLE_SIDE: f64 = 8.0;

/// The unit step for a heading, exact at the multiples of 90 degrees so
/// that squares close exactly.
fn direction(heading: f64) -> (f64, f64) {
    match heading {
        0.0 => (0.0, 1.0),
        90.0 => (1.0, 0.0),
        180.0 => (0.0, -1.0),
        270.0 => (-1.0, 0.0),
        h => {
            let r = h.to_radians();
            (r.sin(), r.cos())
        }
    }
}

impl Drawing {
    pub fn new() -> Drawing {
        Drawing::default()
    }

    /// Every op since the drawing was last cleared, in order.
    pub fn ops(&self) -> &[Op] {
        &self.ops
    }

    pub fn turtle(&self) -> &Turtle {
        &self.turtle
    }

    /// The background colour, if one was set.
    pub fn screen(&self) -> Option<u32> {
        self.ops.iter().rev().find_map(|op| match op {
            Op::Screen(c) => Some(*c),
            Op::Line { .. } => None,
        })
    }

    /// Grows by one each time the list is replaced (cleared, put back by
    /// `undo`) instead of added to.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// How far the list is now.
    pub fn mark(&self) -> Mark {
        Mark {
            generation: self.generation,
            len: self.ops.len(),
        }
    }

    /// What changed since `mark` (a [`Mark::default`] has seen nothing).
    pub fn since(&self, mark: Mark) -> Since<'_> {
        if mark.generation == self.generation && mark.len <= self.ops.len() {
            Since {
                cleared: false,
                ops: &self.ops[mark.len..],
            }
        } else {
            Since {
                cleared: true,
                ops: &self.ops,
            }
        }
    }

    // ---- what the turtle words do ----

    pub(crate) fn turtle_mut(&mut self) -> &mut Turtle {
        &mut self.turtle
    }

    fn push(&mut self, op: Op) -> Result<(), Full> {
        if self.ops.len() >= MAX_OPS {
            return Err(Full);
        }
        self.ops.push(op);
        Ok(())
    }

    /// Go to (x, y), drawing a line there if the pen is down.
    pub(crate) fn move_to(&mut self, x: f64, y: f64) -> Result<(), Full> {
        let t = self.turtle;
        if t.pen_down {
            self.push(Op::Line {
                from: (t.x, t.y),
                to: (x, y),
                color: t.color,
                width: t.width,
            })?;
        }
        self.turtle.x = x;
        self.turtle.y = y;
        Ok(())
    }

    /// Move `steps` along the heading (back for a negative number).
    pub(crate) fn forward(&mut self, steps: f64) -> Result<(), Full> {
        let (dx, dy) = direction(self.turtle.heading);
        let (x, y) = (self.turtle.x + steps * dx, self.turtle.y + steps * dy);
        self.move_to(x, y)
    }

    /// Face `degrees` clockwise from up.
    pub(crate) fn set_heading(&mut self, degrees: i64) {
        self.turtle.heading = degrees.rem_euclid(360) as f64;
    }

    /// Turn `degrees` clockwise (anticlockwise for a negative number).
    pub(crate) fn turn(&mut self, degrees: i64) {
        let now = self.turtle.heading as i64;
        self.set_heading(now + degrees.rem_euclid(360));
    }

    pub(crate) fn set_screen(&mut self, color: u32) -> Result<(), Full> {
        self.push(Op::Screen(color))
    }

    /// Empty the list (the background colour stays); the turtle stays
    /// where it is.
    pub(crate) fn clear(&mut self) {
        let screen = self.screen();
        self.ops.clear();
        self.ops.extend(screen.map(Op::Screen));
        self.generation += 1;
    }

    // ---- undo ----

    /// The drawing as `undo` keeps it, sharing unchanged chunks with `prev`.
    pub(crate) fn snapshot(&self, prev: Option<&DrawingSnap>) -> DrawingSnap {
        DrawingSnap {
            ops: snapshot::chunks(&self.ops, CHUNK, prev.map_or(&[], |p| &p.ops)),
            turtle: self.turtle,
        }
    }

    /// Put a kept drawing back; a host sees the list replaced.
    pub(crate) fn restore(&mut self, s: &DrawingSnap) {
        self.turtle = s.turtle;
        let now = self.snapshot(Some(s));
        if !snapshot::same(&now.ops, &s.ops) {
            self.ops = snapshot::joined(&s.ops);
            self.generation += 1;
        }
    }

    // ---- SVG ----

    /// The box the picture takes, (left, bottom, right, top), with a
    /// margin: the lines (with their width) and the turtle when visible;
    /// at least 100 steps each way, around the origin when nothing is
    /// drawn.
    pub fn bounds(&self) -> (f64, f64, f64, f64) {
        let mut b: Option<(f64, f64, f64, f64)> = None;
        let mut add = |x: f64, y: f64, pad: f64| {
            let (l, bo, r, t) = b.unwrap_or((x, y, x, y));
            b = Some((
                l.min(x - pad),
                bo.min(y - pad),
                r.max(x + pad),
                t.max(y + pad),
            ));
        };
        for op in &self.ops {
            if let Op::Line {
                from, to, width, ..
            } = op
            {
                add(from.0, from.1, width / 2.0);
                add(to.0, to.1, width / 2.0);
            }
        }
        if self.turtle.visible {
            add(self.turtle.x, self.turtle.y, TURTLE_TIP);
        }
        let (mut l, mut bo, mut r, mut t) = b.unwrap_or((0.0, 0.0, 0.0, 0.0));
        for (lo, hi) in [(&mut l, &mut r), (&mut bo, &mut t)] {
            let short = 100.0 - (*hi - *lo);
            if short > 0.0 {
                *lo -= short / 2.0;
                *hi += short / 2.0;
            }
        }
        let margin = 10.0 + 0.05 * (r - l).max(t - bo);
        (l - margin, bo - margin, r + margin, t + margin)
    }

    /// The turtle's triangle (tip, right corner, left corner).
    pub fn turtle_outline(&self) -> [(f64, f64); 3] {
        let t = &self.turtle;
        let (dx, dy) = direction(t.heading);
        // The side is the heading turned a quarter clockwise: (dy, -dx).
        let back = (t.x - TURTLE_BACK * dx, t.y - TURTLE_BACK * dy);
        [
            (t.x + TURTLE_TIP * dx, t.y + TURTLE_TIP * dy),
            (back.0 + TURTLE_SIDE * dy, back.1 - TURTLE_SIDE * dx),
            (back.0 - TURTLE_SIDE * dy, back.1 + TURTLE_SIDE * dx),
        ]
    }

    /// The drawing as an SVG document: fitted to [`Drawing::bounds`], y
    /// up, each run of joined lines of one colour and width one path with
    /// round caps and joins, the background when one was set, the turtle
    /// as a triangle when visible. Numbers have at most two decimals, so
    /// the same drawing always gives the same text.
    pub fn to_svg(&self) -> String {
        let (l, b, r, t) = self.bounds();
        let (w, h) = (r - l, t - b);
        // Shown 600 pixels across its longer side.
        let scale = 600.0 / w.max(h);
        let mut s = String::new();
        let _ = writeln!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"{} {} {} {}\">",
            num((w * scale).round()),
            num((h * scale).round()),
            num(l),
            num(-t),
            num(w),
            num(h)
        );
        if let Some(c) = self.screen() {
            let _ = writeln!(
                s,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
                num(l),
                num(-t),
                num(w),
                num(h),
                hex(c)
            );
        }
        s.push_str("<g fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n");
        let mut run: Option<(u32, f64, (f64, f64))> = None;
        for op in &self.ops {
            let Op::Line {
                from,
                to,
                color,
                width,
            } = *op
            else {
                continue;
            };
            match run {
                Some((c, wd, end)) if c == color && wd == width && end == from => {}
                _ => {
                    if run.is_some() {
                        s.push_str("\"/>\n");
                    }
                    let _ = write!(
                        s,
                        "<path stroke=\"{}\" stroke-width=\"{}\" d=\"M{} {}",
                        hex(color),
                        num(width),
                        num(from.0),
                        num(-from.1)
                    );
                }
            }
            let _ = write!(s, " L{} {}", num(to.0), num(-to.1));
            run = Some((color, width, to));
        }
        if run.is_some() {
            s.push_str("\"/>\n");
        }
        s.push_str("</g>\n");
        if self.turtle.visible {
            let points: Vec<String> = self
                .turtle_outline()
                .iter()
                .map(|(x, y)| format!("{},{}", num(*x), num(-y)))
                .collect();
            let _ = writeln!(
                s,
                "<polygon points=\"{}\" fill=\"{}\" stroke=\"#ffffff\" stroke-width=\"1\" vector-effect=\"non-scaling-stroke\"/>",
                points.join(" "),
                hex(self.turtle.color)
            );
        }
        s.push_str("</svg>\n");
        s
    }
}

impl DrawingSnap {
    /// Bytes this copy holds that `older` does not share.
    pub(crate) fn fresh_bytes(&self, older: Option<&DrawingSnap>) -> usize {
        snapshot::fresh_bytes(&self.ops, older.map(|o| &o.ops[..]))
    }

    /// Whether two copies hold the same drawing.
    pub(crate) fn same(&self, other: &DrawingSnap) -> bool {
        snapshot::same(&self.ops, &other.ops) && self.turtle == other.turtle
    }
}

/// A number as the SVG shows it: at most two decimals, no trailing zeros,
/// no `-0`.
fn num(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    match s {
        "-0" | "" => "0".to_string(),
        s => s.to_string(),
    }
}

/// A colour as `#rrggbb`.
pub fn hex(color: u32) -> String {
    format!("#{:06x}", color & 0xff_ffff)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_fixed() {
        assert_eq!(num(0.0), "0");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(100.0), "100");
        assert_eq!(num(-2.5), "-2.5");
        assert_eq!(num(1.0 / 3.0), "0.33");
    }

    #[test]
    fn a_mark_sees_what_was_added_or_that_the_list_was_replaced() {
        let mut d = Drawing::new();
        let start = d.mark();
        d.forward(10.0).unwrap();
        let one = d.mark();
        d.forward(10.0).unwrap();
        let s = d.since(one);
        assert!(!s.cleared);
        assert_eq!(s.ops.len(), 1);
        assert_eq!(d.since(start).ops.len(), 2);
        d.clear();
        d.forward(5.0).unwrap();
        let s = d.since(one);
        assert!(s.cleared);
        assert_eq!(s.ops.len(), 1);
    }

    #[test]
    fn the_list_is_bounded_and_a_full_list_changes_nothing() {
        let mut d = Drawing::new();
        for _ in 0..MAX_OPS {
            d.forward(1.0).unwrap();
        }
        let before = *d.turtle();
        assert!(d.forward(1.0).is_err());
        assert_eq!(*d.turtle(), before);
        assert_eq!(d.ops().len(), MAX_OPS);
        d.clear();
        assert!(d.forward(1.0).is_ok());
    }

    #[test]
    fn undo_puts_back_a_cleared_drawing_and_the_host_redraws() {
        let mut d = Drawing::new();
        d.forward(10.0).unwrap();
        let kept = d.snapshot(None);
        let seen = d.mark();
        d.clear();
        d.turn(90);
        d.restore(&kept);
        assert_eq!(d.ops().len(), 1);
        assert_eq!(d.turtle().heading, 0.0);
        assert!(d.since(seen).cleared);
    }
}
