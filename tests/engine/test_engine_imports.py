"""The engine's modules import one another without a circle, annotations (`if TYPE_CHECKING:`) included.

Read from the code: each `import` and `from ... import` of an engine module,
at any depth of a module (in a function too, and under TYPE_CHECKING), is an
edge from that module to the one it names. Importing a submodule also runs its
package's ``__init__``; those implicit edges are not counted, since a registry
package (engine.games) imports its own members by design.
"""

from __future__ import annotations

import ast
from pathlib import Path

import scorekeeper.engine

ENGINE = Path(scorekeeper.engine.__file__).parent
PACKAGE = "scorekeeper.engine"


def engine_modules(root: Path = ENGINE) -> dict[str, Path]:
    """Every module of the engine by its dotted name (a package by its own name)."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join((PACKAGE, *parts))] = path
    return found


def imported(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The engine modules that module `name` imports, each import statement at any depth."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    edges = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the package, up one level per dot but the first
                base = ".".join([*package.split(".")[: len(package.split(".")) - node.level + 1], *filter(None, [base])])
            # `from pkg import mod` names a module; `from mod import thing` names mod
            edges |= {f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names}
        elif isinstance(node, ast.Import):
            edges |= {a.name for a in node.names}
    return {edge for edge in edges if edge in modules and edge != name}


def import_circle(modules: dict[str, Path]) -> list[str] | None:
    """One circle of imports among `modules`, as the modules along it (the first again at the end); None if none."""
    graph = {name: sorted(imported(name, path, modules) - {PACKAGE}) for name, path in modules.items()}
    done: set[str] = set()

    def walk(name: str, trail: list[str]) -> list[str] | None:
        if name in trail:
            return [*trail[trail.index(name):], name]
        if name in done:
            return None
        for target in graph[name]:
            circle = walk(target, [*trail, name])
            if circle:
                return circle
        done.add(name)
        return None

    for name in graph:
        circle = walk(name, [])
        if circle:
            return circle
    return None


def test_no_engine_module_imports_back_into_one_that_imports_it():
    circle = import_circle(engine_modules())
    assert circle is None, " -> ".join(circle or [])


def test_the_check_finds_a_circle_through_an_annotation(tmp_path):
    engine = tmp_path / "engine"
    engine.mkdir()
    (engine / "__init__.py").write_text("")
    (engine / "low.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from scorekeeper.engine.high import High\n"
    )
    (engine / "high.py").write_text("from scorekeeper.engine.low import thing\n")
    assert import_circle(engine_modules(engine)) == [
        "scorekeeper.engine.high", "scorekeeper.engine.low", "scorekeeper.engine.high",
    ]
    (engine / "low.py").write_text("thing = 1\n")
    assert import_circle(engine_modules(engine)) is None
