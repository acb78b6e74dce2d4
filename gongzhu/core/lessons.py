"""The tutorial: six short lessons, each a fixed deal set up to teach one idea, as data.

A lesson is a dict in ``LESSONS`` (a new one is a few lines):

- ``title``, ``text`` (what to try), ``goal`` (one line), ``met`` and ``missed`` (what the
  outcome means): each an (English, Chinese) pair;
- ``rules``: a preset name or a dict of options (the lessons use the defaults of RULES.md);
- ``leader``: the seat that leads the hand's first trick (every lesson is a later hand of a
  match, so any card may be led);
- ``before``: the tricks already played when the lesson starts, comma-separated, each four
  card codes in play order from its leader (the winner of the trick before), so a lesson can
  start late in a hand; empty for a lesson from the deal;
- ``hands``: each seat's cards when the lesson starts, seat 0 (the player) first.  The bots'
  cards are listed in the order they play them: that is their script.  A bot plays its next
  scripted card while it may; when the player's own choices make it illegal, the ``easy`` bot
  decides instead;
- ``exposed``: cards exposed before the lesson starts; ``start`` "expose" for a lesson that
  begins with the exposure phase (the bots expose what ``expose`` lists for their seat,
  nothing by default);
- ``check``: the goal as data, judged by the engine (``verdict``): ``("win", n)`` the player
  wins the lesson's n-th trick; ``("no_pig",)`` someone else takes Q♠; ``("score", x)`` the
  player's hand score is x or more; ``("moon",)`` the player takes all 13 hearts;
- ``until``: judge the goal after this many tricks of the lesson (0: at the end of the hand,
  or as soon as it is decided).

The deal of a lesson is its ``hands`` plus the cards of ``before``, each given to the seat that
played it.  Runs under MicroPython too (the quick engine worker plays the lessons).
"""

from .bots.rulebot import easy
from .cards import HEARTS_MASK, parse_card, parse_cards, winning_index
from .hand import Hand, new_hand
from .match import Match
from .portable import Any, Random, popcount
from .rules import get_rules

LESSONS = [
    {
        "key": "follow",
        "title": ("Follow suit: the highest card of the suit led wins",
                  "跟牌：首出花色中最大的牌赢"),
        "text": ("Three cards are left. West leads a club: you must follow with a club if you have one, "
                 "so your A♦ is dimmed. Only clubs can win this trick, however high another card is.",
                 "每人还剩三张牌。西家首出梅花：你有梅花就必须跟梅花，所以你的方块A变暗了。"
                 "这一墩只有梅花能赢，别的花色再大也不行。"),
        "goal": ("Win this trick.", "赢下这一墩。"),
        "met": ("You won the trick: your K♣ was the highest club. East's A♠ did not count: spades were not led.",
                "你赢了这一墩：你的梅花K是最大的梅花。东家的黑桃A不算，因为首出的不是黑桃。"),
        "missed": ("North's Q♣ won: the highest club takes the trick. Play a club higher than every other club.",
                   "北家的梅花Q赢了：最大的梅花拿下这一墩。要出比其他梅花都大的梅花。"),
        "rules": "classic",
        "leader": 3,
        "before": ("8H TH 7H AH, KD 5D QD 9D, TD 3D 4D JD, 9H 4H 6H 2H, 7C AC 2C TC, 4S KS JS TS, "
                   "5H JC 5C 3H, QH 2S 3C KH, JH QS 9S 6D, 6S 8S 8C 7S"),
        "hands": ("KC 4C AD", "AS 7D 3S", "QC 6C 2D", "9C 8D 5S"),
        "check": ("win", 1),
        "until": 1,
    },
    {
        "key": "values",
        "title": ("What the cards score: the pig, the sheep, the hearts and the transformer",
                  "分牌：猪、羊、红心和变压器"),
        "text": ("The sheep J♦ is worth +100 and the pig Q♠ −100; hearts cost −10 to −50. The transformer "
                 "10♣ doubles everything else you take (alone it is +50). Win the sheep with your A♦, "
                 "then the transformer with your K♣, and leave the pig to someone else.",
                 "羊（方块J）+100，猪（黑桃Q）−100，红心−10到−50。变压器（梅花10）让你吃到的其他分牌翻倍"
                 "（单独吃到是+50）。用方块A吃羊，再用梅花K吃变压器，把猪留给别人。"),
        "goal": ("End the hand with +200 or more.", "本局得分达到+200或更多。"),
        "met": ("+200: the sheep (+100), doubled by the transformer. The pig went to someone else.",
                "+200：羊（+100）被变压器翻倍，猪归了别人。"),
        "missed": ("Not +200 this time. Take the sheep and the transformer, and do not win the trick the "
                   "pig falls on: lead your 3♠, under the K♠.",
                   "这次没有到+200。要吃到羊和变压器，并且不要赢下有猪的那一墩：出黑桃3，让黑桃K赢。"),
        "rules": "classic",
        "leader": 0,
        "before": ("JC QC 3C 8C, QD 6D 7D KD, AS TS 4S 6S, TD 2D 3D 8D, 7S 9S 2S 8S, 2H KH 3H JH, "
                   "4H TH 5C 5H, QH JS AH 7H, AC 4C 9C 6C"),
        "hands": ("AD 4D KC 3S", "9D 7C KS 6H", "5D TC QS 8H", "JD 2C 5S 9H"),
        "check": ("score", 200),
        "until": 0,
    },
    {
        "key": "duck",
        "title": ("Duck under the winner, and dump the pig when you are void",
                  "躲牌：出比赢家小的牌；没有该花色时把猪垫出去"),
        "text": ("You hold the pig Q♠. North leads the 10♦ and West plays the Q♦: play your 3♦ under it "
                 "(ducking) so you do not win the trick and have to lead. Once you have no clubs, a club lead "
                 "lets you play any card: drop the pig on someone else's trick.",
                 "你拿着猪（黑桃Q）。北家首出方块10，西家出方块Q：出你的方块3躲在下面，不要赢这一墩、"
                 "免得自己要首出。你没有梅花了，有人首出梅花时你可以出任意牌：把猪垫到别人的墩里。"),
        "goal": ("Keep the pig away from yourself.", "别让猪落到自己手里。"),
        "met": ("You kept the pig away from yourself: someone else took the Q♠ (−100).",
                "你躲开了猪：黑桃Q（−100）被别人吃了。"),
        "missed": ("You took the pig. Duck with the 3♦, then drop the Q♠ when clubs are led.",
                   "猪落到了你手里。先用方块3躲牌，有人出梅花时再把黑桃Q垫出去。"),
        "rules": "classic",
        "leader": 0,
        "before": ("JS 3S KS 7S, KC QC 8C TC, 4H KH 3H JH, 5S AS TS 9S, 2C 3C JC 7C, AD JD 7D 6D, "
                   "8H 7H 9H TH, 6H 2H 4C 8D, 5H QH 4D 9D, AH 6S 8S 5D"),
        "hands": ("KD 3D QS", "2D 9C 6C", "TD 5C 2S", "QD AC 4S"),
        "check": ("no_pig",),
        "until": 0,
    },
    {
        "key": "expose",
        "title": ("Exposure doubles a card", "亮牌让分数翻倍"),
        "text": ("Before the first trick you may expose A♥, Q♠, J♦ or 10♣, face up. An exposed card counts "
                 "double for whoever takes it (the 10♣ four times). Your sheep J♦ is your only diamond: "
                 "expose it, then lead it.",
                 "首墩之前可以亮出红心A、黑桃Q、方块J或梅花10。亮出的牌对吃到它的人分值加倍（梅花10为四倍）。"
                 "你的羊（方块J）是你唯一的方块：先亮出它，再首出它。"),
        "goal": ("Expose the sheep and win it in the first trick: +200.", "亮出羊并在第一墩吃到它：+200。"),
        "met": ("+200: the exposed sheep counted double.", "+200：亮出的羊分值加倍。"),
        "missed": ("Not +200. Expose the J♦ before the first trick, then lead it: the exposed sheep is worth "
                   "+200 to whoever takes it.",
                   "没有得到+200。首墩之前亮出方块J，然后首出它：亮出的羊对吃到它的人值+200。"),
        "rules": "classic",
        "leader": 0,
        "start": "expose",
        "before": "",
        "hands": ("JD AS KS 7S 3S KH 9H 5H AC QC 8C 6C 2C",
                  "9D QS JS 8S 4S AH QH 7H 4H KC 9C 5C 2D",
                  "5D TS 6S 2S JH 8H 6H 3H TC JC 4C 3C AD",
                  "TD 9S 5S TH 2H 7C KD QD 8D 7D 6D 4D 3D"),
        "check": ("score", 200),
        "until": 1,
    },
    {
        "key": "exposed_first_trick",
        "title": ("An exposed card may not be played to its suit's first trick",
                  "亮出的牌不能出在该花色的第一墩"),
        "text": ("Your pig Q♠ is exposed: whoever takes it loses 200. Spades are led for the first time, "
                 "and the rules do not let an exposed card be played to the first trick of its suit (unless "
                 "it is your only card of that suit), so the Q♠ is dimmed. Duck with your 4♠, then drop the "
                 "pig when clubs are led.",
                 "你的猪（黑桃Q）已经亮出：吃到它的人要扣200分。这是第一次首出黑桃，规则规定亮出的牌不能"
                 "出在该花色的第一墩（除非它是你该花色唯一的牌），所以黑桃Q变暗了。先出黑桃4躲牌，"
                 "有人出梅花时再把猪垫出去。"),
        "goal": ("Keep the exposed pig away from yourself.", "别让亮出的猪落到自己手里。"),
        "met": ("You got rid of the exposed pig: someone else took it, at −200.",
                "你把亮出的猪送走了：别人吃到它，扣200分。"),
        "missed": ("You took the exposed pig: −200. Duck under the K♠ with the 4♠, then drop the Q♠ on a club "
                   "trick.",
                   "你吃到了亮出的猪：−200。用黑桃4躲在黑桃K下面，再在梅花墩里垫出黑桃Q。"),
        "rules": "classic",
        "leader": 1,
        "exposed": "QS",
        "before": ("4D QD TD 8D, 2C TC 6S 3C, 9D 5D KD AD, QH 7H 3H 6H, 8H 4H 9H AH, KH TH JH JD, "
                   "KC JC AC 7S, 5H 8S 9S QC, 2H JS 5S TS"),
        "hands": ("QS AS 4S 7D", "2S 9C 6C 3D", "3S 7C 4C 6D", "KS 8C 5C 2D"),
        "check": ("no_pig",),
        "until": 0,
    },
    {
        "key": "moon",
        "title": ("Shooting the moon: take all 13 hearts", "全红：收齐13张红心"),
        "text": ("Take every heart and they are worth +200 instead of costing you (and the pig turns "
                 "positive too). No heart has been played yet and you hold A♥ K♥ Q♥ 2♥: lead the high "
                 "hearts to draw out everyone's hearts, and keep the 2♥ for last.",
                 "收齐全部红心，它们就从扣分变成+200（猪也变成正分）。还没有人出过红心，你有红心A、K、Q和2："
                 "先出大红心把别人的红心都引出来，把红心2留到最后。"),
        "goal": ("Take all 13 hearts.", "收齐全部13张红心。"),
        "met": ("You shot the moon: all 13 hearts, +200.", "你收齐了全红：13张红心，+200。"),
        "missed": ("Someone else took a heart, so the hearts count against you. Lead A♥, K♥ and Q♥ first, "
                   "the 2♥ last.",
                   "别人吃到了红心，红心就按扣分计算。先出红心A、K、Q，最后出红心2。"),
        "rules": "classic",
        "leader": 0,
        "before": ("AC 5C 8C JC, 2S 4S KS 5S, AS 3S QS JS, TS AD 7S 6S, 7D 6D 4D 9D, KC QC 6C TC, "
                   "2C 7C 3C KD, 9S 8D 3D 4C, JD 5D QD TD"),
        "hands": ("AH KH QH 2H", "TH 7H 4H 9C", "9H 6H 3H 8S", "JH 8H 5H 2D"),
        "check": ("moon",),
        "until": 0,
    },
]
"""The lessons, in order (lesson N is ``LESSONS[N - 1]``)."""

COUNT = len(LESSONS)


def lesson(number: int) -> dict[str, Any]:
    """Lesson ``number`` (1 to COUNT); ValueError for another number."""
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= COUNT:
        raise ValueError("there is no lesson %r: the lessons are 1 to %d" % (number, COUNT))
    return LESSONS[number - 1]


def tricks_before(data: dict[str, Any]) -> list[list[str]]:
    """The tricks of ``before``, each a list of four codes in play order."""
    out = []
    for part in data.get("before", "").split(","):
        codes = part.split()
        if not codes:
            continue
        if len(codes) != 4:
            raise ValueError("a trick has four cards, not %r" % part)
        out.append(codes)
    return out


def deal_of(data: dict[str, Any]) -> tuple[list[list[str]], int]:
    """The lesson's whole deal (four lists of 13 codes, seat 0 first) and the seat that leads the
    lesson's first trick: ``hands`` plus each card of ``before`` given to the seat that played it."""
    hands = [data["hands"][s].split() for s in range(4)]
    dealt = [list(h) for h in hands]
    leader = data["leader"]
    for trick in tricks_before(data):
        for i, code in enumerate(trick):
            dealt[(leader + i) % 4].append(code)
        leader = (leader + winning_index(parse_cards(trick))) % 4
    return dealt, leader


def start(number: int) -> Hand:
    """Lesson ``number``'s hand where the player's lesson starts (``before`` already played)."""
    data = lesson(number)
    dealt, _ = deal_of(data)
    hand = new_hand(hands=dealt, rules=get_rules(data.get("rules")), leader=data["leader"],
                    first_hand=False, exposed=data.get("exposed", "").split(),
                    start=data.get("start", "play"))
    for trick in tricks_before(data):
        for code in trick:
            hand.play(code)
    return hand


def scripted(number: int, hand: Hand, seat: int, start_played: int) -> Any:
    """The decision of bot ``seat`` in lesson ``number``: its exposure from ``expose``, or its next
    scripted card when it may play it, else the ``easy`` bot's choice.  ``start_played``: how many
    cards had been played when the lesson started."""
    data = lesson(number)
    if hand.phase == "expose":
        return (data.get("expose") or {}).get(seat, [])
    script = data["hands"][seat].split()
    mine = [c for s, c in hand.played[start_played:] if s == seat]
    if len(mine) < len(script):
        card = parse_card(script[len(mine)])
        if hand.why_illegal(card, seat) is None:
            return script[len(mine)]
    return easy(hand.view(seat), Random(number * 64 + len(hand.played)))


def _decided(check: tuple[Any, ...], hand: Hand, start_tricks: int) -> "bool | None":
    """Whether the goal ``check`` is met (True), missed (False) or not decided yet (None)."""
    kind = check[0]
    tricks = hand.tricks[start_tricks:]
    done = hand.phase == "done"
    if kind == "win":
        n = check[1]
        if len(tricks) < n:
            return None
        return bool(tricks[n - 1]["winner"] == 0)
    if kind == "no_pig":
        captor = hand.pig_captor
        if captor is None:
            return None
        return captor != 0
    if kind == "score":
        return hand.hand_scores()[0] >= check[1] if done else None
    if kind == "moon":
        for seat in range(1, 4):
            if hand.captured_masks[seat] & HEARTS_MASK:
                return False
        return True if popcount(hand.captured_masks[0] & HEARTS_MASK) == 13 else None
    raise ValueError("unknown lesson check %r" % kind)


def verdict(number: int, hand: Hand, start_tricks: int) -> "dict[str, Any] | None":
    """Lesson ``number``'s outcome once it is decided: ``{"met": bool, "en", "zh", "score"}``
    (what it means in both languages, the player's hand score then), else None.  It is judged
    when its check is decided, after ``until`` tricks of the lesson, or at the end of the hand."""
    data = lesson(number)
    met = _decided(data["check"], hand, start_tricks)
    until = data.get("until", 0)
    if met is None and (hand.phase == "done" or (until and len(hand.tricks) - start_tricks >= until)):
        check = data["check"]
        met = hand.hand_scores()[0] >= check[1] if check[0] == "score" else False
    if met is None:
        return None
    text = data["met"] if met else data["missed"]
    return {"met": met, "en": text[0], "zh": text[1], "score": hand.hand_scores()[0]}


class LessonMatch(Match):
    """A one-hand match holding a lesson's hand, for the table (``gongzhu.core.table``): it has
    no next hand and is never saved."""

    def __init__(self, number: int) -> None:
        data = lesson(number)
        self.rules = get_rules(data.get("rules"))
        self.seed = number
        self.number = number
        hand = start(number)
        self.hands = [hand]
        self.start_played = len(hand.played)
        self.start_actions = len(hand.actions)
        self.start_tricks = len(hand.tricks)

    def next_hand(self) -> list[dict[str, Any]]:
        raise ValueError("A lesson is one hand.")

    def to_dict(self) -> dict[str, Any]:
        raise ValueError("A lesson is not saved.")

    def decide(self, seat: int) -> Any:
        """Bot ``seat``'s decision now (``scripted``)."""
        return scripted(self.number, self.current_hand, seat, self.start_played)

    def verdict(self) -> "dict[str, Any] | None":
        """The lesson's outcome once decided (``verdict``)."""
        return verdict(self.number, self.current_hand, self.start_tricks)

    def info(self) -> dict[str, Any]:
        """What the page shows of the lesson: number, count, title, text, goal (each [en, zh]), the
        verdict, and the player's score with its arithmetic (lines in en and zh)."""
        data = lesson(self.number)
        hand = self.current_hand
        lines = hand.score(0).to_dict()["lines"]
        return {
            "number": self.number,
            "count": COUNT,
            "key": data["key"],
            "title": list(data["title"]),
            "text": list(data["text"]),
            "goal": list(data["goal"]),
            "verdict": self.verdict(),
            "score": hand.hand_scores()[0],
            "lines": [[ln["en"], ln["zh"]] for ln in lines],
        }
