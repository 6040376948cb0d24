//! The apps' sounds, synthesised here (no recordings, no licences): short 16-bit mono PCM WAV
//! files at 22,050 Hz, a format both Android and iOS play natively. This test writes the same
//! bytes every time and fails when the committed files differ;
//! `TAFL_BLESS=1 cargo test -p tafl-core --test sounds` rewrites them.
//!
//! - `move`: a wooden tap (a decaying low tone with a little noise);
//! - `capture`: two taps, the second lower, with more body;
//! - `win`: a rising major arpeggio; `loss`: a falling minor one; `draw`: two even tones.

use std::f64::consts::TAU;
use std::path::{Path, PathBuf};

const RATE: u32 = 22_050;

/// A deterministic noise source (a linear congruential generator), so that the files never
/// change between runs.
struct Noise(u64);

impl Noise {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as f64 / (1u64 << 31) as f64) * 2.0 - 1.0
    }
}

/// A tap at `start` seconds: a tone of `freq` Hz with its octave, decaying in `decay` seconds,
/// plus a short burst of noise for the attack.
fn tap(out: &mut [f64], start: f64, freq: f64, decay: f64, gain: f64, noise: &mut Noise) {
    let first = (start * f64::from(RATE)) as usize;
    for (i, sample) in out.iter_mut().enumerate().skip(first) {
        let t = (i - first) as f64 / f64::from(RATE);
        let envelope = (-t / decay).exp();
        let tone = (TAU * freq * t).sin() + 0.35 * (TAU * 2.0 * freq * t).sin();
        let click = if t < 0.006 {
            noise.next() * (1.0 - t / 0.006)
        } else {
            0.0
        };
        *sample += gain * (envelope * tone + 0.5 * click);
    }
}

/// A soft tone (a sine with a gentle attack and release) from `start` for `length` seconds.
fn tone(out: &mut [f64], start: f64, length: f64, freq: f64, gain: f64) {
    let first = (start * f64::from(RATE)) as usize;
    let n = (length * f64::from(RATE)) as usize;
    for (k, sample) in out.iter_mut().skip(first).take(n).enumerate() {
        let t = k as f64 / f64::from(RATE);
        let attack = (t / 0.01).min(1.0);
        let release = ((length - t) / 0.08).clamp(0.0, 1.0);
        let shape = attack * release * (-t / (length * 1.5)).exp();
        *sample += gain * shape * ((TAU * freq * t).sin() + 0.2 * (TAU * 3.0 * freq * t).sin());
    }
}

fn render(name: &str) -> Vec<f64> {
    let mut noise = Noise(0x7AF1);
    let seconds = match name {
        "move" => 0.16,
        "capture" => 0.28,
        "draw" => 0.55,
        _ => 0.75,
    };
    let mut out = vec![0.0; (seconds * f64::from(RATE)) as usize];
    match name {
        "move" => tap(&mut out, 0.0, 520.0, 0.035, 0.6, &mut noise),
        "capture" => {
            tap(&mut out, 0.0, 440.0, 0.04, 0.55, &mut noise);
            tap(&mut out, 0.09, 290.0, 0.06, 0.65, &mut noise);
        }
        "win" => {
            for (i, f) in [523.25, 659.25, 783.99].into_iter().enumerate() {
                tone(&mut out, i as f64 * 0.12, 0.5, f, 0.35);
            }
        }
        "loss" => {
            for (i, f) in [392.0, 311.13, 261.63].into_iter().enumerate() {
                tone(&mut out, i as f64 * 0.15, 0.45, f, 0.35);
            }
        }
        "draw" => {
            tone(&mut out, 0.0, 0.25, 440.0, 0.35);
            tone(&mut out, 0.25, 0.28, 440.0, 0.35);
        }
        other => panic!("no sound named {other}"),
    }
    out
}

fn wav(samples: &[f64]) -> Vec<u8> {
    let peak = samples.iter().fold(0.0f64, |m, s| m.max(s.abs())).max(1e-9);
    let scale = 0.8 * f64::from(i16::MAX) / peak;
    let data: Vec<u8> = samples
        .iter()
        .flat_map(|s| ((s * scale).round() as i16).to_le_bytes())
        .collect();
    let mut out = Vec::with_capacity(44 + data.len());
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data.len() as u32).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes()); // the fmt chunk's size
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes()); // bytes per second
    out.extend_from_slice(&2u16.to_le_bytes()); // bytes per frame
    out.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    out.extend_from_slice(&data);
    out
}

const NAMES: [&str; 5] = ["move", "capture", "win", "loss", "draw"];

fn places(name: &str) -> [PathBuf; 2] {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("repository")
        .to_path_buf();
    [
        root.join(format!("android/app/src/main/res/raw/{name}.wav")),
        root.join(format!("ios/App/Sounds/{name}.wav")),
    ]
}

#[test]
fn sound_files_are_fresh() {
    let bless = std::env::var_os("TAFL_BLESS").is_some();
    let mut stale = Vec::new();
    for name in NAMES {
        let bytes = wav(&render(name));
        for path in places(name) {
            if std::fs::read(&path).ok().as_deref() == Some(bytes.as_slice()) {
                continue;
            }
            if bless {
                std::fs::create_dir_all(path.parent().expect("a folder")).expect("folder");
                std::fs::write(&path, &bytes).expect("write");
            } else {
                stale.push(path.display().to_string());
            }
        }
    }
    assert!(
        stale.is_empty(),
        "stale sounds (TAFL_BLESS=1 to rewrite): {stale:?}"
    );
}

#[test]
fn sounds_are_short_audible_and_never_clip() {
    for name in NAMES {
        let samples = render(name);
        let seconds = samples.len() as f64 / f64::from(RATE);
        assert!((0.1..=0.8).contains(&seconds), "{name}: {seconds} s");
        let bytes = wav(&samples);
        assert!(bytes.len() < 40_000, "{name}: {} bytes", bytes.len());
        let pcm: Vec<i16> = bytes[44..]
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect();
        let peak = pcm.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0);
        assert!(
            peak > 20_000 && peak < i16::MAX as u16,
            "{name}: peak {peak}"
        );
        // It fades out: the last 20 ms are quiet.
        let tail = &pcm[pcm.len() - (RATE as usize / 50)..];
        let loudest_tail = tail.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0);
        assert!(
            loudest_tail < peak / 4,
            "{name}: ends at {loudest_tail} of {peak}"
        );
    }
}
