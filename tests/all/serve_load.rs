//! A class on the server at once: 50 WebSocket clients against a real
//! `playforth serve`, 40 typing ordinary lines and playing Othello moves,
//! 10 hostile (endless loops, allocation bombs, output floods, 1 MB
//! lines, binary junk, abrupt disconnects). Every ordinary request must be
//! answered, correctly; the server's memory stays bounded; no process is
//! left when it stops.
//!
//! `cargo test` runs it for 10 seconds; PLAYFORTH_LOAD_SECONDS=60 runs the
//! full minute and prints the round trips of `2 3 + .` (a benchmark's
//! figures, never asserted).

use super::serve::{Client, Server, text};
use serde_json::json;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tungstenite::Message;

/// The resident memory of a process, in KiB.
fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn ordinary(
    server: &Server,
    n: usize,
    until: Instant,
    trips: &Mutex<Vec<Duration>>,
    lost: &AtomicUsize,
) {
    let mut c = server.connect();
    // A game: Othello, two moves typed at its prompt, then q.
    c.line("include examples/othello.fs");
    let r = c.line("play");
    assert_eq!(r.last().unwrap()["t"], "input", "{r:?}");
    let r = c.line("d3");
    assert!(text(&r).contains("plays d3"), "{}", text(&r));
    let r = c.line("q");
    assert_eq!(r.last().unwrap()["t"], "ready", "{r:?}");
    c.line(&format!(": mine{n} {n} ;"));
    let mut i = 0;
    while Instant::now() < until {
        i += 1;
        let start = Instant::now();
        let r = c.line("2 3 + .");
        let took = start.elapsed();
        if text(&r) != "5 " || r.last().unwrap()["t"] != "ready" {
            lost.fetch_add(1, Ordering::SeqCst);
            eprintln!("client {n}: `2 3 + .` answered {r:?}");
        }
        trips.lock().unwrap().push(took);
        if i % 5 == 0 && text(&c.line(&format!("mine{n} ."))) != format!("{n} ") {
            lost.fetch_add(1, Ordering::SeqCst);
        }
        std::thread::sleep(Duration::from_millis(100 + (n as u64 * 37 + i) % 200));
    }
}

fn hostile(server: &Server, n: usize, until: Instant) {
    while Instant::now() < until {
        match n % 5 {
            0 => {
                let mut c = server.connect();
                c.line(": spin begin again ; spin");
            }
            1 => {
                let mut c = server.connect();
                c.line("begin 1000000 allocate drop drop again");
                c.line("here 1000000000000 allot");
                c.line(": deep recurse ; deep");
            }
            2 => {
                let mut c = server.connect();
                c.line("begin 12345 . again");
            }
            3 => {
                let mut c = server.connect();
                let _ = c.ws.send(Message::binary(vec![0xff; 4096]));
                let _ = c.ws.send(Message::text("{{{{ not json"));
                c.line(&"\u{0}\u{1b}[2J\u{7f}".repeat(1000));
                c.line(&"x".repeat(300 << 10));
                // A 1 MB line is past what a message may be: the server
                // closes that connection.
                let _ = c.ws.send(Message::text("1 ".repeat(1 << 19)));
                let _ = c.ws.read();
            }
            _ => {
                // Gone mid-line, again and again.
                let mut c = server.connect();
                c.send(json!({"t": "line", "s": "begin again"}));
                drop(c);
                std::thread::sleep(Duration::from_millis(50));
            }
        }
    }
}

#[test]
fn fifty_clients_forty_ordinary_ten_hostile() {
    let seconds: u64 = std::env::var("PLAYFORTH_LOAD_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let server = Arc::new(Server::start(&["--line-cpu", "2", "--output-kib", "64"]));
    let until = Instant::now() + Duration::from_secs(seconds);
    let trips = Arc::new(Mutex::new(Vec::new()));
    let lost = Arc::new(AtomicUsize::new(0));
    let done = Arc::new(AtomicBool::new(false));
    // The server's memory, sampled while the class works.
    let peak = {
        let (server, done) = (server.clone(), done.clone());
        std::thread::spawn(move || {
            let mut peak = 0;
            while !done.load(Ordering::SeqCst) {
                peak = peak.max(rss_kib(server.pid()));
                std::thread::sleep(Duration::from_millis(100));
            }
            peak
        })
    };
    let mut clients = Vec::new();
    for n in 0..50 {
        let (server, trips, lost) = (server.clone(), trips.clone(), lost.clone());
        clients.push(std::thread::spawn(move || {
            if n < 40 {
                ordinary(&server, n, until, &trips, &lost);
            } else {
                hostile(&server, n, until);
            }
        }));
    }
    for c in clients {
        c.join().expect("a client failed");
    }
    done.store(true, Ordering::SeqCst);
    let peak = peak.join().unwrap();
    let mut trips = trips.lock().unwrap().clone();
    trips.sort();
    let at = |q: f64| trips[((trips.len() - 1) as f64 * q) as usize];
    eprintln!(
        "serve load, {seconds} s, 40 ordinary + 10 hostile clients: {} round trips of `2 3 + .`, \
         p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; server peak RSS {} KiB",
        trips.len(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        at(1.0).as_secs_f64() * 1e3,
        peak
    );
    assert_eq!(
        lost.load(Ordering::SeqCst),
        0,
        "ordinary requests went unanswered or wrong"
    );
    assert!(trips.len() >= 40, "{} round trips", trips.len());
    // The relay keeps no more than bounded queues per session.
    assert!(peak < 256 * 1024, "the server grew to {peak} KiB");
    // Still serving; then every session process goes with the server.
    let mut fresh: Client = server.connect();
    assert_eq!(text(&fresh.line("2 3 + .")), "5 ");
    drop(fresh);
    let children = server.children();
    let Ok(server) = Arc::try_unwrap(server) else {
        panic!("the server is still shared");
    };
    assert!(server.stop().success());
    for pid in children {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        assert!(
            stat.is_empty() || stat.contains(") Z"),
            "session {pid} outlived the server: {stat}"
        );
    }
}
