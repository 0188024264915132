"""Effects of the card set ``vanilla`` (vanilla.json): none. Its cards are vanilla by design, with keywords only,
which the rules engine runs itself; the file exists so that the set has the same shape as every other
(docs/zx/card-data.md ZC14)."""

EFFECTS: dict[str, object] = {}
