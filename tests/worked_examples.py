"""RULES.md's worked scoring examples, shared by the scoring, keeper and keeper-page tests."""

ALL_HEARTS = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H".split()

_HEARTS = " ".join(ALL_HEARTS)

# RULES.md, "Worked examples": captured, exposed, hand score.
WORKED = [
    ("QS KH QH 8H", "", -180),
    ("QS KH QH 8H TC", "", -360),
    ("QS KH QH 8H", "AH", -260),
    (_HEARTS + " QS JD TC", "", 800),
    ("TC", "", 50),
    ("TC 3H", "", 0),
    (_HEARTS, "", 200),
    (_HEARTS + " QS", "", 300),
]
