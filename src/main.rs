//! The `monster-ai` binary: parse arguments, run, print any error, exit with its code.

use monster_ai::cli::Cli;
use monster_ai::registry::Registry;

// mimalloc rather than the system allocator: a fight allocates thousands of small
// short-lived blocks (event texts, lists), and `simulate` plays thousands of fights
// (docs/dependencies.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let cli = Cli::parse_for(&Registry::builtin());
    let json = cli.wants_json();
    if let Err(e) = monster_ai::cli::run(cli) {
        if json {
            // JSON escapes control characters itself.
            eprint!("{}", e.to_json());
        } else {
            // Whatever an error quotes, control characters are shown escaped.
            eprintln!(
                "{}",
                monster_ai_core::io::printable::escape_controls(&e.to_string())
            );
        }
        std::process::exit(e.exit_code());
    }
}
