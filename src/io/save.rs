//! Saving a board safely: an advisory lock on a separate `BOARD.lock` file held for the
//! whole command, and an atomic write (temporary file in the same folder, fsync, rename).
//!
//! The lock lives in its own file because the board itself is replaced by a rename on every
//! save: a lock taken on the board would stay on the old, unlinked inode while the next
//! command locks the new one. The lock file is deliberately left behind after the command:
//! deleting it would race (a waiting command could lock the old file just as a third one
//! creates a fresh file and locks that, and both would believe they hold the lock). An empty
//! `board.json.lock` beside the board is harmless and is reused by the next command.

use anyhow::{Context, anyhow};
use atomic_write_file::AtomicWriteFile;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::Write;
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
    ///
    /// The lock file is `<board>.lock` in the board's folder (`board.json` locks
    /// `board.json.lock`); it is created when missing and never removed (see the module
    /// notes). The lock is advisory: it only keeps monster-ai commands apart. Callers do not
    /// lock when the board is read from standard input.
    pub fn acquire(board: &Path) -> anyhow::Result<BoardLock> {
        let path = lock_path(board);
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .with_context(|| format!("cannot create lock file `{}`", path.display()))?;
        match file.try_lock() {
            Ok(()) => Ok(BoardLock { _file: file, path }),
            Err(TryLockError::WouldBlock) => Err(anyhow!(
                "another monster-ai command is using `{}` (lock file `{}`); wait for it to finish",
                board.display(),
                path.display()
            )),
            Err(TryLockError::Error(e)) => {
                Err(anyhow!(e).context(format!("cannot lock `{}`", path.display())))
            }
        }
    }
}

/// `<board>.lock`, beside the board.
fn lock_path(board: &Path) -> PathBuf {
    let mut name = board.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

/// Writes `bytes` to `path` atomically (or to stdout when `path` is `-`).
///
/// The bytes go to a temporary file in the same folder, which is flushed to disk and then
/// renamed over `path`, so readers see either the old or the new content, never a mix, and a
/// crash leaves the old file intact. An existing file keeps its permissions (and its owner
/// where allowed). When `path` is a symbolic link, the file it points to is replaced and the
/// link is kept.
pub fn write_atomically(path: &str, bytes: &[u8]) -> anyhow::Result<()> {
    if path == "-" {
        let mut out = std::io::stdout().lock();
        return out
            .write_all(bytes)
            .and_then(|()| out.flush())
            .context("cannot write to standard output");
    }
    let target = resolve_symlink(Path::new(path));
    let write = || -> std::io::Result<()> {
        let mut file = AtomicWriteFile::open(&target)?;
        file.write_all(bytes)?;
        file.commit()
    };
    write().with_context(|| format!("cannot save `{path}`; the old file is unchanged"))
}

/// The final target of a symbolic link (so the rename replaces the file, not the link);
/// any other path unchanged.
fn resolve_symlink(path: &Path) -> PathBuf {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
        }
        _ => path.to_path_buf(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    /// A fresh, empty folder under the system temporary folder for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("monster-ai-io-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn lock_is_exclusive_and_released_on_drop() {
        let dir = scratch("lock");
        let board = dir.join("board.json");
        let first = BoardLock::acquire(&board).unwrap();
        assert_eq!(first.path, dir.join("board.json.lock"));
        assert!(first.path.exists());

        let err = BoardLock::acquire(&board).unwrap_err().to_string();
        assert_eq!(
            err,
            format!(
                "another monster-ai command is using `{}` (lock file `{}`); wait for it to finish",
                board.display(),
                first.path.display()
            )
        );

        drop(first);
        let again = BoardLock::acquire(&board).unwrap();
        assert!(again.path.exists(), "the lock file is left in place");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn lock_in_missing_folder_names_the_lock_file() {
        let dir = scratch("lock-missing");
        let board = dir.join("nope").join("board.json");
        let err = format!("{:#}", BoardLock::acquire(&board).unwrap_err());
        assert!(
            err.starts_with(&format!(
                "cannot create lock file `{}`: ",
                lock_path(&board).display()
            )),
            "{err}"
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn atomic_write_creates_and_replaces() {
        let dir = scratch("write");
        let board = dir.join("board.json");
        let name = board.to_str().unwrap();
        write_atomically(name, b"first").unwrap();
        assert_eq!(fs::read(&board).unwrap(), b"first");
        write_atomically(name, b"second, longer").unwrap();
        assert_eq!(fs::read(&board).unwrap(), b"second, longer");
        write_atomically(name, b"3").unwrap();
        assert_eq!(fs::read(&board).unwrap(), b"3");
        // No temporary files are left behind.
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn atomic_write_keeps_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("perms");
        let board = dir.join("board.json");
        fs::write(&board, b"old").unwrap();
        for mode in [0o640, 0o604] {
            fs::set_permissions(&board, fs::Permissions::from_mode(mode)).unwrap();
            write_atomically(board.to_str().unwrap(), b"new").unwrap();
            assert_eq!(fs::read(&board).unwrap(), b"new");
            let got = fs::metadata(&board).unwrap().permissions().mode() & 0o777;
            assert_eq!(got, mode);
        }
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn atomic_write_through_a_symlink_keeps_the_link() {
        let dir = scratch("symlink");
        let real = dir.join("real.json");
        let link = dir.join("link.json");
        fs::write(&real, b"old").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomically(link.to_str().unwrap(), b"new").unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read(&real).unwrap(), b"new");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn atomic_write_into_missing_folder_fails_cleanly() {
        let dir = scratch("write-missing");
        let board = dir.join("nope").join("board.json");
        let err = format!(
            "{:#}",
            write_atomically(board.to_str().unwrap(), b"x").unwrap_err()
        );
        assert!(
            err.starts_with(&format!(
                "cannot save `{}`; the old file is unchanged: ",
                board.display()
            )),
            "{err}"
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
