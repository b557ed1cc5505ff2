//! The interactive REPL: read a line with rustyline, interpret it, answer
//! ` ok` (or ` compiled` inside a definition). Errors are reported and the
//! session goes on; history is kept in the user's data directory.

use playforth::{Forth, Outcome};
use rustyline::DefaultEditor;
use rustyline::error::ReadlineError;
use std::path::PathBuf;
use std::process::ExitCode;

fn history_path() -> Option<PathBuf> {
    let dir = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    Some(dir.join("playforth").join("history"))
}

pub fn run(forth: &mut Forth) -> ExitCode {
    let Ok(mut rl) = DefaultEditor::new() else {
        eprintln!("playforth: cannot open the terminal for the REPL");
        return ExitCode::from(1);
    };
    let history = history_path();
    if let Some(h) = &history {
        let _ = rl.load_history(h);
    }
    println!(
        "playforth {} — type `bye` or Ctrl-D to leave.",
        env!("CARGO_PKG_VERSION")
    );
    let code = loop {
        let prompt = if forth.in_definition() { "... " } else { "" };
        match rl.readline(prompt) {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = rl.add_history_entry(line.as_str());
                }
                match forth.interpret_line(&line) {
                    Ok(Outcome::Continue) => {
                        if forth.in_definition() {
                            println!(" compiled");
                        } else {
                            println!(" ok");
                        }
                    }
                    Ok(Outcome::Bye(code)) => break ExitCode::from(code as u8),
                    Err(e) => eprintln!("{e}"),
                }
            }
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("playforth: {e}");
                break ExitCode::from(1);
            }
        }
    };
    if let Some(h) = &history {
        if let Some(dir) = h.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = rl.save_history(h);
    }
    code
}
