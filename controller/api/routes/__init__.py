"""The REST routers: each turns HTTP into a table command and back, nothing more."""

from controller.api.routes import auth, decision, hand, session, state

ROUTERS = (auth.router, state.router, session.router, hand.router, decision.router)

__all__ = ["ROUTERS"]
