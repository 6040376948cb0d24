//! Every lesson, found by game or by id, and where to resume one.

use crate::engine::variant::VariantKind;

use super::data;
use super::lesson::{Lesson, Topic};

/// Every lesson of every game, the games in the apps' order, each game's lessons in the order
/// of [`Topic::ALL`].
pub fn all() -> &'static [Lesson] {
    data::LESSONS
}

/// The lessons of one game (none for the games without lessons).
pub fn lessons(kind: VariantKind) -> impl Iterator<Item = &'static Lesson> {
    all().iter().filter(move |l| l.kind == kind)
}

/// The games that have lessons.
pub const GAMES: [VariantKind; 3] = [
    VariantKind::Copenhagen,
    VariantKind::Brandubh,
    VariantKind::Tablut,
];

/// The lesson with this id (`copenhagen/capture`).
pub fn find(id: &str) -> Option<&'static Lesson> {
    all()
        .iter()
        .find(|l| l.id().eq_ignore_ascii_case(id.trim()))
}

/// The lesson to offer next in a game: the first one not among `finished` (lesson ids, as
/// the store keeps them); `None` once every lesson of the game is finished. A new player is
/// offered the game's first lesson.
pub fn next_lesson<S: AsRef<str>>(kind: VariantKind, finished: &[S]) -> Option<&'static Lesson> {
    lessons(kind).find(|l| {
        let id = l.id();
        !finished.iter().any(|f| f.as_ref() == id)
    })
}

/// Where to resume a lesson: the first step not among `solved` (steps from 0), or the first
/// step when every one is solved (the lesson is taken again).
pub fn resume_step(lesson: &Lesson, solved: &[u32]) -> usize {
    (0..lesson.steps.len())
        .find(|&i| !solved.iter().any(|&s| s as usize == i))
        .unwrap_or(0)
}

/// Every text key the lessons use (titles and steps, plus the words of a lesson in progress),
/// for the text tests.
pub fn text_keys() -> Vec<String> {
    let mut keys: Vec<String> = Topic::ALL.iter().map(|t| t.title_key()).collect();
    for lesson in all() {
        for step in lesson.steps {
            keys.extend(step.keys());
        }
    }
    keys.extend(GENERAL_KEYS.iter().map(|k| k.to_string()));
    keys.sort();
    keys.dedup();
    keys
}

/// The words of the lesson screens that belong to no step.
const GENERAL_KEYS: [&str; 14] = [
    "lesson.list_title",
    "lesson.button_progress",
    "lesson.offer",
    "lesson.next_step",
    "lesson.finish",
    "lesson.status_done",
    "lesson.status_steps",
    "lesson.none",
    "lesson.quiet",
    "lesson.step",
    "lesson.correct",
    "lesson.done",
    "lesson.wrong",
    "lesson.next",
];

impl Lesson {
    /// Its place among its game's lessons (0 for the first).
    pub fn index(&self) -> usize {
        lessons(self.kind)
            .position(|l| l.topic == self.topic)
            .unwrap_or(0)
    }
}
