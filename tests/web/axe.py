"""axe-core (npm `axe-core`, the engine of Lighthouse's and browsers' accessibility audits) run
inside the page under test: inject its axe.min.js, run it, read back the violations."""

from __future__ import annotations

from pathlib import Path

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")
RUN = """async () => {
    const result = await axe.run(document, {resultTypes: ["violations"]});
    return result.violations.map(v => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map(n => ({target: n.target.join(" "), summary: n.failureSummary}))}));
}"""


def audit(page) -> list[dict]:
    """Every axe violation on the page as it is now: id, impact, help and the nodes."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN)


def blocking(violations: list[dict]) -> list[dict]:
    return [v for v in violations if v["impact"] in BLOCKING]


def report(violations: list[dict]) -> str:
    """Violations as lines a person can act on: impact, rule, help, first nodes."""
    lines = []
    for v in violations:
        lines.append(f"{v['impact']} {v['id']}: {v['help']} ({len(v['nodes'])} nodes)")
        lines += [f"    {n['target']}: {n['summary']}" for n in v["nodes"][:3]]
    return "\n".join(lines)
