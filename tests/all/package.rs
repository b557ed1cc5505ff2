//! The Debian package, as a school's IT would install it: built from
//! Cargo.toml's `[package.metadata.deb]` (the list `cargo deb` reads) with
//! dpkg-deb, installed with dpkg into a folder standing for the root of a
//! machine, its systemd unit checked by systemd-analyze, and the installed
//! `playforth serve` answering a WebSocket. Needs dpkg (every Debian and
//! Ubuntu); elsewhere it skips loudly.

use std::path::{Path, PathBuf};
use std::process::Command;

fn have(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Run a command; its stdout, or a failure with what it said.
fn run(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?}: {}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Where an asset of the package comes from: the binaries the tests run,
/// the rest from the source tree.
fn source(root: &Path, asset: &str) -> PathBuf {
    match asset {
        "target/release/playforth" => PathBuf::from(env!("CARGO_BIN_EXE_playforth")),
        "target/release/playforth-referee" => {
            PathBuf::from(env!("CARGO_BIN_EXE_playforth-referee"))
        }
        other => root.join(other),
    }
}

#[test]
fn the_debian_package_installs_the_server_as_a_service() {
    if !have("dpkg-deb") || !have("dpkg") {
        eprintln!("\n!!! SKIPPED: dpkg is not installed: the Debian package was NOT built.\n");
        return;
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let manifest: toml::Table = std::fs::read_to_string(root.join("Cargo.toml"))
        .unwrap()
        .parse()
        .unwrap();
    let deb = &manifest["package"]["metadata"]["deb"];
    let work = std::env::temp_dir().join(format!("playforth-deb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    let (pkg, machine) = (work.join("pkg"), work.join("machine"));
    // The files, where the metadata puts them.
    for asset in deb["assets"].as_array().unwrap() {
        let [from, to, mode] = [0, 1, 2].map(|i| asset[i].as_str().unwrap());
        let from = source(&root, from);
        let to = if to.ends_with('/') {
            pkg.join(to).join(from.file_name().unwrap())
        } else {
            pkg.join(to)
        };
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(&from, &to).unwrap_or_else(|e| panic!("{}: {e}", from.display()));
        use std::os::unix::fs::PermissionsExt;
        let mode = u32::from_str_radix(mode, 8).unwrap();
        std::fs::set_permissions(&to, std::fs::Permissions::from_mode(mode)).unwrap();
    }
    // The systemd unit, as cargo-deb finds it: UNIT-NAME.service in the
    // unit-scripts folder.
    let units = &deb["systemd-units"];
    let name = units["unit-name"].as_str().unwrap();
    let unit = root
        .join(units["unit-scripts"].as_str().unwrap())
        .join(format!("{name}.service"));
    let system = pkg.join("usr/lib/systemd/system");
    std::fs::create_dir_all(&system).unwrap();
    std::fs::copy(&unit, system.join(format!("{name}.service"))).unwrap();
    // The control file (cargo-deb works out Depends itself; here libc).
    let arch = run(Command::new("dpkg").arg("--print-architecture"));
    std::fs::create_dir_all(pkg.join("DEBIAN")).unwrap();
    let description = deb["extended-description"]
        .as_str()
        .unwrap()
        .replace('\n', " ");
    std::fs::write(
        pkg.join("DEBIAN/control"),
        format!(
            "Package: playforth\nVersion: {}\nArchitecture: {}\nMaintainer: {}\nSection: {}\n\
             Priority: {}\nDepends: libc6\nDescription: {}\n {}\n",
            env!("CARGO_PKG_VERSION"),
            arch.trim(),
            deb["maintainer"].as_str().unwrap(),
            deb["section"].as_str().unwrap(),
            deb["priority"].as_str().unwrap(),
            manifest["package"]["description"].as_str().unwrap(),
            description
        ),
    )
    .unwrap();
    let file = work.join("playforth.deb");
    run(Command::new("dpkg-deb")
        .arg("--root-owner-group")
        // Fast compression: the test checks the contents, not the size.
        .args(["-Zgzip", "-z1"])
        .arg("--build")
        .arg(&pkg)
        .arg(&file));
    // Installed into a machine of its own (dpkg's database included).
    for dir in ["var/lib/dpkg/info", "var/lib/dpkg/updates"] {
        std::fs::create_dir_all(machine.join(dir)).unwrap();
    }
    std::fs::write(machine.join("var/lib/dpkg/status"), "").unwrap();
    run(Command::new("dpkg")
        .arg(format!("--root={}", machine.display()))
        .args([
            "--force-not-root",
            "--force-bad-path",
            "--force-depends",
            "--log=/dev/null",
            "-i",
        ])
        .arg(&file));
    let status = run(Command::new("dpkg")
        .arg(format!("--root={}", machine.display()))
        .args(["-s", "playforth"]));
    assert!(status.contains("Status: install ok installed"), "{status}");
    let installed = machine.join("usr/bin/playforth");
    for path in [
        "usr/bin/playforth-referee",
        "usr/share/man/man1/playforth.1",
        "usr/share/doc/playforth/serve.md",
        "usr/lib/systemd/system/playforth-serve.service",
    ] {
        assert!(machine.join(path).exists(), "{path} was not installed");
    }
    // The unit is one systemd accepts (with ExecStart pointing where the
    // program was installed here), and runs the server unprivileged.
    let unit_text =
        std::fs::read_to_string(machine.join("usr/lib/systemd/system/playforth-serve.service"))
            .unwrap();
    assert!(unit_text.contains("ExecStart=/usr/bin/playforth serve"));
    assert!(unit_text.contains("DynamicUser=yes"));
    if have("systemd-analyze") {
        let check = work.join(format!("{name}.service"));
        std::fs::write(
            &check,
            unit_text.replace("/usr/bin/playforth", installed.to_str().unwrap()),
        )
        .unwrap();
        run(Command::new("systemd-analyze")
            .args(["verify", "--man=no"])
            .arg(&check));
    } else {
        eprintln!("\n!!! SKIPPED: systemd-analyze is not installed: the unit was not verified.\n");
    }
    // The installed program serves.
    let mut child = Command::new(&installed)
        .args(["serve", "--addr", "127.0.0.1:0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stdout.take().unwrap()),
        &mut first,
    )
    .unwrap();
    let addr = first
        .split("http://")
        .nth(1)
        .unwrap()
        .split('/')
        .next()
        .unwrap()
        .to_string();
    let (mut ws, _) = tungstenite::connect(format!("ws://{addr}/ws")).unwrap();
    ws.send(tungstenite::Message::text(r#"{"t":"line","s":"2 3 + ."}"#))
        .unwrap();
    let mut out = String::new();
    loop {
        let msg: serde_json::Value = match ws.read().unwrap() {
            tungstenite::Message::Text(t) => serde_json::from_str(t.as_str()).unwrap(),
            _ => continue,
        };
        if msg["t"] == "out" {
            out.push_str(msg["s"].as_str().unwrap());
        }
        if msg["t"] == "ready" && msg["ok"].is_string() {
            break;
        }
    }
    assert_eq!(out, "5 ");
    // SIGTERM, as systemd stops it: the server removes its sessions'
    // folders and exits 0.
    // SAFETY: a signal to our own child process, not yet reaped.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let status = child.wait().unwrap();
    assert!(status.success(), "{status}");
    let _ = std::fs::remove_dir_all(&work);
}
