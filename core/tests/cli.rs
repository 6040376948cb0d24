//! The `tafl` binary, driven through pipes as a script would.

mod common;

use common::cli::{stdout, tafl};

use tafl_core::engine::notation::parse_move;
use tafl_core::engine::perft::perft;
use tafl_core::{Game, VariantKind};

#[test]
fn play_reads_moves_from_a_pipe() {
    let o = tafl(
        &["play", "--no-db"],
        "d1-d3\ne5-e2\ng1-g3\nf4-c4\ng3-e3\nquit\n",
    );
    let out = stdout(&o);
    assert!(o.status.success());
    assert!(out.contains("Attackers to move"));
    assert!(out.contains("Attackers: g3-e3, takes e2"), "{out}");
    assert!(out.contains(" 11 ") && out.contains("a b c d e f g h i j k"));
}

#[test]
fn play_explains_a_bad_move_in_one_line_and_goes_on() {
    let o = tafl(
        &["play", "--no-db", "--variant", "brandubh"],
        "d2-e3\nc4-c5\nd1-d4\nzz\na4-a1\nb4-b2\nundo\nundo\n",
    );
    let out = stdout(&o);
    assert!(o.status.success());
    assert!(
        out.contains("Illegal move d2-e3: Pieces move in a straight line"),
        "{out}"
    );
    assert!(out.contains("Illegal move c4-c5: That piece belongs to the other side."));
    assert!(out.contains("Illegal move d1-d4: The way is blocked."));
    assert!(out.contains("'zz' is not a move"));
    assert!(out.contains("Illegal move a4-a1: Only the king may stop on that square."));
    assert!(out.contains("Attackers: b4-b2"));
    assert!(out.contains("There is no move to take back."));
}

#[test]
fn play_reports_the_end_and_stops_reading() {
    // Brandubh: the king walks out once his guards step aside. The line after the end is
    // never read: the game is over, and so is the command.
    let moves = "b4-b3\nd5-f5\nb3-b4\nd4-d5\nb4-b3\nd5-c5\nb3-b4\nc5-c7\nb4-b3\nc7-a7\nb3-b4\n";
    let o = tafl(&["play", "--no-db", "--variant", "brandubh"], moves);
    let out = stdout(&o);
    assert!(o.status.success());
    assert!(out.contains("The defenders win: the king escaped"), "{out}");
    assert!(!out.contains("b3-b4: the game is over"), "{out}");
    assert!(out.ends_with("The game is over.\n"), "{out}");
}

#[test]
fn perft_prints_the_count_last_and_divides() {
    let o = tafl(&["perft", "2"], "");
    assert_eq!(stdout(&o).lines().last(), Some("perft(2) = 6788"));
    let o = tafl(&["perft", "2", "--variant", "tablut", "--divide"], "");
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 81);
    let sum: u64 = lines[..80]
        .iter()
        .map(|l| l.rsplit_once(' ').unwrap().1.parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 4400);
    assert_eq!(lines[80], "perft(2) = 4400");
    let o = tafl(&["perft", "2", "--moves", "d1-d3 e5-e2"], "");
    let mut game = Game::new(VariantKind::Copenhagen);
    for m in ["d1-d3", "e5-e2"] {
        let mv = parse_move(&game.variant().geometry, m).unwrap().0;
        game.play(mv).unwrap();
    }
    let expected = format!("perft(2) = {}\n", perft(&mut game, 2));
    assert!(stdout(&o).ends_with(&expected), "{}", stdout(&o));
}

#[test]
fn perft_from_a_given_position() {
    let o = tafl(
        &[
            "perft",
            "1",
            "--variant",
            "brandubh",
            "--position",
            "/7/7/7/3K3/7/7/7/",
            "--turn",
            "defenders",
        ],
        "",
    );
    // The lone king on the throne: 3 squares in each direction.
    assert_eq!(stdout(&o).trim(), "perft(1) = 12");
}

#[test]
fn replay_annotates_games_and_flags_illegal_moves() {
    let input = "d1-d3 e5-e2 g1-g3 f4-c4 g3-e3xe2,1,0,Ongoing\nd1-d3 d3-d4\n\nd1-e2\n";
    let o = tafl(&["replay", "-"], input);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "1 ok 5 ongoing d1-d3 e5-e2 g1-g3 f4-c4 g3-e3xe2");
    assert!(lines[1].starts_with("2 illegal 2 d3-d4 "), "{}", lines[1]);
    assert!(lines[2].starts_with("4 illegal 1 d1-e2 "));
    assert_eq!(o.status.code(), Some(1));
    // A capture the rules do not make is an error too.
    let o = tafl(&["replay"], "d1-d3xd5\n");
    assert!(stdout(&o).starts_with("1 illegal 1 d1-d3xd5 the record captures d5"));
}

#[test]
fn replay_reports_a_game_our_engine_ends_early() {
    // Attackers and defenders shuffle: the third occurrence ends the game after ply 8.
    let cycle = "d1-d2 f4-c4 d2-d1 c4-f4 ";
    let o = tafl(&["replay"], &format!("{}{}\n", cycle.repeat(2), "d1-d2"));
    let out = stdout(&o);
    assert!(o.status.success());
    assert!(out.starts_with("1 ok 8 attackers:repetition "), "{out}");
    assert!(out.trim_end().ends_with(" ended-early-at 8"));
}

#[test]
fn usage_errors_exit_with_status_2() {
    for args in [
        vec![],
        vec!["fly"],
        vec!["perft"],
        vec!["perft", "x"],
        vec!["perft", "2", "--variant", "chess"],
        vec!["perft", "1", "--position", "/3/"],
        vec!["perft", "1", "--moves", "a1-a2"],
        vec!["play", "--wat"],
        vec!["perft", "1", "--turn"],
    ] {
        let o = tafl(&args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(!o.stderr.is_empty());
        assert!(!String::from_utf8_lossy(&o.stderr).contains("panicked"));
    }
}

#[test]
fn every_command_prints_its_help_and_succeeds() {
    for command in [
        "play", "perft", "replay", "bestmove", "match", "engine", "records", "history", "export",
    ] {
        for flag in ["--help", "-h"] {
            // Help wins over everything else on the line, mistakes included.
            let o = tafl(&[command, "--variant", "chess", flag], "");
            assert_eq!(o.status.code(), Some(0), "{command} {flag}");
            let out = stdout(&o);
            assert!(
                out.starts_with(&format!("usage: tafl {command}")),
                "{command} {flag}: {out}"
            );
            assert!(o.stderr.is_empty(), "{command} {flag}");
        }
    }
    // `tafl play --help` also lists the commands of a game.
    assert!(stdout(&tafl(&["play", "--help"], "")).contains("undo"));
}

#[test]
fn help_documents_the_exit_statuses() {
    let o = tafl(&["help"], "");
    assert!(o.status.success());
    let out = stdout(&o);
    for line in [
        "0  done",
        "1  the answer is no",
        "2  a usage error",
        "3  a file or",
    ] {
        assert!(out.contains(line), "{out}");
    }
}

#[test]
fn files_and_databases_that_cannot_be_opened_exit_with_status_3() {
    let dir = tempfile::tempdir().unwrap();
    let not_a_folder = dir.path().join("file");
    std::fs::write(&not_a_folder, "a file, not a folder").unwrap();
    let db = not_a_folder.join("tafl.db");
    let db = db.to_str().unwrap();
    for args in [
        vec!["replay", "/no/such/file"],
        vec!["records", "--db", db],
        vec!["history", "--db", db],
        vec!["export", "--db", db, "1"],
        vec!["play", "--db", db],
    ] {
        let o = tafl(&args, "quit\n");
        assert_eq!(o.status.code(), Some(3), "{args:?}");
        assert!(!o.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn garbage_input_never_panics() {
    let junk = "\u{0}\u{7f}\n-\nx\na1-\n-a1\nk11-k12\nz99-z1\n\u{1F600}\na1-a1xa1/\n";
    for args in [vec!["play", "--no-db"], vec!["replay"]] {
        let o = tafl(&args, junk);
        assert!(
            !String::from_utf8_lossy(&o.stderr).contains("panicked"),
            "{args:?}"
        );
        assert!(o.status.code().is_some_and(|c| c < 2), "{args:?}");
    }
}

#[test]
fn play_against_the_computer_saves_resumes_and_records() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let db = db.to_str().unwrap();
    let base = ["play", "--db", db, "--variant", "brandubh", "--ms", "50"];
    // The human plays the defenders; the computer opens. Its opening varies from game to game,
    // so the human's move is one no attacker's first move can block or refuse: nothing reaches
    // c5 in one move.
    let o = tafl(
        &[&base[..], &["--ai", "normal", "--side", "defenders"]].concat(),
        "c4-c5\nquit\n",
    );
    let out = stdout(&o);
    assert!(o.status.success());
    assert_eq!(out.matches("The computer plays").count(), 2, "{out}");
    // Next start: the game is offered and resumed; undo goes back to the human's turn.
    let o = tafl(&base, "y\nundo\nquit\n");
    let out = stdout(&o);
    assert!(
        out.contains(
            "An unfinished game is saved: Brandubh, Computer (Normal) as the defenders, 3 moves"
        ),
        "{out}"
    );
    assert!(out.contains("Your move (defenders)"));
    // Resign: the loss is recorded, and the command ends with the game.
    let o = tafl(&base, "y\nc4-c5\nresign\n");
    let out = stdout(&o);
    assert!(
        out.contains("The computer wins: the defenders resigned"),
        "{out}"
    );
    assert!(
        out.ends_with("it is recorded as game 1 (tafl export 1 prints it).\n"),
        "{out}"
    );
    let o = tafl(&["records", "--db", db], "");
    let records = stdout(&o);
    assert_eq!(records.lines().next(), Some("Brandubh"), "{records}");
    let line = records
        .lines()
        .find(|l| l.contains("Normal, playing the defenders"))
        .unwrap();
    let numbers: Vec<&str> = line.split_whitespace().rev().take(3).collect();
    assert_eq!(numbers, ["0", "1", "0"], "{records}");
}

#[test]
fn bestmove_prints_search_information_and_the_move_last() {
    let o = tafl(
        &[
            "bestmove",
            "--level",
            "normal",
            "--variant",
            "brandubh",
            "--ms",
            "500",
        ],
        "",
    );
    let out = stdout(&o);
    assert!(out.contains("info depth 3"), "{out}");
    let last = out.lines().last().unwrap();
    let mv = last
        .strip_prefix("bestmove ")
        .expect("last line names the move");
    let mut game = Game::new(VariantKind::Brandubh);
    let parsed = parse_move(&game.variant().geometry, mv).unwrap().0;
    assert!(game.play(parsed).is_ok());
    // From a position: the king takes his escape.
    let o = tafl(
        &[
            "bestmove",
            "--level",
            "easy",
            "--variant",
            "brandubh",
            "--position",
            "/7/7/7/K6/7/7/7/",
            "--turn",
            "defenders",
        ],
        "",
    );
    let last = stdout(&o).lines().last().unwrap().to_string();
    assert!(
        ["bestmove a4-a1", "bestmove a4-a7"].contains(&last.as_str()),
        "{last}"
    );
}

#[test]
fn match_plays_both_sides_and_summarises() {
    let o = tafl(
        &[
            "match",
            "--a",
            "easy",
            "--b",
            "easy",
            "--games",
            "2",
            "--variant",
            "brandubh",
        ],
        "",
    );
    let out = stdout(&o);
    assert!(o.status.success());
    assert!(
        out.contains("game 1 easy (attackers) vs easy (defenders)"),
        "{out}"
    );
    assert!(out.contains("game 2 easy (defenders) vs easy (attackers)"));
    assert!(
        out.lines()
            .last()
            .unwrap()
            .starts_with("summary brandubh mirror: easy")
    );
}

#[test]
fn a_match_on_several_workers_plays_the_same_games() {
    // Each game depends only on the seed and its number, so workers change the order in which
    // results arrive, never the results.
    let run = |jobs: &str| {
        let o = tafl(
            &[
                "match",
                "--a",
                "normal",
                "--b",
                "easy",
                "--games",
                "6",
                "--variant",
                "brandubh",
                "--seed",
                "5",
                "--jobs",
                jobs,
            ],
            "",
        );
        assert!(o.status.success());
        let out = stdout(&o);
        let mut games: Vec<String> = out
            .lines()
            .filter(|l| l.starts_with("game "))
            .map(str::to_string)
            .collect();
        games.sort();
        let summary = out.lines().last().unwrap().to_string();
        (games, summary)
    };
    let (one, summary) = run("1");
    assert_eq!(one.len(), 6, "{one:?}");
    assert!(summary.ends_with("6 games)"), "{summary}");
    assert_eq!(run("3"), (one, summary));
}

#[test]
fn the_engine_speaks_the_opentafl_protocol() {
    let input = "hello\nrules dim:7 name:Brandubh\nside defenders\nclock 3000 1000 3\n\
                 move b4-b3\nplay\nmove z9-a1\nanalyze 1 0.1\nfoo\ngoodbye\nhello\n";
    let o = tafl(&["engine"], input);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "hello");
    // The engine's move is legal after b4-b3.
    let mv = lines[1].strip_prefix("move ").expect("a move");
    let mut game = Game::new(VariantKind::Brandubh);
    let g = &game.variant().geometry;
    let b4b3 = parse_move(g, "b4-b3").unwrap().0;
    let reply = parse_move(g, mv).unwrap().0;
    game.play(b4b3).unwrap();
    assert!(game.play(reply).is_ok(), "{mv}");
    assert!(lines[2].starts_with("error "));
    assert!(lines[3].starts_with("analysis 1 "));
    assert_eq!(lines[4], "error unknown command 'foo'");
    assert_eq!(lines.len(), 5, "nothing after goodbye");
}

#[test]
fn the_engine_answers_bad_numbers_with_errors_and_goes_on() {
    let input = "analyze 1 nan\nanalyze 1 inf\nclock 0 18446744073709551615\nhello\n";
    let o = tafl(&["engine"], input);
    let out = stdout(&o);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("error ") && lines[1].starts_with("error "));
    assert_eq!(lines[2], "hello");
}

#[test]
fn a_match_with_vary_plays_other_games_and_the_same_ones_again() {
    // `--vary` lets normal choose among its near-best moves as the apps' computer does, with
    // a seed of each game's own: the games differ from the best-move games, and repeat.
    let run = |vary: bool| {
        let mut args = vec![
            "match",
            "--a",
            "normal",
            "--b",
            "normal",
            "--games",
            "4",
            "--variant",
            "brandubh",
            "--seed",
            "7",
            "--nodes",
            "3000",
            "--otn",
        ];
        if vary {
            args.push("--vary");
        }
        let o = tafl(&args, "");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        stdout(&o)
    };
    let varied = run(true);
    assert_eq!(varied, run(true), "a varied match repeats with its seed");
    assert_ne!(varied, run(false), "the variety changes the games");
}

#[test]
fn bestmove_and_match_take_threads_node_budgets_and_a_fixed_side() {
    let o = tafl(
        &[
            "bestmove",
            "--level",
            "hard",
            "--threads",
            "2",
            "--depth",
            "3",
            "--variant",
            "brandubh",
        ],
        "",
    );
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("info final depth 3"), "{out}");
    assert!(
        out.lines().last().unwrap().starts_with("bestmove "),
        "{out}"
    );

    let o = tafl(
        &[
            "match",
            "--a",
            "hard",
            "--b",
            "easy",
            "--a-side",
            "defenders",
            "--a-nodes",
            "3000",
            "--games",
            "2",
            "--variant",
            "brandubh",
        ],
        "",
    );
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(
        out.contains("game 1 hard (defenders) vs easy (attackers)"),
        "{out}"
    );
    assert!(
        out.contains("game 2 hard (defenders) vs easy (attackers)"),
        "{out}"
    );
    assert!(
        out.contains("hard as attackers: 0 won, 0 lost, 0 drawn"),
        "{out}"
    );
}

#[test]
fn tactics_solves_a_suite_and_collects_proved_wins() {
    let dir = std::env::temp_dir().join(format!("tafl-cli-tactics-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The suite's header and its first three puzzles.
    let suite: String = include_str!("data/tactics.csv")
        .lines()
        .take(4)
        .map(|l| format!("{l}\n"))
        .collect();
    let suite_path = dir.join("suite.csv");
    std::fs::write(&suite_path, &suite).unwrap();
    let o = tafl(
        &[
            "tactics",
            "solve",
            suite_path.to_str().unwrap(),
            "--level",
            "hard",
            "--nodes",
            "2000000",
        ],
        "",
    );
    assert!(o.status.success(), "{o:?}");
    assert!(
        stdout(&o).starts_with("solved 3 of 3 (100.0 %)"),
        "{}",
        stdout(&o)
    );

    // The suite's first Brandubh puzzle comes back from its game, the corpus's second line.
    let corpus = include_str!("data/brandubh-games.csv");
    let games_path = dir.join("brandubh-games.csv");
    let first_two: String = corpus.lines().take(2).map(|l| format!("{l}\n")).collect();
    std::fs::write(&games_path, first_two).unwrap();
    let o = tafl(
        &[
            "tactics",
            "collect",
            "--variant",
            "brandubh",
            "--games",
            games_path.to_str().unwrap(),
            "--last",
            "8",
            // More workers than any machine has processors: capped, not a million threads.
            "--jobs",
            "1000000000",
        ],
        "",
    );
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    let expected = include_str!("data/tactics.csv")
        .lines()
        .find(|l| l.ends_with(",brandubh-games.csv:2@13"))
        .expect("the suite has the puzzle");
    assert!(
        out.lines().next() == Some("variant,position,turn,plies,move,source"),
        "{out}"
    );
    assert!(out.lines().any(|l| l == expected), "{out}");

    // Usage errors exit with 2, unreadable files with 3, and nothing is printed on stdout.
    for (args, code) in [
        (vec!["tactics"], 2),
        (vec!["tactics", "prove"], 2),
        (vec!["tactics", "solve", "--level", "hard"], 2),
        (
            vec![
                "tactics",
                "solve",
                "/nonexistent/suite.csv",
                "--level",
                "hard",
            ],
            3,
        ),
        (vec!["tactics", "collect", "--variant", "brandubh"], 2),
    ] {
        let o = tafl(&args, "");
        assert_eq!(o.status.code(), Some(code), "{args:?}: {o:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
    let o = tafl(&["tactics", "prove", "--help"], "");
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).starts_with("usage: tafl tactics"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn puzzle_mine_finds_the_forced_wins_at_the_ends_of_games_once() {
    let dir = std::env::temp_dir().join(format!("tafl-cli-mine-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let games: String = include_str!("data/brandubh-games.csv")
        .lines()
        .take(3)
        .map(|l| format!("{l}\n"))
        .collect();
    let games_path = dir.join("games.csv");
    std::fs::write(&games_path, games).unwrap();
    let out_path = dir.join("mined.csv");
    let _ = std::fs::remove_file(&out_path);
    let mine = || {
        tafl(
            &[
                "puzzle",
                "--mine",
                "--variant",
                "brandubh",
                "--games",
                games_path.to_str().unwrap(),
                "--out",
                out_path.to_str().unwrap(),
                "--label",
                "g",
                "--last",
                "8",
            ],
            "",
        )
    };
    let o = mine();
    assert!(o.status.success(), "{o:?}");
    let mined = std::fs::read_to_string(&out_path).unwrap();
    // The header once, then each puzzle with its proven line, named by the game's line and ply.
    let expected = "\
variant,position,turn,plies,move,source,solution,theme,rating
brandubh,/7/1tT1t2/1T5/2K1Tt1/T6/2t3t/3t3/,defenders,5,c4-a4,g:2@13,c4-a4 b6-a6 a4-a5xa6 d1-b1 a5-a7,escape,1750
brandubh,/2t4/5t1/2T4/1t2t2/5T1/2T4/2K1T2/,defenders,1,c1-a1,g:3@19,c1-a1,escape,670
brandubh,/2t4/5t1/2T4/2tKt2/1t3T1/2T4/4T2/,defenders,5,d4-d1,g:3@15,d4-d1 b3-b1 d1-c1xb1 c4-c3 c1-a1,escape,1640
";
    assert_eq!(mined, expected);
    // Mined again into the same file, the same games add nothing: a position already there
    // (or a mirror of it) is skipped, and the header is not written twice.
    let o = mine();
    assert!(o.status.success(), "{o:?}");
    assert_eq!(std::fs::read_to_string(&out_path).unwrap(), expected);
    let _ = std::fs::remove_dir_all(&dir);
}
