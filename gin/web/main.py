"""Browser entry point, run by ``static/py/app.py`` once PyScript has started Pyodide.

It wires the page's events to :class:`gin.web.app.TableApp` and marks the
page ready.  Browser-only modules are imported inside :func:`main` so the
package stays importable under CPython.
"""

from __future__ import annotations

from typing import Any

from gin.web.app import TableApp


def main() -> None:
    from pyodide.ffi import create_proxy
    from pyscript import document, window

    app = TableApp(document, window)
    root = app.root
    dragged: dict[str, str] = {}

    def on_drag_start(event: Any) -> None:
        card = event.target.closest("[data-card]")
        if card and card.closest('[data-testid="hand"]'):
            dragged["code"] = str(card.dataset.card)
            event.dataTransfer.setData("text/plain", dragged["code"])

    def on_drag_over(event: Any) -> None:
        if dragged and event.target.closest('[data-testid="hand"]'):
            event.preventDefault()

    def on_drop(event: Any) -> None:
        card = event.target.closest("[data-card]")
        code = dragged.pop("code", None)
        if code and card and card.closest('[data-testid="hand"]'):
            event.preventDefault()
            app.on_drop(code, str(card.dataset.card))

    for name, handler in (
        ("click", app.on_click),
        ("change", app.on_change),
        ("dragstart", on_drag_start),
        ("dragover", on_drag_over),
        ("drop", on_drop),
    ):
        root.addEventListener(name, create_proxy(handler))
    document.addEventListener("keydown", create_proxy(app.on_key))
    announcer = document.createElement("div")
    announcer.id = "announcer"
    announcer.className = "visually-hidden"
    announcer.setAttribute("aria-live", "polite")
    document.body.appendChild(announcer)
    app.advance()
    document.body.dataset.ready = "true"
