//! gloom's bit stream: bytes read least-significant bit first, a value's first bit being
//! its lowest. Every read knows where it is, so a problem can be placed on the bit (and
//! from there on the character of the link) where it starts.

/// A read that ran past the end: where it started and how many bits it wanted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Short {
    pub at_bit: usize,
    pub wanted: u32,
}

pub(crate) struct Bits<'a> {
    bytes: &'a [u8],
    /// The next bit to read, counted from the first byte's lowest bit.
    pos: usize,
}

impl<'a> Bits<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Bits<'a> {
        Bits { bytes, pos: 0 }
    }

    /// The next bit's index.
    pub(crate) fn position(&self) -> usize {
        self.pos
    }

    /// Bits not read yet.
    pub(crate) fn remaining(&self) -> usize {
        self.bytes.len() * 8 - self.pos
    }

    /// True when every bit not read yet is 0 and lies in the last byte read (the padding
    /// that fills the last byte).
    pub(crate) fn only_padding_left(&self) -> bool {
        self.remaining() < 8 && (self.pos..self.bytes.len() * 8).all(|b| !self.bit(b))
    }

    fn bit(&self, index: usize) -> bool {
        self.bytes[index / 8] >> (index % 8) & 1 == 1
    }

    /// Reads `n` bits (at most 32) as a number.
    pub(crate) fn read(&mut self, n: u32) -> Result<u32, Short> {
        debug_assert!(n <= 32);
        if self.remaining() < n as usize {
            return Err(Short {
                at_bit: self.pos,
                wanted: n,
            });
        }
        let mut value = 0u32;
        for i in 0..n {
            if self.bit(self.pos) {
                value |= 1 << i;
            }
            self.pos += 1;
        }
        Ok(value)
    }
}

/// The base64 character (0-based) of the link that holds bit `bit` of the stream: base64
/// writes each byte's highest bit first, six bits a character.
pub(crate) fn char_of_bit(bit: usize) -> usize {
    (8 * (bit / 8) + 7 - bit % 8) / 6
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_read_lowest_bit_first_across_bytes() {
        // 0b1010_1101, 0b0000_0011: 3 bits → 0b101 = 5, then 7 bits → 0b11_10101 = 117.
        let bytes = [0b1010_1101, 0b0000_0011];
        let mut b = Bits::new(&bytes);
        assert_eq!(b.read(3), Ok(5));
        assert_eq!(b.read(7), Ok(0b11_10101));
        assert_eq!(b.position(), 10);
        assert!(b.only_padding_left());
        assert_eq!(
            b.read(7),
            Err(Short {
                at_bit: 10,
                wanted: 7
            })
        );
    }

    #[test]
    fn bits_map_to_their_base64_characters() {
        // Byte 0's highest bit (index 7) is the first bit of character 0; its lowest
        // (index 0) is in character 1 (positions 6-11).
        assert_eq!(char_of_bit(7), 0);
        assert_eq!(char_of_bit(2), 0);
        assert_eq!(char_of_bit(1), 1);
        assert_eq!(char_of_bit(0), 1);
        // Byte 2's lowest bit is position 23: the last bit of character 3.
        assert_eq!(char_of_bit(16), 3);
    }
}
