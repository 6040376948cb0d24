//! `tafl`: the terminal game and the engine's tools.

mod ai_cmds;
mod args;
mod board_text;
mod engine;
mod play;
mod store_cmds;
mod tactics;
mod tools;

use std::process::ExitCode;

const USAGE: &str = "\
tafl: Copenhagen Hnefatafl, Brandubh and Tablut at the terminal

Commands:";

fn usage_text() -> String {
    format!(
        "{USAGE}\n  {}\n  {}\n  {}\n  {}\n  {}\n  {}\n  {}\n  {}\n  {}\n  {}\n",
        play::USAGE,
        tools::PERFT_USAGE,
        tools::REPLAY_USAGE,
        ai_cmds::BESTMOVE_USAGE,
        ai_cmds::MATCH_USAGE,
        store_cmds::RECORDS_USAGE,
        store_cmds::HISTORY_USAGE,
        store_cmds::EXPORT_USAGE,
        engine::USAGE,
        tactics::USAGE
    )
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = args.split_first() else {
        eprint!("{}", usage_text());
        return ExitCode::from(2);
    };
    let result = match command.as_str() {
        "play" => play::command(rest),
        "perft" => tools::perft_command(rest),
        "replay" => tools::replay_command(rest),
        "bestmove" => ai_cmds::bestmove_command(rest),
        "match" => ai_cmds::match_command(rest),
        "engine" => engine::command(rest),
        "tactics" => tactics::command(rest),
        "records" => store_cmds::records_command(rest),
        "history" => store_cmds::history_command(rest),
        "export" => store_cmds::export_command(rest),
        "help" | "--help" | "-h" => {
            print!("{}", usage_text());
            Ok(0)
        }
        other => Err(args::Usage(format!(
            "unknown command '{other}'\n{}",
            usage_text()
        ))),
    };
    match result {
        Ok(code) => ExitCode::from(code as u8),
        Err(e) => {
            eprintln!("tafl: {e}");
            ExitCode::from(2)
        }
    }
}
