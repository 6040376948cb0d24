//! The time controls as the start page names them (the controls themselves are in
//! `crate::engine::clock`).

use crate::texts::Catalog;

pub use crate::engine::clock::TimeControl;

impl TimeControl {
    /// Its name on the start page: "No clock", "5 min + 3 s", "30 min".
    pub fn label(self, texts: &Catalog) -> String {
        match self.preset() {
            None => texts.text("clock.off").to_string(),
            Some((minutes, 0)) => texts.fill("clock.minutes", &[("minutes", &minutes.to_string())]),
            Some((minutes, seconds)) => texts.fill(
                "clock.minutes_increment",
                &[
                    ("minutes", &minutes.to_string()),
                    ("seconds", &seconds.to_string()),
                ],
            ),
        }
    }
}
