"""How long each lesson takes with its quiz, by the estimate of ``lessons.lesson_time``:
the words shown read at 150 words a minute, plus 3 seconds a click on the shortest
right path, counted from the content the pages show (the loaded lessons, their seeded
quizzes, the walks the step-throughs play).

    PYTHONPATH=. .venv/bin/python benchmarks/lesson_time.py [--seeds 300] [--walks]

For each lesson: minutes with the shortest, the median and the longest of the seeded
quizzes (the limit: 5 for lesson 1, 10 for the others), the words and clicks of the
steps and of the longest quiz, and the most clicks any one step needs. ``--walks``
adds each step-through: its moves, where it opens, its clicks and seconds. The last
line holds the headline figures as name=value pairs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lessons.lesson_time import lesson_costs, limit_minutes, quiz_cost, step_cost, steps_cost
from lessons.loader import load_all
from lessons.quizzes import build_quiz
from tutorial_app.features.learn.walk import STEPPED, walk_cost, walk_of


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=300, help="quiz seeds to try")
    parser.add_argument("--walks", action="store_true", help="list every step-through")
    args = parser.parse_args()
    seeds = range(args.seeds)
    print(
        f"{'lesson':<22} {'min':>5} {'median':>6} {'max':>5} {'limit':>5}  "
        f"{'steps':>13}  {'longest quiz':>13}  {'step clicks':>11}"
    )
    headline, typical = [], 0.0
    for lesson in load_all():
        costs = sorted(lesson_costs(lesson, seeds, walk_cost), key=lambda cost: cost.seconds)
        steps = steps_cost(lesson, walk_cost)
        longest = max((build_quiz(lesson, seed) for seed in seeds), key=_quiz_seconds)
        quiz = quiz_cost(longest)
        most = max(step_cost(lesson, step, walk_cost).clicks for step in lesson.steps)
        median = costs[len(costs) // 2].minutes
        typical += median
        print(
            f"{lesson.number}. {lesson.id:<19} {costs[0].minutes:5.2f} {median:6.2f} "
            f"{costs[-1].minutes:5.2f} {limit_minutes(lesson):5.0f}  "
            f"{steps.words:4d} w {steps.clicks:3d} cl  {quiz.words:4d} w {quiz.clicks:3d} cl  "
            f"{most:11d}"
        )
        headline.append(f"lesson{lesson.number}_max_min={costs[-1].minutes:.2f}")
        if args.walks:
            for step in lesson.steps:
                if step.show in STEPPED:
                    walk, cost = walk_of(step), walk_cost(step)
                    opens = step.opens_at or "the start"
                    print(
                        f"     {step.id:<24} {walk.count:2d} moves, opens at {opens:<9} "
                        f"{cost.clicks} click(s), {cost.seconds:5.1f} s"
                    )
    print(f"course with the median quiz: {typical:.1f} minutes")
    print(" ".join([*headline, f"course_median_min={typical:.1f}"]))


def _quiz_seconds(questions) -> float:
    return quiz_cost(questions).seconds


if __name__ == "__main__":
    main()
