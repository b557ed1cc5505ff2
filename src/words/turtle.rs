//! Turtle graphics: the words of WAForth's Thurtle (`forward`, `left`,
//! `penup`, `setxy`, `setpencolor` …, with its stack effects and
//! defaults), zeptoforth's queries (`getxy`, `getheading`, `getpendown`),
//! and playforth's own `home`, `clear-drawing`, `setpenrgb` and
//! `save-drawing`. They record into the system's [`Drawing`] (the
//! `turtle` slot of `WordState`); nothing is drawn here: the browser page
//! draws the record, `save-drawing` writes it as SVG.
//!
//! The words live in the `games` word list, so a program that defines its
//! own `forward` or `home` (as the chess example does) simply shadows them.
//! A move with nothing on the stack is a stack underflow, never a default.

use super::spec::primitives;
use crate::drawing::{Drawing, Full, MAX_OPS};
use crate::error::*;
use crate::kernel::Forth;

/// The widest pen.
const MAX_PEN_SIZE: i64 = 1000;

fn drawing(f: &mut Forth) -> &mut Drawing {
    &mut f.words.turtle
}

/// What a word that would add to a full drawing throws.
fn full(f: &mut Forth, _: Full) -> Throw {
    f.fail(
        ALLOCATE,
        format!(
            "the drawing holds {MAX_OPS} lines, the most it keeps: `clear-drawing` starts a new one (`save-drawing` first keeps this one)"
        ),
    )
}

/// Move the turtle `steps` along its heading.
fn forward(f: &mut Forth, steps: f64) -> Res<()> {
    drawing(f).forward(steps).map_err(|e| full(f, e))
}

/// A colour given as one number 0xRRGGBB.
fn pop_color(f: &mut Forth) -> Res<u32> {
    let c = f.pop()?;
    if !(0..=0xff_ffff).contains(&c) {
        return Err(f.fail(
            INVALID_NUMERIC_ARG,
            format!(
                "a colour is one number from 0 to $FFFFFF (red, green and blue as $RRGGBB), not {c}"
            ),
        ));
    }
    Ok(c as u32)
}

/// A position's coordinate as the queries give it: rounded to a whole
/// step, within a cell.
fn rounded(v: f64) -> i64 {
    v.round() as i64
}

primitives! {
    /// Turtle graphics.
    enum Turtle;
    base = super::spec::TURTLE_BASE;

    Forward "forward" "( n -- )" Turtle Plain "Move the turtle n steps the way it faces, drawing a line if the pen is down." example "100 forward getxy . .  \\ 100 0" |f| {
        let n = f.pop()?;
        forward(f, n as f64)
    }
    Backward "backward" "( n -- )" Turtle Plain "Move the turtle n steps backwards, drawing a line if the pen is down." example "100 backward getxy . .  \\ -100 0" |f| {
        let n = f.pop()?;
        forward(f, -(n as f64))
    }
    Left "left" "( n -- )" Turtle Plain "Turn the turtle n degrees to the left (anticlockwise)." example "90 left getheading .  \\ 270" |f| {
        let n = f.pop()?;
        drawing(f).turn(-(n % 360));
        Ok(())
    }
    Right "right" "( n -- )" Turtle Plain "Turn the turtle n degrees to the right (clockwise)." example "90 right getheading .  \\ 90" |f| {
        let n = f.pop()?;
        drawing(f).turn(n % 360);
        Ok(())
    }
    Penup "penup" "( -- )" Turtle Plain "Lift the pen: the turtle moves without drawing." example "penup 50 forward pendown getpendown .  \\ -1" |f| {
        drawing(f).turtle_mut().pen_down = false;
        Ok(())
    }
    Pendown "pendown" "( -- )" Turtle Plain "Put the pen down: the turtle draws as it moves (it starts so)." example "penup pendown getpendown .  \\ -1" |f| {
        drawing(f).turtle_mut().pen_down = true;
        Ok(())
    }
    Setxy "setxy" "( x y -- )" Turtle Plain "Go to the point x y (0 0 is the centre, y grows upwards), drawing a line if the pen is down." example "30 40 setxy getxy . .  \\ 40 30" |f| {
        f.need(2)?;
        let y = f.pop()?;
        let x = f.pop()?;
        drawing(f).move_to(x as f64, y as f64).map_err(|e| full(f, e))
    }
    Setheading "setheading" "( n -- )" Turtle Plain "Face n degrees clockwise from straight up: 0 up, 90 right, 180 down, 270 left." example "450 setheading getheading .  \\ 90" |f| {
        let n = f.pop()?;
        drawing(f).set_heading(n);
        Ok(())
    }
    Setpensize "setpensize" "( n -- )" Turtle Plain "Draw lines n steps wide from now on (1 to 1000; 5 at the start)." example "2 setpensize 100 forward" |f| {
        let n = f.pop()?;
        if !(1..=MAX_PEN_SIZE).contains(&n) {
            return Err(f.fail(INVALID_NUMERIC_ARG, format!("a pen size is from 1 to {MAX_PEN_SIZE} steps, not {n}")));
        }
        drawing(f).turtle_mut().width = n as f64;
        Ok(())
    }
    Setpencolor "setpencolor" "( rgb -- )" Turtle Plain "Draw in the colour rgb from now on, one number $RRGGBB ($FF0000 red, $0000FF blue; black at the start)." example "$FF0000 setpencolor 100 forward" |f| {
        let c = pop_color(f)?;
        drawing(f).turtle_mut().color = c;
        Ok(())
    }
    Setpenrgb "setpenrgb" "( r g b -- )" Turtle Plain "Draw in the colour made of red, green and blue, each 0 to 255, from now on (zeptoforth's setpencolor takes these three)." example "255 128 0 setpenrgb 100 forward" |f| {
        f.need(3)?;
        let mut rgb = 0u32;
        let parts = [f.pop()?, f.pop()?, f.pop()?];
        for (n, name) in parts.iter().rev().zip(["red", "green", "blue"]) {
            if !(0..=255).contains(n) {
                return Err(f.fail(INVALID_NUMERIC_ARG, format!("{name} is from 0 to 255, not {n}")));
            }
            rgb = rgb << 8 | *n as u32;
        }
        drawing(f).turtle_mut().color = rgb;
        Ok(())
    }
    Setscreencolor "setscreencolor" "( rgb -- )" Turtle Plain "Colour the background of the whole drawing rgb, one number $RRGGBB." example "$000080 setscreencolor" |f| {
        let c = pop_color(f)?;
        drawing(f).set_screen(c).map_err(|e| full(f, e))
    }
    Hideturtle "hideturtle" "( -- )" Turtle Plain "Hide the turtle (the drawing stays)." example "hideturtle" |f| {
        drawing(f).turtle_mut().visible = false;
        Ok(())
    }
    Showturtle "showturtle" "( -- )" Turtle Plain "Show the turtle, a triangle pointing the way it faces." example "hideturtle showturtle" |f| {
        drawing(f).turtle_mut().visible = true;
        Ok(())
    }
    Home "home" "( -- )" Turtle Plain "Go back to 0 0 facing up, without drawing; the pen stays up or down as it was." example "50 60 setxy 90 right home getxy . . getheading .  \\ 0 0 0" |f| {
        let d = drawing(f);
        let pen = d.turtle().pen_down;
        d.turtle_mut().pen_down = false;
        let _ = d.move_to(0.0, 0.0);
        d.set_heading(0);
        d.turtle_mut().pen_down = pen;
        Ok(())
    }
    ClearDrawing "clear-drawing" "( -- )" Turtle Plain "Rub out everything drawn; the turtle stays where it is, the background colour stays (`clear` empties the stack)." example "100 forward clear-drawing getxy . .  \\ 100 0" |f| {
        drawing(f).clear();
        Ok(())
    }
    Getxy "getxy" "( -- x y )" Turtle Plain "Where the turtle is, rounded to whole steps (zeptoforth's name)." example "3 4 setxy getxy . .  \\ 4 3" |f| {
        let t = *f.words.turtle.turtle();
        f.push(rounded(t.x))?;
        f.push(rounded(t.y))
    }
    Getheading "getheading" "( -- n )" Turtle Plain "The way the turtle faces: degrees clockwise from up, 0 to 359 (zeptoforth's name)." example "45 left getheading .  \\ 315" |f| {
        let h = f.words.turtle.turtle().heading;
        f.push(rounded(h))
    }
    Getpendown "getpendown" "( -- flag )" Turtle Plain "True if the pen is down (zeptoforth's name)." example "penup getpendown .  \\ 0" |f| {
        let down = f.words.turtle.turtle().pen_down;
        f.push_bool(down)
    }
    SaveDrawing "save-drawing" "( c-addr u -- )" Turtle Plain "Write the drawing to the file named by the string as an SVG picture (created, or emptied first); a file that cannot be written is an error: -63 (CREATE-FILE failed) or -75 (WRITE-FILE failed)." example "100 forward s\" /tmp/playforth-turtle.svg\" save-drawing" |f| {
        let name = f.pop_string()?;
        let svg = f.words.turtle.to_svg();
        let id = match f.host.files.open(&name, crate::io::FAM_WO, true) {
            Ok(id) => id,
            Err(e) => return Err(f.fail(CREATE_FILE, format!("cannot save the drawing to {name}: {e}"))),
        };
        let written = f.host.files.write(id, svg.as_bytes());
        let flushed = f.host.files.flush(id);
        f.host.files.close(id);
        if let Err(e) = written.and(flushed) {
            return Err(f.fail(WRITE_FILE, format!("cannot write the drawing to {name}: {e}")));
        }
        Ok(())
    }
}
