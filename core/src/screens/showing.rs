//! What is on screen: one screen at a time, holding what only that screen has, so that no
//! combination of flags can say two things at once (a lesson on show without its lesson, a
//! question of the start screen asked over a game).

use crate::engine::variant::VariantKind;

use super::frame::ScreenKind;
use super::play_screen::GameScreen;
use super::review_screen::ReviewScreen;
use super::run_screen::RunScreen;

/// The screen on show.
///
/// The player's game is not held here: it outlives its screen (it waits behind a review of
/// it, a lesson or a puzzle, to be resumed), so the controller keeps it, and `Game` says that
/// it is the one on show.
pub(crate) enum Showing {
    /// The start screen; `confirm_new_game` while it asks whether a new game may end the
    /// unfinished one.
    Start {
        confirm_new_game: bool,
    },
    /// The player's game.
    Game,
    Review(Box<ReviewScreen>),
    /// A lesson in progress: a game screen in lesson mode.
    Lesson(Box<GameScreen>),
    /// A puzzle: a game screen in puzzle mode.
    Puzzle(Box<GameScreen>),
    /// A puzzle streak or storm: its puzzle's game screen, inside the run.
    Run(Box<RunScreen>),
    Page(Page),
}

/// A page of the start screen's menu.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Page {
    Records,
    /// The rules of one game.
    Rules(VariantKind),
    Settings,
    History,
    Import,
    /// The lessons of the chosen game.
    Lessons,
}

impl Showing {
    /// The start screen, asking nothing.
    pub fn start() -> Showing {
        Showing::Start {
            confirm_new_game: false,
        }
    }

    /// The kind of screen, as the frame and the saved state name it.
    pub fn kind(&self) -> ScreenKind {
        match self {
            Showing::Start { .. } => ScreenKind::Start,
            Showing::Game => ScreenKind::Game,
            Showing::Review(_) => ScreenKind::Review,
            Showing::Lesson(_) => ScreenKind::Lesson,
            Showing::Puzzle(_) | Showing::Run(_) => ScreenKind::Puzzle,
            Showing::Page(page) => page.kind(),
        }
    }

    /// The start screen asks whether a new game may end the unfinished one.
    pub fn confirming_new_game(&self) -> bool {
        matches!(
            self,
            Showing::Start {
                confirm_new_game: true
            }
        )
    }

    /// A game, a lesson, a puzzle or a run that goes on: a screen with a board to touch.
    pub fn has_board(&self) -> bool {
        match self {
            Showing::Game | Showing::Lesson(_) | Showing::Puzzle(_) => true,
            Showing::Run(run) => !run.over(),
            _ => false,
        }
    }

    /// The lesson's, the puzzle's or the run's game screen, when one is on show.
    pub fn exercise(&self) -> Option<&GameScreen> {
        match self {
            Showing::Lesson(screen) | Showing::Puzzle(screen) => Some(screen),
            Showing::Run(run) => Some(&run.screen),
            _ => None,
        }
    }
}

impl Page {
    pub fn kind(self) -> ScreenKind {
        match self {
            Page::Records => ScreenKind::Records,
            Page::Rules(_) => ScreenKind::Rules,
            Page::Settings => ScreenKind::Settings,
            Page::History => ScreenKind::History,
            Page::Import => ScreenKind::Import,
            Page::Lessons => ScreenKind::Lessons,
        }
    }
}
