//! The web server: the page's files, and one WebSocket per page relayed
//! to that page's session process. One thread per connection; every read
//! and write has a timeout, every message and line a size limit.

use super::class::{self, ClassConfig, Guard};
use super::db;
use super::session;
use playforth::repl_line::{self as line, Class};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tungstenite::protocol::WebSocketConfig;
use tungstenite::{Message, WebSocket};

mod classroom;
use classroom::{Rates, teacher_api, welcome_and_join};

/// What the server was started with.
pub struct Config {
    pub addr: SocketAddr,
    pub max_sessions: usize,
    pub idle: Duration,
    pub files_bytes: u64,
    pub session: session::Options,
    /// The class, with `--class`.
    pub class: Option<ClassConfig>,
    /// A reverse proxy on this machine forwards the clients: their
    /// address is its X-Forwarded-For (or X-Real-IP).
    pub behind_proxy: bool,
    /// The most sessions from one address (0: no bound).
    pub max_per_address: usize,
}

/// The page, compiled in: no build step, nothing fetched (kept apart from
/// the data start-up reads: `text_in_section!`).
const PAGE: &[(&str, &str, &str)] = &[
    (
        "/",
        "text/html; charset=utf-8",
        playforth::text_in_section!(".rodata.cold", include_str!("page/index.html")),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        playforth::text_in_section!(".rodata.cold", include_str!("page/style.css")),
    ),
    (
        "/board.js",
        "text/javascript; charset=utf-8",
        playforth::text_in_section!(".rodata.cold", include_str!("page/board.js")),
    ),
    (
        "/turtle.js",
        "text/javascript; charset=utf-8",
        playforth::text_in_section!(".rodata.cold", include_str!("page/turtle.js")),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        playforth::text_in_section!(".rodata.cold", include_str!("page/app.js")),
    ),
    (
        "/teacher",
        "text/html; charset=utf-8",
        playforth::text_in_section!(".rodata.cold", include_str!("page/teacher.html")),
    ),
    (
        "/teacher.js",
        "text/javascript; charset=utf-8",
        playforth::text_in_section!(".rodata.cold", include_str!("page/teacher.js")),
    ),
];

/// The server's shared state.
struct Shared {
    config: Config,
    scratch_root: PathBuf,
    exe: PathBuf,
    sessions: AtomicUsize,
    connections: AtomicUsize,
    next_id: AtomicU64,
    stopping: Arc<AtomicBool>,
    /// Wrong join codes and new joins, per address.
    join_guards: class::JoinGuards,
    /// Wrong secrets on the teacher's page, per address.
    secret_guard: Guard,
    /// Sessions per address (with --max-per-address).
    per_address: PerAddress,
    /// Pages waiting to join a class, per address.
    waiting: PerAddress,
    /// The sessions of students the teacher removed, to be ended.
    removed: std::sync::Mutex<std::collections::HashSet<u64>>,
    /// The students with a session now: session id → student id.
    online: std::sync::Mutex<HashMap<u64, i64>>,
    /// Counts changes to the class's settings the sessions must hear of.
    class_changes: AtomicU64,
}

/// How many of something each address has (sessions, pages waiting to
/// join); a place is held while its `Place` lives.
#[derive(Default)]
struct PerAddress(std::sync::Mutex<HashMap<IpAddr, usize>>);

/// One address's place, given back when dropped.
struct Place<'a> {
    of: &'a PerAddress,
    ip: IpAddr,
}

impl PerAddress {
    /// A place for `ip`, unless it has `limit` already.
    fn take(&self, ip: IpAddr, limit: usize) -> Option<Place<'_>> {
        let mut counts = lock(&self.0);
        let n = counts.entry(ip).or_insert(0);
        if *n >= limit {
            return None;
        }
        *n += 1;
        Some(Place { of: self, ip })
    }
}

impl Drop for Place<'_> {
    fn drop(&mut self) {
        let mut counts = lock(&self.of.0);
        if let Some(n) = counts.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                counts.remove(&self.ip);
            }
        }
    }
}

/// One line in the server's log, on stderr, with the time (UTC).
fn log(what: &str) {
    let now = chrono::Utc::now().format("%Y-%m-%dT%H:%M:%SZ");
    eprintln!("{now} {what}");
}

pub fn run(config: Config) -> ExitCode {
    let listener = match TcpListener::bind(config.addr) {
        Ok(l) => l,
        Err(e) => {
            eprintln!(
                "playforth serve: cannot listen on {}: {e} (another program may have the port: try --addr 127.0.0.1:8081)",
                config.addr
            );
            return ExitCode::from(1);
        }
    };
    let addr = listener.local_addr().unwrap_or(config.addr);
    let exe = match std::env::current_exe() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("playforth serve: cannot find my own program to start sessions: {e}");
            return ExitCode::from(1);
        }
    };
    let scratch_root = std::env::temp_dir().join(format!("playforth-serve-{}", std::process::id()));
    if let Err(e) = make_private_dir(&scratch_root) {
        eprintln!(
            "playforth serve: cannot make {}: {e}",
            scratch_root.display()
        );
        return ExitCode::from(1);
    }
    let stopping = Arc::new(AtomicBool::new(false));
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        if let Err(e) = signal_hook::flag::register(sig, stopping.clone()) {
            eprintln!("playforth serve: cannot catch signal {sig}: {e}");
        }
    }
    let shown = if addr.ip().is_unspecified() {
        match lan_address() {
            Some(ip) => format!(
                "http://{ip}:{}/ (or http://localhost:{0}/ here)",
                addr.port()
            ),
            None => format!(
                "http://localhost:{}/ (and this computer's address on the network)",
                addr.port()
            ),
        }
    } else {
        format!("http://{addr}/")
    };
    println!("playforth serve: open {shown} in a browser; Ctrl-C stops the server");
    if let Some(c) = &config.class {
        match c.settings() {
            Ok(settings) => {
                let base = shown
                    .split(' ')
                    .next()
                    .unwrap_or(&shown)
                    .trim_end_matches('/');
                println!(
                    "class {}: students join with the code {}",
                    c.name, settings.join_code
                );
                println!(
                    "the teacher's page (keep this link to yourself): {base}/teacher#{}",
                    settings.secret
                );
            }
            Err(e) => {
                eprintln!("playforth serve: the class's records: {e}");
                return ExitCode::from(1);
            }
        }
    }
    let _ = std::io::stdout().flush();
    log(&format!(
        "listening on {addr}; at most {} sessions, {} s of CPU per line",
        config.max_sessions, config.session.line_cpu
    ));
    let shared = Arc::new(Shared {
        config,
        scratch_root,
        exe,
        sessions: AtomicUsize::new(0),
        connections: AtomicUsize::new(0),
        next_id: AtomicU64::new(1),
        stopping,
        join_guards: class::JoinGuards::default(),
        secret_guard: Guard::new(class::MAX_FAILURES),
        waiting: PerAddress::default(),
        per_address: PerAddress::default(),
        removed: std::sync::Mutex::new(std::collections::HashSet::new()),
        online: std::sync::Mutex::new(HashMap::new()),
        class_changes: AtomicU64::new(0),
    });
    if let Err(e) = listener.set_nonblocking(true) {
        eprintln!("playforth serve: {e}");
        return ExitCode::from(1);
    }
    // Connections that are not sessions (the page's files, a request
    // still coming) are cheap but not free: a generous cap, and 5 s to
    // send a request.
    let max_connections = shared.config.max_sessions * 2 + 1024;
    let mut threads = Vec::new();
    while !shared.stopping.load(Ordering::SeqCst) {
        match listener.accept() {
            Ok((stream, peer)) => {
                if shared.connections.load(Ordering::SeqCst) >= max_connections {
                    let mut stream = stream;
                    let _ = stream.set_nonblocking(false);
                    let _ = respond(
                        &mut stream,
                        503,
                        "text/plain",
                        b"busy: too many connections\n",
                    );
                    continue;
                }
                shared.connections.fetch_add(1, Ordering::SeqCst);
                let shared = shared.clone();
                threads.retain(|t: &std::thread::JoinHandle<()>| !t.is_finished());
                let spawned = std::thread::Builder::new()
                    .stack_size(512 * 1024)
                    .spawn(move || {
                        connection(stream, peer, &shared);
                        shared.connections.fetch_sub(1, Ordering::SeqCst);
                    });
                match spawned {
                    Ok(t) => threads.push(t),
                    Err(e) => log(&format!("cannot start a thread for {peer}: {e}")),
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(e) => {
                log(&format!("accept: {e}"));
                std::thread::sleep(Duration::from_millis(100));
            }
        }
    }
    log("stopping: closing the sessions");
    let deadline = Instant::now() + Duration::from_secs(5);
    for t in threads {
        while !t.is_finished() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    let _ = std::fs::remove_dir_all(&shared.scratch_root);
    log("stopped");
    ExitCode::SUCCESS
}

/// This computer's address on its network (the one a route to the
/// outside would use; no packet is sent).
fn lan_address() -> Option<IpAddr> {
    let probe = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    probe.connect("192.0.2.1:80").ok()?;
    let ip = probe.local_addr().ok()?.ip();
    (!ip.is_unspecified() && !ip.is_loopback()).then_some(ip)
}

/// A folder only this user may enter.
fn make_private_dir(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new().mode(0o700).create(path)
}

/// A whole HTTP response, and the connection closed.
fn respond(stream: &mut TcpStream, status: u16, kind: &str, body: &[u8]) -> std::io::Result<()> {
    let reason = match status {
        200 => "OK",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        413 => "Content Too Large",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        507 => "Insufficient Storage",
        _ => "Bad Request",
    };
    let head = format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\
         Connection: close\r\nCache-Control: no-cache\r\nX-Content-Type-Options: nosniff\r\n\
         Referrer-Policy: no-referrer\r\nX-Frame-Options: DENY\r\n\
         Content-Security-Policy: default-src 'self'; connect-src 'self'; img-src 'self' data: blob:; \
         style-src 'self'; script-src 'self'; frame-ancestors 'none'\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(body)?;
    stream.flush()?;
    let _ = stream.shutdown(std::net::Shutdown::Write);
    Ok(())
}

/// The request's head, peeked (a WebSocket handshake reads it again).
fn peek_head(stream: &TcpStream) -> Option<String> {
    let mut buf = vec![0u8; 8192];
    let started = Instant::now();
    loop {
        let n = stream.peek(&mut buf).ok()?;
        if n == 0 {
            return None;
        }
        if let Some(end) = buf[..n].windows(4).position(|w| w == b"\r\n\r\n") {
            return String::from_utf8(buf[..end + 4].to_vec()).ok();
        }
        if n == buf.len() || started.elapsed() > Duration::from_secs(5) {
            return None;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn connection(mut stream: TcpStream, peer: SocketAddr, shared: &Shared) {
    let _ = stream.set_nonblocking(false);
    let _ = stream.set_nodelay(true);
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    let _ = stream.set_write_timeout(Some(Duration::from_secs(10)));
    let Some(head) = peek_head(&stream) else {
        let _ = respond(&mut stream, 400, "text/plain", b"bad request\n");
        return;
    };
    let mut first = head.lines().next().unwrap_or("").split(' ');
    let (method, target) = (first.next().unwrap_or(""), first.next().unwrap_or(""));
    let path = target.split('?').next().unwrap_or("");
    let upgrade = head.lines().any(|l| {
        let l = l.to_ascii_lowercase();
        l.starts_with("upgrade:") && l.contains("websocket")
    });
    let ip = client_ip(peer, &head, shared.config.behind_proxy);
    if path == "/ws" && upgrade {
        websocket(stream, ip, shared);
        return;
    }
    // The head was only peeked: take it off before answering.
    let mut sink = vec![0u8; head.len()];
    let _ = stream.read_exact(&mut sink);
    if path.starts_with("/api/") {
        teacher_api(&mut stream, ip, shared, &head, method, target);
        return;
    }
    if path == "/teacher" && shared.config.class.is_none() {
        let _ = respond(
            &mut stream,
            404,
            "text/plain",
            b"this server runs no class: start it with --class NAME --data DIR\n",
        );
        return;
    }
    if method != "GET" && method != "HEAD" {
        let _ = respond(&mut stream, 405, "text/plain", b"only GET\n");
        return;
    }
    match PAGE.iter().find(|(p, _, _)| *p == path) {
        Some((_, kind, body)) => {
            let body = if method == "HEAD" {
                &b""[..]
            } else {
                body.as_bytes()
            };
            let _ = respond(&mut stream, 200, kind, body);
        }
        None if path == "/healthz" => {
            let _ = respond(&mut stream, 200, "text/plain", b"ok\n");
        }
        None => {
            let _ = respond(&mut stream, 404, "text/plain", b"not found\n");
        }
    }
}

/// A header of a request's head, by name (any case).
fn header(head: &str, name: &str) -> Option<String> {
    head.lines().find_map(|l| {
        let (k, v) = l.split_once(':')?;
        k.trim()
            .eq_ignore_ascii_case(name)
            .then(|| v.trim().to_string())
    })
}

/// The client's address: the peer's, or behind a reverse proxy on this
/// machine (`--behind-proxy`), the one the proxy names.
fn client_ip(peer: SocketAddr, head: &str, behind_proxy: bool) -> IpAddr {
    // An IPv4 peer on an IPv6 socket is ::ffff:a.b.c.d: the same address.
    let ip = peer.ip().to_canonical();
    if !behind_proxy || !ip.is_loopback() {
        return ip;
    }
    let header = |name: &str| header(head, name);
    // The proxy appends the address it saw last.
    header("x-forwarded-for")
        .and_then(|v| v.rsplit(',').next().map(|a| a.trim().to_string()))
        .or_else(|| header("x-real-ip"))
        .and_then(|a| a.parse::<IpAddr>().ok())
        .map_or(ip, |a| a.to_canonical())
}

fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// `playforth serve MODE --scratch DIR`, run in DIR with an empty
/// environment: a session's process, or a re-check's.
fn child_command(shared: &Shared, mode: &str, scratch: &Path) -> Command {
    let mut cmd = Command::new(&shared.exe);
    cmd.arg("serve")
        .arg(mode)
        .arg("--scratch")
        .arg(scratch)
        .current_dir(scratch)
        .env_clear()
        .env("LANG", "C.UTF-8")
        // One malloc arena: a hand-in's check thread would otherwise
        // reserve another 64 MiB of the session's address space.
        .env("MALLOC_ARENA_MAX", "1");
    cmd
}

/// Only pages from this server may open a session (a page elsewhere could
/// otherwise drive a student's session from the student's browser).
fn same_origin(req: &tungstenite::handshake::server::Request) -> bool {
    let get = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok());
    origin_is_host(get("origin"), get("host"))
}

/// A request from a page of this server: no Origin (not a browser's
/// cross-site request), or an Origin naming the Host it was sent to.
fn origin_is_host(origin: Option<&str>, host: Option<&str>) -> bool {
    match origin {
        None => true,
        Some(origin) => {
            let origin = origin
                .strip_prefix("http://")
                .or_else(|| origin.strip_prefix("https://"))
                .unwrap_or(origin);
            Some(origin) == host
        }
    }
}

/// A running session process and its pipes. Its stdout is read without
/// blocking, by the connection's own thread, when poll says so.
struct Proc {
    child: Child,
    stdin: ChildStdin,
    stdout: std::process::ChildStdout,
    /// Bytes of a message not ended yet.
    partial: Vec<u8>,
    /// A message past MAX_CHILD_MESSAGE is being skipped to its end.
    skipping: bool,
    scratch: PathBuf,
}

impl Proc {
    fn send(&mut self, msg: &Value) -> bool {
        let mut text = msg.to_string();
        text.push('\n');
        self.stdin.write_all(text.as_bytes()).is_ok() && self.stdin.flush().is_ok()
    }

    /// The messages that have come, and whether the session has ended
    /// (its stdout closed). Reads at most 256 KiB at a time, so that the
    /// page's messages are never kept waiting long.
    fn messages(&mut self) -> (Vec<Value>, bool) {
        let mut got = Vec::new();
        let mut chunk = [0u8; 16384];
        let mut read = 0;
        let gone = loop {
            if read >= 256 * 1024 {
                break false;
            }
            match self.stdout.read(&mut chunk) {
                Ok(0) => break true,
                Ok(n) => {
                    read += n;
                    let mut rest = &chunk[..n];
                    while let Some(nl) = rest.iter().position(|&b| b == b'\n') {
                        if !self.skipping {
                            self.partial.extend_from_slice(&rest[..nl]);
                            if let Ok(v) = serde_json::from_slice::<Value>(&self.partial) {
                                got.push(v);
                            }
                        }
                        self.partial.clear();
                        self.skipping = false;
                        rest = &rest[nl + 1..];
                    }
                    if !self.skipping {
                        self.partial.extend_from_slice(rest);
                        if self.partial.len() > MAX_CHILD_MESSAGE {
                            self.partial = Vec::new();
                            self.skipping = true;
                        }
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => break false,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => break true,
            }
        };
        (got, gone)
    }

    fn end(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.scratch);
    }
}

/// The longest message a session sends that is read; longer ones are
/// skipped (the session bounds its own, so none should be).
const MAX_CHILD_MESSAGE: usize = 4 << 20;

fn start_session(shared: &Shared, id: u64, student: Option<&db::Student>) -> std::io::Result<Proc> {
    let scratch = shared.scratch_root.join(format!("session-{id}"));
    make_private_dir(&scratch)?;
    let o = &shared.config.session;
    let mut cmd = child_command(shared, "--session", &scratch);
    cmd.arg(format!("--line-cpu={}", o.line_cpu))
        .arg(format!("--session-cpu={}", o.rlimits.cpu_seconds))
        .arg(format!("--session-memory={}", o.rlimits.memory >> 20))
        .arg(format!("--output-kib={}", o.out_cap / 1024))
        .arg(format!("--files-mib={}", o.rlimits.file_bytes >> 20));
    if let Some(seed) = o.seed {
        cmd.arg(format!("--seed={seed}"));
    }
    // A class's session learns its course and the student's place first.
    let setup = match (&shared.config.class, student) {
        (Some(class), Some(student)) => {
            cmd.arg("--classroom");
            let (current, passed) = class
                .db
                .progress(student.id, &class.course)
                .unwrap_or_default();
            let solutions = class.settings().map(|s| s.solutions).unwrap_or_default();
            Some(
                json!({"lessons": &*class.lessons().files, "current": current,
                        "passed": passed, "solutions": solutions}),
            )
        }
        _ => None,
    };
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let mut stdin = child.stdin.take().expect("piped");
    if let Some(setup) = setup {
        writeln!(stdin, "{setup}")?;
    }
    let stdout = child.stdout.take().expect("piped");
    let stderr = child.stderr.take().expect("piped");
    nix::fcntl::fcntl(
        &stdout,
        nix::fcntl::FcntlArg::F_SETFL(nix::fcntl::OFlag::O_NONBLOCK),
    )
    .map_err(std::io::Error::from)?;
    std::thread::spawn(move || {
        // What a session says on stderr (a Rust panic, a limit) is logged,
        // a little of it.
        let mut lines = BufReader::new(stderr).lines().map_while(Result::ok);
        for l in lines.by_ref().take(20) {
            log(&format!(
                "session {id} stderr: {}",
                l.chars().take(300).collect::<String>()
            ));
        }
        lines.for_each(drop);
    });
    Ok(Proc {
        child,
        stdin,
        stdout,
        partial: Vec::new(),
        skipping: false,
        scratch,
    })
}

/// A session's words, as the REPL keeps them for colours and completion.
struct Words {
    by_name: HashMap<String, (String, bool, Option<String>)>,
    base: i64,
}

impl Default for Words {
    /// Before the session's list came: numbers are still numbers.
    fn default() -> Words {
        Words {
            by_name: HashMap::new(),
            base: 10,
        }
    }
}

impl Words {
    fn update(&mut self, msg: &Value) {
        self.base = msg["base"].as_i64().unwrap_or(10);
        self.by_name.clear();
        for w in msg["list"].as_array().into_iter().flatten() {
            if let Some(name) = w[0].as_str() {
                let user = w[1].as_bool().unwrap_or(false);
                let effect = w[2].as_str().map(str::to_string);
                self.by_name
                    .insert(name.to_ascii_lowercase(), (name.to_string(), user, effect));
            }
        }
    }

    fn lookup(&self, name: &str) -> Option<bool> {
        self.by_name.get(&name.to_ascii_lowercase()).map(|w| w.1)
    }

    /// The line's pieces and the hint, as the terminal colours them.
    fn look(&self, text: &str, pos: usize) -> Value {
        if text.len() > line::LONG_LINE {
            return json!({"t": "look", "spans": [["space", text]], "hint": null});
        }
        let known = |w: &str| self.lookup(w);
        let starts = |lower: &str| self.by_name.keys().any(|k| k.starts_with(lower));
        let lookup = line::lookup_while_typing(text, pos, &known, &starts);
        let spans: Vec<Value> = line::classify(text, self.base, &lookup)
            .into_iter()
            .map(|(c, t)| json!([class_name(c), t]))
            .collect();
        let hint = line::hint(text, pos, &|w| {
            self.by_name
                .get(&w.to_ascii_lowercase())
                .and_then(|(_, _, e)| e.clone())
        });
        json!({"t": "look", "spans": spans, "hint": hint})
    }

    fn complete(&self, text: &str, pos: usize) -> Value {
        let list: Vec<(String, Option<String>)> = self
            .by_name
            .values()
            .map(|(n, _, e)| (n.clone(), e.clone()))
            .collect();
        let (start, pairs) = line::complete(text, pos, &list);
        let items: Vec<Value> = pairs
            .into_iter()
            .take(200)
            .map(|(d, r)| json!([d, r]))
            .collect();
        json!({"t": "complete", "start": utf16_index(text, start), "items": items})
    }
}

fn class_name(c: Class) -> &'static str {
    match c {
        Class::Builtin => "builtin",
        Class::User => "user",
        Class::Number => "number",
        Class::Text => "text",
        Class::Comment => "comment",
        Class::Unknown => "unknown",
        Class::NewName => "new",
        Class::Space => "space",
    }
}

/// The page counts positions in UTF-16 units, Rust in bytes.
fn byte_index(text: &str, utf16: usize) -> usize {
    let mut units = 0;
    for (i, c) in text.char_indices() {
        if units >= utf16 {
            return i;
        }
        units += c.len_utf16();
    }
    text.len()
}

fn utf16_index(text: &str, byte: usize) -> usize {
    text[..byte.min(text.len())].encode_utf16().count()
}

/// Why a session's process ended, in words for its student and the log.
fn ending(status: Option<std::process::ExitStatus>) -> String {
    use std::os::unix::process::ExitStatusExt;
    match status {
        Some(s) if s.signal() == Some(libc::SIGXCPU) || s.signal() == Some(libc::SIGKILL) => {
            "it used all the CPU time a session may have".to_string()
        }
        Some(s) if s.signal() == Some(libc::SIGABRT) => {
            "it ran out of the memory a session may have".to_string()
        }
        Some(s) if s.signal() == Some(libc::SIGSYS) => {
            "it made a forbidden system call".to_string()
        }
        Some(s) if s.signal() == Some(libc::SIGXFSZ) => {
            "it wrote a file larger than a session's files may be (--files-mib)".to_string()
        }
        Some(s) if s.signal() == Some(libc::SIGSEGV) => {
            "it ran out of the memory a session may have".to_string()
        }
        // Rust's exit status after a panic: a bug, which the log shows.
        Some(s) if s.code() == Some(101) => {
            "playforth itself failed (a bug: the server's log has the details)".to_string()
        }
        Some(s) => format!("its process ended ({s})"),
        None => "its process ended".to_string(),
    }
}

/// The size of the files in a session's folder (its top level, and
/// anything deeper counted as a block).
fn files_size(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .take(10_000)
                .map(|e| e.metadata().map_or(4096, |m| m.len().max(4096)))
                .sum()
        })
        .unwrap_or(0)
}

// The handshake's refusal is tungstenite's own (large) type.
#[allow(clippy::result_large_err)]
fn websocket(stream: TcpStream, ip: IpAddr, shared: &Shared) {
    let config = WebSocketConfig::default()
        .max_message_size(Some(2 * super::MAX_LINE + 4096))
        .max_frame_size(Some(2 * super::MAX_LINE + 4096))
        .max_write_buffer_size(8 << 20);
    let callback = |req: &tungstenite::handshake::server::Request,
                    resp: tungstenite::handshake::server::Response| {
        if same_origin(req) {
            Ok(resp)
        } else {
            let mut refuse = tungstenite::handshake::server::ErrorResponse::new(Some(
                "a page from another site may not open a session".to_string(),
            ));
            *refuse.status_mut() = tungstenite::http::StatusCode::FORBIDDEN;
            Err(refuse)
        }
    };
    let Ok(mut ws) = tungstenite::accept_hdr_with_config(stream, callback, Some(config)) else {
        return;
    };
    let id = shared.next_id.fetch_add(1, Ordering::SeqCst);
    let why = match welcome_and_join(&mut ws, shared, id, ip) {
        Ok(student) => session(&mut ws, shared, id, ip, student),
        Err(why) => why,
    };
    log(&format!("session {id} end: {why}"));
    // The last messages and the close frame, within the write timeout.
    let _ = ws.get_mut().set_nonblocking(false);
    let _ = ws.close(None);
    let _ = ws.flush();
}

/// The most sessions one student may have open at once (tabs, computers).
const MAX_SESSIONS_A_STUDENT: usize = 3;
/// Count the session in (or tell the page the class is full), then relay.
fn session(
    ws: &mut WebSocket<TcpStream>,
    shared: &Shared,
    id: u64,
    ip: IpAddr,
    student: Option<db::Student>,
) -> String {
    let max = shared.config.max_sessions;
    let full = |ws: &mut WebSocket<TcpStream>, why: String| {
        let _ = to_page(ws, &json!({"t": "full", "why": why}));
    };
    // A place for this address (bounded with --max-per-address), held
    // until the session ends.
    let limit = match shared.config.max_per_address {
        0 => usize::MAX,
        n => n,
    };
    let Some(_place) = shared.per_address.take(ip, limit) else {
        full(
            ws,
            format!(
                "this computer has {limit} sessions open already (--max-per-address): close one, or ask your teacher"
            ),
        );
        return format!("refused {ip}: {limit} sessions from it");
    };
    if shared.sessions.fetch_add(1, Ordering::SeqCst) >= max {
        shared.sessions.fetch_sub(1, Ordering::SeqCst);
        full(
            ws,
            format!(
                "the class is full: {max} sessions are open. Ask your teacher, or try again in a minute."
            ),
        );
        return format!("refused {ip}: {max} sessions already (--max-sessions)");
    }
    // A student's sessions are counted and this one taken in one step (two
    // tabs joining at once cannot both be the third).
    if let Some(s) = &student {
        let mut online = lock(&shared.online);
        let open = online.values().filter(|&&o| o == s.id).count();
        if open >= MAX_SESSIONS_A_STUDENT {
            drop(online);
            shared.sessions.fetch_sub(1, Ordering::SeqCst);
            full(
                ws,
                format!(
                    "you have {open} sessions open already (in other tabs or computers): close one, then reload this page"
                ),
            );
            return format!("refused {ip}: student {} has {open} sessions", s.id);
        }
        online.insert(id, s.id);
    }
    log(&format!(
        "session {id} start from {ip} ({} of {max})",
        shared.sessions.load(Ordering::SeqCst)
    ));
    let why = relay(ws, shared, id, student);
    lock(&shared.online).remove(&id);
    shared.sessions.fetch_sub(1, Ordering::SeqCst);
    why
}

/// Queue a message for the page and write what can be written now: a page
/// that reads slowly keeps it queued (tungstenite's buffer, bounded by
/// `max_write_buffer_size`); an error means the page is gone.
fn to_page(ws: &mut WebSocket<TcpStream>, msg: &Value) -> Result<(), String> {
    let would_block = |e: &tungstenite::Error| matches!(e, tungstenite::Error::Io(io) if io.kind() == std::io::ErrorKind::WouldBlock);
    match ws.write(Message::text(msg.to_string())) {
        Ok(()) => {}
        Err(e) if would_block(&e) => {}
        Err(e) => return Err(format!("the page's connection: {e}")),
    }
    match ws.flush() {
        Ok(()) => Ok(()),
        Err(e) if would_block(&e) => Ok(()),
        Err(e) => Err(format!("the page's connection: {e}")),
    }
}

/// How long a page may leave its messages unread before it is taken for
/// gone.
const STALLED: Duration = Duration::from_secs(30);

/// One page and its session, while they last.
struct Relay<'a> {
    ws: &'a mut WebSocket<TcpStream>,
    shared: &'a Shared,
    id: u64,
    proc: Option<Proc>,
    words: Words,
    last_active: Instant,
    last_files: Instant,
    /// The student, in a class.
    student: Option<db::Student>,
    /// Comments given back after this time are news to the student.
    returned_after: String,
    last_returned: Instant,
    /// The class's settings changes seen.
    class_changes: u64,
    /// The page asked to share: the session's program is on its way.
    share_pending: bool,
    /// What a session may do a minute.
    rate: Rates,
    /// When the student's last activity was written.
    last_seen_written: Instant,
    /// The student's program, to be kept; when it was last written.
    pending_defs: Option<(String, String)>,
    last_defs: Instant,
}

impl Relay<'_> {
    fn send(&mut self, msg: &Value) -> Result<(), String> {
        to_page(self.ws, msg)
    }

    fn tell_session(&mut self, msg: &Value) {
        if let Some(p) = &mut self.proc {
            p.send(msg);
        }
    }

    fn end_session(&mut self) {
        if let Some(p) = self.proc.take() {
            p.end();
        }
    }

    /// A message from the page.
    fn on_page(&mut self, text: &str) -> Result<(), String> {
        self.last_active = Instant::now();
        // Malformed and unknown messages are ignored.
        let Ok(msg) = serde_json::from_str::<Value>(text) else {
            return Ok(());
        };
        match msg["t"].as_str() {
            Some("line") => {
                let Some(s) = msg["s"].as_str() else {
                    return Ok(());
                };
                if s.len() > super::MAX_LINE {
                    self.send(&json!({"t": "err", "s": format!(
                        "(that line is {} KiB; a line may be at most {} KiB)\n",
                        s.len() / 1024,
                        super::MAX_LINE / 1024
                    )}))?;
                    self.send(&json!({"t": "ready", "ok": null}))?;
                } else {
                    // A text of several lines comes as its lines.
                    for l in s.split('\n') {
                        self.tell_session(&json!({"t": "line", "s": l.trim_end_matches('\r')}));
                    }
                }
            }
            Some("stop") => self.tell_session(&json!({"t": "stop"})),
            Some("size") => {
                let cols = msg["cols"].as_u64().unwrap_or(80);
                self.tell_session(&json!({"t": "size", "cols": cols}));
            }
            Some(kind @ ("look" | "complete")) => {
                let s = msg["s"].as_str().unwrap_or("");
                let pos = byte_index(s, msg["pos"].as_u64().unwrap_or(0) as usize);
                let mut reply = if kind == "look" {
                    self.words.look(s, pos)
                } else {
                    self.words.complete(s, pos)
                };
                reply["id"] = msg["id"].clone();
                self.send(&reply)?;
            }
            Some("share") => {
                self.share_pending = true;
                self.tell_session(&json!({"t": "program"}));
            }
            Some(kind @ ("handin" | "open-share" | "restore")) => self.class_message(kind, &msg)?,
            Some("restart") => {
                self.end_session();
                match start_session(self.shared, self.id, self.student.as_ref()) {
                    Ok(p) => {
                        self.proc = Some(p);
                        log(&format!("session {} restarted", self.id));
                        self.send(&json!({"t": "restarted"}))?;
                    }
                    Err(e) => self.send(&json!({"t": "ended", "why": format!(
                        "the server could not start a session: {e}"
                    )}))?,
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// A message from the session.
    fn on_session(&mut self, msg: Value) -> Result<(), String> {
        let id = self.id;
        match msg["t"].as_str() {
            Some("words") => self.words.update(&msg),
            Some("limit") => log(&format!(
                "session {id} limit: {}",
                msg["what"].as_str().unwrap_or("?")
            )),
            Some("hello") => log(&format!("session {id} fenced: {}", msg["fences"])),
            Some("program") => self.shared_program(&msg)?,
            Some("handin-refused") => {
                let why = msg["why"].as_str().unwrap_or("the hand-in was refused");
                self.send(&json!({"t": "err", "s": format!("({why})\n")}))?;
            }
            Some(kind @ ("checked" | "lesson" | "defs" | "error" | "handed")) => {
                self.class_record(kind, &msg)?;
            }
            Some(_) => self.send(&msg)?,
            None => {}
        }
        Ok(())
    }

    /// The session's process ended: tell the page why, unless it was BYE.
    fn session_gone(&mut self) -> Result<(), String> {
        let Some(mut p) = self.proc.take() else {
            return Ok(());
        };
        let mut status = None;
        for _ in 0..20 {
            status = p.child.try_wait().ok().flatten();
            if status.is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        p.end();
        if !status.is_some_and(|s| s.success()) {
            let why = ending(status);
            log(&format!("session {} limit: {why}", self.id));
            self.send(&json!({"t": "ended", "why": format!("the session stopped: {why}")}))?;
        }
        Ok(())
    }

    /// Limits checked from time to time: idleness, the session's files.
    fn checks(&mut self) -> Result<(), String> {
        let c = &self.shared.config;
        if self.shared.stopping.load(Ordering::SeqCst) {
            self.send(&json!({"t": "ended", "why": "the server is stopping"}))?;
            return Err("the server stopped".to_string());
        }
        if self.last_active.elapsed() > c.idle {
            let idle = match c.idle.as_secs() {
                s if s % 60 == 0 => format!("{} minutes", s / 60),
                s => format!("{s} seconds"),
            };
            self.send(&json!({"t": "ended", "why": format!("nothing was typed for {idle}")}))?;
            return Err("idle".to_string());
        }
        if self.last_returned.elapsed() > Duration::from_secs(2) {
            self.last_returned = Instant::now();
            self.class_news()?;
        }
        if self.last_files.elapsed() > Duration::from_secs(2)
            && let Some(p) = &self.proc
        {
            self.last_files = Instant::now();
            let mib = c.files_bytes >> 20;
            if files_size(&p.scratch) > c.files_bytes {
                log(&format!("session {} limit: files over {mib} MiB", self.id));
                self.end_session();
                self.send(&json!({"t": "ended", "why": format!(
                    "its files passed the {mib} MiB a session may keep"
                )}))?;
            }
        }
        Ok(())
    }

    /// Wait (poll) for the page, the session or the time to look again;
    /// then do what came. Returns why the relay ends.
    fn run(&mut self) -> String {
        use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
        use std::os::fd::AsFd;
        let mut stalled: Option<Instant> = None;
        loop {
            if let Err(why) = self.checks() {
                return why;
            }
            // While the page has not taken what was sent, the session is
            // not read: it waits, its output in its pipe.
            let (page_ready, session_ready) = {
                let socket = self.ws.get_ref().as_fd();
                let mut fds = vec![PollFd::new(
                    socket,
                    if stalled.is_some() {
                        PollFlags::POLLIN | PollFlags::POLLOUT
                    } else {
                        PollFlags::POLLIN
                    },
                )];
                if stalled.is_none()
                    && let Some(p) = &self.proc
                {
                    fds.push(PollFd::new(p.stdout.as_fd(), PollFlags::POLLIN));
                }
                let _ = poll(&mut fds, PollTimeout::from(250u16));
                let any = |f: &PollFd| f.revents().is_some_and(|r| !r.is_empty());
                (any(&fds[0]), fds.get(1).is_some_and(any))
            };
            if page_ready {
                loop {
                    match self.ws.read() {
                        Ok(Message::Text(text)) => {
                            if let Err(why) = self.on_page(text.as_str()) {
                                return why;
                            }
                        }
                        Ok(Message::Close(_)) => return "the page closed".to_string(),
                        Ok(_) => {}
                        Err(tungstenite::Error::Io(e))
                            if e.kind() == std::io::ErrorKind::WouldBlock =>
                        {
                            break;
                        }
                        Err(
                            tungstenite::Error::ConnectionClosed
                            | tungstenite::Error::AlreadyClosed,
                        ) => return "the page closed".to_string(),
                        Err(e) => return format!("the page's connection: {e}"),
                    }
                }
            }
            if session_ready && let Some(p) = &mut self.proc {
                let (msgs, gone) = p.messages();
                for m in msgs {
                    if let Err(why) = self.on_session(m) {
                        return why;
                    }
                }
                if gone && let Err(why) = self.session_gone() {
                    return why;
                }
            }
            match self.ws.flush() {
                Ok(()) => stalled = None,
                Err(tungstenite::Error::Io(e)) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    let since = *stalled.get_or_insert_with(Instant::now);
                    if since.elapsed() > STALLED {
                        return "the page stopped reading".to_string();
                    }
                }
                Err(e) => return format!("the page's connection: {e}"),
            }
        }
    }
}

/// A moment long enough ago that what waits for it is due.
fn long_ago() -> Instant {
    let now = Instant::now();
    now.checked_sub(Duration::from_secs(60)).unwrap_or(now)
}

/// Relay between the page and its session until one of them ends; the
/// reason, for the log.
fn relay(
    ws: &mut WebSocket<TcpStream>,
    shared: &Shared,
    id: u64,
    student: Option<db::Student>,
) -> String {
    let proc = match start_session(shared, id, student.as_ref()) {
        Ok(p) => p,
        Err(e) => {
            let _ = to_page(
                ws,
                &json!({"t": "ended", "why": format!("the server could not start a session: {e}")}),
            );
            return format!("could not start: {e}");
        }
    };
    let mut relay = Relay {
        ws,
        shared,
        id,
        proc: Some(proc),
        words: Words::default(),
        last_active: Instant::now(),
        last_files: Instant::now(),
        student,
        returned_after: String::new(),
        // The comments given back so far come at once.
        last_returned: long_ago(),
        class_changes: shared.class_changes.load(Ordering::SeqCst),
        share_pending: false,
        rate: Rates::default(),
        last_seen_written: long_ago(),
        pending_defs: None,
        last_defs: long_ago(),
    };
    let why = relay.run();
    relay.end_session();
    relay.keep_definitions();
    if let Some(s) = &relay.student
        && let Some(class) = &shared.config.class
    {
        let _ = class.db.seen(s.id);
    }
    lock(&shared.removed).remove(&id);
    why
}
