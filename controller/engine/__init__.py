"""The pure rules engine: apply(state, event) -> state | RuleViolation."""
