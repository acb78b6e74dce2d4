"""Scoring a captured pile: RULES.md's worked examples, every scoring option, the lines, properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gongzhu import PRESETS, Rules, score_pile
from gongzhu.core.cards import ACE_OF_HEARTS, EXPOSABLE, HEARTS_MASK, PIG, SCORING_MASK, SHEEP, TRANSFORMER, cards_of
from gongzhu.core.scoring import pile_score
from tests.worked_examples import WORKED

ALL_HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"


@pytest.mark.parametrize("captured, exposed, total", WORKED)
def test_worked_examples(captured, exposed, total):
    assert score_pile(captured.split(), exposed=exposed.split(), rules=PRESETS["classic"]).total == total


def test_issue_example():
    s = score_pile(["QS", "KH", "QH", "8H"], exposed=["AH"], rules=PRESETS["classic"])
    assert s.total == -260
    assert s.text() == [
        "Hearts K♥ Q♥ 8♥: -40 -30 -10 = -80",
        "A♥ exposed, hearts x2: -80 x 2 = -160",
        "Pig Q♠: -100",
        "Sum: -160 -100 = -260",
        "Hand score: -260",
    ]
    assert s.text("zh")[-1] == "本局得分：-260"
    assert [line.key for line in s.lines] == ["hearts", "hearts_exposed", "pig", "sum", "total"]
    assert s.lines[0].terms == [-40, -30, -10]
    assert s.to_dict()["lines"][1]["before"] == -80


def test_largest_possible_hand():
    every = ALL_HEARTS + " QS JD TC"
    assert score_pile(every, exposed="AH QS JD TC").total == 3200


def test_sheep_and_exposures():
    assert score_pile("JD").total == 100
    assert score_pile("JD", exposed="JD").total == 200
    assert score_pile("QS", exposed="QS").total == -200
    assert score_pile("QS JD").total == 0
    assert score_pile("TC", exposed="TC").total == 100
    assert score_pile("TC JD", exposed="TC").total == 400
    assert score_pile("TC QS", exposed="TC QS").total == -800
    # A♥ exposed by someone else still doubles the hearts in this pile.
    assert score_pile("5H 6H", exposed="AH").total == -40
    # Exposures of cards not in the pile change nothing else.
    assert score_pile("5H", exposed="QS JD TC").total == -10
    assert score_pile("2D 3D").total == 0
    assert score_pile("").text() == ["No scoring cards: 0", "Hand score: 0"]


def test_all_hearts_with_ace_exposed():
    assert score_pile(ALL_HEARTS, exposed="AH").total == 400
    assert score_pile(ALL_HEARTS + " QS", exposed="AH QS").total == 600


def test_option_pig_positive_with_sweep():
    sweep = PRESETS["round-points"]
    assert sweep.pig_positive_with == "sweep"
    # All hearts and the pig, but not all 16: the pig stays -100 under "sweep".
    assert score_pile(ALL_HEARTS + " QS", rules=sweep).total == 100
    assert score_pile(ALL_HEARTS + " QS", rules=PRESETS["classic"]).total == 300
    # All 16: +800 either way.
    assert score_pile(ALL_HEARTS + " QS JD TC", rules=sweep).total == 800
    s = score_pile(ALL_HEARTS + " QS JD TC", rules=sweep)
    assert "pig_sweep" in [line.key for line in s.lines]


def test_option_transformer_net_zero():
    nz = PRESETS["classic"].replace(transformer_alone="net_zero")
    assert score_pile("TC 3H", rules=nz).total == 50            # 3♥ is 0: the rest nets to zero
    assert score_pile("TC 3H", rules=PRESETS["classic"]).total == 0
    assert score_pile("TC QS JD", rules=nz).total == 50          # -100 + 100 = 0
    assert score_pile("TC QS JD", rules=PRESETS["classic"]).total == 0
    assert score_pile("TC QS JD", exposed="TC", rules=nz).total == 100
    assert score_pile("TC", rules=nz).total == 50
    assert score_pile("TC 5H", rules=nz).total == -20


def test_option_pips_heart_values():
    pips = PRESETS["classic"].replace(heart_values="pips")
    assert score_pile("TH 9H 5H", rules=pips).total == -24
    assert score_pile("4H 3H 2H", rules=pips).total == -15
    assert score_pile("AH KH QH JH", rules=pips).total == -140
    # Still -200 in all, so all 13 are still +200 when taken together.
    assert sum(score_pile(c + "H", rules=pips).total for c in "23456789TJQKA") == -200
    assert score_pile(ALL_HEARTS, rules=pips).total == 200
    # 2-4♥ no longer zero: T♣ with 2♥ is doubled, not +50... and not alone either way.
    assert score_pile("TC 2H", rules=pips).total == -4


def test_rules_are_duck_typed():
    assert score_pile("TC 3H", rules={"transformer_alone": "net_zero"}).total == 50
    assert score_pile("TC 3H", rules=PRESETS["classic"].replace(transformer_alone="net_zero")).total == 50
    assert score_pile("TC 3H", rules=None).total == 0


def test_bad_input():
    with pytest.raises(ValueError, match="'XS'"):
        score_pile("QS XS")
    with pytest.raises(ValueError, match="twice"):
        score_pile("QS QS")


piles = st.sets(st.sampled_from(cards_of(SCORING_MASK) + [0, 1, 51]))
exposures = st.sets(st.sampled_from(EXPOSABLE))
options = st.fixed_dictionaries({
    "pig_positive_with": st.sampled_from(["all_hearts", "sweep"]),
    "transformer_alone": st.sampled_from(["no_other_scoring", "net_zero"]),
    "heart_values": st.sampled_from(["standard", "pips"]),
})


@given(piles, exposures, options)
def test_lines_agree_with_fast_arithmetic(pile, exposed, opts):
    rules = Rules(**opts)
    s = score_pile(sorted(pile), exposed=sorted(exposed), rules=rules)
    mask = sum(1 << c for c in pile)
    ex = sum(1 << c for c in exposed)
    assert s.total == pile_score(mask, ex, rules)
    assert s.lines[-1].key == "total" and s.lines[-1].value == s.total
    for lang in ("en", "zh"):
        assert all(isinstance(t, str) and t for t in s.text(lang))


@given(piles, exposures, options, st.sampled_from(EXPOSABLE))
def test_exposing_never_changes_the_sign_of_a_cards_effect(pile, exposed, opts, card):
    # The effect of the exposed card on this pile has the same sign exposed or not
    # (exposure doubles; it never turns a gain into a loss).
    rules = Rules(**opts)
    pile = set(pile) | {card}
    without = pile - {card}
    plain = score_pile(sorted(pile), sorted(exposed - {card}), rules).total - score_pile(
        sorted(without), sorted(exposed - {card}), rules).total
    shown = score_pile(sorted(pile), sorted(exposed | {card}), rules).total - score_pile(
        sorted(without), sorted(exposed | {card}), rules).total
    assert (plain > 0) == (shown > 0) or plain == 0 or shown == 0
    assert (plain < 0) == (shown < 0) or plain == 0 or shown == 0


@given(exposures, options)
def test_transformer_alone_is_50_or_100(exposed, opts):
    total = score_pile(["TC"], sorted(exposed), Rules(**opts)).total
    assert total == (100 if TRANSFORMER in exposed else 50)


@given(piles, exposures, options)
def test_scores_are_bounded_multiples_of_ten_or_pips(pile, exposed, opts):
    total = score_pile(sorted(pile), sorted(exposed), Rules(**opts)).total
    assert -3200 <= total <= 3200
    if opts["heart_values"] == "standard":
        assert total % 10 == 0


@given(st.sets(st.sampled_from(cards_of(HEARTS_MASK))), st.booleans())
def test_hearts_only_are_never_positive_unless_all(hearts, ah):
    total = score_pile(sorted(hearts), ["AH"] if ah else []).total
    if len(hearts) == 13:
        assert total == (400 if ah else 200)
    else:
        assert total <= 0


def test_named_constants_used_in_scoring():
    assert {PIG, SHEEP, TRANSFORMER, ACE_OF_HEARTS} == set(EXPOSABLE)


@pytest.mark.parametrize("pile,exposed,alone", [
    ("TC", "", "no_other_scoring"), ("TC", "TC", "no_other_scoring"), ("TC QS JD", "", "net_zero"),
    ("TC QS JD", "TC", "net_zero"), ("TC QS", "", "no_other_scoring"), ("TC QS", "TC", "no_other_scoring"),
])
def test_the_arithmetic_names_the_transformer_as_the_cards_show_it(pile, exposed, alone):
    lines = score_pile(pile, exposed=exposed, rules=PRESETS["classic"].replace(transformer_alone=alone)).lines
    said = [line.text("en") for line in lines if line.key.startswith("transformer")]
    assert said and all("10♣" in text and "T♣" not in text for text in said), said
