//! The player's progress through the lessons (tables `lesson_steps` and `lessons_finished`).

use rusqlite::params;

use super::connection::{Store, now};
use super::types::{LessonProgress, StoreError};

impl Store {
    /// Keeps that the player solved step `step` (0 for the first) of a lesson. Solving it
    /// again changes nothing; the first time is kept.
    pub fn solve_lesson_step(&mut self, lesson: &str, step: u32) -> Result<(), StoreError> {
        let lesson = lesson_id(lesson)?;
        self.write(|tx| {
            tx.prepare_cached(
                "INSERT INTO lesson_steps (lesson, step, solved_at) VALUES (?1, ?2, ?3)
                 ON CONFLICT (lesson, step) DO NOTHING",
            )?
            .execute(params![lesson, step, now()])?;
            Ok(())
        })
    }

    /// Keeps that the player finished a lesson. Finishing it again changes nothing.
    pub fn finish_lesson(&mut self, lesson: &str) -> Result<(), StoreError> {
        let lesson = lesson_id(lesson)?;
        self.write(|tx| {
            tx.prepare_cached(
                "INSERT INTO lessons_finished (lesson, finished_at) VALUES (?1, ?2)
                 ON CONFLICT (lesson) DO NOTHING",
            )?
            .execute(params![lesson, now()])?;
            Ok(())
        })
    }

    /// Every lesson the player has begun, by id, each with its solved steps and whether it
    /// was finished.
    pub fn lesson_progress(&self) -> Result<Vec<LessonProgress>, StoreError> {
        let tx = self.read()?;
        let mut by_lesson: std::collections::BTreeMap<String, LessonProgress> =
            std::collections::BTreeMap::new();
        {
            let mut stmt =
                tx.prepare_cached("SELECT lesson, step FROM lesson_steps ORDER BY lesson, step")?;
            let rows = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))?;
            for row in rows {
                let (lesson, step) = row?;
                let step = u32::try_from(step).map_err(|_| {
                    StoreError::InvalidData(format!("lesson {lesson} has step {step}"))
                })?;
                let entry = by_lesson
                    .entry(lesson.clone())
                    .or_insert_with(|| LessonProgress {
                        lesson,
                        ..LessonProgress::default()
                    });
                entry.steps.push(step);
            }
        }
        let mut stmt = tx.prepare_cached("SELECT lesson FROM lessons_finished")?;
        let rows = stmt.query_map([], |r| r.get::<_, String>(0))?;
        for row in rows {
            let lesson = row?;
            by_lesson
                .entry(lesson.clone())
                .or_insert_with(|| LessonProgress {
                    lesson,
                    ..LessonProgress::default()
                })
                .finished = true;
        }
        Ok(by_lesson.into_values().collect())
    }

    /// Forgets every lesson step and finished lesson (to take the lessons again).
    pub fn reset_lessons(&mut self) -> Result<(), StoreError> {
        self.write(|tx| {
            tx.prepare_cached("DELETE FROM lesson_steps")?.execute([])?;
            tx.prepare_cached("DELETE FROM lessons_finished")?
                .execute([])?;
            Ok(())
        })
    }
}

/// A lesson id as the store keeps it: not empty, at most 100 characters, no control
/// characters (the store does not know the lessons; the core's ids are `game/topic`).
fn lesson_id(id: &str) -> Result<&str, StoreError> {
    let id = id.trim();
    if id.is_empty() || id.chars().count() > 100 || id.chars().any(char::is_control) {
        return Err(StoreError::InvalidData(format!("lesson id '{id}'")));
    }
    Ok(id)
}
