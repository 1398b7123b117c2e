//! The board format's JSON Schema reduced to what the objects-as-arrays check reads
//! ([`crate::io::shape`]), compiled in so that loading a board parses no schema. Written by
//! `BLESS=1 cargo test --lib shape_table`; that test keeps it in step with the types.

use crate::io::shape::{Items, Node};

#[rustfmt::skip]
pub static BOARD_SHAPE: &[Node<'static>] = &[
    // 0
    Node { object_only: true, fields: &[("$schema", &[1]), ("acting", &[2]), ("arrivals", &[3]), ("boss_cards", &[12]), ("cards_drawn", &[13]), ("creatures", &[14]), ("fallen", &[49]), ("fires", &[52]), ("format", &[56]), ("grid", &[57]), ("legend", &[62]), ("map", &[64]), ("name", &[66]), ("resurrections", &[67]), ("rng", &[70]), ("round", &[73]), ("scheme_file", &[74]), ("systems", &[75]), ("terrain", &[77]), ("thin_walls", &[81]), ("traps", &[84]), ("turn_order", &[90])], other_fields: &[], items: &[] },
    // 1
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 2
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 3
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(4)] },
    // 4
    Node { object_only: true, fields: &[("by", &[5]), ("count", &[6]), ("near", &[7]), ("round", &[8]), ("side", &[9]), ("types", &[10])], other_fields: &[], items: &[] },
    // 5
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 6
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 7
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 8
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 9
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 10
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(11)] },
    // 11
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 12
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 13
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 14
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(15)] },
    // 15
    Node { object_only: true, fields: &[("defence", &[16]), ("elite", &[17]), ("gold", &[18]), ("hp", &[19]), ("id", &[20]), ("max_hp", &[21]), ("morale_tested", &[22]), ("name", &[23]), ("position", &[24]), ("range", &[25]), ("retaliated", &[26]), ("saves", &[27]), ("side", &[9]), ("speed", &[34]), ("statuses", &[35]), ("summoner", &[43]), ("traits", &[44]), ("type", &[46]), ("used", &[47])], other_fields: &[], items: &[] },
    // 16
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 17
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 18
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 19
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 20
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 21
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 22
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 23
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 24
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 25
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 26
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 27
    Node { object_only: true, fields: &[("cha", &[28]), ("con", &[29]), ("dex", &[30]), ("int", &[31]), ("str", &[32]), ("wis", &[33])], other_fields: &[], items: &[] },
    // 28
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 29
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 30
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 31
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 32
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 33
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 34
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 35
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(36)] },
    // 36
    Node { object_only: true, fields: &[("amount", &[37]), ("fresh", &[38]), ("range", &[39]), ("round", &[40]), ("status", &[41]), ("until", &[42])], other_fields: &[], items: &[] },
    // 37
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 38
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 39
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 40
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 41
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 42
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 43
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 44
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(45)] },
    // 45
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 46
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 47
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(48)] },
    // 48
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 49
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(50)] },
    // 50
    Node { object_only: true, fields: &[("creature", &[15]), ("round", &[51])], other_fields: &[], items: &[] },
    // 51
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 52
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(53)] },
    // 53
    Node { object_only: true, fields: &[("cell", &[54]), ("rounds_left", &[55])], other_fields: &[], items: &[] },
    // 54
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 55
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 56
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 57
    Node { object_only: true, fields: &[("height", &[58]), ("kind", &[59]), ("metric", &[60]), ("width", &[61])], other_fields: &[], items: &[] },
    // 58
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 59
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 60
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 61
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 62
    Node { object_only: true, fields: &[], other_fields: &[63], items: &[] },
    // 63
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 64
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(65)] },
    // 65
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 66
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 67
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(68)] },
    // 68
    Node { object_only: true, fields: &[("creature", &[15]), ("round", &[69])], other_fields: &[], items: &[] },
    // 69
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 70
    Node { object_only: true, fields: &[("position", &[71]), ("seed", &[72])], other_fields: &[], items: &[] },
    // 71
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 72
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 73
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 74
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 75
    Node { object_only: true, fields: &[], other_fields: &[76], items: &[] },
    // 76
    Node { object_only: true, fields: &[], other_fields: &[], items: &[] },
    // 77
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(78)] },
    // 78
    Node { object_only: true, fields: &[("cells", &[79]), ("kind", &[63])], other_fields: &[], items: &[] },
    // 79
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(80)] },
    // 80
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 81
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(82)] },
    // 82
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(83)] },
    // 83
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 84
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(85)] },
    // 85
    Node { object_only: true, fields: &[("cell", &[86]), ("damage", &[87]), ("side", &[88]), ("statuses", &[89])], other_fields: &[], items: &[] },
    // 86
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 87
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 88
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
    // 89
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(41)] },
    // 90
    Node { object_only: false, fields: &[], other_fields: &[], items: &[Items::All(91)] },
    // 91
    Node { object_only: false, fields: &[], other_fields: &[], items: &[] },
];
