"""Browser front end of the game (runs in Pyodide under PyScript; not imported by the engine)."""
