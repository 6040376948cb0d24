//! Fixed reference players for `tafl match`: opponents that never change with the engine, so
//! that the levels can be placed on a scale that a new search or new weights cannot move.
//! They know the rules (they play through `Game`) and nothing of the evaluation or the search.

use std::fmt;

use tafl_core::ai::rng::Rng;
use tafl_core::{Game, Move};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reference {
    /// Any legal move, each as likely.
    Random,
    /// One ply, material only: a move that wins at once, else one that takes the most pieces,
    /// else any move (ties drawn at random). It never looks at the reply.
    Greedy,
}

impl Reference {
    pub const ALL: [Reference; 2] = [Reference::Random, Reference::Greedy];

    pub const fn name(self) -> &'static str {
        match self {
            Reference::Random => "random",
            Reference::Greedy => "greedy",
        }
    }

    pub fn parse(s: &str) -> Option<Reference> {
        Reference::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
    }

    /// The move to play, or none when there is no legal move.
    pub fn choose(self, game: &Game, rng: &mut Rng) -> Option<Move> {
        let moves: Vec<Move> = game.legal_moves().iter().copied().collect();
        if moves.is_empty() {
            return None;
        }
        let best = match self {
            Reference::Random => moves,
            Reference::Greedy => greediest(game, moves),
        };
        Some(best[rng.below(best.len())])
    }
}

impl fmt::Display for Reference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The moves of the highest value: a win above any capture, more pieces taken above fewer.
fn greediest(game: &Game, moves: Vec<Move>) -> Vec<Move> {
    let mover = game.side_to_move();
    let mut trial = game.clone();
    let value = |mv: Move, g: &mut Game| -> u32 {
        g.make(mv);
        let taken = g.last_move().map_or(0, |(_, captured)| captured.count());
        let won = g.status().winner() == Some(mover);
        g.unmake();
        if won { u32::MAX } else { taken }
    };
    let valued: Vec<(u32, Move)> = moves
        .iter()
        .map(|&mv| (value(mv, &mut trial), mv))
        .collect();
    let top = valued.iter().map(|&(v, _)| v).max().unwrap_or(0);
    valued
        .into_iter()
        .filter(|&(v, _)| v == top)
        .map(|(_, mv)| mv)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tafl_core::engine::notation;
    use tafl_core::{Position, RuleOptions, VariantKind};

    fn game(kind: VariantKind, moves: &str) -> Game {
        let mut g = Game::from_position(Position::start(kind), RuleOptions::default());
        for m in moves.split_whitespace() {
            let (mv, _) = notation::parse_move(&g.variant().geometry, m).expect("a move");
            g.play(mv).expect("legal");
        }
        g
    }

    fn takes(g: &Game, mv: Move) -> u32 {
        let mut g = g.clone();
        g.make(mv);
        g.last_move().map_or(0, |(_, c)| c.count())
    }

    #[test]
    fn random_plays_legal_moves() {
        let g = game(VariantKind::Copenhagen, "");
        let legal: Vec<Move> = g.legal_moves().iter().copied().collect();
        let mut rng = Rng::new(1);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..50 {
            let mv = Reference::Random.choose(&g, &mut rng).expect("a move");
            assert!(legal.contains(&mv));
            seen.insert(mv);
        }
        assert!(
            seen.len() > 20,
            "50 random moves of 116 are mostly different: {}",
            seen.len()
        );
    }

    #[test]
    fn greedy_takes_when_it_can_and_wins_when_it_can() {
        // Copenhagen: d3 and f3 take e3.
        let g = game(VariantKind::Copenhagen, "d1-d3 e5-e3");
        for seed in 0..10 {
            let mv = Reference::Greedy
                .choose(&g, &mut Rng::new(seed))
                .expect("a move");
            assert!(takes(&g, mv) >= 1, "seed {seed}: {mv:?} takes nothing");
        }
        // Brandubh: the king escapes to a7.
        let g = game(VariantKind::Brandubh, "b4-b1 c4-c7 a4-a3 d4-a4 d7-e7");
        for seed in 0..10 {
            let mv = Reference::Greedy
                .choose(&g, &mut Rng::new(seed))
                .expect("a move");
            let mut after = g.clone();
            after.make(mv);
            assert_eq!(
                after.status().winner(),
                Some(g.side_to_move()),
                "seed {seed}: {mv:?}"
            );
        }
    }

    #[test]
    fn the_names_read_back() {
        for r in Reference::ALL {
            assert_eq!(Reference::parse(r.name()), Some(r));
        }
        assert_eq!(Reference::parse("hard"), None);
    }
}
