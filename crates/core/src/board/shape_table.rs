//! The board format's JSON Schema reduced to what the objects-as-arrays check reads
//! ([`crate::io::shape`]), compiled in so that loading a board parses no schema. Written by
//! `BLESS=1 cargo test --lib shape_table`; that test keeps it in step with the types.

use crate::io::shape::{Items, Node};

#[rustfmt::skip]
pub(super) static BOARD_SHAPE: &[Node<'static>] = &[
    // 0
    Node { object_only: true, fields: &[("arrivals", &[1]), ("creatures", &[3]), ("fallen", &[8]), ("fires", &[11]), ("grid", &[13]), ("legend", &[14]), ("resurrections", &[15]), ("rng", &[18]), ("stalemate", &[19]), ("systems", &[24]), ("table", &[26]), ("terrain", &[29]), ("traps", &[31])], other_fields: &[], items: &[] },
    // 1
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(2)] },
    // 2
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
    // 3
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(4)] },
    // 4
    Node { object_only: true, fields: &[("saves", &[5]), ("statuses", &[6])], other_fields: &[], items: &[] },
    // 5
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
    // 6
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(7)] },
    // 7
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
    // 8
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(9)] },
    // 9
    Node { object_only: true, fields: &[("creature", &[10])], other_fields: &[], items: &[] },
    // 10
    Node { object_only: true, fields: &[("saves", &[5]), ("statuses", &[6])], other_fields: &[], items: &[] },
    // 11
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(12)] },
    // 12
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
    // 13
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
    // 14
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
    // 15
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(16)] },
    // 16
    Node { object_only: true, fields: &[("creature", &[17])], other_fields: &[], items: &[] },
    // 17
    Node { object_only: true, fields: &[("saves", &[5]), ("statuses", &[6])], other_fields: &[], items: &[] },
    // 18
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
    // 19
    Node { object_only: true, fields: &[("mark", &[20])], other_fields: &[], items: &[] },
    // 20
    Node { object_only: true, fields: &[("gold", &[21]), ("hp", &[22]), ("nearest", &[23])], other_fields: &[], items: &[] },
    // 21
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
    // 22
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
    // 23
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
    // 24
    Node { object_only: true, fields: &[], other_fields: &[25], items: &[] },
    // 25
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
    // 26
    Node { object_only: true, fields: &[("entered", &[27])], other_fields: &[], items: &[] },
    // 27
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(28)] },
    // 28
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
    // 29
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(30)] },
    // 30
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
    // 31
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(32)] },
    // 32
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
];
