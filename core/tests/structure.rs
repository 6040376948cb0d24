//! The crate's structure, read from its sources: the files of `core/src` import each other
//! without circles, and no file imports from a layer above its own, so that each file can be
//! read (and tested) knowing only what it stands on.
//!
//! The layers are the folders of `core/src`, from the bottom up: [`LAYERS`]. A file's imports
//! are every path in its code that starts at `crate::`, `super::` or `self::` (or, in a file
//! with submodules, at one of them), with `{a, b::c}` groups split. A path is followed to the
//! file that defines what it names, through the re-exports of the folders' `mod.rs` (the
//! index of a folder is no dependency of its own: `pub use` there only gives a shorter name).
//! A path through the crate root's re-exports (`crate::Side`) is an upward import: those are
//! for the users outside the crate. Unit tests (`#[cfg(test)] mod`) build into no library and
//! are left out; comments and strings too.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The layers of the crate, from the bottom up: a file may import files of its own layer and
/// of the layers before it in this list.
const LAYERS: [&str; 7] = [
    "engine", "ai", "texts", "learning", "store", "screens", "ffi",
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The source without `//` comments (doc comments link to other modules without using them)
/// and without string literals.
fn code_only(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let mut in_string = false;
        let mut prev = '\0';
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            if in_string {
                if c == '"' && prev != '\\' {
                    in_string = false;
                }
                prev = if prev == '\\' { '\0' } else { c };
                continue;
            }
            if c == '/' && chars.peek() == Some(&'/') {
                break;
            }
            if c == '\'' && chars.peek() == Some(&'"') {
                // The character literal '"' opens no string.
                chars.next();
                continue;
            }
            if c == '"' {
                in_string = true;
                prev = '\0';
                continue;
            }
            out.push(c);
        }
        out.push('\n');
    }
    out
}

/// The index just after the brace that closes the one at `open`.
fn matching_brace(code: &str, open: usize) -> usize {
    let mut depth = 0;
    for (i, c) in code[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return open + i + 1;
                }
            }
            _ => {}
        }
    }
    code.len()
}

/// `code` without its unit tests: every `#[cfg(test)]` item that is a `mod NAME { ... }`.
fn without_unit_tests(code: &str) -> String {
    let mut out = code.to_string();
    while let Some(at) = out.find("#[cfg(test)]") {
        let after = &out[at + "#[cfg(test)]".len()..];
        let trimmed = after.trim_start();
        let Some(rest) = trimmed.strip_prefix("mod") else {
            // A test-only item other than a module: leave the attribute out and go on.
            out.replace_range(at..at + "#[cfg(test)]".len(), "");
            continue;
        };
        let Some(open) = rest.find('{').filter(|&i| !rest[..i].contains(';')) else {
            out.replace_range(at..at + "#[cfg(test)]".len(), "");
            continue;
        };
        let open_at = out.len() - rest.len() + open;
        let end = matching_brace(&out, open_at);
        out.replace_range(at..end, "");
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The paths of a use tree that starts at `code[at..]` (just after `root::`): `a::b` gives
/// `[a, b]`, `{a, b::{c, d}}` gives `[a]`, `[b, c]`, `[b, d]`, `*` a last segment `*`; and
/// where the tree ends.
fn use_tree(code: &str, at: usize) -> (Vec<Vec<String>>, usize) {
    fn tree(code: &[char], mut i: usize, prefix: &[String], out: &mut Vec<Vec<String>>) -> usize {
        while i < code.len() && code[i].is_whitespace() {
            i += 1;
        }
        if i < code.len() && code[i] == '{' {
            i += 1;
            loop {
                while i < code.len() && (code[i].is_whitespace() || code[i] == ',') {
                    i += 1;
                }
                if i >= code.len() || code[i] == '}' {
                    return i + 1;
                }
                let before = i;
                i = tree(code, i, prefix, out);
                if i == before {
                    i += 1; // something that is no path (`as x`): step over it
                }
            }
        }
        if i < code.len() && code[i] == '*' {
            let mut path = prefix.to_vec();
            path.push("*".into());
            out.push(path);
            return i + 1;
        }
        let start = i;
        while i < code.len() && is_ident(code[i]) {
            i += 1;
        }
        if i == start {
            out.push(prefix.to_vec());
            return i;
        }
        let mut path = prefix.to_vec();
        path.push(code[start..i].iter().collect());
        let mut j = i;
        while j < code.len() && code[j].is_whitespace() {
            j += 1;
        }
        if j + 1 < code.len() && code[j] == ':' && code[j + 1] == ':' {
            return tree(code, j + 2, &path, out);
        }
        // `a as b`: the alias names nothing new to follow.
        out.push(path);
        i
    }
    let chars: Vec<char> = code[at..].chars().collect();
    let mut out = Vec::new();
    let end = tree(&chars, 0, &[], &mut out);
    let consumed: usize = chars[..end.min(chars.len())]
        .iter()
        .map(|c| c.len_utf8())
        .sum();
    (out, at + consumed)
}

/// A module's path from the crate root: `engine::game` is `["engine", "game"]`.
type ModPath = Vec<String>;

/// A path in a file's code: where it starts, its segments after that, and whether it is a
/// re-export of a folder's index (`pub use` in a `mod.rs` or `lib.rs`).
#[derive(Debug, PartialEq)]
struct Reference {
    from: ModPath,
    segments: Vec<String>,
    reexport: bool,
}

/// One file of the crate.
struct SourceFile {
    /// Relative to `src`, with `/`: `engine/game.rs`.
    name: String,
    module: ModPath,
    /// `mod.rs` or `lib.rs`: a folder's index.
    index: bool,
    code: String,
}

/// The crate's files by module path (the `tafl` binary, a crate of its own, left out).
fn read_tree(src: &Path) -> BTreeMap<ModPath, SourceFile> {
    let mut files = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).expect("a source folder is readable") {
            let path = entry.expect("a directory entry").path();
            let rel = path.strip_prefix(src).expect("under src").to_path_buf();
            let parts: Vec<String> = rel
                .iter()
                .map(|p| p.to_str().expect("a UTF-8 file name").to_string())
                .collect();
            if path.is_dir() {
                if parts != ["bin"] {
                    stack.push(path);
                }
                continue;
            }
            let Some(stem) = parts.last().and_then(|f| f.strip_suffix(".rs")) else {
                continue;
            };
            let index = stem == "mod" || (parts.len() == 1 && stem == "lib");
            let mut module: ModPath = parts[..parts.len() - 1].to_vec();
            if !index {
                module.push(stem.to_string());
            }
            let text = fs::read_to_string(&path).expect("a source file");
            files.insert(
                module.clone(),
                SourceFile {
                    name: parts.join("/"),
                    module,
                    index,
                    code: without_unit_tests(&code_only(&text)),
                },
            );
        }
    }
    files
}

/// The children of `module` among `modules`, by name.
fn children<'a>(module: &ModPath, modules: impl Iterator<Item = &'a ModPath>) -> BTreeSet<String> {
    modules
        .filter(|m| m.len() == module.len() + 1 && m.starts_with(module))
        .map(|m| m[module.len()].clone())
        .collect()
}

/// Every path in `file`'s code that leads into the crate.
fn references(file: &SourceFile, kids: &BTreeSet<String>) -> Vec<Reference> {
    let code = &file.code;
    // Where each `pub use` statement of an index runs.
    let mut reexports = Vec::new();
    if file.index {
        let mut rest = 0;
        while let Some(i) = code[rest..].find("pub") {
            let at = rest + i;
            rest = at + 3;
            let before_ok = at == 0 || !is_ident(code[..at].chars().next_back().unwrap_or(' '));
            let tail = code[at + 3..].trim_start();
            let tail = if tail.starts_with('(') {
                tail.split_once(')').map_or("", |(_, t)| t).trim_start()
            } else {
                tail
            };
            if before_ok && tail.starts_with("use ") {
                let end = code[at..].find(';').map_or(code.len(), |e| at + e);
                reexports.push(at..end);
            }
        }
    }
    let mut out = Vec::new();
    let bytes: Vec<(usize, char)> = code.char_indices().collect();
    // The end of the last path read: the segments inside it were read with it.
    let mut read_to = 0;
    for (k, &(at, c)) in bytes.iter().enumerate() {
        if at < read_to || !is_ident(c) || (k > 0 && is_ident(bytes[k - 1].1)) {
            continue;
        }
        if k > 0 && bytes[k - 1].1 == ':' {
            continue; // inside a longer path, read from its start
        }
        let word: String = code[at..].chars().take_while(|&c| is_ident(c)).collect();
        let after = code[at + word.len()..].trim_start();
        let Some(tail) = after.strip_prefix("::") else {
            continue;
        };
        let from: ModPath = match word.as_str() {
            "crate" => Vec::new(),
            "self" => file.module.clone(),
            "super" => file.module[..file.module.len().saturating_sub(1)].to_vec(),
            w if kids.contains(w) => {
                let mut m = file.module.clone();
                m.push(w.to_string());
                m
            }
            _ => continue,
        };
        let tail_at = code.len() - tail.len();
        let (paths, end) = use_tree(code, tail_at);
        read_to = end;
        for mut segments in paths {
            let mut from = from.clone();
            while segments.first().is_some_and(|s| s == "super") {
                from.pop();
                segments.remove(0);
            }
            out.push(Reference {
                from,
                segments,
                reexport: reexports.iter().any(|r| r.contains(&at)),
            });
        }
    }
    out
}

/// The crate's files and what each one imports, file by file.
struct Graph {
    /// File name -> the files it imports.
    edges: BTreeMap<String, BTreeSet<String>>,
    /// The crate root's file (`lib.rs`).
    root: String,
}

/// Names a file defines (`pub fn f`, `struct S`, `enum E`, `type T`, `const C`, `static S`,
/// `trait T`, `macro_rules! m`).
fn definitions(code: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for keyword in [
        "fn ", "struct ", "enum ", "type ", "const ", "static ", "trait ", "union ",
    ] {
        let mut rest = code;
        while let Some(i) = rest.find(keyword) {
            let before_ok = i == 0 || !is_ident(rest[..i].chars().next_back().unwrap_or(' '));
            rest = &rest[i + keyword.len()..];
            if before_ok {
                let name: String = rest
                    .trim_start()
                    .chars()
                    .take_while(|&c| is_ident(c))
                    .collect();
                if !name.is_empty() {
                    names.insert(name);
                }
            }
        }
    }
    names
}

/// Where the paths of the crate lead: its modules, each one's paths, and the names each defines.
struct Resolver {
    modules: BTreeSet<ModPath>,
    refs: BTreeMap<ModPath, Vec<Reference>>,
    defined: BTreeMap<ModPath, BTreeSet<String>>,
}

impl Resolver {
    /// The longest module path that `from` + `segments` walks through, and what is left.
    fn walk(&self, from: &ModPath, segments: &[String]) -> (ModPath, Vec<String>) {
        let mut module = from.clone();
        let mut k = 0;
        while k < segments.len() {
            let mut next = module.clone();
            next.push(segments[k].clone());
            if !self.modules.contains(&next) {
                break;
            }
            module = next;
            k += 1;
        }
        (module, segments[k..].to_vec())
    }

    fn defines(&self, module: &ModPath, name: &str) -> bool {
        self.defined.get(module).is_some_and(|d| d.contains(name))
    }

    /// The module that defines `name` as seen from `module` (through its `pub use`s, named
    /// ones first, then globs).
    fn owner(&self, module: &ModPath, name: &str, depth: usize) -> ModPath {
        if depth > 8 || self.defines(module, name) {
            return module.clone();
        }
        let uses = self.refs.get(module).map(Vec::as_slice).unwrap_or_default();
        for glob in [false, true] {
            for r in uses {
                let Some(last) = r.segments.last() else {
                    continue;
                };
                if (glob && last != "*") || (!glob && last != name) {
                    continue;
                }
                let (target, rest) = self.walk(&r.from, &r.segments);
                match rest.as_slice() {
                    [] => return target, // `pub use a::b` of a module named `name`
                    [_] if !glob => return self.owner(&target, name, depth + 1),
                    [star] if star == "*" => {
                        let found = self.owner(&target, name, depth + 1);
                        if self.defines(&found, name) {
                            return found;
                        }
                    }
                    _ => {}
                }
            }
        }
        module.clone()
    }

    /// The module a path leads to.
    fn target(&self, r: &Reference) -> ModPath {
        let (module, rest) = self.walk(&r.from, &r.segments);
        match rest.first() {
            // A name the crate root re-exports is for users outside the crate.
            Some(_) if module.is_empty() => module,
            Some(name) if name != "*" && name != "self" => self.owner(&module, name, 0),
            _ => module,
        }
    }
}

/// Names the crate root defines through a macro, not by re-exporting a file's: UniFFI's
/// scaffolding makes `UniFfiTag` there, the tag its traits are implemented for. Naming it
/// (`crate::UniFfiTag`, as the FFI layer does to lower a value) is no import.
const ROOT_MACRO_NAMES: &[&str] = &["UniFfiTag"];

fn names_a_root_macro(r: &Reference) -> bool {
    r.from.is_empty() && r.segments.len() == 1 && ROOT_MACRO_NAMES.contains(&r.segments[0].as_str())
}

fn file_graph(src: &Path) -> Graph {
    let files = read_tree(src);
    let modules: BTreeSet<ModPath> = files.keys().cloned().collect();
    let refs = files
        .values()
        .map(|f| {
            let kids = children(&f.module, modules.iter());
            (f.module.clone(), references(f, &kids))
        })
        .collect();
    let defined = files
        .values()
        .map(|f| (f.module.clone(), definitions(&f.code)))
        .collect();
    let resolver = Resolver {
        modules,
        refs,
        defined,
    };
    let mut edges = BTreeMap::new();
    for file in files.values() {
        let deps = resolver.refs[&file.module]
            .iter()
            .filter(|r| !r.reexport && !names_a_root_macro(r))
            .filter_map(|r| files.get(&resolver.target(r)))
            .filter(|t| t.module != file.module)
            .map(|t| t.name.clone())
            .collect();
        edges.insert(file.name.clone(), deps);
    }
    Graph {
        edges,
        root: "lib.rs".into(),
    }
}

/// A cycle of the graph, if it has one (depth-first search, three colours).
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        marks: &mut BTreeMap<String, Mark>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        marks.insert(node.to_string(), Mark::Open);
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            match marks.get(next).copied().unwrap_or(Mark::New) {
                Mark::Open => {
                    let from = path.iter().position(|n| n == next).unwrap_or(0);
                    let mut cycle = path[from..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                Mark::New => {
                    if let Some(c) = visit(next, graph, marks, path) {
                        return Some(c);
                    }
                }
                Mark::Done => {}
            }
        }
        path.pop();
        marks.insert(node.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for node in graph.keys() {
        if marks.get(node).copied().unwrap_or(Mark::New) == Mark::New {
            if let Some(c) = visit(node, graph, &mut marks, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

/// The layer of a file: its folder's place in [`LAYERS`] (`None` for the crate root and for a
/// folder that is in no layer).
fn layer(file: &str) -> Option<usize> {
    let folder = file.split('/').next()?;
    LAYERS.iter().position(|&l| l == folder)
}

/// Every import that goes up: to a higher layer, or to the crate root's re-exports.
fn upward_imports(graph: &Graph) -> Vec<String> {
    let mut found = Vec::new();
    for (file, deps) in &graph.edges {
        if *file == graph.root {
            continue;
        }
        for dep in deps {
            let up = *dep == graph.root || layer(dep) > layer(file);
            if up {
                found.push(format!("{file} -> {dep}"));
            }
        }
    }
    found
}

/// Writes `files` (name, text) under a new temporary folder, for the checks to read.
fn planted_tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    for (name, text) in files {
        let path = dir.path().join(name);
        fs::create_dir_all(path.parent().expect("a parent")).expect("a folder");
        fs::write(path, text).expect("a planted file");
    }
    dir
}

/// Copies the crate's own sources (without the binary) to a temporary folder.
fn copy_of_the_sources() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut stack = vec![src()];
    while let Some(folder) = stack.pop() {
        for entry in fs::read_dir(&folder).expect("a readable folder") {
            let path = entry.expect("an entry").path();
            let rel = path.strip_prefix(src()).expect("under src").to_path_buf();
            let to = dir.path().join(&rel);
            if path.is_dir() {
                fs::create_dir_all(&to).expect("a folder");
                stack.push(path);
            } else {
                fs::copy(&path, &to).expect("a copied file");
            }
        }
    }
    dir
}

fn plant(dir: &Path, file: &str, line: &str) {
    let path = dir.join(file);
    let text = fs::read_to_string(&path).expect("a file to plant in");
    fs::write(&path, format!("{line}\n{text}")).expect("a planted import");
}

#[test]
fn the_reader_sees_every_form_of_path() {
    let dir = planted_tree(&[
        ("lib.rs", "pub mod a;\npub mod b;\npub use a::x::X;\n"),
        (
            "a/mod.rs",
            "pub mod x;\npub mod y;\npub use y::*;\npub fn f() { x::g(); }\n",
        ),
        (
            "a/x.rs",
            "use super::{y::{self, Y}, super::b};\n// use crate::b::c::C;\n\
             pub fn g() { let s = \"crate::b::c\"; }\npub struct X;\n",
        ),
        (
            "a/y.rs",
            "pub struct Y;\npub fn h() { crate::b::c::k(); }\n",
        ),
        ("b/mod.rs", "pub mod c;\n"),
        (
            "b/c.rs",
            "use crate::a::Y;\npub fn k() {}\n#[cfg(test)]\nmod tests {\n    use crate::a::x::X;\n}\n",
        ),
    ]);
    let graph = file_graph(dir.path());
    let deps = |f: &str| graph.edges[f].iter().cloned().collect::<Vec<_>>();
    // A group with `self`, a nested group and a `super::super` path; no comment, no string.
    assert_eq!(deps("a/x.rs"), ["a/y.rs", "b/mod.rs"]);
    // An index's re-exports are not its dependencies; its code's paths to its children are.
    assert_eq!(deps("a/mod.rs"), ["a/x.rs"]);
    assert_eq!(deps("lib.rs"), Vec::<String>::new());
    // A name re-exported by a glob leads to the file that defines it; unit tests are left out.
    assert_eq!(deps("b/c.rs"), ["a/y.rs"]);
    assert_eq!(deps("a/y.rs"), ["b/c.rs"]);
}

#[test]
fn the_cycle_finder_finds_a_cycle_and_accepts_a_layering() {
    let graph = |edges: &[(&str, &str)]| {
        let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for &(a, b) in edges {
            g.entry(a.into()).or_default().insert(b.into());
            g.entry(b.into()).or_default();
        }
        g
    };
    assert_eq!(
        find_cycle(&graph(&[("a", "b"), ("b", "c"), ("c", "a")])),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
    assert_eq!(
        find_cycle(&graph(&[("a", "b"), ("b", "c"), ("a", "c")])),
        None
    );
}

#[test]
fn no_two_files_of_the_crate_import_each_other_in_a_circle() {
    let graph = file_graph(&src());
    // The reader found the crate: files and some of their known imports.
    assert!(graph.edges.len() > 60, "{:#?}", graph.edges);
    assert!(graph.edges["engine/game.rs"].contains("engine/position.rs"));
    assert!(graph.edges["screens/controller.rs"].contains("screens/play_screen.rs"));
    if let Some(cycle) = find_cycle(&graph.edges) {
        panic!(
            "files import each other in a circle: {}\n(the file graph: {:#?})",
            cycle.join(" -> "),
            graph.edges
        );
    }
}

#[test]
fn no_file_imports_from_a_layer_above_its_own() {
    let graph = file_graph(&src());
    for file in graph.edges.keys() {
        assert!(
            *file == graph.root || layer(file).is_some(),
            "{file} is in no layer: add its folder to LAYERS, in its place"
        );
    }
    let up = upward_imports(&graph);
    assert!(up.is_empty(), "imports that go up:\n{}", up.join("\n"));
}

#[test]
fn a_planted_import_that_closes_a_circle_fails_the_check() {
    // Two files of one folder: `game.rs` imports `position.rs`; `position.rs` importing
    // `game.rs` closes a circle.
    let dir = copy_of_the_sources();
    assert_eq!(find_cycle(&file_graph(dir.path()).edges), None);
    plant(
        dir.path(),
        "engine/position.rs",
        "use crate::engine::game::Game;",
    );
    let cycle = find_cycle(&file_graph(dir.path()).edges).expect("the planted circle is found");
    assert!(
        cycle.contains(&"engine/position.rs".to_string())
            && cycle.contains(&"engine/game.rs".to_string()),
        "{cycle:?}"
    );

    // The same through a folder's re-export and a `super::` path, in the screens.
    let dir = copy_of_the_sources();
    plant(dir.path(), "screens/plan.rs", "use super::Frame;");
    let cycle = find_cycle(&file_graph(dir.path()).edges).expect("the planted circle is found");
    assert!(cycle.contains(&"screens/plan.rs".to_string()), "{cycle:?}");
}

#[test]
fn a_planted_upward_import_fails_the_check() {
    let dir = copy_of_the_sources();
    plant(dir.path(), "engine/rules.rs", "use crate::ai::Control;");
    assert_eq!(
        upward_imports(&file_graph(dir.path())),
        ["engine/rules.rs -> ai/control.rs"]
    );
    let dir = copy_of_the_sources();
    plant(dir.path(), "engine/rules.rs", "fn f(_: crate::Side) {}");
    assert_eq!(
        upward_imports(&file_graph(dir.path())),
        ["engine/rules.rs -> lib.rs"]
    );
}

/// The lines of the crate's files outside `folders` that name UniFFI other than through the
/// `ffi` feature's `cfg_attr` (the feature the apps' builds turn on).
fn uniffi_outside_the_feature(src: &Path, folders: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for file in read_tree(src).values() {
        let folder = file.name.split('/').next().unwrap_or("");
        if file.name == "lib.rs" || folders.contains(&folder) {
            continue;
        }
        // The feature's name is a string, which the code without strings has lost.
        let text = fs::read_to_string(src.join(&file.name)).expect("a source file");
        for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
            let gated = line
                .trim_start()
                .starts_with("#[cfg_attr(feature = \"ffi\"");
            if line.contains("uniffi") && !gated {
                found.push(format!("{}: {}", file.name, line.trim()));
            }
        }
    }
    found
}

#[test]
fn below_the_screens_uniffi_comes_only_with_the_ffi_feature() {
    // The engine's own types cross the FFI (one type per concept), but UniFFI's traits on them
    // come with the `ffi` feature: without it the layers below the screens know no UniFFI.
    let found = uniffi_outside_the_feature(&src(), &["screens", "ffi"]);
    assert!(
        found.is_empty(),
        "UniFFI outside the `ffi` feature:\n{}",
        found.join("\n")
    );
    let dir = copy_of_the_sources();
    plant(
        dir.path(),
        "engine/side.rs",
        "#[derive(uniffi::Enum)]\nenum Planted { A }",
    );
    assert_eq!(
        uniffi_outside_the_feature(dir.path(), &["screens", "ffi"]),
        ["engine/side.rs: #[derive(uniffi::Enum)]"]
    );
}

#[test]
fn the_library_and_the_terminal_binary_forbid_unsafe_code() {
    for root in ["lib.rs", "bin/tafl/main.rs"] {
        let code = code_only(&fs::read_to_string(src().join(root)).expect("a crate root"));
        assert!(
            code.lines().any(|l| l.trim() == "#![forbid(unsafe_code)]"),
            "{root} must forbid unsafe code"
        );
    }
}
