"""pitboss controller: cards, hands, the rules engine, the live table, the API."""

__version__ = "0.1.0"
