//! A frame in a few lines of JSON: what the screen says and offers, and what it played. The
//! parity scenarios compare these, step by step, between the core and each shell.
//!
//! The drawing plans are summed up by a hash of their operations, so that a different board
//! or chart shows as a different line without writing every circle down.

use serde_json::{Value, json};

use super::frame::*;
use super::plan::{DrawOp, Point};
use crate::engine::position::Piece;

/// One step of a trace: the event (none for the start), the frame it settled on, and the
/// effects played on the way, in order.
pub fn step(event: Option<&Event>, frame: &Frame, effects: &[Effect]) -> Value {
    let mut step = json!({
        "event": event.map(|e| serde_json::to_value(e).unwrap_or(Value::Null)),
        "screen": screen(&frame.screen),
        "notice": frame.notice.as_ref().map(|n| n.text.clone()),
        "back": frame.handles_back,
        "effects": effects.iter().map(effect).collect::<Vec<_>>(),
    });
    // How often the shell ticks, written only while something is timed (the traces of the
    // screens with nothing timed read as they did).
    if let (Some(ms), Value::Object(fields)) = (frame.tick_ms, &mut step) {
        fields.insert("tick_ms".into(), json!(ms));
    }
    step
}

fn effect(e: &Effect) -> Value {
    match e {
        Effect::Sound { feedback } => json!(format!("sound {feedback:?}")),
        Effect::Haptic { feedback } => json!(format!("haptic {feedback:?}")),
        Effect::Announce { text, assertive } => {
            json!(format!(
                "{} {text}",
                if *assertive { "say now:" } else { "say:" }
            ))
        }
        Effect::Share { title, text } => json!(format!("share {title}: {} chars", text.len())),
    }
}

fn screen(s: &ScreenView) -> Value {
    match s {
        ScreenView::Page { page } => json!({
            "page": format!("{:?}", page.kind).to_lowercase(),
            "title": page.title,
            "items": page.items.iter().map(item).collect::<Vec<_>>(),
            "question": page.question.as_ref().map(question),
        }),
        ScreenView::Game { game } => game_screen(game),
        ScreenView::Review { review } => json!({
            "review": {
                "board": board(&review.board),
                "position": review.position,
                "last_move": review.last_move,
                "captures": review.captures,
                "result": review.result,
                "verdict": review.verdict,
                "steps": review.steps.iter().map(button).collect::<Vec<_>>(),
                "chart": format!("{:016x}", plan_hash(&review.chart.plan.ops)),
                "chart_value": review.chart.value,
                "analysis": [review.analysis.text.clone(), Some(button(&review.analysis.button).to_string())],
                "summary": review.summary,
                "errors": std::iter::once(review.errors_title.clone()).chain(review.errors.iter().map(|b| b.label.clone())).collect::<Vec<_>>(),
                "moves": moves(&review.moves),
            }
        }),
    }
}

/// The game screen; the clock only in a game on one (the traces of the others read as they did).
fn game_screen(game: &GameView) -> Value {
    let mut v = json!({
        "game": {
            "turn": game.turn.text,
            "top": game.turn.top_text,
            "busy": game.turn.busy,
            "board": board(&game.board),
            "info": game.info.iter().map(|l| format!("{:?}: {}", l.kind, l.text)).collect::<Vec<_>>(),
            "moves": moves(&game.moves),
            "taken": [game.taken.attackers_text.clone(), game.taken.defenders_text.clone()],
            "controls": game.controls.iter().map(button).collect::<Vec<_>>(),
            "question": game.question.as_ref().map(question),
            "flash": game.flash.as_ref().map(|f| format!("{}: {}", f.id, f.text)),
        }
    });
    if let (Some(clock), Some(Value::Object(fields))) = (&game.clock, v.get_mut("game")) {
        let faces: Vec<String> = clock
            .faces
            .iter()
            .map(|f| {
                format!(
                    "{} [{} {}]{}{}",
                    f.label,
                    f.name,
                    f.time,
                    if f.low { " low" } else { "" },
                    if f.turned { " turned" } else { "" }
                )
            })
            .collect();
        fields.insert("clock".into(), json!(faces));
    }
    v
}

fn item(i: &PageItem) -> Value {
    match i {
        PageItem::Heading { text } => json!(format!("# {text}")),
        PageItem::Paragraph { text } => json!(text),
        PageItem::Caption { text } => json!(format!("({text})")),
        PageItem::Choices { group } => json!(format!(
            "{}: {}",
            group.title,
            group
                .choices
                .iter()
                .map(|c| if c.selected {
                    format!("[{}]", c.id)
                } else {
                    c.id.clone()
                })
                .collect::<Vec<_>>()
                .join(" ")
        )),
        PageItem::Toggle { toggle } => json!(format!(
            "{} {}",
            toggle.id,
            if toggle.on { "on" } else { "off" }
        )),
        PageItem::Button { button: b } => button(b),
        PageItem::Buttons { buttons } => json!(buttons.iter().map(button).collect::<Vec<_>>()),
        PageItem::Table { table } => json!(
            table
                .rows
                .iter()
                .map(|r| r.cells.join(" | "))
                .collect::<Vec<_>>()
        ),
        PageItem::Board { board: b, small } => json!({ "board": board(b), "small": small }),
        PageItem::Entry { entry } => {
            json!(format!("{}: {} / {}", entry.id, entry.title, entry.detail))
        }
        PageItem::TextField { field } => json!(format!("{} = {:?}", field.id, field.text)),
        PageItem::Error { text } => json!(format!("error: {text}")),
    }
}

fn button(b: &ButtonView) -> Value {
    json!(format!("{}{}", b.id, if b.enabled { "" } else { " (off)" }))
}

fn question(q: &QuestionView) -> Value {
    json!(format!(
        "{}: {} [{} / {}]",
        q.id, q.text, q.confirm.label, q.cancel.label
    ))
}

fn moves(m: &MoveListView) -> Value {
    let list: Vec<String> = m
        .rows
        .iter()
        .map(|r| {
            let cells: Vec<String> = r
                .cells
                .iter()
                .map(|c| {
                    if c.current {
                        format!("[{}]", c.text)
                    } else {
                        c.text.clone()
                    }
                })
                .collect();
            format!("{}. {}", r.number, cells.join(" "))
        })
        .collect();
    // The row to bring into view, said only when it is not the last, so that the traces of
    // games (always the latest) stay as they were.
    match m.reveal {
        Some(row) if m.rows.last().is_some_and(|last| last.number != row) => {
            json!(format!("{} (reveal {row})", list.join(" ")))
        }
        _ => json!(list.join(" ")),
    }
}

/// The pieces rank by rank from the top, the marks a screen reader hears, the motion, and a
/// hash of the drawing.
fn board(b: &BoardView) -> Value {
    let n = b.plan.size as usize;
    let mut rows = vec![vec!['.'; n]; n];
    for p in &b.plan.pieces {
        let row = n - 1 - p.square.rank as usize;
        rows[row][p.square.file as usize] = match p.piece {
            Piece::Attacker => 'a',
            Piece::Defender => 'd',
            Piece::King => 'K',
        };
    }
    let marked: Vec<String> = b
        .squares
        .iter()
        .filter(|s| s.label.split(", ").count() > 2)
        .map(|s| s.label.clone())
        .collect();
    let mut value = json!({
        "pieces": rows.iter().map(|r| r.iter().collect::<String>()).collect::<Vec<_>>().join("/"),
        "marked": marked,
        "lifted": b.plan.lifted.map(|l| format!("{:?} at {:.2},{:.2}", l.piece, l.at.x, l.at.y)),
        "motion": b.motion.as_ref().map(motion),
        "drawing": format!("{:016x}", plan_hash(&[b.plan.under.as_slice(), &b.plan.drop].concat()) ^ plan_hash(&b.plan.over).rotate_left(1)),
    });
    // Only a zoomed board says where its window is, so that the traces of whole boards stay
    // as they were.
    let w = b.window;
    if w.side < b.plan.extent {
        value["window"] = json!(format!("{:.2},{:.2} side {:.2}", w.x, w.y, w.side));
    }
    value
}

fn motion(m: &MotionPlan) -> Value {
    let steps: Vec<String> = m
        .steps
        .iter()
        .map(|s| {
            let taken: Vec<String> = s
                .taken
                .iter()
                .map(|t| format!("{:?} {}", t.piece, name(t.square)))
                .collect();
            format!(
                "{:?} {}-{}{}",
                s.piece,
                name(s.from_square),
                name(s.to_square),
                if taken.is_empty() {
                    String::new()
                } else {
                    format!(" x {}", taken.join(", "))
                }
            )
        })
        .collect();
    json!(format!(
        "{}{}{}",
        if m.backwards { "back: " } else { "" },
        steps.join("; "),
        if m.slide { "" } else { " (dropped)" }
    ))
}

fn name(c: super::types::Coord) -> String {
    format!("{}{}", char::from(b'a' + c.file), c.rank + 1)
}

/// A hash of drawing operations (FNV-1a over their text, numbers rounded to thousandths):
/// stable across platforms and compiler versions.
pub fn plan_hash(ops: &[DrawOp]) -> u64 {
    let r = |v: f32| (v * 1000.0).round() as i64;
    let pt = |p: &Point| format!("{},{}", r(p.x), r(p.y));
    let pts = |ps: &[Point]| ps.iter().map(pt).collect::<Vec<_>>().join(" ");
    let mut text = String::new();
    for op in ops {
        let line = match op {
            DrawOp::FillRect { x, y, w, h, colour } => {
                format!("fr {} {} {} {} {colour:x}", r(*x), r(*y), r(*w), r(*h))
            }
            DrawOp::StrokeRect {
                x,
                y,
                w,
                h,
                colour,
                width,
            } => format!(
                "sr {} {} {} {} {colour:x} {}",
                r(*x),
                r(*y),
                r(*w),
                r(*h),
                r(*width)
            ),
            DrawOp::FillCircle {
                centre,
                radius,
                colour,
            } => {
                format!("fc {} {} {colour:x}", pt(centre), r(*radius))
            }
            DrawOp::StrokeCircle {
                centre,
                radius,
                colour,
                width,
            } => format!("sc {} {} {colour:x} {}", pt(centre), r(*radius), r(*width)),
            DrawOp::Line {
                from,
                to,
                colour,
                width,
                cap,
                dash,
            } => format!(
                "l {} {} {colour:x} {} {cap:?} {:?}",
                pt(from),
                pt(to),
                r(*width),
                dash.as_ref()
                    .map(|d| d.iter().map(|v| r(*v)).collect::<Vec<_>>())
            ),
            DrawOp::Polyline {
                points,
                colour,
                width,
                cap,
            } => format!("pl {} {colour:x} {} {cap:?}", pts(points), r(*width)),
            DrawOp::FillPolygon { points, colour } => format!("pg {} {colour:x}", pts(points)),
            DrawOp::Text {
                at,
                text: t,
                size,
                colour,
                bold,
            } => format!("t {} {t:?} {} {colour:x} {bold}", pt(at), r(*size)),
        };
        text.push_str(&line);
        text.push('\n');
    }
    fnv1a(text.as_bytes())
}

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}
