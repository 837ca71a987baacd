"""What the network screens share: a call that runs off the render loop, the sentence for
each failure, the player's name for joining, and the table of a network seat.

A network call (look at a host's seats, take a seat, connect) may wait seconds for an answer;
the screens run it on a `Background` thread and keep drawing ("Connecting to …") until it is
done. Every failure becomes one sentence in the player's language (`failure_text`): nothing a
host answers, or fails to answer, ever stops a screen.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable
from typing import Any

from game.textclean import clean_name

NAME_LENGTH = 16  # as the host keeps it (and the New game screen)
NET_NAME = "net_name"  # settings.extra key: the name last used to join a game
OPEN_SECONDS = 10.0  # the host sends a seat its welcome and first state within this, or something is wrong


class Background:
    """One call on a daemon thread; `done()` once it returned or raised (`result` / `error`)."""

    def __init__(self, call: Callable[[], Any]) -> None:
        self.result: Any = None
        self.error: BaseException | None = None
        self._finished = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(call,), name="tablee-net-call", daemon=True)
        self._thread.start()

    def _run(self, call: Callable[[], Any]) -> None:
        try:
            self.result = call()
        except Exception as exc:  # noqa: BLE001  (shown as a sentence by the screen)
            self.error = exc
        finally:
            self._finished.set()

    def done(self) -> bool:
        return self._finished.is_set()

    def wait(self, timeout: float) -> bool:
        """Tests: until the call ended (the screens never wait)."""
        return self._finished.wait(timeout)


def failure_text(app: Any, exc: BaseException, address: str = "", port: int | str = "") -> str:
    """The sentence for a failed network call: a host that does not answer, a code or a seat
    refused by the host (its error key), anything else with the host's own words."""
    if "://" in address:  # a URL names its port: "wss://name" and ":8443" read as it was typed
        address = address.strip().rstrip("/").rsplit(":", 1)[0] if address.count(":") > 1 else address.strip()
    key = getattr(exc, "code", None)
    if isinstance(key, str):
        known = {"error.bad_code": "net.error.bad_code", "error.seat_taken": "net.error.seat_taken",
                 "error.started": "net.error.started", "error.locked": "net.error.locked"}
        if key in known:
            return str(app.tr(known[key]))
        return str(app.tr("net.error.refused", problem=str(getattr(exc, "text", "") or exc)))
    # imported here: the menus start without the network code (a failed call has loaded it)
    from game.net.client import CertificateError

    if isinstance(exc, CertificateError):
        return str(app.tr("net.error.certificate", address=address, problem=exc.reason))
    if isinstance(exc, OSError):
        return str(app.tr("net.error.unreachable", address=address, port=port))
    return str(app.tr("net.error.refused", problem=str(exc) or type(exc).__name__))


def player_name(app: Any) -> str:
    """The name offered when joining: the one used last time, else the first human seat's name
    typed on the New game screen, else "Player 1"."""
    saved = app.settings.extra.get(NET_NAME)
    if isinstance(saved, str) and clean_name(saved):
        return clean_name(saved)[:NAME_LENGTH]
    last = app.settings.extra.get("last_setup")
    seats = last.get("seats") if isinstance(last, dict) else None
    for seat in seats if isinstance(seats, list) else []:
        if isinstance(seat, dict) and seat.get("kind") == "human" and isinstance(seat.get("name"), str):
            name = clean_name(seat["name"])
            if name:
                return name[:NAME_LENGTH]
    return str(app.tr("setup.player", number=1))


def game_name(app: Any, game_id: str) -> str:
    """A game's name in the player's language (its id when this copy does not know the game)."""
    from game.engine import registry

    try:
        return str(registry.load(game_id).name(app.settings.language))
    except Exception:  # noqa: BLE001  (a host may play a game this copy lacks: its id says enough)
        return str(game_id)


def ready_for_table(remote: Any) -> bool:
    """Whether the table of this seat can open: the host started and sent its first state."""
    return remote.welcome is not None and remote.state is not None


def open_network_table(app: Any, remote: Any, hosting: Any = None) -> None:
    """The table of the seat `remote` plays, in place of the current screen. The table owns
    `remote` and `hosting` from then on (it closes and stops them when it closes)."""
    module_name, _, class_name = app_scenes()["table"].partition(":")
    table_class = getattr(importlib.import_module(module_name), class_name)
    app.replace(table_class.joined(app, remote, hosting=hosting))


def app_scenes() -> dict[str, str]:
    from scenes.app import SCENES

    return SCENES
