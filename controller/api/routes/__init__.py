"""The REST routers: each turns HTTP into a table command and back, nothing more."""

from controller.api.routes import auth, hand, session, state

ROUTERS = (auth.router, state.router, session.router, hand.router)

__all__ = ["ROUTERS"]
