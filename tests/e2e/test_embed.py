"""The embeds from a blog's point of view: a host page on ANOTHER origin embeds every mode with the
<gong-zhu> element (web/embed.js) and with a plain <iframe>, and a reader uses each frame.

The host page is served by a second server (another port, so another origin); the site is the
usual `site_url`. The page guard fails a test on any request outside those two origins, any
failed request, console error or uncaught exception (in the host or in a frame).
"""

from __future__ import annotations

import html
import re
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import FrameLocator, Page, expect

from gongzhu import card_code, card_codes, deal_hands, hand_seed, new_hand
from tests.e2e.harness import ARTIFACTS, READY_TIMEOUT_MS, PageGuard, luminance, run_axe, wait_ready

SANDBOX = "allow-scripts allow-same-origin"
SEED = 2026
# The first hand of match 2026 with Q♠ and A♥ exposed (random legal play, seeded).
MOVES = ("2SASTS3S.QH8HTH3H.7CTC8CJC.6C3C6H9C.KCACQC5H.9HKH2DJH.QD4D9D3D.7H5S2HAH.JSQS8S7S."
         "ADKDTDJD.6S5D2C9S.4SKS7D5C.4H6D4C8D")


HANDS = "T85.865.K76542.T-73.JT2.T9.K98542-J942.A93.J83.AJ6"  # format_hands(hands_from_seed(SEED))[:3]


def engine_hand(moves: str = MOVES, seed: int = SEED, exposed: tuple[str, ...] = ("QS", "AH")):
    """The engine's own hand for a move list (the reference the frames must agree with)."""
    hand = new_hand(hands=[card_codes(h) for h in deal_hands(hand_seed(seed, 0))], exposed=list(exposed))
    for code in re.findall(r"[2-9TJQKA][SHDC]", moves):
        hand.play(code)
    return hand


@pytest.fixture
def host(serve: Callable[..., str], tmp_path: Path, site_url: str, page_guard: PageGuard) -> Callable[[str], str]:
    """`host(body_html) -> URL` of a page on another origin with web/embed.js loaded and `body_html`."""
    site = urlsplit(site_url)
    # The frames talk to the site's origin: that second origin (and only it) is expected.
    page_guard.allow(r"request to another origin: \w+ " + re.escape(f"{site.scheme}://{site.netloc}/"))
    base = serve(tmp_path)
    counter = iter(range(1000))

    def make(body: str) -> str:
        name = f"host{next(counter)}.html"
        (tmp_path / name).write_text(
            "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>A blog post</title>"
            "<link rel='icon' href='data:,'>"
            f"<script src='{site_url}web/embed.js' async></script></head>"
            f"<body><h1>My post about Gong Zhu</h1>{body}</body></html>",
            encoding="utf-8",
        )
        return base + name

    return make


def frame(page: Page, css: str, ready: str = "html.ready") -> FrameLocator:
    """The frame of the iframe at `css` (inside a <gong-zhu> too), scrolled into view and ready."""
    page.locator(css).scroll_into_view_if_needed()
    inner = page.frame_locator(css)
    inner.locator(ready).wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    return inner


def wait_fitted(page: Page, css: str, inner: FrameLocator, default: int) -> float:
    """Wait until the iframe at `css` has the height of its content (not the `default` it started with)."""
    deadline = time.monotonic() + 10
    while True:
        outer = page.locator(css).evaluate("f => f.getBoundingClientRect().height")
        content = inner.locator("#embed").evaluate("m => Math.ceil(m.getBoundingClientRect().bottom + scrollY)")
        if abs(outer - content) <= 2 and abs(outer - default) > 2:
            return float(outer)
        if time.monotonic() > deadline:
            pytest.fail(f"frame {css} is {outer}px high, its content {content}px")
        time.sleep(0.1)


def plain_iframe(site_url: str, path: str, height: int = 700, name: str = "plain") -> str:
    """The plain <iframe> snippet (as embed.html gives it) for `path` (query already escaped), of class `name`."""
    return (f"<iframe class='{name}' src='{html.escape(site_url + path)}' sandbox='{SANDBOX}' "
            f"style='width:100%;height:{height}px;border:0' title='Gong Zhu' loading='lazy'></iframe>")


def test_calculator_in_a_custom_element_and_a_plain_iframe(page: Page, host, site_url: str) -> None:
    page.goto(host(
        "<p>The worked example:</p>"
        "<gong-zhu id='calc' mode='calculator' cards='QS,KH,QH,8H' exposed='AH' height='300'></gong-zhu>"
        "<p>Try it yourself (in Chinese):</p>"
        + plain_iframe(site_url, "web/embed/calculator.html?lang=zh&theme=dark")
    ))
    element_frame = "#calc iframe"
    assert page.locator(element_frame).get_attribute("sandbox") == SANDBOX
    calc = frame(page, element_frame)
    assert calc.locator("[data-testid=score]").text_content() == "-260"
    assert calc.locator("html").get_attribute("data-pyscript") == "bytecode"  # PyScript's package precompiled
    lines = calc.locator("[data-testid=lines] li").all_text_contents()
    assert lines == ["Hearts K♥ Q♥ 8♥: -40 -30 -10 = -80", "A♥ exposed, hearts x2: -80 x 2 = -160",
                     "Pig Q♠: -100", "Sum: -160 -100 = -260", "Hand score: -260"]
    # The reader adds the transformer: doubled.
    calc.locator("[data-card=TC]").click()
    assert calc.locator("[data-testid=score]").text_content() == "-520"
    # A preset without exposure: the A♥ no longer doubles.
    calc.locator("[data-testid=preset]").select_option("beginner")
    assert calc.locator("[data-testid=score]").text_content() == "-360"
    wait_fitted(page, element_frame, calc, 300)

    # The plain iframe: the reader taps the same worked example, in Chinese.
    plain = frame(page, "iframe.plain")
    assert plain.locator("h1").text_content() == "拱猪计分器"
    assert plain.locator("body").evaluate("b => getComputedStyle(b).backgroundColor") == "rgb(24, 25, 27)"
    for code in ("QS", "KH", "QH", "8H"):
        plain.locator(f"[data-card='{code}']").click()
    assert plain.locator("[data-testid=score]").text_content() == "-180"
    plain.locator("[data-expose=AH]").click()
    assert plain.locator("[data-testid=score]").text_content() == "-260"
    assert plain.locator("[data-testid=lines] li").last.text_content() == "本局得分：-260"

    # A page script (a front-end framework) changes the element's parameters: the frame follows.
    page.locator("#calc").evaluate("e => e.setAttribute('cards', 'TC')")
    calc = page.frame_locator(element_frame)
    calc.locator("[data-testid=score]").filter(has_text="+50").wait_for(timeout=READY_TIMEOUT_MS)
    assert page.context.cookies() == []


@pytest.mark.slow  # boots the Pyodide engine
def test_replay_steps_to_the_end_and_reads_the_final_scores(page: Page, host, site_url: str) -> None:
    hand = engine_hand()
    page.goto(host(
        f"<gong-zhu id='rp' mode='replay' seed='{SEED}' exposed='QS,AH' moves='{MOVES}' height='300' "
        "caption1='2♠ leads, as in every first hand.' caption13='The last trick.'></gong-zhu>"
        # The same deal written out as hands (South, East, North; West gets the rest).
        + plain_iframe(site_url, f"web/embed/replay.html?hands={HANDS}&exposed=QS,AH&moves={MOVES}"
                       "&step=card&show=S&check=off&lang=zh", 640)
    ))
    css = "#rp iframe"
    rp = frame(page, css)
    assert rp.locator("[data-testid=step]").text_content() == "Before the first trick"
    rp.locator("[data-action=next]").click()
    assert rp.locator("[data-testid=caption]").text_content() == "2♠ leads, as in every first hand."
    assert rp.locator("[data-testid=trick] [data-card]").count() == 4
    # The engine checks the moves in the background (Pyodide); stepping works meanwhile.
    rp.locator("[data-testid=check][data-state=ok]").wait_for(timeout=READY_TIMEOUT_MS)
    while rp.locator("[data-action=next]").is_enabled():
        rp.locator("[data-action=next]").click()
    assert rp.locator("[data-testid=step]").text_content() == "Trick 13 of 13"
    assert rp.locator("[data-testid=caption]").text_content() == "The last trick."
    scores = [rp.locator(f"[data-seat='{s}'] [data-testid=hand-score]").text_content() for s in range(4)]
    assert scores == [f"+{v}" if v > 0 else str(v) for v in hand.hand_scores()]
    wait_fitted(page, css, rp, 300)

    # The plain iframe steps card by card, South's hand only, in Chinese.
    plain = frame(page, "iframe.plain")
    for _ in range(5):
        plain.locator("[data-action=next]").click()
    assert plain.locator("[data-testid=step]").text_content() == "第2墩，第1张"
    assert plain.locator("[data-seat='0'] .hand [data-card]").count() == 12
    assert plain.locator("[data-seat='1'] .hand [data-card]").count() == 0
    plain.locator("[data-action=end]").click()
    assert plain.locator("[data-seat='1'] [data-testid=hand-score]").text_content() == str(hand.hand_scores()[1])


def test_the_guides_plain_iframe_snippets_fit_a_phone_with_no_scrollbar_inside(page: Page, host, site_url: str) -> None:
    """A plain <iframe> cannot grow: the height embed.html gives it holds the whole embed on a phone,
    the replay's longest caption of the guide's example included."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(host(""))  # the blog's origin first: the guard's own
    page.goto(site_url + "embed.html")
    page.locator("html.ready").wait_for(state="attached")
    snippets = [page.locator(f"#{mode} [data-snippet=iframe]").text_content() or ""
                for mode in ("calculator", "replay", "puzzle")]
    page.goto(host("".join(s.replace("<iframe ", f"<iframe id='{m}' ", 1)
                           for m, s in zip(("calculator", "replay", "puzzle"), snippets, strict=True))))

    def overflow(inner: FrameLocator) -> int:
        return int(inner.locator("html").evaluate("e => e.scrollHeight - e.clientHeight"))

    for mode in ("calculator", "replay", "puzzle"):
        inner = frame(page, f"#{mode}")
        assert overflow(inner) <= 0, mode
    replay = frame(page, "#replay")
    while replay.locator("[data-action=next]").is_enabled():  # through the guide's captions, to the end
        replay.locator("[data-action=next]").click()
        assert overflow(replay) <= 0, replay.locator("[data-testid=step]").text_content()


def test_an_embed_whose_runtime_never_comes_says_so_in_its_language(page: Page, host, site_url: str,
                                                                      page_guard: PageGuard) -> None:
    page_guard.allow(r"request failed: .*micropython")  # held back, then cut as the test ends
    held: list = []
    page.route("**/web/runtime/micropython/micropython.*", lambda route: held.append(route))
    page.goto(host(plain_iframe(site_url, "web/embed/calculator.html?lang=zh", 300, "zh")
                   + plain_iframe(site_url, "web/embed/calculator.html", 300, "en")))
    expect(page.frame_locator("iframe.zh").locator("#embed-loading")).to_have_text("加载中…")
    for name, text in (("zh", "仍在加载… 如果一直不动，请刷新页面。"),
                       ("en", "Still loading… if nothing happens, reload the page.")):
        note = page.frame_locator(f"iframe.{name}").locator("#embed-loading")
        expect(note).to_have_text(text, timeout=25_000)


@pytest.mark.slow  # boots the Pyodide engine
def test_replay_stops_before_an_illegal_move(page: Page, host) -> None:
    # West discards 2♥ on the 2♠ lead while holding spades: the engine refuses it.
    page.goto(host("<gong-zhu id='bad' mode='replay' seed='7' moves='2S2H'></gong-zhu>"
                   "<gong-zhu id='bad-zh' mode='replay' seed='7' moves='2S2H' lang='zh'></gong-zhu>"))
    rp = frame(page, "#bad iframe")
    check = rp.locator("[data-testid=check][data-state=illegal]")
    check.wait_for(timeout=READY_TIMEOUT_MS)
    assert "Move 2 (West plays 2♥): You must follow suit" in (check.text_content() or "")
    rp.locator("[data-action=end]").click()
    assert rp.locator("[data-testid=trick] [data-card]").count() == 1
    # In Chinese, the engine's own reason in Chinese.
    zh = frame(page, "#bad-zh iframe").locator("[data-testid=check][data-state=illegal]")
    zh.wait_for(timeout=READY_TIMEOUT_MS)
    text = zh.text_content() or ""
    assert "第 2 步（西家出 2♥）：" in text and "follow" not in text


# What only the Pyodide worker loads (the MicroPython worker answers the embeds' other calls).
PYODIDE = "**/{pyodide-start.mjs,runtime/pyodide/**,pyscript.toml,runtime/gongzhu.zip}"


def test_puzzle_is_solved_by_the_reader(page: Page, host, site_url: str) -> None:
    """With the author's answer, the puzzle is judged and played out without Pyodide (held back)."""
    page.route(PYODIDE, lambda route: None)  # never answered
    played = re.findall(r"[2-9TJQKA][SHDC]", MOVES)
    position = played[:33]  # trick 9, first card
    hand = engine_hand(".".join(position))
    legal = hand.legal_moves()
    answer = legal[-1]
    page.goto(host(
        f"<gong-zhu id='pz' mode='puzzle' seed='{SEED}' exposed='QS,AH' moves='{''.join(position)}' "
        f"answer='{answer}' explain='Keep the low cards for later.' height='300'></gong-zhu>"
    ))
    css = "#pz iframe"
    pz = frame(page, css)
    seat_name = ["South", "East", "North", "West"][hand.to_play]
    assert pz.locator("[data-testid=question]").text_content() == f"You are {seat_name}, trick 9: what do you play?"
    pz.locator("html.engine-ready").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    illegal = [card_code(c) for c in range(52) if hand.held[hand.to_play] >> c & 1 and card_code(c) not in legal]
    if illegal:
        pz.locator(f".choices [data-card='{illegal[0]}']").click(force=True)  # dimmed, but it says why
        assert "must follow suit" in (pz.locator("[data-testid=status]").text_content() or "")
    pz.locator(f".choices button[data-card='{answer}']").click()
    pz.locator("html.solved").wait_for(state="attached", timeout=60_000)
    assert pz.locator("[data-testid=verdict]").get_attribute("data-state") == "right"
    assert pz.locator("[data-testid=explain]").text_content() == "Keep the low cards for later."
    outcome = pz.locator("[data-testid=outcome] li[data-scores]")
    assert outcome.count() == 1
    assert len(outcome.get_attribute("data-scores").split(",")) == 4  # type: ignore[union-attr]
    wait_fitted(page, css, pz, 300)


@pytest.mark.slow  # boots the Pyodide engine
def test_puzzle_without_an_answer_asks_the_strongest_bot(page: Page, host, site_url: str) -> None:
    """The reader picks at once (the MicroPython worker); the verdict waits for Pyodide's bot."""
    held: list = []
    page.route(PYODIDE, lambda route: held.append(route))
    position = "".join(re.findall(r"[2-9TJQKA][SHDC]", MOVES)[:20])
    page.goto(host(plain_iframe(site_url, f"web/embed/puzzle.html?seed={SEED}&exposed=QS,AH&moves={position}"
                                          "&show=all&lang=zh", 760)))
    pz = frame(page, "iframe.plain", "html.engine-ready")
    assert "你是" in (pz.locator("[data-testid=question]").text_content() or "")
    pz.locator(".choices button[aria-disabled=false]").first.click()
    expect(pz.locator("[data-testid=verdict]")).to_contain_text("最强的机器人正在思考答案")
    for route in held:
        route.continue_()
    page.unroute(PYODIDE)
    pz.locator("html.solved").wait_for(state="attached", timeout=60_000)
    assert pz.locator("[data-testid=verdict]").get_attribute("data-state") in ("right", "wrong")
    assert pz.locator("[data-testid=outcome] li[data-scores]").count() >= 1
    assert "：" in (pz.locator("[data-testid=explain]").text_content() or "")  # the bot's reason, in Chinese


@pytest.mark.slow  # boots the Pyodide engine
def test_game_mode_frames_the_game_page(page: Page, host, site_url: str) -> None:
    page.goto(host(
        "<gong-zhu id='game' mode='game' seed='5' rules='fast' lang='zh'></gong-zhu>"
        + plain_iframe(site_url, "web/embed/game.html?seed=5", 640)
    ))
    outer = frame(page, "#game iframe")
    inner = outer.locator("iframe.game-frame")
    src = inner.get_attribute("src") or ""
    assert "index.html?embed=1" in src and "seed=5" in src and "rules=fast" in src
    game = outer.frame_locator("iframe.game-frame")
    game.locator("html.ready").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    # In Chinese, and the reader's own game on the site (localStorage) is left alone.
    assert (game.locator("html").get_attribute("lang") or "").startswith("zh")
    assert game.locator("html").evaluate("() => localStorage.length") == 0
    plain = page.frame_locator("iframe.plain")
    assert "seed=5" in (plain.locator("iframe.game-frame").get_attribute("src") or "")


@pytest.mark.parametrize("theme", ["", "light"])
def test_the_game_embeds_dialogs_at_night_and_under_theme_light(page: Page, site_url: str, theme: str) -> None:
    """A reader whose system is dark: the embedded game's dialogs are dark like the site's, unless
    the blogger asked for `theme=light` (a light blog), which keeps them light."""
    page.emulate_media(color_scheme="dark")
    page.goto(site_url + "web/embed/game.html?seed=5" + (f"&theme={theme}" if theme else ""))
    game = page.frame_locator("iframe.game-frame")
    game.locator("html.ready").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    game.locator('#menu [data-action="open-settings"]').click()
    expect(game.locator("#dlg-settings")).to_be_visible()
    inner = page.frames[1]
    paper = luminance(inner, "#dlg-settings .dlg-head")
    assert paper > 0.8 if theme == "light" else paper < 0.05, paper


def test_a_frame_far_below_starts_only_when_the_reader_scrolls_near_it(page: Page, host, site_url: str) -> None:
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(host(
        "<gong-zhu id='near' mode='calculator' cards='QS' height='300'></gong-zhu>"
        "<div style='height:5000px'>A long post.</div>"
        "<gong-zhu id='far' mode='calculator' cards='JD' height='300'></gong-zhu>"
    ))
    near = frame(page, "#near iframe")
    assert near.locator("[data-testid=score]").text_content() == "-100"
    page.wait_for_timeout(500)
    assert page.locator("#far iframe").get_attribute("src") is None
    assert not [url for url in requested if "cards=JD" in url]
    far = frame(page, "#far iframe")  # scrolled into view
    assert far.locator("[data-testid=score]").text_content() == "+100"
    assert [url for url in requested if "cards=JD" in url]


HOSTILE = "<img src=x onerror=parent.__pwned=1><script>parent.__pwned=1</script>"


def test_hostile_parameters_are_text_or_refused(page: Page, host, site_url: str, page_guard: PageGuard) -> None:
    page_guard.allow(r"request failed: .* \(net::ERR_ABORTED\)")  # the game's engine, cut short at the end
    esc = html.escape(HOSTILE, quote=True)
    page.goto(host(
        f"<gong-zhu id='cap' mode='replay' seed='7' check='off' caption0='{esc}' title='{esc}'"
        f" names='{esc},B,C,D'></gong-zhu>"
        "<gong-zhu id='neg' mode='replay' seed='-1' lang='zh'></gong-zhu>"
        "<gong-zhu id='big' mode='puzzle' seed='1e99'></gong-zhu>"
        f"<gong-zhu id='cards' mode='calculator' cards='QS,{esc}'></gong-zhu>"
        "<gong-zhu id='moves' mode='replay' seed='7' moves='2S,ZZ'></gong-zhu>"
        "<gong-zhu id='mode' mode='nonsense'></gong-zhu>"
        f"<gong-zhu id='game' mode='game' seed='1e99' rules='{esc}'></gong-zhu>"
        + plain_iframe(site_url, "web/embed/replay.html?hands=AKQ.T98.J4.532&moves=2S", 200)
        # Written by hand: a lone "%" (not an escape) and a Chinese character, which the browser escapes.
        + plain_iframe(site_url, "web/embed/calculator.html?cards=QS&title=Win 100% of the time, 猪%E7%8C%AA", 300,
                       "percent")
    ))
    cap = frame(page, "#cap iframe")
    assert cap.locator("[data-testid=caption]").text_content() == HOSTILE
    assert cap.locator("h1").text_content() == HOSTILE
    assert cap.locator("[data-seat='0'] .seat-name").text_content() == HOSTILE[:24]
    assert cap.locator("#embed img[src=x], #embed script").count() == 0
    expected = {
        "#neg iframe": "无法显示：seed（种子）必须是 0 到 18446744073709551615 之间的整数，不能是 '-1'",
        "#big iframe": "seed must be a whole number from 0 to 18446744073709551615, not '1e99'",
        "#cards iframe": "cards: '<img' is not a card",
        "#moves iframe": "move 2: 'ZZ' is not a card",
        "iframe.plain": "hands lists 3 or 4 hands",
    }
    for css, message in expected.items():
        error = frame(page, css).locator("[data-testid=error]")
        assert message in (error.text_content() or ""), css
        assert error.get_attribute("role") == "alert"
    assert "unknown mode" in (page.locator("#mode [role=alert]").text_content() or "")
    assert frame(page, "iframe.percent").locator("h1").text_content() == "Win 100% of the time, 猪猪"
    # The game page refuses a bad seed and rules itself, with a notice, and deals a fresh game.
    game = frame(page, "#game iframe", "iframe.game-frame").frame_locator("iframe.game-frame")
    notice = game.locator("#notice-text")
    notice.wait_for(timeout=READY_TIMEOUT_MS)
    assert "Ignored seed “1e99”" in (notice.text_content() or "")
    assert page.evaluate("window.__pwned") is None
    assert cap.locator("html").evaluate("() => window.__pwned === undefined")
    assert page.context.cookies() == []


def test_embed_page_documents_the_modes_with_live_examples_and_snippets(
    page: Page, site_url: str, page_guard: PageGuard
) -> None:
    # Switching the language rebuilds the examples: downloads of the frames it replaces are aborted.
    page_guard.allow(r"request failed: .* \(net::ERR_ABORTED\)")
    page.goto(site_url + "embed.html")
    page.locator("html.ready").wait_for(state="attached")
    for mode in ("calculator", "replay", "puzzle", "game"):
        assert page.locator(f"#{mode} gong-zhu[mode={mode}]").count() == 1
        element = page.locator(f"#{mode} [data-snippet=element]").text_content() or ""
        assert element.startswith(f'<script src="{site_url}web/embed.js" async></script>\n<gong-zhu mode="{mode}"')
        iframe = page.locator(f"#{mode} [data-snippet=iframe]").text_content() or ""
        assert iframe.startswith(f'<iframe src="{site_url}web/embed/{mode}.html?')
        assert f'sandbox="{SANDBOX}"' in iframe
    figure = page.locator("p[lang=en] [data-figure=calculator]").text_content() or ""
    assert re.fullmatch(r"\d\.\d+(–\d\.\d+)? s", figure), figure
    calc = frame(page, "#calculator gong-zhu iframe")
    assert calc.locator("[data-testid=score]").text_content() == "-260"
    # In Chinese: the prose and the live examples switch, and the snippets gain lang="zh".
    page.locator("[data-set-lang=zh]").click()
    assert page.locator("h1 [lang=zh]").is_visible() and not page.locator("h1 [lang=en]").is_visible()
    assert 'lang="zh"' in (page.locator("#calculator [data-snippet=element]").text_content() or "")
    calc = frame(page, "#calculator gong-zhu iframe")
    assert calc.locator("h1").text_content() == "拱猪计分器"
    # The replay's example captions are the page's own words, so they come in Chinese too, in the
    # snippet to copy and in the frame.
    replay = page.locator("#replay [data-snippet=element]").text_content() or ""
    assert 'caption1="北家持有黑桃2' in replay and "North holds" not in replay, replay
    rp = frame(page, "#replay gong-zhu iframe")
    rp.locator("[data-action=next]").click()
    assert (rp.locator("[data-testid=caption]").text_content() or "").startswith("北家持有黑桃2")
    # Copying a snippet says so for a moment, then the button is the page's bilingual "Copy" again.
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    button = page.locator("#calculator [data-copy]").first
    button.click()
    expect(button).to_have_text("已复制")
    assert page.evaluate("navigator.clipboard.readText()") == page.locator(
        "#calculator [data-snippet]").first.text_content()
    expect(button.locator("span[lang=zh]")).to_have_text("复制", timeout=5000)
    expect(button).to_have_text("复制", use_inner_text=True)  # the English label hidden, as before
    page.locator("[data-set-lang=en]").click()
    expect(button).to_have_text("Copy", use_inner_text=True)


def test_share_dialog_gives_both_snippets_for_the_deal_and_the_hand(page: Page, site_url: str,
                                                                      page_guard: PageGuard) -> None:
    # The dialog works from the dealt table, before the engine (Pyodide) is ready; that download
    # may still be running when the test ends.
    page_guard.allow(r"request failed: .* \(net::ERR_ABORTED\)")
    page.goto(site_url + "index.html?seed=5&rules=fast")
    page.locator("html.ui-ready").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    page.locator("#share-open").click()
    page.screenshot(path=str(ARTIFACTS / "share-dialog.png"))
    dialog = page.locator("#dlg-share")
    assert dialog.is_visible()
    element = dialog.locator("[data-snippet=game-element]").input_value()
    assert element == (f'<script src="{site_url}web/embed.js" async></script>\n'
                       '<gong-zhu mode="game" seed="5" rules="fast"></gong-zhu>')
    iframe = dialog.locator("[data-snippet=game-iframe]").input_value()
    assert iframe.startswith(f'<iframe src="{site_url}web/embed/game.html?seed=5&amp;rules=fast" sandbox="{SANDBOX}"')
    replay = dialog.locator("[data-snippet=replay-element]").input_value()
    assert '<gong-zhu mode="replay" seed="5" rules="fast"' in replay
    assert dialog.locator("[data-snippet=link]").input_value() == f"{site_url}index.html?seed=5&rules=fast"
    expect(dialog.locator("[data-snippet=link] + [data-share-copy]")).to_have_text("Copy")  # the link copies too
    dialog.locator("[data-share-close]").click()
    assert not dialog.is_visible()

    # In Chinese (switched in the game's settings): the button, dialog and snippets follow.
    page.locator("[data-action=open-settings]").click()
    page.locator("#set-lang").select_option("zh")
    page.keyboard.press("Escape")
    page.locator("#share-open .label").filter(has_text="分享").wait_for()
    page.locator("#share-open").click()
    assert page.locator("#dlg-share-title").text_content() == "分享或嵌入这副牌"
    assert 'lang="zh"' in dialog.locator("[data-snippet=game-element]").input_value()

    # Inside the game embed there is nothing to share (and no popups to open the docs with).
    page.goto(site_url + "index.html?embed=1&seed=5")
    page.locator("html.ui-ready").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    assert page.locator("#share-open").count() == 0


@pytest.mark.parametrize(
    "path",
    [
        "web/embed/calculator.html?cards=QS,KH,QH,8H&exposed=AH",
        f"web/embed/replay.html?seed={SEED}&exposed=QS,AH&check=off&moves={MOVES}",
        f"web/embed/puzzle.html?seed={SEED}&exposed=QS,AH&moves=2SASTS3S&lang=zh",
        "web/embed/replay.html?seed=-1",
        "embed.html?lang=zh",
    ],
)
def test_embeds_have_no_serious_accessibility_problems(page: Page, site_url: str, path: str,
                                                       page_guard: PageGuard) -> None:
    page_guard.allow(r"request failed: .* \(net::ERR_ABORTED\)")  # the puzzle's engine, cut short
    page.goto(site_url + path)
    wait_ready(page)
    if "replay.html?seed=2026" in path:
        page.locator("[data-action=next]").click()
    options = {"iframes": False} if path.startswith("embed.html") else None  # the frames are checked above
    serious = [v for v in run_axe(page, options) if v["impact"] in ("serious", "critical")]
    assert not serious, [(v["id"], v["help"], [n["target"] for n in v["nodes"]][:3]) for v in serious]


@pytest.mark.slow  # builds the site
def test_built_site_embeds_work_under_its_csp_and_install_no_offline_cache(
    page: Page, serve: Callable[..., str], tmp_path: Path, page_guard: PageGuard
) -> None:
    from build_site import build

    build(tmp_path / "_site")
    site_url = serve(tmp_path / "_site", "/gongzhu/")
    site = urlsplit(site_url)
    page_guard.allow(r"request to another origin: \w+ " + re.escape(f"{site.scheme}://{site.netloc}/"))
    (tmp_path / "host").mkdir()
    (tmp_path / "host" / "post.html").write_text(
        "<!doctype html><meta charset='utf-8'><title>post</title><link rel='icon' href='data:,'>"
        f"<script src='{site_url}web/embed.js'></script>"
        "<gong-zhu id='calc' mode='calculator' cards='QS,KH,QH,8H' exposed='AH'></gong-zhu>",
        encoding="utf-8",
    )
    page.goto(serve(tmp_path / "host") + "post.html")
    calc = frame(page, "#calc iframe")
    assert "Content-Security-Policy" in (calc.locator("meta[http-equiv]").first.get_attribute("http-equiv") or "")
    assert calc.locator("[data-testid=score]").text_content() == "-260"
    page.wait_for_timeout(1500)  # web/sw-register.js would register right after the frame is ready
    assert page.context.service_workers == [] and page.context.cookies() == []
