//! The output of an import never replaces one of its inputs: `-o` naming a file that was
//! read (a monster file, a deck, the monster file a board will name) is refused.

use crate::io::diagnostic::Diagnostic;
use crate::io::open::real_path;
use std::path::Path;

/// Refuses `output` when it is the same file as one of `inputs` (after resolving
/// symbolic links and `..`). Standard output (`-`) is always fine.
pub fn refuse_overwriting_inputs(output: &str, inputs: &[String]) -> Result<(), Diagnostic> {
    if output == "-" {
        return Ok(());
    }
    let Ok(out) = real_path(Path::new(output)) else {
        // A folder that does not exist: the write itself reports it.
        return Ok(());
    };
    for input in inputs.iter().filter(|i| i.as_str() != "-") {
        if real_path(Path::new(input)).is_ok_and(|real| real == out) {
            return Err(Diagnostic::plain(format!(
                "`-o {output}` is `{input}`, one of the files this import reads"
            ))
            .with_hint("write the import to a new file; an input is never overwritten"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_input_is_never_the_output() {
        let dir = std::env::temp_dir().join(format!("import-guard-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let input = dir.join("guard.json");
        std::fs::write(&input, "{}").unwrap();
        let input = input.to_string_lossy().into_owned();
        let same = format!("{}/./guard.json", dir.display());
        assert!(refuse_overwriting_inputs(&same, std::slice::from_ref(&input)).is_err());
        let other = format!("{}/new.toml", dir.display());
        assert!(refuse_overwriting_inputs(&other, std::slice::from_ref(&input)).is_ok());
        assert!(refuse_overwriting_inputs("-", &[input]).is_ok());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
