"""Rules: one attribute per option of options.py; presets; validation; frozen; equality."""

from __future__ import annotations

import pytest

from gongzhu import PRESETS, Rules, get_rules
from gongzhu.core import options


def test_attributes_and_defaults_are_the_options():
    assert list(Rules.__annotations__) == options.OPTION_NAMES  # the types, for type checkers
    assert Rules().to_dict() == options.DEFAULTS
    assert list(Rules().to_dict()) == options.OPTION_NAMES


def test_defaults_are_rules_md():
    r = Rules()
    assert (r.first_lead, r.hearts_must_be_broken, r.exposure, r.exposure_mode) == ("2S", False, True, "open")
    assert (r.auto_expose_fourth, r.pig_positive_with, r.transformer_alone) == (False, "all_hearts", "no_other_scoring")
    assert (r.heart_values, r.target, r.end_on_plus, r.pass_cards, r.partnership) == ("standard", 1000, False, 0, False)


def test_presets():
    assert set(PRESETS) >= {"classic", "beginner", "fast", "round-points"}
    assert PRESETS["classic"] == Rules()
    assert PRESETS["beginner"] == Rules(exposure=False)
    assert PRESETS["fast"] == Rules(target=500)
    assert PRESETS["round-points"] == Rules(first_lead="2C", pig_positive_with="sweep",
                                            transformer_alone="net_zero", end_on_plus=True)
    for name, preset in PRESETS.items():
        assert Rules(**options.resolve(preset=name)) == preset
        assert preset.preset_name() == name
        assert name in options.PRESET_DOCS


def test_rules_are_frozen_and_replace_makes_house_rules():
    r = PRESETS["classic"]
    with pytest.raises(AttributeError, match="replace"):
        r.target = 5
    house = r.replace(target=300, pass_cards=3)
    assert house.target == 300 and r.target == 1000
    assert house.preset_name() is None
    assert house != r and house == Rules(target=300, pass_cards=3)
    assert hash(house) == hash(Rules(target=300, pass_cards=3)) and len({r, house, Rules()}) == 2
    assert repr(house) == "Rules(target=300, pass_cards=3)"
    with pytest.raises(ValueError, match="unknown rule option 'colour'"):
        r.replace(colour="red")


@pytest.mark.parametrize("bad", [
    {"first_lead": "3S"}, {"exposure": "yes"}, {"exposure_mode": "hidden"}, {"target": 0},
    {"target": -5}, {"target": True}, {"pass_cards": 2}, {"pass_cards": True},
    {"heart_values": "pip"}, {"partnership": 1},
])
def test_bad_options_are_refused(bad):
    with pytest.raises(ValueError, match=list(bad)[0]):
        Rules(**bad)


def test_get_rules_and_dicts():
    assert get_rules(None) == Rules()
    assert get_rules("fast").target == 500
    assert get_rules({"target": 700}).target == 700
    assert Rules.from_dict(Rules(partnership=True).to_dict()) == Rules(partnership=True)
    with pytest.raises(ValueError, match="unknown rules preset 'fastest'"):
        get_rules("fastest")
    with pytest.raises(ValueError, match="unknown rule option 'speed'"):
        Rules.from_dict({"speed": 3})
    with pytest.raises(TypeError):
        get_rules(3)  # type: ignore[arg-type]


def test_every_option_is_documented_in_both_languages():
    for o in options.OPTIONS:
        assert o["en"] and o["zh"]
        if o["choices"] is not None:
            assert set(o["choice_docs"]) == set(o["choices"])
            assert o["default"] in o["choices"]
