"""The statistics dialog in the real page: a short match played by clicking is counted hand by
hand, survives a reload (the summary shown again is not counted again), exports and imports with
the saved game, resets on request, and a corrupted record is reset with a one-line notice."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.harness import run_axe, wait_ready
from tests.e2e.test_game_support import open_game, play_hand, saved_game, table_state

STATS_KEY = "gongzhu.stats"


def number(text: str) -> float:
    """A score as the page writes it (−80, +200, 0, −62.5) as a number."""
    return float(text.replace("−", "-").replace("+", "").strip())


def close_summary(page: Page) -> None:
    page.click('#dlg-summary [data-action="close"]')
    expect(page.locator("#dlg-summary")).to_be_hidden()


def open_stats(page: Page) -> None:
    page.click('#menu [data-action="stats"]')
    expect(page.locator("#dlg-stats")).to_be_visible()


def close_stats(page: Page) -> None:
    page.click('#dlg-stats [data-stats="close"]')
    expect(page.locator("#dlg-stats")).to_be_hidden()


def figure(page: Page, testid: str) -> str:
    return page.locator(f'#dlg-stats [data-testid="{testid}"]').text_content() or ""


def stored(page: Page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('{STATS_KEY}')"))


def test_a_short_match_is_counted_and_survives_a_reload(page: Page, site_url: str) -> None:
    open_game(page, site_url, "?seed=18", rules={"target": 200})
    scores: list[int] = []
    pigs = moons = 0
    for _ in range(8):
        play_hand(page)
        mine = page.locator('#dlg-summary .sum-row[data-seat="0"]')
        scores.append(int(number(mine.locator('[data-testid="hand-score"]').text_content() or "")))
        pigs += mine.locator('img[src$="/QS.svg"]').count()
        moons += mine.locator('img[src$="H.svg"]').count() == 13
        if page.locator('[data-testid="hand-summary"] .match-end').count():
            break
        page.click('[data-testid="hand-summary"] ~ footer [data-action="next-hand"]')
        expect(page.locator('[data-testid="hand-summary"]')).to_be_hidden()
    end = page.locator('[data-testid="hand-summary"] .match-end')
    expect(end).to_be_visible()
    assert len(scores) >= 2 and moons, scores  # (this deal's match takes several hands, one a moon)
    won = "You" in (end.locator(".win-line").text_content() or "")
    close_summary(page)

    def check() -> None:
        open_stats(page)
        assert figure(page, "stats-hands") == str(len(scores))
        assert figure(page, "stats-matches") == "1"
        assert figure(page, "stats-matches-won").startswith("1" if won else "0")
        assert number(figure(page, "stats-average")) == round(sum(scores) / len(scores), 1)
        assert figure(page, "stats-pig").startswith(str(pigs))
        assert figure(page, "stats-moons") == str(moons)
        chart = page.locator('#dlg-stats [data-testid="stats-chart"]')
        assert chart.get_attribute("data-bars") == str(len(scores))
        assert page.locator("#dlg-stats svg rect").count() == len(scores)
        # The chart's text alternative names every score.
        label = chart.get_attribute("aria-label") or ""
        listed = label.split("oldest first: ")[1].split(". Best")[0]
        assert [int(number(x)) for x in listed.split(", ")] == scores
        # The filter: the bots' levels and the rules (target 50 is no preset: custom).
        expect(page.locator("#stats-level option")).to_have_text(["All", "Beginner · Beginner · Beginner"])
        expect(page.locator("#stats-preset option")).to_have_text(["All", "Custom"])
        page.select_option("#stats-preset", "custom")
        assert figure(page, "stats-hands") == str(len(scores))
        close_stats(page)

    check()
    # A reload shows the finished hand's summary again: it is not counted twice.
    page.reload()
    wait_ready(page)
    expect(page.locator('[data-testid="hand-summary"]')).to_be_visible()
    close_summary(page)
    check()
    record = stored(page)
    assert record["groups"]["beginner/beginner/beginner|custom"]["hands"] == len(scores)


def test_a_corrupted_record_is_reset_with_a_notice(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    broken = json.dumps({"v": 1, "groups": {"x|classic": {"hands": -5}}, "recent": [], "open": None})
    page.add_init_script(
        "if (!sessionStorage.getItem('stats-broken')) {"
        f" localStorage.setItem('{STATS_KEY}', {json.dumps(broken)}); sessionStorage.setItem('stats-broken', '1'); }}"
    )
    open_game(page, site_url, lang="zh")
    expect(page.locator("#notice-text")).to_have_text("统计数据无法读取，已重置。")
    assert (stored(page)["groups"], stored(page)["recent"]) == ({}, [])
    assert table_state(page) in ("expose", "play")  # the game goes on
    open_stats(page)
    expect(page.locator("#dlg-stats h2")).to_have_text("你的统计")
    assert figure(page, "stats-hands") == "0"
    expect(page.locator('#dlg-stats [data-testid="stats-chart-none"]')).to_have_text("还没有打完的局。")
    # It fits a 360-px phone: nothing wider than the screen.
    width = page.evaluate("document.querySelector('#dlg-stats').scrollWidth")
    assert width <= 360
    violations = [v for v in run_axe(page, {"include": [["#dlg-stats"]]}) if v["impact"] in ("serious", "critical")]
    assert not violations, [(v["id"], v["help"]) for v in violations]
    close_stats(page)
    # Not said again on the next visit: the record was replaced.
    page.reload()
    wait_ready(page)
    expect(page.locator("#notice-text")).not_to_contain_text("统计")


def test_export_reset_and_import(page: Page, site_url: str, tmp_path: Path) -> None:
    # A saved match in its third trick: the hand is finished on this page.
    save = saved_game(21, "classic", plays=9)
    assert json.loads(json.loads(save)["match"])["hands"][0]["actions"][-1][0] == "play"
    page.add_init_script(
        "if (!sessionStorage.getItem('saved')) {"
        f" localStorage.setItem('gongzhu.save', {json.dumps(save)}); sessionStorage.setItem('saved', '1'); }}"
    )
    open_game(page, site_url)
    assert table_state(page) == "play"
    play_hand(page)
    score = number(page.locator('#dlg-summary .sum-row[data-seat="0"] [data-testid="hand-score"]').text_content()
                   or "")
    close_summary(page)
    open_stats(page)
    assert figure(page, "stats-hands") == "1"
    with page.expect_download() as download:
        page.click('#dlg-stats [data-stats="export"]')
    path = tmp_path / "export.json"
    download.value.save_as(path)
    exported = json.loads(path.read_text())
    assert exported["stats"]["recent"] == [[score, "beginner/beginner/beginner|classic"]]
    assert exported["match"] == json.loads(page.evaluate("localStorage.getItem('gongzhu.save')"))["match"]

    # Reset asks first; cancel keeps everything.
    page.click('#dlg-stats [data-stats="reset"]')
    page.click('#dlg-stats [data-stats="no"]')
    assert figure(page, "stats-hands") == "1"
    assert page.evaluate("document.activeElement.dataset.stats") == "reset"  # the focus stays put
    page.click('#dlg-stats [data-stats="reset"]')
    question = page.locator("#dlg-stats .stats-confirm p")
    expect(question).to_have_text("Reset all your statistics? This cannot be undone.")
    page.click('#dlg-stats [data-stats="yes"]')
    assert figure(page, "stats-hands") == "0"
    expect(page.locator('#dlg-stats [data-testid="stats-status"]')).to_have_text("Statistics reset.")

    def import_file(text: str, name: str) -> None:
        file = tmp_path / name
        file.write_text(text)
        with page.expect_file_chooser() as chooser:
            page.click('#dlg-stats [data-stats="import"]')
        chooser.value.set_files(str(file))

    # Not a save: refused, nothing changed.
    import_file("<b>not json</b>", "bad.json")
    expect(page.locator('#dlg-stats [data-testid="stats-status"]')).to_contain_text("Import refused")
    assert figure(page, "stats-hands") == "0"
    # A save of an unknown version, or whose match the engine refuses: refused too.
    import_file(json.dumps({"v": 0, "match": "{}"}), "old-version.json")
    expect(page.locator('#dlg-stats [data-testid="stats-status"]')).to_contain_text("Import refused")
    broken = json.loads(save)
    broken["match"] = broken["match"].replace('"play"', '"fly"')
    import_file(json.dumps(broken), "broken.json")
    expect(page.locator('#dlg-stats [data-testid="stats-status"]')).to_contain_text("the file's match cannot be played")
    assert page.locator("#dlg-stats .stats-confirm").count() == 0
    # The export comes back after a confirmation.
    import_file(path.read_text(), "export.json")
    expect(page.locator("#dlg-stats .stats-confirm p")).to_have_text(
        "Replace your current match and statistics with the file's?")
    page.click('#dlg-stats [data-stats="yes"]')
    expect(page.locator('#dlg-stats [data-testid="stats-status"]')).to_have_text("Imported.")
    assert figure(page, "stats-hands") == "1"
    # An older export, the save alone, still imports: the statistics stay.
    old = saved_game(22, "classic", plays=20)
    import_file(old, "old.json")
    expect(page.locator("#dlg-stats .stats-confirm p")).to_contain_text("It has no statistics")
    page.click('#dlg-stats [data-stats="yes"]')
    expect(page.locator('#dlg-stats [data-testid="stats-status"]')).to_have_text("Imported.")
    assert figure(page, "stats-hands") == "1"
    close_stats(page)
    assert json.loads(page.evaluate("localStorage.getItem('gongzhu.save')"))["match"] == json.loads(old)["match"]
    # The imported match is on the table; its hand, finished here, counts.
    play_hand(page)
    close_summary(page)
    open_stats(page)
    assert figure(page, "stats-hands") == "2"

