//! Rules strings in OpenTafl notation: every game's, written as OpenTafl writes them and read
//! back; records of every game exported with their rules and imported identical; and records
//! in OpenTafl's own format (made here in its format, with the rules strings its games write),
//! read the way OpenTafl plays them.

use tafl_core::ai::{Control, Engine, SearchSettings};
use tafl_core::engine::game::{Outcome, Status, WinReason};
use tafl_core::engine::import::{ImportProblem, read_game};
use tafl_core::engine::notation::GameRecord;
use tafl_core::engine::otn_rules::{read_rules, variant_for, write_rules};
use tafl_core::engine::variant::Repetition;
use tafl_core::{Game, Level, Side, VariantKind};

/// Every game's rules string, as `tafl variants` prints it (docs/variants.md explains the keys).
const STRINGS: &[(VariantKind, &str)] = &[
    (
        VariantKind::Copenhagen,
        "dim:11 name:Copenhagen atkf:y sw:s efe:y xrep:defenders-lose \
         start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
    ),
    (
        VariantKind::Brandubh,
        "dim:7 name:Brandubh atkf:y ks:c xrep:defenders-lose start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
    ),
    (
        VariantKind::Tablut,
        "dim:9 name:Tablut esc:e surf:n atkf:y ks:c cor: xrep:defenders-lose \
         start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
    ),
    (
        VariantKind::Fetlar,
        "dim:11 name:Fetlar surf:n atkf:y \
         start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
    ),
    (
        VariantKind::SeaBattle,
        "dim:9 name:Sea_Battle esc:e atkf:y ka:n cor: cen: \
         start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
    ),
    (
        VariantKind::Tawlbwrdd,
        "dim:11 name:Tawlbwrdd esc:e atkf:y ks:w cor: cen: \
         start:/4ttt4/4t1t4/5t5/5T5/tt2TTT2tt/t1tTTKTTt1t/tt2TTT2tt/5T5/5t5/4t1t4/4ttt4/",
    ),
    (
        VariantKind::ArdRi,
        "dim:7 name:Ard_Ri esc:e surf:n atkf:y spd:1 cor: cen: \
         start:/2ttt2/3t3/t1TTT1t/ttTKTtt/t1TTT1t/3t3/2ttt2/",
    ),
    (
        VariantKind::Hnefatafl11,
        "dim:11 name:Hnefatafl_11 surf:n atkf:y ks:m xkg:y \
         start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
    ),
    (
        VariantKind::Hnefatafl13,
        "dim:13 name:Hnefatafl_13 surf:n atkf:y ks:m xkg:y \
         start:/4ttttt4/6t6/13/6T6/t5T5t/t5T5t/tt1TTTKTTT1tt/t5T5t/t5T5t/6T6/13/6t6/4ttttt4/",
    ),
    (
        VariantKind::KingsTable9,
        "dim:9 name:Kings_Table_9 surf:n atkf:y ks:c \
         start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
    ),
    (
        VariantKind::KingsTable11,
        "dim:11 name:Kings_Table_11 surf:n atkf:y ks:c \
         start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
    ),
    (
        VariantKind::AleaEvangelii,
        "dim:19 name:Alea_Evangelii atkf:y tfr:w \
         cor:a1,b1,r1,s1,a2,b2,r2,s2,a18,b18,r18,s18,a19,b19,r19,s19, cens: cenh: \
         start:/2t2t7t2t2/19/t4t7t4t/7t1t1t7/6t1T1T1t6/t1t2t7t2t1t/4t4T4t4/3t4T1T4t3/\
         4T2T1T1T2T4/3t2T1TKT1T2t3/4T2T1T1T2T4/3t4T1T4t3/4t4T4t4/t1t2t7t2t1t/6t1T1T1t6/\
         7t1t1t7/t4t7t4t/19/2t2t7t2t2/",
    ),
    (
        VariantKind::TablutCorners,
        "dim:9 name:Tablut_Corners surf:n atkf:y ks:c corh: xrep:defenders-lose \
         start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
    ),
];

#[test]
fn every_game_writes_its_rules_string_and_reads_it_back() {
    assert_eq!(STRINGS.len(), VariantKind::ALL.len());
    for &(kind, string) in STRINGS {
        assert_eq!(write_rules(kind, kind.data()), string, "{kind:?}");
        let read = read_rules(string).expect("reads");
        let v = variant_for(&read, None).expect("a game");
        assert_eq!(v.kind, kind);
        assert!(v.is_preset(), "{kind:?} reads as its own preset");
    }
}

/// A game of `kind` played by the computer on both sides, quickly (a small node budget), to
/// its end or 200 plies.
fn played(kind: VariantKind, seed: u64) -> Game {
    let mut game = Game::new(kind);
    let mut engine = Engine::new(1 << 20);
    let settings = SearchSettings::for_level(Level::Normal)
        .with_nodes(300)
        .with_time(std::time::Duration::from_secs(60));
    while !game.status().is_over() && game.plies() < 200 {
        let s = settings.clone().with_seed(seed + game.plies() as u64);
        let best = engine.think(&game, &s, &Control::new()).best;
        game.make(best.expect("a move"));
    }
    game
}

#[test]
fn records_of_every_game_export_with_their_rules_and_import_identical() {
    for kind in VariantKind::ALL {
        let game = played(kind, 7);
        let record = GameRecord::from_game(&game);
        let text = record.to_text();
        assert!(
            text.contains(&format!("[rules \"{}\"]", write_rules(kind, kind.data()))),
            "{kind:?}: {text}"
        );
        let read = GameRecord::parse_text(&text).expect("parses");
        assert_eq!(read, record, "{kind:?}");
        let again = read.replay().expect("replays");
        assert_eq!(again.position(), game.position(), "{kind:?}");
        assert_eq!(again.status(), game.status(), "{kind:?}");
        // The importer reads it alike.
        let imported = read_game(&text, None).expect("imports");
        assert_eq!(imported.position(), game.position(), "{kind:?}");
    }
}

/// Copenhagen as OpenTafl writes its rules: a third repetition with `tfr:w`.
const OPENTAFL_COPENHAGEN: &str = "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y \
    start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";

#[test]
fn opentafls_third_repetition_code_is_read_as_its_games_play_it() {
    // After the attackers' first move, d2-d3 and f4-f3 shuffle; the attackers' ninth ply brings
    // the position after their first move up for the third time. OpenTafl's `tfr:w` makes the
    // side that repeats lose (its documentation says it wins): the defenders win. Under the
    // app's own Copenhagen rules the defenders would lose.
    let moves = "1. d1-d2 f4-f3 2. d2-d3 f3-f4 3. d3-d2 f4-f3 4. d2-d3 f3-f4 5. d3-d2";
    let record = format!("[rules:{OPENTAFL_COPENHAGEN}]\n\n{moves}\n");
    let game = read_game(&record, None).expect("imports");
    assert_eq!(game.variant().kind, VariantKind::Copenhagen);
    assert!(
        !game.variant().is_preset(),
        "OpenTafl's Copenhagen is not the app's"
    );
    assert_eq!(game.variant().repetition, Repetition::MoverLoses);
    assert_eq!(
        game.status(),
        Status::Over(Outcome::Win {
            winner: Side::Defenders,
            reason: WinReason::Repetition,
        })
    );
    // The same moves under the app's Copenhagen: the defenders lose.
    let ours = read_game(&format!("[variant \"copenhagen\"]\n{moves}\n"), None).expect("imports");
    assert_eq!(ours.status().winner(), Some(Side::Attackers));
    // Exported again, the record keeps the rules it came with.
    let text = GameRecord::from_game(&game).to_text();
    assert!(text.contains("tfr:w"), "{text}");
    let back = read_game(&text, None).expect("imports");
    assert_eq!(back.status(), game.status());
}

#[test]
fn an_opentafl_record_with_comments_and_variations_reads_its_main_line() {
    let record = format!(
        "[date:2016.01.01]\n[event:A test in OpenTafl's format]\n[result:1]\n\
         [rules:{OPENTAFL_COPENHAGEN}]\n\
         [start-comment:Comments may span lines:\nthis one does.]\n\n\
         1. d1-d2 f4-f3\n[The attackers claim d2.|The defender answers.]\n\n\
         2. d2-d3 f3-f4\n\n2a.1.1a. d5-f5 Ke6-e7\n\n3. d3-d2 f4-f3 \n[|]\n"
    );
    let game = read_game(&record, None).expect("imports");
    assert_eq!(game.plies(), 6, "the variation is not part of the game");
    // The game is unfinished and the result names the attackers: the defenders resigned.
    assert_eq!(game.resigned(), Some(Side::Defenders));
}

#[test]
fn a_sea_battle_record_from_opentafl_is_the_apps_sea_battle() {
    // OpenTafl writes its Sea Battle as the app does; its moves mark the king and the win.
    let record = "[result:-1]\n\
        [rules:dim:9 name:Sea_Battle esc:e atkf:y ka:n cor: cen: \
        start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/]\n\n\
        1. a4-b4 g5-g1\n2. h5-h1xg1 e4-d4\n3. i4-e4xe3 f5-f4xe4\n4. e2-e4 Ke5-g5-\n\
        5. f1-g1 Kg5-g9--\n";
    let game = read_game(record, None).expect("imports");
    assert_eq!(game.variant().kind, VariantKind::SeaBattle);
    assert!(game.variant().is_preset());
    assert_eq!(
        game.status(),
        Status::Over(Outcome::Win {
            winner: Side::Defenders,
            reason: WinReason::KingEscaped,
        })
    );
}

#[test]
fn opentafl_positions_start_from_rank_one() {
    // A set-up Ard Rí position, rank 1 first: c3 and c6 attackers, the king on c4, a defender
    // on a7. c6-c5 takes the king (OpenTafl lists him among the captures). Read top rank first,
    // the position has no piece on c6 and the move is refused.
    let record = "[result:1]\n\
        [rules:dim:7 name:Ard_Ri esc:e surf:n atkf:y ks:w cor: cen: \
        start:/7/7/2t4/2K4/7/2t4/T6/]\n\n1. c6-c5xKc4++\n";
    let game = read_game(record, None).expect("imports");
    assert_eq!(game.variant().kind, VariantKind::ArdRi);
    assert_eq!(
        game.status(),
        Status::Over(Outcome::Win {
            winner: Side::Attackers,
            reason: WinReason::KingCaptured,
        })
    );
    let inverted = record.replace("start:", "starti:");
    assert!(read_game(&inverted, None).is_err());
}

#[test]
fn a_record_whose_defenders_move_first_numbers_their_move_first() {
    let record = "[rules:dim:11 name:Fetlar_Defenders_First atkf:n nj:n cj:n \
        start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/]\n\n\
        1. h6-h3 h1-h2\n";
    let game = read_game(record, None).expect("imports");
    assert_eq!(game.variant().kind, VariantKind::Fetlar);
    assert_eq!(game.variant().data.first, Side::Defenders);
    assert_eq!(game.plies(), 2);
    // Written back, the defenders' move stands alone in the first pair.
    let text = GameRecord::from_game(&game).to_text();
    assert!(text.contains("1. ... h6-h3\n2. h1-h2"), "{text}");
    assert_eq!(read_game(&text, None).expect("imports").plies(), 2);
}

#[test]
fn rules_the_app_cannot_play_are_refused_by_name() {
    let record = "[rules:dim:11 name:Berserk surf:n atkf:n tfr:w kj:r ber:c \
        start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/]\n\n\
        1. f6-f7\n";
    let err = read_game(record, None).unwrap_err();
    match &err {
        ImportProblem::BadRecord(why) => assert!(why.contains("a king who jumps"), "{why}"),
        other => panic!("{other:?}"),
    }
    let jumps = "[rules:dim:7 start:/7/7/7/3K3/7/7/7/]\n1. d4^d6\n";
    assert!(matches!(
        read_game(jumps, None),
        Err(ImportProblem::BadRecord(_))
    ));
}
