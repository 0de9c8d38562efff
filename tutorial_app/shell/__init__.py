"""The frame around every page: the address (query parameters, history, hand links,
link keys), notes carried to the next run, presentation mode, safe Markdown text and
session-value helpers."""
