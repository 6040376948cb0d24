//! `tafl analyse` on a game file, on standard input, and on bad input.

mod common;

use common::cli::tafl;

/// A real Brandubh game (brandubh-games.csv, line 3): the king escapes at ply 20.
const GAME: &str = "[variant \"brandubh\"]\n[result \"defenders:king-escaped\"]\n1. b4-b3 d5-b5\n2. f4-f5 c4-c2\n3. d6-d5 e4-e2xd2\n4. d7-c7 e2-e5\n5. d1-f1 b5-c5xd5\n6. f5-f6 e5-e1xf1\n7. g4-e4 d3-f3\n8. a4-c4 d4-d1\n9. b3-b1 d1-c1xb1\n10. c4-b4 c1-a1\n";

#[test]
fn analyse_prints_a_line_per_ply_the_verdicts_and_the_biggest_swings() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.otn");
    std::fs::write(&file, GAME).unwrap();
    let o = tafl(&["analyse", file.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    let verdicts = [
        "best",
        "only-move",
        "good",
        "inaccuracy",
        "mistake",
        "blunder",
    ];
    for (i, line) in lines[..20].iter().enumerate() {
        let parts: Vec<&str> = line.split(' ').collect();
        assert_eq!(parts.len(), 4, "{line}");
        assert_eq!(parts[0], (i + 1).to_string());
        let score: f64 = parts[2].parse().unwrap();
        assert!((0.0..=1.0).contains(&score), "{line}");
        assert!(verdicts.contains(&parts[3]), "{line}");
    }
    assert!(lines[0].starts_with("1 b4-b3 "), "{out}");
    assert!(
        lines[19].starts_with("20 c1-a1 1.000 "),
        "the king escaped: {out}"
    );
    assert!(lines[5].starts_with("6 e4-e2xd2 "), "captures are written");
    // Each side's verdicts counted, agreeing with the lines above.
    let count = |side_parity: usize, verdict: &str| {
        lines[..20]
            .iter()
            .enumerate()
            .filter(|(i, l)| i % 2 == side_parity && l.ends_with(&format!(" {verdict}")))
            .count()
    };
    let attackers = lines[20];
    assert!(attackers.starts_with("Attackers: "), "{out}");
    let blunders = count(0, "blunder");
    assert!(
        attackers.contains(&format!("{blunders} blunder")),
        "{attackers} vs {blunders}"
    );
    assert!(lines[21].starts_with("Defenders: "), "{out}");
    // One line per error, naming the move, its verdict and the better move.
    let errors: Vec<&str> = lines[22..lines.len() - 1].to_vec();
    let marked = ["inaccuracy", "mistake", "blunder"]
        .iter()
        .map(|v| count(0, v) + count(1, v))
        .sum::<usize>();
    assert_eq!(errors.len(), marked, "{out}");
    assert!(
        errors.contains(
            &"Move 9, d1-f1: Inaccuracy. Better: c7-c5. It left 2 pieces to be taken: f1 and d5."
        ),
        "the attackers' d1-f1 left two pieces to be taken: {out}"
    );
    let swings = lines.last().unwrap();
    assert!(swings.starts_with("swings: "), "{swings}");
    // At most three swings, biggest first: here the attackers' f5-f6, after which the king
    // has an open line (by the look at the position after it, one ply deeper than the look
    // that judged the move).
    assert!(swings.matches(';').count() <= 2, "{swings}");
    assert!(
        swings.starts_with("swings: 11 f5-f6 (attackers "),
        "{swings}"
    );
}

#[test]
fn analyse_takes_a_node_budget_or_a_time_not_both() {
    let o = tafl(
        &["analyse", "--variant", "brandubh", "--nodes", "2000", "-"],
        "b4-b3 d5-b5\n",
    );
    assert!(o.status.success());
    assert!(String::from_utf8(o.stdout).unwrap().starts_with("1 b4-b3 "));
    let o = tafl(
        &[
            "analyse",
            "--variant",
            "brandubh",
            "--nodes",
            "2000",
            "--ms",
            "20",
        ],
        "b4-b3\n",
    );
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn analyse_reads_a_plain_move_list_from_standard_input() {
    let o = tafl(
        &["analyse", "--variant", "brandubh", "--ms", "20", "-"],
        "b4-b3 d5-b5\n",
    );
    assert!(o.status.success());
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.starts_with("1 b4-b3 "), "{out}");
    assert!(out.lines().nth(1).unwrap().starts_with("2 d5-b5 "));
    assert_eq!(out.lines().last(), Some("swings: none"));
}

#[test]
fn analyse_names_the_first_bad_move() {
    let o = tafl(&["analyse", "--variant", "brandubh"], "b4-b3 d5-b5 b3-b6\n");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("move 3 (b3-b6) cannot be played"), "{err}");
    let o = tafl(&["analyse", "/no/such/file.otn"], "");
    assert!(!o.status.success());
    assert!(
        String::from_utf8(o.stderr)
            .unwrap()
            .contains("cannot read /no/such/file.otn")
    );
}

#[test]
fn analyse_reads_every_game_of_the_family_by_name() {
    // The first two moves of a 13x13 game (seed 001's Hnefatafl): the usage once named only
    // the first three games.
    let o = tafl(
        &["analyse", "--variant", "hnefatafl-13", "--ms", "20", "-"],
        "g2-h2 h7-h6\n",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.starts_with("1 g2-h2 "), "{out}");
    assert!(out.lines().nth(1).unwrap().starts_with("2 h7-h6 "), "{out}");
    let o = tafl(&["analyse", "--variant", "no-such-game"], "g2-h2\n");
    assert_eq!(o.status.code(), Some(2), "an unknown game is a usage error");
}
