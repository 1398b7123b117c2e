//! The speed dice of an attack, a monster's or a survivor's: rolled by the board's
//! generator or entered by the players, with what they are for.

use crate::rules::world::World;

/// The `speed` d10s of an attack by `by` on `id` (monster's or survivor's): the faces
/// and whether the players rolled them.
pub(crate) fn speed_roll(world: &mut World, by: &str, id: &str, speed: u32) -> (Vec<u32>, bool) {
    let what = format!(
        "{} attacks {}, speed dice",
        world.name_of(by),
        world.name_of(id)
    );
    let dice = crate::chance::dice::Dice {
        count: speed,
        sides: 10,
        modifier: 0,
    };
    let rolled = world.roll(&dice, &what);
    (rolled.faces, rolled.entered)
}
