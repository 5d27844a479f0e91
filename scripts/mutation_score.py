"""The mutation score per guarded module, from mutmut's results (Python) and Stryker's report
(web), after ``make mutation`` ran both.

A mutant is *killed* when some test fails on it; *survived* means every test still passed:
a change in the rule no test notices. Timeouts count as killed (the mutant hung the tests);
mutants no test reached count as survived. The modules are the ones the tools mutate:
``only_mutate`` of ``[tool.mutmut]`` in ``pyproject.toml`` and ``mutate`` of
``web/stryker.config.json``.

The table is printed and written, with the commit it ran on, to :data:`RESULTS`, whose table
the 'Mutation testing' section of docs/testing.md repeats (``tests/meta/test_mutation_score.py``
checks both). Exits 1 when a module scores under :data:`MINIMUM` or a mutant was left unchecked.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tomllib
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "docs" / "mutation-score.md"
STRYKER_CONFIG = ROOT / "web" / "stryker.config.json"
MINIMUM = 90
"""The lowest score in % a module may have."""
HEADER = "| module | mutants | killed | survived | score |"

MUTMUT_KILLED = {"killed", "timeout", "segfault", "caught by type check"}
MUTMUT_SURVIVED = {"survived", "no tests", "suspicious"}
STRYKER_KILLED = {"Killed", "Timeout"}
STRYKER_SURVIVED = {"Survived", "NoCoverage"}
"""Other Stryker statuses (compile and runtime errors, ignored) are no mutants of the code."""


@dataclass(frozen=True, slots=True)
class Score:
    path: str
    killed: int
    survived: int

    @property
    def mutants(self) -> int:
        return self.killed + self.survived

    @property
    def percent(self) -> int:
        """Rounded down: 89.9 % is under 90 %."""
        return 100 * self.killed // self.mutants if self.mutants else 100

    def row(self) -> str:
        counts = f"{self.mutants} | {self.killed} | {self.survived} | {self.percent}%"
        return f"| `{self.path}` | {counts} |"


def python_modules() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return list(config["tool"]["mutmut"]["only_mutate"])


def web_files() -> list[str]:
    return [f"web/{path}" for path in json.loads(STRYKER_CONFIG.read_text())["mutate"]]


def mutmut_scores(paths: list[str]) -> tuple[list[Score], int]:
    """Each module's score, and how many mutants were not run to a verdict."""
    mutmut = Path(sys.executable).with_name("mutmut")
    out = subprocess.run(
        [str(mutmut), "results", "--all", "true"],
        capture_output=True, text=True, check=False, cwd=ROOT,
    ).stdout  # fmt: skip
    modules = {path.removesuffix(".py").replace("/", "."): path for path in paths}
    counts: dict[str, Counter[str]] = {path: Counter() for path in paths}
    for line in out.splitlines():
        name, _, status = line.strip().rpartition(": ")
        module = max((m for m in modules if name.startswith(m + ".")), key=len, default=None)
        if module is not None:
            counts[modules[module]][status.strip()] += 1
    unchecked = sum(
        n for c in counts.values() for status, n in c.items()
        if status not in MUTMUT_KILLED | MUTMUT_SURVIVED | {"skipped"}
    )  # fmt: skip
    scores = [
        Score(path, sum(c[s] for s in MUTMUT_KILLED), sum(c[s] for s in MUTMUT_SURVIVED))
        for path, c in counts.items()
    ]
    return scores, unchecked


def stryker_scores(paths: list[str]) -> list[Score]:
    report = ROOT / "web" / json.loads(STRYKER_CONFIG.read_text())["jsonReporter"]["fileName"]
    files = json.loads(report.read_text())["files"] if report.is_file() else {}
    scores = []
    for path in paths:
        file = path.removeprefix("web/").partition(":")[0]  # 'file.ts:71-155': those lines
        statuses = Counter(m["status"] for m in files.get(file, {}).get("mutants", []))
        killed = sum(statuses[s] for s in STRYKER_KILLED)
        scores.append(Score(path, killed, sum(statuses[s] for s in STRYKER_SURVIVED)))
    return scores


def table(python: list[Score], web: list[Score]) -> list[str]:
    lines = [HEADER, "|---|---|---|---|---|"]
    for label, scores in (("Python", python), ("web", web)):
        lines += [s.row() for s in scores]
        total = Score(
            f"all {label}", sum(s.killed for s in scores), sum(s.survived for s in scores)
        )
        lines.append(total.row().replace(f"`{total.path}`", f"**{total.path}**"))
    return lines


def commit() -> str:
    def git(*args: str) -> str:
        return subprocess.run(
            ["git", *args], capture_output=True, text=True, check=False, cwd=ROOT
        ).stdout.strip()

    changed = [
        line for line in git("status", "--porcelain").splitlines()
        if not line.endswith((str(RESULTS.relative_to(ROOT)), "docs/testing.md"))
    ]  # fmt: skip
    return git("rev-parse", "--short=12", "HEAD") + (" with uncommitted changes" if changed else "")


def write(lines: list[str], seconds: int | None) -> None:
    took = f", {seconds // 60} min {seconds % 60:02d} s" if seconds is not None else ""
    RESULTS.write_text(
        "# Mutation score\n\n"
        f"`make mutation` on commit `{commit()}`, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC{took}. "
        "The 'Mutation testing' section of docs/testing.md repeats this table.\n\n"
        + "\n".join(lines)
        + "\n",
        encoding="utf-8",
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, help="how long the run took, for the record")
    args = parser.parse_args()
    python, unchecked = mutmut_scores(python_modules())
    web = stryker_scores(web_files())
    if not any(s.mutants for s in python + web):
        print("no mutant was run: see the tools' output above", file=sys.stderr)
        return 1
    lines = table(python, web)
    print("\n".join(lines))
    write(lines, args.seconds)
    low = [s.path for s in python + web if s.percent < MINIMUM]
    if unchecked:
        print(f"{unchecked} mutants were not run to a verdict", file=sys.stderr)
    if low:
        print(f"under {MINIMUM}%: {', '.join(low)}", file=sys.stderr)
    return 1 if low or unchecked else 0


if __name__ == "__main__":
    raise SystemExit(main())
