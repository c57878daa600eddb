"""Stable-Baselines3 (and so PyTorch) is imported only with ``loki.sb3``: ``import loki``,
``loki.env`` and ``loki.vector`` never import it. ``loki.sb3`` itself is exercised by
``python/examples/sb3_maskable_ppo.py`` where PyTorch is installed (the test environment
does not install it)."""

from __future__ import annotations

import subprocess
import sys


def test_sb3_and_torch_are_not_imported_by_the_package():
    code = (
        "import sys, loki, loki.env, loki.vector; "
        "print(sorted(m for m in ('stable_baselines3', 'sb3_contrib', 'torch') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr
