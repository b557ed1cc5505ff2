//! A class's part of the server (`--class`): a page joins before its
//! session starts; the relay keeps what a class's session reports (checks,
//! hand-ins, errors, the program) in the records and brings the teacher's
//! comments back; the teacher's page's API calls, with re-checks in fenced
//! processes. The records are `db.rs`'s, the rules of joining and the API
//! `class.rs`'s.

use super::*;

/// A call from the teacher's page: its body read (a bounded size), the
/// answer from `class::api`.
pub(super) fn teacher_api(
    stream: &mut TcpStream,
    ip: IpAddr,
    shared: &Shared,
    head: &str,
    method: &str,
    target: &str,
) {
    let refuse = |stream: &mut TcpStream, status: u16, why: &str| {
        let (status, kind, body) = class::problem(status, why);
        let _ = respond(stream, status, kind, &body);
    };
    let Some(class) = &shared.config.class else {
        return refuse(stream, 404, "this server runs no class");
    };
    let header = |name: &str| header(head, name);
    let length = header("content-length")
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(0);
    if length > class::MAX_BODY {
        return refuse(stream, 413, "too large");
    }
    let mut body = vec![0u8; length];
    if stream.read_exact(&mut body).is_err() {
        return refuse(stream, 400, "the body did not come");
    }
    // A page elsewhere may not post to the API with the teacher's browser
    // (the secret is a header a foreign page cannot add, but still).
    if !origin_is_host(header("origin").as_deref(), header("host").as_deref()) {
        return refuse(stream, 403, "another site's page");
    }
    let online: Vec<i64> = lock(&shared.online).values().copied().collect();
    let recheck = |lesson: &str, jobs: Vec<Value>| recheck(shared, class, lesson, jobs);
    let changed = || {
        shared.class_changes.fetch_add(1, Ordering::SeqCst);
    };
    let removed = |student: i64| {
        // Their sessions end.
        let sessions: Vec<u64> = lock(&shared.online)
            .iter()
            .filter(|&(_, &s)| s == student)
            .map(|(&id, _)| id)
            .collect();
        lock(&shared.removed).extend(sessions);
        log(&format!("the teacher removed student {student}"));
    };
    let cx = class::ApiContext {
        online,
        recheck: &recheck,
        changed: &changed,
        removed: &removed,
    };
    let auth = header("authorization");
    let req = class::Request {
        ip,
        method,
        target,
        auth: auth.as_deref(),
        body: &body,
    };
    let (status, kind, body) = class::api(class, &shared.secret_guard, &req, &cx);
    if status == 401 {
        log(&format!("teacher's page: a wrong secret from {ip}"));
    }
    let _ = respond(stream, status, kind, &body);
}

/// Check hand-ins again in processes fenced as a session is, as many at
/// once as there are processors; the results that came (a process that
/// used up its CPU time leaves the rest of its share unchecked).
fn recheck(
    shared: &Shared,
    class: &ClassConfig,
    lesson: &str,
    jobs: Vec<Value>,
) -> Result<Vec<Value>, String> {
    if jobs.is_empty() {
        return Ok(Vec::new());
    }
    let lessons = class.lessons();
    let checks = lessons
        .list
        .iter()
        .find(|(n, _, _)| n == lesson)
        .map_or(1, |(_, _, c)| *c);
    let count = jobs.len();
    let parts = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .clamp(1, 4)
        .min(count);
    let mut shares: Vec<Vec<Value>> = vec![Vec::new(); parts];
    for (i, job) in jobs.into_iter().enumerate() {
        shares[i % parts].push(job);
    }
    let results = std::thread::scope(|scope| {
        let running: Vec<_> = shares
            .into_iter()
            .map(|share| {
                let files = &*lessons.files;
                scope.spawn(move || recheck_part(shared, files, lesson, checks, share))
            })
            .collect();
        let mut all = Vec::new();
        for r in running {
            match r.join() {
                Ok(Ok(mut got)) => all.append(&mut got),
                Ok(Err(e)) => return Err(e),
                Err(_) => return Err("a re-check failed".to_string()),
            }
        }
        Ok(all)
    })?;
    log(&format!(
        "re-checked {} of {count} hand-ins of {lesson}",
        results.len()
    ));
    Ok(results)
}

/// One process's share of a re-check.
fn recheck_part(
    shared: &Shared,
    files: &Value,
    lesson: &str,
    checks: usize,
    jobs: Vec<Value>,
) -> Result<Vec<Value>, String> {
    let id = shared.next_id.fetch_add(1, Ordering::SeqCst);
    let scratch = shared.scratch_root.join(format!("recheck-{id}"));
    make_private_dir(&scratch).map_err(|e| e.to_string())?;
    let o = &shared.config.session;
    // Each check stops itself after its time: a hand-in may take that
    // for each of the lesson's checks and its loading. The CPU limit is
    // the backstop.
    let each = (checks as u64 + 1) * (playforth::learn::TIME_LIMIT.as_secs() + 1);
    let cpu = (jobs.len() as u64 * each).max(10);
    let count = jobs.len();
    let job = json!({"lessons": files, "lesson": lesson, "handins": jobs});
    let child = child_command(shared, "--recheck", &scratch)
        .arg(format!("--session-cpu={cpu}"))
        .arg(format!("--session-memory={}", o.rlimits.memory >> 20))
        .arg(format!("--files-mib={}", o.rlimits.file_bytes >> 20))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let result = child.map_err(|e| e.to_string()).map(|mut child| {
        let mut stdin = child.stdin.take().expect("piped");
        let writer = std::thread::spawn(move || {
            let _ = writeln!(stdin, "{job}");
        });
        let stdout = child.stdout.take().expect("piped");
        let results: Vec<Value> = BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            .take(count)
            .filter_map(|l| serde_json::from_str(&l).ok())
            .collect();
        let _ = writer.join();
        let _ = child.kill();
        let _ = child.wait();
        results
    });
    let _ = std::fs::remove_dir_all(&scratch);
    result
}

/// The most pages one address may have waiting to join a class.
const MAX_WAITING_AN_ADDRESS: usize = 30;
/// How long a class's page may wait to join.
const JOIN_WAIT: Duration = Duration::from_secs(300);

/// Say welcome; in a class, wait for the page to join (a page waiting
/// to join is no session: it takes no place in the class).
pub(super) fn welcome_and_join(
    ws: &mut WebSocket<TcpStream>,
    shared: &Shared,
    id: u64,
    ip: IpAddr,
) -> Result<Option<db::Student>, String> {
    ws.get_mut()
        .set_nonblocking(true)
        .map_err(|e| format!("the page's connection: {e}"))?;
    let c = &shared.config;
    let limits = json!({
        "line_cpu": c.session.line_cpu,
        "output_kib": c.session.out_cap / 1024,
        "idle_minutes": c.idle.as_secs() / 60,
        "max_line": super::super::MAX_LINE,
    });
    let mut welcome = json!({"t": "welcome", "protocol": 1, "session": id, "limits": limits});
    let Some(class) = &c.class else {
        to_page(ws, &welcome)?;
        return Ok(None);
    };
    welcome["class"] = json!({"name": class.name});
    let Some(_waiting) = shared.waiting.take(ip, MAX_WAITING_AN_ADDRESS) else {
        let _ = to_page(
            ws,
            &json!({"t": "full", "why": "too many pages from this computer are waiting to join: close some, or try again in a minute"}),
        );
        return Err(format!(
            "refused {ip}: {MAX_WAITING_AN_ADDRESS} pages waiting to join"
        ));
    };
    to_page(ws, &welcome)?;
    join_phase(ws, shared, class, ip).map(Some)
}

/// The longest file a student may hand in.
const MAX_HANDIN: usize = 64 * 1024;
/// The longest program kept as a student's last session's.
const MAX_DEFINITIONS: usize = 256 * 1024;
/// So many a minute, then no more until the minute is over.
struct PerMinute {
    limit: u32,
    since: Instant,
    count: u32,
}

impl PerMinute {
    fn new(limit: u32) -> PerMinute {
        PerMinute {
            limit,
            since: Instant::now(),
            count: 0,
        }
    }

    fn allow(&mut self) -> bool {
        if self.since.elapsed() > Duration::from_secs(60) {
            self.since = Instant::now();
            self.count = 0;
        }
        self.count += 1;
        self.count <= self.limit
    }
}

/// What one session may add to the class's records in a minute.
pub(super) struct Rates {
    /// Errors, for the common-errors table.
    errors: PerMinute,
    /// Failed checks (passes are always kept).
    attempts: PerMinute,
    handins: PerMinute,
    shares: PerMinute,
}

impl Default for Rates {
    fn default() -> Rates {
        Rates {
            errors: PerMinute::new(60),
            attempts: PerMinute::new(30),
            handins: PerMinute::new(10),
            shares: PerMinute::new(10),
        }
    }
}
/// How often the student's program is written at most.
const DEFS_EVERY: Duration = Duration::from_secs(5);

/// A class's part of the relay.
impl<'a> Relay<'a> {
    /// The class and the student, when there are (and the teacher has not
    /// removed the student: nothing of a removed student's session reaches
    /// the records any more).
    fn class(&self) -> Option<(&'a ClassConfig, db::Student)> {
        let shared: &'a Shared = self.shared;
        if lock(&shared.removed).contains(&self.id) {
            return None;
        }
        Some((shared.config.class.as_ref()?, self.student.clone()?))
    }

    /// A note for the page, as the REPL's notes look.
    fn note(&mut self, text: &str) -> Result<(), String> {
        self.send(&json!({"t": "err", "s": format!("({text})\n")}))
    }

    /// The class's records could not be written: the log has why, the
    /// student a calm word.
    fn records_failed(&mut self, what: &str, e: rusqlite::Error) -> Result<(), String> {
        log(&format!(
            "session {}: the class's records: {what}: {e}",
            self.id
        ));
        self.note(&format!(
            "the server could not keep your {what} just now: try again in a moment"
        ))
    }

    /// Hand in, open a shared program, restore last session's program.
    pub(super) fn class_message(&mut self, kind: &str, msg: &Value) -> Result<(), String> {
        let Some((class, student)) = self.class() else {
            if kind == "open-share" {
                return self.note("this server runs no class, so it keeps no shared programs: a shared link carries its program after #p=");
            }
            return self
                .note("handing in needs a class: the teacher starts the server with --class");
        };
        let (db, class_id, student_id) = (&class.db, class.id, student.id);
        match kind {
            "handin" => {
                if !class.has_room() {
                    return self.note(&class.full_note());
                }
                if !self.rate.handins.allow() {
                    return self
                        .note("many hand-ins in a minute: wait a moment, then hand in again");
                }
                let lesson = msg["lesson"].as_str().unwrap_or("");
                if !class.has_lesson(lesson) {
                    return self.note("choose a lesson to hand in for");
                }
                let mut out = json!({"t": "handin", "lesson": lesson});
                if let Some(text) = msg["file"]["text"].as_str() {
                    if text.trim().is_empty() {
                        return self.note("that file is empty: nothing to hand in");
                    }
                    if text.len() > MAX_HANDIN {
                        let kib = text.len() / 1024;
                        return self.note(&format!(
                            "that file is {kib} KiB: a hand-in may be at most {} KiB",
                            MAX_HANDIN / 1024
                        ));
                    }
                    let name: String = msg["file"]["name"]
                        .as_str()
                        .unwrap_or("file.fs")
                        .chars()
                        .filter(|c| !c.is_control())
                        .take(100)
                        .collect();
                    out["file"] = json!({"name": name, "text": text});
                }
                self.tell_session(&out);
            }
            "open-share" => {
                let id = msg["id"].as_str().unwrap_or("");
                let found = if id.len() <= 20 && id.chars().all(|c| c.is_ascii_alphanumeric()) {
                    db.shared(class_id, id)
                } else {
                    Ok(None)
                };
                match found {
                    Ok(Some((program, by, at))) => self.send(&json!({"t": "share", "id": id,
                        "by": by.as_deref().unwrap_or("your teacher"), "teacher": by.is_none(),
                        "at": at, "program": program}))?,
                    Ok(None) => {
                        self.note("that shared program is not in this class (check the link)")?
                    }
                    Err(e) => self.records_failed("shared program", e)?,
                }
            }
            "restore" => match db.definitions(student_id) {
                Ok(Some((_, inputs, _))) => {
                    let inputs: Vec<String> = serde_json::from_str(&inputs).unwrap_or_default();
                    for i in inputs {
                        self.tell_session(&json!({"t": "line", "s": i}));
                    }
                }
                Ok(None) => self.note("there is no program kept from your last session")?,
                Err(e) => self.records_failed("last program", e)?,
            },
            _ => {}
        }
        Ok(())
    }

    /// The session's program, for a Share (if the page asked for one).
    pub(super) fn shared_program(&mut self, msg: &Value) -> Result<(), String> {
        if !std::mem::take(&mut self.share_pending) {
            return Ok(());
        }
        let text = msg["text"].as_str().unwrap_or("");
        if text.trim().is_empty() {
            return self.note("nothing to share yet: define a word or draw something first");
        }
        if text.len() > super::super::MAX_LINE {
            return self.note("this session's program is too long to share (256 KiB at most)");
        }
        let Some((class, student)) = self.class() else {
            return self.send(&json!({"t": "shared", "text": text}));
        };
        if !class.has_room() {
            return self.note(&class.full_note());
        }
        if !self.rate.shares.allow() {
            return self.note("many shares in a minute: wait a moment, then share again");
        }
        match class.db.share(class.id, Some(student.id), text) {
            Ok(Some(id)) => self.send(&json!({"t": "shared", "link": format!("/#s={id}")})),
            Ok(None) => self.note("you have shared many programs already: ask your teacher"),
            Err(e) => self.records_failed("shared program", e),
        }
    }

    /// What the session reports for the class's records.
    pub(super) fn class_record(&mut self, kind: &str, msg: &Value) -> Result<(), String> {
        let Some((class, student)) = self.class() else {
            return Ok(());
        };
        let (db, course, class_id, student_id) = (&class.db, &class.course, class.id, student.id);
        let lesson = msg["lesson"].as_str().unwrap_or("");
        let n = |k: &str| msg[k].as_i64().unwrap_or(0);
        let ok = msg["ok"].as_bool().unwrap_or(false);
        match kind {
            "checked" => {
                // A loop of `check`s: its passes are kept, the rest of a
                // minute's many failures are not.
                if (self.rate.attempts.allow() || ok)
                    && let Err(e) =
                        db.attempt(student_id, course, lesson, n("passed"), n("total"), ok)
                {
                    return self.records_failed("check's result", e);
                }
            }
            "lesson" => {
                let current = msg["current"].as_str().unwrap_or("");
                if let Err(e) = db.set_place(student_id, course, current) {
                    return self.records_failed("place in the course", e);
                }
                self.send(&json!({"t": "lesson", "current": current}))?;
            }
            "defs" => {
                let text = msg["text"].as_str().unwrap_or("");
                if text.len() <= MAX_DEFINITIONS {
                    // Written at once, then at most every few seconds (a
                    // pasted program of a thousand lines is a few writes),
                    // and at the end.
                    self.pending_defs = Some((text.to_string(), msg["inputs"].to_string()));
                    if self.last_defs.elapsed() > DEFS_EVERY {
                        self.keep_definitions();
                    }
                }
            }
            "error" if self.rate.errors.allow() => {
                let word: String = msg["word"]
                    .as_str()
                    .unwrap_or("")
                    .chars()
                    .take(64)
                    .collect();
                if let Err(e) = db.error(class_id, student_id, n("code"), &word) {
                    log(&format!("session {}: keeping an error: {e}", self.id));
                }
            }
            "handed" => {
                let report = msg["report"].as_str().unwrap_or("");
                let inputs = (!msg["inputs"].is_null()).then(|| msg["inputs"].to_string());
                let h = db::HandIn {
                    course,
                    lesson,
                    source: msg["source"].as_str().unwrap_or("session"),
                    program: msg["program"].as_str().unwrap_or(""),
                    inputs: inputs.as_deref(),
                    passed: n("passed"),
                    total: n("total"),
                    ok,
                    report,
                };
                let title = msg["title"].clone();
                match db.hand_in(student_id, &h) {
                    Ok(Some(id)) => {
                        log(&format!("session {}: handed in {lesson} (#{id})", self.id));
                        self.send(&json!({"t": "out", "s": report}))?;
                        self.send(&json!({"t": "handed-in", "id": id, "lesson": lesson,
                            "title": title, "passed": n("passed"), "total": n("total"), "ok": ok}))?;
                    }
                    Ok(None) => self.note(&format!(
                        "you have handed in {} times already: ask your teacher",
                        db::MAX_HANDINS
                    ))?,
                    Err(e) => self.records_failed("hand-in", e)?,
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Write the student's program, if it changed.
    pub(super) fn keep_definitions(&mut self) {
        let Some((class, student)) = self.class() else {
            return;
        };
        if let Some((text, inputs)) = self.pending_defs.take() {
            self.last_defs = Instant::now();
            // Full records keep the program they have.
            if !class.has_room() {
                return;
            }
            if let Err(e) = class.db.save_definitions(student.id, &text, &inputs) {
                log(&format!("session {}: keeping definitions: {e}", self.id));
            }
        }
    }

    /// Comments the teacher gave back since last time, and changed class
    /// settings.
    pub(super) fn class_news(&mut self) -> Result<(), String> {
        if self.shared.config.class.is_some() && lock(&self.shared.removed).contains(&self.id) {
            self.pending_defs = None;
            self.end_session();
            self.student = None;
            self.send(&json!({"t": "ended", "why": "your teacher took you out of the class (ask them why); reload the page to join again"}))?;
            return Err("the teacher removed the student".to_string());
        }
        if self.last_defs.elapsed() > DEFS_EVERY {
            self.keep_definitions();
        }
        let Some((class, student)) = self.class() else {
            return Ok(());
        };
        // Still here: the teacher's page shows when the student last did
        // something.
        if self.last_active > self.last_seen_written
            && self.last_seen_written.elapsed() > Duration::from_secs(20)
        {
            self.last_seen_written = Instant::now();
            let _ = class.db.seen(student.id);
        }
        let returned = class.db.returned(student.id, &self.returned_after);
        let changes = self.shared.class_changes.load(Ordering::SeqCst);
        let policy = (changes != self.class_changes)
            .then(|| class.settings().map(|s| s.solutions).ok())
            .flatten();
        let titles: Vec<(String, String)> = match &returned {
            Ok(list) => list
                .iter()
                .map(|r| {
                    let l = r["lesson"].as_str().unwrap_or("");
                    (l.to_string(), class.title(l))
                })
                .collect(),
            Err(_) => Vec::new(),
        };
        self.class_changes = changes;
        if let Some(policy) = policy {
            self.tell_session(&json!({"t": "solutions", "policy": policy}));
        }
        match returned {
            Ok(list) => {
                for (mut r, (_, title)) in list.into_iter().zip(titles) {
                    if let Some(at) = r["at"].as_str()
                        && at > self.returned_after.as_str()
                    {
                        self.returned_after = at.to_string();
                    }
                    r["t"] = json!("returned");
                    r["title"] = json!(title);
                    self.send(&r)?;
                }
                Ok(())
            }
            Err(e) => {
                log(&format!("session {}: reading comments: {e}", self.id));
                Ok(())
            }
        }
    }
}

/// A class's page joins before its session starts: the code and a name,
/// or the token its browser kept. The student, or why the relay ends.
fn join_phase(
    ws: &mut WebSocket<TcpStream>,
    shared: &Shared,
    class: &ClassConfig,
    peer: IpAddr,
) -> Result<db::Student, String> {
    use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
    use std::os::fd::AsFd;
    let started = Instant::now();
    loop {
        if shared.stopping.load(Ordering::SeqCst) {
            let _ = to_page(ws, &json!({"t": "ended", "why": "the server is stopping"}));
            return Err("the server stopped".to_string());
        }
        if started.elapsed() > JOIN_WAIT.min(shared.config.idle) {
            let _ = to_page(
                ws,
                &json!({"t": "ended", "why": "nobody joined from this page: reload it to join"}),
            );
            return Err("idle before joining".to_string());
        }
        {
            let mut fds = [PollFd::new(ws.get_ref().as_fd(), PollFlags::POLLIN)];
            let _ = poll(&mut fds, PollTimeout::from(250u16));
        }
        loop {
            let text = match ws.read() {
                Ok(Message::Text(t)) => t,
                Ok(Message::Close(_)) => return Err("the page closed".to_string()),
                Ok(_) => continue,
                Err(tungstenite::Error::Io(e)) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    break;
                }
                Err(e) => return Err(format!("the page's connection: {e}")),
            };
            let Ok(msg) = serde_json::from_str::<Value>(text.as_str()) else {
                continue;
            };
            if msg["t"] != "join" {
                continue;
            }
            match class::join(class, &shared.join_guards, peer, &msg) {
                Ok(student) => {
                    let _ = class.db.seen(student.id);
                    let (current, _) = class
                        .db
                        .progress(student.id, &class.course)
                        .unwrap_or_default();
                    let saved = class
                        .db
                        .definitions(student.id)
                        .ok()
                        .flatten()
                        .map(|(p, _, at)| json!({"at": at, "lines": p.lines().count()}));
                    let lessons: Vec<Value> = class
                        .lessons()
                        .names()
                        .iter()
                        .map(|(n, t)| json!({"name": n, "title": t}))
                        .collect();
                    to_page(
                        ws,
                        &json!({"t": "joined", "name": student.name, "token": student.token,
                        "class": class.name, "lessons": lessons, "current": current, "saved": saved}),
                    )?;
                    log(&format!(
                        "{peer} joined as student {} ({:?})",
                        student.id, student.name
                    ));
                    return Ok(student);
                }
                Err((why, forget)) => {
                    log(&format!("{peer} could not join: {why}"));
                    // A wrong guess costs a moment.
                    std::thread::sleep(Duration::from_millis(300));
                    to_page(
                        ws,
                        &json!({"t": "join-refused", "why": why, "forget": forget}),
                    )?;
                }
            }
        }
    }
}
