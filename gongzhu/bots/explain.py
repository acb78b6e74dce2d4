"""``explain(view)``: a bot's decision for the view and one short sentence of why, in English
and Chinese (the page's hint button).

The sentence describes the decision from the seat's point of view (what the card does in the
trick, which danger it avoids), so it reads the same whichever level chose it.
"""

from __future__ import annotations

import random
from typing import Any

from ..core.bots import policy
from ..core.bots.rulebot import phase_of
from ..core.bots.sampler import Knowledge
from ..core.cards import HEARTS, PIG, SCORING_MASK, SHEEP, SPADES, TRANSFORMER, card_symbol, parse_card


def _sym(codes: list[str]) -> str:
    return " ".join(card_symbol(parse_card(c)) for c in codes)


def explain(view: dict[str, Any], bot: str = "hard", seed: int = 0) -> dict[str, Any]:
    """``{"decision": ..., "en": ..., "zh": ..., "bot": name}`` for the seat's current decision.

    ``decision`` is what ``BOTS[bot](view, random.Random(seed))`` returns (a card code, or a
    list of codes for exposing and passing).
    """
    from . import BOTS

    decision = BOTS[bot](view, random.Random(seed))
    what = phase_of(view)
    if what == "pass":
        en, zh = _why_pass(decision)
    elif what == "expose":
        en, zh = _why_expose(decision)
    else:
        en, zh = _why_play(Knowledge(view), parse_card(decision))
    return {"decision": decision, "en": en, "zh": zh, "bot": bot}


def _why_pass(cards: list[str]) -> tuple[str, str]:
    s = _sym(cards)
    return (f"Pass {s}: the cards most likely to cost you points or trap you.",
            f"传出 {s}：这几张最容易让你吃分或被套住。")


def _why_expose(cards: list[str]) -> tuple[str, str]:
    if not cards:
        return ("Expose nothing: doubling these cards would not favour you.",
                "不亮牌：加倍这些牌对你不利。")
    s = _sym(cards)
    return (f"Expose {s}: your hand is likely to make the doubled value work for you.",
            f"亮出 {s}：你的牌型很可能让加倍的分值对你有利。")


def _why_play(k: Knowledge, c: int) -> tuple[str, str]:
    sym = card_symbol(c)
    legal = k.view["legal"]
    if len(legal) == 1:
        return (f"Play {sym}: it is your only legal card.", f"出 {sym}：这是你唯一能出的牌。")
    pig_live = not k.played >> PIG & 1 and not k.hand >> PIG & 1
    if not k.trick:
        if c // 13 == SPADES and c < PIG and pig_live:
            return (f"Lead {sym}: a spade below the queen to flush out the pig.",
                    f"出 {sym}：用比Q小的黑桃逼出猪。")
        if c // 13 == HEARTS:
            return (f"Lead {sym}: a low heart that others must beat.",
                    f"出 {sym}：出小红心，让别人来压。")
        return (f"Lead {sym}: a low card in a suit where others hold higher ones.",
                f"出 {sym}：出别人手里有更大牌的花色中的小牌。")
    best, wseat = policy.trick_winner(k.trick, k.leader)
    s0 = k.trick[0] // 13
    friend = k.rules.partnership and wseat == (k.me + 2) % 4
    if c // 13 != s0:
        if c == PIG:
            return (f"Discard the pig {sym}: you are void, so someone else takes her.",
                    f"垫猪 {sym}：你这门没牌了，让别人吃猪。")
        if c == SHEEP and friend:
            return (f"Give the sheep {sym} to your partner, who is winning this trick.",
                    f"把羊 {sym} 垫给正在赢这墩的队友。")
        if c // 13 == SPADES and c > PIG and pig_live:
            return (f"Discard {sym}: high spades are dangerous while the pig is out.",
                    f"垫 {sym}：猪还没出，大黑桃很危险。")
        if c // 13 == HEARTS:
            return (f"Discard {sym}: shed your highest heart while you cannot follow.",
                    f"垫 {sym}：跟不了牌时先扔大红心。")
        if c == TRANSFORMER:
            return (f"Discard the transformer {sym} onto a pile that is already negative.",
                    f"把变压器 {sym} 垫给已经是负分的人。")
        return (f"Discard {sym}: throw a high card while void, keeping low cards to escape later.",
                f"垫 {sym}：没这门时扔大牌，留小牌以后脱身。")
    if c == PIG and c < best:
        return (f"Drop the pig {sym} under the higher spade already played.",
                f"猪 {sym} 垫在已出的更大黑桃下面。")
    if c < best:
        if friend:
            return (f"Play {sym} under your partner's winning card.",
                    f"出 {sym}，让队友赢这墩。")
        return (f"Play {sym}: duck under {card_symbol(best)} so you do not take the trick.",
                f"出 {sym}：比 {card_symbol(best)} 小，不吃这墩。")
    could_duck = any(parse_card(x) < best for x in legal)
    if len(k.trick) == 3 or could_duck:  # last to play, or going over a card it could have ducked
        taken = sum(1 << x for x in k.trick) | (1 << c)
        if k.ctx().gain(k.cap[k.me], taken) > 0:
            return (f"Win with {sym}: the cards in this trick help your score.",
                    f"用 {sym} 赢这墩：这墩的牌对你有利。")
        if len(k.trick) == 3:
            return (f"Win with {sym}: the trick is clean, so shed a high card.",
                    f"用 {sym} 赢这墩：这墩没有分，顺便扔掉大牌。")
        if not taken & SCORING_MASK:
            return (f"Play {sym}: shed a high card while the trick holds no points; keep your low ones to "
                    f"duck later.", f"出 {sym}：这墩还没有分，趁机扔掉大牌，小牌留着以后躲。")
        return (f"Play {sym}: taking this trick now costs less than the tricks a high card may take later.",
                f"出 {sym}：现在拿下这墩，比留着大牌以后吃更糟的墩好。")
    return (f"Play {sym}: you cannot duck, so get rid of a high card now.",
            f"出 {sym}：压不住了，趁机扔掉大牌。")
