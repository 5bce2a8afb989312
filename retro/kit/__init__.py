"""The games' small shared pieces: cards, bit tricks, rule errors and stepwise work.

Imports nothing else of retro, so a game's rules module stays pure.
"""
