//! The few texts and colours each platform reads from its own resource files (the app's name
//! under the icon, what Android shows when the core cannot load, the languages the system may
//! offer, the window's colours before the first frame) are generated from the core's tables and committed. This test fails when a file is
//! stale; `TAFL_BLESS=1 cargo test -p tafl-core --test platform_texts` rewrites them.

use std::path::{Path, PathBuf};

use tafl_core::screens::look::{Argb, Look, Theme, look};
use tafl_core::texts::{Label, Language};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the core sits in the repository")
        .to_path_buf()
}

// XML forbids two hyphens in a row inside a comment, so the header names the command without
// its double-dash options (AAPT2 and every XML parser refuse the file otherwise).
const HEADER_XML: &str = "<!-- Generated from core/texts and core/src/screens/look.rs by core/tests/platform_texts.rs:\n     do not edit; to write it again, run that test with TAFL_BLESS=1 in the environment. -->";

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('\'', "\\'")
        .replace('"', "\\\"")
}

fn strings_xml(lang: Language) -> String {
    let t = lang.catalog();
    format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n{HEADER_XML}\n<resources>\n    <string name=\"app_name\">{}</string>\n    <string name=\"cannot_start\">{}</string>\n</resources>\n",
        xml_escape(t.label(Label::AppName)),
        xml_escape(t.label(Label::AppCannotStart))
    )
}

fn locales_config() -> String {
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n{HEADER_XML}\n<locale-config xmlns:android=\"http://schemas.android.com/apk/res/android\">\n"
    );
    for lang in Language::ALL {
        out.push_str(&format!(
            "    <locale android:name=\"{}\" />\n",
            lang.code()
        ));
    }
    out.push_str("</locale-config>\n");
    out
}

fn hex(c: Argb) -> String {
    format!("#{c:08X}")
}

/// The window's colours, for the platform theme (before Compose draws its first frame) and the
/// system bars; in the light file also the launcher icon's background (the turn bar's colour).
fn colors_xml(theme: Theme) -> String {
    let c = look(theme, false).chrome;
    let icon = match theme {
        Theme::Light => format!(
            "    <color name=\"ic_launcher_background\">{}</color>\n",
            hex(c.turn_bar)
        ),
        Theme::Dark => String::new(),
    };
    format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n{HEADER_XML}\n<resources>\n    <color name=\"hnefi_background\">{}</color>\n    <color name=\"hnefi_on_background\">{}</color>\n    <color name=\"hnefi_primary\">{}</color>\n{icon}</resources>\n",
        hex(c.background),
        hex(c.on_background),
        hex(c.primary)
    )
}

fn info_plist_strings(lang: Language) -> String {
    let name = lang.catalog().label(Label::AppName).replace('"', "\\\"");
    format!(
        "/* Generated from core/texts by core/tests/platform_texts.rs: do not edit. */\n\"CFBundleDisplayName\" = \"{name}\";\n\"CFBundleName\" = \"{name}\";\n"
    )
}

fn component(c: Argb, shift: u32) -> String {
    format!("{:.3}", f64::from((c >> shift) & 0xFF) / 255.0)
}

fn colour_json(c: Argb) -> String {
    format!(
        "\"color\" : {{ \"color-space\" : \"srgb\", \"components\" : {{ \"alpha\" : \"{}\", \"blue\" : \"{}\", \"green\" : \"{}\", \"red\" : \"{}\" }} }}",
        component(c, 24),
        component(c, 0),
        component(c, 8),
        component(c, 16)
    )
}

/// An asset catalog's colour set: a chrome colour of the light look, and of the dark one.
fn colour_set(colour: fn(&Look) -> Argb) -> String {
    let light = colour(&look(Theme::Light, false));
    let dark = colour(&look(Theme::Dark, false));
    format!(
        "{{\n  \"colors\" : [\n    {{ {}, \"idiom\" : \"universal\" }},\n    {{ \"appearances\" : [ {{ \"appearance\" : \"luminosity\", \"value\" : \"dark\" }} ], {}, \"idiom\" : \"universal\" }}\n  ],\n  \"info\" : {{ \"author\" : \"core/tests/platform_texts.rs\", \"version\" : 1 }}\n}}\n",
        colour_json(light),
        colour_json(dark)
    )
}

fn expected() -> Vec<(PathBuf, String)> {
    let root = repo();
    let res = root.join("android/app/src/main/res");
    let mut files = Vec::new();
    for lang in Language::ALL {
        let folder = match lang {
            Language::English => "values".to_string(),
            other => format!("values-{}", other.code()),
        };
        files.push((res.join(folder).join("strings.xml"), strings_xml(lang)));
        files.push((
            root.join(format!("ios/App/{}.lproj/InfoPlist.strings", lang.code())),
            info_plist_strings(lang),
        ));
    }
    files.push((res.join("xml/locales_config.xml"), locales_config()));
    files.push((res.join("values/colors.xml"), colors_xml(Theme::Light)));
    files.push((res.join("values-night/colors.xml"), colors_xml(Theme::Dark)));
    files.push((
        root.join("ios/App/Assets.xcassets/AccentColor.colorset/Contents.json"),
        colour_set(|l| l.chrome.primary),
    ));
    // The launch screen's colour (project.yml's UILaunchScreen), the look's background: the
    // app's first view and the screen while the core is starting have it too, so that a cold
    // launch shows one colour until the first screen (issue 45, item 8).
    files.push((
        root.join("ios/App/Assets.xcassets/LaunchBackground.colorset/Contents.json"),
        colour_set(|l| l.chrome.background),
    ));
    files
}

#[test]
fn platform_resource_files_are_fresh() {
    let bless = std::env::var_os("TAFL_BLESS").is_some();
    let mut stale = Vec::new();
    for (path, content) in expected() {
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        if current == content {
            continue;
        }
        if bless {
            std::fs::create_dir_all(path.parent().expect("a folder")).expect("create the folder");
            std::fs::write(&path, content).expect("write the file");
        } else {
            stale.push(path.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "stale platform files (run TAFL_BLESS=1 cargo test -p tafl-core --test platform_texts): {stale:?}"
    );
}

/// The body of every `<!-- ... -->` comment in an XML text.
fn xml_comments(text: &str) -> Vec<&str> {
    let mut comments = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("<!--") {
        let body = &rest[start + 4..];
        let end = body.find("-->").unwrap_or(body.len());
        comments.push(&body[..end]);
        rest = &body[(end + 3).min(body.len())..];
    }
    comments
}

#[test]
fn generated_xml_comments_are_well_formed() {
    for (path, content) in expected() {
        if path.extension().is_some_and(|e| e == "xml") {
            for comment in xml_comments(&content) {
                assert!(
                    !comment.contains("--") && !comment.ends_with('-'),
                    "{}: an XML comment may not hold \"--\": {comment:?}",
                    path.display()
                );
            }
        }
    }
}

#[test]
fn the_ios_project_lists_the_languages_of_the_tables() {
    let spec = std::fs::read_to_string(repo().join("ios/project.yml")).expect("ios/project.yml");
    let line = spec
        .lines()
        .find(|l| l.trim_start().starts_with("CFBundleLocalizations:"))
        .expect("CFBundleLocalizations in project.yml");
    let codes: Vec<&str> = Language::ALL.iter().map(|l| l.code()).collect();
    assert_eq!(
        line.trim(),
        format!("CFBundleLocalizations: [{}]", codes.join(", ")),
        "ios/project.yml must list exactly the languages of core/texts"
    );
}
