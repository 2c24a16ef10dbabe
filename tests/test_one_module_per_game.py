"""Outside the engine no code asks which game is played: the game's module in the registry answers.

A comparison such as `gs.game == "indian"` in a view or a template would be a second place
where a game's rules live, out of reach of its module and of docs/adding-a-game.md.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from scorekeeper.engine.games import VARIANTS

ROOT = Path(__file__).resolve().parents[1]
GAME_IDS = {game.id for game in VARIANTS}
OUTSIDE_THE_ENGINE = sorted(
    path for path in (ROOT / "scorekeeper").rglob("*.py")
    if "engine" not in path.relative_to(ROOT / "scorekeeper").parts
    and "migrations" not in path.relative_to(ROOT / "scorekeeper").parts
)
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
SCRIPTS = sorted((ROOT / "static" / "js").rglob("*.js"))


def names_a_game(node: ast.expr) -> bool:
    """True for an expression that reads like a game or its id: `game`, `gs.game`, `spec.id`, `game_id`."""
    text = ast.unparse(node)
    return "game" in text.lower() or text.endswith(".id")


def is_game_id(node: ast.expr) -> bool:
    """True for a game id written out, alone or in a literal tuple, list or set."""
    values = node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [node]
    return any(isinstance(v, ast.Constant) and v.value in GAME_IDS for v in values)


def game_id_comparisons(source: str) -> list[int]:
    """Lines of Python `source` that compare a game with a game id (==, !=, in a literal list of ids).

    "gin" is also how a gin hand ended: `result == "gin"` compares no game, and is let be.
    """
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(map(is_game_id, operands)) and any(names_a_game(o) for o in operands if not is_game_id(o)):
                lines.append(node.lineno)
    return lines


def test_the_check_finds_a_comparison_with_a_game_id():
    assert game_id_comparisons('if gs.game == "indian":\n    pass\n') == [1]
    assert game_id_comparisons('ok = game in ("gin", "canasta")\n') == [1]
    assert game_id_comparisons('name = "indian"\n') == []
    assert game_id_comparisons('if result in ("gin", "big gin"):\n    pass\n') == []


def test_no_python_outside_the_engine_compares_with_a_game_id():
    found = {str(p.relative_to(ROOT)): lines for p in OUTSIDE_THE_ENGINE if (lines := game_id_comparisons(p.read_text()))}
    assert found == {}, "ask the game's module instead"


# `game == "gin"` / `gs.game === 'gin'` / `game.id != "gin"` in a template or a script
GAME_ID_TEXT = "|".join(GAME_IDS)
TEXT_COMPARISON = re.compile(rf"""game\w*(\.id)?\s*(==|!=)=?\s*["']({GAME_ID_TEXT})["']""", re.IGNORECASE)


def test_no_template_or_script_compares_with_a_game_id():
    found = {
        str(path.relative_to(ROOT)): lines
        for path in TEMPLATES + SCRIPTS
        if (lines := [n for n, line in enumerate(path.read_text().splitlines(), 1) if TEXT_COMPARISON.search(line)])
    }
    assert found == {}, "ask the game's module (through the view) instead"
