//! A clock for two players on one phone: each side's time, the Fischer increment after each
//! move, the flag, the low-time warning, and the clock as the game screen shows it.
//!
//! The clock holds remaining times only, never a time of day: time reaches it as the
//! milliseconds the shell's ticks measured on screen (`super::ticks`), so that time in the
//! background is never charged and the clock comes back after the process died with what it
//! had (the saved state keeps it).

use serde::{Deserialize, Serialize};

use crate::engine::position::Side;
use crate::texts::Catalog;

use super::frame::{ClockFace, ClockView};
use super::look::{Argb, Look};
use super::time_control::TimeControl;

/// At or under this much time a side's clock is low: shown in tenths, announced once.
pub const LOW_TIME_MS: u32 = 10_000;

/// How often the shells tick while a clock runs: the most a move's time is off by, and the
/// steps of the tenths shown under [`LOW_TIME_MS`].
pub const CLOCK_TICK_MS: u32 = 100;

/// What a stretch of time did to the clock.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ran {
    /// The side's time went on.
    On,
    /// The side's time became low for the first time in the game: say so, once.
    Low(Side),
    /// The side's time ran out.
    FlagFell(Side),
}

/// Both sides' time in a game on a clock.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameClock {
    /// The milliseconds added after each move.
    increment_ms: u32,
    /// The milliseconds left: the attackers', then the defenders'.
    left_ms: [u32; 2],
    /// Each side's low time has been announced (once per side and game).
    warned: [bool; 2],
}

fn index(side: Side) -> usize {
    match side {
        Side::Attackers => 0,
        Side::Defenders => 1,
    }
}

impl GameClock {
    /// The clock of a new game; none without a time control.
    pub fn new(control: TimeControl) -> Option<GameClock> {
        let (minutes, seconds) = control.preset()?;
        let base = minutes * 60_000;
        Some(GameClock {
            increment_ms: seconds * 1000,
            left_ms: [base, base],
            warned: [false, false],
        })
    }

    /// The milliseconds `side` has left.
    pub fn left_ms(&self, side: Side) -> u32 {
        self.left_ms[index(side)]
    }

    /// `ms` passed with `side` to move.
    pub fn run(&mut self, side: Side, ms: u32) -> Ran {
        let i = index(side);
        self.left_ms[i] = self.left_ms[i].saturating_sub(ms);
        if self.left_ms[i] == 0 {
            Ran::FlagFell(side)
        } else if self.left_ms[i] <= LOW_TIME_MS && !self.warned[i] {
            self.warned[i] = true;
            Ran::Low(side)
        } else {
            Ran::On
        }
    }

    /// `side` made a move: its increment is added.
    pub fn moved(&mut self, side: Side) {
        let i = index(side);
        self.left_ms[i] = self.left_ms[i].saturating_add(self.increment_ms);
    }

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
    fn the_presets_give_each_side_its_minutes_and_add_the_increment_after_a_move() {
        let mut c = GameClock::new(TimeControl::Blitz).unwrap();
        assert_eq!(c.left_ms(Side::Attackers), 300_000);
        assert_eq!(c.run(Side::Attackers, 4_000), Ran::On);
        c.moved(Side::Attackers);
        assert_eq!(c.left_ms(Side::Attackers), 299_000);
        assert_eq!(c.left_ms(Side::Defenders), 300_000);
        assert!(GameClock::new(TimeControl::Off).is_none());
        let mut slow = GameClock::new(TimeControl::Classical).unwrap();
        slow.moved(Side::Defenders);
        assert_eq!(slow.left_ms(Side::Defenders), 1_800_000, "no increment");
    }

    #[test]
    fn low_time_is_said_once_per_side_and_the_flag_falls_at_zero() {
        let mut c = GameClock::new(TimeControl::Blitz).unwrap();
        assert_eq!(c.run(Side::Defenders, 289_999), Ran::On);
        assert_eq!(c.run(Side::Defenders, 1), Ran::Low(Side::Defenders));
        c.moved(Side::Defenders);
        assert_eq!(
            c.run(Side::Defenders, 3_000),
            Ran::On,
            "low again: not said again"
        );
        assert_eq!(c.run(Side::Attackers, 290_000), Ran::Low(Side::Attackers));
        assert_eq!(
            c.run(Side::Defenders, 20_000),
            Ran::FlagFell(Side::Defenders)
        );
        assert_eq!(c.left_ms(Side::Defenders), 0, "never below zero");
    }

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
