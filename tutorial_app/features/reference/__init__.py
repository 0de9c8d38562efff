"""Reference pages: card ranking and scoring, and the glossary drawn on cards."""
