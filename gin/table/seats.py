"""The two seats at the person's table: the person and the computer."""

YOU, AI = 0, 1
"""The person plays seat 0, the computer seat 1 (the engine's seats)."""
