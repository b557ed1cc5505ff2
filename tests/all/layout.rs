//! How the program is linked (src/build.rs, ARCHITECTURE.md "Peak memory"):
//! on Linux with the GNU C library, start-up's code and read-only data are
//! laid out ahead of the rest (src/startup.ld), in segments aligned to
//! 64 KiB. These tests read the section and program headers of the
//! binary the other tests run (ELF64, little-endian), so a build that
//! quietly stopped using the script fails here, not in a memory figure
//! nobody measures. The build script says when it used the script
//! (`PLAYFORTH_LAYOUT`); when it did not (`PLAYFORTH_PLAIN_LINK=1`, a
//! linker that refuses the script) the first test says SKIPPED.

#![cfg(all(target_os = "linux", target_env = "gnu", target_endian = "little"))]

struct Elf {
    /// Name, address, size.
    sections: Vec<(String, u64, u64)>,
    /// Flags, address, size in memory, alignment.
    loads: Vec<(u64, u64, u64, u64)>,
}

fn u16_at(b: &[u8], at: usize) -> usize {
    u16::from_le_bytes([b[at], b[at + 1]]) as usize
}

fn u32_at(b: &[u8], at: usize) -> u64 {
    u64::from(u32::from_le_bytes(b[at..at + 4].try_into().unwrap()))
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().unwrap())
}

fn read_elf(path: &str) -> Elf {
    let b = std::fs::read(path).unwrap();
    assert_eq!(&b[..5], b"\x7fELF\x02", "{path} is not a 64-bit ELF file");
    let (phoff, shoff) = (u64_at(&b, 0x20) as usize, u64_at(&b, 0x28) as usize);
    let (phentsize, phnum) = (u16_at(&b, 0x36), u16_at(&b, 0x38));
    let (shentsize, shnum, shstrndx) = (u16_at(&b, 0x3a), u16_at(&b, 0x3c), u16_at(&b, 0x3e));
    let strtab = shoff + shstrndx * shentsize;
    let names_at = u64_at(&b, strtab + 0x18) as usize;
    let sections = (0..shnum)
        .map(|i| {
            let h = shoff + i * shentsize;
            let name = &b[names_at + u32_at(&b, h) as usize..];
            let name = &name[..name.iter().position(|&c| c == 0).unwrap()];
            let name = String::from_utf8_lossy(name).into_owned();
            (name, u64_at(&b, h + 0x10), u64_at(&b, h + 0x20))
        })
        .collect();
    let loads = (0..phnum)
        .map(|i| phoff + i * phentsize)
        .filter(|&h| u32_at(&b, h) == 1) // PT_LOAD
        .map(|h| {
            (
                u32_at(&b, h + 4),
                u64_at(&b, h + 0x10),
                u64_at(&b, h + 0x28),
                u64_at(&b, h + 0x30),
            )
        })
        .collect();
    Elf { sections, loads }
}

#[test]
fn start_up_code_and_data_are_laid_out_together() {
    if option_env!("PLAYFORTH_LAYOUT").is_none() {
        eprintln!(
            "SKIPPED: the build script linked playforth without src/startup.ld (PLAYFORTH_PLAIN_LINK, or a linker that refuses it)"
        );
        return;
    }
    let elf = read_elf(env!("CARGO_BIN_EXE_playforth"));
    let section = |name: &str| {
        elf.sections
            .iter()
            .find(|s| s.0 == name)
            .map(|s| (s.1, s.2))
    };
    // The script's sections exist and hold something: start-up runs
    // several hundred functions even in this (less optimised) test build,
    // whatever the script's names for them still match.
    let (_, text) =
        section(".text.startup").expect("no .text.startup: src/startup.ld was not used");
    let (rodata_at, rodata) =
        section(".rodata.startup").expect("no .rodata.startup: src/startup.ld was not used");
    let (_, cold) = section(".rodata.cold").expect("no .rodata.cold: src/startup.ld was not used");
    assert!(text > 64 * 1024, ".text.startup has only {text} bytes");
    assert!(
        rodata > 16 * 1024,
        ".rodata.startup has only {rodata} bytes"
    );
    assert!(cold > 64 * 1024, ".rodata.cold has only {cold} bytes");
    let aligns: Vec<u64> = elf.loads.iter().map(|l| l.3).collect();
    assert!(
        aligns.iter().all(|&a| a == 0x10000),
        "segments aligned to {aligns:?}"
    );
    // The script puts no data in the segment of code (PF_X = 1) that the
    // rest of the read-only data is not in too (GNU ld on AArch64 keeps
    // both in one segment by default; on x86-64 they are apart).
    let executable = |at: u64| {
        let load = elf
            .loads
            .iter()
            .find(|l| l.1 <= at && at < l.1 + l.2)
            .expect("in no segment");
        load.0 & 1 != 0
    };
    let (others_at, _) = section(".rodata").expect("no .rodata");
    assert_eq!(
        executable(rodata_at),
        executable(others_at),
        ".rodata.startup is in an executable segment, the rest of the read-only data is not"
    );
}

#[test]
fn the_startup_script_names_the_functions_it_places() {
    // Each placement names a function section, by a name with its hash left
    // out or kept (bench/startup-order.py), in the two output sections.
    let script =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/startup.ld")).unwrap();
    let placements = script
        .lines()
        .filter(|l| l.trim_start().starts_with("*(.text."))
        .count();
    assert!(
        placements > 300,
        "src/startup.ld places {placements} functions"
    );
    assert!(
        script.contains("} INSERT BEFORE .text;") && script.contains("} INSERT BEFORE .rodata;")
    );
}
