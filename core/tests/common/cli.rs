//! The `tafl` program, driven through pipes as a script would.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `tafl` with `args` and `stdin` as its whole input, and waits for it to end.
pub fn tafl(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tafl"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tafl starts");
    // A command that stops at its arguments (help, a usage error) may exit before reading its
    // input: the pipe breaks, and that is all that may go wrong here.
    if let Err(e) = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
    {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    child.wait_with_output().expect("tafl ends")
}

/// What it printed on its standard output.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}
