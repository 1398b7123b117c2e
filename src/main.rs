//! The `monster-ai` binary: parse arguments, run, print any error, exit with its code.

use clap::Parser;

fn main() {
    let cli = monster_ai::cli::Cli::parse();
    if let Err(e) = monster_ai::cli::run(cli) {
        eprintln!("{e}");
        std::process::exit(e.exit_code());
    }
}
