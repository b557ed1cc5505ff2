//! `playforth serve` in a real browser: headless Chromium (Debian's
//! `chromium`), driven over the DevTools protocol by the small client
//! below (tungstenite, which the server uses too), against a real server.
//! Keys are typed and the mouse clicked as a person would; the page's
//! DOM is read back. CI installs chromium and sets
//! PLAYFORTH_REQUIRE_CHROMIUM; elsewhere a missing browser skips loudly.
//!
//! Screenshots of the page go to target/screenshots/, and to docs/ when
//! PLAYFORTH_UPDATE_SCREENSHOTS is set (how docs/serve-*.png are made).

use super::classroom::{Class, TWENTY, data_dir};
use super::serve::Server;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// The browser tests take turns: several Chromiums at once on a busy
/// two-core machine only make each slower.
static TURN: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"));
    if path.exists() {
        return Some(path);
    }
    let msg = "\n!!! SKIPPED: chromium is not installed: the browser tests did NOT run \
               (apt-get install chromium).\n";
    if std::env::var_os("PLAYFORTH_REQUIRE_CHROMIUM").is_some() {
        panic!("{msg}");
    }
    eprintln!("{msg}");
    None
}

/// A headless Chromium and one connection to it.
struct Browser {
    proc: Child,
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
    next: u64,
    profile: PathBuf,
}

/// One tab, attached with its own DevTools session.
struct Tab {
    session: String,
}

impl Browser {
    fn launch() -> Option<Browser> {
        let exe = chromium()?;
        static COUNT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let profile = std::env::temp_dir().join(format!(
            "playforth-chromium-{}-{}",
            std::process::id(),
            COUNT.fetch_add(1, std::sync::atomic::Ordering::SeqCst)
        ));
        let mut proc = Command::new(exe)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-quic",
                "--hide-scrollbars",
                "--window-size=1280,800",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start chromium");
        let stderr = proc.stderr.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for l in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(url) = l.strip_prefix("DevTools listening on ") {
                    let _ = tx.send(url.trim().to_string());
                }
            }
        });
        let url = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("chromium did not open its DevTools port");
        let (mut ws, _) = tungstenite::connect(url).expect("connect to chromium");
        if let MaybeTlsStream::Plain(s) = ws.get_mut() {
            s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        }
        Some(Browser {
            proc,
            ws,
            next: 1,
            profile,
        })
    }

    /// Call a DevTools method (in a tab's session if given); its result.
    fn call(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        let id = self.next;
        self.next += 1;
        let mut msg = json!({"id": id, "method": method, "params": params});
        if let Some(s) = session {
            msg["sessionId"] = json!(s);
        }
        self.ws.send(Message::text(msg.to_string())).unwrap();
        loop {
            let Message::Text(t) = self.ws.read().expect("chromium answers") else {
                continue;
            };
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            if v["id"] == id {
                assert!(v["error"].is_null(), "{method}: {}", v["error"]);
                return v["result"].clone();
            }
        }
    }

    fn open(&mut self, url: &str) -> Tab {
        let tab = self.load(url, false);
        self.wait(
            &tab,
            "window.playforthPage && window.playforthPage.mode() === 'idle'",
            "the session to start",
        );
        tab
    }

    /// A tab with `url` loaded (its script run); in a browser context of
    /// its own when `alone` (its own storage, as another person's browser).
    fn load(&mut self, url: &str, alone: bool) -> Tab {
        let mut params = json!({"url": "about:blank"});
        if alone {
            let context = self.call(None, "Target.createBrowserContext", json!({}));
            params["browserContextId"] = context["browserContextId"].clone();
        }
        let target = self.call(None, "Target.createTarget", params);
        let attached = self.call(
            None,
            "Target.attachToTarget",
            json!({"targetId": target["targetId"], "flatten": true}),
        );
        let tab = Tab {
            session: attached["sessionId"].as_str().unwrap().to_string(),
        };
        self.call(Some(&tab.session), "Page.enable", json!({}));
        self.call(
            Some(&tab.session),
            "Emulation.setDeviceMetricsOverride",
            json!({"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": false}),
        );
        self.call(Some(&tab.session), "Page.navigate", json!({"url": url}));
        self.wait(
            &tab,
            "document.readyState === 'complete'",
            "the page to load",
        );
        tab
    }

    fn eval(&mut self, tab: &Tab, js: &str) -> Value {
        let r = self.call(
            Some(&tab.session),
            "Runtime.evaluate",
            json!({"expression": js, "returnByValue": true, "awaitPromise": true}),
        );
        assert!(
            r["exceptionDetails"].is_null(),
            "{js}: {}",
            r["exceptionDetails"]
        );
        r["result"]["value"].clone()
    }

    /// Wait until `js` is true in the page; fail with the transcript.
    fn wait(&mut self, tab: &Tab, js: &str, what: &str) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            if self.eval(tab, &format!("!!({js})")) == json!(true) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let seen = self.eval(tab, "(document.getElementById('transcript')||{}).innerText");
        panic!(
            "waited 30 s for {what} ({js}); the transcript:\n{}",
            seen.as_str().unwrap_or("")
        );
    }

    fn transcript(&mut self, tab: &Tab) -> String {
        self.eval(tab, "document.getElementById('transcript').innerText")
            .as_str()
            .unwrap_or("")
            .to_string()
    }

    /// Type text into the focused field, as a paste of characters.
    fn type_text(&mut self, tab: &Tab, text: &str) {
        self.call(
            Some(&tab.session),
            "Input.insertText",
            json!({"text": text}),
        );
    }

    /// Press a key (Enter, Tab, ArrowUp, or a letter with Ctrl).
    fn press(&mut self, tab: &Tab, key: &str, ctrl: bool) {
        let (code, vk) = match key {
            "Enter" => ("Enter", 13),
            "Tab" => ("Tab", 9),
            "ArrowUp" => ("ArrowUp", 38),
            "Escape" => ("Escape", 27),
            "c" => ("KeyC", 67),
            other => panic!("no key {other}"),
        };
        for kind in ["keyDown", "keyUp"] {
            let mut ev = json!({"type": kind, "key": key, "code": code,
                                "windowsVirtualKeyCode": vk, "modifiers": if ctrl { 2 } else { 0 }});
            if kind == "keyDown" && key == "Enter" {
                ev["text"] = json!("\r");
            }
            self.call(Some(&tab.session), "Input.dispatchKeyEvent", ev);
        }
    }

    /// Type a line and press Enter, then wait until the session is ready.
    fn run_line(&mut self, tab: &Tab, line: &str) {
        self.type_text(tab, line);
        self.press(tab, "Enter", false);
        self.wait(
            tab,
            "window.playforthPage.mode() !== 'busy'",
            &format!("`{line}` to run"),
        );
    }

    /// A class's page at `url` in a browser of its own, joined with the
    /// code and a name typed into the join form.
    fn join(&mut self, url: &str, code: &str, name: &str) -> Tab {
        let tab = self.load(url, true);
        self.wait(
            &tab,
            "!document.getElementById('joinform').hidden",
            "the join form",
        );
        self.click(&tab, "#joincode");
        self.type_text(&tab, code);
        self.click(&tab, "#joinname");
        self.type_text(&tab, name);
        self.click(&tab, "#joinbutton");
        self.wait(
            &tab,
            "window.playforthPage.mode() === 'idle' && document.getElementById('joinform').hidden",
            "joining",
        );
        tab
    }

    /// A real mouse click in the middle of the element `selector` finds.
    fn click(&mut self, tab: &Tab, selector: &str) {
        let at = self.eval(
            tab,
            &format!(
                "(() => {{ const e = document.querySelector({}); e.scrollIntoView({{block: 'center'}}); \
                 const r = e.getBoundingClientRect(); \
                 return [r.left + r.width / 2, r.top + r.height / 2]; }})()",
                json!(selector)
            ),
        );
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                Some(&tab.session),
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": at[0], "y": at[1], "button": "left", "clickCount": 1}),
            );
        }
    }

    /// A PNG of the tab, in target/screenshots/ (and docs/ when asked).
    fn screenshot(&mut self, tab: &Tab, name: &str) {
        let shot = self.call(
            Some(&tab.session),
            "Page.captureScreenshot",
            json!({"format": "png"}),
        );
        let png = decode_base64(shot["data"].as_str().unwrap());
        assert!(png.starts_with(b"\x89PNG"), "not a PNG");
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let dir = root.join("target/screenshots");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(name), &png).unwrap();
        if std::env::var_os("PLAYFORTH_UPDATE_SCREENSHOTS").is_some() {
            std::fs::write(root.join("docs").join(name), &png).unwrap();
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.proc.kill();
        let _ = self.proc.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let bytes: Vec<u8> = text.bytes().filter(|&c| c != b'=' && c != b'\n').collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= u32::from(value(c)) << (18 - 6 * i);
        }
        out.extend_from_slice(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}

/// The texts of the cells of the stack panel, bottom first.
const STACK_CELLS: &str = "[...document.querySelectorAll('#data .cell')].map(c => c.textContent)";

#[test]
fn the_repl_in_a_browser_runs_colours_completes_and_stops() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    let Some(mut b) = Browser::launch() else {
        return;
    };
    let server = Server::start(&["--seed", "1"]);
    let tab = b.open(&server.url());
    // A line runs, its output and ` ok` follow it, the stack panel shows
    // what is left.
    b.run_line(&tab, "2 3 + .");
    b.wait(
        &tab,
        "document.getElementById('transcript').innerText.includes('5  ok <0>')",
        "5  ok",
    );
    b.run_line(&tab, "1 2 3");
    assert_eq!(b.eval(&tab, STACK_CELLS), json!(["1", "2", "3"]));
    assert_eq!(
        b.eval(&tab, "document.getElementById('depth').textContent"),
        "<3>"
    );
    // Colours and the hint as the line is typed.
    b.run_line(&tab, ": greet ( -- ) .\" hello\" ;");
    b.type_text(&tab, "greet dup nosuch swap");
    b.wait(
        &tab,
        "document.querySelector('#paint .c-unknown')?.textContent === 'nosuch'",
        "nosuch in red",
    );
    b.wait(
        &tab,
        "document.querySelector('#paint .hint')?.textContent === '  ( x1 x2 -- x2 x1 )'",
        "swap's hint",
    );
    assert_eq!(
        b.eval(&tab, "document.querySelector('#paint .c-user').textContent"),
        "greet"
    );
    assert_eq!(
        b.eval(
            &tab,
            "document.querySelector('#paint .c-builtin').textContent"
        ),
        "dup"
    );
    b.eval(&tab, "document.getElementById('line').value = ''");
    // Tab completes the word being typed.
    b.type_text(&tab, "gre");
    b.press(&tab, "Tab", false);
    b.wait(
        &tab,
        "document.getElementById('line').value === 'greet '",
        "greet completed",
    );
    b.press(&tab, "Enter", false);
    b.wait(
        &tab,
        "document.getElementById('transcript').innerText.includes('hello ok <3> 1 2 3')",
        "greet to run",
    );
    // Several words: a list with their stack effects.
    b.type_text(&tab, "2d");
    b.press(&tab, "Tab", false);
    b.wait(
        &tab,
        "!document.getElementById('menu').hidden",
        "the completion list",
    );
    let items = b.eval(&tab, "document.getElementById('menu').innerText");
    assert!(
        items.as_str().unwrap().contains("2drop ( x1 x2 -- )"),
        "{items}"
    );
    b.press(&tab, "Escape", false);
    b.eval(&tab, "document.getElementById('line').value = ''");
    // History: the arrow brings the last line back.
    b.press(&tab, "ArrowUp", false);
    b.wait(
        &tab,
        "document.getElementById('line').value === 'greet '",
        "the last line from history",
    );
    b.eval(&tab, "document.getElementById('line').value = ''");
    // An error is reported with its caret, in colour; the session goes on.
    b.run_line(&tab, "1 0 /");
    b.wait(
        &tab,
        "document.getElementById('transcript').innerText.includes('division by zero')",
        "the error",
    );
    assert_eq!(
        b.eval(
            &tab,
            "document.querySelector('#transcript .f1.b')?.textContent"
        ),
        "error:"
    );
    // Stop (the button, clicked) ends an endless loop; the session goes on.
    b.type_text(&tab, "begin again");
    b.press(&tab, "Enter", false);
    b.wait(
        &tab,
        "!document.getElementById('stop').disabled",
        "Stop to be offered",
    );
    b.click(&tab, "#stop");
    b.wait(
        &tab,
        "window.playforthPage.mode() === 'idle'",
        "the loop to stop",
    );
    assert!(b.transcript(&tab).contains("-28"));
    // And Ctrl-C, as in the terminal.
    b.type_text(&tab, "begin again");
    b.press(&tab, "Enter", false);
    b.wait(
        &tab,
        "window.playforthPage.mode() === 'busy'",
        "the loop to run",
    );
    b.press(&tab, "c", true);
    b.wait(
        &tab,
        "window.playforthPage.mode() === 'idle'",
        "Ctrl-C to stop the loop",
    );
    b.run_line(&tab, "1 2 3 4 5 6 7");
    b.screenshot(&tab, "serve-repl.png");
    b.run_line(&tab, "6 7 * .");
    b.wait(
        &tab,
        "document.getElementById('transcript').innerText.includes('42  ok')",
        "6 7 * .",
    );
}

#[test]
fn two_pages_have_two_sessions_that_cannot_see_each_other() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    let Some(mut b) = Browser::launch() else {
        return;
    };
    let server = Server::start(&[]);
    let one = b.open(&server.url());
    let two = b.open(&server.url());
    b.run_line(&one, ": secret 42 ;");
    b.run_line(&one, "secret .");
    b.wait(
        &one,
        "document.getElementById('transcript').innerText.includes('42  ok')",
        "secret in the first page",
    );
    b.run_line(&two, "secret .");
    b.wait(
        &two,
        "document.getElementById('transcript').innerText.includes('undefined word `secret`')",
        "secret unknown in the second",
    );
}

#[test]
fn turtle_words_draw_on_the_canvas() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    let Some(mut b) = Browser::launch() else {
        return;
    };
    let server = Server::start(&[]);
    let tab = b.open(&server.url());
    assert_eq!(
        b.eval(&tab, "document.getElementById('turtlebox').hidden"),
        json!(true)
    );
    b.run_line(
        &tab,
        ": square ( n -- ) 4 0 do dup forward 90 right loop drop ;",
    );
    b.run_line(&tab, "100 square");
    b.wait(
        &tab,
        "!document.getElementById('turtlebox').hidden",
        "the turtle's canvas",
    );
    // The page has the four sides the turtle drew, ending where it began.
    let ops = b.eval(
        &tab,
        "window.playforthPage.drawing.ops.map(o => [o.op, Math.round(o.x2), Math.round(o.y2)])",
    );
    assert_eq!(
        ops,
        json!([
            ["line", 0, 100],
            ["line", 100, 100],
            ["line", 100, 0],
            ["line", 0, 0]
        ])
    );
    // And the canvas shows them: dark pixels on the white.
    let dark = b.eval(
        &tab,
        "(() => { const c = document.getElementById('turtle'); \
         const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let n = 0; \
         for (let i = 0; i < d.length; i += 4) if (d[i] < 100 && d[i + 3] > 200) n++; return n; })()",
    );
    assert!(dark.as_u64().unwrap() > 500, "{dark} dark pixels");
    // clear-drawing starts again; the picture of the example is drawn.
    b.run_line(&tab, "clear-drawing include examples/turtle.fs scene");
    b.wait(
        &tab,
        "window.playforthPage.drawing.ops.length > 50",
        "the example's picture",
    );
    b.screenshot(&tab, "serve-turtle.png");
}

#[test]
fn the_stack_panel_steps_through_a_traced_word() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    let Some(mut b) = Browser::launch() else {
        return;
    };
    let server = Server::start(&[]);
    let tab = b.open(&server.url());
    b.run_line(&tab, ": sq ( n -- n*n ) dup * ;");
    b.run_line(&tab, "trace sq");
    b.run_line(&tab, "3 sq");
    b.wait(
        &tab,
        "!document.getElementById('stepper').hidden",
        "the stepper",
    );
    let text = "document.getElementById('steptext').textContent";
    assert_eq!(b.eval(&tab, text), "after the line (trace: 3 steps)");
    assert_eq!(b.eval(&tab, STACK_CELLS), json!(["9"]));
    b.click(&tab, "#stepback");
    assert_eq!(b.eval(&tab, text), "step 3 of 3:   *");
    b.click(&tab, "#stepback");
    assert_eq!(b.eval(&tab, text), "step 2 of 3:   dup");
    assert_eq!(b.eval(&tab, STACK_CELLS), json!(["3", "3"]));
    b.click(&tab, "#stepback");
    assert_eq!(b.eval(&tab, text), "step 1 of 3: sq");
    assert_eq!(b.eval(&tab, STACK_CELLS), json!(["3"]));
    assert_eq!(
        b.eval(&tab, "document.getElementById('stepback').disabled"),
        json!(true)
    );
    // A line without tracing puts the stepper away.
    b.run_line(&tab, "drop");
    b.wait(
        &tab,
        "document.getElementById('stepper').hidden",
        "the stepper to go",
    );
}

#[test]
fn othello_is_played_by_clicking_the_board() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    let Some(mut b) = Browser::launch() else {
        return;
    };
    let server = Server::start(&["--seed", "3"]);
    let tab = b.open(&server.url());
    b.run_line(&tab, "include examples/othello.fs");
    b.type_text(&tab, "play");
    b.press(&tab, "Enter", false);
    // The game asks for a move: the board is drawn with its legal moves.
    b.wait(
        &tab,
        "window.playforthPage.mode() === 'input'",
        "the game to ask for a move",
    );
    b.wait(
        &tab,
        "!document.getElementById('boardbox').hidden",
        "the board",
    );
    let moves = b.eval(
        &tab,
        "[...document.querySelectorAll('#board [aria-label^=\"play \"]')].map(e => e.getAttribute('aria-label')).sort()",
    );
    assert_eq!(moves, json!(["play c4", "play d3", "play e6", "play f5"]));
    // A click on d3 plays it, as typing d3 would.
    b.click(&tab, "#board [aria-label=\"play d3\"]");
    b.wait(
        &tab,
        "document.getElementById('transcript').innerText.includes('plays d3')",
        "d3 to be played",
    );
    b.wait(
        &tab,
        "window.playforthPage.mode() === 'input'",
        "the computer's answer",
    );
    // A second move, the first the board offers now.
    let second = b.eval(
        &tab,
        "document.querySelector('#board [aria-label^=\"play \"]').getAttribute('aria-label').slice(5)",
    );
    let second = second.as_str().unwrap().to_string();
    b.click(&tab, &format!("#board [aria-label=\"play {second}\"]"));
    b.wait(
        &tab,
        &format!("document.getElementById('transcript').innerText.includes('plays {second}')"),
        "the second move",
    );
    b.wait(
        &tab,
        "window.playforthPage.mode() === 'input'",
        "the computer's second answer",
    );
    let transcript = b.transcript(&tab);
    // Two moves each (the discs are drawn ● and ○ in the page).
    assert_eq!(transcript.matches(" plays ").count(), 4, "{transcript}");
    b.screenshot(&tab, "serve-board.png");
    // q ends the game; the REPL goes on.
    b.run_line(&tab, "q");
    b.run_line(&tab, "2 3 + .");
    b.wait(
        &tab,
        "document.getElementById('transcript').innerText.includes('5  ok')",
        "the REPL after the game",
    );
}

/// The `## Answer` of built-in lesson `n` (docs/lessons/), as typed.
fn lesson_answer(n: usize) -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/lessons");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    files.sort();
    let text = std::fs::read_to_string(&files[n - 1]).unwrap();
    let answer = text.split("## Answer").nth(1).expect("an answer");
    let code = answer.split("```").nth(1).expect("a code block");
    code.trim_start_matches("forth").trim().to_string()
}

/// A class of students working, through the protocol (for the teacher's
/// page to show a real class): some ahead, some behind, some stuck on a
/// typo, some handing in.
fn simulate_class(class: &Class) {
    let students: [(&str, usize, &[&str]); 8] = [
        ("Ada", 4, &[]),
        ("Grace", 3, &["sqaure"]),
        ("Linus", 2, &["dupp", "sqaure"]),
        ("Margaret", 4, &[]),
        ("Alan", 1, &["sqaure", "1 0 /"]),
        ("Katherine", 3, &["drop drop drop"]),
        ("Dennis", 0, &["sqaure", "dupp"]),
        ("Barbara", 2, &["sqaure"]),
    ];
    let mut handins = Vec::new();
    for (name, passed, typos) in students {
        let (mut c, _) = class.join(name);
        for n in 1..=passed {
            c.line(&format!("learn {n}"));
            for line in lesson_answer(n).lines() {
                c.line(line);
            }
            let r = c.line("check");
            assert!(
                super::serve::text(&r).contains("pass"),
                "{name}, lesson {n}"
            );
        }
        // The next lesson, tried and not passed yet.
        c.line(&format!("learn {}", passed + 1));
        for t in typos {
            c.line(t);
        }
        if passed < 4 {
            c.line("check");
        }
        if passed >= 1 {
            c.send(json!({"t": "handin", "lesson": "first-steps"}));
            let h = c.until(|m| m["t"] == "handed-in");
            handins.push(h.last().unwrap()["id"].as_i64().unwrap());
        }
    }
    let (status, _) = class.api(
        "POST",
        "/api/return",
        Some(json!({"handin": handins[0], "comment": "Good: twenty is right. Try `see twenty`."})),
    );
    assert_eq!(status, 200);
}

/// The classroom in three browsers: a teacher's and two students' (each
/// in a browser context of its own, as on three computers). The students
/// join with the code, pass a check and hand in; the teacher's page shows
/// it; the teacher gives a hand-in back with a comment, and the student
/// sees it. A name written as HTML stays text on the teacher's page.
#[test]
fn a_teacher_and_two_students_in_three_browsers() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    let Some(mut b) = Browser::launch() else {
        return;
    };
    let data = data_dir("browser");
    let class = Class::start(&data, &["--seed", "1"]);
    simulate_class(&class);
    let url = class.server.url();
    let zoe = b.join(&url, &class.code.to_lowercase(), "Zoë");
    // 40 characters, the most a name may have.
    let hacker = "<b id=bold>Bob</b><img src=x onerror=x>";
    let bob = b.join(&url, &class.code, hacker);
    // Zoë passes lesson 1 and hands in what she typed.
    b.run_line(&zoe, "learn 1");
    b.run_line(&zoe, TWENTY);
    b.run_line(&zoe, "check");
    b.wait(
        &zoe,
        "document.getElementById('transcript').innerText.includes('All 3 checks pass')",
        "Zoë's check to pass",
    );
    b.wait(
        &zoe,
        "document.getElementById('lesson').value === 'first-steps'",
        "the lesson chosen",
    );
    b.click(&zoe, "#handin");
    b.wait(
        &zoe,
        "document.body.innerText.includes('3 of 3')",
        "Zoë's hand-in to be acknowledged",
    );
    // Bob's answer is wrong: his check fails, and he hands in anyway.
    b.run_line(&bob, "learn 1");
    b.run_line(&bob, ": twenty 2 3 * 4 + ;");
    b.run_line(&bob, "check");
    b.click(&bob, "#handin");
    b.wait(
        &bob,
        "document.body.innerText.includes('0 of 3')",
        "Bob's hand-in",
    );
    b.screenshot(&zoe, "classroom-student.png");

    // The teacher's page, with the secret from the link.
    let teacher = b.load(&format!("{url}teacher#{}", class.secret), true);
    b.wait(
        &teacher,
        "document.querySelectorAll('#grid tr[data-student]').length === 10",
        "ten students in the grid",
    );
    let cell = |who: &str| {
        format!(
            "(() => {{ const row = [...document.querySelectorAll('#grid tr[data-student]')]
                 .find(r => r.textContent.includes({})); \
               return row && row.querySelector('td[data-lesson=\"first-steps\"]').textContent.trim(); }})()",
            json!(who)
        )
    };
    b.wait(&teacher, &format!("{} === '✓'", cell("Zoë")), "Zoë's ✓");
    b.wait(
        &teacher,
        &format!("{} === '✗'", cell("<b id=bold>Bob")),
        "Bob's ✗",
    );
    // The name is text: no element came of it, no script ran.
    assert_eq!(
        b.eval(
            &teacher,
            "document.getElementById('bold') === null && !document.querySelector('#grid img')"
        ),
        json!(true)
    );
    assert_eq!(
        b.eval(
            &teacher,
            "document.getElementById('tcode').textContent.trim()"
        ),
        json!(class.code)
    );
    // Common errors: the class's typos.
    b.wait(
        &teacher,
        "document.getElementById('errors').textContent.includes('sqaure')",
        "the common errors",
    );
    b.screenshot(&teacher, "classroom-teacher.png");
    // Zoë's hand-in, opened, commented and given back.
    let o = class.overview();
    let zoe_id = o["students"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "Zoë")
        .unwrap()["id"]
        .clone();
    b.click(&teacher, &format!("#grid tr[data-student=\"{zoe_id}\"] td"));
    b.wait(
        &teacher,
        "document.getElementById('student').textContent.includes('Zoë') && document.querySelector('#student .handin')",
        "Zoë's hand-ins",
    );
    assert!(
        b.eval(&teacher, "document.getElementById('student').textContent")
            .as_str()
            .unwrap()
            .contains(": twenty 2 3 + 4 * ;")
    );
    b.click(&teacher, "#student .handin textarea.comment");
    b.type_text(&teacher, "Well done, Zoë: now try `see twenty`.");
    b.click(&teacher, "#student .handin button.return");
    b.wait(
        &teacher,
        "document.getElementById('student').textContent.includes('returned')",
        "the hand-in returned",
    );
    b.screenshot(&teacher, "classroom-handin.png");
    b.wait(
        &zoe,
        "[...document.querySelectorAll('#comments .comment')].some(c => c.textContent.includes('now try `see twenty`'))",
        "Zoë to see the comment",
    );
    b.screenshot(&zoe, "classroom-comment.png");
    // Bob sees no comment: it was Zoë's.
    assert_eq!(
        b.eval(
            &bob,
            "document.querySelectorAll('#comments .comment').length"
        ),
        json!(0)
    );
    // Without the secret the teacher's page shows nothing of the class.
    let outsider = b.load(&format!("{url}teacher#wrong"), true);
    b.wait(
        &outsider,
        "document.getElementById('tstatus').textContent.length > 0",
        "the refusal",
    );
    assert_eq!(
        b.eval(
            &outsider,
            "document.querySelectorAll('#grid tr[data-student]').length"
        ),
        json!(0)
    );
    drop(class);
}

/// Share by link: a turtle drawing made in one page opens, read-only, in
/// another person's browser and is drawn again there — without a class
/// (the program compressed into the link after #p=) and in a class (kept
/// in the class's records, #s=ID).
#[test]
fn a_drawing_shared_by_link_opens_in_another_browser() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    let Some(mut b) = Browser::launch() else {
        return;
    };
    let program = ": side 100 forward 90 right ; : square 4 0 do side loop ; square";
    let ops = "window.playforthPage.drawing.ops.length";
    let share = |b: &mut Browser, tab: &Tab| -> String {
        b.run_line(tab, program);
        b.wait(tab, &format!("{ops} === 4"), "the square");
        b.click(tab, "#share");
        b.wait(
            tab,
            "document.getElementById('sharelink').value.includes('#')",
            "the link",
        );
        b.eval(tab, "document.getElementById('sharelink').value")
            .as_str()
            .unwrap()
            .to_string()
    };
    let opened = |b: &mut Browser, tab: &Tab| {
        b.wait(
            tab,
            "!document.getElementById('shared').hidden",
            "the shared panel",
        );
        b.wait(tab, &format!("{ops} === 4"), "the square drawn again");
        assert_eq!(
            b.eval(tab, "document.getElementById('sharedprogram').textContent"),
            json!(program)
        );
        // Read-only: a <pre>, not an editor; and the link's fragment is
        // gone, so Restart does not run it again.
        assert_eq!(
            b.eval(
                tab,
                "document.getElementById('sharedprogram').tagName + ':' + location.hash"
            ),
            json!("PRE:")
        );
    };

    // Without a class, the link carries the program.
    let server = Server::start(&[]);
    let one = b.open(&server.url());
    let link = share(&mut b, &one);
    assert!(link.starts_with(&format!("{}#p=", server.url())), "{link}");
    let two = b.load(&link, true);
    opened(&mut b, &two);
    b.screenshot(&two, "serve-shared.png");
    assert!(
        !server.log().contains("#p="),
        "the program never reaches the server's log"
    );

    // In a class, the link names the program kept in the class's records;
    // another student opens it after joining.
    let data = data_dir("browser-share");
    let class = Class::start(&data, &[]);
    let ada = b.join(&class.server.url(), &class.code, "Ada");
    let link = share(&mut b, &ada);
    assert!(
        link.starts_with(&format!("{}#s=", class.server.url())),
        "{link}"
    );
    let bob = b.join(&link, &class.code, "Bob");
    opened(&mut b, &bob);
    assert!(
        b.eval(&bob, "document.getElementById('shared').textContent")
            .as_str()
            .unwrap()
            .contains("Ada")
    );
    drop(class);
}
