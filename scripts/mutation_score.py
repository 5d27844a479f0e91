"""Print the mutation score per guarded module from mutmut's results (after `mutmut run`).

A mutant is *killed* when some test fails on it; *survived* means every test still passed:
a change in the rule no test notices. Timeouts count as killed (the mutant hung the tests);
mutants no test reached count as survived.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

MODULES = {
    "core.db.tenancy": "core/db/tenancy.py",
    "core.permissions": "core/permissions.py",
    "core.domain.products.fields.fiscal": "core/domain/products/fields/fiscal.py",
    "plugins.noleggio_auto.pricing": "plugins/noleggio_auto/pricing.py",
}
KILLED = {"killed", "timeout"}


def main() -> int:
    mutmut = Path(sys.executable).with_name("mutmut")
    out = subprocess.run(
        [str(mutmut), "results", "--all", "true"], capture_output=True, text=True, check=False
    ).stdout
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for line in out.splitlines():
        name, _, status = line.strip().rpartition(": ")
        module = next((m for m in MODULES if name.startswith(m + ".")), None)
        if module is not None:
            counts[module][status.strip()] += 1
    if not counts or all(set(c) == {"not checked"} for c in counts.values()):
        print("no mutant was run: see mutmut's output above", file=sys.stderr)
        return 1
    print("| module | mutants | killed | survived | score |")
    print("|---|---|---|---|---|")
    total_killed = total = 0
    for module, path in MODULES.items():
        found = counts.get(module, Counter())
        n = sum(found.values())
        killed = sum(v for k, v in found.items() if k in KILLED)
        total_killed, total = total_killed + killed, total + n
        score = f"{100 * killed / n:.0f}%" if n else "–"
        print(f"| `{path}` | {n} | {killed} | {n - killed} | {score} |")
    print(
        f"| all | {total} | {total_killed} | {total - total_killed} | "
        f"{100 * total_killed / max(total, 1):.0f}% |"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
