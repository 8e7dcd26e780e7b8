"""Pure folds over the event log: board, BRP ledgers, oil reserves, naval construction charts."""
