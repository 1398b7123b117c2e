//! Saving a board safely: an advisory lock on a separate `BOARD.lock` file held for the
//! whole command, and an atomic write (temporary file in the same folder, fsync, rename).
//!
//! The lock lives in its own file because the board itself is replaced by a rename on every
//! save: a lock taken on the board would stay on the old, unlinked inode while the next
//! command locks the new one. The lock file is deliberately left behind after the command:
//! deleting it would race (a waiting command could lock the old file just as a third one
//! creates a fresh file and locks that, and both would believe they hold the lock). An empty
//! `board.json.lock` beside the board is harmless and is reused by the next command.

use super::open::{OpenError, open_or_create_regular, with_suffix};
use anyhow::{Context, anyhow};
use atomic_write_file::AtomicWriteFile;
use std::fs::{File, TryLockError};
use std::io::Write;
use std::path::{Path, PathBuf};

/// An exclusive advisory lock on `<board>.lock`, released on drop.
#[derive(Debug)]
pub struct BoardLock {
    _file: File,
    /// The lock file's path.
    pub path: PathBuf,
}

impl BoardLock {
    /// Takes the lock without waiting; fails with a clear message naming the lock file if
    /// another command holds it.
    ///
    /// The lock file is `<board>.lock` in the board's folder (`board.json` locks
    /// `board.json.lock`); it is created when missing and never removed (see the module
    /// notes). Callers pass the board's real path (links resolved), so every name of one
    /// board shares one lock; a lock file that is a symbolic link, a FIFO or a device is
    /// refused, never followed or opened for blocking. The lock is advisory: it only keeps
    /// monster-ai commands apart. Callers do not lock when the board is read from standard
    /// input.
    pub fn acquire(board: &Path) -> anyhow::Result<BoardLock> {
        let path = lock_path(board);
        let file = open_or_create_regular(&path, 0o666).map_err(|e| match e {
            OpenError::Io(e) => {
                anyhow!(e).context(format!("cannot create lock file `{}`", path.display()))
            }
            other => anyhow!(
                "cannot use lock file `{}`: {other}; remove it (monster-ai creates it as an empty file)",
                path.display()
            ),
        })?;
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
    with_suffix(board, ".lock")
}

/// Writes `bytes` to standard output (`path` is `-`) or atomically over the file `path`
/// names (a symbolic link is resolved first, so the file it points to is replaced and the
/// link is kept); see [`replace_file`].
pub fn write_atomically(path: &str, bytes: &[u8]) -> anyhow::Result<()> {
    if path == "-" {
        let mut out = std::io::stdout().lock();
        return out
            .write_all(bytes)
            .and_then(|()| out.flush())
            .context("cannot write to standard output");
    }
    let target = super::open::real_path(Path::new(path))
        .with_context(|| format!("cannot save `{path}`; the old file is unchanged"))?;
    replace_file(&target, bytes, None)
        .with_context(|| format!("cannot save `{path}`; the old file is unchanged"))
}

/// Replaces the file at `path` (taken as it is: a symbolic link there is replaced, not
/// followed) with `bytes`, atomically.
///
/// The bytes go to a temporary file `.<name>.XXXXXX` in the same folder, which is flushed to
/// disk and then renamed over `path`, so readers see either the old or the new content,
/// never a mix, and a crash leaves the old file intact. With `mode`, the temporary file has
/// those permissions from its creation on (never wider); without, an existing file keeps
/// its permissions. The owner is kept where allowed.
pub fn replace_file(path: &Path, bytes: &[u8], mode: Option<u32>) -> std::io::Result<()> {
    let mut options = AtomicWriteFile::options();
    #[cfg(unix)]
    if let Some(mode) = mode {
        use atomic_write_file::unix::OpenOptionsExt as _;
        use std::os::unix::fs::OpenOptionsExt as _;
        options.preserve_mode(false).mode(mode & 0o777);
    }
    let mut file = options.open(path)?;
    #[cfg(unix)]
    if let Some(mode) = mode {
        use std::os::unix::fs::PermissionsExt;
        file.as_file()
            .set_permissions(std::fs::Permissions::from_mode(mode & 0o7777))?;
    }
    #[cfg(not(unix))]
    let _ = mode;
    file.write_all(bytes)?;
    file.commit()
}

/// Removes temporary files an interrupted save of `path` left behind (`.<name>.XXXXXX`,
/// six letters or digits, regular files only). Call it only while holding the file's lock,
/// so no other command is writing one of them.
pub fn remove_stale_temporaries(path: &Path) {
    let (Some(folder), Some(name)) = (path.parent(), path.file_name()) else {
        return;
    };
    let Some(name) = name.to_str() else {
        return;
    };
    let prefix = format!(".{name}.");
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(rest) = file_name.to_str().and_then(|n| n.strip_prefix(&prefix)) else {
            continue;
        };
        let ours = rest.len() == 6 && rest.bytes().all(|b| b.is_ascii_alphanumeric());
        if ours && entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = std::fs::remove_file(entry.path());
        }
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
