//! A sweep's report as an SVG picture (`--svg FILE`). One varied number: the players' win
//! rate against its value, with the 95% interval as a band, each rate asked for as a
//! dashed line and each crossing marked. Two: a heat map of the players' win rate, rows
//! for the first number and columns for the second, with each rate's crossings joined
//! across the rows. The canvas is as wide as its texts need; numbers are written with at
//! most two decimals, so the same report gives the same bytes.

use super::report::{Crossing, SweepReport};
use super::text::percent;
use crate::render::svg::{escape, num};
use crate::render::svg_key::text_width;
use std::fmt::Write;

const TOP: f64 = 78.0;
const PLOT_W: f64 = 560.0;
const PLOT_H: f64 = 280.0;
const MIN_LEFT: f64 = 60.0;
const RATE_COLOUR: &str = "#b5473a";

/// The picture as a whole SVG document.
pub(crate) fn render(r: &SweepReport) -> String {
    let h = &r.header;
    let title = match &h.board {
        Some(b) => format!("Players' win rate: {b}"),
        None => "Players' win rate".to_string(),
    };
    let mut rates: Vec<f64> = h.at.clone();
    if let Some(t) = h.target
        && !rates.contains(&t)
    {
        rates.push(t);
    }
    let lines: Vec<String> = rates.iter().map(|x| percent(*x)).collect();
    let fights = match h.precision {
        Some(_) => format!("up to {} fights a value", h.runs),
        None => format!("{} fights a value", h.runs),
    };
    let subtitle = if lines.is_empty() {
        format!("{fights}, seed {}", h.seed)
    } else {
        format!("{fights}, seed {}; dashed: {}", h.seed, lines.join(", "))
    };
    // The curve's plot fills the width the heading needs.
    let heading = (40.0 + text_width(&title, 15.0)).max(40.0 + text_width(&subtitle, 12.0));
    let mut body = String::new();
    let (plot_right, plot_bottom) = if h.vary.len() == 1 {
        let room = MIN_LEFT + rate_labels(&rates) + 20.0;
        curve(&mut body, r, &rates, (heading - room).max(PLOT_W))
    } else {
        heat_map(&mut body, r, &rates)
    };
    let width = (plot_right + 20.0).max(heading);
    let height = plot_bottom + 20.0;
    let mut s = super::super::svg::canvas(width, height, &title, 26.0);
    let _ = writeln!(s, r#"<text x="20" y="46">{}</text>"#, escape(&subtitle));
    s.push_str(&body);
    s.push_str("</svg>\n");
    s
}

/// The y of a rate in the curve's plot.
fn y_of(rate: f64) -> f64 {
    TOP + PLOT_H * (1.0 - rate)
}

/// The room right of the curve's plot for the rate lines' labels.
fn rate_labels(rates: &[f64]) -> f64 {
    6.0 + rates
        .iter()
        .map(|x| text_width(&percent(*x), 12.0))
        .fold(0.0, f64::max)
}

/// One varied number: the curve, its band, the rate lines and the crossings, on a plot
/// `plot_w` wide. Gives the plot's right edge (with its labels) and the picture's bottom.
fn curve(s: &mut String, r: &SweepReport, rates: &[f64], plot_w: f64) -> (f64, f64) {
    let what = &r.header.vary[0].what;
    let left = MIN_LEFT;
    let values: Vec<i64> = r.rows.iter().map(|row| row.values[0]).collect();
    let (lo, hi) = match (values.first(), values.last()) {
        (Some(a), Some(b)) => (*a as f64, *b as f64),
        _ => (0.0, 1.0),
    };
    let x_of = |v: f64| {
        if hi > lo {
            left + plot_w * (v - lo) / (hi - lo)
        } else {
            left + plot_w / 2.0
        }
    };
    for tick in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let y = y_of(tick);
        let _ = writeln!(
            s,
            r##"<line x1="{l}" y1="{y}" x2="{r}" y2="{y}" stroke="#ddd"/>"##,
            l = num(left),
            r = num(left + plot_w),
            y = num(y)
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="end">{:.0}%</text>"#,
            num(left - 6.0),
            num(y + 4.0),
            tick * 100.0
        );
    }
    // The band: the interval's top edge left to right, then its bottom edge back.
    let mut band: Vec<String> = r
        .rows
        .iter()
        .map(|row| point(x_of(row.values[0] as f64), y_of(row.players.high)))
        .collect();
    band.extend(
        r.rows
            .iter()
            .rev()
            .map(|row| point(x_of(row.values[0] as f64), y_of(row.players.low))),
    );
    let _ = writeln!(
        s,
        r##"<polygon points="{}" fill="#c6dbef" stroke="none"><title>95% interval</title></polygon>"##,
        band.join(" ")
    );
    let line: Vec<String> = r
        .rows
        .iter()
        .map(|row| point(x_of(row.values[0] as f64), y_of(row.players.rate)))
        .collect();
    let _ = writeln!(
        s,
        r##"<polyline points="{}" fill="none" stroke="#2b6cb0" stroke-width="2"/>"##,
        line.join(" ")
    );
    for row in &r.rows {
        let _ = writeln!(
            s,
            r##"<circle cx="{}" cy="{}" r="3" fill="#2b6cb0"><title>{what} {}: {} ({:.1}%-{:.1}%)</title></circle>"##,
            num(x_of(row.values[0] as f64)),
            num(y_of(row.players.rate)),
            row.values[0],
            percent(row.players.rate),
            row.players.low * 100.0,
            row.players.high * 100.0
        );
    }
    for rate in rates {
        let y = y_of(*rate);
        let _ = writeln!(
            s,
            r##"<line x1="{l}" y1="{y}" x2="{r}" y2="{y}" stroke="{RATE_COLOUR}" stroke-dasharray="6 4"/>"##,
            l = num(left),
            r = num(left + plot_w),
            y = num(y)
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" fill="{RATE_COLOUR}">{}</text>"#,
            num(left + plot_w + 6.0),
            num(y + 4.0),
            percent(*rate)
        );
    }
    for c in &r.crossings {
        let Some(v) = c.value else { continue };
        let (x, y) = (x_of(v), y_of(c.rate));
        let _ = writeln!(
            s,
            r##"<line x1="{x}" y1="{y}" x2="{x}" y2="{b}" stroke="{RATE_COLOUR}" stroke-dasharray="2 3"><title>{} at {what} {}</title></line>"##,
            percent(c.rate),
            num(v),
            x = num(x),
            y = num(y),
            b = num(TOP + PLOT_H)
        );
    }
    if let Some(t) = &r.target {
        let _ = writeln!(
            s,
            r##"<circle cx="{}" cy="{}" r="7" fill="none" stroke="{RATE_COLOUR}" stroke-width="2"><title>--target {}: {what} {}</title></circle>"##,
            num(x_of(t.value as f64)),
            num(y_of(t.players.rate)),
            percent(t.rate),
            t.value
        );
    }
    // The value labels, as many as fit side by side.
    let bottom = TOP + PLOT_H;
    let _ = writeln!(
        s,
        r##"<line x1="{l}" y1="{b}" x2="{r}" y2="{b}" stroke="#333"/>"##,
        l = num(left),
        r = num(left + plot_w),
        b = num(bottom)
    );
    let widest = values
        .iter()
        .map(|v| text_width(&v.to_string(), 12.0))
        .fold(0.0, f64::max);
    let every = ((values.len() as f64 * (widest + 10.0)) / plot_w)
        .ceil()
        .max(1.0) as usize;
    for (i, v) in values.iter().enumerate() {
        if i % every != 0 && i + 1 != values.len() {
            continue;
        }
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle">{v}</text>"#,
            num(x_of(*v as f64)),
            num(bottom + 16.0)
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle" font-weight="bold">{}</text>"#,
        num(left + plot_w / 2.0),
        num(bottom + 38.0),
        escape(what)
    );
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" font-size="11">band: 95% interval of the players' win rate</text>"#,
        num(left),
        num(TOP - 8.0)
    );
    // Where each rate is crossed, said under the plot (dotted lines mark them on it).
    let mut y = bottom + 62.0;
    let mut widest: f64 = 0.0;
    for rate in &r.header.at {
        let at: Vec<String> = r
            .crossings
            .iter()
            .filter(|c| c.rate == *rate)
            .filter_map(|c| {
                let v = c.value?;
                let exact = c.between.is_some_and(|[a, b]| a.value == b.value);
                Some(if exact {
                    num(v)
                } else {
                    format!("≈ {}", num(v))
                })
            })
            .collect();
        let line = if at.is_empty() {
            format!("{}: not crossed", percent(*rate))
        } else {
            format!(
                "{}: crossed at {what} {} (≈: interpolated between rows)",
                percent(*rate),
                at.join(", ")
            )
        };
        widest = widest.max(text_width(&line, 12.0));
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" fill="{RATE_COLOUR}">{}</text>"#,
            num(left),
            num(y),
            escape(&line)
        );
        y += 18.0;
    }
    let right = (left + plot_w + rate_labels(rates))
        .max(left + plot_w / 2.0 + text_width(what, 12.0) / 2.0)
        .max(left + widest);
    (right, y - 4.0)
}

/// Two varied numbers: a heat map of the players' win rate. Gives the map's right edge
/// and the picture's bottom.
fn heat_map(s: &mut String, r: &SweepReport, rates: &[f64]) -> (f64, f64) {
    let (first, second) = (&r.header.vary[0], &r.header.vary[1]);
    let (rows, cols) = (&first.values, &second.values);
    let cw = (PLOT_W / cols.len() as f64).clamp(14.0, 90.0);
    let ch = (PLOT_H / rows.len() as f64).clamp(14.0, 40.0);
    let widest_row = rows
        .iter()
        .map(|v| text_width(&v.to_string(), 12.0))
        .fold(0.0, f64::max);
    let left = MIN_LEFT.max(widest_row + 28.0);
    let top = TOP + 20.0;
    let _ = writeln!(
        s,
        r#"<text x="20" y="{}" font-weight="bold">{}</text>"#,
        num(top - 26.0),
        escape(&format!("rows: {}; columns: {}", first.what, second.what))
    );
    let col_x = |c: usize| left + cw * c as f64;
    let row_y = |i: usize| top + ch * i as f64;
    let label_fits = cw >= text_width("100%", 10.0) + 4.0 && ch >= 13.0;
    for row in &r.rows {
        let (Some(i), Some(c)) = (
            rows.iter().position(|v| *v == row.values[0]),
            cols.iter().position(|v| *v == row.values[1]),
        ) else {
            continue;
        };
        let _ = writeln!(
            s,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{}"><title>{} {}, {} {}: {}</title></rect>"#,
            num(col_x(c)),
            num(row_y(i)),
            num(cw),
            num(ch),
            colour(row.players.rate),
            escape(&first.what),
            row.values[0],
            escape(&second.what),
            row.values[1],
            percent(row.players.rate)
        );
        if label_fits {
            let _ = writeln!(
                s,
                r#"<text x="{}" y="{}" font-size="10" text-anchor="middle">{:.0}%</text>"#,
                num(col_x(c) + cw / 2.0),
                num(row_y(i) + ch / 2.0 + 4.0),
                row.players.rate * 100.0
            );
        }
    }
    for (i, v) in rows.iter().enumerate() {
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="end">{v}</text>"#,
            num(left - 6.0),
            num(row_y(i) + ch / 2.0 + 4.0)
        );
    }
    let bottom = row_y(rows.len());
    let widest = cols
        .iter()
        .map(|v| text_width(&v.to_string(), 12.0))
        .fold(0.0, f64::max);
    let every = ((widest + 8.0) / cw).ceil().max(1.0) as usize;
    for (c, v) in cols.iter().enumerate() {
        if c % every != 0 && c + 1 != cols.len() {
            continue;
        }
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle">{v}</text>"#,
            num(col_x(c) + cw / 2.0),
            num(bottom + 16.0)
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle" font-weight="bold">{}</text>"#,
        num(left + cw * cols.len() as f64 / 2.0),
        num(bottom + 34.0),
        escape(&second.what)
    );
    // Each rate's crossings, row by row, joined.
    for rate in rates {
        let mut points = Vec::new();
        for c in r.crossings.iter().filter(|c| c.rate == *rate) {
            if let Some(p) = crossing_point(c, rows, cols, &col_x, &row_y, cw, ch) {
                points.push(p);
            }
        }
        if points.is_empty() {
            continue;
        }
        let _ = writeln!(
            s,
            r##"<polyline points="{}" fill="none" stroke="#222" stroke-width="2" stroke-dasharray="6 4"><title>players win {}</title></polyline>"##,
            points.join(" "),
            percent(*rate)
        );
    }
    // The colour key.
    let key_y = bottom + 50.0;
    let key_w = 200.0;
    for k in 0..20 {
        let rate = f64::from(k) / 19.0;
        let _ = writeln!(
            s,
            r#"<rect x="{}" y="{}" width="{}" height="12" fill="{}"/>"#,
            num(left + key_w * f64::from(k) / 20.0),
            num(key_y),
            num(key_w / 20.0 + 0.5),
            colour(rate)
        );
    }
    for (x, label, anchor) in [
        (left, "0%", "start"),
        (left + key_w / 2.0, "50%", "middle"),
        (left + key_w, "100%", "end"),
    ] {
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="{anchor}">{label}</text>"#,
            num(x),
            num(key_y + 28.0)
        );
    }
    let key_text = if rates.is_empty() {
        "players' win rate".to_string()
    } else {
        format!(
            "players' win rate; dashed: where it crosses {}",
            rates
                .iter()
                .map(|x| percent(*x))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}">{}</text>"#,
        num(left + key_w + 12.0),
        num(key_y + 11.0),
        escape(&key_text)
    );
    let right = (left + cw * cols.len() as f64)
        .max(left + cw * cols.len() as f64 / 2.0 + text_width(&second.what, 12.0) / 2.0)
        .max(left + key_w + 12.0 + text_width(&key_text, 12.0))
        .max(
            20.0 + text_width(
                &format!("rows: {}; columns: {}", first.what, second.what),
                12.0,
            ),
        );
    (right, key_y + 36.0)
}

/// Where crossing `c` (along the columns, in the row of its `with`) lies on the map.
fn crossing_point(
    c: &Crossing,
    rows: &[i64],
    cols: &[i64],
    col_x: &dyn Fn(usize) -> f64,
    row_y: &dyn Fn(usize) -> f64,
    cw: f64,
    ch: f64,
) -> Option<String> {
    let (v, [a, b]) = (c.value?, c.between?);
    let i = rows.iter().position(|x| Some(*x) == c.with)?;
    let ca = cols.iter().position(|x| *x == a.value)?;
    let cb = cols.iter().position(|x| *x == b.value)?;
    let (xa, xb) = (col_x(ca) + cw / 2.0, col_x(cb) + cw / 2.0);
    let t = if b.value == a.value {
        0.0
    } else {
        (v - a.value as f64) / (b.value - a.value) as f64
    };
    Some(point(xa + t * (xb - xa), row_y(i) + ch / 2.0))
}

/// Red for the monsters' fights, white at even odds, green for the players'.
fn colour(rate: f64) -> String {
    let (from, to, t) = if rate < 0.5 {
        ((181.0, 71.0, 58.0), (247.0, 247.0, 247.0), rate * 2.0)
    } else {
        ((247.0, 247.0, 247.0), (59.0, 143.0, 79.0), rate * 2.0 - 1.0)
    };
    let mix = |a: f64, b: f64| (a + (b - a) * t).round() as u8;
    format!(
        "#{:02x}{:02x}{:02x}",
        mix(from.0, to.0),
        mix(from.1, to.1),
        mix(from.2, to.2)
    )
}

fn point(x: f64, y: f64) -> String {
    format!("{},{}", num(x), num(y))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_colours_run_from_red_through_white_to_green() {
        assert_eq!(colour(0.0), "#b5473a");
        assert_eq!(colour(0.5), "#f7f7f7");
        assert_eq!(colour(1.0), "#3b8f4f");
    }
}
