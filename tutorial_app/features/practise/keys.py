"""What the Practise page keeps in the session between reruns: each key, declared once.
The values read from the learner's answers are ``ReadOnce`` caches: "reset my progress"
forgets them."""

from tutorial_app.learner.read_once import ReadOnce

MODE = "practise-mode"  # widget: "for-you", "mistakes", "daily" or "topics"
TOPICS = "practise-topics"  # widget: the topics chosen
CHOICES_OPEN = "practise-choices-open"  # widget: the "Topics and rules" box is open
RULES = "rules"  # widget (and the link's query parameter): the rules of a chosen set
CHOSEN = "practise-chosen"  # the set on screen: (topics, rules)
SEED = "practise-seed"  # the seed of the set on screen
FOR_YOU = ReadOnce("practise-for-you")  # token: (set seed, the planned items)
HISTORY = ReadOnce("practise-history")  # token: the learner's attempts
DEAL_ROWS = ReadOnce("practise-deal-rows")  # (token, day): the day's answer rows
MISTAKES = ReadOnce("practise-mistakes")  # token: the learner's kept positions
MISTAKES_SET = ReadOnce("practise-mistakes-set")  # token: the due positions asked now
