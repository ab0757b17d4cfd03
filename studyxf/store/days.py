"""The review log counted per study day (review_days), which `stats` and the daily limits read
instead of the log itself (issue 30): the folding that keeps it, and the reads that add the log's
not yet folded tail.

An answer writes nothing here: the answers above `review_days_upto.upto` (the log's tail) are counted
when read and folded in now and then (`fold`, from db.connect once the tail is long), so that an
answer writes one B-tree fewer. Triggers keep the counts exact when a folded answer is deleted (an
undo, a reset, a sync's replay) or changed.

Per day: `reviews` counts answers outside practice, `graded` those that are not re-asks, `recalled`
those of them recalled (SM-2 3+, FSRS Hard+), `introduced` those of them that were a new card's first
answer; `first_id` is at or below the id of each of the day's folded answers outside practice (a
delete leaves it lower), so that a day's answers are read as the log's tail from there, without an
index on the day.
"""

from __future__ import annotations

import sqlite3

# the tail is folded in when db.connect finds it longer than this: `stats` and the daily limits then
# add at most a few days of answers to what they read
FOLD_AFTER = 2000

_COUNTS = ("{r}.practice = 0", "{r}.practice = 0 AND {r}.reask = 0",
           "{r}.practice = 0 AND {r}.reask = 0 AND CASE {r}.scale WHEN 'fsrs' THEN {r}.grade >= 2 "
           "ELSE {r}.grade >= 3 END",
           "{r}.practice = 0 AND {r}.reask = 0 AND {r}.prev_due IS NULL")
_UPTO = "(SELECT upto FROM review_days_upto)"


def _counts(r: str) -> tuple[str, ...]:
    return tuple(c.format(r=r) for c in _COUNTS)


def _sub(r: str) -> str:
    reviews, graded, recalled, introduced = _counts(r)
    return (f"UPDATE review_days SET reviews = reviews - ({reviews}), graded = graded - ({graded}), "
            f"recalled = recalled - ({recalled}), introduced = introduced - ({introduced}) WHERE day = {r}.day; "
            f"DELETE FROM review_days WHERE day = {r}.day AND reviews = 0 AND graded = 0;")


def _add(r: str) -> str:
    reviews, graded, recalled, introduced = _counts(r)
    return (f"INSERT INTO review_days (day, reviews, graded, recalled, introduced, first_id) VALUES ({r}.day, "
            f"{reviews}, {graded}, {recalled}, {introduced}, {r}.id) ON CONFLICT (day) DO UPDATE SET {_MERGE};")


_MERGE = ("reviews = reviews + excluded.reviews, graded = graded + excluded.graded, "
          "recalled = recalled + excluded.recalled, introduced = introduced + excluded.introduced, "
          "first_id = COALESCE(MIN(first_id, excluded.first_id), excluded.first_id)")


def install(conn: sqlite3.Connection) -> None:
    """Migration 9: review_days (as migration 7 left it) gets `introduced` and `first_id`, the whole log
    is folded, and the triggers act on folded answers only; the index on reviews.day goes."""
    for name in ("insert", "delete", "update"):
        conn.execute(f"DROP TRIGGER IF EXISTS review_days_{name}")
    conn.execute("DELETE FROM review_days")
    conn.execute("ALTER TABLE review_days ADD COLUMN introduced INTEGER NOT NULL DEFAULT 0")
    conn.execute("ALTER TABLE review_days ADD COLUMN first_id INTEGER")
    conn.execute("CREATE TABLE review_days_upto (one INTEGER PRIMARY KEY CHECK (one = 1), upto INTEGER NOT NULL)")
    conn.execute("INSERT INTO review_days_upto (one, upto) VALUES (1, 0)")
    fold(conn)
    # a folded answer deleted: its counts go; and the ids of answers to come (the largest id plus one)
    # must stay above `upto`, or they would never be folded
    conn.execute(f"CREATE TRIGGER review_days_delete AFTER DELETE ON reviews WHEN OLD.id <= {_UPTO} BEGIN "
                 f"{_sub('OLD')} UPDATE review_days_upto SET upto = MIN(upto, COALESCE((SELECT MAX(id) FROM "
                 f"reviews), 0)); END")
    conn.execute(f"CREATE TRIGGER review_days_update AFTER UPDATE OF day, grade, reask, practice, scale, prev_due "
                 f"ON reviews WHEN OLD.id <= {_UPTO} BEGIN {_sub('OLD')} {_add('NEW')} END")
    conn.execute("DROP INDEX IF EXISTS reviews_day")


def fold(conn: sqlite3.Connection) -> None:
    """Count the log's tail into review_days (inside the caller's write transaction)."""
    upto, top = conn.execute(f"SELECT {_UPTO}, (SELECT MAX(id) FROM reviews)").fetchone()
    if top is None or top <= upto:
        return
    reviews, graded, recalled, introduced = _counts("reviews")
    # NOT INDEXED: the tail as a range of ids, never a walk of reviews_card_day
    conn.execute(f"INSERT INTO review_days (day, reviews, graded, recalled, introduced, first_id) SELECT day, "
                 f"SUM({reviews}), SUM({graded}), SUM({recalled}), SUM({introduced}), MIN(id) FROM reviews "
                 f"NOT INDEXED WHERE id > ? AND id <= ? GROUP BY day ON CONFLICT (day) DO UPDATE SET {_MERGE}",
                 (upto, top))
    conn.execute("UPDATE review_days_upto SET upto = ?", (top,))


def tail(conn: sqlite3.Connection) -> int:
    """How many answers (at most) are not folded in yet."""
    upto, top = conn.execute(f"SELECT {_UPTO}, (SELECT MAX(id) FROM reviews)").fetchone()
    return max(0, (top or 0) - upto)


def per_day(conn: sqlite3.Connection) -> list[tuple[str, int, int, int, int]]:
    """(day, reviews, graded, recalled, introduced) of every day with answers, in order."""
    reviews, graded, recalled, introduced = _counts("reviews")
    return conn.execute(
        f"SELECT day, SUM(n), SUM(g), SUM(r), SUM(i) FROM (SELECT day, reviews AS n, graded AS g, recalled AS r, "
        f"introduced AS i FROM review_days UNION ALL SELECT day, SUM({reviews}), SUM({graded}), SUM({recalled}), "
        f"SUM({introduced}) FROM reviews NOT INDEXED WHERE id > {_UPTO} GROUP BY day) GROUP BY day ORDER BY day"
    ).fetchall()


def graded_on(conn: sqlite3.Connection, day: str) -> tuple[int, int]:
    """(new cards, reviews) given their first grade of the study day `day`, outside practice."""
    _, graded, _, introduced = _counts("reviews")
    return conn.execute(
        f"SELECT COALESCE(SUM(i), 0), COALESCE(SUM(g - i), 0) FROM (SELECT introduced AS i, graded AS g FROM "
        f"review_days WHERE day = ?1 UNION ALL SELECT SUM({introduced}), SUM({graded}) FROM reviews NOT INDEXED "
        f"WHERE id > {_UPTO} AND day = ?1)", (day,)).fetchone()


# one study day's answers, as a FROM and WHERE clause (two parameters: the day, twice): the log from the
# day's first folded id, or from the tail's start, on. NOT INDEXED: the planner would otherwise walk
# reviews_card_day whole for a DISTINCT card_id (0.11 s at 1M reviews) instead of this range of ids
ANSWERS_ON = (f"reviews NOT INDEXED WHERE id >= COALESCE((SELECT first_id FROM review_days WHERE day = ?), "
              f"{_UPTO} + 1) AND day = ?")


def schema7_triggers(conn: sqlite3.Connection) -> None:
    """Migration 7's triggers (schemas 7 and 8: every answer counted as it is written)."""
    reviews, graded, recalled, _ = _counts("NEW")
    o_reviews, o_graded, o_recalled, _ = _counts("OLD")
    add = (f"INSERT INTO review_days (day, reviews, graded, recalled) VALUES (NEW.day, {reviews}, {graded}, "
           f"{recalled}) ON CONFLICT (day) DO UPDATE SET reviews = reviews + excluded.reviews, "
           f"graded = graded + excluded.graded, recalled = recalled + excluded.recalled;")
    sub = (f"UPDATE review_days SET reviews = reviews - ({o_reviews}), graded = graded - ({o_graded}), "
           f"recalled = recalled - ({o_recalled}) WHERE day = OLD.day; "
           f"DELETE FROM review_days WHERE day = OLD.day AND reviews = 0 AND graded = 0;")
    conn.execute(f"CREATE TRIGGER review_days_insert AFTER INSERT ON reviews BEGIN {add} END")
    conn.execute(f"CREATE TRIGGER review_days_delete AFTER DELETE ON reviews BEGIN {sub} END")
    conn.execute(f"CREATE TRIGGER review_days_update AFTER UPDATE OF day, grade, reask, practice, scale ON reviews "
                 f"BEGIN {sub} {add} END")
