//! Balance sweeps, `simulate --vary` (SPEC §15, docs/simulate.md "Balance sweeps"): one
//! or two numbers of the fight's files varied over ranges, every value played with the
//! same seeds, one row per value, where the players' win rate crosses the rates asked for,
//! and the value `--target` bisects for.
//!
//! - `spec`: the command line's `--vary`, `--at`, `--target`, `--precision`, `--shard`.
//! - `values`: what a `--vary` names, looked up in the files through the systems
//!   (`Monsters::knob`, `CharacterModel::knob`), and each value's fight made ready.
//! - `run`: playing the rows (common random numbers, precision batches, bisection,
//!   shards); `tally`: a row's fights summed.
//! - `report`, `text`, `csv`, `svg`: the report and its forms; `partial`: a shard's
//!   document and `simulate merge`.

pub(crate) mod csv;
pub mod partial;
pub mod report;
pub mod run;
pub mod spec;
pub(crate) mod svg;
pub mod tally;
pub(crate) mod text;
pub mod values;

pub use partial::{Partial, merge};
pub use report::SweepReport;
pub use run::Plan;
pub use spec::VarySpec;
pub use values::{Base, Text};

use crate::board::limits::too_long;
use crate::error::Result;
use crate::io::diagnostic::Diagnostic;
use report::{Header, Named, Varied};

/// A sweep as asked for on the command line.
pub struct Asked {
    /// Each `--vary`, in order (at most two).
    pub vary: Vec<VarySpec>,
    /// The rates of `--at` (50% when none are given and there is no target).
    pub at: Vec<f64>,
    /// How to play it.
    pub plan: Plan,
}

/// What a sweep gives: the report, or with `--shard` the shard's partial document.
pub enum Outcome {
    /// The whole sweep's report.
    Report(SweepReport),
    /// One shard's part, for `simulate merge`.
    Partial(Partial),
}

/// Plays the sweep `asked` of the fight `base` on the current rayon pool, calling `tick`
/// after each fight. Refuses, before any fight, what a value's files refuse and a sweep
/// whose fights would be more work than one `simulate` may do.
pub fn sweep(base: &Base, asked: &Asked, tick: &(dyn Fn() + Sync)) -> Result<Outcome> {
    let params = asked
        .vary
        .iter()
        .map(|v| values::resolve(base, v))
        .collect::<Result<Vec<_>>>()?;
    let plan = &asked.plan;
    let grid = run::rows(&run::values_of(&params));
    let rows = match plan.target {
        Some(_) => run::most_probes(grid.len()),
        None => grid.len(),
    };
    let fights: u64 = match plan.shard {
        Some(_) => run::slice(grid.len(), plan)
            .iter()
            .map(|(_, r)| r.end - r.start)
            .sum(),
        None => rows as u64 * plan.runs,
    };
    let cells = crate::board::limits::cells(&base.fight.board);
    if let Some((message, _)) = too_long(
        base.fight.board.creatures.len(),
        cells,
        fights,
        plan.max_rounds,
    ) {
        return Err(Diagnostic::plain(format!("the sweep is too long: {message}"))
            .with_hint(format!(
                "it plays {rows} value{} of {} fights: take fewer values (a larger step), fewer --runs or --rounds, or cut it into --shard K/N slices",
                if rows == 1 { "" } else { "s" },
                plan.runs
            ))
            .into());
    }
    let header = header(base, asked, &params)?;
    let played = run::play(base, &params, plan, tick)?;
    Ok(match plan.shard {
        Some(shard) => Outcome::Partial(Partial::of(header, fingerprint(base), shard, played)),
        None => {
            let rows = played
                .rows
                .into_iter()
                .map(|(i, _, t)| (grid[i].clone(), t))
                .collect();
            let order = played
                .order
                .map(|o| o.into_iter().map(|i| grid[i][0]).collect());
            Outcome::Report(SweepReport::of(header, rows, order))
        }
    })
}

/// What the report says of the sweep before any fight.
fn header(base: &Base, asked: &Asked, params: &[values::Param]) -> Result<Header> {
    let plan = &asked.plan;
    let mut fight = base.fight.clone();
    let heroes = base
        .heroes
        .as_ref()
        .map(|h| (h.path.as_str(), h.text.as_str()));
    let characters = super::characters(base.registry, &mut fight, base.monsters.as_ref(), heroes)?;
    Ok(Header {
        board: base.fight.board.name.clone(),
        seed: plan.seed,
        runs: plan.runs,
        max_rounds: plan.max_rounds,
        ties: match plan.ties {
            crate::rules::ties::TiePolicy::First => "first",
            _ => "random",
        }
        .to_string(),
        precision: plan.precision,
        target: plan.target,
        at: asked.at.clone(),
        vary: params
            .iter()
            .map(|p| Varied {
                what: p.label.clone(),
                now: p.now,
                values: p.values.clone(),
            })
            .collect(),
        creatures: base
            .fight
            .board
            .creatures
            .iter()
            .map(|c| Named {
                id: c.id.clone(),
                name: c.display_name().to_string(),
            })
            .collect(),
        default_heroes: characters.defaulted(),
    })
}

/// A digest of the files a sweep read (FNV-1a, 64 bits), so `simulate merge` refuses
/// shards of sweeps of different files.
fn fingerprint(base: &Base) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let texts = [
        Some(&base.board),
        base.monster_file.as_ref(),
        base.heroes.as_ref(),
    ];
    for t in texts {
        for b in t
            .map_or(&b"-"[..], |t| t.text.as_bytes())
            .iter()
            .chain(&[0xff])
        {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}
