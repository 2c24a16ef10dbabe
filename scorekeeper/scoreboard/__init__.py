"""The scoreboard: what a game's standing shows, and the HTML built from it.

``board`` reads the standing the domain layer keeps per version
(scorekeeper.tables.standings_cache) into what the scoreboard shows;
``fragments`` keeps the HTML built from one version; ``live_rows`` tells a phone
following the game which rows it lacks. The sessions, share and history areas
all read the scoreboard through here.
"""
