//! Every example that `help` shows runs without an error in a fresh
//! system (with a line of scripted input for the words that read keys).

use playforth::{Forth, Outcome};

#[test]
fn every_help_example_runs() {
    let mut names: Vec<String> = playforth::words::all_specs()
        .map(|s| s.name.to_string())
        .collect();
    names.extend(
        playforth::glossary::prelude_entries()
            .into_iter()
            .map(|e| e.name),
    );
    let mut checked = 0;
    let mut failures = Vec::new();
    for name in names.iter().filter(|n| !n.starts_with('(')) {
        let (mut probe, _) = Forth::for_test(b"");
        let Some(example) = probe.word_info(name).and_then(|i| i.example) else {
            continue;
        };
        let (mut f, _out) = Forth::for_test(b"a line of input\nanother\n");
        match f.interpret_input(&example) {
            Ok(Outcome::Continue | Outcome::Bye(_)) => checked += 1,
            Err(e) => failures.push(format!("help {name}: `{example}`\n{e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} examples fail:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    assert!(checked > 300, "only {checked} examples ran");
}
