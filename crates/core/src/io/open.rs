//! Opening files without surprises: only regular files are read or replaced, a FIFO or a
//! device is refused before anything can block on it, a symbolic link is refused where one
//! must not be followed (lock and history files), and every read is capped.
//!
//! The check is made on the open handle (open without blocking, then `fstat`), so the file
//! cannot be swapped for another kind between the check and the read.

use std::fs::{File, Metadata, OpenOptions};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// Why a file could not be opened for reading.
#[derive(Debug)]
pub enum OpenError {
    /// The operating system refused (missing file, no permission, …).
    Io(io::Error),
    /// The path names something other than a regular file (the words say what).
    NotRegular(&'static str),
    /// The path is a symbolic link where none may be followed.
    Symlink,
}

impl From<io::Error> for OpenError {
    fn from(e: io::Error) -> OpenError {
        if is_symlink_refusal(&e) {
            OpenError::Symlink
        } else {
            OpenError::Io(e)
        }
    }
}

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpenError::Io(e) => write!(f, "{e}"),
            OpenError::NotRegular(what) => write!(f, "it is {what}, not a regular file"),
            OpenError::Symlink => write!(f, "it is a symbolic link, which is not followed here"),
        }
    }
}

impl std::error::Error for OpenError {}

/// Whether symbolic links on the last part of the path are followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Links {
    /// A link is followed to the file it names.
    Follow,
    /// A link is refused ([`OpenError::Symlink`]).
    Refuse,
}

/// Opens `path` for reading without blocking (a FIFO with no writer opens at once) and
/// refuses it unless the handle is a regular file.
pub fn open_regular(path: &Path, links: Links) -> Result<File, OpenError> {
    let mut options = OpenOptions::new();
    options.read(true);
    no_block(&mut options, links);
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Err(OpenError::Io(io::Error::from(io::ErrorKind::IsADirectory)));
    }
    check_regular(&meta)?;
    Ok(file)
}

/// Opens (creating when missing) a file for reading and writing, such as a lock file, with
/// the same refusals as [`open_regular`]; links are never followed. A new file gets `mode`.
pub fn open_or_create_regular(path: &Path, mode: u32) -> Result<File, OpenError> {
    let mut options = OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, mode);
    #[cfg(not(unix))]
    let _ = mode;
    no_block(&mut options, Links::Refuse);
    let file = options.open(path)?;
    check_regular(&file.metadata()?)?;
    Ok(file)
}

/// Refuses anything but a regular file, naming what it is.
pub fn check_regular(meta: &Metadata) -> Result<(), OpenError> {
    if meta.is_file() {
        return Ok(());
    }
    Err(OpenError::NotRegular(kind_of(meta)))
}

fn kind_of(meta: &Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if meta.is_dir() {
        "a folder"
    } else if meta.file_type().is_symlink() {
        "a symbolic link"
    } else {
        "a special file"
    }
}

#[cfg(unix)]
fn no_block(options: &mut OpenOptions, links: Links) {
    use std::os::unix::fs::OpenOptionsExt;
    let mut flags = libc::O_NONBLOCK | libc::O_CLOEXEC;
    if links == Links::Refuse {
        flags |= libc::O_NOFOLLOW;
    }
    options.custom_flags(flags);
}

#[cfg(not(unix))]
fn no_block(_options: &mut OpenOptions, _links: Links) {}

fn is_symlink_refusal(e: &io::Error) -> bool {
    #[cfg(unix)]
    {
        e.raw_os_error() == Some(libc::ELOOP)
    }
    #[cfg(not(unix))]
    {
        let _ = e;
        false
    }
}

/// Reads everything from `reader`, but never more than `limit + 1` bytes, so the caller can
/// tell "too large" without reading on.
pub fn read_capped(reader: impl Read, limit: u64, size_hint: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::with_capacity(size_hint.min(limit) as usize);
    reader.take(limit + 1).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The real location of a file a command will lock, read and replace: symbolic links and
/// `.`/`..` resolved, so two names for one file share one lock and one history. A file that
/// does not exist yet resolves through its folder, which must exist.
pub fn real_path(path: &Path) -> io::Result<PathBuf> {
    match std::fs::canonicalize(path) {
        Ok(real) => Ok(real),
        Err(e)
            if e.kind() == io::ErrorKind::NotFound && std::fs::symlink_metadata(path).is_err() =>
        {
            let Some(name) = path.file_name() else {
                return Err(e);
            };
            let folder = match path.parent() {
                Some(p) if !p.as_os_str().is_empty() => p,
                _ => Path::new("."),
            };
            Ok(std::fs::canonicalize(folder)?.join(name))
        }
        Err(e) => Err(e),
    }
}

/// The permission bits of the file at `path` (links followed), which the files made from
/// it take (its history, an `-o` copy, a `--svg` picture); `None` when it cannot be read
/// or off Unix.
pub fn mode_of(path: &Path) -> Option<u32> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path)
            .ok()
            .map(|m| m.permissions().mode() & 0o7777)
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// `path` with `suffix` added to its file name (`board.json` + `.lock`).
pub fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("monster-ai-open-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn refuses_fifos_devices_and_links_without_blocking() {
        let dir = scratch("kinds");
        let fifo = dir.join("pipe");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        assert!(matches!(
            open_regular(&fifo, Links::Follow),
            Err(OpenError::NotRegular("a FIFO (named pipe)"))
        ));
        assert!(matches!(
            open_regular(Path::new("/dev/zero"), Links::Follow),
            Err(OpenError::NotRegular("a device"))
        ));
        let real = dir.join("real");
        std::fs::write(&real, "x").unwrap();
        let link = dir.join("link");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        assert!(open_regular(&link, Links::Follow).is_ok());
        assert!(matches!(
            open_regular(&link, Links::Refuse),
            Err(OpenError::Symlink)
        ));
        assert!(matches!(
            open_or_create_regular(&link, 0o600),
            Err(OpenError::Symlink)
        ));
        assert!(matches!(
            open_or_create_regular(&fifo, 0o600),
            Err(OpenError::NotRegular(_))
        ));
        assert_eq!(real_path(&link).unwrap(), real_path(&real).unwrap());
        assert_eq!(
            real_path(&dir.join("new.json")).unwrap(),
            std::fs::canonicalize(&dir).unwrap().join("new.json")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
