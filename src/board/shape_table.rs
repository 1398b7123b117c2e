//! The board format's JSON Schema reduced to what the objects-as-arrays check reads
//! ([`crate::io::shape`]), compiled in so that loading a board parses no schema. Written by
//! `BLESS=1 cargo test --lib shape_table`; that test keeps it in step with the types.

use crate::io::shape::{Items, Node};

#[rustfmt::skip]
pub(super) static BOARD_SHAPE: &[Node<'static>] = &[
    // 0
    Node { object_only: true, fields: &[("arrivals", &[1]), ("creatures", &[3]), ("fallen", &[8]), ("fires", &[10]), ("grid", &[12]), ("legend", &[13]), ("resurrections", &[14]), ("rng", &[16]), ("stalemate", &[17]), ("systems", &[22]), ("terrain", &[24]), ("traps", &[26])], other_fields: &[], items: &[] },
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
    Node { object_only: true, fields: &[("creature", &[4])], other_fields: &[], items: &[] },
    // 10
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(11)] },
    // 11
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
    // 12
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
    // 13
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
    // 14
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(15)] },
    // 15
    Node { object_only: true, fields: &[("creature", &[4])], other_fields: &[], items: &[] },
    // 16
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
    // 17
    Node { object_only: true, fields: &[("mark", &[18])], other_fields: &[], items: &[] },
    // 18
    Node { object_only: true, fields: &[("gold", &[19]), ("hp", &[20]), ("nearest", &[21])], other_fields: &[], items: &[] },
    // 19
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
    // 20
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
    // 21
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
    // 22
    Node { object_only: true, fields: &[], other_fields: &[23], items: &[] },
    // 23
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
    // 24
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(25)] },
    // 25
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
    // 26
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(27)] },
    // 27
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
];
