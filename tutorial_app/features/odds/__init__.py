"""The odds lab: how often hands happen, exactly (``exact``) or by simulation
(``simulated``, with shipped figures)."""
