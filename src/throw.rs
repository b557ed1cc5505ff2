//! Throw codes: [`Throw`], the value an exception is while it travels, and
//! the one table of the standard codes (Forth-2012 table 9.1), each with its
//! name and message. The named constants, [`ALL`] and [`message`] are made
//! from that table, so a code cannot have a name without a message or be
//! spelt as a bare number elsewhere. A leaf: it uses no other module.

/// A Forth exception in flight: just its throw code. Details that need text
/// (the name of an undefined word, the text of ABORT") are parked in the VM
/// and picked up when the error is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Throw(pub i64);

/// Declare the standard codes: `code NAME "message"` per row.
macro_rules! codes {
    ($( $code:literal $name:ident $text:literal, )*) => {
        $(
            #[doc = $text]
            pub const $name: Throw = Throw($code);
        )*

        /// Every standard code with its name and message, in the standard's order.
        pub const ALL: &[(Throw, &str, &str)] = &[$((Throw($code), stringify!($name), $text)),*];

        /// The standard text for a throw code; "uncaught exception" for a
        /// code of the program's own.
        pub fn message(code: i64) -> &'static str {
            match code {
                $($code => $text,)*
                _ => "uncaught exception",
            }
        }
    };
}

codes! {
    -1 ABORT "aborted",
    -2 ABORT_QUOTE "aborted",
    -3 STACK_OVERFLOW "stack overflow",
    -4 STACK_UNDERFLOW "stack underflow",
    -5 RSTACK_OVERFLOW "return stack overflow",
    -6 RSTACK_UNDERFLOW "return stack underflow",
    -7 LOOP_NESTING "do-loops nested too deeply",
    -8 DICTIONARY_OVERFLOW "dictionary overflow",
    -9 BAD_ADDRESS "invalid memory address",
    -10 DIVISION_BY_ZERO "division by zero",
    -11 OUT_OF_RANGE "result out of range",
    -12 ARG_TYPE "argument type mismatch",
    -13 UNDEFINED_WORD "undefined word",
    -14 COMPILE_ONLY "interpreting a compile-only word",
    -15 INVALID_FORGET "invalid FORGET",
    -16 ZERO_LENGTH_NAME "attempt to use zero-length string as a name",
    -17 PICTURED_OVERFLOW "pictured numeric output string overflow",
    -18 PARSED_OVERFLOW "parsed string overflow",
    -19 NAME_TOO_LONG "definition name too long",
    -20 READ_ONLY "write to a read-only location",
    -21 UNSUPPORTED "unsupported operation",
    -22 CONTROL_MISMATCH "control structure mismatch",
    -23 ALIGNMENT "address alignment exception",
    -24 INVALID_NUMERIC_ARG "invalid numeric argument",
    -25 RSTACK_IMBALANCE "return stack imbalance",
    -26 NO_LOOP "loop parameters unavailable",
    -27 INVALID_RECURSION "invalid recursion",
    -28 USER_INTERRUPT "user interrupt",
    -29 COMPILER_NESTING "compiler nesting",
    -30 OBSOLESCENT "obsolescent feature",
    -31 NOT_CREATED ">BODY used on non-CREATEd definition",
    -32 INVALID_NAME "invalid name argument",
    -33 BLOCK_READ "block read exception",
    -34 BLOCK_WRITE "block write exception",
    -35 INVALID_BLOCK "invalid block number",
    -36 INVALID_FILE_POSITION "invalid file position",
    -37 FILE_IO "file I/O exception",
    -38 NO_SUCH_FILE "non-existent file",
    -39 UNEXPECTED_EOF "unexpected end of file",
    -40 FLOAT_BASE "invalid BASE for floating point conversion",
    -41 LOSS_OF_PRECISION "loss of precision",
    -42 FP_DIVISION_BY_ZERO "floating-point divide by zero",
    -43 FP_OUT_OF_RANGE "floating-point result out of range",
    -44 FP_STACK_OVERFLOW "floating-point stack overflow",
    -45 FP_STACK_UNDERFLOW "floating-point stack underflow",
    -46 FP_INVALID_ARG "floating-point invalid argument",
    -47 WORDLIST_DELETED "compilation word list deleted",
    -48 INVALID_POSTPONE "invalid POSTPONE",
    -49 ORDER_OVERFLOW "search-order overflow",
    -50 ORDER_UNDERFLOW "search-order underflow",
    -51 WORDLIST_CHANGED "compilation word list changed",
    -52 CS_OVERFLOW "control-flow stack overflow",
    -53 EXCEPTION_OVERFLOW "exception stack overflow",
    -54 FP_UNDERFLOW "floating-point underflow",
    -55 FP_FAULT "floating-point unidentified fault",
    -56 QUIT "QUIT",
    -57 IO_CHAR "exception in sending or receiving a character",
    -58 IF_ELSE_THEN "[IF], [ELSE], or [THEN] exception",
    -59 ALLOCATE "ALLOCATE failed",
    -60 FREE "FREE failed",
    -61 RESIZE "RESIZE failed",
    -62 CLOSE_FILE "CLOSE-FILE failed",
    -63 CREATE_FILE "CREATE-FILE failed",
    -64 DELETE_FILE "DELETE-FILE failed",
    -65 FILE_POSITION "FILE-POSITION failed",
    -66 FILE_SIZE "FILE-SIZE failed",
    -67 FILE_STATUS "FILE-STATUS failed",
    -68 FLUSH_FILE "FLUSH-FILE failed",
    -69 OPEN_FILE "OPEN-FILE failed",
    -70 READ_FILE "READ-FILE failed",
    -71 READ_LINE "READ-LINE failed",
    -72 RENAME_FILE "RENAME-FILE failed",
    -73 REPOSITION_FILE "REPOSITION-FILE failed",
    -74 RESIZE_FILE "RESIZE-FILE failed",
    -75 WRITE_FILE "WRITE-FILE failed",
    -76 WRITE_LINE "WRITE-LINE failed",
    -77 MALFORMED_XCHAR "malformed xchar",
    -78 SUBSTITUTE "SUBSTITUTE failed",
    -79 REPLACES "REPLACES failed",
}

/// Not a standard code: BYE unwinds with it, and CATCH lets it pass.
pub const BYE: Throw = Throw(-0x7fff_0000);

#[cfg(test)]
mod tests {
    /// The table is the standard's: -1 down to -79, one row each.
    #[test]
    fn every_standard_code_once_in_order() {
        for (k, (t, _, _)) in super::ALL.iter().enumerate() {
            assert_eq!(t.0, -(k as i64) - 1);
        }
        assert_eq!(super::ALL.len(), 79);
    }
}
