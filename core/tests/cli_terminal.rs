//! The terminal keeps what it shows (issue 48): `tafl puzzle --db` keeps the rating and the
//! puzzles played, as the apps do, and a wrong move can be retried; lessons take `quit`,
//! `help`, `hint` and `board`; every word is in the language of `--lang`; `tafl rules`,
//! `tafl --version`.

mod common;

use std::collections::HashSet;

use common::cli::{stdout, tafl};

use tafl_core::VariantKind;
use tafl_core::engine::notation::format_move;
use tafl_core::learning::lessons;
use tafl_core::learning::puzzles::{self, Puzzle, PuzzleRun, Verdict};
use tafl_core::learning::rating::Rating;
use tafl_core::store::Store;
use tafl_core::texts::Language;

/// The output with the lines the terminal wrapped joined again (it breaks lines at spaces).
fn flat(out: &str) -> String {
    out.replace('\n', " ")
}

/// The version in the workspace's manifest, which every crate of the repository takes.
fn workspace_version() -> String {
    let manifest = include_str!("../../Cargo.toml");
    let package = manifest
        .split("[workspace.package]")
        .nth(1)
        .expect("a [workspace.package] table");
    package
        .lines()
        .find_map(|l| {
            let (key, value) = l.split_once('=')?;
            (key.trim() == "version").then(|| value.trim().trim_matches('"').to_string())
        })
        .expect("a version")
}

#[test]
fn version_prints_the_workspace_version() {
    for flag in ["--version", "-V"] {
        let o = tafl(&[flag], "");
        assert!(o.status.success());
        assert_eq!(stdout(&o), format!("tafl {}\n", workspace_version()));
    }
}

/// A wrong first move of `p`: legal, and refused by the prover.
fn wrong_first_move(p: &Puzzle) -> String {
    let run = PuzzleRun::new(p.clone());
    let g = &p.game.variant().geometry;
    p.game
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| m != p.first)
        .find(|&m| matches!(run.judge(m, 30_000_000), Verdict::Wrong { .. }))
        .map(|m| format_move(g, m, Default::default()))
        .expect("a wrong move")
}

/// The winner's moves of the main line, one a line.
fn main_line(p: &Puzzle) -> String {
    let g = &p.game.variant().geometry;
    p.solution
        .iter()
        .step_by(2)
        .map(|&m| format_move(g, m, Default::default()) + "\n")
        .collect()
}

#[test]
fn a_puzzle_with_a_database_is_new_each_time_and_moves_the_rating() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tafl.db");
    let db_arg = db.to_str().unwrap();
    let args = [
        "puzzle",
        "--db",
        db_arg,
        "--variant",
        "brandubh",
        "--no-board",
    ];
    // The first puzzle: the one the apps give a new player. A wrong move, then the solution.
    let first = puzzles::choose(
        VariantKind::Brandubh,
        Rating::NEW.rating,
        &HashSet::new(),
        0,
    )
    .expect("a puzzle");
    let input = wrong_first_move(first) + "\n" + &main_line(first);
    let o = tafl(&args, &input);
    let out = flat(&stdout(&o));
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(out.contains("your rating 1500\u{a0}±\u{a0}350"), "{out}");
    assert!(out.contains("does not force the win in time."), "{out}");
    assert!(
        out.contains("Missed at the first try: your rating goes from 1500 to "),
        "{out}"
    );
    assert!(out.contains("Try another move"), "{out}");
    assert!(out.contains("Solved. The whole line:"), "{out}");
    let (store, _) = Store::open(&db).unwrap();
    let stats = store.puzzle_stats().unwrap();
    assert_eq!((stats.played, stats.solved), (1, 0));
    assert!(stats.rating.rating < 1500.0);
    assert!(store.puzzles_played().unwrap().contains(&first.key()));
    drop(store);

    // The second time, another puzzle, near the new rating; given up, it counts as missed.
    let o = tafl(&args, "quit\n");
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("The solution: "), "{out}");
    let (store, _) = Store::open(&db).unwrap();
    let played = store.puzzles_played().unwrap();
    assert_eq!(played.len(), 2, "two different puzzles");
    let after = store.puzzle_stats().unwrap();
    assert_eq!(after.played, 2);
    assert_ne!(after.rating, stats.rating, "the rating moved");
    drop(store);

    // The dashboard reads what was kept.
    let o = tafl(
        &[
            "puzzle",
            "--dashboard",
            "--db",
            db_arg,
            "--variant",
            "brandubh",
        ],
        "",
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("Solved at the first try: 0 · missed: 2"),
        "{out}"
    );
}

#[test]
fn a_puzzle_speaks_the_language_asked_for() {
    let o = tafl(
        &["puzzle", "--line", "2", "--lang", "fr", "--no-board"],
        "aide\nzz\nquitter\n",
    );
    let out = flat(&stdout(&o));
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("Vous jouez les"), "{out}");
    assert!(out.contains("Problème classé"), "{out}");
    assert!(out.contains("«\u{a0}zz\u{a0}» n'est pas un coup"), "{out}");
    assert!(out.contains("La solution"), "{out}");
    // No raw position, no "1 plies".
    assert!(
        !out.contains("position /") && !out.contains("plies"),
        "{out}"
    );
    // A database and a chosen puzzle exclude each other.
    let o = tafl(&["puzzle", "--db", "x.db", "--line", "2"], "");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn rules_prints_the_rules_texts_in_the_language_asked_for() {
    for lang in Language::ALL {
        let c = lang.catalog();
        let o = tafl(&["rules", "brandubh", "--lang", lang.code()], "");
        let out = stdout(&o);
        assert!(o.status.success(), "{out}");
        let joined = flat(&out);
        for paragraph in c.rules(VariantKind::Brandubh.rules(), true) {
            if paragraph == c.text("rules.app_hints") {
                assert!(!joined.contains(&paragraph), "the apps' Hint button: {out}");
            } else {
                assert!(joined.contains(&paragraph), "{paragraph}\n{out}");
            }
        }
        assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
    }
    assert_eq!(tafl(&["rules", "chess"], "").status.code(), Some(2));
    assert_eq!(tafl(&["rules"], "").status.code(), Some(2));
}

#[test]
fn a_game_without_lessons_says_so() {
    let o = tafl(&["lesson", "--no-db", "--variant", "fetlar"], "");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "Fetlar has no lessons yet. These games have them: Copenhagen, Brandubh and\nTablut.\n"
    );
}

#[test]
fn a_lesson_takes_quit_help_hint_and_board() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tafl.db");
    let db = db.to_str().unwrap();
    let lesson = lessons::find("brandubh/escape").unwrap();
    let c = Language::English.catalog();
    let hint = lesson.steps[0].hint(c, lesson.kind);
    let o = tafl(
        &["lesson", "brandubh/escape", "--db", db, "--no-board"],
        "help\nhint\nboard\nnonsense\nquit\nc3-c1\n",
    );
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(flat(&out).contains("hint: what to look for"), "{out}");
    assert!(flat(&out).contains(&hint), "{out}");
    assert!(out.contains("     a b c d e f g"), "the board: {out}");
    assert!(out.contains("'nonsense' is not a move"), "{out}");
    assert!(
        out.ends_with("Stopped here: your progress is kept.\n"),
        "{out}"
    );
    // Nothing was solved: the lesson starts again at its first step.
    let o = tafl(&["lesson", "brandubh/escape", "--db", db, "--no-board"], "");
    assert!(stdout(&o).contains("Step 1 of 2"));
}

/// The fixed words of a language's texts (the parts between placeholders, of some length),
/// that the other languages' texts do not have.
fn own_words(lang: Language) -> Vec<String> {
    let c = lang.catalog();
    let others: Vec<&str> = Language::ALL
        .into_iter()
        .filter(|&l| l != lang)
        .flat_map(|l| {
            let o = l.catalog();
            o.keys().map(move |k| o.text(k))
        })
        .collect();
    let mut out = Vec::new();
    for key in c.keys() {
        for part in c.text(key).split(['{', '}']).step_by(2) {
            let part = part.trim();
            if part.chars().count() >= 12
                && part.contains(' ')
                && !others.iter().any(|t| t.contains(part))
            {
                out.push(part.to_string());
            }
        }
    }
    out
}

/// Every lesson, played at the terminal in each language with a wrong move, a word that is
/// not a move and every command before each answer: nothing printed is in another language.
#[test]
fn every_lesson_step_speaks_the_language_asked_for() {
    for lang in Language::ALL {
        let foreign: Vec<String> = Language::ALL
            .into_iter()
            .filter(|&l| l != lang)
            .flat_map(own_words)
            .collect();
        assert!(foreign.len() > 300, "{} phrases to look for", foreign.len());
        let c = lang.catalog();
        for lesson in lessons::all() {
            let mut input = String::new();
            for step in lesson.steps {
                for word in ["cli.word.help", "cli.word.hint", "cli.word.board"] {
                    input += c.text(word);
                    input += "\n";
                }
                input += "zz\n";
                if let Some(wrong) = step.wrong.first() {
                    input += wrong;
                    input += "\n";
                }
                input += step.answers[0];
                input += "\n";
            }
            let id = lesson.id();
            let o = tafl(&["lesson", &id, "--no-db", "--lang", lang.code()], &input);
            let out = stdout(&o);
            assert_eq!(o.status.code(), Some(0), "{id} in {}: {out}", lang.code());
            let flat = flat(&out);
            for words in &foreign {
                assert!(
                    !flat.contains(words.as_str()),
                    "{id} in {}: {words:?} is another language's\n{out}",
                    lang.code()
                );
            }
        }
    }
}

/// No phrase of another language's texts in `out`.
fn assert_speaks(lang: Language, out: &str, what: &str) {
    let flat = flat(out);
    for other in Language::ALL.into_iter().filter(|&l| l != lang) {
        for words in own_words(other) {
            assert!(
                !flat.contains(words.as_str()),
                "{what} in {}: {words:?} is {}'s\n{out}",
                lang.code(),
                other.code()
            );
        }
    }
}

/// `tafl play --lang`: the help, the turn, a word that is not a move, a square off the board,
/// an illegal move, an undo with nothing to take back, the computer's move, the offer of the
/// saved game and an answer it does not understand, then a resignation: every word in the
/// language asked for, and the commands typed in it. The scripted moves are ones no reply of
/// the computer's can refuse (its first move is the attackers' b4-b3 and an undo), so the
/// run does not depend on its choices.
#[test]
fn play_speaks_the_language_asked_for() {
    for lang in Language::ALL {
        let c = lang.catalog();
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("tafl.db");
        let db = db.to_str().unwrap();
        let word = |key: &str| format!("{}\n", c.text(key));
        let base = [
            "play",
            "--db",
            db,
            "--variant",
            "brandubh",
            "--ai",
            "easy",
            "--side",
            "attackers",
            "--ms",
            "50",
            "--seed",
            "7",
            "--lang",
            lang.code(),
        ];
        // Before the first move: the words, a bad square, a defender moved and an undo with
        // nothing to take back; then the first move (always legal) and the computer's reply.
        let input = [
            word("cli.word.help"),
            word("cli.word.board"),
            "zz\n".into(),
            "z9-a1\n".into(),
            "c4-c2\n".into(),
            word("cli.word.undo"),
            "b4-b3\n".into(),
            word("cli.word.quit"),
        ]
        .concat();
        let o = tafl(&base, &input);
        let out = stdout(&o);
        assert!(o.status.success(), "{out}");
        assert!(out.contains(c.text("cli.play.help.title")), "{out}");
        assert!(out.contains(c.text("cli.play.help.legend")), "{out}");
        assert!(
            out.contains(c.text("cli.word.resign")),
            "the help lists it: {out}"
        );
        let thinking = c.fill(
            "cli.play.thinking",
            &[("level", c.level(tafl_core::Level::Easy))],
        );
        assert!(out.contains(&thinking), "{out}");
        let your_move = c.turn_bar(
            tafl_core::engine::session::Turn::YourMove(tafl_core::Side::Attackers),
            tafl_core::Mode::VsComputer {
                level: tafl_core::Level::Easy,
                human: tafl_core::Side::Attackers,
            },
            false,
            0,
        );
        assert!(out.contains(&your_move), "{out}");
        assert!(
            out.contains(&c.fill(
                "cli.not_a_move",
                &[("text", "zz"), ("help", c.text("cli.word.help"))]
            )),
            "{out}"
        );
        assert!(
            out.contains(&c.fill(
                "cli.play.not_a_square",
                &[("square", "z9"), ("help", c.text("cli.word.help"))]
            )),
            "{out}"
        );
        let illegal = c.fill(
            "cli.play.illegal",
            &[
                ("move", "c4-c2"),
                ("reason", c.text("error.not_your_piece")),
            ],
        );
        assert!(out.contains(&illegal), "{out}");
        assert!(out.contains(c.text("error.nothing_to_undo")), "{out}");
        assert_speaks(lang, &out, "tafl play");

        // The saved game is offered; an answer it does not understand is asked again, the
        // language's "no" ends it (a resignation: the computer had moved), and the new game
        // is resigned with the language's word.
        let input = [
            "maybe\n".to_string(),
            word("cli.word.no"),
            word("cli.word.resign"),
        ]
        .concat();
        let o = tafl(&base, &input);
        let out = stdout(&o);
        assert!(o.status.success(), "{out}");
        assert!(out.contains(c.text("cli.play.ask")), "{out}");
        let again = c.fill(
            "cli.play.answer_yes_no",
            &[
                ("yes", c.text("cli.word.yes")),
                ("no", c.text("cli.word.no")),
            ],
        );
        assert!(out.contains(&again), "{out}");
        let ending = c.text("cli.play.ending.resignation");
        assert!(
            out.contains(&c.fill("cli.play.ended_recorded", &[("ending", ending)])),
            "{out}"
        );
        let lost = c.result(
            tafl_core::Outcome::Win {
                winner: tafl_core::Side::Defenders,
                reason: tafl_core::WinReason::Resignation,
            },
            tafl_core::Mode::VsComputer {
                level: tafl_core::Level::Easy,
                human: tafl_core::Side::Attackers,
            },
            0,
        );
        assert!(out.contains(&lost), "{out}");
        assert_speaks(lang, &out, "tafl play, resumed");
    }
}

/// `tafl analyse --lang`: the per-ply lines are the same in every language (scripts read
/// them); the counts, the errors and the swings are in the language asked for.
#[test]
fn analyse_speaks_the_language_asked_for() {
    let game = "[variant \"brandubh\"]\n1. b4-b3 d5-b5\n2. f4-f5 c4-c2\n3. d6-d5 e4-e2xd2\n";
    let mut plies: Option<Vec<String>> = None;
    for lang in Language::ALL {
        let c = lang.catalog();
        let o = tafl(&["analyse", "--nodes", "3000", "--lang", lang.code()], game);
        let out = stdout(&o);
        assert!(o.status.success(), "{out}");
        let lines: Vec<String> = out.lines().map(str::to_string).collect();
        match &plies {
            None => plies = Some(lines[..6].to_vec()),
            Some(first) => assert_eq!(&lines[..6], first.as_slice(), "{out}"),
        }
        let attackers = c.fill(
            "verdict.summary",
            &[("side", c.side_noun(tafl_core::Side::Attackers))],
        );
        let prefix = attackers.split("{counts}").next().unwrap_or_default();
        assert!(lines[6].starts_with(prefix.trim_end()), "{out}");
        let swings = lines.last().unwrap();
        let none = c.text("cli.analyse.no_swings");
        let some = c.fill("cli.analyse.swings", &[("list", "")]);
        assert!(
            swings == none || swings.starts_with(some.trim_end()),
            "{out}"
        );
        assert_speaks(lang, &out, "tafl analyse");
    }
}

/// The puzzle a run of seed `seed` shows at its `turn`-th puzzle (counting skips), after
/// `done`: the run's rule (`tafl puzzle --streak|--storm`), chosen again here.
fn run_puzzle(rating: u32, done: &HashSet<String>, seed: u64, turn: u64) -> &'static Puzzle {
    puzzles::choose(
        VariantKind::Brandubh,
        f64::from(rating),
        done,
        seed.wrapping_add(turn),
    )
    .expect("a puzzle")
}

/// A streak at the terminal: a puzzle solved, the one skip, then a miss ends it; the best is
/// kept in the database and shown the next time, where a lower score leaves it.
#[test]
fn a_streak_skips_once_ends_at_the_first_miss_and_keeps_its_best() {
    use tafl_core::learning::puzzles::runs::{RunKind, run_rating};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tafl.db");
    let db_arg = db.to_str().unwrap();
    let args = [
        "puzzle",
        "--streak",
        "--db",
        db_arg,
        "--variant",
        "brandubh",
        "--seed",
        "5",
        "--no-board",
    ];
    let mut done = HashSet::new();
    let first = run_puzzle(run_rating(0), &done, 5, 0);
    done.insert(first.key());
    let skipped = run_puzzle(run_rating(1), &done, 5, 1);
    done.insert(skipped.key());
    let third = run_puzzle(run_rating(1), &done, 5, 2);
    let input = main_line(first) + "skip\nskip\n" + &wrong_first_move(third) + "\n";
    // The second "skip" is refused (the skip is used) and read as no move.
    let input = input.replacen("skip\nskip\n", "skip\n", 1);
    let o = tafl(&args, &input);
    let out = flat(&stdout(&o));
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(out.contains("Your best: 0"), "{out}");
    assert!(
        out.contains("Solved so far: 0. You may skip one puzzle: type skip."),
        "{out}"
    );
    assert!(out.contains("Solved so far: 1."), "{out}");
    assert!(
        out.contains(&format!("Puzzle rated {}", third.rating)),
        "{out}"
    );
    assert!(out.contains("does not force the win in time."), "{out}");
    assert!(out.contains("The run is over: 1 puzzle solved."), "{out}");
    assert!(out.contains("A new best: 1!"), "{out}");
    let (store, _) = Store::open(&db).unwrap();
    assert_eq!(
        store
            .best_run(RunKind::Streak, VariantKind::Brandubh)
            .unwrap(),
        1
    );
    assert_eq!(
        store
            .best_run(RunKind::Storm, VariantKind::Brandubh)
            .unwrap(),
        0
    );
    assert_eq!(
        store.puzzle_stats().unwrap().played,
        0,
        "a run moves no rating"
    );
    drop(store);

    // The next streak shows the best; ended at once, it keeps it.
    let o = tafl(&args, "quit\n");
    let out = flat(&stdout(&o));
    assert!(out.contains("Your best: 1"), "{out}");
    assert!(out.contains("The run is over: 0 puzzles solved."), "{out}");
    assert!(!out.contains("A new best"), "{out}");
    let (store, _) = Store::open(&db).unwrap();
    assert_eq!(
        store
            .best_run(RunKind::Streak, VariantKind::Brandubh)
            .unwrap(),
        1
    );
}

/// A storm at the terminal, in French: five right answers in a row give time back, then every
/// miss costs ten seconds until the time is up; the score is kept as the best.
#[test]
fn a_storm_gives_time_for_a_combo_takes_it_for_misses_and_ends() {
    use tafl_core::learning::puzzles::runs::{RunKind, run_rating};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tafl.db");
    let db_arg = db.to_str().unwrap();
    let mut done = HashSet::new();
    let mut input = String::new();
    // 5 solved, then misses: 180 s + 3 s is gone after 19 at the latest.
    for turn in 0..25u32 {
        let p = run_puzzle(run_rating(turn), &done, 9, u64::from(turn));
        done.insert(p.key());
        input += &if turn < 5 {
            main_line(p)
        } else {
            wrong_first_move(p) + "\n"
        };
    }
    let o = tafl(
        &[
            "puzzle",
            "--storm",
            "--db",
            db_arg,
            "--variant",
            "brandubh",
            "--seed",
            "9",
            "--no-board",
            "--lang",
            "fr",
        ],
        &input,
    );
    let out = flat(&stdout(&o));
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains("encore 3:00 · résolus\u{202f}: 0 · à la suite\u{202f}: 0"),
        "{out}"
    );
    assert!(
        out.contains("5 à la suite\u{202f}: 3\u{a0}s de plus."),
        "{out}"
    );
    let misses = out.matches("Manqué\u{202f}: ").count();
    assert!((18..=19).contains(&misses), "{misses} misses: {out}");
    assert!(out.contains("Le temps est écoulé."), "{out}");
    assert!(
        out.contains("C'est fini\u{202f}: 5 problèmes résolus."),
        "{out}"
    );
    assert_speaks(Language::French, &out, "tafl puzzle --storm");
    let (store, _) = Store::open(&db).unwrap();
    assert_eq!(
        store
            .best_run(RunKind::Storm, VariantKind::Brandubh)
            .unwrap(),
        5
    );
}
