//! `playforth serve` as its clients use it: a real server process, real
//! WebSocket connections speaking docs/protocol.md, real session processes
//! behind them (the browser itself is in `browser.rs`).

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// A running `playforth serve` on a free port.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`
    pub addr: String,
    log: Arc<Mutex<String>>,
}

impl Server {
    pub fn start(extra: &[&str]) -> Server {
        Server::start_saying(extra, 1).0
    }

    /// Start, and read the first `lines` lines it prints (a class's
    /// server prints its join code and the teacher's link after the
    /// address).
    pub fn start_saying(extra: &[&str], lines: usize) -> (Server, Vec<String>) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_playforth"))
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start playforth serve");
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut said = Vec::new();
        for _ in 0..lines {
            let mut l = String::new();
            out.read_line(&mut l).unwrap();
            said.push(l.trim_end().to_string());
        }
        let first = said[0].clone();
        let addr = first
            .split("http://")
            .nth(1)
            .and_then(|r| r.split('/').next())
            .unwrap_or_else(|| panic!("no address in {first:?}"))
            .to_string();
        let log = Arc::new(Mutex::new(String::new()));
        let stderr = child.stderr.take().unwrap();
        let keep = log.clone();
        std::thread::spawn(move || {
            for l in BufReader::new(stderr).lines().map_while(Result::ok) {
                let mut k = keep.lock().unwrap();
                k.push_str(&l);
                k.push('\n');
            }
        });
        (Server { child, addr, log }, said)
    }

    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// A connection, before its first message.
    pub fn connect_raw(&self) -> Client {
        let (mut ws, _) = tungstenite::connect(format!("ws://{}/ws", self.addr)).expect("connect");
        if let MaybeTlsStream::Plain(s) = ws.get_mut() {
            // Long: on a loaded machine a line stopped by its CPU budget (CPU
            // seconds, not wall-clock ones) can take a while to end.
            s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
        }
        Client { ws }
    }

    /// A connection to a session ready for its first line.
    pub fn connect(&self) -> Client {
        let mut c = self.connect_raw();
        let hello = c.until(|m| m["t"] == "ready" || m["t"] == "full");
        assert!(
            hello
                .iter()
                .any(|m| m["t"] == "welcome" || m["t"] == "full"),
            "{hello:?}"
        );
        c
    }

    pub fn log(&self) -> String {
        self.log.lock().unwrap().clone()
    }

    /// The log once it has a line with `needle` (it comes through a pipe
    /// and a thread: a little after what it tells of).
    pub fn log_with(&self, needle: &str) -> String {
        for _ in 0..200 {
            let log = self.log();
            if log.contains(needle) {
                return log;
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        panic!("no `{needle}` in the log:\n{}", self.log());
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The server's session processes (its children).
    pub fn children(&self) -> Vec<u32> {
        let me = self.child.id().to_string();
        std::fs::read_dir("/proc")
            .unwrap()
            .flatten()
            .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
            .filter(|pid| {
                // The field after the state, past the name in parentheses.
                std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
                    s.rsplit(')')
                        .next()
                        .and_then(|r| r.split_whitespace().nth(1))
                        == Some(&me)
                })
            })
            .collect()
    }

    /// SIGKILL, as a crash or a pulled plug would end it: nothing is
    /// cleaned up.
    pub fn kill_now(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// SIGTERM, and wait for the server to end; its exit status.
    pub fn stop(mut self) -> std::process::ExitStatus {
        // SAFETY: a signal to our own child process.
        unsafe { libc::kill(self.child.id() as i32, libc::SIGTERM) };
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "the server did not stop on SIGTERM"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Server {
    /// SIGTERM first, so that the server removes its sessions' folders;
    /// SIGKILL if it has not ended after a few seconds.
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(Some(_))) {
            return;
        }
        // SAFETY: a signal to our own child process, not yet reaped.
        unsafe { libc::kill(self.child.id() as i32, libc::SIGTERM) };
        for _ in 0..100 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub struct Client {
    pub ws: WebSocket<MaybeTlsStream<TcpStream>>,
}

impl Client {
    pub fn send(&mut self, msg: Value) {
        self.ws.send(Message::text(msg.to_string())).expect("send");
    }

    /// The messages up to and including the first that `done` accepts.
    pub fn until(&mut self, done: impl Fn(&Value) -> bool) -> Vec<Value> {
        let mut got = Vec::new();
        loop {
            let msg = match self.ws.read() {
                Ok(Message::Text(t)) => serde_json::from_str::<Value>(t.as_str()).unwrap(),
                Ok(Message::Close(_)) => panic!("closed after {got:?}"),
                Ok(_) => continue,
                Err(e) => panic!("{e} after {got:?}"),
            };
            let end = done(&msg);
            got.push(msg);
            if end {
                return got;
            }
        }
    }

    /// Type a line; the messages until the session is ready again (or
    /// waits for input, or ends).
    pub fn line(&mut self, s: &str) -> Vec<Value> {
        self.send(json!({"t": "line", "s": s}));
        self.until(|m| {
            matches!(
                m["t"].as_str(),
                Some("ready" | "more" | "input" | "ended" | "bye")
            )
        })
    }
}

/// All the text of out and err messages.
pub fn text(msgs: &[Value]) -> String {
    msgs.iter()
        .filter(|m| m["t"] == "out" || m["t"] == "err")
        .map(|m| m["s"].as_str().unwrap_or(""))
        .collect()
}

fn ready(msgs: &[Value]) -> &Value {
    msgs.iter()
        .rev()
        .find(|m| m["t"] == "ready")
        .expect("a ready message")
}

#[test]
fn a_line_runs_and_the_stack_comes_back() {
    let server = Server::start(&[]);
    let mut c = server.connect();
    let r = c.line("2 3 + .");
    assert_eq!(text(&r), "5 ");
    assert_eq!(ready(&r)["ok"], " ok <0>");
    let r = c.line("1 2 1.5e");
    assert_eq!(ready(&r)["stack"], json!([1, 2]));
    assert_eq!(ready(&r)["floats"], json!([1.5]));
    // A definition over two lines waits for its end, as in the terminal.
    let r = c.line(": sq ( n -- n*n )");
    assert_eq!(r.last().unwrap()["t"], "more", "{r:?}");
    c.send(json!({"t": "line", "s": "dup * ;"}));
    let r = c.until(|m| m["t"] == "ready");
    assert_eq!(ready(&r)["ok"], " ok <2> 1 2 F: <1> 1.5");
    let r = c.line("sq . drop");
    assert_eq!(text(&r), "4 ");
    // An error is the REPL's report, coloured, and the session goes on.
    let r = c.line("nosuchword");
    let report = text(&r);
    assert!(report.contains("undefined word `nosuchword`"), "{report}");
    assert!(report.contains("-13"), "{report}");
    assert_eq!(ready(&r)["ok"], Value::Null);
    assert_eq!(text(&c.line("7 .")), "7 ");
}

#[test]
fn colours_hints_and_completion_come_from_the_sessions_words() {
    let server = Server::start(&[]);
    let mut c = server.connect();
    c.line(": greet .\" hi\" ;");
    c.send(json!({"t": "look", "id": 7, "s": "greet dup nosuch 42 ( c )", "pos": 9}));
    let r = c.until(|m| m["t"] == "look");
    let look = r.last().unwrap();
    assert_eq!(look["id"], 7);
    assert_eq!(
        look["spans"],
        json!([
            ["user", "greet"],
            ["space", " "],
            ["builtin", "dup"],
            ["space", " "],
            ["unknown", "nosuch"],
            ["space", " "],
            ["number", "42"],
            ["space", " "],
            ["comment", "( c )"]
        ])
    );
    c.send(json!({"t": "look", "id": 8, "s": "swap", "pos": 4}));
    let r = c.until(|m| m["t"] == "look");
    assert_eq!(r.last().unwrap()["hint"], "  ( x1 x2 -- x2 x1 )");
    // Positions are UTF-16 units, as the page counts them.
    c.send(json!({"t": "complete", "id": 9, "s": "é gre", "pos": 5}));
    let r = c.until(|m| m["t"] == "complete");
    let done = r.last().unwrap();
    assert_eq!(done["start"], 2);
    assert_eq!(done["items"][0][1], "greet");
}

#[test]
fn stop_ends_a_runaway_and_the_session_goes_on() {
    let server = Server::start(&[]);
    let mut c = server.connect();
    c.send(json!({"t": "line", "s": "begin again"}));
    std::thread::sleep(Duration::from_millis(300));
    c.send(json!({"t": "stop"}));
    let r = c.until(|m| m["t"] == "ready");
    assert!(text(&r).contains("-28"), "{r:?}");
    assert_eq!(text(&c.line("1 2 + .")), "3 ");
}

#[test]
fn accept_waits_for_the_next_line() {
    let server = Server::start(&[]);
    let mut c = server.connect();
    let r = c.line("pad 20 accept pad swap type");
    assert_eq!(r.last().unwrap()["t"], "input");
    let r = c.line("an answer");
    assert_eq!(text(&r), "an answer");
    // Stop ends the wait too.
    let r = c.line("pad 20 accept");
    assert_eq!(r.last().unwrap()["t"], "input");
    c.send(json!({"t": "stop"}));
    let r = c.until(|m| m["t"] == "ready");
    assert!(text(&r).contains("-28"), "{r:?}");
}

#[test]
fn the_cpu_budget_and_the_output_cap_stop_a_line() {
    let server = Server::start(&["--line-cpu", "1", "--output-kib", "16"]);
    let mut c = server.connect();
    let r = c.line(": spin begin again ; spin");
    assert!(text(&r).contains("stopped by the server"), "{r:?}");
    let r = c.line("begin 1 . again");
    let all = text(&r);
    assert!(all.contains("output cut"), "{all}");
    let out: usize = r
        .iter()
        .filter(|m| m["t"] == "out")
        .map(|m| m["s"].as_str().unwrap().len())
        .sum();
    assert!(out <= 16 * 1024, "{out} bytes of output");
    assert_eq!(text(&c.line("5 .")), "5 ");
    server.log_with("limit: a line used its 1 s of CPU");
    server.log_with("limit: a line wrote more than 16 KiB");
}

#[test]
fn sessions_are_fenced_from_the_server_and_each_other() {
    let server = Server::start(&[]);
    let mut a = server.connect();
    let mut b = server.connect();
    // Each session has its own dictionary.
    a.line(": secret 42 ;");
    assert_eq!(text(&a.line("secret .")), "42 ");
    assert!(text(&b.line("secret")).contains("undefined word"));
    // A session may keep files in its own folder ...
    let r = a.line(
        r#"s" mine.txt" w/o create-file throw value f  s" hello" f write-file throw  f close-file throw  s" mine.txt" r/o open-file . close-file ."#,
    );
    assert_eq!(text(&r), "0 0 ");
    // ... which another session cannot read, nor the server's files, nor
    // anything else on the computer.
    let root = format!("/tmp/playforth-serve-{}", server.pid());
    let theirs = std::fs::read_dir(&root)
        .unwrap()
        .flatten()
        .map(|e| e.path().join("mine.txt"))
        .find(|p| p.exists())
        .expect("session a's file");
    for path in [
        theirs.to_str().unwrap(),
        "/etc/passwd",
        env!("CARGO_MANIFEST_DIR"),
    ] {
        let r = b.line(&format!("s\" {path}\" r/o open-file nip 0= ."));
        assert_eq!(text(&r), "0 ", "{path} could be opened: {r:?}");
    }
    // No shell.
    let r = b.line(r#"s" touch /tmp/pwned" system"#);
    assert!(text(&r).contains("error"), "{r:?}");
    // The example games are compiled in and still load.
    let r = b.line("include examples/othello.fs");
    assert!(!text(&r).contains("error"), "{}", text(&r));
    server.log_with(r#"fenced: {"landlock":"full","seccomp":"on"}"#);
}

#[test]
fn a_full_class_is_told_so_and_a_foreign_page_is_refused() {
    let server = Server::start(&["--max-sessions", "1"]);
    let _a = server.connect();
    let mut b = server.connect_raw();
    let r = b.until(|m| m["t"] == "full");
    assert!(
        r.last().unwrap()["why"]
            .as_str()
            .unwrap()
            .contains("the class is full")
    );
    // A page from another site may not open a session.
    let mut req = tungstenite::client::IntoClientRequest::into_client_request(format!(
        "ws://{}/ws",
        server.addr
    ))
    .unwrap();
    req.headers_mut()
        .insert("Origin", "http://evil.example".parse().unwrap());
    assert!(tungstenite::connect(req).is_err());
}

#[test]
fn hostile_messages_leave_the_server_serving() {
    let server = Server::start(&[]);
    let mut c = server.connect();
    c.ws.send(Message::binary(vec![0u8, 255, 1, 2])).unwrap();
    c.ws.send(Message::text("not json {")).unwrap();
    c.send(json!({"t": "line", "s": 12}));
    c.send(json!({"t": "no such message"}));
    let long = "1 ".repeat(200_000);
    let r = c.line(&long);
    assert!(text(&r).contains("a line may be at most 256 KiB"), "{r:?}");
    assert_eq!(text(&c.line("6 .")), "6 ");
    // A message past the WebSocket limit closes that connection only.
    let _ = c.ws.send(Message::text("x".repeat(2 << 20)));
    let _ = c.ws.read();
    // Junk that is no HTTP at all, and a client that vanishes mid-line.
    let mut raw = TcpStream::connect(&server.addr).unwrap();
    raw.write_all(b"\x00\x01garbage\r\n\r\n").unwrap();
    let mut answer = String::new();
    let _ = raw.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 "), "{answer:?}");
    let mut gone = server.connect();
    gone.send(json!({"t": "line", "s": "begin again"}));
    drop(gone);
    let mut d = server.connect();
    assert_eq!(text(&d.line("8 .")), "8 ");
}

#[test]
fn the_page_is_served_and_unknown_paths_are_not() {
    let server = Server::start(&[]);
    let get = |path: &str| {
        let mut s = TcpStream::connect(&server.addr).unwrap();
        write!(s, "GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
        let mut answer = String::new();
        s.read_to_string(&mut answer).unwrap();
        answer
    };
    let page = get("/");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("Content-Security-Policy: default-src 'self'"));
    assert!(page.contains("<title>playforth</title>"));
    for asset in ["/app.js", "/style.css", "/healthz"] {
        assert!(get(asset).starts_with("HTTP/1.1 200"), "{asset}");
    }
    assert!(get("/../etc/passwd").starts_with("HTTP/1.1 404"));
    assert!(get("/nothing").starts_with("HTTP/1.1 404"));
}

#[test]
fn bye_ends_a_session_restart_starts_one_and_sigterm_stops_all() {
    let server = Server::start(&[]);
    let mut a = server.connect();
    let mut b = server.connect();
    a.line(": mine 1 ;");
    let r = a.line("bye");
    assert_eq!(r.last().unwrap()["t"], "bye");
    a.send(json!({"t": "restart"}));
    a.until(|m| m["t"] == "ready");
    assert!(text(&a.line("mine")).contains("undefined word"));
    b.send(json!({"t": "line", "s": "begin again"}));
    std::thread::sleep(Duration::from_millis(200));
    let children = server.children();
    assert_eq!(children.len(), 2, "{children:?}");
    let root = format!("/tmp/playforth-serve-{}", server.pid());
    let status = server.stop();
    assert!(status.success(), "{status}");
    for pid in children {
        assert!(
            !std::path::Path::new(&format!("/proc/{pid}")).exists()
                || std::fs::read_to_string(format!("/proc/{pid}/stat"))
                    .is_ok_and(|s| s.contains(") Z")),
            "session process {pid} outlived the server"
        );
    }
    assert!(
        !std::path::Path::new(&root).exists(),
        "{root} was left behind"
    );
    let r = b.until(|m| m["t"] == "ended");
    assert_eq!(r.last().unwrap()["why"], "the server is stopping");
}

#[test]
fn the_course_checks_in_a_session_and_stop_discards_an_open_definition() {
    let server = Server::start(&[]);
    let mut c = server.connect();
    let r = c.line("learn");
    assert!(text(&r).contains("Lesson 1"), "{}", text(&r));
    // `check` runs the lesson's checks on a thread of their own (with a
    // time limit): the session's fences allow threads, not processes.
    let r = c.line("check");
    let report = text(&r);
    assert!(report.contains("check"), "{report}");
    assert_eq!(r.last().unwrap()["t"], "ready", "{r:?}");
    assert_eq!(text(&c.line("1 .")), "1 ");
    // Stop while a definition is open throws it away.
    let r = c.line(": half ( n -- n/2 )");
    assert_eq!(r.last().unwrap()["t"], "more");
    c.send(json!({"t": "stop"}));
    let r = c.until(|m| m["t"] == "ready");
    assert!(text(&r).contains("was discarded"), "{r:?}");
    assert!(text(&c.line("half")).contains("undefined word"));
}

#[test]
fn a_session_past_its_cpu_or_idle_is_ended_and_restarts_with_one_message() {
    let server = Server::start(&["--session-cpu", "1", "--line-cpu", "30"]);
    let mut c = server.connect();
    // The whole session's CPU allowance ends the process; the page is told
    // why, and `restart` gives a new session.
    let r = c.line("begin again");
    let ended = r.last().unwrap();
    assert_eq!(ended["t"], "ended", "{r:?}");
    assert!(
        ended["why"].as_str().unwrap().contains("CPU time"),
        "{ended}"
    );
    server.log_with("limit: it used all the CPU time");
    c.send(json!({"t": "restart"}));
    c.until(|m| m["t"] == "ready");
    assert_eq!(text(&c.line("4 .")), "4 ");
    // A session nobody types in is closed.
    let server = Server::start(&["--idle-seconds", "1"]);
    let mut c = server.connect();
    let r = c.until(|m| m["t"] == "ended");
    assert_eq!(r.last().unwrap()["why"], "nothing was typed for 1 seconds");
    server.log_with("end: idle");
}
