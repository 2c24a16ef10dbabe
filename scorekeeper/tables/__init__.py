"""The domain layer: one game at the table, as the web half sees it, stored and scored.

Between the pages (sessions, scoreboard, share, history, api, cli) and the
database and the engine below: finding a game by its link (``access``), storing
games, players and hands in one transaction each (``service``), the engine's
standing of each version kept in memory (``standings_cache``), who deals
(``dealing``), who sits, comes late, leaves or rejoins (``seats``, ``rejoins``),
the players' own parts of a hand (``draft_service``), what the table is asked
before a hand is saved and the save (``hand_saving``), and what the engine says
about the game being played (``games``, ``hand_rules``, ``house_rules``).
No module here imports a page, a form or a template: the areas above import it.

A question or a change of one game is asked of its ``Table`` (``table.next_position``,
``table.check_next(data)``, ``table.rename_player(old, new)``, ``table.share_links()``);
where the work is long it stays in the module beside the table, as a function taking the table.
What has no table takes the stored game: a game being created, the standing's cache, and
history's backup and batch readers, which score many games without opening a table each.
"""
