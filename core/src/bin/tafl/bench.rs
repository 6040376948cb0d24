//! `tafl bench`: the fixed-node benchmark ([`tafl_core::ai::bench`]) and the time a search
//! takes to reach a depth on one thread and on two.

use std::io::{self, Write};

use tafl_core::ai::bench::{self, BenchLine, DEFAULT_NODES, POSITIONS};
use tafl_core::engine::notation::format_move;

use crate::ai_cmds::{number, score_text};
use crate::args::{Args, Stop, Usage, exit, help};

pub const USAGE: &str = "tafl bench [--nodes N] [--depth D] [--at NAME] \
                         (--depth 0 skips the time to depth)";

/// The depth the time-to-depth part searches to by default.
const DEFAULT_DEPTH: u32 = 6;
/// The position it searches by default.
const DEFAULT_AT: &str = "copenhagen-game40-ply20";

/// `tafl bench`, as its arguments ask.
pub struct Bench {
    nodes: u64,
    depth: u32,
    at: usize,
}

impl Bench {
    /// Reads and checks the arguments; does no work.
    pub fn from_args(args: &[String]) -> Result<Bench, Stop> {
        let args = Args::parse(args, &help(USAGE), &[], &["nodes", "depth", "at"])?;
        if !args.positional.is_empty() {
            return Err(Usage(format!("usage: {USAGE}")).into());
        }
        let nodes = number::<u64>(&args, "nodes")?
            .unwrap_or(DEFAULT_NODES)
            .max(1);
        let depth = number::<u32>(&args, "depth")?
            .unwrap_or(DEFAULT_DEPTH)
            .min(64);
        let name = args.get("at").unwrap_or(DEFAULT_AT);
        let at = POSITIONS
            .iter()
            .position(|p| p.name == name)
            .ok_or_else(|| {
                let names: Vec<&str> = POSITIONS.iter().map(|p| p.name).collect();
                Usage(format!("unknown position '{name}' ({})", names.join(", ")))
            })?;
        Ok(Bench { nodes, depth, at })
    }
}

fn line_text(l: &BenchLine) -> String {
    let g = l.position.kind.rules();
    let best = l.best.map_or_else(
        || "-".to_string(),
        |m| format_move(&g.geometry, m, Default::default()),
    );
    format!(
        "{:<24} best {:<8} score {:>8} depth {:>2} nodes {:>9} time {:>6} ms nps {:>9.0}",
        l.position.name,
        best,
        score_text(l.score),
        l.depth,
        l.nodes,
        l.elapsed.as_millis(),
        bench::nodes_per_second(l.nodes, l.elapsed)
    )
}

pub fn command(args: &[String]) -> Result<u8, Stop> {
    let Bench { nodes, depth, at } = Bench::from_args(args)?;
    let out = io::stdout();
    let mut out = out.lock();
    let _ = writeln!(
        out,
        "bench: {} positions, {nodes} nodes each, 1 thread",
        POSITIONS.len()
    );
    let report = bench::run(nodes, &mut |l| {
        let _ = writeln!(out, "{}", line_text(l));
        let _ = out.flush();
    })
    .map_err(|e| Stop::Io(e.to_string()))?;
    let (total, time) = (report.total_nodes(), report.total_time());
    let _ = writeln!(
        out,
        "total nodes {total} time {} ms nps {:.0}",
        time.as_millis(),
        bench::nodes_per_second(total, time)
    );
    let _ = writeln!(out, "signature {:016x}", report.signature());
    if depth > 0 {
        let position = POSITIONS[at];
        let game = position.game().map_err(|e| Stop::Io(e.to_string()))?;
        for threads in [1, 2] {
            let t = bench::time_to_depth(&game, depth, threads);
            let _ = writeln!(
                out,
                "time to depth {} at {}: threads {} depth {} nodes {} time {} ms nps {:.0}",
                depth,
                position.name,
                t.threads,
                t.depth,
                t.nodes,
                t.elapsed.as_millis(),
                bench::nodes_per_second(t.nodes, t.elapsed)
            );
            let _ = out.flush();
        }
    }
    Ok(exit::OK)
}
