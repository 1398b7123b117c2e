//! A gloom link as pasted: a whole address (`https://HOST/PATH`, also with gloom's
//! `los/` page), an address without its scheme, or the bare path. The path is URL-safe
//! base64 without padding; every problem is shown on the link with a marker under the
//! character concerned.

use super::bits::char_of_bit;
use super::scenario::Malformed;
use crate::io::diagnostic::Diagnostic;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use std::ops::Range;

/// The name problems give the link instead of a file name.
pub(crate) const LINK: &str = "the link";
/// Longer paths are refused before decoding (a full grid needs about 3000 characters).
const MAX_PATH: usize = 8192;

/// The scenario's bytes, and where its path starts in `link` (a byte offset).
#[derive(Debug)]
pub(crate) struct Payload {
    pub bytes: Vec<u8>,
    pub start: usize,
}

fn at(link: &str, span: Range<usize>, message: String, hint: &str) -> Diagnostic {
    Diagnostic::at_span(LINK, link, span, message).with_hint(hint)
}

/// Where the scenario path lies in `link`.
fn path_span(link: &str) -> Result<Range<usize>, Diagnostic> {
    let lead = link.len() - link.trim_start().len();
    let end = lead + link.trim().len();
    let text = &link[lead..end];
    let mut start = lead;
    let host_at = ["https://", "http://"]
        .iter()
        .find_map(|s| text.strip_prefix(s).map(|_| s.len()));
    let after_scheme = &text[host_at.unwrap_or(0)..];
    let first = after_scheme.split('/').next().unwrap_or("");
    let has_host = host_at.is_some()
        || (after_scheme.contains('/') && (first.contains('.') || first.contains(':')));
    if has_host {
        start += host_at.unwrap_or(0) + first.len();
    }
    let rest = &link[start..end];
    let rest_trimmed = rest.trim_start_matches('/');
    start += rest.len() - rest_trimmed.len();
    if let Some(los) = link[start..end].strip_prefix("los/") {
        start = end - los.len();
    }
    let stop = link[start..end].find(['?', '#']).map_or(end, |i| start + i);
    let path = link[start..stop]
        .trim_end_matches('/')
        .trim_end_matches('=');
    if path.is_empty() {
        return Err(at(
            link,
            lead..end,
            "the link holds no scenario".into(),
            "give the link gloom's share button copies (its path is the scenario), or just that path",
        ));
    }
    Ok(start..start + path.len())
}

/// Finds and decodes the scenario path of `link`.
pub(crate) fn payload(link: &str) -> Result<Payload, Diagnostic> {
    let span = path_span(link)?;
    let path = &link[span.clone()];
    if path.len() > MAX_PATH {
        return Err(at(
            link,
            span,
            format!(
                "the scenario is {} characters long; gloom's longest is well under {MAX_PATH}",
                path.len()
            ),
            "this is not a gloom scenario link",
        ));
    }
    if let Some(bad) = path
        .char_indices()
        .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '-' || *c == '_'))
    {
        let i = span.start + bad.0;
        return Err(at(
            link,
            i..i + bad.1.len_utf8(),
            format!(
                "`{}` at character {} of the link is not part of a gloom scenario",
                bad.1.escape_debug(),
                link[..i].chars().count() + 1
            ),
            "a scenario is written with letters, digits, `-` and `_` only; copy the link again",
        ));
    }
    let bytes = URL_SAFE_NO_PAD.decode(path).map_err(|e| {
        let (range, message) = match e {
            base64::DecodeError::InvalidLength(n) => (
                span.end - 1..span.end,
                format!("the scenario ends in the middle of a byte: {n} characters cannot be a whole number of bytes"),
            ),
            base64::DecodeError::InvalidLastSymbol(i, _) | base64::DecodeError::InvalidByte(i, _) => (
                span.start + i..span.start + i + 1,
                format!("character {} of the link cannot end a scenario", span.start + i + 1),
            ),
            base64::DecodeError::InvalidPadding => (span.clone(), "the scenario's padding is wrong".into()),
        };
        at(link, range, message, "the link is cut short or damaged; copy the whole link again")
    })?;
    Ok(Payload {
        bytes,
        start: span.start,
    })
}

/// A decoding problem shown on the link: the characters that hold the bits concerned.
pub(crate) fn locate(link: &str, start: usize, m: &Malformed) -> Diagnostic {
    let path_len = link[start..]
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
        .unwrap_or(link.len() - start);
    let last_bit = m.bit + m.bits.max(1) as usize - 1;
    let chars: Vec<usize> = (m.bit..=last_bit).map(char_of_bit).collect();
    let first = chars.iter().copied().min().unwrap_or(0).min(path_len);
    let last = chars
        .iter()
        .copied()
        .max()
        .unwrap_or(0)
        .min(path_len.saturating_sub(1));
    let span = if first >= path_len {
        // Past the end: mark the end of the path.
        start + path_len.saturating_sub(1)..start + path_len
    } else {
        start + first..start + last.max(first) + 1
    };
    let bits = if m.bits > 1 {
        format!("bits {}-{}", m.bit, m.bit + m.bits as usize - 1)
    } else {
        format!("bit {}", m.bit)
    };
    Diagnostic::at_span(
        LINK,
        link,
        span.clone(),
        format!(
            "{} ({bits}, character {} of the link)",
            m.message,
            span.start + 1
        ),
    )
    .with_hint(m.hint.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path_of(link: &str) -> &str {
        &link[path_span(link).unwrap()]
    }

    #[test]
    fn the_path_is_found_in_every_form() {
        assert_eq!(path_of("https://example.org/UQgE"), "UQgE");
        assert_eq!(path_of("http://localhost:5000/los/UQgE?x=1"), "UQgE");
        assert_eq!(path_of("example.org/UQgE/"), "UQgE");
        assert_eq!(path_of("  /UQgE  "), "UQgE");
        assert_eq!(path_of("UQgE=="), "UQgE");
        assert!(path_span("https://example.org/").is_err());
    }

    #[test]
    fn bad_characters_are_pointed_at() {
        let e = payload("https://example.org/UQ!gE").unwrap_err();
        let loc = e.location.unwrap();
        assert_eq!((loc.line, loc.column), (1, 23));
        assert!(e.message.contains("`!`"), "{}", e.message);
    }
}
