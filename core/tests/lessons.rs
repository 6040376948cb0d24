//! The lessons against the rules engine: every step of every lesson parses, its answers are
//! legal and do exactly what the step says (the squares taken, the game's status), its sample
//! wrong moves are refused or are not the answer, and its texts exist in every language.

mod common;

use std::collections::BTreeSet;

use common::cli::tafl;

use tafl_core::engine::explain;
use tafl_core::engine::notation::{format_move, parse_move, square_name};
use tafl_core::engine::variant::{ShieldWalls, VariantKind};
use tafl_core::learning::lessons::{
    self, Attempt, GAMES, LessonError, LessonRun, Step, Topic, Wrong, all, find,
};
use tafl_core::texts::Language;

/// Everything wrong with a step, checked through the engine; empty when the step is right.
fn verify(kind: VariantKind, step: &Step) -> Vec<String> {
    let mut problems = Vec::new();
    let game = match step.game(kind) {
        Ok(g) => g,
        Err(e) => return vec![e.to_string()],
    };
    let g = &kind.rules().geometry;
    let answers = match step.answers(kind) {
        Ok(a) => a,
        Err(e) => return vec![e.to_string()],
    };
    let expected = match step.expected_captures(kind) {
        Ok(c) => c,
        Err(e) => return vec![e.to_string()],
    };
    if step.captures.len() != expected.count() as usize {
        problems.push("a captured square is listed twice".to_string());
    }
    for &mv in &answers {
        let name = format_move(g, mv, Default::default());
        if let Err(e) = game.check(mv) {
            problems.push(format!("the answer {name} is illegal: {e}"));
            continue;
        }
        let mut after = game.clone();
        let played = match after.play(mv) {
            Ok(p) => p,
            Err(e) => {
                problems.push(format!("the answer {name} cannot be played: {e}"));
                continue;
            }
        };
        if played.captured != expected {
            let names = |b: tafl_core::Bits| -> Vec<String> {
                b.iter().map(|s| square_name(g, s)).collect()
            };
            problems.push(format!(
                "{name} takes {:?}, the step says {:?}",
                names(played.captured),
                names(expected)
            ));
        }
        if played.status.to_string() != step.result {
            problems.push(format!(
                "after {name} the game is {}, the step says {}",
                played.status, step.result
            ));
        }
        // The explanation the player sees names the same squares.
        let explained: BTreeSet<String> = explain::captures(game.position(), mv)
            .iter()
            .filter(|c| !c.kind.is_king())
            .map(|c| square_name(g, c.square))
            .collect();
        let listed: BTreeSet<String> = step.captures.iter().map(|s| s.to_string()).collect();
        if explained != listed {
            problems.push(format!(
                "{name}: the explanation names {explained:?}, the step {listed:?}"
            ));
        }
    }
    match step.wrong_moves(kind) {
        Ok(wrong) if wrong.is_empty() => problems.push("no sample wrong move".to_string()),
        Ok(wrong) if !wrong.iter().any(|&mv| game.check(mv).is_ok()) => {
            problems.push("no legal wrong move, so the hint is never tried".to_string());
        }
        Ok(wrong) => {
            for mv in wrong {
                if game.check(mv).is_ok() && answers.contains(&mv) {
                    problems.push(format!(
                        "the wrong move {} is an answer",
                        format_move(g, mv, Default::default())
                    ));
                }
            }
        }
        Err(e) => problems.push(e.to_string()),
    }
    problems
}

#[test]
fn every_step_of_every_lesson_is_what_the_engine_says() {
    let mut failures = Vec::new();
    let mut steps = 0;
    for lesson in all() {
        for (i, step) in lesson.steps.iter().enumerate() {
            steps += 1;
            for p in verify(lesson.kind, step) {
                failures.push(format!(
                    "{} step {} ({}): {p}",
                    lesson.id(),
                    i + 1,
                    step.text
                ));
            }
        }
    }
    assert!(steps > 0);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The mutation check, kept: a step whose data says something the engine does not is caught.
#[test]
fn a_step_with_wrong_data_fails_the_check() {
    let lesson = find("copenhagen/capture").expect("the capture lesson");
    let good = &lesson.steps[0];
    assert!(verify(lesson.kind, good).is_empty());
    let one_capture_off = Step {
        captures: &["c2"],
        ..*good
    };
    assert!(!verify(lesson.kind, &one_capture_off).is_empty());
    let wrong_result = Step {
        result: "attackers:king-captured",
        ..*good
    };
    assert!(!verify(lesson.kind, &wrong_result).is_empty());
    let illegal_answer = Step {
        answers: &["a4-a1"],
        ..*good
    };
    assert!(!verify(lesson.kind, &illegal_answer).is_empty());
    let wrong_is_answer = Step {
        wrong: &["a4-c4"],
        ..*good
    };
    assert!(!verify(lesson.kind, &wrong_is_answer).is_empty());
    let bad_position = Step {
        position: "/11/",
        ..*good
    };
    assert!(!verify(lesson.kind, &bad_position).is_empty());
}

#[test]
fn each_game_has_the_lessons_of_its_rules_and_no_others() {
    for kind in GAMES {
        let v = kind.rules();
        let topics: Vec<Topic> = lessons::lessons(kind).map(|l| l.topic).collect();
        let expected: Vec<Topic> = Topic::ALL
            .into_iter()
            .filter(|t| match t {
                Topic::ShieldWall => v.shield_walls != ShieldWalls::None,
                Topic::ExitFort => v.exit_forts,
                Topic::Encirclement => v.encirclement,
                _ => true,
            })
            .collect();
        assert_eq!(topics, expected, "{kind:?}");
        for lesson in lessons::lessons(kind) {
            assert!(!lesson.steps.is_empty(), "{}", lesson.id());
            assert_eq!(find(&lesson.id()).map(|l| l.id()), Some(lesson.id()));
        }
    }
    // No other game has lessons.
    for kind in VariantKind::ALL {
        if !GAMES.contains(&kind) {
            assert_eq!(lessons::lessons(kind).count(), 0, "{kind:?}");
        }
    }
}

#[test]
fn every_lesson_text_exists_in_every_language_and_fills_in() {
    let keys = lessons::text_keys();
    for lang in Language::ALL {
        let c = lang.catalog();
        for key in &keys {
            assert!(c.get(key).is_some(), "{}: no text for {key}", lang.code());
        }
        for lesson in all() {
            assert!(!lesson.title(c).is_empty());
            for step in lesson.steps {
                for text in [step.prompt(c, lesson.kind), step.hint(c, lesson.kind)] {
                    assert!(!text.is_empty(), "{}: {}", lang.code(), step.text);
                    assert!(
                        !text.contains('{') && !text.contains('}'),
                        "{}: {} leaves a placeholder: {text}",
                        lang.code(),
                        step.text
                    );
                }
            }
        }
    }
    // No lesson text is left unused in the tables.
    let en = Language::English.catalog();
    let unused: Vec<&str> = en
        .keys()
        .filter(|k| k.starts_with("lesson.") && !keys.iter().any(|u| u == k))
        .collect();
    assert!(unused.is_empty(), "unused lesson texts: {unused:?}");
}

/// A prompt names the goal (the piece to take), not the answer, which the hint gives to a
/// player who tried another move.
#[test]
fn prompts_name_the_goal_and_hints_the_way() {
    let en = Language::English.catalog();
    let lesson = find("copenhagen/capture").expect("lesson");
    let prompt = lesson.steps[0].prompt(en, lesson.kind);
    assert!(
        prompt.contains("c3") && !prompt.contains("a4") && !prompt.contains("c4"),
        "{prompt}"
    );
    let hint = lesson.steps[0].hint(en, lesson.kind);
    assert!(hint.contains("c4"), "{hint}");
    let draw = find("brandubh/repetition").expect("lesson");
    let limit = VariantKind::Brandubh.rules().draw_plies.to_string();
    assert!(draw.steps[2].prompt(en, draw.kind).contains(&limit));
}

#[test]
fn a_lesson_in_progress_answers_each_move() {
    let en = Language::English.catalog();
    let mut run = LessonRun::start_id("copenhagen/capture").expect("the lesson starts");
    let g = &VariantKind::Copenhagen.rules().geometry;
    let mv = |t: &str| parse_move(g, t).expect("a move").0;
    assert_eq!(run.step_index(), 0);
    assert_eq!(run.progress(en), "Step 1 of 4");
    let before = run.game().position().clone();
    // Illegal: the engine's refusal, in words.
    let attempt = run.try_move(mv("a4-b5"));
    let Attempt::Wrong(wrong @ Wrong::Illegal(_)) = attempt else {
        panic!("{attempt:?}")
    };
    assert!(run.wrong_text(en, wrong).contains("straight line"));
    // Legal but not asked: the step's hint.
    let attempt = run.try_move(mv("a4-b4"));
    assert_eq!(attempt, Attempt::Wrong(Wrong::NotAsked));
    assert!(
        run.wrong_text(en, Wrong::NotAsked)
            .contains(&run.step().hint(en, VariantKind::Copenhagen))
    );
    assert_eq!(
        run.game().position(),
        &before,
        "a wrong move leaves the board"
    );
    assert_eq!(
        run.next_step(),
        Ok(false),
        "no next step before this one is solved"
    );
    // The answer: played, explained.
    let Attempt::Correct(solved) = run.try_move(mv("a4-c4")) else {
        panic!("a4-c4 answers the first step")
    };
    let lines = run.solved_text(en, &solved);
    assert_eq!(lines, ["c3: taken between two enemies.", "Well done."]);
    assert_eq!(
        run.try_move(mv("h8-h9")),
        Attempt::Wrong(Wrong::AlreadySolved)
    );
    // On to the end.
    let mut done = false;
    while run.next_step() == Ok(true) {
        let step = run.step();
        let answer = step.answers(VariantKind::Copenhagen).expect("answers")[0];
        match run.try_move(answer) {
            Attempt::Correct(_) => assert!(!run.is_last_step()),
            Attempt::LessonDone(s) => {
                assert!(run.is_last_step());
                assert_eq!(
                    run.solved_text(en, &s).last().map(String::as_str),
                    Some("Lesson complete.")
                );
                done = true;
            }
            other => panic!("{other:?}"),
        }
    }
    assert!(done);
    assert_eq!(run.step_index(), 3);
    assert_eq!(run.next_step(), Ok(false));
    // Starting again at a step, and over again.
    run.restart_step().expect("restart");
    assert!(!run.is_solved());
}

#[test]
fn every_lesson_can_be_played_to_its_end_through_the_run() {
    for lesson in all() {
        let mut run = LessonRun::start(lesson).expect("starts");
        loop {
            // Each wrong move first: refused as the engine refuses it, or answered with the
            // hint, and the board stays as it was.
            let before = run.game().position().clone();
            for mv in run.step().wrong_moves(lesson.kind).expect("wrong moves") {
                let expected = match run.game().check(mv) {
                    Err(e) => Wrong::Illegal(e),
                    Ok(()) => Wrong::NotAsked,
                };
                assert_eq!(
                    run.try_move(mv),
                    Attempt::Wrong(expected),
                    "{}",
                    lesson.id()
                );
                assert_eq!(run.game().position(), &before);
            }
            let answer = run.step().answers(lesson.kind).expect("answers")[0];
            match run.try_move(answer) {
                Attempt::Correct(_) => assert_eq!(run.next_step(), Ok(true), "{}", lesson.id()),
                Attempt::LessonDone(_) => break,
                Attempt::Wrong(w) => panic!("{} step {}: {w:?}", lesson.id(), run.step_index()),
            }
        }
        assert!(run.is_last_step() && run.is_solved());
    }
}

#[test]
fn unknown_lessons_and_steps_are_typed_errors() {
    assert!(matches!(
        LessonRun::start_id("chess/castling"),
        Err(LessonError::Unknown(_))
    ));
    let lesson = find("tablut/escape").expect("lesson");
    assert!(matches!(
        LessonRun::start_at(lesson, 99),
        Err(LessonError::NoStep { step: 99, .. })
    ));
    assert_eq!(Topic::parse("shield-wall"), Some(Topic::ShieldWall));
    assert_eq!(Topic::parse("nothing"), None);
}

#[test]
fn the_terminal_lists_the_lessons_and_plays_one_keeping_progress() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tafl.db");
    let db = db.to_str().unwrap();
    let out = tafl(&["lesson", "--no-db", "--variant", "tablut"], "");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("tablut/moving") && !text.contains("copenhagen/"),
        "{text}"
    );
    assert!(!text.contains("tablut/shield_wall"), "{text}");
    // A wrong move, an illegal one, then the answers.
    let out = tafl(
        &["lesson", "brandubh/escape", "--db", db, "--no-board"],
        "c3-c2\nc3-d4\nc3-c1\na4-a7\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("Step 1 of 2") && text.contains("Step 2 of 2"),
        "{text}"
    );
    assert!(
        text.contains("Not this move. Take the king straight to c1."),
        "{text}"
    );
    assert!(
        text.contains("Not this move. Pieces move in a straight line"),
        "{text}"
    );
    assert!(
        text.contains("The defenders win: the king escaped"),
        "{text}"
    );
    assert!(text.contains("Lesson complete."), "{text}");
    // Half of another lesson, in French, then the input ends.
    let out = tafl(
        &["lesson", "tablut/escape", "--db", db, "--lang", "fr"],
        "d4-d1\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("Étape 2 sur 2"), "{text}");
    // Taken up again, the lesson resumes at the step not yet solved.
    let out = tafl(&["lesson", "tablut/escape", "--db", db, "--no-board"], "");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Step 2 of 2") && !text.contains("Step 1 of 2"),
        "{text}"
    );
    let out = tafl(&["lesson", "--db", db], "");
    let text = String::from_utf8_lossy(&out.stdout);
    let line = |id: &str| {
        text.lines()
            .find(|l| l.contains(id))
            .unwrap_or("")
            .to_string()
    };
    assert!(line("brandubh/escape").contains("Done"), "{text}");
    assert!(
        line("tablut/escape").contains("1 of 2 steps solved"),
        "{text}"
    );
    assert!(line("copenhagen/moving").contains(" - "), "{text}");
    // Errors are usage errors.
    assert_eq!(
        tafl(&["lesson", "chess/castling", "--no-db"], "")
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        tafl(&["lesson", "tablut/escape", "--no-db", "--step", "9"], "")
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        tafl(&["lesson", "--no-db", "--lang", "xx"], "")
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn the_next_lesson_and_the_step_to_resume_follow_the_progress() {
    let first = lessons::next_lesson::<&str>(VariantKind::Brandubh, &[]).expect("a lesson");
    assert_eq!(first.id(), "brandubh/moving");
    assert_eq!(first.index(), 0);
    let next = lessons::next_lesson(VariantKind::Brandubh, &["brandubh/moving"]).expect("one");
    assert_eq!(next.id(), "brandubh/capture");
    assert_eq!(next.index(), 1);
    let all_ids: Vec<String> = lessons::lessons(VariantKind::Tablut)
        .map(|l| l.id())
        .collect();
    assert!(lessons::next_lesson(VariantKind::Tablut, &all_ids).is_none());
    assert!(lessons::next_lesson::<&str>(VariantKind::Fetlar, &[]).is_none());
    let lesson = find("copenhagen/king").expect("lesson");
    assert_eq!(lessons::resume_step(lesson, &[]), 0);
    assert_eq!(lessons::resume_step(lesson, &[0, 1]), 2);
    assert_eq!(lessons::resume_step(lesson, &[1, 0, 3]), 2);
    assert_eq!(lessons::resume_step(lesson, &[0, 1, 2, 3]), 0);
    assert_eq!(lessons::resume_step(lesson, &[u32::MAX]), 0);
}

/// What a step's words claim beyond the answer's own outcome, checked through the engine.
#[test]
fn what_the_prompts_claim_holds() {
    use tafl_core::engine::game::MoveError;
    for lesson in all() {
        let kind = lesson.kind;
        for step in lesson.steps {
            let game = step.game(kind).expect("the step's game");
            let wrong = step.wrong_moves(kind).expect("wrong moves");
            let context = format!("{} {}", lesson.id(), step.text);
            match step.text {
                // "Only the king may stop" there: the sample is refused for that reason.
                "moving.throne" | "moving.corner" => assert!(
                    matches!(game.check(wrong[0]), Err(MoveError::Restricted(_))),
                    "{context}"
                ),
                // "Pieces never jump": going further is refused as blocked.
                "moving.blocked" => assert!(
                    matches!(game.check(wrong[0]), Err(MoveError::Blocked(_))),
                    "{context}"
                ),
                // Going back would repeat the position a third time and lose.
                "repetition.avoid" => {
                    let mut g = game.clone();
                    let played = g.play(wrong[0]).expect("the repeating move is legal");
                    assert_eq!(
                        played.status.to_string(),
                        "attackers:repetition",
                        "{context}"
                    );
                }
                // Without the block, the king escapes on his next move.
                "escape.block" => {
                    let mut g = game.clone();
                    g.play(wrong[0]).expect("legal");
                    let escapes = g.legal_moves().iter().any(|&mv| {
                        let mut h = g.clone();
                        h.play(mv)
                            .is_ok_and(|p| p.status.to_string() == "defenders:king-escaped")
                    });
                    assert!(escapes, "{context}");
                }
                // Any quiet move draws: the step's wrong move does too.
                "repetition.draw" => {
                    let mut g = game.clone();
                    let played = g.play(wrong[0]).expect("legal");
                    assert_eq!(played.status.to_string(), "draw:move-limit", "{context}");
                }
                _ => {}
            }
        }
    }
}

/// docs/lessons.md states how many lessons and steps each game has: it says what the data
/// holds.
#[test]
fn the_documented_counts_are_the_data_s() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/lessons.md"))
        .expect("docs/lessons.md");
    let cells: Vec<String> = GAMES
        .iter()
        .map(|&kind| {
            let lessons: Vec<_> = lessons::lessons(kind).collect();
            let steps: usize = lessons.iter().map(|l| l.steps.len()).sum();
            format!("**{} / {steps}**", lessons.len())
        })
        .collect();
    let steps: usize = all().iter().map(|l| l.steps.len()).sum();
    let row = format!(
        "| **lessons / steps** | {} | {} lessons, {steps} steps |",
        cells.join(" | "),
        all().len()
    );
    assert!(
        doc.contains(&row),
        "docs/lessons.md should have the row\n{row}"
    );
    // And each lesson's row gives its number of steps per game.
    for topic in Topic::ALL {
        let counts: Vec<String> = GAMES
            .iter()
            .map(|&kind| {
                lessons::lessons(kind)
                    .find(|l| l.topic == topic)
                    .map_or("—".to_string(), |l| l.steps.len().to_string())
            })
            .collect();
        let cells = format!("(`{}`) | {} |", topic.name(), counts.join(" | "));
        assert!(doc.contains(&cells), "docs/lessons.md should have {cells}");
    }
}
