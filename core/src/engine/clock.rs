//! A clock for two players: the time controls, and each side's time in a game on one. The
//! clock is part of the game as it is kept (the session, the store), so that a game comes back
//! with its times; how the apps show it is in `crate::screens::game_clock`.
//!
//! The clock holds remaining times only, never a time of day: time reaches it as milliseconds
//! the shell's ticks measured while the game was on screen, so time away is never charged.

use serde::{Deserialize, Serialize};

use crate::engine::position::Side;

/// At or under this much time a side's clock is low: shown in tenths, announced once.
pub const LOW_TIME_MS: u32 = 10_000;

/// The most time a side may have in a stored clock: a day. The longest preset is 30 minutes;
/// even a thousand increments of 5 s stay far below. More than this is not a time the app
/// wrote, and such a clock is not brought back (see [`GameClock::restored`]).
pub const MAX_STORED_MS: i64 = 24 * 60 * 60 * 1000;

/// The time controls the start page offers for two players.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ffi", derive(uniffi::Enum))]
#[serde(rename_all = "kebab-case")]
pub enum TimeControl {
    /// No clock: the default, so that nothing changes for players who want none.
    #[default]
    Off,
    /// 5 minutes each, 3 seconds added after each move.
    Blitz,
    /// 10 minutes each, 5 seconds added after each move.
    Rapid,
    /// 30 minutes each, nothing added.
    Classical,
}

impl TimeControl {
    /// In the start page's order.
    pub const ALL: [TimeControl; 4] = [
        TimeControl::Off,
        TimeControl::Blitz,
        TimeControl::Rapid,
        TimeControl::Classical,
    ];

    /// Each side's minutes and the seconds added after each move; none without a clock.
    pub const fn preset(self) -> Option<(u32, u32)> {
        match self {
            TimeControl::Off => None,
            TimeControl::Blitz => Some((5, 3)),
            TimeControl::Rapid => Some((10, 5)),
            TimeControl::Classical => Some((30, 0)),
        }
    }

    /// Its name as stored: "off", "blitz", "rapid", "classical".
    pub const fn name(self) -> &'static str {
        match self {
            TimeControl::Off => "off",
            TimeControl::Blitz => "blitz",
            TimeControl::Rapid => "rapid",
            TimeControl::Classical => "classical",
        }
    }

    /// The time control named `name` (see [`TimeControl::name`]).
    pub fn parse(name: &str) -> Option<TimeControl> {
        TimeControl::ALL.into_iter().find(|c| c.name() == name)
    }
}

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
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GameClock {
    /// The preset the game is played on (never [`TimeControl::Off`]): its increment.
    control: TimeControl,
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
        let (minutes, _) = control.preset()?;
        let base = minutes * 60_000;
        Some(GameClock {
            control,
            left_ms: [base, base],
            warned: [false, false],
        })
    }

    /// A clock as the store kept it: the preset, each side's milliseconds left (attackers
    /// first) and the warnings given. `None` for what the app never writes: no preset, or a
    /// time below zero or above [`MAX_STORED_MS`] (the game then goes on without a clock
    /// rather than with a time nobody had, or not at all).
    pub fn restored(
        control: TimeControl,
        left_ms: [i64; 2],
        warned: [bool; 2],
    ) -> Option<GameClock> {
        let time = |ms: i64| {
            (0..=MAX_STORED_MS)
                .contains(&ms)
                .then(|| u32::try_from(ms).ok())
                .flatten()
        };
        let mut clock = GameClock::new(control)?;
        clock.left_ms = [time(left_ms[0])?, time(left_ms[1])?];
        clock.warned = warned;
        Some(clock)
    }

    /// The preset the game is played on.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The milliseconds `side` has left.
    pub fn left_ms(&self, side: Side) -> u32 {
        self.left_ms[index(side)]
    }

    /// Whether `side`'s low time has been announced.
    pub fn warned(&self, side: Side) -> bool {
        self.warned[index(side)]
    }

    fn increment_ms(&self) -> u32 {
        self.control
            .preset()
            .map_or(0, |(_, seconds)| seconds * 1000)
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
        self.left_ms[i] = self.left_ms[i].saturating_add(self.increment_ms());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_stored_clock_comes_back_only_with_times_the_app_could_have_written() {
        let back = GameClock::restored(TimeControl::Rapid, [61_000, 0], [false, true]).unwrap();
        assert_eq!(back.left_ms(Side::Attackers), 61_000);
        assert_eq!(back.left_ms(Side::Defenders), 0);
        assert!(back.warned(Side::Defenders) && !back.warned(Side::Attackers));
        let mut moved = back;
        moved.moved(Side::Attackers);
        assert_eq!(
            moved.left_ms(Side::Attackers),
            66_000,
            "the preset's increment"
        );
        for hostile in [
            [-1, 1_000],
            [1_000, i64::MIN],
            [MAX_STORED_MS + 1, 0],
            [0, i64::MAX],
        ] {
            assert_eq!(
                GameClock::restored(TimeControl::Blitz, hostile, [false; 2]),
                None,
                "{hostile:?}"
            );
        }
        assert!(GameClock::restored(TimeControl::Blitz, [MAX_STORED_MS, 0], [false; 2]).is_some());
        assert_eq!(
            GameClock::restored(TimeControl::Off, [1, 1], [false; 2]),
            None
        );
    }

    #[test]
    fn the_presets_names_read_back() {
        for c in TimeControl::ALL {
            assert_eq!(TimeControl::parse(c.name()), Some(c));
        }
        assert_eq!(TimeControl::parse("bullet"), None);
    }
}
