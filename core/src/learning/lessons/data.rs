//! The lessons of each game, as data. Each step lists its pieces in a comment; the position
//! string is what counts. `core/tests/lessons.rs` plays every step through the engine.

use super::{Lesson, Step, Topic};
use crate::engine::position::Side;
use crate::engine::variant::VariantKind;

pub(super) static LESSONS: &[Lesson] = &[
    Lesson {
        kind: VariantKind::Copenhagen,
        topic: Topic::Moving,
        steps: &[
            // attackers d1 i10; defenders h8; king f6
            Step {
                text: "moving.slide",
                position: "/11/8t2/11/7T3/11/5K5/11/11/11/11/3t7/",
                turn: Side::Attackers,
                answers: &["d1-d5"],
                result: "ongoing",
                wrong: &["d1-e2", "d1-d3"],
                ..Step::EMPTY
            },
            // attackers d1 i10; defenders d4 h8; king f6
            Step {
                text: "moving.blocked",
                position: "/11/8t2/11/7T3/11/5K5/11/3T7/11/11/3t7/",
                turn: Side::Attackers,
                answers: &["d1-d3"],
                result: "ongoing",
                wrong: &["d1-d5", "d1-d2"],
                ..Step::EMPTY
            },
            // attackers b2; defenders f3 h8; king c9
            Step {
                text: "moving.throne",
                position: "/11/11/2K8/7T3/11/11/11/11/5T5/1t9/11/",
                turn: Side::Defenders,
                answers: &["f3-f9"],
                result: "ongoing",
                wrong: &["f3-f6", "f3-f4"],
                ..Step::EMPTY
            },
            // attackers a3 i10; defenders h8; king f6
            Step {
                text: "moving.corner",
                position: "/11/8t2/11/7T3/11/5K5/11/11/t10/11/11/",
                turn: Side::Attackers,
                answers: &["a3-a2"],
                result: "ongoing",
                wrong: &["a3-a1", "a3-a4"],
                ..Step::EMPTY
            },
        ],
    },
    Lesson {
        kind: VariantKind::Copenhagen,
        topic: Topic::Capture,
        steps: &[
            // attackers c2 a4 i10; defenders c3 h8; king f6
            Step {
                text: "capture.trap",
                position: "/11/8t2/11/7T3/11/5K5/11/t10/2T8/2t8/11/",
                turn: Side::Attackers,
                answers: &["a4-c4"],
                captures: &["c3"],
                result: "ongoing",
                wrong: &["a4-b4"],
                ..Step::EMPTY
            },
            // attackers c2 c4 i10; defenders a3 h8; king f6
            Step {
                text: "capture.safe",
                position: "/11/8t2/11/7T3/11/5K5/11/2t8/T10/2t8/11/",
                turn: Side::Defenders,
                answers: &["a3-c3"],
                result: "ongoing",
                wrong: &["a3-a2"],
                ..Step::EMPTY
            },
            // attackers d2 f4 a4 i10; defenders d3 e4 h8; king f6
            Step {
                text: "capture.double",
                position: "/11/8t2/11/7T3/11/5K5/11/t3Tt5/3T7/3t7/11/",
                turn: Side::Attackers,
                answers: &["a4-d4"],
                captures: &["d3", "e4"],
                result: "ongoing",
                wrong: &["a4-c4"],
                ..Step::EMPTY
            },
            // attackers c4 i10; defenders a3 h8; king c5
            Step {
                text: "capture.king_armed",
                position: "/11/8t2/11/7T3/11/11/2K8/2t8/T10/11/11/",
                turn: Side::Defenders,
                answers: &["a3-c3"],
                captures: &["c4"],
                result: "ongoing",
                wrong: &["a3-b3"],
                ..Step::EMPTY
            },
        ],
    },
    Lesson {
        kind: VariantKind::Copenhagen,
        topic: Topic::HostileSquares,
        steps: &[
            // attackers c3 i10; defenders b1 h8; king f6
            Step {
                text: "hostile.corner",
                position: "/11/8t2/11/7T3/11/5K5/11/11/2t8/11/1T9/",
                turn: Side::Attackers,
                answers: &["c3-c1"],
                captures: &["b1"],
                result: "ongoing",
                wrong: &["c3-c2"],
                ..Step::EMPTY
            },
            // attackers j1 c9; defenders i4; king f6
            Step {
                text: "hostile.corner_attacker",
                position: "/11/11/2t8/11/11/5K5/11/8T2/11/11/9t1/",
                turn: Side::Defenders,
                answers: &["i4-i1"],
                captures: &["j1"],
                result: "ongoing",
                wrong: &["i4-i2"],
                ..Step::EMPTY
            },
            // attackers e6 i10; defenders d2 h8; king c9
            Step {
                text: "hostile.throne_attacker",
                position: "/11/8t2/2K8/7T3/11/4t6/11/11/11/3T7/11/",
                turn: Side::Defenders,
                answers: &["d2-d6"],
                captures: &["e6"],
                result: "ongoing",
                wrong: &["d2-d5"],
                ..Step::EMPTY
            },
            // attackers h2 i10; defenders g6 b8; king c9
            Step {
                text: "hostile.throne_empty",
                position: "/11/8t2/2K8/1T9/11/6T4/11/11/11/7t3/11/",
                turn: Side::Attackers,
                answers: &["h2-h6"],
                captures: &["g6"],
                result: "ongoing",
                wrong: &["h2-h5"],
                ..Step::EMPTY
            },
            // attackers h2 i10; defenders g6 c9; king f6
            Step {
                text: "hostile.throne_occupied",
                position: "/11/8t2/2T8/11/11/5KT4/11/11/11/7t3/11/",
                turn: Side::Attackers,
                answers: &["h2-h6"],
                result: "ongoing",
                wrong: &["h2-h5"],
                ..Step::EMPTY
            },
        ],
    },
    Lesson {
        kind: VariantKind::Copenhagen,
        topic: Topic::KingCapture,
        steps: &[
            // attackers c8 e8 d9 a7; defenders h3; king d8
            Step {
                text: "king.four",
                position: "/11/11/3t7/2tKt6/t10/11/11/11/7T3/11/11/",
                turn: Side::Attackers,
                answers: &["a7-d7"],
                result: "attackers:king-captured",
                wrong: &["a7-c7"],
                ..Step::EMPTY
            },
            // attackers e7 g7 a8; defenders h3; king f7
            Step {
                text: "king.beside_throne",
                position: "/11/11/11/t10/4tKt4/11/11/11/7T3/11/11/",
                turn: Side::Attackers,
                answers: &["a8-f8"],
                result: "attackers:king-captured",
                wrong: &["a8-e8"],
                ..Step::EMPTY
            },
            // attackers e6 g6 f7 b5; defenders h3; king f6
            Step {
                text: "king.on_throne",
                position: "/11/11/11/11/5t5/4tKt4/1t9/11/7T3/11/11/",
                turn: Side::Attackers,
                answers: &["b5-f5"],
                result: "attackers:king-captured",
                wrong: &["b5-e5"],
                ..Step::EMPTY
            },
            // attackers a5 b6 d7; defenders h3; king a6
            Step {
                text: "king.edge",
                position: "/11/11/11/11/3t7/Kt9/t10/11/7T3/11/11/",
                turn: Side::Attackers,
                answers: &["d7-a7"],
                result: "ongoing",
                wrong: &["d7-c7"],
                ..Step::EMPTY
            },
        ],
    },
    Lesson {
        kind: VariantKind::Copenhagen,
        topic: Topic::Escape,
        steps: &[
            // attackers i9; defenders h8; king d4
            Step {
                text: "escape.edge_not_enough",
                position: "/11/11/8t2/7T3/11/11/11/3K7/11/11/11/",
                turn: Side::Defenders,
                answers: &["d4-d1"],
                result: "ongoing",
                wrong: &["d4-d3"],
                ..Step::EMPTY
            },
            // attackers i9; defenders h8; king a6
            Step {
                text: "escape.corner",
                position: "/11/11/8t2/7T3/11/K10/11/11/11/11/11/",
                turn: Side::Defenders,
                answers: &["a6-a1", "a6-a11"],
                result: "defenders:king-escaped",
                wrong: &["a6-b6"],
                ..Step::EMPTY
            },
        ],
    },
    Lesson {
        kind: VariantKind::Copenhagen,
        topic: Topic::ShieldWall,
        steps: &[
            // attackers e2 f2 g2 d1 h4; defenders e1 f1 g1; king f6
            Step {
                text: "shield.wall",
                position: "/11/11/11/11/11/5K5/11/7t3/11/4ttt4/3tTTT4/",
                turn: Side::Attackers,
                answers: &["h4-h1"],
                captures: &["e1", "f1", "g1"],
                result: "ongoing",
                wrong: &["h4-h2"],
                ..Step::EMPTY
            },
            // attackers b2 c2 d4; defenders b1 c1; king f6
            Step {
                text: "shield.corner",
                position: "/11/11/11/11/11/5K5/11/3t7/11/1tt8/1TT8/",
                turn: Side::Attackers,
                answers: &["d4-d1"],
                captures: &["b1", "c1"],
                result: "ongoing",
                wrong: &["d4-d2"],
                ..Step::EMPTY
            },
            // attackers e2 f2 g2 d1 h4; defenders e1 g1; king f1
            Step {
                text: "shield.king",
                position: "/11/11/11/11/11/11/11/7t3/11/4ttt4/3tTKT4/",
                turn: Side::Attackers,
                answers: &["h4-h1"],
                captures: &["e1", "g1"],
                result: "ongoing",
                wrong: &["h4-h2"],
                ..Step::EMPTY
            },
        ],
    },
    Lesson {
        kind: VariantKind::Copenhagen,
        topic: Topic::ExitFort,
        steps: &[
            // attackers c8 i8; defenders e1 f2 g2 h4; king f1
            Step {
                text: "fort.build",
                position: "/11/11/11/2t5t2/11/11/11/7T3/11/5TT4/4TK5/",
                turn: Side::Defenders,
                answers: &["h4-h1"],
                result: "defenders:exit-fort",
                wrong: &["h4-h2"],
                ..Step::EMPTY
            },
            // attackers c8 i8; defenders e1 f2 h4; king f1
            Step {
                text: "fort.weak",
                position: "/11/11/11/2t5t2/11/11/11/7T3/11/5T5/4TK5/",
                turn: Side::Defenders,
                answers: &["h4-h1"],
                result: "ongoing",
                wrong: &["h4-h2"],
                ..Step::EMPTY
            },
        ],
    },
    Lesson {
        kind: VariantKind::Copenhagen,
        topic: Topic::Encirclement,
        steps: &[
            // attackers b3 b4 c2 d2 e3 e4 c5 d8; defenders d3 c4 d4; king c3
            Step {
                text: "encircle.ring",
                position: "/11/11/11/3t7/11/11/2t8/1tTTt6/1tKTt6/2tt7/11/",
                turn: Side::Attackers,
                answers: &["d8-d5"],
                result: "attackers:encircled",
                wrong: &["d8-d6"],
                ..Step::EMPTY
            },
            // attackers b3 b4 c2 d2 e3 e4 c5 d8; defenders d3 c4 d4 h9; king c3
            Step {
                text: "encircle.outside",
                position: "/11/11/7T3/3t7/11/11/2t8/1tTTt6/1tKTt6/2tt7/11/",
                turn: Side::Attackers,
                answers: &["d8-d5"],
                result: "ongoing",
                wrong: &["d8-d6"],
                ..Step::EMPTY
            },
        ],
    },
    Lesson {
        kind: VariantKind::Copenhagen,
        topic: Topic::Repetition,
        steps: &[
            // attackers h8; defenders -; king d4
            Step {
                text: "repetition.third",
                position: "/11/11/11/7t3/11/11/11/3K7/11/11/11/",
                turn: Side::Defenders,
                setup: &[
                    "d4-d5", "h8-h9", "d5-d4", "h9-h8", "d4-d5", "h8-h9", "d5-d4",
                ],
                answers: &["h9-h8"],
                result: "attackers:repetition",
                wrong: &["h9-h7"],
                ..Step::EMPTY
            },
            // attackers h8; defenders -; king d4
            Step {
                text: "repetition.avoid",
                position: "/11/11/11/7t3/11/11/11/3K7/11/11/11/",
                turn: Side::Attackers,
                setup: &[
                    "h8-h9", "d4-d5", "h9-h8", "d5-d4", "h8-h9", "d4-d5", "h9-h8",
                ],
                answers: &["d5-e5"],
                result: "ongoing",
                wrong: &["d5-d4"],
                ..Step::EMPTY
            },
            // attackers h8; defenders -; king d4
            Step {
                text: "repetition.draw",
                position: "/11/11/11/7t3/11/11/11/3K7/11/11/11/",
                turn: Side::Attackers,
                last_quiet_move: true,
                answers: &["h8-h9"],
                result: "draw:move-limit",
                wrong: &["h8-k8"],
                ..Step::EMPTY
            },
        ],
    },
    Lesson {
        kind: VariantKind::Copenhagen,
        topic: Topic::NoMoves,
        steps: &[
            // attackers d1 f1 e5; defenders -; king e1
            Step {
                text: "no_moves.block",
                position: "/11/11/11/11/11/11/4t6/11/11/11/3tKt5/",
                turn: Side::Attackers,
                answers: &["e5-e2"],
                result: "attackers:no-moves",
                wrong: &["e5-e3"],
                ..Step::EMPTY
            },
            // attackers b1; defenders c1 b5; king f6
            Step {
                text: "no_moves.attackers",
                position: "/11/11/11/11/11/5K5/1T9/11/11/11/1tT8/",
                turn: Side::Defenders,
                answers: &["b5-b2"],
                result: "defenders:no-moves",
                wrong: &["b5-b3"],
                ..Step::EMPTY
            },
        ],
    },
    Lesson {
        kind: VariantKind::Brandubh,
        topic: Topic::Moving,
        steps: &[
            // attackers b2; defenders f6; king d4
            Step {
                text: "moving.slide",
                position: "/7/5T1/7/3K3/7/1t5/7/",
                turn: Side::Attackers,
                answers: &["b2-b6"],
                result: "ongoing",
                wrong: &["b2-c3", "b2-b4"],
                ..Step::EMPTY
            },
            // attackers b2; defenders b5 f6; king d4
            Step {
                text: "moving.blocked",
                position: "/7/5T1/1T5/3K3/7/1t5/7/",
                turn: Side::Attackers,
                answers: &["b2-b4"],
                result: "ongoing",
                wrong: &["b2-b6", "b2-b3"],
                ..Step::EMPTY
            },
            // attackers f2; defenders d2; king b6
            Step {
                text: "moving.throne",
                position: "/7/1K5/7/7/7/3T1t1/7/",
                turn: Side::Defenders,
                answers: &["d2-d6"],
                result: "ongoing",
                wrong: &["d2-d4", "d2-d3"],
                ..Step::EMPTY
            },
            // attackers a3; defenders f6; king d4
            Step {
                text: "moving.corner",
                position: "/7/5T1/7/3K3/t6/7/7/",
                turn: Side::Attackers,
                answers: &["a3-a2"],
                result: "ongoing",
                wrong: &["a3-a1", "a3-a4"],
                ..Step::EMPTY
            },
        ],
    },
    Lesson {
        kind: VariantKind::Brandubh,
        topic: Topic::Capture,
        steps: &[
            // attackers b2 b6; defenders b3; king d4
            Step {
                text: "capture.trap",
                position: "/7/1t5/7/3K3/1T5/1t5/7/",
                turn: Side::Attackers,
                answers: &["b6-b4"],
                captures: &["b3"],
                result: "ongoing",
                wrong: &["b6-b5"],
                ..Step::EMPTY
            },
            // attackers b2 b4; defenders e3; king d4
            Step {
                text: "capture.safe",
                position: "/7/7/7/1t1K3/4T2/1t5/7/",
                turn: Side::Defenders,
                answers: &["e3-b3"],
                result: "ongoing",
                wrong: &["e3-c3"],
                ..Step::EMPTY
            },
            // attackers b2 b6 a4; defenders b3 b5; king d4
            Step {
                text: "capture.double",
                position: "/7/1t5/1T5/t2K3/1T5/1t5/7/",
                turn: Side::Attackers,
                answers: &["a4-b4"],
                captures: &["b3", "b5"],
                result: "ongoing",
                wrong: &["a4-a3"],
                ..Step::EMPTY
            },
            // attackers b4 f2; defenders e3; king b5
            Step {
                text: "capture.king_armed",
                position: "/7/7/1K5/1t5/4T2/5t1/7/",
                turn: Side::Defenders,
                answers: &["e3-b3"],
                captures: &["b4"],
                result: "ongoing",
                wrong: &["e3-c3"],
                ..Step::EMPTY
            },
        ],
    },
    Lesson {
        kind: VariantKind::Brandubh,
        topic: Topic::HostileSquares,
        steps: &[
            // attackers c3; defenders b1; king d4
            Step {
                text: "hostile.corner",
                position: "/7/7/7/3K3/2t4/7/1T5/",
                turn: Side::Attackers,
                answers: &["c3-c1"],
                captures: &["b1"],
                result: "ongoing",
                wrong: &["c3-c2"],
                ..Step::EMPTY
            },
            // attackers f1 b6; defenders e3; king d4
            Step {
                text: "hostile.corner_attacker",
                position: "/7/1t5/7/3K3/4T2/7/5t1/",
                turn: Side::Defenders,
                answers: &["e3-e1"],
                captures: &["f1"],
                result: "ongoing",
                wrong: &["e3-e2"],
                ..Step::EMPTY
            },
            // attackers c4 f2; defenders b2; king b6
            Step {
                text: "hostile.throne_attacker",
                position: "/7/1K5/7/2t4/7/1T3t1/7/",
                turn: Side::Defenders,
                answers: &["b2-b4"],
                captures: &["c4"],
                result: "ongoing",
                wrong: &["b2-b3"],
                ..Step::EMPTY
            },
            // attackers f2; defenders e4; king b6
            Step {
                text: "hostile.throne_empty",
                position: "/7/1K5/7/4T2/7/5t1/7/",
                turn: Side::Attackers,
                answers: &["f2-f4"],
                captures: &["e4"],
                result: "ongoing",
                wrong: &["f2-f3"],
                ..Step::EMPTY
            },
            // attackers f2; defenders e4; king d4
            Step {
                text: "hostile.throne_occupied",
                position: "/7/7/7/3KT2/7/5t1/7/",
                turn: Side::Attackers,
                answers: &["f2-f4"],
                result: "ongoing",
                wrong: &["f2-f3"],
                ..Step::EMPTY
            },
        ],
    },
    Lesson {
        kind: VariantKind::Brandubh,
        topic: Topic::KingCapture,
        steps: &[
            // attackers b6 g6; defenders f2; king c6
            Step {
                text: "king.two",
                position: "/7/1tK3t/7/7/7/5T1/7/",
                turn: Side::Attackers,
                answers: &["g6-d6"],
                result: "attackers:king-captured",
                wrong: &["g6-e6"],
                ..Step::EMPTY
            },
            // attackers c3; defenders f2; king b7
            Step {
                text: "king.corner",
                position: "/1K5/7/7/7/2t4/5T1/7/",
                turn: Side::Attackers,
                answers: &["c3-c7"],
                result: "attackers:king-captured",
                wrong: &["c3-c6"],
                ..Step::EMPTY
            },
            // attackers c5 e5 a6; defenders f2; king d5
            Step {
                text: "king.beside_throne",
                position: "/7/t6/2tKt2/7/7/5T1/7/",
                turn: Side::Attackers,
                answers: &["a6-d6"],
                result: "attackers:king-captured",
                wrong: &["a6-c6"],
                ..Step::EMPTY
            },
            // attackers c4 e4 d5 a3; defenders f6; king d4
            Step {
                text: "king.on_throne",
                position: "/7/5T1/3t3/2tKt2/t6/7/7/",
                turn: Side::Attackers,
                answers: &["a3-d3"],
                result: "attackers:king-captured",
                wrong: &["a3-c3"],
                ..Step::EMPTY
            },
        ],
    },
    Lesson {
        kind: VariantKind::Brandubh,
        topic: Topic::Escape,
        steps: &[
            // attackers f6; defenders -; king c3
            Step {
                text: "escape.edge_not_enough",
                position: "/7/5t1/7/7/2K4/7/7/",
                turn: Side::Defenders,
                answers: &["c3-c1"],
                result: "ongoing",
                wrong: &["c3-c2"],
                ..Step::EMPTY
            },
            // attackers f6; defenders -; king a4
            Step {
                text: "escape.corner",
                position: "/7/5t1/7/K6/7/7/7/",
                turn: Side::Defenders,
                answers: &["a4-a1", "a4-a7"],
                result: "defenders:king-escaped",
                wrong: &["a4-b4"],
                ..Step::EMPTY
            },
        ],
    },
    Lesson {
        kind: VariantKind::Brandubh,
        topic: Topic::Encirclement,
        steps: &[
            // attackers b3 b4 c2 d2 e3 e4 c5 d7; defenders c3 d3 c4; king d4
            Step {
                text: "encircle.ring",
                position: "/3t3/7/2t4/1tTKt2/1tTTt2/2tt3/7/",
                turn: Side::Attackers,
                answers: &["d7-d5"],
                result: "attackers:encircled",
                wrong: &["d7-d6"],
                ..Step::EMPTY
            },
            // attackers b3 b4 c2 d2 e3 e4 c5 d7; defenders c3 d3 c4 f6; king d4
            Step {
                text: "encircle.outside",
                position: "/3t3/5T1/2t4/1tTKt2/1tTTt2/2tt3/7/",
                turn: Side::Attackers,
                answers: &["d7-d5"],
                result: "ongoing",
                wrong: &["d7-d6"],
                ..Step::EMPTY
            },
        ],
    },
    Lesson {
        kind: VariantKind::Brandubh,
        topic: Topic::Repetition,
        steps: &[
            // attackers f6; defenders -; king c3
            Step {
                text: "repetition.third",
                position: "/7/5t1/7/7/2K4/7/7/",
                turn: Side::Defenders,
                setup: &[
                    "c3-c2", "f6-f5", "c2-c3", "f5-f6", "c3-c2", "f6-f5", "c2-c3",
                ],
                answers: &["f5-f6"],
                result: "attackers:repetition",
                wrong: &["f5-f4"],
                ..Step::EMPTY
            },
            // attackers f6; defenders -; king c3
            Step {
                text: "repetition.avoid",
                position: "/7/5t1/7/7/2K4/7/7/",
                turn: Side::Attackers,
                setup: &[
                    "f6-f5", "c3-c2", "f5-f6", "c2-c3", "f6-f5", "c3-c2", "f5-f6",
                ],
                answers: &["c2-b2"],
                result: "ongoing",
                wrong: &["c2-c3"],
                ..Step::EMPTY
            },
            // attackers f6; defenders -; king c3
            Step {
                text: "repetition.draw",
                position: "/7/5t1/7/7/2K4/7/7/",
                turn: Side::Attackers,
                last_quiet_move: true,
                answers: &["f6-f5"],
                result: "draw:move-limit",
                wrong: &["f6-e6"],
                ..Step::EMPTY
            },
        ],
    },
    Lesson {
        kind: VariantKind::Brandubh,
        topic: Topic::NoMoves,
        steps: &[
            // attackers b1 c1; defenders b2 c2 d3; king d4
            Step {
                text: "no_moves.block",
                position: "/7/7/7/3K3/3T3/1TT4/1tt4/",
                turn: Side::Defenders,
                answers: &["d3-d1"],
                result: "defenders:no-moves",
                wrong: &["d3-d2"],
                ..Step::EMPTY
            },
            // attackers b1 d1 c5; defenders -; king c1
            Step {
                text: "no_moves.king",
                position: "/7/7/2t4/7/7/7/1tKt3/",
                turn: Side::Attackers,
                answers: &["c5-c2"],
                result: "attackers:no-moves",
                wrong: &["c5-c3"],
                ..Step::EMPTY
            },
        ],
    },
    Lesson {
        kind: VariantKind::Tablut,
        topic: Topic::Moving,
        steps: &[
            // attackers b2; defenders g7; king e5
            Step {
                text: "moving.slide",
                position: "/9/9/6T2/9/4K4/9/9/1t7/9/",
                turn: Side::Attackers,
                answers: &["b2-b7"],
                result: "ongoing",
                wrong: &["b2-c3", "b2-b4"],
                ..Step::EMPTY
            },
            // attackers b2; defenders b6 g7; king e5
            Step {
                text: "moving.blocked",
                position: "/9/9/6T2/1T7/4K4/9/9/1t7/9/",
                turn: Side::Attackers,
                answers: &["b2-b5"],
                result: "ongoing",
                wrong: &["b2-b7", "b2-b3"],
                ..Step::EMPTY
            },
            // attackers g3; defenders e2; king c7
            Step {
                text: "moving.throne",
                position: "/9/9/2K6/9/9/9/6t2/4T4/9/",
                turn: Side::Defenders,
                answers: &["e2-e8"],
                result: "ongoing",
                wrong: &["e2-e5", "e2-e3"],
                ..Step::EMPTY
            },
            // attackers a3; defenders g7; king e5
            Step {
                text: "moving.tablut_corner",
                position: "/9/9/6T2/9/4K4/9/t8/9/9/",
                turn: Side::Attackers,
                answers: &["a3-a1"],
                result: "ongoing",
                wrong: &["a3-b4", "a3-a2"],
                ..Step::EMPTY
            },
        ],
    },
    Lesson {
        kind: VariantKind::Tablut,
        topic: Topic::Capture,
        steps: &[
            // attackers b2 b6; defenders b3; king e5
            Step {
                text: "capture.trap",
                position: "/9/9/9/1t7/4K4/9/1T7/1t7/9/",
                turn: Side::Attackers,
                answers: &["b6-b4"],
                captures: &["b3"],
                result: "ongoing",
                wrong: &["b6-b5"],
                ..Step::EMPTY
            },
            // attackers b2 b4; defenders f3; king e5
            Step {
                text: "capture.safe",
                position: "/9/9/9/9/4K4/1t7/5T3/1t7/9/",
                turn: Side::Defenders,
                answers: &["f3-b3"],
                result: "ongoing",
                wrong: &["f3-c3"],
                ..Step::EMPTY
            },
            // attackers b2 b6 a4; defenders b3 b5; king e5
            Step {
                text: "capture.double",
                position: "/9/9/9/1t7/1T2K4/t8/1T7/1t7/9/",
                turn: Side::Attackers,
                answers: &["a4-b4"],
                captures: &["b3", "b5"],
                result: "ongoing",
                wrong: &["a4-a3"],
                ..Step::EMPTY
            },
            // attackers b4 g7; defenders f3; king b5
            Step {
                text: "capture.king_armed",
                position: "/9/9/6t2/9/1K7/1t7/5T3/9/9/",
                turn: Side::Defenders,
                answers: &["f3-b3"],
                captures: &["b4"],
                result: "ongoing",
                wrong: &["f3-c3"],
                ..Step::EMPTY
            },
        ],
    },
    Lesson {
        kind: VariantKind::Tablut,
        topic: Topic::HostileSquares,
        steps: &[
            // attackers c3; defenders b1; king e5
            Step {
                text: "hostile.corner_ordinary",
                position: "/9/9/9/9/4K4/9/2t6/9/1T7/",
                turn: Side::Attackers,
                answers: &["c3-c1"],
                result: "ongoing",
                wrong: &["c3-c2"],
                ..Step::EMPTY
            },
            // attackers d5 g3; defenders c2; king c7
            Step {
                text: "hostile.throne_attacker",
                position: "/9/9/2K6/9/3t5/9/6t2/2T6/9/",
                turn: Side::Defenders,
                answers: &["c2-c5"],
                captures: &["d5"],
                result: "ongoing",
                wrong: &["c2-c4"],
                ..Step::EMPTY
            },
            // attackers g2; defenders f5; king c7
            Step {
                text: "hostile.throne_empty",
                position: "/9/9/2K6/9/5T3/9/9/6t2/9/",
                turn: Side::Attackers,
                answers: &["g2-g5"],
                captures: &["f5"],
                result: "ongoing",
                wrong: &["g2-g4"],
                ..Step::EMPTY
            },
            // attackers g2; defenders f5; king e5
            Step {
                text: "hostile.throne_occupied",
                position: "/9/9/9/9/4KT3/9/9/6t2/9/",
                turn: Side::Attackers,
                answers: &["g2-g5"],
                result: "ongoing",
                wrong: &["g2-g4"],
                ..Step::EMPTY
            },
        ],
    },
    Lesson {
        kind: VariantKind::Tablut,
        topic: Topic::KingCapture,
        steps: &[
            // attackers b7 h7; defenders g3; king c7
            Step {
                text: "king.two",
                position: "/9/9/1tK4t1/9/9/9/6T2/9/9/",
                turn: Side::Attackers,
                answers: &["h7-d7"],
                result: "attackers:king-captured",
                wrong: &["h7-e7"],
                ..Step::EMPTY
            },
            // attackers d6 f6 b7; defenders g3; king e6
            Step {
                text: "king.beside_throne",
                position: "/9/9/1t7/3tKt3/9/9/6T2/9/9/",
                turn: Side::Attackers,
                answers: &["b7-e7"],
                result: "attackers:king-captured",
                wrong: &["b7-d7"],
                ..Step::EMPTY
            },
            // attackers d5 f5 e6 b4; defenders g3; king e5
            Step {
                text: "king.on_throne",
                position: "/9/9/9/4t4/3tKt3/1t7/6T2/9/9/",
                turn: Side::Attackers,
                answers: &["b4-e4"],
                result: "attackers:king-captured",
                wrong: &["b4-d4"],
                ..Step::EMPTY
            },
        ],
    },
    Lesson {
        kind: VariantKind::Tablut,
        topic: Topic::Escape,
        steps: &[
            // attackers d6 b4 g4; defenders -; king d4
            Step {
                text: "escape.edge",
                position: "/9/9/9/3t5/9/1t1K2t2/9/9/9/",
                turn: Side::Defenders,
                answers: &["d4-d1"],
                result: "defenders:king-escaped",
                wrong: &["d4-d2"],
                ..Step::EMPTY
            },
            // attackers d6 b4 g4 a2; defenders -; king d4
            Step {
                text: "escape.block",
                position: "/9/9/9/3t5/9/1t1K2t2/9/t8/9/",
                turn: Side::Attackers,
                answers: &["a2-d2"],
                result: "ongoing",
                wrong: &["a2-c2"],
                ..Step::EMPTY
            },
        ],
    },
    Lesson {
        kind: VariantKind::Tablut,
        topic: Topic::Repetition,
        steps: &[
            // attackers g7; defenders -; king c3
            Step {
                text: "repetition.third",
                position: "/9/9/6t2/9/9/9/2K6/9/9/",
                turn: Side::Defenders,
                setup: &[
                    "c3-c2", "g7-g6", "c2-c3", "g6-g7", "c3-c2", "g7-g6", "c2-c3",
                ],
                answers: &["g6-g7"],
                result: "attackers:repetition",
                wrong: &["g6-g5"],
                ..Step::EMPTY
            },
            // attackers g7; defenders -; king c3
            Step {
                text: "repetition.avoid",
                position: "/9/9/6t2/9/9/9/2K6/9/9/",
                turn: Side::Attackers,
                setup: &[
                    "g7-g6", "c3-c2", "g6-g7", "c2-c3", "g7-g6", "c3-c2", "g6-g7",
                ],
                answers: &["c2-b2"],
                result: "ongoing",
                wrong: &["c2-c3"],
                ..Step::EMPTY
            },
            // attackers g7; defenders -; king c3
            Step {
                text: "repetition.draw",
                position: "/9/9/6t2/9/9/9/2K6/9/9/",
                turn: Side::Attackers,
                last_quiet_move: true,
                answers: &["g7-g6"],
                result: "draw:move-limit",
                wrong: &["g7-f7"],
                ..Step::EMPTY
            },
        ],
    },
    Lesson {
        kind: VariantKind::Tablut,
        topic: Topic::NoMoves,
        steps: &[
            // attackers a1; defenders b1 e2; king e5
            Step {
                text: "no_moves.block",
                position: "/9/9/9/9/4K4/9/9/4T4/tT7/",
                turn: Side::Defenders,
                answers: &["e2-a2"],
                result: "defenders:no-moves",
                wrong: &["e2-b2"],
                ..Step::EMPTY
            },
            // attackers d4 f4 e3 c5 g5 d6 f6 e9; defenders e4 d5 f5 e6; king e5
            Step {
                text: "no_moves.all_blocked",
                position: "/4t4/9/9/3tTt3/2tTKTt2/3tTt3/4t4/9/9/",
                turn: Side::Attackers,
                answers: &["e9-e7"],
                result: "attackers:no-moves",
                wrong: &["e9-e8"],
                ..Step::EMPTY
            },
        ],
    },
];
