"""Placeholder while this game system is being written."""

ROLLERS = ()
