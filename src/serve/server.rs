//! The web server: the page's files, and one WebSocket per page relayed
//! to that page's session process. One thread per connection; every read
//! and write has a timeout, every message and line a size limit.

use super::session;
use playforth::repl_line::{self as line, Class};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::time::{Duration, Instant};
use tungstenite::protocol::WebSocketConfig;
use tungstenite::{Message, WebSocket};

/// What the server was started with.
pub struct Config {
    pub addr: SocketAddr,
    pub max_sessions: usize,
    pub idle: Duration,
    pub files_bytes: u64,
    pub session: session::Options,
}

/// The page, compiled in: no build step, nothing fetched.
const PAGE: &[(&str, &str, &str)] = &[
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("page/index.html"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("page/style.css"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("page/app.js"),
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
        format!(
            "http://localhost:{}/ (and this computer's address on the network)",
            addr.port()
        )
    } else {
        format!("http://{addr}/")
    };
    println!("playforth serve: open {shown} in a browser; Ctrl-C stops the server");
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
    });
    if let Err(e) = listener.set_nonblocking(true) {
        eprintln!("playforth serve: {e}");
        return ExitCode::from(1);
    }
    let max_connections = shared.config.max_sessions * 2 + 32;
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
                threads.push(std::thread::spawn(move || {
                    connection(stream, peer, &shared);
                    shared.connections.fetch_sub(1, Ordering::SeqCst);
                }));
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

/// A folder only this user may enter.
fn make_private_dir(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new().mode(0o700).create(path)
}

/// A whole HTTP response, and the connection closed.
fn respond(stream: &mut TcpStream, status: u16, kind: &str, body: &[u8]) -> std::io::Result<()> {
    let reason = match status {
        200 => "OK",
        404 => "Not Found",
        405 => "Method Not Allowed",
        503 => "Service Unavailable",
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
        if n == buf.len() || started.elapsed() > Duration::from_secs(10) {
            return None;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn connection(mut stream: TcpStream, peer: SocketAddr, shared: &Shared) {
    let _ = stream.set_nonblocking(false);
    let _ = stream.set_nodelay(true);
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
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
    if path == "/ws" && upgrade {
        websocket(stream, peer, shared);
        return;
    }
    // The head was only peeked: take it off before answering.
    let mut sink = vec![0u8; head.len()];
    let _ = stream.read_exact(&mut sink);
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

/// Only pages from this server may open a session (a page elsewhere could
/// otherwise drive a student's session from the student's browser).
fn same_origin(req: &tungstenite::handshake::server::Request) -> bool {
    let host = req.headers().get("host").and_then(|h| h.to_str().ok());
    match req.headers().get("origin").and_then(|o| o.to_str().ok()) {
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

/// What a session thread waits for.
enum Event {
    Child(Value),
    Gone,
}

/// A running session process and its pipes.
struct Proc {
    child: Child,
    stdin: ChildStdin,
    events: Receiver<Event>,
    scratch: PathBuf,
}

impl Proc {
    fn send(&mut self, msg: &Value) -> bool {
        let mut text = msg.to_string();
        text.push('\n');
        self.stdin.write_all(text.as_bytes()).is_ok() && self.stdin.flush().is_ok()
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

fn start_session(shared: &Shared, id: u64) -> std::io::Result<Proc> {
    let scratch = shared.scratch_root.join(format!("session-{id}"));
    make_private_dir(&scratch)?;
    let o = &shared.config.session;
    let mut cmd = Command::new(&shared.exe);
    cmd.arg("serve")
        .arg("--session")
        .arg("--scratch")
        .arg(&scratch)
        .arg(format!("--line-cpu={}", o.line_cpu))
        .arg(format!("--session-cpu={}", o.rlimits.cpu_seconds))
        .arg(format!("--session-memory={}", o.rlimits.memory >> 20))
        .arg(format!("--output-kib={}", o.out_cap / 1024))
        .arg(format!("--files-mib={}", o.rlimits.file_bytes >> 20));
    if let Some(seed) = o.seed {
        cmd.arg(format!("--seed={seed}"));
    }
    let mut child = cmd
        .current_dir(&scratch)
        .env_clear()
        .env("LANG", "C.UTF-8")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let stdin = child.stdin.take().expect("piped");
    let stdout = child.stdout.take().expect("piped");
    let stderr = child.stderr.take().expect("piped");
    // A bounded queue: a page that reads slowly slows its session down.
    let (tx, rx) = sync_channel::<Event>(64);
    std::thread::spawn(move || read_child(stdout, tx));
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
        events: rx,
        scratch,
    })
}

fn read_child(stdout: std::process::ChildStdout, tx: SyncSender<Event>) {
    let mut r = BufReader::new(stdout);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match (&mut r)
            .take(MAX_CHILD_MESSAGE as u64)
            .read_until(b'\n', &mut buf)
        {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if buf.last() != Some(&b'\n') {
            continue;
        }
        if let Ok(v) = serde_json::from_slice::<Value>(&buf)
            && tx.send(Event::Child(v)).is_err()
        {
            return;
        }
    }
    let _ = tx.send(Event::Gone);
}

/// A session's words, as the REPL keeps them for colours and completion.
#[derive(Default)]
struct Words {
    by_name: HashMap<String, (String, bool, Option<String>)>,
    base: i64,
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
        let typing = line::word_being_typed(text, pos);
        let lookup = |w: &str| {
            self.lookup(w).or_else(|| {
                let lower = w.to_ascii_lowercase();
                (Some(w) == typing && self.by_name.keys().any(|k| k.starts_with(&lower)))
                    .then_some(false)
            })
        };
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
fn websocket(stream: TcpStream, peer: SocketAddr, shared: &Shared) {
    let config = WebSocketConfig::default()
        .max_message_size(Some(2 * super::MAX_LINE + 4096))
        .max_frame_size(Some(2 * super::MAX_LINE + 4096));
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
    // Count this session in, or tell the student the class is full.
    let max = shared.config.max_sessions;
    if shared.sessions.fetch_add(1, Ordering::SeqCst) >= max {
        shared.sessions.fetch_sub(1, Ordering::SeqCst);
        log(&format!(
            "refused {peer}: {max} sessions already (--max-sessions)"
        ));
        let _ = ws.send(Message::text(
            json!({"t": "full", "why": format!("the class is full: {max} sessions are open. Ask your teacher, or try again in a minute.")}).to_string(),
        ));
        let _ = ws.close(None);
        let _ = ws.flush();
        return;
    }
    let id = shared.next_id.fetch_add(1, Ordering::SeqCst);
    log(&format!(
        "session {id} start from {peer} ({} of {max})",
        shared.sessions.load(Ordering::SeqCst)
    ));
    let why = relay(&mut ws, shared, id);
    log(&format!("session {id} end: {why}"));
    shared.sessions.fetch_sub(1, Ordering::SeqCst);
    let _ = ws.close(None);
    let _ = ws.flush();
}

/// Send a message to the page; false when the page is gone.
fn to_page(ws: &mut WebSocket<TcpStream>, msg: &Value) -> bool {
    ws.send(Message::text(msg.to_string())).is_ok()
}

/// Relay between the page and its session until one of them ends; the
/// reason, for the log.
fn relay(ws: &mut WebSocket<TcpStream>, shared: &Shared, id: u64) -> String {
    let _ = ws
        .get_mut()
        .set_read_timeout(Some(Duration::from_millis(15)));
    let mut proc = match start_session(shared, id) {
        Ok(p) => Some(p),
        Err(e) => {
            let _ = to_page(
                ws,
                &json!({"t": "ended", "why": format!("the server could not start a session: {e}")}),
            );
            return format!("could not start: {e}");
        }
    };
    let mut words = Words::default();
    let mut last_active = Instant::now();
    let mut last_files = Instant::now();
    let c = &shared.config;
    let limits = json!({
        "line_cpu": c.session.line_cpu,
        "output_kib": c.session.out_cap / 1024,
        "idle_minutes": c.idle.as_secs() / 60,
        "max_line": super::MAX_LINE,
    });
    if !to_page(
        ws,
        &json!({"t": "welcome", "protocol": 1, "session": id, "limits": limits}),
    ) {
        if let Some(p) = proc {
            p.end();
        }
        return "the page left at once".to_string();
    }
    let reason = loop {
        if shared.stopping.load(Ordering::SeqCst) {
            let _ = to_page(ws, &json!({"t": "ended", "why": "the server is stopping"}));
            break "the server stopped".to_string();
        }
        if last_active.elapsed() > c.idle {
            let _ = to_page(
                ws,
                &json!({"t": "ended", "why": format!("nothing was typed for {} minutes", c.idle.as_secs() / 60)}),
            );
            break "idle".to_string();
        }
        // The page's messages.
        match ws.read() {
            Ok(Message::Text(text)) => {
                last_active = Instant::now();
                let Ok(msg) = serde_json::from_str::<Value>(text.as_str()) else {
                    continue;
                };
                match msg["t"].as_str() {
                    Some("line") => {
                        // A malformed message is ignored, as an unknown one is.
                        let Some(s) = msg["s"].as_str() else {
                            continue;
                        };
                        if s.len() > super::MAX_LINE {
                            let _ = to_page(
                                ws,
                                &json!({"t": "err", "s": format!("(that line is {} KiB; a line may be at most {} KiB)\n", s.len() / 1024, super::MAX_LINE / 1024)}),
                            );
                            let _ = to_page(ws, &json!({"t": "ready", "ok": null}));
                        } else if let Some(p) = &mut proc {
                            // One line at a time: a pasted text comes as its lines.
                            for l in s.split('\n') {
                                p.send(&json!({"t": "line", "s": l.trim_end_matches('\r')}));
                            }
                        }
                    }
                    Some("stop") => {
                        if let Some(p) = &mut proc {
                            p.send(&json!({"t": "stop"}));
                        }
                    }
                    Some("size") => {
                        if let Some(p) = &mut proc {
                            p.send(
                                &json!({"t": "size", "cols": msg["cols"].as_u64().unwrap_or(80)}),
                            );
                        }
                    }
                    Some("look") => {
                        let s = msg["s"].as_str().unwrap_or("");
                        let pos = byte_index(s, msg["pos"].as_u64().unwrap_or(0) as usize);
                        let mut reply = words.look(s, pos);
                        reply["id"] = msg["id"].clone();
                        if !to_page(ws, &reply) {
                            break "the page left".to_string();
                        }
                    }
                    Some("complete") => {
                        let s = msg["s"].as_str().unwrap_or("");
                        let pos = byte_index(s, msg["pos"].as_u64().unwrap_or(0) as usize);
                        let mut reply = words.complete(s, pos);
                        reply["id"] = msg["id"].clone();
                        if !to_page(ws, &reply) {
                            break "the page left".to_string();
                        }
                    }
                    Some("restart") => {
                        if let Some(p) = proc.take() {
                            p.end();
                        }
                        match start_session(shared, id) {
                            Ok(p) => {
                                proc = Some(p);
                                log(&format!("session {id} restarted"));
                                let _ = to_page(ws, &json!({"t": "restarted"}));
                            }
                            Err(e) => {
                                let _ = to_page(
                                    ws,
                                    &json!({"t": "ended", "why": format!("the server could not start a session: {e}")}),
                                );
                            }
                        }
                    }
                    _ => {}
                }
            }
            Ok(Message::Close(_)) => break "the page closed".to_string(),
            Ok(_) => {}
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(e) => break format!("the page's connection: {e}"),
        }
        // The session's messages.
        let mut gone = false;
        if let Some(p) = &proc {
            for _ in 0..64 {
                match p.events.try_recv() {
                    Ok(Event::Child(msg)) => match msg["t"].as_str() {
                        Some("words") => words.update(&msg),
                        Some("limit") => {
                            log(&format!(
                                "session {id} limit: {}",
                                msg["what"].as_str().unwrap_or("?")
                            ));
                        }
                        Some("hello") => {
                            log(&format!("session {id} fenced: {}", msg["fences"]));
                        }
                        Some(_) if !to_page(ws, &msg) => break,
                        Some(_) => {}
                        None => {}
                    },
                    Ok(Event::Gone) => {
                        gone = true;
                        break;
                    }
                    Err(_) => break,
                }
            }
        }
        if last_files.elapsed() > Duration::from_secs(2)
            && let Some(p) = &proc
        {
            last_files = Instant::now();
            if files_size(&p.scratch) > shared.config.files_bytes {
                log(&format!(
                    "session {id} limit: files over {} MiB",
                    shared.config.files_bytes >> 20
                ));
                let _ = to_page(
                    ws,
                    &json!({"t": "ended", "why": format!("its files passed the {} MiB a session may keep", shared.config.files_bytes >> 20)}),
                );
                if let Some(p) = proc.take() {
                    p.end();
                }
            }
        }
        if gone && let Some(mut p) = proc.take() {
            let status = p.child.try_wait().ok().flatten().or_else(|| {
                std::thread::sleep(Duration::from_millis(50));
                p.child.try_wait().ok().flatten()
            });
            let bye = status.is_some_and(|s| s.success());
            if !bye {
                let why = ending(status);
                log(&format!("session {id} limit: {why}"));
                let _ = to_page(
                    ws,
                    &json!({"t": "ended", "why": format!("the session stopped: {why}")}),
                );
            }
            p.end();
        }
        if ws.flush().is_err() {
            break "the page's connection broke".to_string();
        }
    };
    if let Some(p) = proc {
        p.end();
    }
    reason
}
