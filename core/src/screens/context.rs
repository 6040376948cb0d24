//! What the screens receive while they handle an event or draw: how the screen is drawn now
//! ([`Display`]), what an event may send out ([`Outbox`]), and, for the game screen's moves,
//! both with the store and the engine's settings ([`Ctx`]). Each screen function takes the
//! narrowest of these it needs.

use std::sync::Arc;

use crate::engine::session::Feedback;
use crate::screens::look::{Look, Theme, look};
use crate::store::Settings;
use crate::texts::{Catalog, Language};

use super::config::EngineConfig;
use super::frame::Effect;
use super::storage::TaflStore;
use super::work::Work;

/// How the screens are drawn now: the language, the look, and the settings that change what
/// a drawing shows.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Display {
    pub language: Language,
    pub look: Look,
    /// Letters and numbers along the board's edges.
    pub coordinates: bool,
    pub show_threats: bool,
    pub face_to_face: bool,
}

impl Display {
    pub fn new(language: Language, dark: bool, settings: &Settings) -> Display {
        let theme = if dark { Theme::Dark } else { Theme::Light };
        Display {
            language,
            look: look(theme, settings.colour_blind_palette),
            coordinates: settings.coordinates,
            show_threats: settings.show_threats,
            face_to_face: settings.face_to_face,
        }
    }

    pub fn texts(&self) -> &'static Catalog {
        self.language.catalog()
    }
}

/// What one event sends out: the effects it plays, the work it starts, the ids it hands out.
/// It plays sounds and vibrations as the settings allow, and nothing while the app is away.
#[derive(Default)]
pub(crate) struct Outbox {
    pub effects: Vec<Effect>,
    pub work: Vec<Work>,
    next_id: u64,
    sound: bool,
    haptics: bool,
    away: bool,
}

impl Outbox {
    pub fn next_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    pub fn work(&mut self, work: Work) {
        self.work.push(work);
    }

    /// What may be played from now on: the settings' sound and vibration, and whether the app
    /// is away (in the background).
    pub fn allow(&mut self, settings: &Settings, away: bool) {
        self.sound = settings.sound;
        self.haptics = settings.haptics;
        self.away = away;
    }

    /// The app is in the background: nothing plays, and no search of the computer's starts.
    pub fn away(&self) -> bool {
        self.away
    }

    /// Sound and vibration for a move or an ending, as the settings allow.
    pub fn feel(&mut self, feedback: Feedback) {
        if self.away {
            return;
        }
        if self.sound {
            self.effects.push(Effect::Sound { feedback });
        }
        if self.haptics {
            self.effects.push(Effect::Haptic { feedback });
        }
    }

    pub fn announce(&mut self, text: String, assertive: bool) {
        if !self.away {
            self.effects.push(Effect::Announce { text, assertive });
        }
    }
}

/// What the game screen's moves reach: a move is drawn, said, saved, and may start the
/// computer's reply.
pub(crate) struct Ctx<'a> {
    pub display: Display,
    pub store: Option<&'a Arc<TaflStore>>,
    pub engine: &'a EngineConfig,
    pub out: &'a mut Outbox,
}

impl Ctx<'_> {
    pub fn texts(&self) -> &'static Catalog {
        self.display.texts()
    }
}
