"""One package per game: rules module, data files beside it."""
