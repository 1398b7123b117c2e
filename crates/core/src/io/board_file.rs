//! A board file that a command is going to replace: found by its real path (links
//! resolved, so every name of one file shares one lock and one history), locked, read with
//! the usual limits, and saved together with its undo history in crash-safe order.
//!
//! The order of the two writes is what keeps them in step: the history entry is written
//! first, the board second. A crash between the two leaves a newest history entry equal to
//! the board on disk, which [`History::drop_stale`] recognises and skips; the other order
//! could lose an undo step.

use super::diagnostic::Diagnostic;
use super::history::History;
use super::load::read_regular_text;
use super::open::{Links, check_regular, mode_of, real_path};
use super::save::{BoardLock, remove_stale_temporaries, replace_file};
use crate::error::{Error, Result};
use anyhow::anyhow;
use std::path::{Path, PathBuf};

/// A board file found but not locked yet: its real path, checked to be a regular file
/// (or, for an output, a new file in an existing folder). Nothing has been created or
/// written for it: a command reads and checks the board first, and takes the lock
/// ([`FoundFile::lock`]) only once it knows the file is a board, so a link planted in
/// place of a board (`board.json` -> `/etc/passwd`) leaves no `/etc/passwd.lock`.
#[derive(Debug)]
pub struct FoundFile {
    name: String,
    real: PathBuf,
}

impl FoundFile {
    /// The file itself: links and `..` resolved.
    pub fn real(&self) -> &Path {
        &self.real
    }

    /// Takes the file's lock; leftover temporary files of an interrupted save are removed
    /// once it is held.
    pub fn lock(self) -> Result<BoardFile> {
        let lock = BoardLock::acquire(&self.real).map_err(Error::Failure)?;
        remove_stale_temporaries(&self.real);
        remove_stale_temporaries(&super::history::history_path(&self.real));
        Ok(BoardFile {
            name: self.name,
            real: self.real,
            _lock: lock,
        })
    }
}

/// A locked board file (the lock is held until this is dropped).
#[derive(Debug)]
pub struct BoardFile {
    /// The name the user gave, for messages.
    pub name: String,
    /// The file itself: links and `..` resolved.
    pub real: PathBuf,
    _lock: BoardLock,
}

impl BoardFile {
    /// Finds the real file behind `name` without locking it or creating anything. It must
    /// be a regular file, or, when `may_be_new` (an `-o` target), not exist yet in an
    /// existing folder. A board that cannot be found is bad input (exit code 2); an
    /// output that cannot be written there (no such folder, no permission) is a failure
    /// (exit code 1), with a message about the folder.
    ///
    /// `role` is added to the hint when the path is wrong.
    pub fn find(name: &str, may_be_new: bool, role: &str) -> Result<FoundFile> {
        let wrong = |e: &std::io::Error| {
            if may_be_new {
                unwritable(name, e)
            } else {
                bad_path(name, e, role)
            }
        };
        let real = real_path(Path::new(name)).map_err(|e| wrong(&e))?;
        match std::fs::metadata(&real) {
            Ok(meta) => check_regular(&meta).map_err(|e| {
                Diagnostic::plain(format!("cannot use `{name}`: {e}"))
                    .with_hint("only regular files are read or replaced; name a board file")
            })?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && may_be_new => {}
            Err(e) => return Err(wrong(&e)),
        }
        Ok(FoundFile {
            name: name.to_string(),
            real,
        })
    }

    /// [`BoardFile::find`], then [`FoundFile::lock`]: for a file whose content is not
    /// read before it is replaced (an `-o` target, locked only once the board is known).
    pub fn lock(name: &str, may_be_new: bool, role: &str) -> Result<BoardFile> {
        BoardFile::find(name, may_be_new, role)?.lock()
    }

    /// Whether `name` is another name of this file (links and `..` resolved).
    pub fn is_named_by(&self, name: &str) -> bool {
        real_path(Path::new(name)).is_ok_and(|real| real == self.real)
    }

    /// The board's current text, or `None` when the file does not exist yet.
    pub fn read(&self) -> Result<Option<String>> {
        if std::fs::symlink_metadata(&self.real).is_err() {
            return Ok(None);
        }
        Ok(Some(read_regular_text(&self.real, Links::Follow)?))
    }

    /// The permission bits of the board, given to its history and temporary files; `None`
    /// for a board not written yet.
    pub fn mode(&self) -> Option<u32> {
        mode_of(&self.real)
    }

    /// Loads the board's undo history.
    pub fn history(&self) -> Result<History> {
        Ok(History::load(&self.real)?)
    }

    /// Writes `text` over the board and records the previous text (if any, and if it
    /// differs) as the newest undo step of `command`. History first, then the board (see
    /// the module notes); if the board cannot be written, the history is put back. A file
    /// written for the first time gets `new_mode` (the permissions of the board it was
    /// made from, for `-o NEW.json`); an existing one keeps its own. `moves` is the
    /// command's walked paths, kept with its history entry for `show --last`.
    pub fn save_with_history(
        &self,
        text: &str,
        command: &str,
        new_mode: Option<u32>,
        moves: Option<String>,
    ) -> Result<()> {
        let old = self.read()?;
        let mode = self.mode().or(new_mode);
        let before = self.history()?;
        let mut history = before.clone();
        history.drop_stale(old.as_deref().unwrap_or_default());
        if let Some(old) = old.filter(|old| old != text) {
            history.push(command, old, moves);
        }
        if history != before {
            history.save(&self.real, mode).map_err(|e| {
                self.failure(e, "could not save its undo history; nothing was written")
            })?;
        }
        if let Err(e) = replace_file(&self.real, text.as_bytes(), mode) {
            let _ = before.save(&self.real, mode);
            return Err(self.failure(e, "the old file is unchanged"));
        }
        Ok(())
    }

    /// Writes `text` (an earlier version) back over the board, then saves `history` (what
    /// is left of it). Board first: a crash between the two leaves a newest entry equal to
    /// the board, which the next command skips. If the history cannot be saved, the board
    /// is put back to `current`.
    pub fn restore(&self, text: &str, current: &str, history: &History) -> Result<()> {
        let mode = self.mode();
        replace_file(&self.real, text.as_bytes(), mode)
            .map_err(|e| self.failure(e, "nothing was undone"))?;
        if let Err(e) = history.save(&self.real, mode) {
            let _ = replace_file(&self.real, current.as_bytes(), mode);
            return Err(self.failure(
                e,
                "could not save the shortened undo history; nothing was undone",
            ));
        }
        Ok(())
    }

    fn failure(&self, e: std::io::Error, what: &str) -> Error {
        Error::Failure(anyhow!(e).context(format!("cannot save `{}`; {what}", self.name)))
    }
}

/// An output file (`-o`) that cannot be written where it is named: a failure (exit code
/// 1, as for any output that cannot be written), saying what is wrong with its folder.
fn unwritable(name: &str, e: &std::io::Error) -> Error {
    Error::Failure(anyhow!(output_problem(name, e)))
}

/// Why the file `name` cannot be written, in words about its folder when the folder is
/// the trouble: `cannot write `nope/x.json`: the folder `nope` does not exist`.
pub fn output_problem(name: &str, e: &std::io::Error) -> String {
    let folder = match Path::new(name).parent() {
        Some(p) if !p.as_os_str().is_empty() => p.display().to_string(),
        _ => ".".to_string(),
    };
    let dangling = std::fs::symlink_metadata(name).is_ok_and(|m| m.is_symlink());
    let why = match e.kind() {
        std::io::ErrorKind::NotFound if dangling => {
            "it is a symbolic link to a file in a folder that does not exist".to_string()
        }
        std::io::ErrorKind::NotFound => {
            format!(
                "the folder `{folder}` does not exist; create it first, or name a file in an existing folder"
            )
        }
        std::io::ErrorKind::NotADirectory => {
            format!("a part of the folder `{folder}` is a file, not a folder")
        }
        std::io::ErrorKind::PermissionDenied => {
            format!("permission denied in the folder `{folder}`")
        }
        _ => e.to_string(),
    };
    format!("cannot write `{name}`: {why}")
}

fn bad_path(name: &str, e: &std::io::Error, role: &str) -> Error {
    let why = match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::NotADirectory => "a part of the path is not a folder".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string(),
    };
    let hint = if role.is_empty() {
        "check the path".to_string()
    } else {
        format!("check the path; {role}")
    };
    Diagnostic::plain(format!("cannot read `{name}`: {why}"))
        .with_hint(hint)
        .into()
}
