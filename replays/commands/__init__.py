"""Commands that decide, then append: a pure ``decide_*`` function takes the game state and a command and returns
the events to append or a :class:`~replays.commands.base.Refusal` naming the rule.

Only the store appends (:mod:`replays.commands.runner` appends what was decided, with the audit of it); the CLI verbs
are :mod:`replays.cli.table`.
"""
