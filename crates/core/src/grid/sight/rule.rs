//! The two rules of hex line of sight a board may choose between.

/// Which line-of-sight rule a hex board uses (square boards ignore it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum HexSight {
    /// A line from any corner of one hex to any corner of the other touching no wall.
    #[default]
    CornerToCorner,
    /// A line from any point of one hex to any point of the other touching no wall.
    AnyPoint,
}
