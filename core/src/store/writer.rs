//! Writing behind: a thread of its own that owns the connection to the database and performs
//! every write the apps ask for, in order, so that no write (and no wait for another handle's
//! lock) ever happens on the caller's thread, a phone's UI thread in particular. Reads go
//! through the same thread ([`Writer::call`]), so they see every write queued before them.
//!
//! Durability: a job is committed as soon as the thread gets to it (a millisecond or two), so
//! a process killed at any moment loses at most the write in flight. When several saves of the
//! same game queue up behind a slow write (another handle holding the lock), only the newest
//! is written: it contains the others.

use std::any::Any;
use std::collections::VecDeque;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;

use crate::engine::lock::{lock, wait};
use crate::engine::session::Session;
use crate::engine::variant::VariantKind;
use crate::learning::puzzles::runs::RunKind;

use super::{GameToken, Settings, Store, StoreError};

/// The outcome of a game's latest write, for its snapshot to show: `None` when it succeeded.
#[derive(Clone, Debug, Default)]
pub struct SaveReport(Arc<Mutex<Option<StoreError>>>);

impl SaveReport {
    pub fn new() -> SaveReport {
        SaveReport::default()
    }

    /// The error of the latest write, if it failed.
    pub fn error(&self) -> Option<StoreError> {
        lock(&self.0).clone()
    }

    fn set(&self, result: Result<(), StoreError>) {
        *lock(&self.0) = result.err();
    }
}

enum Job {
    Begin {
        token: GameToken,
        session: Box<Session>,
        report: SaveReport,
    },
    Persist {
        token: GameToken,
        session: Box<Session>,
        report: SaveReport,
    },
    Conclude {
        token: GameToken,
        session: Box<Session>,
        report: SaveReport,
    },
    Settings(Settings),
    Analysis {
        game_id: i64,
        version: i64,
        data: String,
    },
    /// A lesson step solved, and whether that finished the lesson.
    Lesson {
        lesson: String,
        step: u32,
        finished: bool,
    },
    /// A puzzle played to a result (see [`Store::record_puzzle`]).
    Puzzle {
        key: String,
        grade: u32,
        solved: bool,
    },
    /// A streak's or storm's score (see [`Store::record_run`]).
    Run {
        run: RunKind,
        game: VariantKind,
        score: u32,
    },
    /// Anything else, run on the thread in its turn.
    Call(Box<dyn FnOnce(&mut Store) + Send>),
}

/// The result of a [`Writer::call`], whatever its type.
type Answer = Box<dyn Any + Send>;

/// Counts the jobs handed to the thread and those it has finished, so that callers can wait
/// for everything queued so far.
#[derive(Default)]
struct Progress {
    queued: Mutex<u64>,
    done: Mutex<u64>,
    finished: Condvar,
}

/// The handle to the writing thread. Dropping it waits for the thread to finish the queued
/// jobs and close the database, so that nothing is lost and the file is left alone after.
pub struct Writer {
    /// `None` once the handle is being dropped.
    jobs: Mutex<Option<Sender<Job>>>,
    progress: Arc<Progress>,
    thread: Option<JoinHandle<()>>,
}

impl Writer {
    /// Starts the thread, which takes over the store's connection.
    pub fn start(store: Store) -> Result<Writer, StoreError> {
        let (jobs, inbox) = mpsc::channel();
        let progress = Arc::new(Progress::default());
        let thread_progress = Arc::clone(&progress);
        let thread = std::thread::Builder::new()
            .name("tafl-store".into())
            .spawn(move || run(store, inbox, &thread_progress))
            .map_err(|e| StoreError::Io(format!("cannot start the storage thread: {e}")))?;
        Ok(Writer {
            jobs: Mutex::new(Some(jobs)),
            progress,
            thread: Some(thread),
        })
    }

    /// Makes `session` the unfinished game (ending the previous one), owned by `token`.
    pub fn begin(&self, token: GameToken, session: &Session, report: &SaveReport) {
        self.send(Job::Begin {
            token,
            session: Box::new(session.clone()),
            report: report.clone(),
        });
    }

    /// Saves the game's new state ([`Store::persist`]).
    pub fn persist(&self, token: GameToken, session: &Session, report: &SaveReport) {
        self.send(Job::Persist {
            token,
            session: Box::new(session.clone()),
            report: report.clone(),
        });
    }

    /// Records the finished game ([`Store::conclude`]).
    pub fn conclude(&self, token: GameToken, session: &Session, report: &SaveReport) {
        self.send(Job::Conclude {
            token,
            session: Box::new(session.clone()),
            report: report.clone(),
        });
    }

    pub fn save_settings(&self, settings: Settings) {
        self.send(Job::Settings(settings));
    }

    pub fn save_analysis(&self, game_id: i64, version: i64, data: String) {
        self.send(Job::Analysis {
            game_id,
            version,
            data,
        });
    }

    /// Keeps that the player solved `step` of a lesson ([`Store::solve_lesson_step`]) and,
    /// when `finished`, that the lesson is done ([`Store::finish_lesson`]).
    pub fn save_lesson_step(&self, lesson: &str, step: u32, finished: bool) {
        self.send(Job::Lesson {
            lesson: lesson.to_string(),
            step,
            finished,
        });
    }

    /// Keeps a puzzle's result and the rating it leads to.
    pub fn record_puzzle(&self, key: &str, grade: u32, solved: bool) {
        self.send(Job::Puzzle {
            key: key.to_string(),
            grade,
            solved,
        });
    }

    /// A puzzle streak's or storm's score, kept when it is the game's best.
    pub fn record_run(&self, run: RunKind, game: VariantKind, score: u32) {
        self.send(Job::Run { run, game, score });
    }

    /// Runs `f` on the store's thread after everything queued before, and returns its result
    /// (blocking until then: call it off a UI thread).
    pub fn call<T, F>(&self, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Store) -> Result<T, StoreError> + Send + 'static,
    {
        match self.call_erased(Box::new(move |store| Box::new(f(store)))) {
            Some(answer) => *answer
                .downcast::<Result<T, StoreError>>()
                .expect("the answer has the type of its call"),
            None => Err(StoreError::Io("the storage thread has stopped".into())),
        }
    }

    /// [`Writer::call`] with the result's type erased, so that one channel type (and one
    /// copy of its code in the library) serves every call, whatever it returns.
    fn call_erased(&self, f: Box<dyn FnOnce(&mut Store) -> Answer + Send>) -> Option<Answer> {
        let (reply, answer) = mpsc::channel::<Answer>();
        self.send(Job::Call(Box::new(move |store| {
            let _ = reply.send(f(store));
        })));
        answer.recv().ok()
    }

    /// Waits until every job queued before this call is written.
    pub fn flush(&self) {
        let target = *lock(&self.progress.queued);
        let mut done = lock(&self.progress.done);
        while *done < target {
            done = wait(&self.progress.finished, done);
        }
    }

    fn send(&self, job: Job) {
        // The count goes up before the job leaves, under the sender's lock, so that a flush
        // never waits for a job that was not sent.
        let jobs = lock(&self.jobs);
        *lock(&self.progress.queued) += 1;
        let sent = jobs.as_ref().is_some_and(|j| j.send(job).is_ok());
        if !sent {
            // The thread is gone (it only ends when this handle drops): count the job as done
            // so that nobody waits for it.
            self.progress.mark_done(1);
        }
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        // Closing the channel ends the thread's loop once the queue is empty.
        lock(&self.jobs).take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Progress {
    fn mark_done(&self, n: u64) {
        *lock(&self.done) += n;
        self.finished.notify_all();
    }
}

fn run(mut store: Store, inbox: Receiver<Job>, progress: &Progress) {
    let mut queue: VecDeque<Job> = VecDeque::new();
    while let Ok(first) = inbox.recv() {
        queue.push_back(first);
        queue.extend(inbox.try_iter());
        while let Some(job) = queue.pop_front() {
            let superseded = matches!(&job, Job::Persist { token, .. }
                if matches!(queue.front(), Some(Job::Persist { token: next, .. }) if next == token));
            if !superseded {
                perform(&mut store, job);
            }
            progress.mark_done(1);
        }
    }
}

fn perform(store: &mut Store, job: Job) {
    match job {
        Job::Begin {
            token,
            session,
            report,
        } => report.set(store.begin(token, &session)),
        Job::Persist {
            token,
            session,
            report,
        } => report.set(store.persist(token, &session)),
        Job::Conclude {
            token,
            session,
            report,
        } => report.set(store.conclude(token, &session).map(|_| ())),
        // Settings and analyses have no game to report to; a failure leaves the previous
        // value in place, which is what the app shows next time.
        Job::Settings(settings) => {
            let _ = store.save_settings(&settings);
        }
        Job::Analysis {
            game_id,
            version,
            data,
        } => {
            let _ = store.save_analysis(game_id, version, &data);
        }
        // Like the settings: a failure leaves the lesson as it was, to be solved again.
        Job::Lesson {
            lesson,
            step,
            finished,
        } => {
            if store.solve_lesson_step(&lesson, step).is_ok() && finished {
                let _ = store.finish_lesson(&lesson);
            }
        }
        // A failure loses this one result; the rating on screen goes on from the one shown.
        Job::Puzzle { key, grade, solved } => {
            let _ = store.record_puzzle(&key, grade, solved);
        }
        Job::Run { run, game, score } => {
            let _ = store.record_run(run, game, score);
        }
        Job::Call(f) => f(store),
    }
}
