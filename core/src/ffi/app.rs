//! The app object the shells hold.

use std::sync::Arc;

use crate::screens::look::Look;
use crate::screens::{
    AppConfig, EngineConfig, Event, Frame, FramePatch, InfoKind, Listener, Runtime, Scenario,
    ScenarioSetup, TextStyle, trace,
};

/// Told about every new frame, from any thread: keep the one with the highest revision, and
/// play the effects of each once. A drag or pinch step, an analysis point or a save written
/// comes as a patch instead: apply it to the frame held (its revision is the next one) and
/// redraw the part it changed.
#[uniffi::export(with_foreign)]
pub trait FrameListener: Send + Sync {
    fn on_frame(&self, frame: Frame);
    fn on_patch(&self, patch: FramePatch);
}

struct Forward(Arc<dyn FrameListener>);

impl Listener for Forward {
    fn frame(&self, frame: Frame) {
        self.0.on_frame(frame);
    }

    fn patch(&self, patch: FramePatch) {
        self.0.on_patch(patch);
    }
}

/// The app: events in, frames out. Events are handled at once on the calling thread (the
/// frame they make reaches the listener before `send` returns); searches, the store and
/// analyses run on threads of the core's own, and their frames come from there.
#[derive(uniffi::Object)]
pub struct HnefiApp {
    runtime: Arc<Runtime>,
}

#[uniffi::export]
impl HnefiApp {
    /// Starts the app; the database opens behind. The first frame reaches `listener` before
    /// this returns.
    #[uniffi::constructor]
    pub fn new(config: AppConfig, listener: Arc<dyn FrameListener>) -> Arc<HnefiApp> {
        Arc::new(HnefiApp {
            runtime: Runtime::start(config, Box::new(Forward(listener))),
        })
    }

    pub fn send(&self, event: Event) {
        self.runtime.send(event);
    }

    /// The screen as it is now (its effects went with the frames that made them).
    pub fn frame(&self) -> Frame {
        self.runtime.frame()
    }

    /// Where the screens stand, for the platform to keep when it may kill the app in the
    /// background; give it back in [`AppConfig::saved_state`].
    pub fn saved_state(&self) -> String {
        self.runtime.saved_state()
    }
}

/// Closing the app (Kotlin's `close()`, Swift's last reference) waits until its work has
/// stopped and the database is written and closed, so that the file is free when it returns
/// (another app may open it at once, a backup may copy it). It may wait for a write behind
/// another handle's lock: a shell closes it off its UI thread.
impl Drop for HnefiApp {
    fn drop(&mut self) {
        self.runtime.close();
    }
}

/// How the line under the board of `kind` is written in `look` (its colour, bold or not): the
/// core's choice, so that both apps write the lines alike.
#[uniffi::export]
pub fn info_style(look: Look, kind: InfoKind) -> TextStyle {
    kind.style(&look)
}

/// The most bytes of a received text or file the import reads: a shell reads at most one byte
/// more (so that a huge file is never read whole) and sends them in `Event::Received`.
#[uniffi::export]
pub fn import_limit_bytes() -> u32 {
    crate::screens::IMPORT_LIMIT as u32
}

/// The engine's settings for a device with `cores` cores.
#[uniffi::export]
pub fn device_engine(cores: u32) -> EngineConfig {
    EngineConfig::for_device(cores)
}

/// A parity scenario's setup (for the shells' parity tests); none when the text is no scenario.
#[uniffi::export]
pub fn scenario_setup(json: String) -> Option<ScenarioSetup> {
    Scenario::parse(&json).ok().map(|s| s.setup)
}

/// A parity scenario's events, in order; empty when the text is no scenario.
#[uniffi::export]
pub fn scenario_events(json: String) -> Vec<Event> {
    Scenario::parse(&json).map(|s| s.events).unwrap_or_default()
}

/// One step of a parity trace, as the scenario files write it: the event (none for the
/// start), the frame it settled on, and the effects played since the step before.
#[uniffi::export]
pub fn trace_step(
    event: Option<Event>,
    frame: Frame,
    effects: Vec<crate::screens::Effect>,
) -> String {
    serde_json::to_string(&trace::step(event.as_ref(), &frame, &effects)).unwrap_or_default()
}
