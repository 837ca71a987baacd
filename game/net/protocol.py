"""The messages between a host and the client of one seat: JSON-ready dicts, versioned.

Every message is a dict with `kind` (a string) and `protocol` (PROTOCOL_VERSION); its values are
only str, int, bool, None, lists and dicts of those, so `json.dumps` sends it as it is. The
document for client authors is docs/network.md; this module is its single source in code.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

PROTOCOL_VERSION = 1
DEFAULT_PORT = 47474  # the host's TCP port unless told otherwise (the next free one if busy)
MATCH_OVER = "over"  # the `state` message's field saying the match has ended
MAX_ACTION_CHARS = 200  # the longest action text of any game is far shorter

# Error codes that are not the engine's (its refusals keep their own `error.*` keys).
NOT_YOUR_SEAT = "error.not_your_seat"  # the seat is played by a bot, or the client is not its player
BAD_MESSAGE = "error.bad_message"  # not a message of this protocol (shape, type, size)
BAD_VERSION = "error.bad_version"  # another protocol version
BAD_MATCH = "error.bad_match"  # another match than the host's
BAD_SECRET = "error.bad_secret"  # the seat's secret does not match (or the seat is not open)
TOO_LARGE = "error.too_large"  # over the host's size cap
TOO_FAST = "error.too_fast"  # over the host's rate cap
NOT_JOINED = "error.not_joined"  # an action before a successful hello
BAD_CODE = "error.bad_code"  # a lobby or claim message without the table's join code
SEAT_TAKEN = "error.seat_taken"  # a claim for a seat someone else holds
STARTED = "error.started"  # a claim (or leave) once the match has started
NOT_STARTED = "error.not_started"  # an action before the host started the match
NO_HINTS = "error.no_hints"  # a hint asked of a host that does not allow hints
LOCKED = "error.locked"  # too many wrong join codes at this table lately: no code is checked now
MAX_DEPTH = 8  # a client's message is flat: objects and lists nested deeper are refused


def nesting(value: Any, limit: int) -> int:
    """How deep lists and objects nest in `value` (a parsed JSON value), counted without
    recursion and stopped once past `limit`."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            if deepest > limit:
                return deepest
            todo.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))
    return deepest


def message(kind: str, **fields: Any) -> dict[str, Any]:
    """A message of `kind` with the protocol version."""
    return {"kind": kind, "protocol": PROTOCOL_VERSION, **fields}


def plain(value: Any) -> Any:
    """`value` as JSON data: tuples become lists, mapping keys strings, anything else its text."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    return str(value)


def error(code: str, text: str, params: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """An error message: `code` for the client's own wording, `message` in English, `params`
    to fill the wording (game texts `error.*` in game/data use the same codes and params)."""
    return message("error", code=code, message=text, params=plain(dict(params or {})))
