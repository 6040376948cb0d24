//! `tafl tune` end to end on a small sample: it reads recorded games, fits the weights, does
//! not make the training loss worse, and writes a weights file that loads.

use std::process::{Command, Output};

use tafl_core::VariantKind;
use tafl_core::ai::weights::{WeightSet, shipped};

fn tafl(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tafl"))
        .args(args)
        .output()
        .expect("tafl starts")
}

/// The two numbers of a "NAME before X after Y" line.
fn before_after(out: &str, name: &str) -> (f64, f64) {
    let line = out
        .lines()
        .find(|l| l.starts_with(name))
        .unwrap_or_else(|| panic!("no '{name}' line in {out}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = |w: &str| -> f64 {
        let i = words.iter().position(|x| *x == w).expect("a number");
        words[i + 1].parse().expect("a number")
    };
    (at("before"), at("after"))
}

#[test]
fn tafl_tune_fits_a_small_sample_and_writes_weights_that_load() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out_path = dir.path().join("weights.json");
    let out_text = out_path.to_str().expect("a UTF-8 path");
    let games = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/copenhagen-games.csv"
    );
    let o = tafl(&[
        "tune",
        "--variant",
        "copenhagen",
        "--games",
        "60",
        "--iterations",
        "40",
        "--out",
        out_text,
        games,
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(out.starts_with("tune copenhagen: 60 games read"), "{out}");
    let (train_before, train_after) = before_after(&out, "training loss");
    let (held_before, held_after) = before_after(&out, "held-out loss");
    assert!(train_after <= train_before, "{out}");
    assert!(train_before > 0.0 && train_before < 0.5, "{out}");
    assert!(held_before > 0.0 && held_after > 0.0, "{out}");
    // The constant fitted with the weights is reported, within the range it is searched in.
    let (level_before, level_after) = before_after(&out, "level");
    assert!(
        level_before.abs() < 5_000.0 && level_after.abs() < 5_000.0,
        "{out}"
    );
    assert!(out.contains(&format!("wrote {out_text}")), "{out}");

    let text = std::fs::read_to_string(&out_path).expect("the file was written");
    let set = WeightSet::parse(&text).expect("the written weights load");
    // Only the tuned game changes.
    for kind in VariantKind::ALL {
        if kind != VariantKind::Copenhagen {
            assert_eq!(set.get(kind), shipped().get(kind), "{kind:?}");
        }
    }
    assert_eq!(set.get(VariantKind::Copenhagen).attacker, 100);

    // The written file is a valid starting point, and `match` reads it.
    let again = tafl(&[
        "tune",
        "--variant",
        "copenhagen",
        "--games",
        "20",
        "--iterations",
        "5",
        "--from",
        out_text,
        games,
    ]);
    assert!(again.status.success());
    let m = tafl(&[
        "match",
        "--a",
        "normal",
        "--b",
        "easy",
        "--games",
        "1",
        "--depth",
        "1",
        "--variant",
        "brandubh",
        "--a-weights",
        out_text,
    ]);
    assert!(m.status.success(), "{}", String::from_utf8_lossy(&m.stderr));
}

#[test]
fn tafl_tune_reports_bad_input_as_errors() {
    // No games of this variant in the repository, and none named.
    let o = tafl(&["tune", "--variant", "fetlar"]);
    assert_eq!(o.status.code(), Some(2));
    // A file that is not there.
    let o = tafl(&["tune", "--variant", "brandubh", "/nonexistent/games.csv"]);
    assert_eq!(o.status.code(), Some(3));
    // A file with no usable game.
    let dir = tempfile::tempdir().expect("a temporary folder");
    let junk = dir.path().join("junk.txt");
    std::fs::write(&junk, "hello, world\nnot a move\n").expect("written");
    let o = tafl(&[
        "tune",
        "--variant",
        "brandubh",
        junk.to_str().expect("UTF-8"),
    ]);
    assert_eq!(o.status.code(), Some(2));
    // A weights file that is not one.
    let o = tafl(&[
        "match",
        "--a",
        "easy",
        "--b",
        "easy",
        "--games",
        "1",
        "--weights",
        junk.to_str().expect("UTF-8"),
    ]);
    assert_eq!(o.status.code(), Some(2));
}
