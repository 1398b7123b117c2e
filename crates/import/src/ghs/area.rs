//! GHS's areas of effect: `(x,y,kind)|(x,y,kind)|…`, hexes of a pointy-topped grid whose
//! odd rows sit half a hex to the right, `kind` `target` (an area hex), `active` (the
//! attacker), or marks that carry no area (`blank`, `invisible`) or that we cannot say
//! (`conditional`, `ally`, `enhance`, `custom`). Swapping the two axes of the hex grid
//! turns pointy-topped hexes into flat-topped ones and keeps every neighbour a neighbour
//! (it is a mirror image, and areas are tried in every rotation and mirror anyway).

use crate::area_text;
use monster_ai_focus::aoe::MAX_PATTERN_HEXES;

/// Largest coordinate accepted in an area.
const MAX_COORD: i64 = 20;

/// An area read: our picture and the marks left out.
pub(crate) struct Area {
    pub picture: Option<String>,
    pub left_out: Vec<String>,
}

/// Reads an area; `Err` for text that is not GHS's area form.
pub(crate) fn read_area(text: &str) -> Result<Area, String> {
    let mut hexes = Vec::new();
    let mut left_out = Vec::new();
    for part in text.split('|') {
        let inner = part
            .trim()
            .strip_prefix('(')
            .and_then(|p| p.strip_suffix(')'))
            .ok_or_else(|| format!("`{part}` is not a hex such as `(1,0,target)`"))?;
        let mut fields = inner.splitn(3, ',');
        let mut coord = || -> Result<i64, String> {
            fields
                .next()
                .and_then(|f| f.trim().parse::<i64>().ok())
                .filter(|n| (0..=MAX_COORD).contains(n))
                .ok_or_else(|| format!("`{part}` needs two coordinates from 0 to {MAX_COORD}"))
        };
        let (x, y) = (coord()?, coord()?);
        let kind = fields.next().unwrap_or("").trim();
        let kind = kind.split(':').next().unwrap_or("");
        let mark = match kind {
            "target" => 'X',
            "active" => '@',
            "blank" | "invisible" => continue,
            "conditional" | "ally" | "enhance" | "custom" => {
                left_out.push(format!("({x},{y},{kind})"));
                continue;
            }
            other => return Err(format!("`{other}` in `{part}` is not a kind of area hex")),
        };
        // Pointy-topped odd-row offset → axial (q, r); swapping the axes gives our axial.
        let q = x - (y - (y & 1)) / 2;
        hexes.push(((y, q), mark));
    }
    let attackers: Vec<_> = hexes.iter().filter(|h| h.1 == '@').map(|h| h.0).collect();
    if attackers.len() > 1 {
        return Err("the area has two attacker hexes (`active`)".into());
    }
    let area: Vec<_> = hexes.iter().filter(|h| h.1 == 'X').map(|h| h.0).collect();
    if area.len() > MAX_PATTERN_HEXES {
        return Err(format!(
            "the area has {} hexes; at most {MAX_PATTERN_HEXES} can be carried",
            area.len()
        ));
    }
    let picture = (!area.is_empty()).then(|| area_text(&area, attackers.first().copied()));
    Ok(Area { picture, left_out })
}

#[cfg(test)]
mod tests {
    use super::*;
    use monster_ai_focus::Pattern;

    #[test]
    fn neighbours_stay_neighbours() {
        // Two hexes side by side in GHS's rows: one above the other in our columns.
        let a = read_area("(0,0,target)|(1,0,target)").unwrap();
        assert_eq!(a.picture.as_deref(), Some("X//X"));
        // The attacker and the hex down-right of it in GHS: a melee line of one.
        let a = read_area("(0,0,active)|(0,1,target)").unwrap();
        assert_eq!(a.picture.as_deref(), Some("@/  X"));
        // A triangle of three stays a triangle (every pair neighbours).
        let tri = read_area("(0,1,target)|(1,0,target)|(1,1,target)").unwrap();
        let p = Pattern::parse(tri.picture.as_deref().unwrap()).unwrap();
        assert_eq!(
            p.orientations(),
            Pattern::parse("X/  X/X").unwrap().orientations()
        );
    }

    #[test]
    fn marks_we_cannot_say_are_listed() {
        let a = read_area("(0,0,active)|(1,0,target)|(2,0,conditional)").unwrap();
        assert_eq!(a.left_out, ["(2,0,conditional)"]);
        assert!(read_area("(0,0,fire)").is_err());
        assert!(read_area("(99,0,target)").is_err());
        assert!(read_area("0,0,target").is_err());
    }
}
