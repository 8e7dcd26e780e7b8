"""The staged turn: a draft of the player turn kept beside the log, its one-line verbs, and the prompt."""
