"""The rules engine: cards, melds, games and scoring, in pure Python (no Flask, no database).

Public facade (see shared/API.md): check_meld, score_session, gin_arrange,
InputError, RulesError.
"""
