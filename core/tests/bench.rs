//! The fixed-node benchmark (`tafl bench`): its results are pinned, so a change to the search
//! (its moves, scores, depths or node counts) fails here and has to be acknowledged by updating
//! the pins. Times are printed, never checked.

use std::process::Command;

use tafl_core::ai::bench::{self, DEFAULT_NODES, POSITIONS};
use tafl_core::engine::notation::format_move;

/// What `bench::run(DEFAULT_NODES)` gives today: (position, best move, depth).
const PINNED_MOVES: [(&str, &str, u32); 9] = [
    ("copenhagen-start", "f2-i2", 5),
    ("copenhagen-game3-ply8", "i1-i5", 5),
    ("copenhagen-game40-ply20", "h8-j8", 4),
    ("brandubh-start", "d2-e2", 7),
    ("brandubh-game3-ply8", "d5-d6", 6),
    ("brandubh-game40-ply20", "c1-c4", 7),
    ("tablut-start", "d1-d2", 5),
    ("tablut-game1-ply8", "i4-f4", 5),
    ("tablut-game5-ply20", "e1-e3", 5),
];
const PINNED_TOTAL_NODES: u64 = 903_168;
const PINNED_SIGNATURE: u64 = 0x0ff0_8a96_df39_6319;

/// The same at 20 000 nodes a position, which the binary's test runs.
const PINNED_SMALL_TOTAL_NODES: u64 = 184_320;
const PINNED_SMALL_SIGNATURE: &str = "1d2b5cffb2ac1028";

#[test]
fn the_fixed_node_benchmark_gives_the_pinned_moves_and_node_counts() {
    let report = bench::run(DEFAULT_NODES, &mut |_| {}).expect("the positions replay");
    let found: Vec<(&str, String, u32)> = report
        .lines
        .iter()
        .map(|l| {
            let g = &l.position.kind.rules().geometry;
            let best = l
                .best
                .map(|m| format_move(g, m, Default::default()))
                .unwrap_or_default();
            (l.position.name, best, l.depth)
        })
        .collect();
    let pinned: Vec<(&str, String, u32)> = PINNED_MOVES
        .iter()
        .map(|&(n, m, d)| (n, m.to_string(), d))
        .collect();
    assert_eq!(
        found, pinned,
        "the search changed: update the pins if that was meant"
    );
    assert_eq!(report.total_nodes(), PINNED_TOTAL_NODES);
    assert_eq!(
        report.signature(),
        PINNED_SIGNATURE,
        "the search changed (scores or node counts): update the pin if that was meant \
         (signature {:016x})",
        report.signature()
    );
    assert_eq!(report.lines.len(), POSITIONS.len());
}

#[test]
fn the_benchmark_repeats_exactly() {
    let a = bench::run(5_000, &mut |_| {}).expect("the positions replay");
    let b = bench::run(5_000, &mut |_| {}).expect("the positions replay");
    assert_eq!(a.signature(), b.signature());
    assert_eq!(a.total_nodes(), b.total_nodes());
}

#[test]
fn tafl_bench_prints_the_pinned_total_and_times_both_thread_counts() {
    let o = Command::new(env!("CARGO_BIN_EXE_tafl"))
        .args(["bench", "--nodes", "20000", "--depth", "2"])
        .output()
        .expect("tafl starts");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}");
    assert!(
        out.starts_with("bench: 9 positions, 20000 nodes each, 1 thread\n"),
        "{out}"
    );
    for p in POSITIONS {
        assert!(out.contains(p.name), "{}: {out}", p.name);
    }
    assert!(
        out.contains(&format!("total nodes {PINNED_SMALL_TOTAL_NODES} time ")),
        "{out}"
    );
    assert!(
        out.contains(&format!("signature {PINNED_SMALL_SIGNATURE}\n")),
        "{out}"
    );
    for threads in [1, 2] {
        assert!(
            out.contains(&format!(
                "time to depth 2 at copenhagen-game40-ply20: threads {threads} depth 2 nodes "
            )),
            "{out}"
        );
    }
    // The library gives the same figures as the binary.
    let report = bench::run(20_000, &mut |_| {}).expect("the positions replay");
    assert_eq!(report.total_nodes(), PINNED_SMALL_TOTAL_NODES);
    assert_eq!(
        format!("{:016x}", report.signature()),
        PINNED_SMALL_SIGNATURE
    );
}

#[test]
fn tafl_bench_rejects_an_unknown_position() {
    let o = Command::new(env!("CARGO_BIN_EXE_tafl"))
        .args(["bench", "--at", "nowhere"])
        .output()
        .expect("tafl starts");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown position 'nowhere'"));
}
