//! gforth's copy of John Hayes' core test suite, run through playforth's
//! own `{ -> }` tester (tests/forth/tester.fs). The suite ships in Debian's
//! gforth-common package; CI installs it and sets PLAYFORTH_REQUIRE_CORETEST
//! so that a missing file fails instead of being skipped.

use playforth::{Forth, Outcome};

const CORETEST: &str = "/usr/share/gforth/0.7.3/test/coretest.fs";

#[test]
fn gforth_coretest_passes_completely() {
    if !std::path::Path::new(CORETEST).exists() {
        let msg = format!(
            "\n\n!!! {CORETEST} is missing: the core test suite did NOT run.\n\
             !!! Install it with `apt-get install gforth-common`.\n"
        );
        if std::env::var_os("PLAYFORTH_REQUIRE_CORETEST").is_some() {
            panic!("{msg}");
        }
        eprintln!("{msg}");
        return;
    }
    let (mut forth, out) = Forth::for_test(b"");
    let tester = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/forth/tester.fs");
    let code = format!("include {tester} include {CORETEST} decimal .results");
    let r = forth.run_code("coretest", &code);
    let text = out.take();
    assert_eq!(r, Ok(Outcome::Continue), "coretest stopped early:\n{text}");
    assert!(
        text.contains("passed: 639 failed: 0"),
        "expected all 639 tests to pass, got:\n{text}"
    );
}
