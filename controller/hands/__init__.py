"""Hand rankings: one module per ranking family."""
