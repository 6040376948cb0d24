//! The app running for real: events handled at once on the caller's thread, the work they ask
//! for run on threads of its own, and every new frame handed to a listener, from whichever
//! thread made it.

use std::collections::VecDeque;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;

use super::config::AppConfig;
use super::controller::Controller;
use super::frame::{Event, Frame, FramePatch, Update};
use super::work::{self, Done, Work};
use crate::engine::lock::lock;

/// The stack of the app's work threads, which run the searches (see the engine's own).
pub const SEARCH_STACK_BYTES: usize = crate::ai::SEARCH_STACK_BYTES;

/// Told about every frame (from any thread); a shell keeps the one with the highest revision
/// and plays the effects of each once. A change that left most of the screen as it was (a
/// drag or pinch step, an analysis point, a save written) comes as a patch of the frame before
/// it instead (the next revision), which the shell applies to the frame it holds.
pub trait Listener: Send + Sync {
    fn frame(&self, frame: Frame);
    fn patch(&self, patch: FramePatch);
}

pub struct Runtime {
    controller: Mutex<Controller>,
    listener: Box<dyn Listener>,
    /// Frames and patches made and not yet handed to the listener, in the order of their
    /// revisions.
    outbox: Mutex<VecDeque<Update>>,
    /// Held by the one thread that hands frames out, so that they go out in order.
    delivering: Mutex<()>,
    /// The threads running work, for [`Runtime::close`] to wait for.
    workers: Mutex<Vec<JoinHandle<()>>>,
}

impl Runtime {
    pub fn start(config: AppConfig, listener: Box<dyn Listener>) -> Arc<Runtime> {
        let runtime = Arc::new(Runtime {
            controller: Mutex::new(Controller::new(config)),
            listener,
            outbox: Mutex::new(VecDeque::new()),
            delivering: Mutex::new(()),
            workers: Mutex::new(Vec::new()),
        });
        runtime.publish(|_| {});
        runtime
    }

    fn lock(&self) -> MutexGuard<'_, Controller> {
        lock(&self.controller)
    }

    pub fn send(self: &Arc<Self>, event: Event) {
        self.publish(|c| c.handle(event));
    }

    /// The screen now, without effects (they went with the frames that made them).
    pub fn frame(&self) -> Frame {
        let mut c = self.lock();
        let mut frame = c.frame();
        frame.effects.clear();
        frame
    }

    pub fn saved_state(&self) -> String {
        self.lock().saved_state()
    }

    /// Stops the work behind as leaving the screen does (the searches and the analysis stop,
    /// what is queued for the store is written) and returns once every work thread has ended,
    /// the ones that work started included. The work threads hold the runtime while they run:
    /// after this, the caller's handle is the last, and dropping it drops the store, whose
    /// writer finishes its queue and closes the database before the drop returns. Without
    /// this wait the file stayed open for as long as a thread took to finish (a flush behind
    /// another handle's lock, a search), after the app had been closed.
    pub fn close(self: &Arc<Self>) {
        self.send(Event::Background);
        loop {
            let running = std::mem::take(&mut *lock(&self.workers));
            if running.is_empty() {
                return;
            }
            for thread in running {
                let _ = thread.join();
            }
        }
    }

    /// Changes the state, tells the listener, then starts the work the change asked for (so
    /// that the work's own frames come after this one).
    fn publish(self: &Arc<Self>, change: impl FnOnce(&mut Controller)) {
        let jobs = {
            let mut c = self.lock();
            change(&mut c);
            let jobs = c.take_work();
            c.started(jobs.len());
            // Queued under the controller's lock: the queue's order is the revisions' order.
            // Nothing to send when nothing changed (a tick within the time shown).
            if let Some(update) = c.update() {
                lock(&self.outbox).push_back(update);
            }
            jobs
        };
        self.deliver();
        for job in jobs {
            self.spawn(job);
        }
    }

    /// Hands the queued frames to the listener, in order, one thread at a time. A thread that
    /// waited for its turn finds its frame handed out already, or hands it out itself: either
    /// way it is out when this returns (so a `send` returns after its frame reached the
    /// listener). The listener must not call back into the app from `frame`.
    fn deliver(&self) {
        let _turn = lock(&self.delivering);
        while let Some(update) = self.next_update() {
            // A listener that fails (an exception thrown in a shell's callback unwinds to here)
            // loses that frame, not the app: the work the change asked for still starts, and
            // the next frames still go out.
            let _ = catch_unwind(AssertUnwindSafe(|| match update {
                Update::Frame(frame) => self.listener.frame(*frame),
                Update::Patch(patch) => self.listener.patch(*patch),
            }));
        }
    }

    /// The oldest update not handed out (the queue's lock is not held while the listener runs).
    fn next_update(&self) -> Option<Update> {
        lock(&self.outbox).pop_front()
    }

    fn spawn(self: &Arc<Self>, job: Work) {
        let slot = Arc::new(Mutex::new(Some(job)));
        let me = Arc::clone(self);
        let theirs = Arc::clone(&slot);
        let started = std::thread::Builder::new()
            .name("hnefi-work".into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || me.run(&theirs));
        match started {
            Ok(thread) => {
                let mut workers = lock(&self.workers);
                // Ended threads need no waiting for: the list holds the running ones.
                workers.retain(|t| !t.is_finished());
                workers.push(thread);
            }
            // No thread to be had: the work runs here rather than never.
            Err(_) => self.run(&slot),
        }
    }

    fn run(self: &Arc<Self>, slot: &Mutex<Option<Work>>) {
        let job = lock(slot).take();
        if let Some(job) = job {
            work::perform(job, &mut |done: Done| self.publish(|c| c.finish(done)));
        }
    }
}
