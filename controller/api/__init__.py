"""The HTTP and WebSocket face of the live table (FastAPI); see :func:`create_app`."""

from controller.api.app import create_app

__all__ = ["create_app"]
