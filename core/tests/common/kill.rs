//! What the kill tests share (`store_kill.rs`, `puzzle_records_kill.rs`): the test binary runs
//! itself again as a child (only its `child_process_entry` test, which does nothing unless the
//! test's database variable is set), the child writes step after step and says so on its
//! output, and the parent kills it with SIGKILL after a delay and reads how far it got. What a
//! step writes and what the database must then hold is each test's own.

use std::io::{Read, StdoutLock, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use tafl_core::ai::rng::Rng;
use tafl_core::store::Store;

/// The name of the test that each kill test's binary runs as its child.
const CHILD: &str = "child_process_entry";

/// A kill test's two environment variables (the database the child writes and its seed) and
/// when it kills the child.
pub struct KillTest {
    pub db_var: &'static str,
    pub seed_var: &'static str,
    /// The first iterations kill the child while it starts, opens or migrates the database:
    /// after 0, 4, 8... ms.
    pub early: u64,
    /// Later kills come 20 ms after the start and up to this many ms more, at random.
    pub spread: usize,
}

/// How far a killed child got: the last write it began and the last it finished.
#[derive(Clone, Copy, Debug)]
pub struct Reached {
    pub begun: usize,
    pub done: usize,
}

impl KillTest {
    /// In the child, its store (opened without a warning) and its seed; `None` in an
    /// ordinary run of the tests.
    pub fn child(&self) -> Option<(Store, u64)> {
        let (Ok(db), Ok(seed)) = (std::env::var(self.db_var), std::env::var(self.seed_var)) else {
            return None;
        };
        let seed: u64 = seed.parse().expect("a numeric seed");
        let (store, warning) = Store::open(&db).expect("the child opens the store");
        assert_eq!(warning, None);
        Some((store, seed))
    }

    /// How long iteration `iteration` lets the child run before killing it.
    pub fn delay(&self, iteration: u64, rng: &mut Rng) -> Duration {
        Duration::from_millis(if iteration < self.early {
            iteration * 4
        } else {
            20 + rng.below(self.spread) as u64
        })
    }

    /// Runs the child on `db` with `seed`, kills it after `delay` and reads its log.
    pub fn run_and_kill(&self, db: &Path, seed: u64, delay: Duration) -> Reached {
        let exe = std::env::current_exe().unwrap();
        let mut child = Command::new(exe)
            .args([CHILD, "--exact", "--nocapture", "--test-threads=1"])
            .env(self.db_var, db)
            .env(self.seed_var, seed.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Drain the pipe as the child writes, so it never blocks on a full pipe.
        let mut stdout = child.stdout.take().unwrap();
        let reader = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stdout.read_to_string(&mut text);
            text
        });
        std::thread::sleep(delay);
        child.kill().unwrap(); // SIGKILL
        assert!(
            !child.wait().unwrap().success(),
            "the child ran to its end instead of being killed"
        );
        reached(&reader.join().unwrap())
    }
}

/// The last `begin N` and `done N` of a child's log.
fn reached(log: &str) -> Reached {
    let mut at = Reached { begun: 0, done: 0 };
    for line in log.lines() {
        if let Some(n) = line.strip_prefix("begin ") {
            at.begun = n.trim().parse().unwrap();
        } else if let Some(n) = line.strip_prefix("done ") {
            at.done = n.trim().parse().unwrap();
        }
    }
    at
}

/// The database after a kill, which must open without a warning and pass its integrity check.
pub fn reopened_intact(db: &Path) -> Store {
    let (store, warning) = Store::open(db).unwrap();
    assert_eq!(warning, None, "the file is never damaged by a kill");
    store.check_integrity().unwrap();
    store
}

/// The child's log: `begin N` before write N and `done N` after it, each flushed at once so
/// that a kill leaves the log as far as the writes went.
pub struct WriteLog(StdoutLock<'static>);

impl WriteLog {
    pub fn stdout() -> WriteLog {
        WriteLog(std::io::stdout().lock())
    }

    pub fn begin(&mut self, n: usize) {
        self.line("begin", n);
    }

    pub fn done(&mut self, n: usize) {
        self.line("done", n);
    }

    fn line(&mut self, what: &str, n: usize) {
        let _ = writeln!(self.0, "{what} {n}");
        let _ = self.0.flush();
    }
}
