"""The scoreboard: the engine's standings of a session, kept per version, and the pages built from them.

``standings_cache`` scores a session's stored hands once per version; ``board`` reads
that into what the scoreboard shows; ``fragments`` keeps the HTML built from one
version; ``live_rows`` tells a phone following the game which rows it lacks. The
sessions, share and history areas all read the scoreboard through here.
"""
