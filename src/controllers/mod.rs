//! Controllers decide what a monster does on its turn; each automation system is one
//! folder here, built on the shared rules core. Controllers never import each other.

pub mod ability_deck;
pub mod scheme;

use crate::io::diagnostic::Diagnostic;

/// The scheme file format every controller reads.
pub const SCHEME_FORMAT: u32 = 1;

/// The checks every scheme file passes first, whatever its controller: the format version
/// (marked on its value) and at least one monster.
pub fn check_scheme_header(
    file: &str,
    text: &str,
    format: &toml::Spanned<u32>,
    monsters: usize,
) -> Result<(), Diagnostic> {
    if *format.get_ref() != SCHEME_FORMAT {
        return Err(Diagnostic::at_span(
            file,
            text,
            format.span(),
            format!("unsupported scheme format {}", format.get_ref()),
        )
        .with_path("format")
        .with_hint(format!(
            "this version of monster-ai reads format {SCHEME_FORMAT}"
        )));
    }
    if monsters == 0 {
        return Err(
            Diagnostic::at_span(file, text, 0..0, "the scheme file defines no monsters")
                .with_hint("add a `[[monster]]` table"),
        );
    }
    Ok(())
}

/// Monster `mi` when an earlier monster of the file already has its name (`names` are the
/// file's type names in order; `span` marks this one's name).
pub fn defined_twice(
    file: &str,
    text: &str,
    names: &[String],
    mi: usize,
    span: std::ops::Range<usize>,
) -> Option<Diagnostic> {
    names[..mi].contains(&names[mi]).then(|| {
        Diagnostic::at_span(
            file,
            text,
            span,
            format!("monster type `{}` is defined twice", names[mi]),
        )
        .with_path(format!("monster[{mi}].name"))
        .with_hint("give each type a unique name")
    })
}
