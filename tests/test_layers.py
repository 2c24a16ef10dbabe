"""The app's areas import one another in one direction only, as the README's layout says.

An area is a package of scorekeeper/ (engine, tables, scoreboard, sessions, share, history,
host, api, checker, webapp, errors) or one of its top-level modules. Every import counts,
at module level or inside a function: an import hidden in a function to dodge a circle is
still a circle here.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"

# the domain layer and what is below it never reach up into an area that shows pages
PAGE_AREAS = {"sessions", "scoreboard", "share", "history", "host", "api", "checker", "webapp", "errors", "cli"}


def _area_of_file(path: Path) -> str:
    parts = path.relative_to(PACKAGE).parts
    return "scorekeeper" if parts == ("__init__.py",) else parts[0].removesuffix(".py")


def _area_of_module(name: str) -> str | None:
    parts = name.split(".")
    if parts[0] != "scorekeeper":
        return None
    return parts[1] if len(parts) > 1 else "scorekeeper"


def _imported(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
        if node.module == "scorekeeper":  # from scorekeeper import engine, limits
            return [f"scorekeeper.{alias.name}" for alias in node.names]
        return [node.module]
    return []


def area_imports() -> dict[str, dict[str, list[str]]]:
    """Which areas each area imports, with the files (and lines) that do."""
    found: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for path in sorted(PACKAGE.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        source = _area_of_file(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            for module in _imported(node):
                target = _area_of_module(module)
                if target is not None and target not in (source, "scorekeeper"):
                    found[source][target].append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    return found


def _circle_through(graph: dict[str, dict[str, list[str]]], start: str) -> list[str] | None:
    """A path of imports from `start` back to itself, if any."""
    stack = [(start, [start])]
    seen: set[str] = set()
    while stack:
        area, path = stack.pop()
        for target in graph.get(area, {}):
            if target == start:
                return path + [start]
            if target not in seen:
                seen.add(target)
                stack.append((target, path + [target]))
    return None


def test_no_two_areas_import_each_other_even_through_others():
    graph = area_imports()
    circles = {area: circle for area in graph if (circle := _circle_through(graph, area))}
    assert not circles, "areas importing in a circle: " + "; ".join(
        " -> ".join(circle) + f" (first step at {graph[circle[0]][circle[1]][0]})" for circle in circles.values())


def test_the_domain_layer_imports_no_page_area():
    graph = area_imports()
    up = {target: where for target, where in graph["tables"].items() if target in PAGE_AREAS}
    assert not up, f"scorekeeper/tables imports page areas: {up}"


def test_the_scoreboard_reads_the_domain_layer_and_no_area_with_views():
    graph = area_imports()
    up = {target: where for target, where in graph["scoreboard"].items() if target in PAGE_AREAS}
    assert not up, f"scorekeeper/scoreboard imports areas above it: {up}"


def test_the_engine_imports_nothing_of_the_app():
    assert not area_imports()["engine"], "the engine imports the app: " + str(dict(area_imports()["engine"]))


def test_the_check_finds_a_circle_when_there_is_one():
    graph = {"a": {"b": ["a.py:1"]}, "b": {"c": ["b.py:1"]}, "c": {"a": ["c.py:9"]}}
    assert _circle_through(graph, "a") == ["a", "b", "c", "a"]
    assert _circle_through({"a": {"b": ["a.py:1"]}}, "a") is None
