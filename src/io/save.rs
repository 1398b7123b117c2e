//! Saving a board safely: an advisory lock on a separate `BOARD.lock` file held for the
//! whole command, and an atomic write (temporary file in the same folder, fsync, rename).

use std::fs::File;
use std::path::{Path, PathBuf};

/// An exclusive advisory lock on `<board>.lock`, released on drop.
#[derive(Debug)]
pub struct BoardLock {
    _file: File,
    pub path: PathBuf,
}

impl BoardLock {
    /// Takes the lock without waiting; fails with a clear message naming the lock file if
    /// another command holds it.
    pub fn acquire(board: &Path) -> anyhow::Result<BoardLock> {
        todo!()
    }
}

/// Writes `bytes` to `path` atomically (or to stdout when `path` is `-`).
pub fn write_atomically(path: &str, bytes: &[u8]) -> anyhow::Result<()> {
    todo!()
}
