//! The `monster-ai` binary: parse arguments, run, print any error, exit with its code.

use clap::Parser;

fn main() {
    let cli = monster_ai::cli::Cli::parse();
    if let Err(e) = monster_ai::cli::run(cli) {
        // Whatever an error quotes, control characters are shown escaped.
        eprintln!(
            "{}",
            monster_ai::io::printable::escape_controls(&e.to_string())
        );
        std::process::exit(e.exit_code());
    }
}
