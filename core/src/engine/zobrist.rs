//! Zobrist keys: one random 64-bit key per (piece kind, square), and one for the side to move.
//! They are fixed at compile time so that hashes are the same in every run and on every device.

use crate::engine::bits::Square;

/// Every square of the largest board (19x19 fits in 384 bits). The first 128 keys of each
/// table are the ones the 11x11 engine always had, so hashes of those boards are unchanged.
const SQUARES: usize = 384;

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn table(seed: u64) -> [u64; SQUARES] {
    let mut keys = [0u64; SQUARES];
    let mut state = seed;
    let mut i = 0;
    while i < SQUARES {
        let (s, k) = splitmix64(state);
        state = s;
        keys[i] = k;
        i += 1;
    }
    keys
}

static ATTACKER: [u64; SQUARES] = table(0x7AF1_0001);
static DEFENDER: [u64; SQUARES] = table(0x7AF1_0002);
static KING: [u64; SQUARES] = table(0x7AF1_0003);

/// Toggled when the defenders are to move.
pub const DEFENDERS_TO_MOVE: u64 = splitmix64(0x7AF1_0004).1;

#[inline]
pub fn attacker(sq: Square) -> u64 {
    ATTACKER[sq.index()]
}

#[inline]
pub fn defender(sq: Square) -> u64 {
    DEFENDER[sq.index()]
}

#[inline]
pub fn king(sq: Square) -> u64 {
    KING[sq.index()]
}
