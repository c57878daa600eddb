#!/usr/bin/env python3
"""Writes docs/commands.md from the built binary's help: every command, subcommand, argument
and option, in the binary's own words.

    cargo build --release && python3 scripts/commands_md.py target/release/loki > docs/commands.md

`cargo test --release -p loki --test docs` checks that the page lists every command and flag.
"""
import re
import subprocess
import sys

LOKI = sys.argv[1] if len(sys.argv) > 1 else "target/release/loki"


def help_text(path):
    return subprocess.run([LOKI, *path, "--help"], capture_output=True, text=True, check=True).stdout


def parse(text):
    """(about, usage, {section: [(head, [description lines])]})."""
    lines = text.rstrip("\n").split("\n")
    about = []
    i = 0
    while i < len(lines) and not lines[i].startswith("Usage:"):
        if lines[i].strip():
            about.append(lines[i].strip())
        i += 1
    usage = lines[i][len("Usage: "):].strip()
    sections = {}
    current = None
    for line in lines[i + 1:]:
        if re.match(r"^[A-Z][A-Za-z ]*:$", line):
            current = line[:-1]
            sections[current] = []
            continue
        if current is None or not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        m = re.match(r"^\s*(\S.*?)(?:\s{2,}(\S.*))?$", line)
        if indent < 8:
            sections[current].append([m.group(1).strip(), [m.group(2)] if m.group(2) else []])
        elif sections[current]:
            sections[current][-1][1].append(line.strip())
    return " ".join(about), usage, sections


def cell(parts):
    out = []
    values = []
    for p in parts:
        if p.startswith("Possible values:"):
            continue
        m = re.match(r"^- ([\w-]+):\s*(.*)$", p)
        if m:
            values.append(f"`{m.group(1)}`: {m.group(2)}")
        else:
            out.append(p)
    text = " ".join(out)
    if values:
        if text and not text.endswith("."):
            text += "."
        text += " Values: " + "; ".join(values) + "."
    return text.replace("|", "\\|")


def code(head):
    return "`" + head.replace("|", "\\|") + "`"


def commands(sections):
    return [h for h, _ in sections.get("Commands", []) if h != "help"]


def page():
    about, _, top = parse(help_text([]))
    out = [
        "# Commands",
        "",
        "Every command of the `loki` binary with every argument and option, taken from its",
        "`--help` (this page is written by `scripts/commands_md.py`; a test checks that it",
        "lists every command and flag of the binary). Every command also accepts `-h` /",
        "`--help` (`--help` gives the long form where there is one) and `-V` / `--version`.",
        "Card, seat and player conventions are in [conventions.md](conventions.md).",
        "",
    ]
    entries = []
    for name in commands(top):
        _, _, s = parse(help_text([name]))
        entries.append([name])
        for sub in commands(s):
            entries.append([name, sub])
    for path in entries:
        anchor = "loki-" + "-".join(path)
        _, _, s = parse(help_text([path[0]])) if len(path) > 1 else (None, None, top)
        desc = next(d for h, d in s["Commands"] if h == path[-1])
        out.append(f"* [`loki {' '.join(path)}`](#{anchor}): {' '.join(desc)}")
    out.append("")
    for path in entries:
        about, usage, s = parse(help_text(path))
        out += [f"## loki {' '.join(path)}", "", about, "", "```text", usage, "```", ""]
        if "Commands" in s:
            out.append("Subcommands: " + ", ".join(
                f"[`{c}`](#loki-{'-'.join(path)}-{c})" for c in commands(s)) + ".")
            out.append("")
        rows = [(h, d) for h, d in s.get("Arguments", [])]
        if rows:
            out += ["| argument | meaning |", "|---|---|"]
            out += [f"| {code(h)} | {cell(d)} |" for h, d in rows]
            out.append("")
        rows = [(h, d) for h, d in s.get("Options", [])
                if not h.startswith("-h, --help") and not h.startswith("-V, --version")]
        if rows:
            out += ["| option | meaning |", "|---|---|"]
            out += [f"| {code(h)} | {cell(d)} |" for h, d in rows]
            out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


sys.stdout.write(page())
