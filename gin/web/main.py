"""Browser entry point, run by ``static/py/app.py`` once PyScript has started Pyodide.

It wires the page's events to :class:`gin.web.app.TableApp` and marks the page
ready.  Browser-only modules are imported inside :func:`main` so the package
stays importable under CPython.
"""

from __future__ import annotations

from typing import Any


def main() -> None:
    from pyodide.ffi import create_proxy
    from pyscript import document, window

    if window.top != window.self:
        _refuse_framing(document, window)
        return

    import table_dom  # static/js/table-dom.mjs, which static/js/start.mjs gives Pyodide

    from gin.table.intents import MenuLeft
    from gin.web.app import TableApp
    from gin.web.drag import DRAG_THRESHOLD_PX

    app = TableApp(document, window, table_dom)
    root, drag = app.root, app.drag
    # Before the click listener: the page swallows the click that ends a drag.
    table_dom.followPresses(root, DRAG_THRESHOLD_PX, create_proxy(drag.begin))
    table_dom.holdFocusUnderQuestions(root)
    table_dom.followHandFocus(root)
    table_dom.keepFormsHome(root)
    table_dom.closeMenuOnLeave(root, create_proxy(lambda: app.dispatch(MenuLeft())))
    listeners: list[tuple[Any, str, Any]] = [
        (root, "click", app.on_click),
        (root, "change", app.on_change),
        (document, "keydown", app.on_key),
        (window, "storage", app.on_stored),
        (window, "popstate", app.on_popstate),
    ]
    for target, name, handler in listeners:
        target.addEventListener(name, create_proxy(handler))
    drag.wire(window, create_proxy)
    announcer = document.createElement("div")
    announcer.id = "announcer"
    announcer.className = "visually-hidden"
    announcer.setAttribute("aria-live", "polite")
    document.body.appendChild(announcer)
    app.begin()
    document.body.dataset.ready = "true"


def _refuse_framing(document: Any, window: Any) -> None:
    """Inside another site's frame the game does not run (a meta CSP cannot forbid framing)."""
    from gin.i18n import Translator, pick_language

    tr = Translator(pick_language([str(tag) for tag in window.navigator.languages]))
    root = document.getElementById("app")
    link = document.createElement("a")
    link.href = str(window.location.href)
    link.target = "_top"
    link.rel = "noopener"
    link.textContent = tr.gettext("Open Gin Rummy on its own page")
    root.replaceChildren(link)
    document.body.dataset.ready = "framed"
