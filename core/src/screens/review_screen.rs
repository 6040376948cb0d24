//! The review screen: a game stepped through position by position, and the engine's judgement
//! of it filling the chart while the analysis runs.

use std::sync::Arc;

use crate::ai::Control;
use crate::ai::verdicts::Tally;
use crate::engine::position::Side;
use crate::texts::{Catalog, JudgedMove, Label};

use super::board_plan::{self, BoardInput};
use super::chart_plan;
use super::context::{Display, Outbox};
use super::frame::*;
use super::play_screen::move_list;
use super::reviewed_game::{AnalysisView, GameReview, VerdictView};
use super::work::Work;

/// Where the review was opened from, where Back goes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Origin {
    History,
    Import,
    /// The move list of the game just played.
    Game,
}

enum Analysis {
    NotStarted,
    Running {
        id: u64,
        control: Control,
        done: u32,
    },
    /// Stopped part way: the points found so far stay on the chart.
    Stopped,
    /// Stopped because the app left the screen (or never started there): it runs again when the
    /// app comes back, the points found so far kept.
    Paused,
    Complete,
}

pub(crate) struct ReviewScreen {
    pub review: Arc<GameReview>,
    pub origin: Origin,
    ply: u32,
    plies: u32,
    chances: Vec<Option<f64>>,
    /// Every move's verdict, once the analysis is complete.
    verdicts: Vec<VerdictView>,
    analysis: Analysis,
}

impl ReviewScreen {
    /// Opens at `ply` (the last position by default), with the stored analysis, or with one
    /// started now.
    pub fn open(
        review: Arc<GameReview>,
        origin: Origin,
        ply: Option<u32>,
        out: &mut Outbox,
    ) -> ReviewScreen {
        let plies = review.info().plies;
        let mut screen = ReviewScreen {
            ply: ply.unwrap_or(plies).min(plies),
            plies,
            chances: vec![None; plies as usize + 1],
            verdicts: Vec::new(),
            analysis: Analysis::NotStarted,
            review,
            origin,
        };
        match screen.review.analysis() {
            Some(known) => screen.take(known),
            None if !out.away() => screen.start(out),
            None => screen.analysis = Analysis::Paused,
        }
        screen
    }

    pub fn go_to(&mut self, ply: u32) {
        self.ply = ply.min(self.plies);
    }

    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// "Analyse" starts an analysis from the start; pressed while one runs, it stops it.
    pub fn analyse(&mut self, out: &mut Outbox) {
        if matches!(self.analysis, Analysis::Running { .. }) {
            self.stop();
            return;
        }
        self.chances = vec![None; self.plies as usize + 1];
        self.verdicts.clear();
        self.start(out);
    }

    fn start(&mut self, out: &mut Outbox) {
        let id = out.next_id();
        let control = Control::new();
        out.work(Work::Analyse {
            id,
            review: Arc::clone(&self.review),
            control: control.clone(),
        });
        self.analysis = Analysis::Running {
            id,
            control,
            done: 0,
        };
    }

    /// The app leaves the screen: a running analysis stops, to go on when it comes back.
    pub fn pause(&mut self) {
        if let Analysis::Running { control, .. } = &self.analysis {
            control.cancel();
            self.analysis = Analysis::Paused;
        }
    }

    /// The app is back: an analysis the departure stopped runs again.
    pub fn resume(&mut self, out: &mut Outbox) {
        if matches!(self.analysis, Analysis::Paused) {
            self.start(out);
        }
    }

    /// Stops a running analysis; its points stay.
    pub fn stop(&mut self) {
        if let Analysis::Running { control, .. } = &self.analysis {
            control.cancel();
            self.analysis = Analysis::Stopped;
        }
    }

    pub fn point(&mut self, id: u64, ply: u32, chance: f64) {
        if let Analysis::Running {
            id: running, done, ..
        } = &mut self.analysis
        {
            if *running == id {
                if let Some(slot) = self.chances.get_mut(ply as usize) {
                    *slot = Some(chance);
                }
                *done += 1;
            }
        }
    }

    pub fn analysed(&mut self, id: u64, view: AnalysisView) {
        if let Analysis::Running { id: running, .. } = self.analysis {
            if running == id {
                if view.complete {
                    self.take(view);
                } else {
                    self.analysis = Analysis::Stopped;
                }
            }
        }
    }

    fn take(&mut self, view: AnalysisView) {
        self.chances = view.chances.into_iter().map(Some).collect();
        self.chances.resize(self.plies as usize + 1, None);
        self.verdicts = view.verdicts;
        self.analysis = Analysis::Complete;
    }

    /// The chart and the analysis line alone, for an analysis point (see [`Patch::Chart`]).
    pub fn chart_patch(&self, display: &Display) -> Patch {
        Patch::Chart {
            chart: self.chart(display),
            analysis: self.analysis_line(display.texts()),
        }
    }

    /// The engine's judgement along the game, with its value at the position on screen (and
    /// the verdict of its move, when the chart marks one).
    fn chart(&self, display: &Display) -> ChartView {
        let texts = display.texts();
        let marks: Vec<(u32, _)> = self
            .verdicts
            .iter()
            .filter(|v| v.verdict.is_error())
            .map(|v| (v.ply, v.verdict))
            .collect();
        let value = self.chances.get(self.ply as usize).copied().flatten();
        ChartView {
            plan: chart_plan::plan(&self.chances, &marks, self.ply, &display.look.chrome),
            title: texts.label(Label::ReviewChart).into(),
            value: value.map(|v| {
                let point = texts.chart_point(self.ply, v);
                match self.verdict_at(self.ply) {
                    Some(j) if j.verdict.is_error() => texts.chart_mark(&point, j.verdict),
                    _ => point,
                }
            }),
        }
    }

    /// The verdict of the move that led to position `ply`, once judged.
    fn verdict_at(&self, ply: u32) -> Option<&VerdictView> {
        let v = self.verdicts.get(ply.checked_sub(1)? as usize)?;
        (v.ply == ply).then_some(v)
    }

    /// A verdict in a sentence (none for a good move).
    fn verdict_words(&self, texts: &Catalog, v: &VerdictView) -> Option<String> {
        texts.verdict_explained(
            &self.review.game().variant().geometry,
            &JudgedMove {
                ply: v.ply as usize,
                notation: &v.notation,
                mover: v.mover,
                verdict: v.verdict,
                better: v.better.as_deref(),
                why: &v.why,
            },
        )
    }

    /// Each side's verdicts counted (the kinds it has), attackers first, once every move is
    /// judged.
    fn summary(&self, texts: &Catalog) -> Vec<String> {
        if !matches!(self.analysis, Analysis::Complete) || self.verdicts.is_empty() {
            return Vec::new();
        }
        let pairs = || self.verdicts.iter().map(|v| (v.mover, v.verdict));
        [Side::Attackers, Side::Defenders]
            .map(|side| texts.verdict_summary_shown(side, &Tally::count(pairs(), side)))
            .to_vec()
    }

    /// The analysis's state in words and its button.
    fn analysis_line(&self, texts: &Catalog) -> AnalysisLine {
        match &self.analysis {
            Analysis::Running { done, .. } => {
                let progress = f64::from(*done) / f64::from(self.plies + 1);
                AnalysisLine {
                    text: Some(texts.analysing(progress)),
                    progress: Some(progress as f32),
                    button: button(
                        "cancelAnalysis",
                        texts.label(Label::ReviewCancelAnalysis),
                        true,
                        Event::CancelAnalysis,
                    ),
                }
            }
            Analysis::NotStarted | Analysis::Stopped | Analysis::Paused | Analysis::Complete => {
                AnalysisLine {
                    text: None,
                    progress: None,
                    button: button(
                        "analyse",
                        texts.label(Label::ReviewAnalyse),
                        true,
                        Event::Analyse,
                    ),
                }
            }
        }
    }

    pub fn view(&self, display: &Display) -> ReviewView {
        let texts = display.texts();
        let look = &display.look;
        let frame = self.review.frame(self.ply, display.language);
        let (plan, squares) = board_plan::plan(&BoardInput {
            size: frame.size,
            squares: &frame.squares,
            look,
            show_threats: false,
            coordinates: display.coordinates,
            drag: None,
        });
        let plan_extent = plan.extent;
        let total = self.plies;
        let step = |id: &str, label: Label, to: u32, enabled: bool| {
            button(
                id,
                texts.label(label),
                enabled,
                Event::ReviewGoTo { ply: to },
            )
        };
        // The errors, each opening its position.
        let errors: Vec<ButtonView> = self
            .verdicts
            .iter()
            .filter(|v| v.verdict.is_error())
            .filter_map(|v| {
                let words = self.verdict_words(texts, v)?;
                Some(button(
                    &format!("error-{}", v.ply),
                    &words,
                    true,
                    Event::ReviewGoTo { ply: v.ply },
                ))
            })
            .collect();
        let errors_title = if errors.is_empty() && matches!(self.analysis, Analysis::Complete) {
            texts.label(Label::ReviewNoMistakes)
        } else {
            texts.label(Label::ReviewMistakes)
        };
        ReviewView {
            title: texts.label(Label::ReviewTitle).into(),
            back: button("back", texts.label(Label::ActionBack), true, Event::Back),
            share: button("share", texts.label(Label::ActionShare), true, Event::Share),
            board: BoardView {
                plan,
                squares,
                label: texts.board_label(frame.size),
                motion: None,
                interactive: false,
                window: super::zoom::Window::whole(plan_extent),
            },
            position: frame.position_text,
            last_move: frame.last_move_text,
            captures: frame.captures,
            result: frame.result_text,
            verdict: self
                .verdict_at(self.ply)
                .and_then(|v| self.verdict_words(texts, v)),
            steps: vec![
                step("first", Label::ReviewFirst, 0, self.ply > 0),
                step(
                    "previous",
                    Label::ReviewPrevious,
                    self.ply.saturating_sub(1),
                    self.ply > 0,
                ),
                step(
                    "next",
                    Label::ReviewNext,
                    (self.ply + 1).min(total),
                    self.ply < total,
                ),
                step("last", Label::ReviewLast, total, self.ply < total),
            ],
            chart: self.chart(display),
            analysis: self.analysis_line(texts),
            summary: self.summary(texts),
            errors_title: errors_title.into(),
            errors,
            moves: move_list(
                self.review.game(),
                self.ply as usize,
                Some(|ply| Event::ReviewGoTo { ply }),
                texts,
            ),
        }
    }
}
