//! The unit of every judgement of a position: the evaluation's weights, its result and the
//! search's scores (beyond `search::MATE_BOUND` a forced result).

/// A position's value, from one side's point of view.
pub type Score = i32;
