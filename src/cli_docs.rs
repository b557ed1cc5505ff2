//! What a command is expected to offer besides its work: completions for
//! the user's shell (`--completions SHELL`) and a manual page (`--man`),
//! both generated from the command's clap definition, so they say what
//! `--help` says. Used by both binaries, `playforth` and
//! `playforth-referee`, which pass their standard output and error in.

use clap_complete::Shell;
use std::io::Write;

/// The completion script of `cmd` for `shell`.
pub fn completions(mut cmd: clap::Command, shell: Shell) -> Vec<u8> {
    let name = cmd.get_name().to_string();
    // Into memory first: the generators panic when a write fails, and a
    // closed stdout must not make the program panic.
    let mut text = vec![];
    clap_complete::generate(shell, &mut cmd, name, &mut text);
    text
}

/// The manual page of `cmd` in roff: the sections clap_mangen makes from
/// the definition (name, synopsis, description, options), the commands,
/// then `extra` (more sections, already in roff), then the version.
pub fn man_page(cmd: clap::Command, extra: &str) -> Vec<u8> {
    // `help` as a subcommand is --help by another name: not listed.
    let cmd = cmd.disable_help_subcommand(true);
    let man = clap_mangen::Man::new(cmd.clone()).manual("User Commands");
    let mut page = vec![];
    // Writing into a Vec cannot fail.
    let _ = man.render_title(&mut page);
    let _ = man.render_name_section(&mut page);
    let _ = man.render_synopsis_section(&mut page);
    let _ = man.render_description_section(&mut page);
    let _ = man.render_options_section(&mut page);
    page.extend_from_slice(commands_section(&cmd).as_bytes());
    page.extend_from_slice(extra.as_bytes());
    let _ = man.render_version_section(&mut page);
    page
}

/// The COMMANDS section: each subcommand with its arguments and what it
/// does. (clap_mangen's own section points at a manual page per
/// subcommand, which there is not.)
fn commands_section(cmd: &clap::Command) -> String {
    let mut section = String::new();
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        if section.is_empty() {
            section.push_str(".SH COMMANDS\n");
        }
        let mut line = format!("\\fB{}\\fR", roff_text(sub.get_name()));
        for arg in sub.get_positionals() {
            let names = arg.get_value_names().unwrap_or_default();
            let name = names.first().map_or(arg.get_id().as_str(), |n| n.as_str());
            line.push_str(&format!(" \\fI{}\\fR", roff_text(&name.to_uppercase())));
        }
        let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
        section.push_str(&format!(".TP\n{line}\n{}\n", roff_text(&about)));
    }
    section
}

/// Text as roff shows it literally: hyphens that are not line breaks,
/// backslashes that are not escapes.
fn roff_text(text: &str) -> String {
    text.replace('\\', "\\e").replace('-', "\\-")
}

/// `--completions SHELL` and `--man` of the binary `program`: the text on
/// `out` (its standard output); an output that cannot be written is said on
/// `err` with status 1, and a reader that went away is quiet, with status
/// 141 as for `yes | head`.
pub fn write_generated(
    program: &str,
    text: &[u8],
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> std::process::ExitCode {
    match out.write_all(text).and_then(|()| out.flush()) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::ExitCode::from(141),
        Err(e) => {
            let _ = writeln!(err, "{program}: cannot write the output: {e}");
            std::process::ExitCode::from(1)
        }
    }
}
