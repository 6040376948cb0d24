//! `tafl play` at the terminal: the end of a game, the words for it, malformed moves, and
//! what happens to a saved game before anything is recorded.

mod common;

use common::cli::{stdout, tafl};

#[test]
fn play_names_the_side_that_resigned() {
    let o = tafl(
        &["play", "--no-db", "--variant", "brandubh"],
        "b4-b3\nresign\nd5-b5\n",
    );
    let out = stdout(&o);
    assert!(
        out.contains("The attackers win: the defenders resigned"),
        "{out}"
    );
    assert!(out.ends_with("The game is over.\n"), "{out}");
}

#[test]
fn play_says_what_is_wrong_with_a_malformed_move() {
    let o = tafl(
        &["play", "--no-db", "--variant", "brandubh"],
        "d1-d3x\n-d3\nb4-b3xz9\nquit\n",
    );
    let out = stdout(&o);
    assert!(
        out.contains("'d1-d3x' is not a move: write one like d1-d3"),
        "{out}"
    );
    assert!(out.contains("'-d3' is not a move"), "{out}");
    assert!(
        out.contains("'z9' is not a square of this board: type help for the commands."),
        "{out}"
    );
    assert!(!out.contains("'' is not"), "{out}");
}

/// The records line of `level` playing `side` (as `tafl records` words them: "Easy, playing
/// the attackers"): wins, losses, draws; none yet when no game was recorded.
fn record(db: &str, level: &str, side: &str) -> Vec<String> {
    let o = tafl(&["records", "--db", db], "");
    let out = stdout(&o);
    if out.contains("No games against the computer yet.") {
        return vec!["0".into(); 3];
    }
    let line = out
        .lines()
        .map(str::trim)
        .find(|l| {
            l.to_lowercase()
                .starts_with(&format!("{level}, playing the {side}"))
        })
        .unwrap_or_else(|| panic!("{out}"));
    let numbers: Vec<String> = line.split_whitespace().map(str::to_string).collect();
    numbers[numbers.len() - 3..].to_vec()
}

#[test]
fn the_offer_says_what_ending_the_saved_game_does_before_anything_is_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let db = db.to_str().unwrap();
    let vs_easy = ["play", "--db", db, "--variant", "brandubh", "--ai", "easy"];
    // The person (attackers) moves once; the computer answers; the person leaves.
    let o = tafl(&vs_easy, "b4-b3\nquit\n");
    assert!(o.status.success());
    // The offer says what "n" would do; no answer at all changes nothing.
    let o = tafl(&["play", "--db", db], "");
    let out = stdout(&o);
    assert!(
        out.contains(
            "Resume it? [Y/n] (Not resuming ends it: it counts as your resignation, a loss in the records.)"
        ),
        "{out}"
    );
    assert!(
        out.contains("No answer: the saved game is kept as it was."),
        "{out}"
    );
    assert_eq!(record(db, "easy", "attackers"), ["0", "0", "0"]);
    // Something else than y or n is asked again, not taken for a yes.
    let o = tafl(&["play", "--db", db], "d1-d3\nn\nquit\n");
    let out = stdout(&o);
    assert!(out.contains("Please answer yes or no."), "{out}");
    assert!(
        out.contains("The saved game is ended: it counts as your resignation, a loss in the records (tafl history lists it)."),
        "{out}"
    );
    assert_eq!(record(db, "easy", "attackers"), ["0", "1", "0"]);
    // A game between two players leaves no trace.
    let o = tafl(
        &["play", "--db", db, "--variant", "brandubh"],
        "b4-b3\nquit\n",
    );
    assert!(o.status.success());
    let o = tafl(&["play", "--db", db], "n\nquit\n");
    let out = stdout(&o);
    assert!(
        out.contains("The saved game is ended: it is dropped and nothing is recorded."),
        "{out}"
    );
    let o = tafl(&["history", "--db", db], "");
    assert_eq!(
        stdout(&o)
            .lines()
            .filter(|l| l.contains("Two players"))
            .count(),
        0
    );
}

#[test]
fn a_variant_asked_for_by_name_is_the_default_over_the_saved_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let db = db.to_str().unwrap();
    let o = tafl(
        &["play", "--db", db, "--variant", "brandubh"],
        "b4-b3\nquit\n",
    );
    assert!(o.status.success());
    // Another game by name: the offer says so and defaults to the game asked for.
    let o = tafl(&["play", "--db", db, "--variant", "tablut"], "\nquit\n");
    let out = stdout(&o);
    assert!(
        out.contains("You asked for another game. Resume the saved one instead? [y/N]"),
        "{out}"
    );
    assert!(out.contains("a b c d e f g h i\n"), "a Tablut board: {out}");
    // The same game by name, or none named: resuming is the default.
    let o = tafl(&["play", "--db", db, "--variant", "tablut"], "\nquit\n");
    let out = stdout(&o);
    assert!(out.contains("Resume it? [Y/n]"), "{out}");
    let o = tafl(&["play", "--db", db], "y\nquit\n");
    assert!(stdout(&o).contains("a b c d e f g h i\n"));
    // Yes to another game resumes the saved one, as asked.
    let o = tafl(&["play", "--db", db, "--variant", "brandubh"], "y\nquit\n");
    let out = stdout(&o);
    assert!(out.contains("[y/N]"), "{out}");
    assert!(out.contains("a b c d e f g h i\n"), "still Tablut: {out}");
}

/// The computer's replies in a `tafl play` transcript, in order.
fn replies(out: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| l.strip_prefix("The computer plays "))
        .map(|m| m.trim_end_matches('.').to_string())
        .collect()
}

/// The seed a transcript names for the computer's choices.
fn seed_of(out: &str) -> String {
    let line = out
        .lines()
        .find(|l| l.starts_with("The computer's choices follow seed "))
        .unwrap_or_else(|| panic!("no seed: {out}"));
    line.split_whitespace().nth(5).expect("a seed").to_string()
}

/// Six moves of the attackers': pieces on the edge stepping along it and back. A reply can
/// block one (a defender landing on the square), so the tests below compare replies only up to
/// the first move refused.
const SIX_MOVES: [&str; 6] = ["a4-b4", "k4-j4", "b4-a4", "j4-k4", "a4-b4", "k4-j4"];

/// The computer's replies before the first move of the player's that was refused.
fn replies_before_a_refusal(out: &str) -> Vec<String> {
    let upto = out.find("Illegal move").map_or(out, |at| &out[..at]);
    replies(upto)
}

#[test]
fn new_games_fed_the_same_moves_reply_differently() {
    // Three games from fresh databases, each with a seed drawn from the system. Easy chooses
    // among a dozen first replies here; three games agreeing on every common reply would be a
    // computer that does not vary.
    let runs: Vec<Vec<String>> = (0..3)
        .map(|_| {
            let dir = tempfile::tempdir().unwrap();
            let db = dir.path().join("t.db");
            let input = format!("{}\nquit\n", SIX_MOVES.join("\n"));
            let out = stdout(&tafl(
                &["play", "--db", db.to_str().unwrap(), "--ai", "easy"],
                &input,
            ));
            let r = replies_before_a_refusal(&out);
            // The first move is legal in the starting position, so every game replied once.
            assert!(!r.is_empty(), "{out}");
            r
        })
        .collect();
    let differ = |a: &[String], b: &[String]| a.iter().zip(b).any(|(x, y)| x != y);
    assert!(
        differ(&runs[0], &runs[1]) || differ(&runs[0], &runs[2]) || differ(&runs[1], &runs[2]),
        "three games replied alike move for move: {runs:?}"
    );
}

#[test]
fn a_resumed_game_replays_the_replies_of_its_seed() {
    for level in ["easy", "normal"] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("t.db");
        let db = db.to_str().unwrap();
        // Three moves, leave, come back (the game's seed is kept with it), three more.
        // A seed of the test's own, with which all six moves stay legal; the resumed game must
        // keep it (new games draw theirs: see the test above).
        let base = ["play", "--db", db, "--ai", level, "--seed", "7"];
        let first = stdout(&tafl(
            &base,
            &format!("{}\nquit\n", SIX_MOVES[..3].join("\n")),
        ));
        let seed = seed_of(&first);
        let second = stdout(&tafl(
            &["play", "--db", db],
            &format!("y\n{}\nquit\n", SIX_MOVES[3..].join("\n")),
        ));
        assert_eq!(seed_of(&second), seed, "the resumed game keeps its seed");
        let mut resumed = replies(&first);
        resumed.extend(replies(&second));
        assert_eq!(resumed.len(), 6, "{level}: {first}{second}");
        // The same seed in one sitting, with an undo on the way: the same six replies.
        let input = format!(
            "{}\nundo\n{}\n{}\nquit\n",
            SIX_MOVES[..2].join("\n"),
            SIX_MOVES[1],
            SIX_MOVES[2..].join("\n")
        );
        let again = stdout(&tafl(
            &["play", "--no-db", "--ai", level, "--seed", &seed],
            &input,
        ));
        let mut replayed = replies(&again);
        // The reply taken back by the undo came again after the same move.
        assert_eq!(replayed.remove(2), replayed[1], "{level}: {again}");
        assert_eq!(resumed, replayed, "{level}");
    }
}
