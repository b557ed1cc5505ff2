//! `playforth serve --class`: students joining with the code, their
//! progress and hand-ins kept in the class's database, the teacher's API
//! behind its secret, shared links — and the attacks on them (the
//! browser side is in `browser.rs`).

use super::serve::{Client, Server, text};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A class's server and what it printed.
pub struct Class {
    pub server: Server,
    pub code: String,
    pub secret: String,
}

/// A fresh data folder for one test, removed when the test ends, passed
/// or failed (declared before the server, it outlives it).
pub struct DataDir(PathBuf);

impl std::ops::Deref for DataDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for DataDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for DataDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn data_dir(name: &str) -> DataDir {
    let d = std::env::temp_dir().join(format!(
        "playforth-class-test-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    DataDir(d)
}

impl Class {
    pub fn start(data: &Path, extra: &[&str]) -> Class {
        let mut args = vec!["--class", "7B", "--data", data.to_str().unwrap()];
        args.extend_from_slice(extra);
        let (server, said) = Server::start_saying(&args, 3);
        let code = said[1]
            .rsplit(' ')
            .next()
            .unwrap_or_else(|| panic!("no code in {said:?}"))
            .to_string();
        let secret = said[2]
            .split("/teacher#")
            .nth(1)
            .unwrap_or_else(|| panic!("no teacher's link in {said:?}"))
            .to_string();
        assert_eq!(code.len(), 6, "{said:?}");
        Class {
            server,
            code,
            secret,
        }
    }

    /// A page that joined as `name`: its client and token.
    pub fn join(&self, name: &str) -> (Client, String) {
        let mut c = self.server.connect_raw();
        let w = c.until(|m| m["t"] == "welcome");
        assert_eq!(w[0]["class"]["name"], "7B");
        c.send(json!({"t": "join", "code": self.code.to_lowercase(), "name": name}));
        let j = c.until(|m| m["t"] == "joined" || m["t"] == "join-refused");
        let last = j.last().unwrap().clone();
        assert_eq!(last["t"], "joined", "{j:?}");
        c.until(|m| m["t"] == "ready");
        (c, last["token"].as_str().unwrap().to_string())
    }

    /// The teacher's API: status and JSON (or text) answer.
    pub fn api(&self, method: &str, path: &str, body: Option<Value>) -> (u16, String) {
        api_call(&self.server.addr, method, path, Some(&self.secret), body)
    }

    pub fn overview(&self) -> Value {
        let (status, body) = self.api("GET", "/api/class", None);
        assert_eq!(status, 200, "{body}");
        serde_json::from_str(&body).unwrap()
    }
}

/// One HTTP request, the whole answer read.
fn api_call(
    addr: &str,
    method: &str,
    path: &str,
    secret: Option<&str>,
    body: Option<Value>,
) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let auth = secret.map_or(String::new(), |k| format!("Authorization: Bearer {k}\r\n"));
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{auth}Content-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = answer
        .split_once("\r\n\r\n")
        .map_or("", |x| x.1)
        .to_string();
    (status, body)
}

/// Kill the server as a crash would, and take away the sessions' folder
/// it had no time to remove.
fn kill_now(server: &mut Server) {
    let pid = server.pid();
    server.kill_now();
    let _ = std::fs::remove_dir_all(std::env::temp_dir().join(format!("playforth-serve-{pid}")));
}

/// The first lesson's answer, typed.
pub const TWENTY: &str = ": twenty 2 3 + 4 * ;";

#[test]
fn a_student_joins_passes_a_lesson_hands_in_and_sees_the_teachers_comment() {
    let data = data_dir("flow");
    let class = Class::start(&data, &["--solutions", "off"]);
    let (mut ada, _) = class.join("Ada");
    assert!(text(&ada.line("learn 1")).contains("First steps"));
    // The teacher closed the solutions.
    assert!(text(&ada.line("solution")).contains("closed the solutions"));
    ada.line("twenty");
    ada.line(TWENTY);
    let r = ada.line("check");
    assert!(text(&r).contains("All 3 checks pass"), "{r:?}");
    ada.send(json!({"t": "handin", "lesson": "first-steps"}));
    let h = ada.until(|m| m["t"] == "handed-in" || m["t"] == "err");
    let done = h.last().unwrap();
    assert_eq!(done["t"], "handed-in", "{h:?}");
    assert_eq!(
        (done["passed"].as_i64(), done["total"].as_i64()),
        (Some(3), Some(3))
    );
    assert!(text(&h).contains("All 3 checks pass"), "{h:?}");

    // The teacher's page sees it: the grid, the errors, the hand-in.
    let o = class.overview();
    let s = &o["students"][0];
    assert_eq!(s["name"], "Ada");
    assert_eq!(s["online"], true);
    assert_eq!(s["current"], "first-steps");
    assert_eq!(s["lessons"]["first-steps"]["state"], "passed");
    assert_eq!(s["handins"], 1);
    assert_eq!(o["class"]["solutions"]["mode"], "off");
    let errors = o["errors"].as_array().unwrap();
    assert!(
        errors
            .iter()
            .any(|e| e["code"] == -13 && e["word"] == "twenty" && e["message"] == "undefined word"),
        "{errors:?}"
    );
    let id = s["id"].as_i64().unwrap();
    let (status, body) = class.api("GET", &format!("/api/student?id={id}"), None);
    assert_eq!(status, 200);
    let st: Value = serde_json::from_str(&body).unwrap();
    let handin = &st["handins"][0];
    assert_eq!(handin["source"], "session");
    // What was typed, less the course's words and the failed `twenty`'s
    // error is kept too (the teacher sees the whole session).
    assert_eq!(handin["program"], format!("twenty\n{TWENTY}"));
    assert!(st["definitions"]["text"].as_str().unwrap().contains(TWENTY));

    // The teacher gives it back with a comment; the student sees it.
    let hid = handin["id"].as_i64().unwrap();
    let (status, _) = class.api(
        "POST",
        "/api/return",
        Some(json!({"handin": hid, "comment": "Nice: 2 3 + first!"})),
    );
    assert_eq!(status, 200);
    let r = ada.until(|m| m["t"] == "returned");
    let back = r.last().unwrap();
    assert_eq!(back["comment"], "Nice: 2 3 + first!");
    assert_eq!(back["lesson"], "first-steps");

    // Re-checking the lesson's hand-ins runs them again, fenced.
    let (status, body) = class.api(
        "POST",
        "/api/recheck",
        Some(json!({"lesson": "first-steps"})),
    );
    assert_eq!(status, 200, "{body}");
    let rc: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        (
            rc["rechecked"].as_i64(),
            rc["ok"].as_i64(),
            rc["changed"].as_i64()
        ),
        (Some(1), Some(1), Some(0))
    );

    // The gradebook's CSV.
    let (status, csv) = class.api("GET", "/api/export.csv", None);
    assert_eq!(status, 200);
    let csv = csv
        .strip_prefix('\u{feff}')
        .expect("a byte-order mark for spreadsheets");
    let mut rows = csv.lines();
    assert!(
        rows.next()
            .unwrap()
            .starts_with("student,joined,last activity,First steps")
    );
    let ada_row = rows.next().unwrap();
    assert!(ada_row.starts_with("Ada,"), "{csv}");
    assert!(ada_row.contains(",passed,"), "{csv}");
}

#[test]
fn progress_and_hand_ins_survive_a_killed_server() {
    let data = data_dir("kill");
    let mut class = Class::start(&data, &[]);
    let (code, secret) = (class.code.clone(), class.secret.clone());
    let (mut ada, token) = class.join("Ada");
    ada.line("learn 1");
    ada.line(TWENTY);
    assert!(text(&ada.line("check")).contains("All 3 checks pass"));
    ada.send(json!({"t": "handin", "lesson": "first-steps"}));
    ada.until(|m| m["t"] == "handed-in");
    // Killed at once, as by a crash: what was acknowledged was committed.
    kill_now(&mut class.server);
    drop(ada);
    let class = Class::start(&data, &[]);
    assert_eq!(
        (class.code.as_str(), class.secret.as_str()),
        (code.as_str(), secret.as_str())
    );
    let o = class.overview();
    assert_eq!(
        o["students"][0]["lessons"]["first-steps"]["state"],
        "passed"
    );
    assert_eq!(o["students"][0]["handins"], 1);
    assert_eq!(o["students"][0]["online"], false);
    // The browser's token brings the student back where they were, and
    // their program can be loaded again.
    let mut c = class.server.connect_raw();
    c.until(|m| m["t"] == "welcome");
    c.send(json!({"t": "join", "token": token}));
    let j = c.until(|m| m["t"] == "joined");
    let joined = j.last().unwrap();
    assert_eq!(joined["name"], "Ada");
    assert_eq!(joined["current"], "first-steps");
    assert!(joined["saved"]["lines"].as_i64().unwrap() >= 1, "{joined}");
    c.until(|m| m["t"] == "ready");
    let r = c.line("lessons");
    assert!(text(&r).contains("✓  1"), "{}", text(&r));
    c.send(json!({"t": "restore"}));
    c.until(|m| m["t"] == "ready");
    assert_eq!(text(&c.line("twenty .")), "20 ");
}

#[test]
fn a_class_writing_at_once_loses_nothing() {
    let data = data_dir("many");
    let class = Class::start(&data, &[]);
    let students = 16;
    let threads: Vec<_> = (0..students)
        .map(|i| {
            let (mut c, _) = class.join(&format!("Student {i}"));
            std::thread::spawn(move || {
                c.line("learn 1");
                c.line(TWENTY);
                let r = c.line("check");
                assert!(text(&r).contains("All 3 checks pass"), "{r:?}");
                for _ in 0..3 {
                    c.send(json!({"t": "handin", "lesson": "first-steps"}));
                    let h = c.until(|m| m["t"] == "handed-in" || m["t"] == "err");
                    assert_eq!(h.last().unwrap()["t"], "handed-in", "{h:?}");
                }
                // Errors too, for the common-errors table.
                c.line("sqaure");
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let o = class.overview();
    let list = o["students"].as_array().unwrap();
    assert_eq!(list.len(), students);
    for s in list {
        assert_eq!(s["lessons"]["first-steps"]["state"], "passed", "{s}");
        assert_eq!(s["handins"], 3, "{s}");
    }
    assert_eq!(o["handins"]["first-steps"], 3 * students);
    let top = &o["errors"][0];
    assert_eq!(
        (top["word"].as_str(), top["count"].as_i64()),
        (Some("sqaure"), Some(students as i64))
    );
    assert!(!class.server.log().contains("database is locked"));
}

#[test]
fn the_teachers_page_needs_its_secret_and_a_student_reaches_no_one_else() {
    let data = data_dir("guard");
    let class = Class::start(&data, &[]);
    let (mut ada, ada_token) = class.join("Ada");
    let (mut bob, _) = class.join("Bob");
    ada.line(": secret-of-ada 42 ;");
    // No secret, a wrong one, a student's token: refused.
    for key in [
        None,
        Some("0123456789abcdef0123456789abcdef"),
        Some(ada_token.as_str()),
    ] {
        let (status, body) = api_call(&class.server.addr, "GET", "/api/class", key, None);
        assert_eq!(status, 401, "{key:?}: {body}");
        assert!(body.contains("teacher's link"), "{body}");
    }
    // Bob cannot see Ada's words, her hand-ins or open her program.
    let r = bob.line("secret-of-ada");
    assert!(text(&r).contains("undefined word"), "{r:?}");
    bob.send(json!({"t": "open-share", "id": "../../etc"}));
    let r = bob.until(|m| m["t"] == "err" || m["t"] == "share");
    assert!(text(&r).contains("not in this class"), "{r:?}");
    // Another class's teacher's secret opens nothing here: rotate, and the
    // old link stops working.
    let (status, body) = class.api("POST", "/api/rotate", Some(json!({})));
    assert_eq!(status, 200);
    let new: Value = serde_json::from_str(&body).unwrap();
    let (status, _) = class.api("GET", "/api/class", None);
    assert_eq!(status, 401);
    let new_secret = new["secret"].as_str().unwrap();
    let (status, _) = api_call(
        &class.server.addr,
        "GET",
        "/api/class",
        Some(new_secret),
        None,
    );
    assert_eq!(status, 200);
    let (status, _) = api_call(
        &class.server.addr,
        "GET",
        "/api/student?id=999",
        Some(new_secret),
        None,
    );
    assert_eq!(status, 404);
}

#[test]
fn guessing_the_join_code_is_slowed_then_stopped() {
    let data = data_dir("guess");
    let class = Class::start(&data, &[]);
    // A made-up token is refused, and the page told to forget it.
    let mut d = class.server.connect_raw();
    d.until(|m| m["t"] == "welcome");
    d.send(json!({"t": "join", "token": "f00"}));
    let r = d.until(|m| m["t"] == "join-refused");
    assert_eq!(r.last().unwrap()["forget"], true);
    // Thirty wrong codes (the token was one), from pages at once (each wrong one costs its
    // page a moment).
    let guesses: Vec<_> = (0..29)
        .map(|i| {
            let mut c = class.server.connect_raw();
            std::thread::spawn(move || {
                c.until(|m| m["t"] == "welcome");
                c.send(json!({"t": "join", "code": format!("ZZZZ{i:02}"), "name": "Mallory"}));
                c.until(|m| m["t"] == "join-refused").pop().unwrap()
            })
        })
        .collect();
    for g in guesses {
        let refused = g.join().unwrap();
        assert!(
            refused["why"]
                .as_str()
                .unwrap()
                .contains("not this class's code"),
            "{refused}"
        );
    }
    let mut c = class.server.connect_raw();
    c.until(|m| m["t"] == "welcome");
    c.send(json!({"t": "join", "code": "ZZZZZZ", "name": "Mallory"}));
    let last = c.until(|m| m["t"] == "join-refused").pop().unwrap();
    assert!(
        last["why"]
            .as_str()
            .unwrap()
            .contains("Too many wrong codes"),
        "{last}"
    );
    // Even the right code waits now, from that address.
    c.send(json!({"t": "join", "code": class.code, "name": "Mallory"}));
    let r = c.until(|m| m["t"] == "join-refused" || m["t"] == "joined");
    assert_eq!(r.last().unwrap()["t"], "join-refused");
    assert!(class.server.log().contains("could not join"));
}

#[test]
fn names_are_cleaned_and_hostile_hand_ins_refused() {
    let data = data_dir("names");
    let class = Class::start(&data, &[]);
    let html = "<img src=x onerror=alert(1)>";
    let (mut c, _) = class.join(&format!("{html}\u{7}\u{202e}\n"));
    let o = class.overview();
    // Kept as text, control characters out (pages show it as text: the
    // browser test checks the teacher's page).
    assert_eq!(o["students"][0]["name"], html);
    // A name already taken, whatever its case.
    let mut d = class.server.connect_raw();
    d.until(|m| m["t"] == "welcome");
    d.send(json!({"t": "join", "code": class.code, "name": html.to_uppercase()}));
    let r = d.until(|m| m["t"] == "join-refused");
    assert!(
        r.last().unwrap()["why"]
            .as_str()
            .unwrap()
            .contains("already called")
    );
    // Too big a file, an unknown lesson.
    let big = "1 ".repeat(40 * 1024);
    c.send(
        json!({"t": "handin", "lesson": "first-steps", "file": {"name": "big.fs", "text": big}}),
    );
    let r = c.until(|m| m["t"] == "err");
    assert!(text(&r).contains("at most 64 KiB"), "{r:?}");
    c.send(json!({"t": "handin", "lesson": "no-such-lesson"}));
    let r = c.until(|m| m["t"] == "err");
    assert!(text(&r).contains("choose a lesson"), "{r:?}");
    // A file handed in is checked as a file, and may not reach the disk
    // outside its session's folder.
    let sneaky = "s\" /etc/passwd\" r/o open-file throw . : twenty 20 ;";
    c.send(json!({"t": "handin", "lesson": "first-steps", "file": {"name": "a.fs\u{1b}[31m", "text": sneaky}}));
    let r = c.until(|m| m["t"] == "handed-in");
    assert!(text(&r).contains("stopped with an error"), "{}", text(&r));
    let st = {
        let id = o["students"][0]["id"].as_i64().unwrap();
        let (_, body) = class.api("GET", &format!("/api/student?id={id}"), None);
        serde_json::from_str::<Value>(&body).unwrap()
    };
    assert_eq!(st["handins"][0]["source"], "a.fs[31m");
}

#[test]
fn a_shared_program_opens_in_another_students_session() {
    let data = data_dir("share");
    let class = Class::start(&data, &[]);
    let (mut ada, _) = class.join("Ada");
    let (mut bob, _) = class.join("Bob");
    ada.line(": star 42 emit ;");
    ada.send(json!({"t": "share"}));
    let r = ada.until(|m| m["t"] == "shared");
    let link = r.last().unwrap()["link"].as_str().unwrap().to_string();
    let id = link.strip_prefix("/#s=").expect("a link to this server");
    bob.send(json!({"t": "open-share", "id": id}));
    let r = bob.until(|m| m["t"] == "share");
    let shared = r.last().unwrap();
    assert_eq!(shared["by"], "Ada");
    assert_eq!(shared["program"], ": star 42 emit ;");
    // The page shows it, read-only, and runs it in the new session.
    bob.line(shared["program"].as_str().unwrap());
    assert_eq!(text(&bob.line("star")), "*");
    // The teacher shares an example too.
    let (status, body) = class.api(
        "POST",
        "/api/share",
        Some(json!({"program": ": hi .\" hi\" ;"})),
    );
    assert_eq!(status, 200, "{body}");
    let link: Value = serde_json::from_str(&body).unwrap();
    let id = link["link"].as_str().unwrap().strip_prefix("/#s=").unwrap();
    bob.send(json!({"t": "open-share", "id": id}));
    let r = bob.until(|m| m["t"] == "share");
    assert_eq!(r.last().unwrap()["by"], "your teacher");
}

#[test]
fn a_class_follows_its_own_lessons_with_progress_of_its_own() {
    let data = data_dir("course");
    let lessons = data_dir("course-lessons");
    std::fs::create_dir_all(&lessons).unwrap();
    std::fs::write(
        lessons.join("01-double.md"),
        "# Doubling\n\nTwice.\n\n## Exercise\nDefine `double`.\n\n## Checks\n```forth\n3 double  stack: 6\n```\n\n## Hint\nUse `2*`.\n\n## Answer\n```forth\n: double 2* ;\n```\n",
    )
    .unwrap();
    let class = Class::start(
        &data,
        &[
            "--lessons",
            lessons.to_str().unwrap(),
            "--solutions",
            "after:2999-01-01",
        ],
    );
    let (mut ada, token) = class.join("Ada");
    let r = ada.line("learn");
    assert!(text(&r).contains("Doubling"), "{}", text(&r));
    assert!(text(&ada.line("solution")).contains("opens the solutions on 2999-01-01"));
    ada.line(": double 2* ;");
    let r = text(&ada.line("check"));
    assert!(r.contains("✓ 3 double"), "{r}");
    let o = class.overview();
    assert_eq!(
        o["lessons"],
        json!([{"name": "double", "title": "Doubling"}])
    );
    assert_eq!(o["students"][0]["lessons"]["double"]["state"], "passed");
    // The teacher opens the solutions: the running session hears of it.
    let (status, _) = class.api("POST", "/api/solutions", Some(json!({"mode": "on"})));
    assert_eq!(status, 200);
    std::thread::sleep(Duration::from_millis(2600));
    assert!(text(&ada.line("solution")).contains(": double 2* ;"));
    drop(ada);
    drop(class);
    // The same class started again without --lessons keeps its course.
    let class = Class::start(&data, &[]);
    let mut c = class.server.connect_raw();
    c.until(|m| m["t"] == "welcome");
    c.send(json!({"t": "join", "token": token}));
    let j = c.until(|m| m["t"] == "joined");
    assert_eq!(j.last().unwrap()["lessons"][0]["name"], "double");
}

#[test]
fn without_a_class_share_gives_the_program_for_the_link() {
    let server = Server::start(&[]);
    let mut c = server.connect();
    c.line(": hi .\" hi\" ;");
    c.send(json!({"t": "share"}));
    let r = c.until(|m| m["t"] == "shared");
    assert_eq!(r.last().unwrap()["text"], ": hi .\" hi\" ;");
    c.send(json!({"t": "handin", "lesson": "first-steps"}));
    let r = c.until(|m| m["t"] == "err");
    assert!(text(&r).contains("needs a class"));
    let (status, _) = api_call(&server.addr, "GET", "/api/class", Some("x"), None);
    assert_eq!(status, 404);
}

#[test]
fn a_server_killed_while_a_class_writes_keeps_every_acknowledged_write() {
    let data = data_dir("midwrite");
    let mut class = Class::start(&data, &[]);
    let acked = std::sync::Arc::new(std::sync::Mutex::new(Vec::<(String, i64)>::new()));
    let threads: Vec<_> = (0..6)
        .map(|i| {
            let name = format!("Writer {i}");
            let (mut c, _) = class.join(&name);
            c.line(TWENTY);
            let acked = acked.clone();
            std::thread::spawn(move || {
                // Hand in until the server is gone: each acknowledgement
                // is a committed row.
                loop {
                    c.send(json!({"t": "handin", "lesson": "first-steps"}));
                    let got = loop {
                        match c.ws.read() {
                            Ok(tungstenite::Message::Text(t)) => {
                                let m: Value = serde_json::from_str(t.as_str()).unwrap();
                                if m["t"] == "handed-in" {
                                    break Some(m["id"].as_i64().unwrap());
                                }
                            }
                            Ok(_) => {}
                            Err(_) => break None,
                        }
                    };
                    match got {
                        Some(id) => acked.lock().unwrap().push((name.clone(), id)),
                        None => return,
                    }
                }
            })
        })
        .collect();
    // Let them write for a while, then pull the plug mid-stream.
    while acked.lock().unwrap().len() < 30 {
        std::thread::sleep(Duration::from_millis(20));
    }
    kill_now(&mut class.server);
    for t in threads {
        t.join().unwrap();
    }
    let acked = acked.lock().unwrap().clone();
    let class = Class::start(&data, &[]);
    let o = class.overview();
    for s in o["students"].as_array().unwrap() {
        let id = s["id"].as_i64().unwrap();
        let (_, body) = class.api("GET", &format!("/api/student?id={id}"), None);
        let st: Value = serde_json::from_str(&body).unwrap();
        let kept: Vec<i64> = st["handins"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["id"].as_i64().unwrap())
            .collect();
        let name = s["name"].as_str().unwrap();
        for (_, hid) in acked.iter().filter(|(n, _)| n == name) {
            assert!(
                kept.contains(hid),
                "{name}'s hand-in {hid} was acknowledged and lost"
            );
        }
    }
}

#[test]
fn look_alike_names_removal_and_one_server_a_class() {
    let data = data_dir("lookalike");
    let class = Class::start(&data, &[]);
    let (mut ana, _) = class.join("Ana");
    // A name that looks the same (Cyrillic А, fullwidth, an invisible
    // joiner) or that poses as the teacher is refused.
    for name in ["Аna", "Ａｎａ", "An\u{2060}a", "Your Teacher"] {
        let mut c = class.server.connect_raw();
        c.until(|m| m["t"] == "welcome");
        c.send(json!({"t": "join", "code": class.code, "name": name}));
        let r = c.until(|m| m["t"] == "join-refused" || m["t"] == "joined");
        assert_eq!(r.last().unwrap()["t"], "join-refused", "{name}: {r:?}");
    }
    // Nothing typed: nothing to hand in. A file handed in that passes
    // marks the lesson passed on the teacher's grid.
    ana.send(json!({"t": "handin", "lesson": "first-steps"}));
    let r = ana.until(|m| m["t"] == "err");
    assert!(text(&r).contains("nothing to hand in yet"), "{r:?}");
    ana.send(
        json!({"t": "handin", "lesson": "first-steps", "file": {"name": "a.fs", "text": TWENTY}}),
    );
    ana.until(|m| m["t"] == "handed-in");
    let o = class.overview();
    assert_eq!(
        o["students"][0]["lessons"]["first-steps"]["state"],
        "passed"
    );
    // The same program shared twice is one link.
    ana.line(": hi ;");
    let mut links = Vec::new();
    for _ in 0..2 {
        ana.send(json!({"t": "share"}));
        links.push(ana.until(|m| m["t"] == "shared").pop().unwrap()["link"].clone());
    }
    assert_eq!(links[0], links[1]);
    // A second server for the same class on the same records is refused.
    let second = std::process::Command::new(env!("CARGO_BIN_EXE_playforth"))
        .args(["serve", "--addr", "127.0.0.1:0", "--class", "7B", "--data"])
        .arg(&*data)
        .output()
        .unwrap();
    assert!(!second.status.success());
    assert!(String::from_utf8_lossy(&second.stderr).contains("served already"));
    // The teacher removes a student: the session ends, the records go.
    let id = o["students"][0]["id"].as_i64().unwrap();
    let (status, _) = class.api("POST", "/api/remove", Some(json!({"student": id})));
    assert_eq!(status, 200);
    let r = ana.until(|m| m["t"] == "ended");
    assert!(
        r.last().unwrap()["why"]
            .as_str()
            .unwrap()
            .contains("took you out")
    );
    assert_eq!(class.overview()["students"], json!([]));
    let (status, _) = class.api("GET", &format!("/api/student?id={id}"), None);
    assert_eq!(status, 404);
    // The next student to join stays, and is never given the removed
    // student's id (whose session might still be ending).
    let (mut zed, _) = class.join("Zed");
    std::thread::sleep(Duration::from_millis(2500));
    assert_eq!(text(&zed.line("1 2 + .")), "3 ");
    let zed_id = class.overview()["students"][0]["id"].as_i64().unwrap();
    assert_ne!(zed_id, id);
}

#[test]
fn sessions_are_bounded_per_student_and_per_address() {
    let data = data_dir("bounds");
    let class = Class::start(&data, &["--max-per-address", "5"]);
    let (_ada, token) = class.join("Ada");
    // Six pages of Ada's at once: two more get a session (three in all),
    // the others are told to close one.
    let pages: Vec<_> = (0..6)
        .map(|_| {
            let mut c = class.server.connect_raw();
            let token = token.clone();
            std::thread::spawn(move || {
                c.until(|m| m["t"] == "welcome");
                c.send(json!({"t": "join", "token": token}));
                let r = c.until(|m| m["t"] == "ready" || m["t"] == "full");
                (c, r.last().unwrap()["t"] == "ready")
            })
        })
        .collect();
    let got: Vec<_> = pages.into_iter().map(|p| p.join().unwrap()).collect();
    assert_eq!(got.iter().filter(|(_, ok)| *ok).count(), 2);
    // This address has three sessions: two more, then the class says no.
    let (_bob, _) = class.join("Bob");
    let (_cy, _) = class.join("Cy");
    let mut d = class.server.connect_raw();
    d.until(|m| m["t"] == "welcome");
    d.send(json!({"t": "join", "code": class.code, "name": "Dee"}));
    let r = d.until(|m| m["t"] == "full" || m["t"] == "ready");
    let last = r.last().unwrap();
    assert_eq!(last["t"], "full", "{r:?}");
    assert!(last["why"].as_str().unwrap().contains("--max-per-address"));
    drop(got);
}
