//! The parity scenarios (`tests/scenarios/`): each `NAME.events.json` run by the core must give
//! its `NAME.trace.json` exactly. The Kotlin and Swift suites replay the same events through
//! their real view models and compare with the same files, so a trace that goes stale here
//! fails everywhere. `TAFL_BLESS=1 cargo test -p tafl-core --test scenarios` writes them anew
//! (look at the diff before committing it).

use std::path::{Path, PathBuf};

use tafl_core::screens::scenario::{Scenario, to_text};

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
            let name = p
                .file_name()?
                .to_str()?
                .strip_suffix(".events.json")?
                .to_string();
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
    assert!(
        all.len() >= 30,
        "at least 30 scenarios, found {}",
        all.len()
    );
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
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        if let Some(stem) = name.strip_suffix(".trace.json") {
            assert!(
                folder().join(format!("{stem}.events.json")).exists(),
                "{name} has no events file"
            );
        }
    }
}

mod through_the_runtime {
    //! The same scenarios through the runtime the apps use (its threads, its listener): what a
    //! shell's parity test does, in Rust, so that a difference shows here first.

    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};

    use tafl_core::screens::frame::{Effect, Frame, FramePatch};
    use tafl_core::screens::runtime::{Listener, Runtime};
    use tafl_core::screens::scenario::{Scenario, to_text};
    use tafl_core::screens::trace;

    #[derive(Default)]
    struct Keep {
        latest: Mutex<Option<Frame>>,
        effects: Mutex<Vec<Effect>>,
    }

    struct Shell(Arc<Keep>);

    impl Listener for Shell {
        fn frame(&self, frame: Frame) {
            self.0
                .effects
                .lock()
                .unwrap()
                .extend(frame.effects.iter().cloned());
            let mut latest = self.0.latest.lock().unwrap();
            if latest.as_ref().is_none_or(|l| frame.revision > l.revision) {
                *latest = Some(frame);
            }
        }

        /// A patch applied to the frame held, as the shells apply it: the traces prove that
        /// the patched frames are the frames.
        fn patch(&self, patch: FramePatch) {
            let mut latest = self.0.latest.lock().unwrap();
            if let Some(frame) = latest.as_mut().filter(|l| patch.revision > l.revision) {
                patch.apply(frame);
            }
        }
    }

    fn settle(keep: &Keep) -> Frame {
        let end = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(f) = keep.latest.lock().unwrap().clone() {
                if !f.busy {
                    return f;
                }
            }
            assert!(Instant::now() < end, "the app did not settle");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn every_scenario_gives_its_trace_through_the_runtime() {
        for (name, events) in super::scenarios() {
            let text = std::fs::read_to_string(&events).unwrap();
            let scenario = Scenario::parse(&text).unwrap();
            let dir = tempfile::tempdir().unwrap();
            let db = dir.path().join("hnefi.db").display().to_string();
            let keep = Arc::new(Keep::default());
            let app = Runtime::start(
                scenario.config(Some(db)),
                Box::new(Shell(Arc::clone(&keep))),
            );
            let take = |keep: &Keep| std::mem::take(&mut *keep.effects.lock().unwrap());
            let mut steps = vec![trace::step(None, &settle(&keep), &take(&keep))];
            for event in &scenario.events {
                app.send(event.clone());
                steps.push(trace::step(Some(event), &settle(&keep), &take(&keep)));
            }
            let expected =
                std::fs::read_to_string(super::folder().join(format!("{name}.trace.json")))
                    .unwrap();
            let got = to_text(&steps);
            if got != expected {
                let first = got
                    .lines()
                    .zip(expected.lines())
                    .position(|(a, b)| a != b)
                    .unwrap_or(0);
                panic!(
                    "{name}: line {first} differs\n  runtime: {}\n  file:    {}",
                    got.lines().nth(first).unwrap_or(""),
                    expected.lines().nth(first).unwrap_or("")
                );
            }
        }
    }
}
