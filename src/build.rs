//! The build script: how the `playforth` program is linked on Linux with
//! the GNU C library, so that a process that starts and stops maps few of
//! the program's pages (ARCHITECTURE.md, "Peak memory"). It changes the
//! layout only, never the code: any other system, or a linker that does
//! not take the script, links as Rust does by default.
//!
//! - `src/startup.ld` (written by `bench/startup-order.py` from profiles of
//!   start-up) gathers the functions start-up runs, and the read-only data
//!   it reads, in one place ahead of the rest, instead of one function in
//!   every 64 KiB of a 5 MB program (the kernel maps a file's pages 64 KiB
//!   around each page touched); texts start-up never reads go after the
//!   rest.
//! - Segments aligned to 64 KiB put those 64 KiB blocks where the layout
//!   expects them, whatever address the program is loaded at.
//! - Packed relative relocations (DT_RELR), where the C library this
//!   machine runs understands them (glibc 2.36 and later): the table the
//!   loader reads at start-up shrinks from 400 KB to 8 KB. Such a program
//!   does not start with an older glibc: `PLAYFORTH_PLAIN_LINK=1` for a
//!   program to copy to older systems.
//!
//! `PLAYFORTH_PLAIN_LINK=1` links as Rust does by default (the profiles
//! are taken from such a build). When the layout is used, the tests are
//! told so (`PLAYFORTH_LAYOUT`, read by tests/all/layout.rs).

use std::env;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn main() {
    println!("cargo:rerun-if-changed=src/build.rs");
    println!("cargo:rerun-if-changed=src/startup.ld");
    println!("cargo:rerun-if-env-changed=PLAYFORTH_PLAIN_LINK");
    let var = |name: &str| env::var(name).unwrap_or_default();
    if var("CARGO_CFG_TARGET_OS") != "linux" || var("CARGO_CFG_TARGET_ENV") != "gnu" {
        return;
    }
    if !matches!(var("PLAYFORTH_PLAIN_LINK").as_str(), "" | "0") {
        return;
    }
    let flags = var("CARGO_ENCODED_RUSTFLAGS") + &var("RUSTC_LINKER");
    // gold and mold do not read a script that adds to the default layout
    // (INSERT); GNU ld and LLD do.
    if flags.contains("gold") || flags.contains("mold") {
        return;
    }
    let script = Path::new(&var("CARGO_MANIFEST_DIR")).join("src/startup.ld");
    let script_arg = script.to_string_lossy();
    // The C compiler splits -Wl, arguments at commas.
    if !script.exists() || script_arg.contains(',') {
        return;
    }
    let args = [
        format!("-Wl,-T,{script_arg}"),
        "-Wl,-z,max-page-size=65536".to_string(),
    ];
    // A linker that is gold or mold under another name (/usr/bin/ld, a
    // wrapper) refuses the script: try it on an empty program first.
    if !links(&args) {
        println!(
            "cargo:warning=the linker does not take src/startup.ld: playforth is linked with Rust's layout (more memory per process)"
        );
        return;
    }
    for arg in &args {
        println!("cargo:rustc-link-arg-bin=playforth={arg}");
    }
    println!("cargo:rustc-env=PLAYFORTH_LAYOUT=startup");
    // Not when linking against another system's libraries (a sysroot, zig).
    let elsewhere = flags.contains("sysroot") || flags.contains("zig");
    if var("HOST") == var("TARGET") && !elsewhere && glibc_has_relr() {
        println!("cargo:rustc-link-arg-bin=playforth=-Wl,-z,pack-relative-relocs");
    }
}

/// Whether the C compiler Cargo links with (or `cc`) links an empty
/// program with `args`.
fn links(args: &[String]) -> bool {
    let out = PathBuf::from(env::var("OUT_DIR").unwrap_or_default());
    let source = out.join("probe.c");
    if std::fs::write(&source, "int main(void) { return 0; }\n").is_err() {
        return false;
    }
    let cc = env::var("RUSTC_LINKER").unwrap_or_else(|_| "cc".to_string());
    Command::new(cc)
        .arg(&source)
        .arg("-o")
        .arg(out.join("probe"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Whether the C library this build script runs on, which is the one the
/// program will run on when it is built for this machine, reads packed
/// relative relocations (glibc 2.36 and later).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn glibc_has_relr() -> bool {
    unsafe extern "C" {
        fn gnu_get_libc_version() -> *const std::ffi::c_char;
    }
    // SAFETY: glibc returns a static NUL-terminated string.
    let version = unsafe { std::ffi::CStr::from_ptr(gnu_get_libc_version()) };
    let mut parts = version.to_str().unwrap_or("").split('.');
    let major: u32 = parts.next().and_then(|p| p.parse().ok()).unwrap_or(0);
    let minor: u32 = parts.next().and_then(|p| p.parse().ok()).unwrap_or(0);
    (major, minor) >= (2, 36)
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn glibc_has_relr() -> bool {
    false
}
