//! The crate's structure: its top-level modules (the layers: `engine`, `ai`, `store`, ...) depend on each other without cycles, so each
//! layer can be read (and tested) knowing only the layers below it.
//!
//! The dependencies are read from the sources: every `crate::NAME` path outside comments, with
//! `crate::{a, b::c}` groups split, and names that `lib.rs` re-exports (`crate::Side`) traced
//! to the module that defines them. A module's submodules (`ai/search.rs`) count as the module.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

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

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The first path segment after each `crate::` in `code`: `crate::bits::Bits` gives `bits`,
/// `crate::{bits::Bits, game::Game}` gives `bits` and `game`.
fn crate_paths(code: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        let before_ok = i == 0 || !is_ident(rest[..i].chars().next_back().unwrap_or(' '));
        rest = &rest[i + "crate::".len()..];
        if !before_ok {
            continue;
        }
        let trimmed = rest.trim_start();
        if let Some(group) = trimmed.strip_prefix('{') {
            // Top-level items of the group: the identifier after `{` or after a `,` at depth 1.
            let mut depth = 1;
            let mut at_item_start = true;
            let mut ident = String::new();
            for c in group.chars() {
                if depth == 1 && at_item_start {
                    if is_ident(c) {
                        ident.push(c);
                        continue;
                    }
                    if c.is_whitespace() && ident.is_empty() {
                        continue;
                    }
                    if !ident.is_empty() {
                        names.insert(std::mem::take(&mut ident));
                    }
                    at_item_start = false;
                }
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    ',' if depth == 1 => at_item_start = true,
                    _ => {}
                }
            }
            if !ident.is_empty() {
                names.insert(ident);
            }
        } else {
            let ident: String = trimmed.chars().take_while(|&c| is_ident(c)).collect();
            if !ident.is_empty() {
                names.insert(ident);
            }
        }
    }
    names
}

/// The crate's top-level modules, each with the files that make it up.
fn modules() -> BTreeMap<String, Vec<PathBuf>> {
    let mut modules: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
    for entry in fs::read_dir(src()).expect("core/src is readable") {
        let path = entry.expect("a directory entry").path();
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("a UTF-8 file name")
            .to_string();
        if path.is_dir() {
            if name == "bin" {
                continue; // the `tafl` binary is a crate of its own
            }
            let mut files = Vec::new();
            let mut stack = vec![path];
            while let Some(dir) = stack.pop() {
                for entry in fs::read_dir(&dir).expect("a module folder is readable") {
                    let p = entry.expect("a directory entry").path();
                    if p.is_dir() {
                        stack.push(p);
                    } else if p.extension().is_some_and(|e| e == "rs") {
                        files.push(p);
                    }
                }
            }
            modules.entry(name).or_default().extend(files);
        } else if path.extension().is_some_and(|e| e == "rs") && name != "lib" {
            modules.entry(name).or_default().push(path);
        }
    }
    modules
}

/// Names `lib.rs` re-exports at the crate root, mapped to the module they come from.
fn root_reexports() -> BTreeMap<String, String> {
    let lib = code_only(&fs::read_to_string(src().join("lib.rs")).expect("lib.rs"));
    let mut map = BTreeMap::new();
    for stmt in lib.split(';') {
        let Some(path) = stmt.trim().strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, items)) = path.split_once("::") else {
            continue;
        };
        let items = items.trim().trim_start_matches('{').trim_end_matches('}');
        for item in items.split(',') {
            let name = item.trim().rsplit(' ').next().unwrap_or("").trim();
            if !name.is_empty() {
                map.insert(name.to_string(), module.trim().to_string());
            }
        }
    }
    map
}

/// Module -> the other modules it uses.
fn dependency_graph() -> BTreeMap<String, BTreeSet<String>> {
    let modules = modules();
    let reexports = root_reexports();
    let mut graph = BTreeMap::new();
    for (name, files) in &modules {
        let mut deps = BTreeSet::new();
        for file in files {
            let code = code_only(&fs::read_to_string(file).expect("a source file"));
            for first in crate_paths(&code) {
                let target = if modules.contains_key(&first) {
                    Some(first)
                } else {
                    reexports.get(&first).cloned()
                };
                if let Some(t) = target.filter(|t| t != name) {
                    deps.insert(t);
                }
            }
        }
        graph.insert(name.clone(), deps);
    }
    graph
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

#[test]
fn the_dependency_reader_sees_every_form_of_path() {
    let code = code_only(
        "use crate::bits::Bits;\n\
         use crate::{game::{Game, Status}, movegen::{self, Move},\n  position};\n\
         let x = crate::notation::format_position(p); // crate::ai::x\n\
         let s = \"crate::store\"; not_crate::ffi::y();\n",
    );
    let found: Vec<String> = crate_paths(&code).into_iter().collect();
    assert_eq!(found, ["bits", "game", "movegen", "notation", "position"]);
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
fn the_modules_form_layers_without_cycles() {
    let graph = dependency_graph();
    // The reader found the crate: the rules' modules and their known dependencies.
    assert!(graph["ai"].contains("engine"), "{graph:?}");
    assert!(graph["screens"].contains("store"), "{graph:?}");
    if let Some(cycle) = find_cycle(&graph) {
        panic!(
            "module cycle: {}\n(the module graph: {graph:#?})",
            cycle.join(" -> ")
        );
    }
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
