"""Heavy work off the page's thread: a bounded process pool with a queue and one job per
session (``pool``), and how a page shows a job waiting, running or done (``pool_view``)."""
