//! The report as an SVG chart: the outcome shares with their intervals as a heading, a
//! histogram of the rounds fights took, and a bar per creature for its chance to fall
//! (with the 95% interval as a whisker). Numbers are written with at most two decimals,
//! so the same report gives the same bytes.

use super::report::Report;
use super::report::Share;
use crate::render::svg::{escape, num};
use crate::render::svg_key::text_width;
use std::fmt::Write;

const WIDTH: f64 = 640.0;
/// Narrowest room left of the plot, for the creatures' names.
const MIN_LEFT: f64 = 160.0;
const PLOT: f64 = 420.0;
/// Room right of the plot for a percentage (`100.0%`).
const RIGHT: f64 = 70.0;
const ROW: f64 = 22.0;
const HIST_HEIGHT: f64 = 160.0;

/// The report as a whole SVG document.
pub(crate) fn render(report: &Report) -> String {
    let bins = &report.rounds.histogram;
    let creatures = &report.creatures;
    let hist_top = 80.0;
    let deaths_top = hist_top + HIST_HEIGHT + 70.0;
    let height = deaths_top + 30.0 + ROW * creatures.len() as f64 + 20.0;
    let title = match &report.board {
        Some(n) => format!("{} fights of {n}", report.runs),
        None => format!("{} fights", report.runs),
    };
    let o = &report.outcomes;
    let mut outcome = format!(
        "Heroes win {}, monsters win {}",
        share(&o.players),
        share(&o.monsters)
    );
    if o.stalemate.fights > 0 {
        outcome.push_str(&format!(", stalemate {}", share(&o.stalemate)));
    }
    if o.undecided.fights > 0 {
        outcome.push_str(&format!(", undecided {}", share(&o.undecided)));
    }
    // The canvas is as wide as its longest text needs (see `render::svg_key`).
    let widest_name = creatures
        .iter()
        .map(|c| text_width(&c.name, 12.0))
        .fold(0.0, f64::max);
    let left = MIN_LEFT.max(widest_name + 28.0);
    let width = (left + PLOT + RIGHT)
        .max(WIDTH)
        .max(40.0 + text_width(&title, 15.0))
        .max(40.0 + text_width(&outcome, 13.0));
    let mut s = canvas(width, height, &title, 24.0);
    let _ = writeln!(
        s,
        r#"<text class="outcome" x="20" y="46" font-size="13" font-weight="bold">{}</text>"#,
        escape(&outcome)
    );
    let _ = writeln!(
        s,
        r#"<text x="20" y="{}">Rounds to the end</text>"#,
        num(hist_top - 6.0)
    );
    let most = bins.iter().map(|b| b.fights).max().unwrap_or(1).max(1) as f64;
    let (first, last) = match (bins.first(), bins.last()) {
        (Some(a), Some(b)) => (a.rounds, b.rounds),
        _ => (1, 1),
    };
    let slots = f64::from(last - first + 1);
    let slot = PLOT / slots;
    for b in bins {
        let h = HIST_HEIGHT * b.fights as f64 / most;
        let x = left + slot * f64::from(b.rounds - first);
        let _ = writeln!(
            s,
            r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#4a78b5"><title>{} rounds: {} fights</title></rect>"##,
            num(x + 1.0),
            num(hist_top + HIST_HEIGHT - h),
            num((slot - 2.0).max(1.0)),
            num(h),
            b.rounds,
            b.fights
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
            num(x + slot / 2.0),
            num(hist_top + HIST_HEIGHT + 16.0),
            b.rounds
        );
    }
    let _ = writeln!(
        s,
        r##"<line x1="{l}" y1="{y}" x2="{r}" y2="{y}" stroke="#333"/>"##,
        l = num(left),
        r = num(left + PLOT),
        y = num(hist_top + HIST_HEIGHT)
    );
    let _ = writeln!(
        s,
        r#"<text x="20" y="{}">most fights: {}</text>"#,
        num(hist_top + 12.0),
        most
    );
    let _ = writeln!(
        s,
        r#"<text x="20" y="{}">Chance to fall (95% interval)</text>"#,
        num(deaths_top - 6.0)
    );
    for (k, c) in creatures.iter().enumerate() {
        let y = deaths_top + ROW * k as f64;
        let colour = if c.side == "players" {
            "#3b8f4f"
        } else {
            "#b5473a"
        };
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="end">{}</text>"#,
            num(left - 8.0),
            num(y + 14.0),
            escape(&c.name)
        );
        let _ = writeln!(
            s,
            r#"<rect x="{}" y="{}" width="{}" height="14" fill="{colour}"><title>{}: {:.1}%</title></rect>"#,
            num(left),
            num(y + 3.0),
            num(PLOT * c.falls.rate),
            escape(&c.name),
            c.falls.rate * 100.0
        );
        let _ = writeln!(
            s,
            r##"<line x1="{}" y1="{m}" x2="{}" y2="{m}" stroke="#222"/>"##,
            num(left + PLOT * c.falls.low),
            num(left + PLOT * c.falls.high),
            m = num(y + 10.0)
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}">{:.1}%</text>"#,
            num(left + PLOT + 4.0),
            num(y + 14.0),
            c.falls.rate * 100.0
        );
    }
    s.push_str("</svg>\n");
    s
}

/// An SVG canvas `width` × `height` on white, with `title` in bold at the top left (its
/// baseline at `title_y`); the caller adds the rest and closes it.
pub(super) fn canvas(width: f64, height: f64, title: &str, title_y: f64) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">"#,
        w = num(width),
        h = num(height)
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="20" y="{}" font-size="15" font-weight="bold">{}</text>"#,
        num(title_y),
        escape(title)
    );
    s
}

/// `62.3% (59.1-65.4%)`: a share of the fights with its 95% interval.
fn share(s: &Share) -> String {
    format!(
        "{:.1}% ({:.1}-{:.1}%)",
        s.rate * 100.0,
        s.low * 100.0,
        s.high * 100.0
    )
}
