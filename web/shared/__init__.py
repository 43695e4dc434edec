"""What the game page (``ui``) and the tutorial boards (``board``) both run: the language and its
catalogs (``i18n``), a card's drawing (``cards``), the game's own words (``words``: cards, seats,
moves, the score), a refused move's words (``refusals``) and whose table is shown
(``viewpoint``). It imports nothing of ``ui`` or ``board`` (tests/test_layout.py)."""
