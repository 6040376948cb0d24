//! Time on screen, from the shell's ticks.
//!
//! The core reads no clock of its own for what is timed on screen (a game's clock, a timed
//! run): while a frame asks for ticks (`Frame::tick_ms`), the shell sends
//! `Event::Tick { now_ms }` from its platform's monotonic clock, and the time that passed is the
//! sum of the differences between consecutive ticks. A monotonic clock has no meaning across
//! processes or reboots and may start anywhere, so only differences count, and the first tick
//! after a pause (the app left the screen, nothing on screen was timed, the app started) only
//! sets the baseline: time away is never charged.
//!
//! Ticks come from outside and are checked like any input: one that goes backwards or jumps
//! further than a shell's ticks ever should charges nothing and becomes the new baseline, so
//! no tick makes time negative or eats a player's clock at once.

/// The longest step between two ticks that is charged. A shell ticks every `tick_ms` (under a
/// second) while on screen and stops as the app leaves it: a longer gap is a clock that jumped
/// (a device suspended without the app hearing of it, a shell's bug), not time spent on screen.
pub const MAX_TICK_STEP_MS: i64 = 10_000;

/// What a stretch of time on screen changed of the screen: what the tick's update carries.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shown {
    /// Nothing a person sees (the clock's tenths under a whole second, say): nothing is sent.
    Nothing,
    /// A game clock's faces alone (their times, labels, colours): a patch of the clock.
    Clock,
    /// More (a low-time warning said, a flag fallen, a storm's seconds): the whole frame.
    Screen,
}

/// The time source: the last tick counted, if any since the last pause.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ticks {
    last: Option<i64>,
}

impl Ticks {
    /// Takes a tick at `now_ms` on the shell's monotonic clock: the milliseconds to charge
    /// since the tick before (none for the first after a pause, one that goes backwards, or
    /// one that jumps more than [`MAX_TICK_STEP_MS`]).
    pub fn tick(&mut self, now_ms: i64) -> u32 {
        let charged = match self.last {
            Some(last) => match now_ms.checked_sub(last) {
                Some(step) if (0..=MAX_TICK_STEP_MS).contains(&step) => step as u32,
                _ => 0,
            },
            None => 0,
        };
        self.last = Some(now_ms);
        charged
    }

    /// Time stops counting: the next tick only sets the baseline.
    pub fn pause(&mut self) {
        self.last = None;
    }

    /// Whether a tick has set a baseline since the last pause.
    pub fn counting(&self) -> bool {
        self.last.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_tick_sets_the_baseline_and_the_next_ones_count_their_differences() {
        let mut t = Ticks::default();
        assert_eq!(t.tick(5_000), 0);
        assert_eq!(t.tick(5_250), 250);
        assert_eq!(t.tick(6_000), 750);
    }

    #[test]
    fn after_a_pause_the_time_away_is_not_charged() {
        let mut t = Ticks::default();
        t.tick(1_000);
        t.tick(1_500);
        t.pause();
        assert!(!t.counting());
        assert_eq!(t.tick(600_000), 0, "the first tick after the pause");
        assert_eq!(t.tick(600_100), 100);
    }

    #[test]
    fn hostile_ticks_charge_nothing_and_rebase() {
        let mut t = Ticks::default();
        t.tick(10_000);
        assert_eq!(t.tick(9_000), 0, "backwards");
        assert_eq!(
            t.tick(9_100),
            100,
            "counts again from the tick that went back"
        );
        assert_eq!(t.tick(9_100 + MAX_TICK_STEP_MS + 1), 0, "an absurd jump");
        assert_eq!(t.tick(i64::MIN), 0);
        assert_eq!(t.tick(i64::MAX), 0, "the difference overflows");
        assert_eq!(t.tick(i64::MIN), 0);
        assert_eq!(t.tick(i64::MIN + 20), 20);
        assert_eq!(
            t.tick(i64::MIN + 20 + MAX_TICK_STEP_MS),
            MAX_TICK_STEP_MS as u32
        );
    }
}
