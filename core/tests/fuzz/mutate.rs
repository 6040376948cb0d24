//! Structure-aware fuzzing helpers shared by the library's fuzz tests (`tests/fuzz/`) and the
//! `tafl` binary's (its argument parser and the OTEP handler, which include this file): valid
//! inputs, broken by a few random edits, and how many inputs a run tries.
//!
//! A short run is part of `cargo test`. The long run tries a million inputs per entry point,
//! with overflow checks and debug assertions on (about 35 minutes on one core):
//!
//! ```text
//! TAFL_FUZZ_CASES=1000000 cargo test --profile ci-debug -p tafl-core fuzz_ -- --nocapture
//! ```

// Each test target uses its own part of these helpers.
#![allow(dead_code)]

use std::time::Instant;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use tafl_core::ai::rng::Rng;
use tafl_core::{Game, VariantKind};

/// Inputs per entry point: `TAFL_FUZZ_CASES`, or a few thousand (a second or so each).
pub fn cases() -> u32 {
    std::env::var("TAFL_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3_000)
}

/// Runs `check` on `cases()` inputs from `inputs`; any panic fails the test (proptest turns it
/// into a failure and shrinks the input). Prints how many inputs ran and how long it took.
pub fn fuzz<S: Strategy>(name: &str, inputs: S, check: impl Fn(S::Value))
where
    S::Value: std::fmt::Debug,
{
    let cases = cases();
    let mut runner = TestRunner::new(Config {
        cases,
        // A failure is reported with its input; nothing is written next to the sources.
        failure_persistence: None,
        ..Config::default()
    });
    let start = Instant::now();
    let result = runner.run(&inputs, |input| {
        check(input);
        Ok(())
    });
    let secs = start.elapsed().as_secs_f64();
    if let Err(e) = result {
        panic!("fuzz {name}: {e}");
    }
    println!("fuzz {name}: {cases} inputs, 0 panics, {secs:.1} s");
}

/// A game of random legal moves: the variant, a seed and how many plies (it may end sooner).
/// Valid positions, moves and records are taken from such games.
pub fn random_game() -> impl Strategy<Value = Game> {
    (0..VariantKind::ALL.len(), any::<u64>(), 0..160usize).prop_map(|(v, seed, plies)| {
        let mut game = Game::new(VariantKind::ALL[v]);
        let mut rng = Rng::new(seed);
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.make(moves[rng.below(moves.len())]);
        }
        game
    })
}

/// Pieces of text that tend to matter to the parsers: notation characters, numbers at the edge
/// of every integer type, and characters that are not ASCII.
const TOKENS: &[&str] = &[
    "/",
    "-",
    "x",
    "X",
    "t",
    "T",
    "K",
    "k",
    "a",
    "f",
    "z",
    "0",
    "1",
    "7",
    "9",
    "11",
    "12",
    " ",
    "\n",
    "\t",
    "[",
    "]",
    "\"",
    ".",
    "...",
    ",",
    ":",
    "=",
    "--",
    "-h",
    "nan",
    "inf",
    "-1",
    "1e308",
    "255",
    "256",
    "65536",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999999",
    "\u{0}",
    "é",
    "\u{1F600}",
    "timeout",
    "ongoing",
    "attackers",
    "defenders",
];

/// One edit of a text.
#[derive(Clone, Debug)]
enum Edit {
    Delete { at: usize, len: usize },
    Insert { at: usize, text: String },
    Duplicate { at: usize, len: usize },
    Swap { a: usize, b: usize },
}

fn edit() -> impl Strategy<Value = Edit> {
    let token = prop_oneof![
        proptest::sample::select(TOKENS).prop_map(str::to_string),
        any::<char>().prop_map(String::from),
    ];
    prop_oneof![
        (any::<usize>(), 1..8usize).prop_map(|(at, len)| Edit::Delete { at, len }),
        (any::<usize>(), token).prop_map(|(at, text)| Edit::Insert { at, text }),
        (any::<usize>(), 1..12usize).prop_map(|(at, len)| Edit::Duplicate { at, len }),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::Swap { a, b }),
    ]
}

/// The character boundary at or before `at % (len + 1)`.
fn boundary(s: &str, at: usize) -> usize {
    let mut i = at % (s.len() + 1);
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn apply(mut s: String, e: &Edit) -> String {
    match e {
        Edit::Delete { at, len } => {
            let from = boundary(&s, *at);
            let to = boundary(&s, from + len).max(from);
            s.replace_range(from..to, "");
        }
        Edit::Insert { at, text } => {
            let at = boundary(&s, *at);
            s.insert_str(at, text);
        }
        Edit::Duplicate { at, len } => {
            let from = boundary(&s, *at);
            let to = boundary(&s, from + len).max(from);
            let piece = s[from..to].to_string();
            s.insert_str(to, &piece);
        }
        Edit::Swap { a, b } => {
            let (a, b) = (boundary(&s, *a), boundary(&s, *b));
            let (lo, hi) = (a.min(b), a.max(b));
            if lo < hi {
                let (left, right) = (s[..lo].to_string(), s[hi..].to_string());
                s = format!("{right}{}{left}", &s[lo..hi]);
            }
        }
    }
    s
}

/// Texts from `valid`, each broken by up to eight random edits (sometimes none).
pub fn mutated(valid: impl Strategy<Value = String>) -> impl Strategy<Value = String> {
    (valid, proptest::collection::vec(edit(), 0..8))
        .prop_map(|(text, edits)| edits.iter().fold(text, apply))
}

/// Any text at all, or a mutation of a valid one (half of each).
pub fn text_input(valid: impl Strategy<Value = String>) -> impl Strategy<Value = String> {
    prop_oneof![any::<String>(), mutated(valid)]
}

/// Argument lists: valid ones with whole arguments dropped, repeated or swapped, and single
/// arguments edited like texts; or arbitrary strings.
pub fn argv_input(valid: impl Strategy<Value = Vec<String>>) -> impl Strategy<Value = Vec<String>> {
    let edited = (
        valid,
        proptest::collection::vec((any::<usize>(), 0..4u8, edit()), 0..6),
    )
        .prop_map(|(mut args, edits)| {
            for (at, kind, e) in edits {
                if args.is_empty() {
                    args.push(String::new());
                }
                let i = at % args.len();
                match kind {
                    0 => {
                        args.remove(i);
                    }
                    1 => args.insert(i, args[i].clone()),
                    2 => {
                        let j = (at / 7) % args.len();
                        args.swap(i, j);
                    }
                    _ => args[i] = apply(std::mem::take(&mut args[i]), &e),
                }
            }
            args
        });
    prop_oneof![
        proptest::collection::vec(any::<String>(), 0..6),
        proptest::collection::vec(
            proptest::sample::select(TOKENS).prop_map(str::to_string),
            0..8
        ),
        edited,
    ]
}
