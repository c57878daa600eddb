#!/usr/bin/env python3
"""What each of loki's choices changes: each switched on alone from the sources'
configuration (`--config paper`) and off alone from the default, measured on Figure 4
(SOM - GOM, GOM - the best basic player), on calibration (gain and weight below the
truth of SOM's and LOKI2's models on BPM, BPT and BPL), heads-up (SOM against random,
raise and example) and in Peña's B+R field (LOKI2 - SOM). Prints the Markdown table of
docs/opponent-model.md ("What each of our choices changes").

    python3 scripts/choices_table.py --loki target/release/loki --out /tmp/choices

Every run is kept under --out (configs, results.json, calibration JSON), and a run whose
output exists is not played again, so an interrupted run continues where it stopped.
The choices and their keys are those of crates/bot/src/choices.rs (`CHOICES`).
"""
import argparse
import json
import os
import subprocess
import sys

# name, keys, whether it changes the Figure-4 kinds (else: LOKI2 only).
CHOICES = [
    ("percentile pre-flop", ["model.preflop_scale"], True),
    ("checks read", ["model.checks"], True),
    ("flop's field", ["reweight.field"], True),
    ("exact potential", ["reweight.potential"], True),
    ("frequency sigma", ["model.postflop_sigma_scale", "model.postflop_sigma_min", "model.postflop_sigma_max"], True),
    ("rare actions", ["model.keep_best"], True),
    ("trust", ["model.trust"], True),
    ("HS_n triples", ["reweight.triple_rank"], False),
    ("window per context", ["model.window_scope", "model.recent_min"], False),
    ("own slow-play", ["triples.own_min_passive"], False),
    ("a number per decision", ["triples.hand_random"], False),
]

CAL_FIELD = "2*BPM,2*BPT,2*BPL,GOM,SOM,LOKI2"


def lines_by_key(toml):
    """The TOML's lines as (key or None, line), keys dotted by their table."""
    out, table = [], ""
    for line in toml.splitlines():
        s = line.strip()
        if s.startswith("[") and s.endswith("]"):
            table = s[1:-1]
            out.append((None, line, table))
        elif " = " in s and not s.startswith("#"):
            k = s.split(" = ", 1)[0]
            out.append((f"{table}.{k}", line.split("  #", 1)[0], table))
        else:
            out.append((None, line, table))
    return out


def switch(base, other, keys):
    """`base` with `keys` set as in `other` (a key absent from `other` is removed)."""
    theirs = {k: l for k, l, _ in lines_by_key(other) if k}
    out, done = [], set()
    for k, line, table in lines_by_key(base):
        if k in keys:
            done.add(k)
            if k in theirs:
                out.append(theirs[k])
            continue
        out.append(line.split("  #", 1)[0] if k else line)
    for k in keys:
        if k not in done and k in theirs:
            table, key = k.rsplit(".", 1)
            i = next(i for i, l in enumerate(out) if l.strip() == f"[{table}]")
            out.insert(i + 1, theirs[k])
    return "\n".join(out) + "\n"


def run(cmd, quiet=True):
    print("+", " ".join(cmd), file=sys.stderr, flush=True)
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{r.stderr}")
    return r.stdout


def tournament(a, cfg, out, players=None, preset=None, hands=None, seed=0):
    if not os.path.exists(f"{out}/results.json"):
        cmd = [a.loki, "tournament", "--config", cfg, "--out", out, "--force", "-q", "--seed", str(seed)]
        cmd += ["--preset", preset] if preset else ["--players", players]
        if hands:
            cmd += ["--hands", str(hands)]
        run(cmd)
    return json.load(open(f"{out}/results.json"))


def diff(res, a, b):
    """(a - b, its interval) from a results.json."""
    kinds = {k["kind"]: k["sb_per_hand"] for k in res["kinds"]}
    for d in res["differences"]:
        if (d["a"], d["b"]) == (a, b):
            return d["sb_per_hand"], d["ci95"]
        if (d["a"], d["b"]) == (b, a):
            return -d["sb_per_hand"], d["ci95"]
    return kinds[a] - kinds[b], float("nan")


def measure(a, name, cfg, loki1):
    d = f"{a.out}/{name}"
    os.makedirs(d, exist_ok=True)
    m = {}
    if loki1:
        f4 = tournament(a, cfg, f"{d}/figure4", preset="figure4", hands=a.hands, seed=a.seed)
        m["som_gom"] = diff(f4, "SOM", "GOM")
        kinds = {k["kind"]: k["sb_per_hand"] for k in f4["kinds"]}
        best = max(["BPM", "BPT", "BPL"], key=lambda k: kinds[k])
        m["gom_best"] = diff(f4, "GOM", best) + (best,)
        for opp in ["random", "raise", "example"]:
            hu = tournament(a, cfg, f"{d}/hu-{opp}", players=f"SOM,{opp}", hands=a.hu_hands, seed=a.seed + 2)
            m[f"hu_{opp}"] = next((k["sb_per_hand"], k["ci95"]) for k in hu["kinds"] if k["kind"] == "SOM")
    cal_path = f"{d}/calibrate.json"
    if not os.path.exists(cal_path):
        out = run([a.loki, "calibrate", "--players", CAL_FIELD, "--config", cfg, "--hands", str(a.cal_hands), "--seed", str(a.seed + 1), "--json", "-q"])
        open(cal_path, "w").write(out)
    rows = json.load(open(cal_path))["rows"]
    for obs in ["SOM", "LOKI2"]:
        sel = [r for r in rows if r["observer"] == obs and r["actor"] in ("BPM", "BPT", "BPL") and r["round"] == "all" and r["action"] == "all"]
        m[f"cal_{obs}"] = (
            sum(r["gain"]["mean"] for r in sel) / len(sel),
            min(r["below"]["mean"] for r in sel),
            max(r["below"]["mean"] for r in sel),
        )
    br = tournament(a, cfg, f"{d}/pena-br", preset="pena-br", seed=a.seed + 3)
    m["pena_br"] = diff(br, "LOKI2", "SOM")
    return m


def fmt(x, ci=None):
    s = f"{x:+.4f}"
    return s if ci is None or ci != ci else f"{s} ± {ci:.4f}"


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--loki", default="target/release/loki")
    p.add_argument("--out", default="choices")
    p.add_argument("--seed", type=int, default=43110)
    p.add_argument("--hands", type=int, default=100_000, help="Figure-4 hands per configuration")
    p.add_argument("--hu-hands", type=int, default=10_000, help="heads-up hands per opponent")
    p.add_argument("--cal-hands", type=int, default=10_000, help="calibration hands")
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    paper = run([a.loki, "config", "--config", "paper"])
    default = run([a.loki, "config"])
    configs = [("paper", "the sources' configuration", paper, True), ("default", "loki's default", default, True)]
    for name, keys, loki1 in CHOICES:
        slug = name.replace(" ", "-").replace("'", "")
        configs.append((f"on-{slug}", f"paper + {name}", switch(paper, default, keys), loki1))
        configs.append((f"off-{slug}", f"default − {name}", switch(default, paper, keys), loki1))
    results = []
    for slug, label, text, loki1 in configs:
        cfg = f"{a.out}/{slug}.toml"
        open(cfg, "w").write(text)
        results.append((label, loki1, measure(a, slug, cfg, loki1)))
    print("| configuration | SOM − GOM | GOM − best basic | SOM vs random | vs raise | vs example | SOM's model: gain, below | LOKI2's model: gain, below | LOKI2 − SOM (B+R) |")
    print("|---|---:|---:|---:|---:|---:|---|---|---:|")
    for label, loki1, m in results:
        cells = [label]
        if loki1:
            cells += [fmt(*m["som_gom"]), f"{fmt(*m['gom_best'][:2])} ({m['gom_best'][2]})"]
            cells += [fmt(*m[f"hu_{o}"]) for o in ["random", "raise", "example"]]
        else:
            cells += ["as the end it starts from"] + [""] * 4
        for obs in ["SOM", "LOKI2"]:
            g, lo, hi = m[f"cal_{obs}"]
            cells.append(f"{g:+.3f}, {lo:.3f}–{hi:.3f}")
        cells.append(fmt(*m["pena_br"]))
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
