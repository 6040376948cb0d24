//! Time on screen: the shell's ticks (`Event::Tick`), the frame's request for them
//! (`Frame::tick_ms`), and what counts as time spent on screen.

mod common;

use common::app::{play_two_player_game, settle};
use tafl_core::VariantKind;
use tafl_core::screens::{AppConfig, Controller, EngineConfig, Event, ScreenKind, Update};
use tafl_core::texts::Language;

fn config() -> AppConfig {
    AppConfig {
        database_path: None,
        language: Language::English,
        dark: false,
        utc_offset_minutes: 0,
        engine: EngineConfig {
            think_ms: None,
            think_nodes: Some(200),
            hint_ms: None,
            hint_nodes: Some(200),
            pause_ms: 0,
            threads: 1,
            vary_games: false,
        },
        saved_state: None,
    }
}

/// Ticks a shell could send, hostile ones among them.
const HOSTILE_TICKS: [i64; 8] = [0, -1, i64::MIN, i64::MAX, 1_000, 999, i64::MAX - 1, 1 << 40];

/// Where nothing is timed (the pages, an untimed game), no frame asks for ticks, so the shells
/// run no timer; a tick sent anyway (late, or hostile) changes nothing on screen and reaches the
/// shell as a patch of the busy flag alone.
#[test]
fn nothing_timed_asks_for_no_ticks_and_a_tick_changes_nothing() {
    let mut app = Controller::new(config());
    let start = settle(&mut app);
    assert_eq!(start.tick_ms, None, "the start page");
    play_two_player_game(&mut app, VariantKind::Brandubh, &["d2-b2"]);
    let before = settle(&mut app);
    assert_eq!(before.tick_ms, None, "a game without a clock");
    for now_ms in HOSTILE_TICKS {
        app.handle(Event::Tick { now_ms });
        match app.update() {
            Update::Patch(_) => {}
            Update::Frame(f) => panic!("a tick with nothing timed made a whole frame: {f:?}"),
        }
    }
    let mut after = settle(&mut app);
    after.revision = before.revision;
    assert_eq!(after, before, "the screen is as it was");
    for screen in [ScreenKind::Settings, ScreenKind::Records, ScreenKind::Start] {
        app.handle(Event::Open { screen });
        assert_eq!(settle(&mut app).tick_ms, None, "{screen:?}");
    }
}
