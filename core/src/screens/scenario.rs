//! Parity scenarios: events in (`tests/scenarios/NAME.events.json`), the trace out
//! (`NAME.trace.json`). The core writes the traces by running the events here, in order, each
//! one settled (its work done) before the next; each shell drives its real view model with the
//! same events and must record the same trace.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::config::{AppConfig, EngineConfig};
use super::controller::Controller;
use super::frame::{Effect, Event};
use super::trace;
use super::work;
use crate::texts::Language;

/// How a scenario's app starts.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
#[serde(default)]
pub struct ScenarioSetup {
    pub language: Language,
    pub dark: bool,
    /// The app keeps a database (in a new temporary file) rather than playing in memory.
    pub database: bool,
    /// The engine's settings: scenarios give fixed node counts, so that every machine plays
    /// the same moves.
    pub engine: EngineConfig,
}

/// A scenario file.
#[derive(Clone, Debug, Deserialize)]
pub struct Scenario {
    #[serde(default)]
    pub setup: ScenarioSetup,
    pub events: Vec<Event>,
}

#[derive(Debug)]
pub struct ScenarioError(pub String);

impl std::fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ScenarioError {}

impl Scenario {
    pub fn parse(json: &str) -> Result<Scenario, ScenarioError> {
        serde_json::from_str(json).map_err(|e| ScenarioError(format!("not a scenario: {e}")))
    }

    /// The app's configuration for this scenario, with its database at `database_path`.
    pub fn config(&self, database_path: Option<String>) -> AppConfig {
        AppConfig {
            database_path: if self.setup.database {
                database_path
            } else {
                None
            },
            language: self.setup.language,
            dark: self.setup.dark,
            utc_offset_minutes: 0,
            engine: self.setup.engine.clone(),
            saved_state: None,
        }
    }

    /// Runs the scenario: the trace, one step for the start and one for each event.
    pub fn run(&self, database_path: Option<String>) -> Vec<Value> {
        let mut app = Controller::new(self.config(database_path));
        let mut out = Vec::with_capacity(self.events.len() + 1);
        out.push(settle(&mut app, None));
        for event in &self.events {
            app.handle(event.clone());
            out.push(settle(&mut app, Some(event)));
        }
        out
    }
}

/// Runs the work until none is left, and traces the frame it comes to.
fn settle(app: &mut Controller, event: Option<&Event>) -> Value {
    let mut effects: Vec<Effect> = Vec::new();
    loop {
        let jobs = app.take_work();
        if jobs.is_empty() {
            break;
        }
        app.started(jobs.len());
        for job in jobs {
            work::perform(job, &mut |done| app.finish(done));
        }
    }
    let frame = app.frame();
    effects.extend(frame.effects.iter().cloned());
    trace::step(event, &frame, &effects)
}

/// The trace as the file holds it: one step a line, so that a diff shows the step that moved.
pub fn to_text(steps: &[Value]) -> String {
    let mut text = String::from("[\n");
    for (i, s) in steps.iter().enumerate() {
        text.push_str(&serde_json::to_string(s).unwrap_or_default());
        text.push_str(if i + 1 < steps.len() { ",\n" } else { "\n" });
    }
    text.push_str("]\n");
    text
}
