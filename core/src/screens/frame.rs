//! What crosses to the shells: the events they forward, and the frame they draw.
//!
//! A frame is everything a screen shows, decided here: the words, the order of the lines, what
//! is enabled, the drawing of the board and the chart, the motion to animate, and the effects
//! to play once. A shell lays these out with its platform's widgets and sends back, as events,
//! the buttons' own events and the touches on the board in the board's coordinates.

use serde::{Deserialize, Serialize};

use crate::engine::mode::Level;
use crate::engine::position::{Piece, Side};
use crate::engine::session::Feedback;
use crate::engine::variant::VariantKind;
use crate::learning::puzzles::runs::RunKind;
use crate::screens::look::Look;
use crate::texts::Language;

use super::plan::{DrawOp, DrawingPlan, Point};
use super::types::Coord;

/// The screens of the app.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ffi", derive(uniffi::Enum))]
#[serde(rename_all = "kebab-case")]
pub enum ScreenKind {
    Start,
    Game,
    Records,
    Rules,
    Settings,
    History,
    Review,
    Import,
    /// The lessons of the chosen game, with the player's progress.
    Lessons,
    /// A lesson in progress: its board, the step's prompt, the answers.
    Lesson,
    /// A puzzle: its board, what to find, the prover's answers, the player's puzzle rating.
    Puzzle,
}

/// A setting the person can switch on and off.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ffi", derive(uniffi::Enum))]
#[serde(rename_all = "kebab-case")]
pub enum SettingKind {
    Sound,
    Haptics,
    ColourBlind,
    Threats,
    /// Letters and numbers along the board's edges.
    Coordinates,
    /// Two players facing each other across the phone: the top player's texts turn to them.
    FaceToFace,
}

/// A touch on the board, already told apart as a tap or a drag by the shell (which knows its
/// platform's touch slop).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ffi", derive(uniffi::Enum))]
#[serde(rename_all = "kebab-case")]
pub enum TouchPhase {
    Tap,
    DragStart,
    DragMove,
    DragEnd,
    DragCancel,
}

/// Everything a shell tells the app: the person's actions and the device's changes.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ffi", derive(uniffi::Enum))]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    // The start screen.
    ChooseVariant {
        variant: VariantKind,
    },
    ChooseOpponent {
        vs_computer: bool,
    },
    ChooseLevel {
        level: Level,
    },
    ChooseSide {
        side: Side,
    },
    /// The clock for a game between two players (none by default).
    ChooseClock {
        clock: super::time_control::TimeControl,
    },
    /// "Start": asks first when an unfinished game would end.
    NewGame,
    Resume,
    /// A screen of the menu (records, rules, settings, history, import).
    Open {
        screen: ScreenKind,
    },
    ShowRules {
        variant: VariantKind,
    },
    /// Back one screen, or closes the open question.
    Back,
    /// A lesson, by its id (`copenhagen/capture`), from the step where the player left it.
    OpenLesson {
        lesson: String,
    },
    /// The lesson's step is solved: on to the next one, or, after the last, back to the list.
    NextStep,
    /// A puzzle of the chosen game near the player's rating, or the day's puzzle.
    OpenPuzzle {
        daily: bool,
    },
    /// The puzzle is solved: another one near the new rating (in a streak, the streak's next).
    NextPuzzle,
    /// A puzzle streak or a puzzle storm of the chosen game, from its first puzzle.
    StartRun {
        run: RunKind,
    },
    /// The streak's one skip: another puzzle of the same rating.
    SkipPuzzle,
    /// The answer to the open question (resign, or end the unfinished game).
    Answer {
        yes: bool,
    },

    // The board. Points are in the board plan's coordinates; a drag's point is where the
    // lifted piece is (the shell lifts it above the finger).
    Touch {
        phase: TouchPhase,
        at: Point,
    },
    /// A pinch on the board: `centre` is the point between the fingers (plan units, through
    /// the window on screen), `factor` how many times larger the board grew since the last
    /// step, `pan` how far the fingers moved since then (plan units).
    Zoom {
        centre: Point,
        factor: f32,
        pan: Point,
    },
    /// A square activated without a touch (a screen reader's double tap, a keyboard).
    ActivateSquare {
        square: Coord,
    },
    Undo,
    Resign,
    Hint,
    PlayAgain,
    /// The refusal message `id` has been shown long enough (the shell's accessibility timeout).
    FlashExpired {
        id: u64,
    },
    /// A move of the move list, once the game is over: opens its position for review.
    ReviewMove {
        ply: u32,
    },

    // Settings.
    SetSetting {
        setting: SettingKind,
        on: bool,
    },
    DismissNotice,

    // History, review and import.
    OpenReview {
        id: i64,
    },
    ReviewGoTo {
        ply: u32,
    },
    /// A touch on the chart, as a fraction of its width (0 is the start of the game).
    ChartTouch {
        fraction: f32,
    },
    Analyse,
    CancelAnalysis,
    Share,
    ImportText {
        text: String,
    },
    Import,
    /// A text or a file from outside the app (Android's share sheet and "open with", iOS's
    /// "Open in"), as the bytes that came (a shared text as UTF-8): the core decodes them,
    /// opens the import with the text and imports it. The shell reads a file off its main
    /// thread and at most `IMPORT_LIMIT + 1` bytes of it (`importLimitBytes()`); none when it
    /// could not read the file at all (gone, or no longer allowed), which the import says.
    Received {
        bytes: Option<Vec<u8>>,
    },

    // The device.
    LanguageChanged {
        language: Language,
    },
    ThemeChanged {
        dark: bool,
    },
    /// The app left the screen: searches stop, nothing plays, the store is written.
    Background,
    /// The app is on screen again: the computer's turn goes on.
    Foreground,
    /// The time now on the shell's monotonic clock, in milliseconds (Android's
    /// `SystemClock.elapsedRealtime`, iOS's `ContinuousClock`), sent every `Frame::tick_ms`
    /// while a frame asks for it and the app is on screen. Only the differences between
    /// consecutive ticks count (see `screens::ticks`).
    Tick {
        now_ms: i64,
    },
}

/// Something to play once.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ffi", derive(uniffi::Enum))]
#[serde(tag = "effect", rename_all = "kebab-case")]
pub enum Effect {
    Sound {
        feedback: Feedback,
    },
    Haptic {
        feedback: Feedback,
    },
    /// For screen readers: `assertive` interrupts what is being read (a refusal); otherwise
    /// it waits its turn (a move, so that a capture is not cut off by the next one).
    Announce {
        text: String,
        assertive: bool,
    },
    /// The platform's share sheet.
    Share {
        text: String,
        title: String,
    },
}

/// A button: its words, whether it may be pressed, and the event it sends.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct ButtonView {
    /// Stable name, for tests and the shells' accessibility identifiers.
    pub id: String,
    pub label: String,
    pub enabled: bool,
    /// The main action of its screen.
    pub primary: bool,
    pub event: Event,
}

/// One option of a group of which exactly one is chosen.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct ChoiceView {
    pub id: String,
    pub label: String,
    pub selected: bool,
    pub event: Event,
}

#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct ChoiceGroup {
    pub title: String,
    pub choices: Vec<ChoiceView>,
}

#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct ToggleView {
    pub id: String,
    pub title: String,
    pub detail: Option<String>,
    pub on: bool,
    pub setting: SettingKind,
}

/// A table with a header row; the first column names the row.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct TableView {
    pub header: Vec<String>,
    pub rows: Vec<TableRow>,
}

#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct TableRow {
    pub id: String,
    pub cells: Vec<String>,
    /// The row in one sentence, for screen readers.
    pub label: String,
}

/// A row of a list that opens something: a title, a line below, and its event.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct EntryView {
    pub id: String,
    pub title: String,
    pub detail: String,
    pub label: String,
    pub event: Event,
}

#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct TextFieldView {
    pub id: String,
    pub label: String,
    pub text: String,
}

/// One element of a simple screen, top to bottom.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Enum))]
pub enum PageItem {
    Heading {
        text: String,
    },
    Paragraph {
        text: String,
    },
    /// A secondary line (the engine's version, a note).
    Caption {
        text: String,
    },
    Choices {
        group: ChoiceGroup,
    },
    Toggle {
        toggle: ToggleView,
    },
    Button {
        button: ButtonView,
    },
    /// Buttons side by side, sharing the width.
    Buttons {
        buttons: Vec<ButtonView>,
    },
    Table {
        table: TableView,
    },
    /// A board to look at, not to play on (a game's starting position). `small`: a thumbnail
    /// among other choices (the start page's game picker), else as wide as a phone's board
    /// (the rules page).
    Board {
        board: BoardView,
        small: bool,
    },
    Entry {
        entry: EntryView,
    },
    TextField {
        field: TextFieldView,
    },
    /// A problem to read now (announced when it appears).
    Error {
        text: String,
    },
}

/// A question over the screen: the rest waits until it is answered (a modal dialog).
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct QuestionView {
    pub id: String,
    pub title: String,
    pub text: String,
    pub confirm: ButtonView,
    pub cancel: ButtonView,
}

/// The start screen and the screens of the menu.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct PageView {
    pub kind: ScreenKind,
    pub title: String,
    /// Back to the start screen (none on the start screen itself).
    pub back: Option<ButtonView>,
    pub items: Vec<PageItem>,
    pub question: Option<QuestionView>,
}

/// A piece at rest on the board.
#[derive(Clone, Copy, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct PlacedPiece {
    pub square: Coord,
    pub piece: Piece,
    /// The centre of its square.
    pub at: Point,
}

/// How one kind of piece is drawn, around (0, 0), for a square of side 1.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct Glyph {
    pub piece: Piece,
    pub ops: Vec<DrawOp>,
}

/// A piece lifted by a drag: drawn last, at `at`, `scale` times its size.
#[derive(Clone, Copy, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct LiftedPiece {
    pub piece: Piece,
    pub at: Point,
    pub scale: f32,
}

/// The board as a drawing in square units: `under` first, then `drop`, then the pieces (each
/// drawn with its glyph at its point), then `over`, then the lifted piece.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct BoardPlan {
    pub size: u8,
    /// The drawing is `extent` x `extent` units: the squares and a margin around them.
    pub extent: f32,
    pub under: Vec<DrawOp>,
    /// What a drag marks under the pieces: the frame of the square under the lifted piece. A
    /// layer of its own, so that a drag step changes it without the board under it.
    pub drop: Vec<DrawOp>,
    pub pieces: Vec<PlacedPiece>,
    pub glyphs: Vec<Glyph>,
    pub over: Vec<DrawOp>,
    pub lifted: Option<LiftedPiece>,
}

/// A square for screen readers: where it lies in the drawing, what it says, and whether
/// activating it does something.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct SquareNode {
    pub square: Coord,
    pub name: String,
    pub label: String,
    /// Its top-left corner in the drawing; its side is 1.
    pub x: f32,
    pub y: f32,
    pub actionable: bool,
}

/// A piece taken by a move, as the motion shows it fading.
#[derive(Clone, Copy, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct TakenPiece {
    pub square: Coord,
    pub piece: Piece,
    pub at: Point,
}

/// One move of a motion.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct MotionStep {
    pub piece: Piece,
    pub from: Point,
    pub to: Point,
    pub from_square: Coord,
    pub to_square: Coord,
    pub taken: Vec<TakenPiece>,
}

/// How the board goes from the previous frame to this one. The board at rest is always the
/// plan; a motion only draws the way there.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct MotionPlan {
    /// A new id starts a new animation.
    pub id: u64,
    /// The moves, in the order they play: forwards, or taken back (the latest first, each
    /// sliding from `to` back to `from`, its taken pieces fading in).
    pub steps: Vec<MotionStep>,
    pub backwards: bool,
    /// False after a drop: the piece is already where the finger left it; only the taken
    /// pieces fade.
    pub slide: bool,
    pub slide_ms: u32,
    pub fade_ms: u32,
}

#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct BoardView {
    pub plan: BoardPlan,
    pub squares: Vec<SquareNode>,
    /// The board as a whole, for screen readers.
    pub label: String,
    pub motion: Option<MotionPlan>,
    /// Touches and squares do something (false for the review's board).
    pub interactive: bool,
    /// The part of the plan on screen: the shell fills its board's space with it and turns
    /// touch points into plan units through it (`x + px / scale`, `scale = space / side`).
    pub window: super::zoom::Window,
}

/// The bar that says whose turn it is.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct TurnBarView {
    pub text: String,
    /// Face to face: the same news for the player across the table, drawn turned towards them
    /// at the top of the screen.
    pub top_text: Option<String>,
    /// The computer is thinking, or a hint is being looked for.
    pub busy: bool,
}

/// What a line under the board is about (the shells style them; the core orders them).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ffi", derive(uniffi::Enum))]
#[serde(rename_all = "kebab-case")]
pub enum InfoKind {
    LastMove,
    Hint,
    Capture,
    Ending,
    OpenLines,
    DrawCountdown,
    Repetition,
    HintsUsed,
    SaveError,
    /// What a lesson's step asks for.
    Prompt,
    /// Why a move does not answer a lesson's step or a puzzle.
    Wrong,
    /// A puzzle's grade and the player's puzzle rating, and how a result moved it.
    Rating,
    /// A puzzle streak's or storm's score, the storm's time, and what an answer did to them.
    Run,
}

/// How a line of text is written: its colour and whether it stands out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct TextStyle {
    pub colour: crate::screens::look::Argb,
    pub bold: bool,
}

impl InfoKind {
    /// How a line of this kind is written in `look`, alike in both apps (they differed: iOS
    /// wrote captures and endings in the primary colour, Android the hint in the hint
    /// arrow's). The hint is the colour of its arrow on the board, bold; a wrong move's reason
    /// and a failed save are errors; the last move, a lesson's prompt and a run's score are
    /// bold; the rest is plain text.
    pub fn style(self, look: &Look) -> TextStyle {
        let c = &look.chrome;
        let (colour, bold) = match self {
            InfoKind::Hint => (look.board.hint, true),
            InfoKind::Wrong | InfoKind::SaveError => (c.error, false),
            InfoKind::LastMove | InfoKind::Prompt | InfoKind::Run => (c.on_background, true),
            InfoKind::Capture
            | InfoKind::Ending
            | InfoKind::OpenLines
            | InfoKind::DrawCountdown
            | InfoKind::Repetition
            | InfoKind::HintsUsed
            | InfoKind::Rating => (c.on_background, false),
        };
        TextStyle { colour, bold }
    }
}

#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct InfoLine {
    pub kind: InfoKind,
    pub text: String,
}

/// One move of the move list.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct MoveCell {
    /// The move's ply (1 is the first move).
    pub ply: u32,
    pub text: String,
    /// The position on screen comes after this move.
    pub current: bool,
    /// What a tap on it does, when it does something (opens its position).
    pub event: Option<Event>,
}

/// A numbered row: the first mover's move, then the answer.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct MoveRow {
    pub number: u32,
    pub cells: Vec<MoveCell>,
}

#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct MoveListView {
    pub title: String,
    pub rows: Vec<MoveRow>,
    /// The row a shell brings into view in the move list after this frame, scrolling the list
    /// alone (never the screen around it): the latest move in a game, the position's move in a
    /// review, whatever step or move led here. None when there are no moves.
    pub reveal: Option<u32>,
}

/// The pieces each side has lost.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct TakenView {
    pub attackers: u32,
    pub defenders: u32,
    /// "Attackers taken: 3", "Defenders taken: 1".
    pub attackers_text: String,
    pub defenders_text: String,
}

/// A refusal or an error, shown for a while and announced.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct FlashView {
    pub id: u64,
    pub text: String,
}

/// One side's clock face.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct ClockFace {
    pub side: Side,
    /// Whose face it is, written on it above the time ("Attackers", "Défenseurs"), so that
    /// the players tell the faces apart by more than their place and colour.
    pub name: String,
    /// The time left as the face shows it: "4:59", or under ten seconds "9.4".
    pub time: String,
    /// The face for screen readers: "Attackers 4:59, running".
    pub label: String,
    /// This side's time runs (it is to move): the face stands out.
    pub running: bool,
    /// Little time is left: the face is written in the error colour.
    pub low: bool,
    /// Face to face: drawn turned towards the player across the table (the side that moves
    /// second sits at the top).
    pub turned: bool,
    /// The face's colour and its text's, from the look: the running face stands out, a low
    /// one is written in the error colours (both apps alike).
    pub fill: crate::screens::look::Argb,
    pub ink: crate::screens::look::Argb,
}

/// A game's clock: the attackers' face, then the defenders'.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct ClockView {
    pub faces: Vec<ClockFace>,
}

#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct GameView {
    pub turn: TurnBarView,
    /// The game's clock, in a game between two players on one.
    pub clock: Option<ClockView>,
    pub board: BoardView,
    pub info: Vec<InfoLine>,
    pub moves: MoveListView,
    pub taken: TakenView,
    pub controls: Vec<ButtonView>,
    pub question: Option<QuestionView>,
    pub flash: Option<FlashView>,
}

/// The engine's judgement along the game, as a drawing, with its value at the cursor.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct ChartView {
    pub plan: DrawingPlan,
    pub title: String,
    /// The value at the position on screen, in words, once known.
    pub value: Option<String>,
}

/// The analysis: its state in words, how far it is (0 to 1) while it runs, and its button.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct AnalysisLine {
    pub text: Option<String>,
    pub progress: Option<f32>,
    pub button: ButtonView,
}

#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct ReviewView {
    pub title: String,
    pub back: ButtonView,
    pub share: ButtonView,
    pub board: BoardView,
    pub position: String,
    pub last_move: Option<String>,
    pub captures: Vec<String>,
    pub result: Option<String>,
    /// The verdict on the move that led to the position on screen, once the analysis has
    /// judged it: its name, and for an error the better move and why (none for a good move).
    pub verdict: Option<String>,
    /// First, previous, next, last.
    pub steps: Vec<ButtonView>,
    pub chart: ChartView,
    pub analysis: AnalysisLine,
    /// Each side's verdicts counted (attackers, then defenders), once the analysis is
    /// complete.
    pub summary: Vec<String>,
    /// The inaccuracies, mistakes and blunders in words, each opening its position.
    pub errors_title: String,
    pub errors: Vec<ButtonView>,
    pub moves: MoveListView,
}

#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Enum))]
pub enum ScreenView {
    Page { page: PageView },
    Game { game: GameView },
    Review { review: ReviewView },
}

/// A message about the saved data, over every screen until dismissed.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct NoticeView {
    pub text: String,
    pub dismiss: ButtonView,
}

/// Everything the app shows now, and what to play once.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct Frame {
    /// Grows with every frame: a shell keeps the newest.
    pub revision: u64,
    pub language: Language,
    pub look: Look,
    pub screen: ScreenView,
    pub notice: Option<NoticeView>,
    /// Back is the app's (a screen or a question to close); otherwise the system's.
    pub handles_back: bool,
    /// Effects of the change that made this frame, to play once, in order.
    pub effects: Vec<Effect>,
    /// Work is running behind (a search, the store): the frame will change by itself.
    pub busy: bool,
    /// The app is starting: the store is opening, or the screen the app was on when the system
    /// ended it is being read back. The screen is then only a stand-in (the start page with
    /// the default settings, which the saved ones replace a moment later): a shell shows the
    /// plain background of its launch screen instead (the look's `background`), so that a cold
    /// launch shows nothing that changes under the person's eyes.
    pub starting: bool,
    /// The screen stays on: a game, a lesson or a puzzle is in play (the player may be
    /// thinking, the computer may be searching). Never on a page, a review or a finished game,
    /// where the phone may sleep as it likes.
    pub keep_awake: bool,
    /// Something on screen is timed (a game's clock runs): the shell sends `Event::Tick` every
    /// this many milliseconds while the app is on screen, and stops when the app leaves it or
    /// when a frame says none (nothing timed on screen: no timer runs).
    pub tick_ms: Option<u32>,
}

/// What changed when a change left the rest of the screen as it was: a shell applies it to the
/// frame it holds (see [`FramePatch::apply`]) and redraws that part alone.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Enum))]
pub enum Patch {
    /// Nothing on screen: only whether work runs behind (a save written).
    Busy,
    /// The board's moving parts: a drag step (the lifted piece and the frame of the square
    /// under it) or a pinch or pan step (the window).
    Board {
        window: super::zoom::Window,
        drop: Vec<DrawOp>,
        lifted: Option<LiftedPiece>,
    },
    /// An analysis point: the review's chart and the analysis line.
    Chart {
        chart: ChartView,
        analysis: AnalysisLine,
    },
    /// A tick that changed the time a game's clock shows: its faces (times, labels, colours).
    Clock { clock: ClockView },
}

/// A change of the frame with revision `revision - 1` into the frame with revision `revision`.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "ffi", derive(uniffi::Record))]
pub struct FramePatch {
    pub revision: u64,
    /// Work is running behind.
    pub busy: bool,
    pub patch: Patch,
}

impl FramePatch {
    /// The frame this patch makes of the one before it, as the shells make it: the new
    /// revision and busy flag, the patched part, no effects (a patch has none). A frame with
    /// no such part (no board, no chart) keeps the rest.
    pub fn apply(&self, frame: &mut Frame) {
        frame.revision = self.revision;
        frame.busy = self.busy;
        frame.effects.clear();
        match (&self.patch, &mut frame.screen) {
            (Patch::Busy, _) => {}
            (
                Patch::Board {
                    window,
                    drop,
                    lifted,
                },
                ScreenView::Game { game },
            ) => {
                game.board.window = *window;
                game.board.plan.drop = drop.clone();
                game.board.plan.lifted = *lifted;
            }
            (Patch::Chart { chart, analysis }, ScreenView::Review { review }) => {
                review.chart = chart.clone();
                review.analysis = analysis.clone();
            }
            (Patch::Clock { clock }, ScreenView::Game { game }) => {
                game.clock = Some(clock.clone());
            }
            (Patch::Board { .. } | Patch::Chart { .. } | Patch::Clock { .. }, _) => {}
        }
    }
}

/// What the app hands a shell after a change: the whole frame, or a patch of the one before.
#[derive(Clone, PartialEq, Debug)]
pub enum Update {
    Frame(Box<Frame>),
    Patch(Box<FramePatch>),
}

impl Point {
    pub(crate) fn offset(self, dx: f32, dy: f32) -> Point {
        Point::new(self.x + dx, self.y + dy)
    }
}

/// A button of a frame.
pub(crate) fn button(id: &str, label: &str, enabled: bool, event: Event) -> ButtonView {
    ButtonView {
        id: id.to_string(),
        label: label.to_string(),
        enabled,
        primary: false,
        event,
    }
}
