//! The API the Android and iOS apps call, exported with UniFFI: one app object that takes
//! events and hands frames to a listener ([`HnefiApp`]), and a few free functions. A thin
//! layer over [`crate::screens`]; nothing here panics on bad input.

mod app;
mod backup;

pub use app::{
    FrameListener, HnefiApp, device_engine, scenario_events, scenario_setup, trace_step,
};
pub use backup::{BackupError, backup_database, restore_database};

pub use crate::engine::mode::Level;
pub use crate::engine::position::{Piece, Side};
pub use crate::engine::session::Feedback;
pub use crate::engine::variant::VariantKind;
pub use crate::screens::look::{BoardColours, BoardMetrics, ChromeColours, Look, Motion, Theme};
pub use crate::screens::types::Coord;
pub use crate::texts::Language;

/// How many bytes a frame takes crossing to a shell: what UniFFI writes into the buffer the
/// shell's listener reads (for the benchmarks and `docs/shells.md`).
pub fn frame_bytes(frame: crate::screens::Frame) -> usize {
    let mut buf = Vec::new();
    <crate::screens::Frame as uniffi::Lower<crate::UniFfiTag>>::write(frame, &mut buf);
    buf.len()
}

/// How many bytes an update (a whole frame, or a patch of one) takes crossing to a shell; none
/// when nothing is sent.
pub fn update_bytes(update: Option<crate::screens::Update>) -> usize {
    match update {
        None => 0,
        Some(crate::screens::Update::Frame(frame)) => frame_bytes(*frame),
        Some(crate::screens::Update::Patch(patch)) => {
            let mut buf = Vec::new();
            <crate::screens::FramePatch as uniffi::Lower<crate::UniFfiTag>>::write(
                *patch, &mut buf,
            );
            buf.len()
        }
    }
}

/// The core library's version, for the apps' about screens.
#[uniffi::export]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// The first language of the device's preferences that the app speaks (English otherwise).
#[uniffi::export]
pub fn language_for_locales(tags: Vec<String>) -> Language {
    Language::from_tags(tags)
}

/// The colours, sizes and motion of the board and the app, for the window's theme before the
/// first frame.
#[uniffi::export]
pub fn look(theme: Theme, colour_blind: bool) -> Look {
    crate::screens::look::look(theme, colour_blind)
}
