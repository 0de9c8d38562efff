"""Who the learner is and what they have done: the current learner and their store
and the one way to save for them (``current``), the browser token (``learner_token``),
progress links (``progress_link``) and the per-run cache of progress read
(``progress_cache``)."""
