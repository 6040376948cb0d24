//! The clock of a game between two players as the game screen shows it: its faces, their
//! times and words. The time keeping itself (presets, increment, flag, low time) is
//! `crate::engine::clock`'s; time reaches it from the shell's ticks (`super::ticks`).

use crate::engine::position::Side;
use crate::texts::Catalog;

pub use crate::engine::clock::{GameClock, LOW_TIME_MS, Ran};

use super::frame::{ClockFace, ClockView};
use super::look::{Argb, Look};

/// How often the shells tick while a clock runs: the most a move's time is off by, and the
/// steps of the tenths shown under [`LOW_TIME_MS`].
pub const CLOCK_TICK_MS: u32 = 100;

impl GameClock {
    /// A side's time as the clock shows it: "4:59" (whole seconds gone are gone), and under
    /// [`LOW_TIME_MS`] seconds and tenths in the language's way ("9.4", "9,4").
    pub fn shown(&self, side: Side, texts: &Catalog) -> String {
        time_text(self.left_ms(side), texts)
    }

    /// The clock for the game screen: both faces, the attackers' first. `running`: the side
    /// whose time runs (none once the game is over); `turned`: the side whose face is turned
    /// towards the player across the table (face to face).
    pub fn view(
        &self,
        running: Option<Side>,
        turned: Option<Side>,
        texts: &Catalog,
        look: &Look,
    ) -> ClockView {
        let face = |side: Side| {
            let time = self.shown(side, texts);
            let is_running = running == Some(side);
            let low = self.left_ms(side) <= LOW_TIME_MS;
            let key = if is_running {
                "clock.face_running"
            } else {
                "clock.face"
            };
            let (fill, ink) = face_colours(look, is_running, low);
            ClockFace {
                side,
                name: texts.fill("clock.face_name", &[("side", texts.side_noun(side))]),
                label: texts.fill(key, &[("side", texts.side_noun(side)), ("time", &time)]),
                time,
                running: is_running,
                low,
                turned: turned == Some(side),
                fill,
                ink,
            }
        };
        ClockView {
            faces: vec![face(Side::Attackers), face(Side::Defenders)],
        }
    }
}

/// A face's colour and its text's: the running one in the primary container, the other on
/// the surface variant; a low running one in the error colours, a low waiting one in error ink.
fn face_colours(look: &Look, running: bool, low: bool) -> (Argb, Argb) {
    let c = &look.chrome;
    match (running, low) {
        (true, false) => (c.primary_container, c.on_primary_container),
        (true, true) => (c.error, c.on_error),
        (false, false) => (c.surface_variant, c.on_surface),
        (false, true) => (c.surface_variant, c.error),
    }
}

/// "m:ss" above [`LOW_TIME_MS`], seconds and tenths at or under it.
pub fn time_text(ms: u32, texts: &Catalog) -> String {
    if ms > LOW_TIME_MS {
        let seconds = ms / 1000;
        format!("{}:{:02}", seconds / 60, seconds % 60)
    } else {
        let tenths = ms / 100;
        texts.fill(
            "clock.tenths",
            &[
                ("seconds", &(tenths / 10).to_string()),
                ("tenths", &(tenths % 10).to_string()),
            ],
        )
    }
}

/// What [`Ran::Low`] says: "Attackers: 10 seconds left".
pub fn low_time_text(side: Side, texts: &Catalog) -> String {
    texts.fill(
        "clock.low",
        &[
            ("side", texts.side_noun(side)),
            ("seconds", &(LOW_TIME_MS / 1000).to_string()),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::texts::Language;

    #[test]
    fn the_time_is_shown_in_minutes_and_seconds_then_in_tenths_in_each_language() {
        let en = Language::English.catalog();
        let fr = Language::French.catalog();
        assert_eq!(time_text(300_000, en), "5:00");
        assert_eq!(time_text(299_999, en), "4:59");
        assert_eq!(time_text(10_001, en), "0:10");
        assert_eq!(time_text(10_000, en), "10.0");
        assert_eq!(time_text(9_450, en), "9.4");
        assert_eq!(time_text(9_450, fr), "9,4");
        assert_eq!(time_text(0, en), "0.0");
        assert_eq!(time_text(3_600_000, en), "60:00");
    }
}
