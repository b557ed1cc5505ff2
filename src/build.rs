//! The build script: how the `playforth` program is linked on Linux with
//! the GNU C library, so that a process that starts and stops maps few of
//! the program's pages (ARCHITECTURE.md, "Peak memory"). It changes the
//! layout only, never the code: any other system, or a linker it does not
//! know, links as Rust does by default.
//!
//! - `src/startup.ld` (written by `bench/startup-order.py` from profiles of
//!   start-up) gathers the functions start-up runs, and the read-only data
//!   it reads, in one place ahead of the rest, instead of one function in
//!   every 64 KiB of a 5 MB program (the kernel maps a file's pages 64 KiB
//!   around each page touched).
//! - Segments aligned to 64 KiB put those 64 KiB blocks where the layout
//!   expects them, whatever address the program is loaded at.
//! - Packed relative relocations (DT_RELR), where the C library this
//!   machine runs understands them (glibc 2.36 and later): the table the
//!   loader reads at start-up shrinks from 400 KB to 8 KB.
//!
//! `PLAYFORTH_PLAIN_LINK=1` links as Rust does by default (the profiles
//! are taken from such a build).

use std::env;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=src/build.rs");
    println!("cargo:rerun-if-changed=src/startup.ld");
    println!("cargo:rerun-if-env-changed=PLAYFORTH_PLAIN_LINK");
    let var = |name: &str| env::var(name).unwrap_or_default();
    if var("CARGO_CFG_TARGET_OS") != "linux" || var("CARGO_CFG_TARGET_ENV") != "gnu" {
        return;
    }
    if env::var_os("PLAYFORTH_PLAIN_LINK").is_some() {
        return;
    }
    // gold and mold do not read a script that adds to the default layout
    // (INSERT); GNU ld and LLD do.
    let flags = var("CARGO_ENCODED_RUSTFLAGS") + &var("RUSTC_LINKER");
    if flags.contains("gold") || flags.contains("mold") {
        return;
    }
    let script = Path::new(&var("CARGO_MANIFEST_DIR")).join("src/startup.ld");
    let script = script.to_string_lossy();
    // The C compiler splits -Wl, arguments at commas.
    if Path::new(&*script).exists() && !script.contains(',') {
        println!("cargo:rustc-link-arg-bin=playforth=-Wl,-T,{script}");
    }
    println!("cargo:rustc-link-arg-bin=playforth=-Wl,-z,max-page-size=65536");
    if var("HOST") == var("TARGET") && glibc_has_relr() {
        println!("cargo:rustc-link-arg-bin=playforth=-Wl,-z,pack-relative-relocs");
    }
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
