//! The `playforth` command: options, then the script and its arguments,
//! like python. Only this file and the REPL talk to the user directly.

use clap::Parser;
use playforth::{Forth, ForthError, Outcome};
use std::io::IsTerminal;
use std::process::ExitCode;

mod repl;

/// A friendly Forth for learning stack programming by playing board games.
#[derive(Parser, Debug)]
#[command(name = "playforth", version, about, long_about = None)]
struct Cli {
    /// Evaluate CODE before FILE (repeatable, run in order).
    #[arg(short = 'e', value_name = "CODE")]
    eval: Vec<String>,
    /// Stay in the REPL after running -e code or FILE.
    #[arg(short = 'i')]
    interactive: bool,
    /// Seed the random generator (RANDOM, CHOOSE), making every run repeatable.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Trace the word NAME (repeatable): each time it runs, print every step
    /// with the stack after it. The word may be defined later by FILE.
    #[arg(long, value_name = "NAME")]
    trace: Vec<String>,
    /// The script to run, then its own arguments (see `argc`, `arg`, `next-arg`).
    #[arg(
        value_name = "FILE [ARGS]...",
        trailing_var_arg = true,
        allow_hyphen_values = true
    )]
    script: Vec<String>,
}

fn report(e: &ForthError) {
    eprintln!("{e}");
}

/// Ctrl-C raises a flag that running Forth code checks; it never kills the process.
fn catch_interrupts() {
    extern "C" fn on_sigint(_: libc::c_int) {
        playforth::vm::INTERRUPT.store(true, std::sync::atomic::Ordering::Relaxed);
    }
    // SAFETY: the handler only stores to an atomic, which is signal-safe.
    unsafe {
        libc::signal(libc::SIGINT, on_sigint as *const () as libc::sighandler_t);
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    catch_interrupts();
    let mut forth = Forth::new();
    if let Some(seed) = cli.seed {
        forth.set_seed(seed);
    }
    for name in &cli.trace {
        forth.trace_name(name);
    }
    let (file, args) = match cli.script.split_first() {
        Some((f, rest)) => (Some(f.clone()), rest.to_vec()),
        None => (None, vec![]),
    };
    forth.set_args("playforth", &args);

    let finish = |r: Result<Outcome, ForthError>| -> Option<ExitCode> {
        match r {
            Ok(Outcome::Continue) => None,
            Ok(Outcome::Bye(code)) => Some(ExitCode::from(code as u8)),
            Err(e) => {
                report(&e);
                Some(ExitCode::from(1))
            }
        }
    };
    for code in &cli.eval {
        if let Some(exit) = finish(forth.run_code("-e", code)) {
            return exit;
        }
    }
    if let Some(path) = &file
        && let Some(exit) = finish(forth.run_file(path))
    {
        return exit;
    }
    let nothing_else = file.is_none() && cli.eval.is_empty();
    if cli.interactive || nothing_else {
        if std::io::stdin().is_terminal() {
            return repl::run(&mut forth);
        }
        let mut failed = false;
        let outcome = forth.run_stdin(|e| {
            failed = true;
            report(e);
        });
        return match outcome {
            Outcome::Bye(code) => ExitCode::from(code as u8),
            Outcome::Continue if failed => ExitCode::from(1),
            Outcome::Continue => ExitCode::SUCCESS,
        };
    }
    ExitCode::SUCCESS
}
