"""Print a quiz sheet: the same questions as a link, on paper, with an answer key."""
