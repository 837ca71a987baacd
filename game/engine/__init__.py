"""Game-agnostic core: state protocol, zones and visibility, events, seeded randomness, YAML data.

Nothing here imports pygame; scenes depend on this package, never the reverse.
"""
