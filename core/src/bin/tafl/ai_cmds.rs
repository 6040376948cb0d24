//! `tafl bestmove` and `tafl match`: the computer opponent from the command line.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use tafl_core::ai::rng::Rng;
use tafl_core::ai::{
    Control, Engine, Iteration, MATE_BOUND, MAX_THREADS, SearchSettings, WeightSet,
};
use tafl_core::engine::game::Status;
use tafl_core::engine::notation::GameRecord;
use tafl_core::engine::notation::format_move;
use tafl_core::{Game, Level, Outcome, Position, RuleOptions, Side, VariantKind};

use crate::args::{Args, Stop, Usage, exit, help};
use crate::reference::Reference;

pub const BESTMOVE_USAGE: &str = "tafl bestmove --level easy|normal|hard [--variant V] \
                                  [--moves \"...\"] [--position OTN --turn SIDE] [--ms N] [--nodes N] \
                                  [--depth N] [--threads N] [--seed S]";
pub const MATCH_USAGE: &str = "tafl match --a PLAYER --b PLAYER --games N [--variant V] [--seed S] \
                               [--jobs N] [--verbose] [--otn] [--vary] [--a-side SIDE] [--ms N] [--nodes N] [--threads N] \
                               [--weights FILE] (each also per side: --a-ms, --b-nodes, --a-weights...); \
                               a PLAYER is a level (easy, normal, hard) or a fixed reference player \
                               (random, greedy); --vary lets each level vary its moves as in the apps \
                               (a seed per game, drawn from --seed)";

/// A side of a match: a level of the engine, or a fixed reference player.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Player {
    Level(Level),
    Reference(Reference),
}

impl Player {
    /// The level whose search settings the side's options apply to (a reference player's
    /// are never used).
    fn level(self) -> Level {
        match self {
            Player::Level(l) => l,
            Player::Reference(_) => Level::Easy,
        }
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Level(l) => l.fmt(f),
            Player::Reference(r) => r.fmt(f),
        }
    }
}

fn player(args: &Args, name: &str) -> Result<Player, Usage> {
    let text = args.get(name).ok_or_else(|| {
        Usage(format!(
            "--{name} easy|normal|hard|random|greedy is required"
        ))
    })?;
    Level::parse(text)
        .map(Player::Level)
        .or_else(|| Reference::parse(text).map(Player::Reference))
        .ok_or_else(|| {
            Usage(format!(
                "unknown player '{text}' (easy, normal or hard; random or greedy)"
            ))
        })
}

/// The search options of `bestmove` and of each side of a `match`.
const SEARCH_OPTIONS: [&str; 4] = ["ms", "nodes", "depth", "threads"];

pub fn level(args: &Args, name: &str) -> Result<Level, Usage> {
    let text = args
        .get(name)
        .ok_or_else(|| Usage(format!("--{name} easy|normal|hard is required")))?;
    Level::parse(text)
        .ok_or_else(|| Usage(format!("unknown level '{text}' (easy, normal or hard)")))
}

/// The settings for a level, with `--ms`, `--nodes`, `--depth`, `--threads` and `--seed`
/// applied. For a side of a match, `prefix` ("a-" or "b-") names options that override the
/// shared ones for that side only.
pub fn settings(args: &Args, level: Level, prefix: &str) -> Result<SearchSettings, Usage> {
    let option = |name: &str| -> Result<Option<u64>, Usage> {
        match number::<u64>(args, &format!("{prefix}{name}"))? {
            Some(v) => Ok(Some(v)),
            None => number::<u64>(args, name),
        }
    };
    let mut s = SearchSettings::for_level(level);
    if let Some(nodes) = option("nodes")? {
        // A node budget is meant to decide alone: the clock only guards against a hang.
        s = s
            .with_nodes(nodes.max(1))
            .with_time(Duration::from_secs(3600));
    }
    if let Some(ms) = option("ms")? {
        s = s.with_time(Duration::from_millis(ms.max(1)));
    }
    if let Some(depth) = option("depth")? {
        s = s.with_depth(depth.clamp(1, 64) as u32);
    }
    if let Some(threads) = option("threads")? {
        s = s.with_threads(threads.min(MAX_THREADS as u64) as usize);
    }
    if let Some(seed) = number::<u64>(args, "seed")? {
        s = s.with_seed(seed);
    }
    Ok(s)
}

/// The option names `match` accepts: the shared search options and each side's.
fn match_options() -> Vec<String> {
    let mut names: Vec<String> = ["a", "b", "a-side", "games", "variant", "seed", "jobs"]
        .map(String::from)
        .to_vec();
    for name in SEARCH_OPTIONS.into_iter().chain(["weights"]) {
        names.extend([name.to_string(), format!("a-{name}"), format!("b-{name}")]);
    }
    names
}

/// The weights file of `--{prefix}weights` (or of `--weights`), read and checked.
fn weights_option(args: &Args, prefix: &str) -> Result<Option<Arc<WeightSet>>, Stop> {
    let Some(path) = args
        .get(&format!("{prefix}weights"))
        .or_else(|| args.get("weights"))
    else {
        return Ok(None);
    };
    let text =
        std::fs::read_to_string(path).map_err(|e| Stop::Io(format!("cannot read {path}: {e}")))?;
    let set = WeightSet::parse(&text).map_err(|e| Usage(format!("{path}: {e}")))?;
    Ok(Some(Arc::new(set)))
}

pub fn number<T: std::str::FromStr>(args: &Args, name: &str) -> Result<Option<T>, Usage> {
    args.get(name)
        .map(|v| {
            v.parse()
                .map_err(|_| Usage(format!("--{name} expects a number, not '{v}'")))
        })
        .transpose()
}

/// Renders a score for people: "+1.25" in soldiers, or "win in 3" / "loss in 2" (plies).
pub fn score_text(score: i32) -> String {
    if score >= MATE_BOUND {
        format!("win in {}", tafl_core::ai::MATE - score)
    } else if score <= -MATE_BOUND {
        format!("loss in {}", tafl_core::ai::MATE + score)
    } else {
        format!("{:+.2}", score as f64 / 100.0)
    }
}

/// `tafl bestmove`, as its arguments ask.
pub struct Bestmove {
    settings: SearchSettings,
    game: Game,
}

impl Bestmove {
    /// Reads and checks the arguments; does no work.
    pub fn from_args(args: &[String]) -> Result<Bestmove, Stop> {
        let args = Args::parse(
            args,
            &help(BESTMOVE_USAGE),
            &[],
            &[
                "level", "variant", "moves", "position", "turn", "ms", "nodes", "depth", "threads",
                "seed",
            ],
        )?;
        if !args.positional.is_empty() {
            return Err(Usage(format!("usage: {BESTMOVE_USAGE}")).into());
        }
        let settings = settings(&args, level(&args, "level")?, "")?;
        let game = args.game(args.start_position()?)?;
        if game.status().is_over() {
            return Err(Usage(format!("the game is already over ({})", game.status())).into());
        }
        Ok(Bestmove { settings, game })
    }
}

pub fn bestmove_command(args: &[String]) -> Result<u8, Stop> {
    let Bestmove { settings, game } = Bestmove::from_args(args)?;
    let g = &game.variant().geometry;
    let out = io::stdout();
    let mut out = out.lock();
    let mut engine = Engine::new(settings.table_bytes);
    let mut report = |it: &Iteration| {
        let _ = writeln!(
            out,
            "info depth {} score {} nodes {} time {} ms best {}",
            it.depth,
            score_text(it.score),
            it.nodes,
            it.elapsed.as_millis(),
            it.best
                .map(|m| format_move(g, m, Default::default()))
                .unwrap_or_default()
        );
    };
    let result = engine.think_with_progress(&game, &settings, &Control::new(), &mut report);
    let secs = result.elapsed.as_secs_f64().max(1e-9);
    let best = result.best.expect("an ongoing game has a legal move");
    println!(
        "info final depth {} score {} nodes {} time {} ms nps {:.0}",
        result.depth,
        score_text(result.score),
        result.nodes,
        result.elapsed.as_millis(),
        result.nodes as f64 / secs
    );
    println!("bestmove {}", format_move(g, best, Default::default()));
    Ok(exit::OK)
}

/// Tallies of a match, for one level.
#[derive(Default, Clone, Copy)]
struct Tally {
    wins: u32,
    losses: u32,
    draws: u32,
}

/// One finished game of a match.
struct Played {
    index: u32,
    a_side: Side,
    game: Game,
}

/// What every game of a match shares.
struct MatchPlan {
    kind: VariantKind,
    seed: u64,
    players: (Player, Player),
    settings: (SearchSettings, SearchSettings),
    /// The side `a` always plays, if fixed (`--a-side`); otherwise the sides alternate.
    a_side: Option<Side>,
    /// Each level chooses among its near-best moves as the apps' computer does (`--vary`),
    /// with a seed of the game's own: strength is measured as players meet it.
    vary: bool,
}

impl MatchPlan {
    /// Plays game `n` (0-based). Sides alternate and each pair of games shares one opening
    /// (with a fixed side, every game has its own), so the result depends only on the seed and
    /// `n`, never on which worker played it.
    fn play(&self, n: u32, engines: &mut (Engine, Engine)) -> Played {
        let (a_side, opening_seed) = match self.a_side {
            Some(side) => (side, n),
            None if n % 2 == 0 => (Side::Attackers, n),
            None => (Side::Defenders, n - 1),
        };
        let mut rng = Rng::new(self.seed.wrapping_add(opening_seed as u64));
        let mut game = opening(self.kind, &mut rng);
        let mut ply_seed = self.seed.wrapping_mul(31).wrapping_add(n as u64);
        let game_seed = mix(self.seed, n);
        while !game.status().is_over() {
            let (engine, s, player) = if game.side_to_move() == a_side {
                (&mut engines.0, &self.settings.0, self.players.0)
            } else {
                (&mut engines.1, &self.settings.1, self.players.1)
            };
            ply_seed = ply_seed.wrapping_add(1);
            let mv = match player {
                Player::Reference(r) => r.choose(&game, &mut Rng::new(ply_seed)),
                Player::Level(level) => {
                    let mut s = s.clone().with_seed(ply_seed);
                    if self.vary {
                        if let Some(variety) =
                            SearchSettings::for_game_move(level, game_seed, game.plies()).variety
                        {
                            s = s.with_variety(variety);
                        }
                    }
                    engine.think(&game, &s, &Control::new()).best
                }
            };
            game.make(mv.expect("an ongoing game has a legal move"));
        }
        Played {
            index: n,
            a_side,
            game,
        }
    }

    fn engines(&self) -> (Engine, Engine) {
        (
            Engine::new(self.settings.0.table_bytes),
            Engine::new(self.settings.1.table_bytes),
        )
    }
}

/// `tafl match`, as its arguments ask.
pub struct Match {
    plan: MatchPlan,
    levels: (Player, Player),
    games: u32,
    jobs: u32,
    verbose: bool,
    /// Print each game's record (OTN-style text with its rules string) after its line.
    otn: bool,
}

impl Match {
    /// Reads and checks the arguments; does no work.
    pub fn from_args(args: &[String]) -> Result<Match, Stop> {
        let names = match_options();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let args = Args::parse(
            args,
            &help(MATCH_USAGE),
            &["verbose", "otn", "vary"],
            &names,
        )?;
        if !args.positional.is_empty() {
            return Err(Usage(format!("usage: {MATCH_USAGE}")).into());
        }
        let (la, lb) = (player(&args, "a")?, player(&args, "b")?);
        let games: u32 = number(&args, "games")?.unwrap_or(2);
        // Each worker holds two transposition tables: no more workers than processors (or
        // games).
        let cpus = thread::available_parallelism().map_or(1, |n| n.get());
        let cpus = u32::try_from(cpus).unwrap_or(u32::MAX);
        let jobs: u32 = number(&args, "jobs")?
            .unwrap_or(1)
            .clamp(1, games.clamp(1, cpus));
        let with_weights = |s: SearchSettings, prefix: &str| -> Result<SearchSettings, Stop> {
            Ok(match weights_option(&args, prefix)? {
                Some(w) => s.with_weights(w),
                None => s,
            })
        };
        let plan = MatchPlan {
            kind: args.variant()?,
            seed: number(&args, "seed")?.unwrap_or(1),
            players: (la, lb),
            settings: (
                with_weights(settings(&args, la.level(), "a-")?, "a-")?,
                with_weights(settings(&args, lb.level(), "b-")?, "b-")?,
            ),
            a_side: args.side("a-side")?,
            vary: args.flag("vary"),
        };
        Ok(Match {
            plan,
            levels: (la, lb),
            games,
            jobs,
            verbose: args.flag("verbose"),
            otn: args.flag("otn"),
        })
    }
}

pub fn match_command(args: &[String]) -> Result<u8, Stop> {
    let Match {
        plan,
        levels: (la, lb),
        games,
        jobs,
        verbose,
        otn,
    } = Match::from_args(args)?;
    // [level a, level b] x [as attackers, as defenders]
    let mut tally = [[Tally::default(); 2]; 2];
    let next = AtomicU32::new(0);
    let (sender, results) = mpsc::channel::<Played>();
    thread::scope(|scope| {
        // Each worker owns its engines and takes the next unplayed game until none is left.
        for _ in 0..jobs {
            let (plan, next, sender) = (&plan, &next, sender.clone());
            scope.spawn(move || {
                let mut engines = plan.engines();
                loop {
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    if n >= games || sender.send(plan.play(n, &mut engines)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // Reported in the order games finish; each line names its game.
        for played in results {
            report(&played, (la, lb), &mut tally, verbose);
            if otn {
                print!("{}", GameRecord::from_game(&played.game).to_text());
            }
        }
    });
    for (i, lvl) in [(0, la), (1, lb)] {
        for side in [Side::Attackers, Side::Defenders] {
            let t = tally[i][side as usize];
            println!(
                "{} as {}: {} won, {} lost, {} drawn",
                lvl, side, t.wins, t.losses, t.draws
            );
        }
    }
    let sum = |i: usize| {
        let (a, d) = (tally[i][0], tally[i][1]);
        (a.wins + d.wins, a.draws + d.draws)
    };
    let ((wa, d), (wb, _)) = (sum(0), sum(1));
    println!(
        "summary {} {}: {} {wa} - {wb} {} ({d} drawn, {games} games)",
        plan.kind.name(),
        if la == lb { "mirror" } else { "match" },
        la,
        lb
    );
    Ok(exit::OK)
}

/// A game's own seed for `--vary`, from the match's seed and the game's number.
fn mix(seed: u64, n: u32) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .rotate_left(17)
        .wrapping_add(u64::from(n).wrapping_mul(0xD1B5_4A32_D192_ED03))
}

/// Prints one game's line and adds it to the tallies.
fn report(played: &Played, levels: (Player, Player), tally: &mut [[Tally; 2]; 2], verbose: bool) {
    let Played {
        index,
        a_side,
        game,
    } = played;
    let status = game.status();
    for (i, side) in [(0, *a_side), (1, a_side.other())] {
        let t = &mut tally[i][side as usize];
        match (status, status.winner()) {
            (Status::Over(Outcome::Draw { .. }), _) => t.draws += 1,
            (_, Some(w)) if w == side => t.wins += 1,
            _ => t.losses += 1,
        }
    }
    println!(
        "game {} {} ({}) vs {} ({}): {} after {} plies",
        index + 1,
        levels.0,
        a_side,
        levels.1,
        a_side.other(),
        status,
        game.plies()
    );
    if verbose {
        let record = tafl_core::engine::notation::GameRecord::from_game(game);
        println!("  moves: {}", record.moves.join(" "));
    }
    let _ = io::stdout().flush();
}

/// A varied opening: two random plies from the start position (one per side), so that games
/// between deterministic levels differ.
fn opening(kind: VariantKind, rng: &mut Rng) -> Game {
    let mut game = Game::from_position(Position::start(kind), RuleOptions::default());
    for _ in 0..2 {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.make(moves[rng.below(moves.len())]);
    }
    game
}
