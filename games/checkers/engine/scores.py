"""The search's score scale, shared by the compiled core and the Python root."""

WIN = 1_000_000             # a won position (less the distance to it)
WON = WIN - 1_000           # scores beyond this are forced results
DB_WIN = 20_000             # a database win, with the evaluation added to make progress
