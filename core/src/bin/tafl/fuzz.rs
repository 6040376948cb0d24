//! Fuzzing the binary's text entry points: every command's arguments (read and checked, no
//! work done) and the OTEP lines of `tafl engine` (handled by [`Otep::handle`] without a
//! process). Arbitrary input and valid input broken by random edits; nothing may panic.
//! The long run: `TAFL_FUZZ_CASES=1000000 cargo test --profile ci-debug -p tafl-core fuzz_`.

#[path = "../../../tests/fuzz/mutate.rs"]
mod mutate;

use mutate::{argv_input, fuzz, random_game, text_input};
use proptest::prelude::*;
use tafl_core::engine::notation::{GameRecord, format_position};

use crate::ai_cmds::{Bestmove, Match};
use crate::analyse::AnalyseArgs;
use crate::args::Stop;
use crate::engine::{Step, check_args, tests::quick};
use crate::play::PlayArgs;
use crate::store_cmds::StoreArgs;
use crate::tactics::TacticsArgs;
use crate::tools::{Perft, Replay};

/// Every command; `tactics` also with each of its subcommands in front of the arguments.
const COMMANDS: [&str; 13] = [
    "play",
    "perft",
    "replay",
    "bestmove",
    "match",
    "analyse",
    "tactics",
    "tactics collect",
    "tactics solve",
    "engine",
    "records",
    "history",
    "export",
];

/// One of `values`, as a string.
fn one_of(values: &'static [&'static str]) -> impl Strategy<Value = String> {
    proptest::sample::select(values).prop_map(str::to_string)
}

/// Option values that a command might be given, good and bad.
fn value() -> impl Strategy<Value = String> {
    let position = random_game().prop_map(|g| format_position(g.position()));
    let moves = random_game().prop_map(|g| GameRecord::from_game(&g).moves.join(" "));
    prop_oneof![
        one_of(&["copenhagen", "brandubh", "tablut", "Tablut", "chess"]),
        one_of(&["attackers", "defenders", "black", "d", "sides"]),
        one_of(&["easy", "normal", "hard", "Hard", "expert"]),
        one_of(&[
            "0",
            "1",
            "3",
            "12",
            "13",
            "-1",
            "4294967296",
            "18446744073709551616"
        ]),
        one_of(&["/tmp/tafl-fuzz-never-opened.db", "", "-"]),
        position,
        moves,
    ]
}

/// A command line built from the command's own options, in any order.
fn valid_argv() -> impl Strategy<Value = Vec<String>> {
    let option = one_of(&[
        "--variant",
        "--position",
        "--turn",
        "--moves",
        "--divide",
        "--no-exit-forts",
        "--ai",
        "--side",
        "--ms",
        "--db",
        "--no-db",
        "--level",
        "--seed",
        "--a",
        "--b",
        "--games",
        "--jobs",
        "--verbose",
        "--nodes",
        "--depth",
        "--threads",
        "--a-side",
        "--a-ms",
        "--b-nodes",
        "--a-threads",
        "--lines",
        "--last",
        "--budget",
    ]);
    proptest::collection::vec(
        prop_oneof![
            (option, value()).prop_map(|(o, v)| vec![o, v]),
            value().prop_map(|v| vec![v]),
        ],
        0..6,
    )
    .prop_map(|parts| parts.concat())
}

/// Reads a command line's arguments as the command would, without doing its work.
fn read_args(command: &str, args: &[String]) -> Result<(), Stop> {
    match command {
        "play" => PlayArgs::from_args(args).map(drop),
        "perft" => Perft::from_args(args).map(drop),
        "replay" => Replay::from_args(args).map(drop),
        "bestmove" => Bestmove::from_args(args).map(drop),
        "match" => Match::from_args(args).map(drop),
        "analyse" => AnalyseArgs::from_args(args).map(drop),
        "tactics" => TacticsArgs::from_args(args).map(drop),
        "tactics collect" | "tactics solve" => {
            let sub = command.trim_start_matches("tactics ").to_string();
            let args = [std::slice::from_ref(&sub), args].concat();
            TacticsArgs::from_args(&args).map(drop)
        }
        "engine" => check_args(args).map(drop),
        store => StoreArgs::from_args(store, args).map(drop),
    }
}

#[test]
fn fuzz_arguments() {
    let inputs = (
        proptest::sample::select(&COMMANDS[..]),
        argv_input(valid_argv()),
    );
    fuzz("command arguments", inputs, |(command, args)| {
        let asked_for_help = args.iter().any(|a| a == "--help" || a == "-h");
        match read_args(command, &args) {
            Err(Stop::Help(text)) => {
                assert!(asked_for_help);
                let name = command.split(' ').next().unwrap_or(command);
                assert!(text.starts_with(&format!("usage: tafl {name}")), "{text}");
            }
            other => assert!(!asked_for_help, "{command} {args:?}: {other:?}"),
        }
    });
}

/// Lines a host might send, good and bad.
fn valid_lines() -> impl Strategy<Value = String> {
    let line = prop_oneof![
        one_of(&[
            "hello",
            "rules dim:7",
            "rules dim:9 name:Tablut",
            "rules dim:11",
            "rules dim:13",
            "side defenders",
            "side nobody",
            "clock 3000 1000 3",
            "clock 0 18446744073709551615",
            "play",
            "play attackers",
            "analyze 1 0.01",
            "analyze 2 nan",
            "move d1-d3",
            "opponent-move b4-b3",
            "goodbye",
        ]),
        random_game().prop_map(|g| format!("position {} defenders", format_position(g.position()))),
        random_game().prop_map(|g| format!(
            "rules dim:{} start:{}",
            g.variant().size(),
            format_position(g.position())
        )),
        random_game().prop_map(|g| {
            GameRecord::from_game(&g)
                .moves
                .iter()
                .map(|m| format!("move {m}\n"))
                .collect::<String>()
        }),
    ];
    proptest::collection::vec(line, 1..10).prop_map(|lines| lines.join("\n"))
}

#[test]
fn fuzz_otep_lines() {
    fuzz("OTEP lines", text_input(valid_lines()), |text| {
        // As `tafl engine` reads them: line by line until goodbye, searches a few hundred
        // nodes long.
        let mut otep = quick();
        for line in text.lines() {
            match otep.handle(line) {
                Step::Quit => break,
                Step::Silent => {}
                Step::Reply(reply) => {
                    assert!(!reply.contains('\n'), "{line:?}: {reply:?}");
                    assert!(!reply.is_empty(), "{line:?}");
                }
            }
        }
    });
}
