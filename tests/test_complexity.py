"""No function or method in scorekeeper/ is above radon's cyclomatic complexity 12 (issue #37).

ruff's C90 (McCabe) already stops at 12, but counts fewer paths than radon: radon also counts each
`and`/`or`, each conditional expression and each comprehension's loop and filter, which is where
a view that decides too much hides its branches. A function above the limit is split into named
steps where it reads better, not marked as an exception here.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from radon.visitors import ComplexityVisitor

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "scorekeeper"
LIMIT = 12


@dataclass(frozen=True)
class Measured:
    """One function or method as radon measures it: where it is, its qualified name, its complexity."""

    path: str
    line: int
    name: str
    complexity: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line} {self.name} (complexity {self.complexity})"


def _qualified_names(tree: ast.Module) -> dict[ast.AST, str]:
    """Each function's name with the classes and functions it is defined in: `Game.check`, `outer.inner`."""
    names: dict[ast.AST, str] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                names[child] = name
                visit(child, f"{name}.")
            else:
                visit(child, prefix)

    visit(tree, "")
    return names


def measure(source: str, path: str = "<source>") -> list[Measured]:
    """Every function and method of `source`, nested ones too, each with its own radon complexity.

    A nested function counts on its own and not in the function around it, as radon counts closures.

    >>> [(m.name, m.complexity) for m in measure("def f(a):\\n    return 1 if a else 2\\n")]
    [('f', 2)]
    """
    tree = ast.parse(source)
    names = _qualified_names(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            # from_ast on the function alone: its complexity as radon reports it, closures apart
            (function,) = ComplexityVisitor.from_ast(node).functions
            found.append(Measured(path, node.lineno, names[node], function.complexity))
    return sorted(found, key=lambda m: m.line)


def above_limit(paths: list[Path], limit: int = LIMIT) -> list[Measured]:
    """The functions and methods in `paths` whose complexity is above `limit`, by file and line."""
    found = []
    for path in sorted(paths):
        measured = measure(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
        found.extend(m for m in measured if m.complexity > limit)
    return found


def test_the_check_names_a_function_above_the_limit_with_its_line():
    branches = "".join(f"        if a == {n}:\n            return {n}\n" for n in range(12))
    source = f"def small():\n    return 0\n\n\nclass Game:\n    def branchy(self, a):\n{branches}        return -1\n"
    # twelve ifs: 13 paths, one above the limit
    above = [(m.line, m.name, m.complexity) for m in measure(source) if m.complexity > LIMIT]
    assert above == [(6, "Game.branchy", 13)]


def test_the_check_counts_conditions_that_mccabe_does_not():
    # three `or`s and a comprehension's loop and filter: 6 for radon where McCabe says 3
    source = "def f(a, b, c, d, xs):\n    if a or b or c or d:\n        return [x for x in xs if x]\n    return []\n"
    assert [m.complexity for m in measure(source)] == [7]


def test_the_check_measures_a_nested_function_apart_from_its_outer_function():
    source = "def outer(a):\n    def inner(b):\n        return 1 if b else 2\n    return inner(a)\n"
    assert [(m.name, m.complexity) for m in measure(source)] == [("outer", 1), ("outer.inner", 2)]


def test_no_function_in_scorekeeper_is_above_complexity_12():
    found = above_limit(list(PACKAGE.rglob("*.py")))
    listing = "\n".join(f"  {m}" for m in found)
    assert not found, (
        f"{len(found)} function(s) above radon complexity {LIMIT}; split each into named steps:\n{listing}"
    )
