//! The host API the REPL and the script runner use: errors come back as
//! values and leave the system ready for the next line.

use playforth::ScriptedConsole;
use playforth::{Forth, Outcome};

/// A terminal that has gone away: every write fails.
struct BrokenPipe;

impl std::io::Write for BrokenPipe {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::Error::new(
            std::io::ErrorKind::BrokenPipe,
            "closed",
        ))
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn output_failure_is_throw_57() {
    let mut f = Forth::with_io(
        Box::new(BrokenPipe),
        Box::new(std::io::sink()),
        Box::new(ScriptedConsole::new(b"")),
    );
    let e = f.interpret_line("65 emit").unwrap_err();
    assert_eq!(e.code, -57);
    assert_eq!(
        e.message,
        "exception in sending or receiving a character: cannot write the output: closed"
    );
    assert!(
        f.output_closed(),
        "a broken pipe is told apart, so the host can end quietly"
    );
}

#[test]
fn an_error_resets_stacks_and_state_but_keeps_definitions() {
    let (mut f, _out) = Forth::for_test(b"");
    assert_eq!(f.interpret_line(": sq dup * ;"), Ok(Outcome::Continue));
    let e = f.interpret_line("1 2 3 : half 2 / nosuch").unwrap_err();
    assert_eq!(
        (e.code, e.message.as_str()),
        (
            -13,
            "undefined word `nosuch` (not defined yet: define it with `: nosuch … ;`)"
        )
    );
    assert_eq!(f.depth(), 0);
    assert!(!f.in_definition());
    assert_eq!(f.interpret_line("4 sq"), Ok(Outcome::Continue));
    assert_eq!(f.stack(), &[16]);
    assert!(
        f.interpret_line("half").is_err(),
        "the broken definition was discarded"
    );
}

#[test]
fn definitions_continue_across_lines() {
    let (mut f, out) = Forth::for_test(b"");
    assert_eq!(f.interpret_line(": greet"), Ok(Outcome::Continue));
    assert!(f.in_definition());
    assert_eq!(f.interpret_line("  .\" hi\" ;"), Ok(Outcome::Continue));
    assert!(!f.in_definition());
    f.interpret_line("greet").unwrap();
    assert_eq!(out.take(), "hi");
}

#[test]
fn bye_is_an_outcome_not_an_error() {
    let (mut f, _) = Forth::for_test(b"");
    assert_eq!(f.interpret_line("bye"), Ok(Outcome::Bye(0)));
}

#[test]
fn typed_input_may_span_lines() {
    let (mut f, out) = Forth::for_test(b"");
    // An open comment and definition go on over the next lines; a string
    // ends with its line, as the standard reads it.
    let r = f.interpret_input(
        ": two-lines ( -- )\n  .\" first\n.\" second\" ( a comment\n that ends here ) ;\ntwo-lines",
    );
    assert_eq!(r, Ok(Outcome::Continue));
    assert_eq!(out.take(), "firstsecond");
    // In a file, a string still ends with its line, as the standard says.
    let r = f.run_code("file", "s\" open\n2 3 +");
    assert_eq!(r, Ok(Outcome::Continue));
    assert_eq!(f.stack()[2..], [5]);
}
