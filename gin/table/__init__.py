"""The table: the game as a person plays it, independent of the browser (tested in CPython)."""
