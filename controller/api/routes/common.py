"""What every command route does: queue the command, wait for the reply."""

from __future__ import annotations

from typing import Any

from controller.api.schemas import CommandPublic, ErrorPublic
from controller.table.commands import Command
from controller.table.loop import TableLoop

__all__ = ["ERRORS", "run"]

ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorPublic, "description": text} for code, text in (
        (401, "no token, or a wrong one"), (403, "a player's token where the dealer's is needed"),
        (404, "no such seat or irregularity"),
        (409, "refused by the rules or the table's state; nothing changed"),
        (422, "bad input"), (429, "too many wrong PINs or tokens"))
}


async def run(loop: TableLoop, command: Command) -> CommandPublic:
    """Hand ``command`` to the table's single writer and return its reply."""
    return CommandPublic(result=await loop.submit(command))
