//! The integration tests, built as one test binary (one link instead of one per file):
//! each file in `tests/` is a module here, named for the feature it covers, and
//! `tests/common/` holds what they share. Run one feature with
//! `cargo test --test integration ability_deck::`.

mod common;

mod ability_deck;
mod ability_deck_elements;
mod ability_deck_initiatives;
mod ability_deck_rules;
mod ability_deck_spoils;
mod ability_deck_table;
mod ai_deck;
mod ai_deck_bad_input;
mod ai_deck_cards;
mod ai_deck_hp;
mod ai_deck_showdown;
mod ai_deck_survivors;
mod architecture;
mod at_the_table;
mod board_format;
mod board_words;
mod calibration;
mod closest_and_fallback;
mod deck;
mod determinism;
mod docs_stay_true;
mod effects;
mod entered_cards;
mod entered_dice;
mod extra_system;
mod fights;
mod focus;
mod focus_invariant;
mod golden;
mod hardening;
mod hardening_limits;
mod hardening_rerun;
mod import_ghs;
mod import_gloom;
mod leaving_the_board;
mod needs_bad;
mod needs_warren;
mod options_agree;
mod pipes;
mod player_commands;
mod readme;
mod record_words;
mod robustness;
mod rooms_waiting;
mod schema_boards;
mod scheme_rules;
mod self_effects;
mod sequences;
mod show;
mod show_pictures;
mod simulate;
mod simulate_sweep;
mod stalemate;
mod svg_fits;
mod symbol_order;
mod terrain_and_healing;
mod traits;
mod traits_reactive;
mod turns;
mod words_at_the_table;
mod worked_examples;
