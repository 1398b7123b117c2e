//! Output never lands on an input: a path given for output (`--svg FILE`, `-o FILE`) is
//! refused when it names a file the command reads (the board, its undo history, the
//! monster file, an events file), under whatever name, link or alias, by comparing the
//! files themselves (device and inode) rather than their spellings.

use super::diagnostic::Diagnostic;
use std::path::Path;

/// Whether `a` and `b` are the same file (links followed): the same device and inode when
/// both exist, else the same name in the same (real) folder, for a file not made yet
/// (a board's history before its first save).
pub fn same_file(a: &Path, b: &Path) -> bool {
    if !(a.exists() && b.exists()) {
        return matches!((in_real_folder(a), in_real_folder(b)), (Some(x), Some(y)) if x == y);
    }
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        #[cfg(unix)]
        (Ok(x), Ok(y)) => {
            use std::os::unix::fs::MetadataExt;
            x.dev() == y.dev() && x.ino() == y.ino()
        }
        #[cfg(not(unix))]
        (Ok(_), Ok(_)) => match (a.canonicalize(), b.canonicalize()) {
            (Ok(x), Ok(y)) => x == y,
            _ => false,
        },
        _ => false,
    }
}

/// `path` with its folder resolved to a real path; `None` when the folder does not exist.
fn in_real_folder(path: &Path) -> Option<std::path::PathBuf> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    Some(folder.canonicalize().ok()?.join(path.file_name()?))
}

/// Refuses `out` (given with `option`) when it is one of `inputs`; `-` (standard output)
/// is never an input file.
#[allow(clippy::result_large_err)]
pub fn refuse_onto_inputs(out: &str, option: &str, inputs: &[String]) -> Result<(), Diagnostic> {
    if out == "-" {
        return Ok(());
    }
    match inputs
        .iter()
        .find(|input| *input != "-" && same_file(Path::new(out), Path::new(input)))
    {
        Some(input) => Err(Diagnostic::plain(format!(
            "{option} {out}: that is `{input}`, a file this command reads, so it is not replaced"
        ))
        .with_hint("name a new file (or `-` for standard output) for the output")),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_output_naming_an_input_under_any_name_is_refused() {
        let dir = std::env::temp_dir().join(format!("monster-ai-same-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let board = dir.join("b.json");
        std::fs::write(&board, "{}").unwrap();
        let alias = dir.join(".").join("b.json");
        let inputs = vec![board.display().to_string()];
        let d = refuse_onto_inputs(&alias.display().to_string(), "--svg", &inputs).unwrap_err();
        assert!(
            d.message.contains("a file this command reads"),
            "{}",
            d.message
        );
        #[cfg(unix)]
        {
            let link = dir.join("link.svg");
            std::os::unix::fs::symlink(&board, &link).unwrap();
            assert!(refuse_onto_inputs(&link.display().to_string(), "-o", &inputs).is_err());
        }
        let new = dir.join("new.svg").display().to_string();
        assert!(refuse_onto_inputs(&new, "--svg", &inputs).is_ok());
        // A file not made yet is the same by its name in its real folder.
        let history = vec![dir.join("b.json.history").display().to_string()];
        let spelled = dir.join(".").join("b.json.history").display().to_string();
        assert!(refuse_onto_inputs(&spelled, "-o", &history).is_err());
        assert!(refuse_onto_inputs("-", "--svg", &inputs).is_ok());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
