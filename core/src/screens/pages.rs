//! The simple screens as pages of items: the start screen and the screens of its menu.

use crate::engine::mode::Level;
use crate::engine::position::Position;
use crate::engine::position::{Piece, Side};
use crate::engine::variant::VariantKind;
use crate::learning::lessons::{self, Lesson};
use crate::learning::puzzles::dashboard::Dashboard;
use crate::learning::puzzles::runs::RunKind;
use crate::screens::look::Look;
use crate::store::{FinishedGameSummary, GameRecords, LessonProgress, Settings};
use crate::texts::{Catalog, Label};

use super::board_plan::{self, BoardInput};
use super::frame::*;
use super::reviewed_game::ImportError;
use super::setup::Setup;
use super::time_control::TimeControl;
use super::view::{self, BoardMarks};
use super::words;
use super::work::PuzzleRecords;

/// What the pages are made from.
pub(crate) struct PageData<'a> {
    pub texts: &'static Catalog,
    /// The board's colours, for the diagrams.
    pub look: &'a Look,
    pub screen: ScreenKind,
    pub loading: bool,
    pub setup: &'a Setup,
    pub settings: &'a Settings,
    pub can_resume: bool,
    pub confirm_new_game: bool,
    pub records: &'a [GameRecords],
    pub puzzle_records: &'a PuzzleRecords,
    pub rules: VariantKind,
    pub history: &'a [FinishedGameSummary],
    pub utc_offset_minutes: i32,
    /// The day now in the device's time zone (see `words::local_day`).
    pub today: i64,
    pub import_text: &'a str,
    pub import_error: Option<&'a ImportError>,
    pub importing: bool,
    pub lesson_progress: &'a [LessonProgress],
    /// No finished game and no lesson begun: the start screen offers the first lesson.
    pub new_player: bool,
}

/// Every game, in the core's order (`VariantKind::ALL`): the shells list whatever is here.
fn variants() -> impl Iterator<Item = VariantKind> {
    VariantKind::ALL.into_iter()
}
const LEVELS: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];
const SIDES: [Side; 2] = [Side::Attackers, Side::Defenders];

/// The page of the screen on show (the start screen for any other).
pub(crate) fn page(d: &PageData<'_>) -> PageView {
    match d.screen {
        ScreenKind::Records => records(d),
        ScreenKind::Rules => rules(d),
        ScreenKind::Settings => settings(d),
        ScreenKind::History => history(d),
        ScreenKind::Import => import(d),
        ScreenKind::Lessons | ScreenKind::Lesson => lesson_list(d),
        ScreenKind::Start | ScreenKind::Game | ScreenKind::Review | ScreenKind::Puzzle => start(d),
    }
}

fn tag<T: std::fmt::Debug>(prefix: &str, value: T) -> String {
    format!("{prefix}-{}", format!("{value:?}").to_uppercase())
}

fn choice(id: String, label: String, selected: bool, event: Event) -> ChoiceView {
    ChoiceView {
        id,
        label,
        selected,
        event,
    }
}

fn back(t: &Catalog) -> Option<ButtonView> {
    Some(button(
        "back",
        t.label(Label::ActionBack),
        true,
        Event::Back,
    ))
}

/// The start screen: the game to go back to, the next game's choices, the puzzles, and the
/// menu of the other pages; the question before a new game ends the unfinished one.
pub(crate) fn start(data: &PageData<'_>) -> PageView {
    let texts = data.texts;
    let mut items = Vec::new();
    items.extend(resume_button(data));
    items.extend(lesson_offer(data));
    items.extend(next_game_choices(data));
    items.push(start_button(data));
    items.extend(puzzle_buttons(data).into_iter().flatten());
    items.extend(menu(data));
    PageView {
        kind: ScreenKind::Start,
        title: texts.label(Label::AppName).into(),
        back: None,
        items,
        question: data.confirm_new_game.then(|| new_game_question(texts)),
    }
}

/// "Resume", first and primary, while a game waits unfinished.
fn resume_button(data: &PageData<'_>) -> Option<PageItem> {
    if !data.can_resume {
        return None;
    }
    let mut resume = button(
        "resume",
        data.texts.label(Label::StartResume),
        true,
        Event::Resume,
    );
    resume.primary = true;
    Some(PageItem::Button { button: resume })
}

/// The first lesson, offered to a new player.
fn lesson_offer(data: &PageData<'_>) -> Option<PageItem> {
    let lesson = offered_lesson(data)?;
    let texts = data.texts;
    let label = texts.fill("lesson.offer", &[("title", lesson.title(texts))]);
    Some(PageItem::Button {
        button: button(
            "lessonOffer",
            &label,
            true,
            Event::OpenLesson {
                lesson: lesson.id(),
            },
        ),
    })
}

/// The next game: which game (with a line on it and its starting position), against whom,
/// and against the computer its level and the player's side.
fn next_game_choices(data: &PageData<'_>) -> Vec<PageItem> {
    let texts = data.texts;
    let setup = data.setup;
    let mut items = vec![
        PageItem::Heading {
            text: texts.label(Label::StartNewGame).into(),
        },
        PageItem::Choices {
            group: ChoiceGroup {
                title: texts.label(Label::StartGame).into(),
                choices: game_choices(texts, "variant", setup.variant, |variant| {
                    Event::ChooseVariant { variant }
                }),
            },
        },
        PageItem::Caption {
            text: texts.variant_summary(setup.variant).into(),
        },
        PageItem::Board {
            board: start_diagram(data, setup.variant),
            small: true,
        },
        opponent_choices(texts, setup),
    ];
    if setup.vs_computer {
        items.push(level_choices(texts, setup));
        items.push(PageItem::Caption {
            text: texts.level_about(setup.level).into(),
        });
        items.push(side_choices(texts, setup));
    } else {
        items.push(clock_choices(texts, setup));
    }
    items
}

/// Between two players, the clock: none, or one of the time controls.
fn clock_choices(texts: &Catalog, setup: &Setup) -> PageItem {
    tagged_choices(
        texts.text("start.clock"),
        "clock",
        TimeControl::ALL,
        setup.clock,
        |clock| clock.label(texts),
        |clock| Event::ChooseClock { clock },
    )
}

fn opponent_choices(texts: &Catalog, setup: &Setup) -> PageItem {
    let opponent = |id: &str, label: Label, vs_computer: bool| {
        choice(
            id.into(),
            texts.label(label).into(),
            setup.vs_computer == vs_computer,
            Event::ChooseOpponent { vs_computer },
        )
    };
    PageItem::Choices {
        group: ChoiceGroup {
            title: texts.label(Label::StartOpponent).into(),
            choices: vec![
                opponent("opponent-computer", Label::StartVsComputer, true),
                opponent("opponent-two", Label::StartTwoPlayers, false),
            ],
        },
    }
}

fn level_choices(texts: &Catalog, setup: &Setup) -> PageItem {
    tagged_choices(
        texts.label(Label::StartLevel),
        "level",
        LEVELS,
        setup.level,
        |level| texts.level(level),
        |level| Event::ChooseLevel { level },
    )
}

fn side_choices(texts: &Catalog, setup: &Setup) -> PageItem {
    tagged_choices(
        texts.label(Label::StartYourSide),
        "side",
        SIDES,
        setup.side,
        |side| texts.play_side(side),
        |side| Event::ChooseSide { side },
    )
}

/// A group of choices, one for each of `values`, each tagged with `prefix` and its value.
fn tagged_choices<T: Copy + PartialEq + std::fmt::Debug, L: Into<String>>(
    title: &str,
    prefix: &str,
    values: impl IntoIterator<Item = T>,
    chosen: T,
    label: impl Fn(T) -> L,
    event: impl Fn(T) -> Event,
) -> PageItem {
    PageItem::Choices {
        group: ChoiceGroup {
            title: title.into(),
            choices: values
                .into_iter()
                .map(|value| {
                    choice(
                        tag(prefix, value),
                        label(value).into(),
                        value == chosen,
                        event(value),
                    )
                })
                .collect(),
        },
    }
}

/// "Start", primary, once the store is open.
fn start_button(data: &PageData<'_>) -> PageItem {
    let mut start = button(
        "start",
        data.texts.label(Label::StartStart),
        !data.loading,
        Event::NewGame,
    );
    start.primary = true;
    PageItem::Button { button: start }
}

/// A puzzle and the day's puzzle of the chosen game, and its streak and storm, where it has
/// puzzles.
fn puzzle_buttons(data: &PageData<'_>) -> Option<[PageItem; 2]> {
    let kind = data.setup.variant;
    let has_puzzles = crate::learning::puzzles::shipped()
        .iter()
        .any(|p| p.game.variant().kind == kind);
    if !has_puzzles {
        return None;
    }
    let puzzle = |id: &str, key: &str, daily: bool| {
        button(
            id,
            data.texts.text(key),
            !data.loading,
            Event::OpenPuzzle { daily },
        )
    };
    let run = |id: &str, key: &str, run: RunKind| {
        button(
            id,
            data.texts.text(key),
            !data.loading,
            Event::StartRun { run },
        )
    };
    Some([
        PageItem::Buttons {
            buttons: vec![
                puzzle("puzzles", "puzzle.button", false),
                puzzle("dailyPuzzle", "puzzle.daily_button", true),
            ],
        },
        PageItem::Buttons {
            buttons: vec![
                run("puzzleStreak", "run.streak.button", RunKind::Streak),
                run("puzzleStorm", "run.storm.button", RunKind::Storm),
            ],
        },
    ])
}

/// The other pages, in two rows: what to learn and look back on, then the reference pages.
fn menu(data: &PageData<'_>) -> [PageItem; 2] {
    let texts = data.texts;
    let open =
        |id: &str, label: &str, screen: ScreenKind| button(id, label, true, Event::Open { screen });
    [
        PageItem::Buttons {
            buttons: vec![
                open("lessons", &lessons_button(data), ScreenKind::Lessons),
                open(
                    "history",
                    texts.label(Label::StartHistory),
                    ScreenKind::History,
                ),
                open(
                    "import",
                    texts.label(Label::StartImport),
                    ScreenKind::Import,
                ),
            ],
        },
        PageItem::Buttons {
            buttons: vec![
                open(
                    "records",
                    texts.label(Label::StartRecords),
                    ScreenKind::Records,
                ),
                open("rules", texts.label(Label::StartRules), ScreenKind::Rules),
                open(
                    "settings",
                    texts.label(Label::StartSettings),
                    ScreenKind::Settings,
                ),
            ],
        },
    ]
}

/// Whether a new game may end the unfinished one.
fn new_game_question(texts: &Catalog) -> QuestionView {
    QuestionView {
        id: "confirmNewGame".into(),
        title: texts.label(Label::StartNewGame).into(),
        text: texts.label(Label::StartConfirmNewGame).into(),
        confirm: button(
            "confirm",
            texts.label(Label::StartConfirm),
            true,
            Event::Answer { yes: true },
        ),
        cancel: button(
            "cancel",
            texts.label(Label::ActionCancel),
            true,
            Event::Answer { yes: false },
        ),
    }
}

/// The lesson a new player is offered: the first unfinished one of the chosen game, or of the
/// first game with lessons when the chosen one has none.
fn offered_lesson(d: &PageData<'_>) -> Option<&'static Lesson> {
    // Only once the store has said who the player is: no offer flashes by for a returning one.
    if !d.new_player || d.loading {
        return None;
    }
    let finished: Vec<&str> = d
        .lesson_progress
        .iter()
        .filter(|p| p.finished)
        .map(|p| p.lesson.as_str())
        .collect();
    lessons::next_lesson(d.setup.variant, &finished).or_else(|| {
        lessons::GAMES
            .into_iter()
            .find_map(|kind| lessons::next_lesson(kind, &finished))
    })
}

/// "Lessons", with how many of the chosen game's lessons the player has finished once there
/// is one: the start page shows the progress the store keeps.
fn lessons_button(d: &PageData<'_>) -> String {
    let t = d.texts;
    let kind = d.setup.variant;
    let all: Vec<String> = lessons::lessons(kind).map(|l| l.id()).collect();
    let done = d
        .lesson_progress
        .iter()
        .filter(|p| p.finished && all.contains(&p.lesson))
        .count();
    if done == 0 {
        return t.text("lesson.list_title").to_string();
    }
    t.fill(
        "lesson.button_progress",
        &[
            ("done", &done.to_string()),
            ("count", &all.len().to_string()),
        ],
    )
}

/// The lessons of the chosen game, each with the player's progress; the games as choices.
fn lesson_list(d: &PageData<'_>) -> PageView {
    let t = d.texts;
    let kind = d.setup.variant;
    let mut items = vec![PageItem::Choices {
        group: ChoiceGroup {
            title: t.label(Label::StartGame).into(),
            choices: lessons::GAMES
                .into_iter()
                .map(|k| {
                    let v = k;
                    choice(
                        tag("lessons", v),
                        format!("{} · {}", t.variant(k), t.board_size(k.rules())),
                        v == d.setup.variant,
                        Event::ChooseVariant { variant: v },
                    )
                })
                .collect(),
        },
    }];
    let mut any = false;
    for lesson in lessons::lessons(kind) {
        any = true;
        let id = lesson.id();
        let progress = d.lesson_progress.iter().find(|p| p.lesson == id);
        let steps = lesson.steps.len();
        let detail = match progress {
            Some(p) if p.finished => t.text("lesson.status_done").to_string(),
            _ => {
                let solved = progress.map_or(0, |p| {
                    p.steps.iter().filter(|&&s| (s as usize) < steps).count()
                });
                t.fill(
                    "lesson.status_steps",
                    &[
                        ("solved", &solved.to_string()),
                        ("steps", &steps.to_string()),
                    ],
                )
            }
        };
        let title = format!("{}. {}", lesson.index() + 1, lesson.title(t));
        items.push(PageItem::Entry {
            entry: EntryView {
                id: format!("lesson-{}", id.replace('/', "-")),
                label: format!("{title}, {detail}"),
                title,
                detail,
                event: Event::OpenLesson { lesson: id },
            },
        });
    }
    if !any {
        items.push(PageItem::Paragraph {
            text: t.text("lesson.none").into(),
        });
    }
    PageView {
        kind: ScreenKind::Lessons,
        title: t.text("lesson.list_title").into(),
        back: back(t),
        items,
        question: None,
    }
}

/// One table per game played against the computer, the game's name heading its first
/// column; a note when there is none yet.
fn records(d: &PageData<'_>) -> PageView {
    let t = d.texts;
    let mut items = Vec::new();
    let played: Vec<&GameRecords> = d
        .records
        .iter()
        .filter(|g| g.rows.iter().any(|r| r.wins + r.losses + r.draws > 0))
        .collect();
    if played.is_empty() {
        items.push(PageItem::Paragraph {
            text: t.label(Label::RecordsNone).into(),
        });
    }
    for game in played {
        items.push(PageItem::Table {
            table: records_table(t, game),
        });
    }
    for kind in variants() {
        items.extend(puzzle_dashboard(t, kind, d.puzzle_records));
    }
    PageView {
        kind: ScreenKind::Records,
        title: t.label(Label::RecordsTitle).into(),
        back: back(t),
        items,
        question: None,
    }
}

/// A game's puzzle dashboard (solved, missed, the rating after each, the weakest and the
/// strongest theme) and its best streak and storm, when the player has played any of them.
fn puzzle_dashboard(t: &Catalog, kind: VariantKind, puzzles: &PuzzleRecords) -> Vec<PageItem> {
    let dashboard = Dashboard::of(kind, &puzzles.results);
    let (streak, storm) = (
        puzzles.best(kind, RunKind::Streak),
        puzzles.best(kind, RunKind::Storm),
    );
    if dashboard.ratings.is_empty() && streak == 0 && storm == 0 {
        return Vec::new();
    }
    let mut lines = crate::learning::puzzles::words::dashboard(t, &dashboard).into_iter();
    let mut items = vec![PageItem::Heading {
        text: lines.next().unwrap_or_default(),
    }];
    items.extend(lines.map(|text| PageItem::Caption { text }));
    if streak > 0 || storm > 0 {
        items.push(PageItem::Caption {
            text: t.fill(
                "dashboard.bests",
                &[
                    ("streak", &streak.to_string()),
                    ("storm", &storm.to_string()),
                ],
            ),
        });
    }
    items
}

/// A game's six rows (level and side) of wins, losses and draws.
fn records_table(t: &Catalog, game: &GameRecords) -> TableView {
    let name = format!(
        "{} · {}",
        t.variant(game.variant),
        t.board_size(game.variant.rules())
    );
    let rows = game
        .rows
        .iter()
        .map(|r| {
            let row_name = t.record_row(r.level, r.side);
            let label = format!(
                "{name}, {row_name}: {} {}, {} {}, {} {}",
                t.label(Label::RecordsWins),
                r.wins,
                t.label(Label::RecordsLosses),
                r.losses,
                t.label(Label::RecordsDraws),
                r.draws
            );
            TableRow {
                id: format!(
                    "record-{}-{}-{}",
                    game.variant.name().to_uppercase(),
                    format!("{:?}", r.level).to_uppercase(),
                    format!("{:?}", r.side).to_uppercase()
                ),
                cells: vec![
                    row_name,
                    r.wins.to_string(),
                    r.losses.to_string(),
                    r.draws.to_string(),
                ],
                label,
            }
        })
        .collect();
    TableView {
        header: vec![
            name,
            t.label(Label::RecordsWins).into(),
            t.label(Label::RecordsLosses).into(),
            t.label(Label::RecordsDraws).into(),
        ],
        rows,
    }
}

/// A game's starting position, drawn as the game's board is, without coordinates or marks.
fn start_diagram(d: &PageData<'_>, kind: VariantKind) -> BoardView {
    let t = d.texts;
    let squares = view::squares(&Position::start(kind), &BoardMarks::plain(None, false), t);
    let (plan, squares_for_readers) = board_plan::plan(&BoardInput {
        size: kind.rules().size(),
        squares: &squares,
        look: d.look,
        show_threats: false,
        coordinates: false,
        drag: None,
    });
    let count = |piece: Piece| squares.iter().filter(|s| s.piece == Some(piece)).count();
    let window = super::zoom::Window::whole(plan.extent);
    BoardView {
        plan,
        squares: squares_for_readers,
        label: t.start_diagram_label(kind, count(Piece::Attacker), count(Piece::Defender)),
        motion: None,
        interactive: false,
        window,
    }
}

fn rules(d: &PageData<'_>) -> PageView {
    let t = d.texts;
    let mut items = vec![PageItem::Choices {
        group: ChoiceGroup {
            title: t.label(Label::StartGame).into(),
            choices: game_choices(t, "rules", d.rules, |variant| Event::ShowRules { variant }),
        },
    }];
    let kind = d.rules;
    items.push(PageItem::Board {
        board: start_diagram(d, kind),
        small: false,
    });
    for p in t.rules(kind.rules(), d.settings.exit_forts) {
        items.push(PageItem::Paragraph { text: p });
    }
    // After the chosen game's rules, the history of the family they all come from.
    let (title, about) = t.about();
    items.push(PageItem::Heading { text: title.into() });
    for p in about {
        items.push(PageItem::Paragraph { text: p.into() });
    }
    PageView {
        kind: ScreenKind::Rules,
        title: t.label(Label::RulesTitle).into(),
        back: back(t),
        items,
        question: None,
    }
}

fn settings(d: &PageData<'_>) -> PageView {
    let t = d.texts;
    let s = d.settings;
    let toggle = |id: &str, title: Label, detail: Option<Label>, on: bool, setting: SettingKind| {
        PageItem::Toggle {
            toggle: ToggleView {
                id: id.into(),
                title: t.label(title).into(),
                detail: detail.map(|l| t.label(l).to_string()),
                on,
                setting,
            },
        }
    };
    let items = vec![
        toggle(
            "setting-sound",
            Label::SettingsSound,
            None,
            s.sound,
            SettingKind::Sound,
        ),
        toggle(
            "setting-haptics",
            Label::SettingsHaptics,
            None,
            s.haptics,
            SettingKind::Haptics,
        ),
        toggle(
            "setting-colourBlind",
            Label::SettingsColourBlind,
            None,
            s.colour_blind_palette,
            SettingKind::ColourBlind,
        ),
        toggle(
            "setting-threats",
            Label::SettingsThreats,
            Some(Label::SettingsThreatsHint),
            s.show_threats,
            SettingKind::Threats,
        ),
        toggle(
            "setting-coordinates",
            Label::SettingsCoordinates,
            None,
            s.coordinates,
            SettingKind::Coordinates,
        ),
        toggle(
            "setting-faceToFace",
            Label::SettingsFaceToFace,
            Some(Label::SettingsFaceToFaceHint),
            s.face_to_face,
            SettingKind::FaceToFace,
        ),
        PageItem::Caption {
            text: t.engine_version(env!("CARGO_PKG_VERSION")),
        },
    ];
    PageView {
        kind: ScreenKind::Settings,
        title: t.label(Label::StartSettings).into(),
        back: back(t),
        items,
        question: None,
    }
}

fn history(d: &PageData<'_>) -> PageView {
    let t = d.texts;
    let mut items = Vec::new();
    if d.history.is_empty() {
        items.push(PageItem::Paragraph {
            text: t.label(Label::HistoryNone).into(),
        });
    }
    for g in d.history {
        let w = words::history(t, g, d.utc_offset_minutes, d.today);
        items.push(PageItem::Entry {
            entry: EntryView {
                id: format!("history-{}", g.id),
                title: w.title,
                detail: w.detail,
                label: w.label,
                event: Event::OpenReview { id: g.id },
            },
        });
    }
    PageView {
        kind: ScreenKind::History,
        title: t.label(Label::HistoryTitle).into(),
        back: back(t),
        items,
        question: None,
    }
}

fn import(d: &PageData<'_>) -> PageView {
    let t = d.texts;
    let mut items = vec![PageItem::TextField {
        field: TextFieldView {
            id: "importText".into(),
            label: t.label(Label::ImportPaste).into(),
            text: d.import_text.into(),
        },
    }];
    if let Some(e) = d.import_error {
        items.push(PageItem::Error {
            text: words::import_error(t, e),
        });
    }
    let mut go = button(
        "importButton",
        t.label(Label::ImportButton),
        !d.importing,
        Event::Import,
    );
    go.primary = true;
    items.push(PageItem::Button { button: go });
    PageView {
        kind: ScreenKind::Import,
        title: t.label(Label::ImportTitle).into(),
        back: back(t),
        items,
        question: None,
    }
}

/// Every game as a choice, named with its board size, `selected` chosen, each sending `event`.
fn game_choices(
    t: &Catalog,
    prefix: &str,
    selected: VariantKind,
    event: impl Fn(VariantKind) -> Event,
) -> Vec<ChoiceView> {
    variants()
        .map(|v| {
            let kind = v;
            choice(
                tag(prefix, v),
                format!("{} · {}", t.variant(kind), t.board_size(kind.rules())),
                selected == v,
                event(v),
            )
        })
        .collect()
}
