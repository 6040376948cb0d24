//! `tafl`: the terminal game and the engine's tools.

#![forbid(unsafe_code)]

mod ai_cmds;
mod analyse;
mod args;
mod bench;
mod board_text;
mod engine;
#[cfg(test)]
mod fuzz;
mod lesson;
mod play;
mod puzzle;
mod puzzle_play;
mod puzzle_runs;
mod reference;
mod rules;
mod store_cmds;
mod tactics;
mod tools;
mod tune;
mod words;

use std::process::ExitCode;

use args::{Stop, Usage, exit};

const USAGE: &str = "\
tafl: Copenhagen Hnefatafl, Brandubh, Tablut and the rest of the tafl family at the terminal

Commands (each takes --help; tafl --version prints the version):";

const EXIT_STATUS: &str = "\
Exit status:
  0  done
  1  the answer is no: tafl replay met an illegal move, tafl export has no such game
  2  a usage error: unknown command or option, or a bad value
  3  a file or the database could not be opened, read or written";

fn usage_text() -> String {
    let commands = [
        play::USAGE,
        tools::VARIANTS_USAGE,
        rules::USAGE,
        tools::PERFT_USAGE,
        tools::REPLAY_USAGE,
        ai_cmds::BESTMOVE_USAGE,
        ai_cmds::MATCH_USAGE,
        bench::USAGE,
        tune::USAGE,
        analyse::USAGE,
        store_cmds::RECORDS_USAGE,
        store_cmds::HISTORY_USAGE,
        store_cmds::EXPORT_USAGE,
        engine::USAGE,
        tactics::USAGE,
        puzzle::USAGE,
        lesson::USAGE,
    ];
    let lines: String = commands.iter().map(|c| format!("  {c}\n")).collect();
    format!("{USAGE}\n{lines}\n{EXIT_STATUS}\n")
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = args.split_first() else {
        eprint!("{}", usage_text());
        return ExitCode::from(exit::USAGE);
    };
    let result = match command.as_str() {
        "play" => play::command(rest),
        "perft" => tools::perft_command(rest),
        "variants" => tools::variants_command(rest),
        "rules" => rules::command(rest),
        "replay" => tools::replay_command(rest),
        "bestmove" => ai_cmds::bestmove_command(rest),
        "match" => ai_cmds::match_command(rest),
        "bench" => bench::command(rest),
        "tune" => tune::command(rest),
        "analyse" | "analyze" => analyse::command(rest),
        "engine" => engine::command(rest),
        "tactics" => tactics::command(rest),
        "puzzle" => puzzle::command(rest),
        "lesson" | "lessons" => lesson::command(rest),
        "records" => store_cmds::records_command(rest),
        "history" => store_cmds::history_command(rest),
        "export" => store_cmds::export_command(rest),
        "help" | "--help" | "-h" => Err(Stop::Help(usage_text())),
        // The workspace's version: every crate of the repository shares it.
        "--version" | "-V" | "version" => {
            Err(Stop::Help(format!("tafl {}\n", env!("CARGO_PKG_VERSION"))))
        }
        other => Err(Stop::Usage(Usage(format!(
            "unknown command '{other}'\n{}",
            usage_text()
        )))),
    };
    match result {
        Ok(status) => ExitCode::from(status),
        Err(stop) => {
            match &stop {
                Stop::Help(text) => print!("{text}"),
                Stop::Usage(e) => eprintln!("tafl: {e}"),
                Stop::Io(e) => eprintln!("tafl: {e}"),
            }
            ExitCode::from(stop.status())
        }
    }
}
