//! What the screens' logic may read and do while it handles an event: the settings, the
//! language and theme, the store, and an outbox for the effects and the work it asks for.

use std::sync::Arc;

use crate::engine::session::Feedback;
use crate::screens::look::{Look, Theme, look};
use crate::store::Settings;
use crate::texts::{Catalog, Language};

use super::config::EngineConfig;
use super::frame::Effect;
use super::storage::TaflStore;
use super::work::Work;

/// Effects, work and ids collected while an event is handled.
#[derive(Default)]
pub(crate) struct Outbox {
    pub effects: Vec<Effect>,
    pub work: Vec<Work>,
    next_id: u64,
}

impl Outbox {
    pub fn next_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    pub fn work(&mut self, work: Work) {
        self.work.push(work);
    }
}

/// What the screens' logic may read and do while it handles an event.
pub(crate) struct Ctx<'a> {
    pub settings: &'a Settings,
    pub language: Language,
    pub dark: bool,
    pub store: Option<&'a Arc<TaflStore>>,
    pub engine: &'a EngineConfig,
    pub background: bool,
    pub out: &'a mut Outbox,
}

impl Ctx<'_> {
    pub fn texts(&self) -> &'static Catalog {
        self.language.catalog()
    }

    pub fn look(&self) -> Look {
        look(
            if self.dark { Theme::Dark } else { Theme::Light },
            self.settings.colour_blind_palette,
        )
    }

    /// Sound and vibration for a move or an ending, as the settings allow.
    pub fn feel(&mut self, feedback: Feedback) {
        if self.background {
            return;
        }
        if self.settings.sound {
            self.out.effects.push(Effect::Sound { feedback });
        }
        if self.settings.haptics {
            self.out.effects.push(Effect::Haptic { feedback });
        }
    }

    pub fn announce(&mut self, text: String, assertive: bool) {
        if !self.background {
            self.out.effects.push(Effect::Announce { text, assertive });
        }
    }
}
