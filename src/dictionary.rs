//! The dictionary: word headers, word lists and the search order.
//!
//! A word is identified by its execution token, an index into `words`.
//! Each word list maps lower-cased names to the newest xt; a header keeps
//! the xt it shadowed, so MARKER can peel definitions off again. Names are
//! case-insensitive: `B.Player` and `b.player` are the same word.
//! Execution tokens are never reused: MARKER turns the headers it forgets
//! into `Kind::Forgotten`, and executing a stale xt is an error.
//!
//! The fields are private: the rest of the system reads the headers, word
//! lists and search order through `words()`, `wordlists()`, `order()` …
//! (a header is only ever lent as `&Word`), and changes them through the
//! methods below, which keep the rules: a word list's map names only
//! revealed headers, each shadowing the one it names in `shadows`; the
//! search order and the current word list name existing word lists (at
//! most `MAX_ORDER` of them); `last` is the newest definition; only a
//! CREATEd word gets DOES> code (`make_does`).

use crate::error::*;
use crate::instr::Instr;
use crate::snapshot;
use std::collections::HashMap;
use std::rc::Rc;

pub(crate) const IMMEDIATE: u8 = 1;
pub(crate) const COMPILE_ONLY: u8 = 2;

/// What executing a word does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A built-in: run (or compile) this instruction.
    Prim(Instr),
    /// A colon definition starting at this code address.
    Colon(u32),
    Constant(i64),
    /// VARIABLE: pushes its body address.
    Variable(u32),
    /// CREATE without DOES>: pushes its body address.
    Create(u32),
    /// CREATE ... DOES>: pushes the body address, then runs the DOES> code.
    Does {
        body: u32,
        code: u32,
    },
    /// VALUE: pushes the cell in its body.
    Value(u32),
    /// 2VALUE: pushes the two cells in its body (as 2@ would).
    TwoValue(u32),
    /// FVALUE: pushes the float in its body onto the floating-point stack.
    FValue(u32),
    /// DEFER: executes the xt in its body.
    Defer(u32),
    /// MARKER: forgets itself and everything after it.
    Marker(u32),
    /// Forgotten by a MARKER. The header stays (with its name, for the
    /// message) so that an old execution token never names a newer word:
    /// execution tokens are never reused.
    Forgotten,
}

/// A word's header. Readable everywhere; written only here (the
/// dictionary lends headers as `&Word`).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Word {
    pub name: Box<str>,
    pub flags: u8,
    pub kind: Kind,
    pub wordlist: u32,
    /// The xt this definition shadows in its word list, if any.
    pub shadows: Option<u32>,
    /// For colon definitions: end of its code (exclusive), for SEE.
    pub code_end: u32,
    /// Visible to lookups (false while its definition is being compiled).
    pub revealed: bool,
    /// The stack comment written right after the name (`: sq ( n -- n*n )`).
    pub effect: Option<Box<str>>,
    /// What is known of a colon word's effect from its code (`effect.rs`).
    pub effects: crate::effect::Known,
    /// Where a colon definition's `:` stands (HELP names the file and line).
    pub defined_at: Option<crate::code::Pos>,
}

impl Word {
    /// A new header in word list `wid`, hidden until revealed.
    fn new(name: &str, kind: Kind, wid: u32) -> Word {
        Word {
            name: name.into(),
            flags: 0,
            kind,
            wordlist: wid,
            shadows: None,
            code_end: 0,
            revealed: false,
            effect: None,
            effects: Default::default(),
            defined_at: None,
        }
    }
    pub(crate) fn immediate(&self) -> bool {
        self.flags & IMMEDIATE != 0
    }
    pub(crate) fn compile_only(&self) -> bool {
        self.flags & COMPILE_ONLY != 0
    }
    /// The data-field address, for >BODY.
    pub(crate) fn body(&self) -> Option<u32> {
        match self.kind {
            Kind::Variable(a)
            | Kind::Create(a)
            | Kind::Value(a)
            | Kind::TwoValue(a)
            | Kind::FValue(a)
            | Kind::Defer(a) => Some(a),
            Kind::Does { body, .. } => Some(body),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Wordlist {
    pub name: Option<String>,
    pub map: HashMap<Box<str>, u32>,
    /// The newest xt in this word list (for WORDS and traversal order).
    pub latest: Option<u32>,
}

/// Everything MARKER must restore.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Mark {
    pub words: usize,
    pub code: usize,
    pub here: usize,
    pub wordlists: usize,
    pub order: Vec<u32>,
    pub current: u32,
    pub latest: Vec<Option<u32>>,
    /// Bytes this mark and the older ones below it keep (MAX_MARK_BYTES).
    pub kept: usize,
}

/// The most memory the markers alive may keep in all: each keeps the
/// search order and every word list's newest word, so a thousand word
/// lists make a marker 8 KB.
pub(crate) const MAX_MARK_BYTES: usize = 16 << 20;

pub(crate) const MAX_ORDER: usize = 16;

/// What ONLY leaves (as gforth): the root word list twice, so that FORTH
/// (which replaces the first) leaves it below; the game words between.
pub(crate) fn minimum_order() -> Vec<u32> {
    vec![ROOT_WORDLIST, GAMES_WORDLIST, ROOT_WORDLIST]
}

/// The order at start-up (as gforth): FORTH twice, then the game words,
/// then the root word list, so that a VOCABULARY word, which replaces the
/// first word list, leaves FORTH below it.
pub(crate) fn default_order() -> Vec<u32> {
    vec![ROOT_WORDLIST, GAMES_WORDLIST, 0, 0]
}

/// Word headers in the dictionary.
pub const MAX_WORDS: usize = 1 << 20;
/// The word list id of the game words.
pub(crate) const GAMES_WORDLIST: u32 = 1;
/// The root word list (as gforth's): the words that set the search order,
/// and BYE, kept at the bottom of the order so that a word list put in
/// FORTH's place (`vocabulary x  x`) never hides the way back.
pub(crate) const ROOT_WORDLIST: u32 = 2;
/// Word lists a program may make.
pub(crate) const MAX_WORDLISTS: usize = 1024;
#[derive(Default)]
pub(crate) struct Dictionary {
    words: Vec<Word>,
    wordlists: Vec<Wordlist>,
    order: Vec<u32>,
    current: u32,
    marks: Vec<Mark>,
    /// The most recent definition, named or not (for IMMEDIATE, DOES>).
    last: Option<u32>,
    lower: String,
    /// The newest colon word starting at each code address, for finding
    /// a called word (check its kind: it may have been forgotten since).
    colon_at: HashMap<u32, u32>,
    /// The effect of each DOES> part, by the address of its code, run by
    /// a CREATEd word (its body address included); None when unknown.
    does_effects: HashMap<u32, Option<crate::effect::Effect>>,
    /// The first xt defined after the prelude: the user's words start here.
    user_start: u32,
    /// The code address where the user's code starts (the prelude's
    /// code lies below it).
    user_code: u32,
    /// What the stack comments kept in the headers cost (MAX_EFFECT_BYTES).
    effect_bytes: usize,
    /// The first built-in word of each primitive instruction, made when
    /// the prelude is done (built-in headers never change after): naming
    /// the word a caught error ran must not read every header.
    prim_xt: HashMap<Instr, u32>,
    /// Counts the changes of kind of words already made (forgotten,
    /// DOES>, a constant set …): machine code's EXECUTE table, which knows
    /// words by kind, is emptied when this moves (`Natives::xt_table`).
    kind_changes: u64,
}

/// Headers per chunk of the copies `undo` keeps.
const CHUNK: usize = 64;

/// The dictionary's fields but the headers and word lists, as `undo` keeps
/// them.
#[derive(Clone, PartialEq)]
struct DictRest {
    order: Vec<u32>,
    current: u32,
    marks: Vec<Mark>,
    last: Option<u32>,
    colon_at: HashMap<u32, u32>,
    does_effects: HashMap<u32, Option<crate::effect::Effect>>,
    user_start: u32,
    user_code: u32,
    effect_bytes: usize,
}

/// What `undo` keeps of the dictionary (`Dictionary::snapshot`).
#[derive(Default)]
pub(crate) struct DictSnap {
    words: Vec<Rc<[Word]>>,
    wordlists: Vec<Rc<Wordlist>>,
    rest: Option<Rc<DictRest>>,
}

impl DictSnap {
    /// Bytes this copy holds that `older` (the one kept before it) does
    /// not; the names and stack comments of headers, and a word list's
    /// table, at an estimate of what they cost.
    pub(crate) fn fresh_bytes(&self, older: Option<&DictSnap>) -> usize {
        let texts: usize = snapshot::unshared(&self.words, older.map(|o| &o.words[..]))
            .flat_map(|c| c.iter())
            .map(|w| w.name.len() + w.effect.as_ref().map_or(0, |e| e.len()))
            .sum();
        let lists: usize = snapshot::unshared(&self.wordlists, older.map(|o| &o.wordlists[..]))
            .map(|l| {
                std::mem::size_of::<Wordlist>() + l.map.keys().map(|k| k.len() + 32).sum::<usize>()
            })
            .sum();
        let rest = snapshot::fresh_value(
            self.rest.as_ref(),
            older.and_then(|o| o.rest.as_ref()),
            |a| {
                std::mem::size_of::<DictRest>()
                    + (a.colon_at.len() + a.does_effects.len()) * 32
                    + a.marks
                        .iter()
                        .map(|m| 64 + 8 * m.latest.len())
                        .sum::<usize>()
            },
        );
        snapshot::fresh_bytes(&self.words, older.map(|o| &o.words[..]))
            + texts
            + std::mem::size_of_val(&self.wordlists[..])
            + lists
            + rest
    }

    /// Whether `other` kept the very same dictionary.
    pub(crate) fn same(&self, other: &DictSnap) -> bool {
        snapshot::same(&self.words, &other.words)
            && snapshot::same(&self.wordlists, &other.wordlists)
            && snapshot::same_value(self.rest.as_ref(), other.rest.as_ref())
    }

    /// The headers it kept, by execution token.
    pub(crate) fn words(&self) -> impl Iterator<Item = &Word> {
        self.words.iter().flat_map(|c| c.iter())
    }
}

/// The most memory the stack comments kept for HELP and hints may take.
pub(crate) const MAX_EFFECT_BYTES: usize = 16 << 20;

/// What a kept stack comment costs: its text and its box.
fn effect_cost(e: &str) -> usize {
    e.len() + std::mem::size_of::<Box<str>>()
}

impl Dictionary {
    // ---- the copies `undo` keeps ----

    /// A copy for `undo`, each part shared with `prev` where unchanged.
    pub(crate) fn snapshot(&self, prev: Option<&DictSnap>) -> DictSnap {
        let empty = DictSnap::default();
        let prev = prev.unwrap_or(&empty);
        let rest = DictRest {
            order: self.order.clone(),
            current: self.current,
            marks: self.marks.clone(),
            last: self.last,
            colon_at: self.colon_at.clone(),
            does_effects: self.does_effects.clone(),
            user_start: self.user_start,
            user_code: self.user_code,
            effect_bytes: self.effect_bytes,
        };
        DictSnap {
            words: snapshot::chunks(&self.words, CHUNK, &prev.words),
            wordlists: self
                .wordlists
                .iter()
                .enumerate()
                .map(|(i, l)| snapshot::shared(l, prev.wordlists.get(i)))
                .collect(),
            rest: Some(snapshot::shared(&rest, prev.rest.as_ref())),
        }
    }

    /// Put back what `snapshot` kept.
    pub(crate) fn restore(&mut self, s: &DictSnap) {
        self.words = snapshot::joined(&s.words);
        self.wordlists = s.wordlists.iter().map(|l| (**l).clone()).collect();
        if let Some(r) = &s.rest {
            let r = (**r).clone();
            self.order = r.order;
            self.current = r.current;
            self.marks = r.marks;
            self.last = r.last;
            self.colon_at = r.colon_at;
            self.does_effects = r.does_effects;
            self.user_start = r.user_start;
            self.user_code = r.user_code;
            self.effect_bytes = r.effect_bytes;
        }
    }

    // ---- reading ----

    /// Every header, by execution token (0 is no word).
    #[inline(always)]
    pub(crate) fn words(&self) -> &[Word] {
        &self.words
    }

    /// The word lists, by id.
    pub(crate) fn wordlists(&self) -> &[Wordlist] {
        &self.wordlists
    }

    /// The search order, searched last first.
    pub(crate) fn order(&self) -> &[u32] {
        &self.order
    }

    /// The word list new definitions go into.
    pub(crate) fn current(&self) -> u32 {
        self.current
    }

    /// The most recent definition, named or not.
    pub(crate) fn last(&self) -> Option<u32> {
        self.last
    }

    /// The first xt defined after the prelude: the user's words start here.
    pub(crate) fn user_start(&self) -> u32 {
        self.user_start
    }

    /// The effect of running the DOES> part whose code starts at `code`,
    /// when it is known.
    pub(crate) fn does_effect(&self, code: u32) -> Option<crate::effect::Effect> {
        *self.does_effects.get(&code)?
    }

    /// Is the code at `code` a DOES> part (entered with a body address)?
    pub(crate) fn is_does_part(&self, code: u32) -> bool {
        self.does_effects.contains_key(&code)
    }

    /// What MARKER number `m` saved.
    pub(crate) fn marker(&self, m: usize) -> Option<&Mark> {
        self.marks.get(m)
    }

    // ---- changing headers ----

    /// Add `flags` (IMMEDIATE, COMPILE_ONLY) to the header `xt`.
    pub(crate) fn add_flags(&mut self, xt: u32, flags: u8) {
        if let Some(w) = self.words.get_mut(xt as usize) {
            w.flags |= flags;
        }
    }

    /// Add `flags` to the newest definition; false when there is none.
    pub(crate) fn flag_last(&mut self, flags: u8) -> bool {
        let Some(xt) = self.last else {
            return false;
        };
        self.add_flags(xt, flags);
        true
    }

    /// Where the definition of `xt` stands in the source (for HELP).
    pub(crate) fn set_defined_at(&mut self, xt: u32, at: crate::code::Pos) {
        if let Some(w) = self.words.get_mut(xt as usize) {
            w.defined_at = Some(at);
        }
    }

    /// The end of `xt`'s code (exclusive), for SEE.
    pub(crate) fn set_code_end(&mut self, xt: u32, end: u32) {
        if let Some(w) = self.words.get_mut(xt as usize) {
            w.code_end = end;
        }
    }

    /// What is known of `xt`'s effect from its code.
    pub(crate) fn set_effects(&mut self, xt: u32, known: crate::effect::Known) {
        if let Some(w) = self.words.get_mut(xt as usize) {
            w.effects = known;
        }
    }

    /// The effect of running the DOES> part at `code` (None: unknown).
    pub(crate) fn set_does_effect(&mut self, code: u32, e: Option<crate::effect::Effect>) {
        self.does_effects.insert(code, e);
    }

    /// `xt` (a SYNONYM or ALIAS) runs what `from` runs: it takes its code's
    /// end, for SEE, and what is known of its effect.
    pub(crate) fn share_code(&mut self, xt: u32, from: u32) {
        let Some(w) = self.words.get(from as usize) else {
            return;
        };
        let (end, known) = (w.code_end, w.effects);
        if let Some(w) = self.words.get_mut(xt as usize) {
            w.code_end = end;
            w.effects = known;
        }
    }

    /// DOES>: the CREATEd word `xt` (or a DOES> word) runs `code` from now
    /// on; false, and its kind unchanged, for any other word. `xt` is the
    /// newest definition again either way (a DOES> part typed at the prompt
    /// was compiled as a nameless definition since).
    pub(crate) fn make_does(&mut self, xt: u32, code: u32) -> bool {
        let Some(w) = self.words.get_mut(xt as usize) else {
            return false;
        };
        self.last = Some(xt);
        match w.kind {
            Kind::Create(body) | Kind::Does { body, .. } => {
                w.kind = Kind::Does { body, code };
                self.kind_changes += 1;
                true
            }
            _ => false,
        }
    }

    /// END-STRUCTURE: the word `xt` (made by BEGIN-STRUCTURE) becomes a
    /// constant, the structure's size. False when there is no such word.
    pub(crate) fn make_constant(&mut self, xt: u32, v: i64) -> bool {
        match self.words.get_mut(xt as usize) {
            Some(w) => {
                w.kind = Kind::Constant(v);
                self.kind_changes += 1;
                true
            }
            None => false,
        }
    }

    /// A header being thrown away (its definition failed or was
    /// abandoned): gone when it is the newest and in no word list; else
    /// (revealed early by RECURSIVE, or words were made since) it stays as
    /// a tombstone.
    pub(crate) fn discard(&mut self, xt: u32) {
        if self.words.len() == xt as usize + 1 && !self.words[xt as usize].revealed {
            // (Its token goes to the next word: a change of kind too.)
            self.kind_changes += 1;
            self.words.pop();
            self.last = self.words.len().checked_sub(1).map(|x| x as u32);
        } else {
            self.abandon(xt);
        }
    }

    /// The words defined from now on are the user's (after the prelude),
    /// and so is the code compiled from code address `code` on.
    pub(crate) fn start_user_words(&mut self, code: u32) {
        self.user_start = self.words.len() as u32;
        self.user_code = code;
        self.prim_xt.clear();
        for (xt, w) in self.words.iter().enumerate() {
            if let Kind::Prim(i) = w.kind {
                self.prim_xt.entry(i).or_insert(xt as u32);
            }
        }
    }

    /// The first word that runs instruction `a` or `b`.
    pub(crate) fn first_prim(&self, a: Instr, b: Instr) -> Option<usize> {
        let built_in = [a, b].iter().filter_map(|i| self.prim_xt.get(i)).min();
        if let Some(&xt) = built_in {
            return Some(xt as usize);
        }
        // The user's words (all words, before the prelude is done).
        let from = if self.prim_xt.is_empty() {
            0
        } else {
            self.user_start as usize
        };
        let (a, b) = (Kind::Prim(a), Kind::Prim(b));
        let at = self
            .words
            .get(from..)?
            .iter()
            .position(|w| w.kind == a || w.kind == b)?;
        Some(from + at)
    }

    /// Whether code address `at` holds code of a word the prelude defines.
    pub(crate) fn in_prelude_code(&self, at: u32) -> bool {
        at < self.user_code
    }

    // ---- word lists and the search order ----

    /// A new, empty word list (with a name for ORDER, if given); None when
    /// there are `MAX_WORDLISTS` already.
    pub(crate) fn new_wordlist(&mut self, name: Option<String>) -> Option<u32> {
        if self.wordlists.len() >= MAX_WORDLISTS {
            return None;
        }
        self.wordlists.push(Wordlist {
            name,
            ..Default::default()
        });
        Some(self.wordlists.len() as u32 - 1)
    }

    /// New definitions go into `wid`; false, and nothing changed, when no
    /// such word list exists.
    pub(crate) fn set_current(&mut self, wid: u32) -> bool {
        if wid as usize >= self.wordlists.len() {
            return false;
        }
        self.current = wid;
        true
    }

    /// Make built-in word `xt` another kind of header (OUTFILE-ID, a
    /// VALUE at a fixed address).
    pub(crate) fn set_kind(&mut self, xt: u32, kind: Kind) {
        if let Some(w) = self.words.get_mut(xt as usize) {
            w.kind = kind;
            self.kind_changes += 1;
        }
    }

    /// Set the search order (searched last first): -49 when it is longer
    /// than `MAX_ORDER`, -12 when it names no word list; nothing changed
    /// then.
    pub(crate) fn set_order(&mut self, order: Vec<u32>) -> Res<()> {
        if order.len() > MAX_ORDER {
            return Err(ORDER_OVERFLOW);
        }
        if order.iter().any(|&w| w as usize >= self.wordlists.len()) {
            return Err(ARG_TYPE);
        }
        self.order = order;
        Ok(())
    }

    /// The search order at start-up.
    pub(crate) fn reset_order(&mut self) {
        self.order = default_order();
    }

    /// PREVIOUS: take the first word list out of the search order; false
    /// when it is empty.
    pub(crate) fn previous(&mut self) -> bool {
        self.order.pop().is_some()
    }

    /// FORTH: FORTH's word list replaces the first of the search order
    /// (or is all of it, when the order is empty).
    pub(crate) fn forth_first(&mut self) {
        match self.order.last_mut() {
            Some(top) => *top = 0,
            None => self.order.push(0),
        }
    }

    // ---- MARKER ----

    /// MARKER: save what forgetting must restore; the marker's number.
    pub(crate) fn new_marker(&mut self, here: usize, code: usize) -> Option<u32> {
        let mark = self.mark(here, code)?;
        self.marks.push(mark);
        Some(self.marks.len() as u32 - 1)
    }

    /// Run MARKER number `m`: forget every word defined since it (itself
    /// included), and the markers made since. What it saved; None when
    /// there is no such marker.
    pub(crate) fn forget_marker(&mut self, m: usize) -> Option<Mark> {
        let mark = self.marks.get(m)?.clone();
        self.forget(&mark);
        self.marks.truncate(m);
        Some(mark)
    }

    /// The instruction COMPILE, appends for `xt` (None for no live word).
    pub(crate) fn xt_instr(&self, xt: u32) -> Option<Instr> {
        Some(match self.words.get(xt as usize)?.kind {
            Kind::Prim(i) => i,
            Kind::Colon(start) => Instr::Call(start),
            Kind::Constant(v) => Instr::Lit(v),
            Kind::Variable(a) => Instr::Lit(a as i64),
            Kind::Value(a) => Instr::Value(a),
            Kind::Defer(a) => Instr::Defer(a),
            Kind::Create(_)
            | Kind::Does { .. }
            | Kind::Marker(_)
            | Kind::TwoValue(_)
            | Kind::FValue(_) => Instr::Word(xt),
            Kind::Forgotten => return None,
        })
    }

    /// How many times a word already made changed its kind.
    pub(crate) fn kind_changes(&self) -> u64 {
        self.kind_changes
    }

    pub(crate) fn new() -> Dictionary {
        let mut d = Dictionary::default();
        d.wordlists.push(Wordlist {
            name: Some("forth".into()),
            ..Default::default()
        });
        d.order.push(0);
        // Execution token 0 is no word: `0 execute` (a variable never set)
        // is an error, not the first built-in word.
        d.words.push(Word::new("", Kind::Forgotten, 0));
        d
    }

    fn key<'a>(buf: &'a mut String, name: &str) -> &'a str {
        buf.clear();
        buf.extend(name.chars().map(|c| c.to_ascii_lowercase()));
        buf.as_str()
    }

    /// Look a name up in one word list.
    pub(crate) fn search(&mut self, wid: u32, name: &str) -> Option<u32> {
        let key = Self::key(&mut self.lower, name);
        self.wordlists.get(wid as usize)?.map.get(key).copied()
    }

    /// True when the search order still reaches the words that set it
    /// (ONLY, FORTH ...): it holds the root word list or FORTH.
    pub(crate) fn order_can_recover(&self) -> bool {
        use crate::dictionary::ROOT_WORDLIST;
        self.order.iter().any(|&w| w == ROOT_WORDLIST || w == 0)
    }

    /// Look a name up through the search order without changing anything
    /// (for listings).
    pub(crate) fn lookup_view(&self, name: &str) -> Option<u32> {
        let key = name.to_ascii_lowercase();
        self.order.iter().rev().find_map(|&wid| {
            self.wordlists
                .get(wid as usize)?
                .map
                .get(key.as_str())
                .copied()
        })
    }

    /// Look a name up through the search order.
    pub(crate) fn find(&mut self, name: &str) -> Option<u32> {
        let key = Self::key(&mut self.lower, name);
        self.order
            .iter()
            .rev()
            .find_map(|&wid| self.wordlists.get(wid as usize)?.map.get(key).copied())
    }

    /// Add a header in the current word list. It is found by lookups only
    /// once revealed. Returns the new xt and whether the name already existed.
    pub(crate) fn create(&mut self, name: &str, kind: Kind, revealed: bool) -> (u32, bool) {
        let xt = self.words.len() as u32;
        if let Kind::Colon(start) = kind {
            self.colon_at.insert(start, xt);
        }
        let wid = self.current;
        let existed = !name.is_empty() && self.search(wid, name).is_some();
        self.words.push(Word::new(name, kind, wid));
        self.last = Some(xt);
        if revealed {
            self.reveal(xt);
        }
        (xt, existed)
    }

    /// Make a header visible (at `;`, or at once for non-colon words).
    pub(crate) fn reveal(&mut self, xt: u32) {
        let Some(w) = self.words.get(xt as usize) else {
            return;
        };
        if w.revealed || w.name.is_empty() {
            return;
        }
        let key: Box<str> = w.name.to_ascii_lowercase().into();
        let wid = w.wordlist as usize;
        let Some(list) = self.wordlists.get_mut(wid) else {
            return;
        };
        let shadows = list.map.insert(key, xt);
        list.latest = Some(xt);
        let w = &mut self.words[xt as usize];
        w.shadows = shadows;
        w.revealed = true;
    }

    /// Take the user's words that hide a built-in word out of the search
    /// (a course check, for the lines typed before its lesson): each such
    /// name goes back to the built-in it shadowed in its word list, or
    /// leaves its word list when the built-in is in another one. Code
    /// compiled to call them keeps working; names `keep` accepts stay.
    /// Returns the names taken out.
    pub(crate) fn hide_user_words_over_builtins(
        &mut self,
        keep: &dyn Fn(&str) -> bool,
    ) -> Vec<String> {
        let user = self.user_start as usize;
        let builtin: std::collections::HashSet<Box<str>> = self.words[..user.min(self.words.len())]
            .iter()
            .filter(|w| w.revealed && !w.name.is_empty())
            .map(|w| w.name.to_ascii_lowercase().into())
            .collect();
        let mut hidden = Vec::new();
        for wid in 0..self.wordlists.len() {
            let over: Vec<(Box<str>, u32)> = self.wordlists[wid]
                .map
                .iter()
                .filter(|&(k, &xt)| xt as usize >= user && builtin.contains(k) && !keep(k))
                .map(|(k, &xt)| (k.clone(), xt))
                .collect();
            for (key, xt) in over {
                // Down the chain of the user's definitions of the name.
                let mut at = Some(xt);
                while let Some(x) = at.filter(|&x| x as usize >= user) {
                    let w = &mut self.words[x as usize];
                    w.revealed = false;
                    at = w.shadows;
                }
                let list = &mut self.wordlists[wid];
                match at {
                    Some(old) => list.map.insert(key.clone(), old),
                    None => list.map.remove(&key),
                };
                hidden.push(self.words[xt as usize].name.to_string());
            }
        }
        hidden.sort();
        hidden
    }

    /// A mark of everything MARKER must restore; None when the markers
    /// alive would keep more than MAX_MARK_BYTES with it.
    fn mark(&self, here: usize, code: usize) -> Option<Mark> {
        let size = std::mem::size_of::<Mark>()
            + self.order.len() * std::mem::size_of::<u32>()
            + self.wordlists.len() * std::mem::size_of::<Option<u32>>();
        let kept = self.marks.last().map_or(0, |m| m.kept) + size;
        (kept <= MAX_MARK_BYTES).then(|| Mark {
            words: self.words.len(),
            code,
            here,
            wordlists: self.wordlists.len(),
            order: self.order.clone(),
            current: self.current,
            latest: self.wordlists.iter().map(|w| w.latest).collect(),
            kept,
        })
    }

    /// Keep `effect` as the stack comment of `xt` unless it has one; false
    /// when the comments kept would pass MAX_EFFECT_BYTES.
    pub(crate) fn keep_effect(&mut self, xt: usize, effect: Box<str>) -> bool {
        let Some(w) = self.words.get_mut(xt) else {
            return true;
        };
        if w.effect.is_some() {
            return true;
        }
        let kept = self.effect_bytes + effect_cost(&effect);
        if kept > MAX_EFFECT_BYTES {
            return false;
        }
        self.effect_bytes = kept;
        w.effect = Some(effect);
        true
    }

    /// A definition that failed after its header was made: if it was
    /// revealed (RECURSIVE), its name goes back to what it shadowed; the
    /// header becomes a tombstone, so its xt is never reused.
    fn abandon(&mut self, xt: u32) {
        let Some(w) = self.words.get(xt as usize) else {
            return;
        };
        if w.revealed {
            let key: Box<str> = w.name.to_ascii_lowercase().into();
            if let Some(list) = self.wordlists.get_mut(w.wordlist as usize) {
                match w.shadows {
                    Some(old) => list.map.insert(key, old),
                    None => list.map.remove(&key),
                };
            }
        }
        let w = &mut self.words[xt as usize];
        w.kind = Kind::Forgotten;
        self.kind_changes += 1;
        w.revealed = false;
        w.flags = 0;
        if let Some(e) = w.effect.take() {
            self.effect_bytes -= effect_cost(&e);
        }
        w.effects = Default::default();
    }

    /// Forget every word defined since `mark` (MARKER): headers, word
    /// lists, search order and each list's latest word go back to it.
    fn forget(&mut self, mark: &Mark) {
        for xt in (mark.words..self.words.len()).rev() {
            let w = &self.words[xt];
            if !w.revealed {
                continue;
            }
            let key: Box<str> = w.name.to_ascii_lowercase().into();
            if let Some(list) = self.wordlists.get_mut(w.wordlist as usize) {
                match w.shadows {
                    Some(old) => list.map.insert(key, old),
                    None => list.map.remove(&key),
                };
            }
        }
        let from = mark.words.min(self.words.len());
        for w in &mut self.words[from..] {
            w.kind = Kind::Forgotten;
            self.kind_changes += 1;
            w.revealed = false;
            w.flags = 0;
            if let Some(e) = w.effect.take() {
                self.effect_bytes -= effect_cost(&e);
            }
            w.effects = Default::default();
        }
        self.wordlists.truncate(mark.wordlists);
        for (list, latest) in self.wordlists.iter_mut().zip(&mark.latest) {
            list.latest = *latest;
        }
        self.order = mark.order.clone();
        self.current = mark.current;
        if self.current as usize >= self.wordlists.len() {
            self.current = 0;
        }
        self.last = mark.words.checked_sub(1).map(|x| x as u32);
    }

    /// The newest colon word whose code starts at `start` (what a `Call`
    /// of that address runs).
    pub(crate) fn colon_at(&self, start: u32) -> Option<u32> {
        let xt = *self.colon_at.get(&start)?;
        (self.words.get(xt as usize)?.kind == Kind::Colon(start)).then_some(xt)
    }

    /// The colon word whose code contains `addr`, for backtraces.
    pub(crate) fn word_at(&self, addr: u32) -> Option<u32> {
        let mut best: Option<(u32, u32)> = None;
        for (xt, w) in self.words.iter().enumerate() {
            let Kind::Colon(start) = w.kind else { continue };
            if start <= addr
                && addr < w.code_end.max(start + 1)
                && best.is_none_or(|(s, _)| start >= s)
            {
                best = Some((start, xt as u32));
            }
        }
        best.map(|(_, xt)| xt)
    }
}
