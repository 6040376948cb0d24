//! The parity scenarios (`tests/scenarios/`): each `NAME.events.json` run by the core must give
//! its `NAME.trace.json` exactly. The Kotlin and Swift suites replay the same events through
//! their real view models and compare with the same files, so a trace that goes stale here
//! fails everywhere. `TAFL_BLESS=1 cargo test -p tafl-core --test scenarios` writes them anew
//! (look at the diff before committing it).

use std::path::{Path, PathBuf};

use tafl_core::app::scenario::{Scenario, to_text};

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the core sits in the repository")
        .join("tests/scenarios")
}

fn scenarios() -> Vec<(String, PathBuf)> {
    let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(folder())
        .expect("tests/scenarios is readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter_map(|p| {
            let name = p.file_name()?.to_str()?.strip_suffix(".events.json")?.to_string();
            Some((name, p))
        })
        .collect();
    out.sort();
    out
}

fn trace_of(events: &Path) -> String {
    let text = std::fs::read_to_string(events).expect("the events file");
    let scenario = Scenario::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", events.display()));
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("hnefi.db").display().to_string();
    to_text(&scenario.run(Some(db)))
}

#[test]
fn every_scenario_gives_its_trace() {
    let bless = std::env::var_os("TAFL_BLESS").is_some();
    let all = scenarios();
    assert!(all.len() >= 30, "at least 30 scenarios, found {}", all.len());
    let mut stale = Vec::new();
    for (name, events) in &all {
        let trace = trace_of(events);
        let path = folder().join(format!("{name}.trace.json"));
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        if current == trace {
            continue;
        }
        if bless {
            std::fs::write(&path, &trace).expect("write the trace");
        } else {
            stale.push(name.clone());
        }
    }
    assert!(
        stale.is_empty(),
        "traces that differ from the core's (TAFL_BLESS=1 cargo test -p tafl-core --test scenarios rewrites them): {stale:?}"
    );
}

#[test]
fn a_scenario_runs_the_same_twice() {
    let (_, first) = scenarios().into_iter().next().expect("a scenario");
    assert_eq!(trace_of(&first), trace_of(&first));
}

#[test]
fn every_trace_has_its_events() {
    for entry in std::fs::read_dir(folder()).expect("tests/scenarios") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
        if let Some(stem) = name.strip_suffix(".trace.json") {
            assert!(
                folder().join(format!("{stem}.events.json")).exists(),
                "{name} has no events file"
            );
        }
    }
}
