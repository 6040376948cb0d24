//! `tafl rules VARIANT`: the rules of a game in words, the apps' own rules texts
//! (`core/texts`), in the language of `--lang`.

use tafl_core::VariantKind;

use crate::args::{Args, Stop, Usage, exit, help};
use crate::words::{self, say};

pub const USAGE: &str = "tafl rules VARIANT [--lang en|fr|de] [--no-exit-forts]";

pub fn command(args: &[String]) -> Result<u8, Stop> {
    let args = Args::parse(args, &help(USAGE), &["no-exit-forts"], &["lang"])?;
    let c = words::catalog(&args)?;
    let [name] = args.positional.as_slice() else {
        return Err(Usage(format!("usage: {USAGE}")).into());
    };
    let kind = VariantKind::parse(name).ok_or_else(|| {
        let names: Vec<&str> = VariantKind::ALL.iter().map(|k| k.name()).collect();
        Usage(format!("unknown variant '{name}' ({})", names.join(", ")))
    })?;
    // The paragraph about the apps' Hint button is left out: the terminal has none.
    let apps_only = c.text("rules.app_hints");
    let paragraphs = c.rules(kind.rules(), !args.flag("no-exit-forts"));
    say(c.variant(kind));
    for paragraph in paragraphs.iter().filter(|p| *p != apps_only) {
        say("");
        say(paragraph);
    }
    Ok(exit::OK)
}
