"""Every string the site's pages show, in English and Simplified Chinese: `t(key, lang, **params)`.

One table for the game, its share dialog, the score keeper and the embeds (their own strings
are grouped at the end, their keys prefixed where a word differs from the game's). Runs under
MicroPython (the pages' main thread) and CPython alike. Keys are short names; each entry is an
(English, Chinese) pair whose `{placeholders}` are filled with `str.format`. Card names come from
gongzhu.core.cards (`card_name`), house-rule docs from gongzhu.core.options; the engine's reasons
for refusing a card come from the engine in both languages (the view's `illegal` and
`illegal_zh`), never re-derived here.
"""

from gongzhu.core.cards import card_name, card_symbol, parse_card
from gongzhu.core.options import PRESET_NAMES

LANGS = ("en", "zh")
LANG_NAMES = {"en": "English", "zh": "简体中文"}

STRINGS = {
    # page and menu
    "title": ("Gong Zhu", "拱猪"),
    "subtitle": ("Chase the Pig", "拱猪"),
    "title_my_turn": ("▶ Your turn — Gong Zhu", "▶ 轮到你了 — 拱猪"),  # the tab's title while it is in the background
    "menu": ("Game menu", "游戏菜单"),
    "new_match": ("New match", "新的一场"),
    "scores": ("Scores", "记分表"),
    "last_trick": ("Last trick", "上一墩"),
    "hint": ("Hint", "提示"),
    "settings": ("Settings", "设置"),
    "help": ("Help", "帮助"),
    "rules_page": ("Rules", "规则"),
    "keeper_page": ("Score keeper", "记分器"),
    "close": ("Close", "关闭"),
    "table": ("Card table", "牌桌"),
    "trick_area": ("Current trick", "当前一墩"),
    "your_hand": ("Your hand", "你的手牌"),
    "loading_page": ("Loading the page…", "正在加载页面…"),
    "loading_engine": ("Starting the game engine… {secs} s", "正在启动游戏引擎… {secs} 秒"),
    "hint_getting_ready": ("The hint is getting ready…", "提示功能准备中…"),
    "hint_unavailable": ("Hints are off: the strongest bot could not load.", "提示不可用：最强的机器人未能加载。"),
    "search_getting_ready": ("The {level} bots are getting ready…", "{level}机器人准备中…"),
    "search_failed": ("The hard and expert bots could not load ({message}): normal bots play in their place, "
                      "and hints are off.",
                      "困难和专家机器人未能加载（{message}）：由普通机器人代替，提示不可用。"),
    "engine_version": ("Engine v{version}", "引擎 v{version}"),
    "engine_loading": ("Engine loading…", "引擎加载中…"),
    "engine_failed": ("The game engine stopped: {message}. Your match is kept.",
                      "游戏引擎出错停止：{message}。你的对局已保存。"),
    "engine_failed_start": ("The game engine failed to start: {message}", "游戏引擎启动失败：{message}"),
    "no_answer": ("it stopped answering", "引擎没有响应"),
    "restart_engine": ("Restart the engine", "重启引擎"),
    "restarting": ("Restarting the game engine…", "正在重启游戏引擎…"),
    "waiting_engine": ("Dealt. Waiting for the engine…", "已发牌，等待引擎…"),  # one line on a phone
    "waiting_engine_card": ("The engine is still loading.", "引擎仍在加载。"),
    # seats and levels
    "seat_0": ("You", "你"),
    "seat_bottom": ("South", "南家"),  # seat 0 for a room's guest not yet seated: the host's place
    "seat_right": ("East", "东家"),
    "seat_top": ("North", "北家"),
    "seat_left": ("West", "西家"),
    "partner": ("partner", "搭档"),
    "partners_note": ("You and {name} are partners: you share a total.", "你和{name}是搭档，共享总分。"),
    "level_beginner": ("Beginner", "入门"),
    "level_easy": ("Easy", "简单"),
    "level_normal": ("Normal", "普通"),
    "level_hard": ("Hard", "困难"),
    "level_expert": ("Expert", "专家"),
    "level_random": ("Random", "随机"),
    "cards_left": ("{n} cards", "{n}张牌"),
    "one_card_left": ("1 card", "1张牌"),
    "total": ("Total", "总分"),
    "total_of": ("Total of {name}: {value}", "{name}总分：{value}"),
    "this_hand": ("This hand", "本局"),
    "captured": ("Captured", "已吃分牌"),
    "captured_none": ("No scoring cards yet", "还没有吃到分牌"),
    "exposed": ("exposed", "已亮"),
    "exposed_cards": ("Exposed", "亮牌"),
    "received": ("received", "收到的"),
    "turn_marker": ("to play", "出牌中"),
    "leads": ("leads", "首出"),
    # prompts
    "your_turn": ("Your turn: play a card.", "轮到你出牌。"),
    "your_lead": ("Your lead: play any card.", "轮到你首出。"),
    # In one line, as the two above: nothing left can change the scores ("Play out the rest" is offered).
    "claim_turn": ("Your turn: the scores are settled.", "轮到你出牌：得分已定。"),
    "claim_lead": ("Your lead: the scores are settled.", "轮到你首出：得分已定。"),
    "must_lead": ("Your lead: play the {card}.", "轮到你首出：请出{card}。"),
    "thinking": ("{name} is thinking…", "{name}思考中…"),
    "to_play": ("{name} to play.", "轮到{name}。"),
    "expose_prompt": ("Expose your special cards?", "要亮牌吗？"),
    "expose_why": ("An exposed card counts double (10♣ ×4) for whoever takes it.",
                   "亮出的牌分值加倍（梅花10为×4），归吃到它的人。"),
    "expose_secret": ("Everyone chooses in secret; the exposures are revealed together.",
                      "各家暗中选择，然后同时亮出。"),
    "expose_wait": ("The others decide what to expose…", "其他玩家正在决定亮牌…"),
    "expose_confirm": ("Expose {cards}", "亮出{cards}"),
    "expose_decline": ("Expose nothing", "不亮牌"),
    "expose_toggle": ("Expose {card}", "亮出{card}"),
    "pass_prompt": ("Choose {n} cards to pass to {name}.", "选{n}张牌传给{name}。"),
    "pass_confirm": ("Pass {k}/{n} cards", "传牌（{k}/{n}）"),
    "pass_wait": ("Waiting for the others to pass…", "等待其他人传牌…"),
    "passed_received": ("You passed {given} to {to} and received {got} from {frm}.",
                        "你把{given}传给{to}，从{frm}收到{got}。"),
    "hand_done": ("The hand is over.", "本局结束。"),
    "match_done": ("The match is over.", "整局结束。"),
    "exposed_by": ("{name} exposed {cards}.", "{name}亮出{cards}。"),
    "auto_exposed": ("{card} is exposed automatically ({name}).", "{card}自动亮出（{name}）。"),
    "played": ("{name}: {card}", "{name}：{card}"),
    "trick_won": ("{name} won the trick.", "{name}赢得这一墩。"),
    # comforts: the only legal card, claims, take-backs
    "forced_card": ("Your only legal card, {card}, is played for you.", "你只有{card}能出，自动打出。"),
    "claim": ("Play out the rest", "直接打完"),
    "claimed": ("{name} played out the rest: nothing left could change the scores.",
                "{name}直接打完了剩下的牌：它们不会再改变得分。"),
    "claimed_you": ("You played out the rest: nothing left could change the scores.",
                    "你直接打完了剩下的牌：它们不会再改变得分。"),
    "take_back": ("Take back", "悔牌"),
    "took_back": ("You took back {cards}.", "你收回了{cards}。"),
    "take_backs_note": ("Cards taken back in this match: {n} (marked ↶).", "本场悔牌次数：{n}（标记为↶）。"),
    "take_backs_hand": ("{n} taken back", "悔牌{n}次"),
    "trick_won_points": ("{name} won the trick and took {cards}.", "{name}赢得这一墩，吃到{cards}。"),
    "trick_label": ("Trick {n} of 13", "第{n}墩（共13墩）"),
    "hearts_broken": ("Hearts broken", "红心已破"),
    "reason_title": ("Why not this card", "为什么不能出"),
    "cannot_play": ("cannot be played now", "现在不能出"),
    "hint_why": ("Hint — {why}", "提示——{why}"),
    "hint_play": ("Hint: play {card}.", "提示：出{card}。"),
    "hint_expose": ("Hint: expose {cards}.", "提示：亮出{cards}。"),
    "hint_expose_none": ("Hint: expose nothing.", "提示：不亮牌。"),
    "hint_pass": ("Hint: pass {cards}.", "提示：传出{cards}。"),
    "hint_thinking": ("Thinking about a hint…", "正在想提示…"),
    "hint_not_now": ("A hint is available on your turn.", "轮到你时才能提示。"),
    "busy": ("Busy", "忙"),
    # hand summary and match end
    "hand_summary": ("Hand {n}: scores", "第{n}局得分"),
    "hand_score": ("Hand score", "本局得分"),
    "next_hand": ("Next hand", "下一局"),
    "match_over": ("Match over", "整局结束"),
    "pig_is": ("The pig: {names}", "猪：{names}"),
    "winner_is": ("Winner: {names}", "赢家：{names}"),
    "round_points": ("Round points", "轮分"),
    "place": ("Place", "名次"),
    "nothing_captured": ("No scoring cards", "没有分牌"),
    "next_leader": ("{name} took the pig and leads the next hand.", "{name}吃到猪，下一局首出。"),
    "next_leader_you": ("You took the pig and lead the next hand.", "你吃到猪，下一局首出。"),
    "nobody_pig": ("Nobody took the pig.", "没有人吃到猪。"),
    # score sheet
    "score_sheet": ("Score sheet", "记分表"),
    "hand_col": ("Hand", "局"),
    "no_hands_yet": ("No hand has been scored yet.", "还没有计分的牌局。"),
    "target_note": ("The match ends when a total reaches −{target}.", "总分达到−{target}时整局结束。"),
    "target_note_plus": ("The match ends when a total reaches ±{target}.", "总分达到±{target}时整局结束。"),
    # last trick
    "last_trick_none": ("No trick has been completed yet.", "还没有打完的墩。"),
    "won_by": ("Won by {name}", "{name}赢得"),
    "led_by": ("led by {name}", "{name}首出"),
    # settings
    "settings_title": ("Settings", "设置"),
    "game_section": ("Game", "游戏"),
    "rules_section": ("House rules", "规则选项"),
    "rules_note": ("Rule changes apply to the next match.", "规则改动从下一场开始生效。"),
    "rules_now": ("Start a new match with these rules", "用这些规则开始新的一场"),
    "confirm_new_match": ("Start a new match? The match in progress (hand {n}) is given up.",
                          "开始新的一场？进行中的这一场（第{n}局）将被放弃。"),
    "new_match_yes": ("Start the new match", "开始新的一场"),
    "new_match_no": ("Keep playing", "继续这一场"),
    "bad_target": ("“{value}” is not a match target: give a whole number above 0. The target stays {kept}.",
                   "“{value}”不是有效的整局目标分：请填大于 0 的整数。目标分仍为 {kept}。"),
    "shared_offer": ("This link deals the shared deal #{seed} ({rules}). Play it? Your match in progress (hand {n}) "
                     "would be given up.",
                     "这个链接发的是分享的牌局 #{seed}（{rules}）。要玩吗？进行中的这一场（第{n}局）将被放弃。"),
    "shared_play": ("Play the shared deal", "玩分享的牌局"),
    "shared_keep": ("Keep my match", "继续我的这一场"),
    "preset": ("Preset", "预设"),
    "preset_custom": ("Custom", "自定义"),
    "opponents": ("Opponents", "对手"),
    "level_of": ("{name}'s level", "{name}难度"),
    "display_section": ("Display and sound", "显示与声音"),
    "language": ("Language", "语言"),
    "speed": ("Animation speed", "动画速度"),
    "speed_slow": ("Slow", "慢"),
    "speed_normal": ("Normal", "正常"),
    "speed_fast": ("Fast", "快"),
    "speed_instant": ("Instant", "无动画"),
    "sound": ("Sound effects", "音效"),
    "card_back": ("Card back", "牌背"),
    "back_red": ("Red", "红"),
    "back_blue": ("Blue", "蓝"),
    "back_green": ("Green", "绿"),
    "four_colour": ("Four-colour deck (♠ black, ♥ red, ♦ blue, ♣ green)", "四色牌（♠黑、♥红、♦蓝、♣绿）"),
    "forced_setting": ("Play my only legal card for me", "只有一张牌能出时自动出牌"),
    "forced_auto": ("With fast animations", "动画为“快”或“无动画”时"),
    "forced_on": ("Always", "总是"),
    "forced_off": ("Never", "从不"),
    "forced_doc": ("After a short pause; click the card to play it at once.", "稍停片刻后打出；点击这张牌可立即打出。"),
    "direction": ("Direction of play", "出牌方向"),
    "dir_ccw": ("Counter-clockwise", "逆时针"),
    "dir_cw": ("Clockwise", "顺时针"),
    "opt_first_lead": ("First lead of a match", "整局首出"),
    "opt_hearts_must_be_broken": ("Hearts must be broken", "红心须先破"),
    "opt_exposure": ("Exposure phase", "亮牌"),
    "opt_exposure_mode": ("How players expose", "亮牌方式"),
    "opt_auto_expose_fourth": ("Fourth special card exposed automatically", "第四张特殊牌自动亮出"),
    "opt_pig_positive_with": ("Pig turns positive with", "猪变正分的条件"),
    "opt_transformer_alone": ("Transformer's +50 applies when", "变压器+50的条件"),
    "opt_heart_values": ("Heart values", "红心分值"),
    "opt_target": ("Match target", "整局目标分"),
    "opt_end_on_plus": ("Also end at +target (round points)", "正分也结束（计轮分）"),
    "opt_pass_cards": ("Pass cards before exposure", "亮牌前传牌"),
    "opt_partnership": ("Partnership", "搭档"),
    # help
    "help_title": ("How to play", "玩法"),
    "help_goal": ("Avoid the pig (Q♠) and the hearts, win the sheep (J♦), and beware the transformer (10♣): "
                  "it doubles whatever else you took. The match ends when someone's total reaches the target "
                  "below zero; the highest total wins.",
                  "躲开猪（黑桃Q）和红心，争取羊（方块J），小心变压器（梅花10）：它会让你吃到的其他分牌翻倍。"
                  "有人总分跌到负目标分时整局结束，总分最高者获胜。"),
    "help_play": ("Follow the suit led if you can; otherwise play any card. The highest card of the suit led "
                  "wins the trick and leads the next one. Cards you may not play are dimmed: point at one, "
                  "focus it or tap it to read why.",
                  "能跟出首出的花色就必须跟；否则可以出任意牌。首出花色中最大的牌赢得这一墩，并首出下一墩。"
                  "不能出的牌会变暗：指向、聚焦或轻点它即可看到原因。"),
    "help_expose": ("Before the first trick you may expose A♥, Q♠, J♦ or 10♣: an exposed card counts double "
                    "(10♣ ×4), but it may not be played to the first trick of its suit unless it is your only "
                    "card of that suit.",
                    "首墩之前可以亮出红心A、黑桃Q、方块J或梅花10：亮出的牌分值加倍（梅花10为×4），"
                    "但在该花色第一次被首出的那一墩不能出，除非它是你该花色唯一的牌。"),
    "help_comforts": ("“Play out the rest” ends the hand at once when nothing left can change the scores. "
                      "Against the bots, “↶ Take back” undoes your last card until the next trick starts; "
                      "the score sheet counts take-backs.",
                      "剩下的牌不会再改变得分时，“直接打完”立即结束本局。和机器人对局时，在下一墩开始之前，"
                      "“↶ 悔牌”可以收回你刚出的牌；记分表会记下悔牌次数。"),
    "help_scoring": ("Scoring", "计分"),
    "help_score_rows": ("Q♠ pig −100 · J♦ sheep +100 · 10♣ doubles your hand (+50 alone) · "
                        "A♥ −50, K♥ −40, Q♥ −30, J♥ −20, 10♥–5♥ −10, 4♥–2♥ 0 · all 13 hearts +200.",
                        "猪 黑桃Q −100 · 羊 方块J +100 · 变压器 梅花10 使本局分数翻倍（单独+50）· "
                        "红心A −50、K −40、Q −30、J −20、10至5各−10、4至2为0 · 收全13张红心 +200。"),
    "help_keys": ("Keyboard", "键盘"),
    "help_keys_text": ("Tab reaches your hand; ← → move between the cards you may play; Enter or Space plays "
                       "(or selects, when passing or exposing). Esc closes a dialog.",
                       "用Tab键进入手牌；← →在可出的牌之间移动；回车或空格出牌（传牌或亮牌时为选择）。Esc关闭对话框。"),
    "help_rules_link": ("The full rules, with every house rule", "完整规则（含全部规则选项）"),
    "help_tutorial_link": ("Learn to play in six short lessons", "六节小课学会拱猪"),
    "help_share": ("Share a deal: add ?seed=N (and &rules=fast, classic, beginner or round-points) to the "
                   "address; the same seed deals the same cards.",
                   "分享牌局：在网址后加 ?seed=数字（以及 &rules=fast、classic、beginner 或 round-points）；"
                   "同一个种子发出同样的牌。"),
    "deal_label": ("Deal #{seed}", "牌局 #{seed}"),
    # notices
    "settings_corrupt": ("Your settings could not be read, so the defaults are back.",
                         "无法读取你的设置，已恢复默认设置。"),
    "save_corrupt": ("Your saved game could not be read, so a new match has started.",
                     "存档无法读取，已开始新的一场。"),
    "save_old": ("Your saved game is from an older version, so a new match has started.",
                 "存档来自旧版本，已开始新的一场。"),
    "bad_seed": ("Ignored seed “{value}”: a seed is a whole number from 0 to 18446744073709551615.",
                 "已忽略种子“{value}”：种子必须是0到18446744073709551615之间的整数。"),
    "bad_rules": ("Ignored rules “{value}”: use classic, beginner, fast or round-points.",
                  "已忽略规则“{value}”：请使用 classic、beginner、fast 或 round-points。"),
    "bad_lang": ("Ignored language “{value}”: use en or zh.", "已忽略语言“{value}”：请使用 en 或 zh。"),
    "bad_colours": ("Ignored colours “{value}”: use 2 or 4.", "已忽略花色颜色“{value}”：请使用 2 或 4。"),
    "shared_deal": ("Playing the shared deal #{seed} ({rules}).", "正在玩分享的牌局 #{seed}（{rules}）。"),
    "rules_custom": ("custom", "自定义"),
    "resumed": ("Welcome back: your match continues.", "欢迎回来：继续你的对局。"),
    "dismiss": ("Dismiss", "知道了"),
    "illegal_move": ("Not allowed: {reason}", "不允许：{reason}"),
    # The tutorial (tutorial.py, lesson_view.py; the lessons' own texts are gongzhu/core/lessons.py).
    "lesson_of": ("Lesson {n} of {count}", "第{n}课（共{count}课）"),
    "lesson_goal": ("Goal: {goal}", "目标：{goal}"),
    "lesson_steps": ("The lessons", "全部课程"),
    "lesson_go": ("Lesson {n}", "第{n}课"),
    "lesson_go_done": ("Lesson {n}, completed", "第{n}课，已完成"),
    "lesson_met": ("Well done!", "做得好！"),
    "lesson_missed": ("Not yet.", "还差一点。"),
    "lesson_score": ("Your score", "你的得分"),
    "lesson_next": ("Next lesson", "下一课"),
    "lesson_retry": ("Try again", "再试一次"),
    "lesson_again": ("Play it again", "再玩一次"),
    "lesson_all_done": ("You have completed every lesson: you are ready for a match.",
                        "你完成了全部课程，可以开始对局了。"),
    "lesson_leave": ("Back to your game", "回到你的对局"),
    "lesson_play": ("Play a match", "开始对局"),
    "lesson_show": ("Read the lesson", "查看讲解"),
    "lesson_hide": ("Hide the lesson", "收起讲解"),
    "lesson_got_it": ("Got it: play", "知道了，出牌"),
    "bad_lesson": ("Ignored lesson “{value}”: use 1 to 6.", "已忽略课程“{value}”：请使用1到6。"),
    "tutorial_corrupt": ("Your tutorial progress could not be read, so it starts afresh.",
                         "教程进度无法读取，已重新开始。"),
    "offer_text": ("New to Gong Zhu? Learn it in six short lessons.", "第一次玩拱猪？六节小课教你入门。"),
    "offer_start": ("Start the tutorial", "开始教程"),
    "offer_decline": ("No thanks", "不用了"),
    # The share dialog (share.py).
    "share_share": ("Share", "分享"),
    "share_title": ("Share or embed this deal", "分享或嵌入这副牌"),
    "share_game": ("This deal, as a game to play", "这副牌（可对局）"),
    "share_replay": ("This hand so far, as a replay", "本副牌到目前为止（回放）"),
    "share_lesson": ("This lesson, to play in a blog post", "这一课（可嵌入博客）"),
    "share_element": ("For your blog (the element):", "博客用（元素）："),
    "share_iframe": ("Where scripts are not allowed (a plain iframe):", "不允许脚本时（普通 iframe）："),
    "share_link": ("A link to this deal:", "这副牌的链接："),
    "share_link_match": ("A link to this match (it starts from hand 1):", "这场对局的链接（从第1局开始）："),
    "share_game_match": ("This match, as a game to play (from hand 1)", "这场对局（可对局，从第1局开始）"),
    "share_copy": ("Copy", "复制"),
    "share_copied": ("Copied", "已复制"),
    "share_custom": ("Custom house rules cannot be embedded; the snippets use the classic rules.",
                     "自定义规则无法嵌入，代码中使用经典规则。"),
    "share_docs": ("All modes and parameters", "全部模式和参数"),
    # The score keeper (keeper.html, web/keeper/).
    "page_title": ("Gong Zhu score keeper", "拱猪记分器"),
    "keeper_title": ("Score keeper", "记分器"),
    "home": ("Play", "玩游戏"),
    "home_label": ("Back to the game", "返回游戏"),
    "rules_link": ("Rules", "规则"),
    "lang_button": ("中文", "English"),
    "lang_label": ("切换到中文", "Switch to English"),
    # setup
    "setup_title": ("New match", "新的一场"),
    "setup_intro": ("Keep score for a game played with real cards: enter who took which scoring cards "
                    "after each hand, the arithmetic is done for you.",
                    "用真牌打拱猪时记分：每局结束后录入谁收了哪些分牌，算分交给我们。"),
    "players": ("Players (in play order)", "玩家（按出牌顺序）"),
    "player_n": ("Player {n}", "玩家{n}"),
    "team_n": ("Team {n}", "队{n}"),
    "teams": ("Teams (partners sit opposite)", "队伍（对家为搭档）"),
    "team_of": ("{a} & {b}", "{a}和{b}"),
    "partnership": ("Partnership: partners sit opposite and share a total", "对家搭档：对家一队，共享总分"),
    "house_rules": ("House rules", "规则"),
    "custom": ("custom", "自定义"),
    "target": ("Match target", "结束分数"),
    "all_options": ("All house-rule options", "全部规则选项"),
    "start": ("Start the match", "开始记分"),
    "or_import": ("or continue a saved match:", "或继续保存的记分："),
    # standings
    "standings": ("Standings", "总分"),
    "first_lead": ("First hand: the holder of {card} leads it.", "第一局：持有{card}的玩家先出。"),
    "next_lead": ("Next hand: {name} leads (took the pig).", "下一局：{name}先出（收了猪）。"),
    "hand_count": ("after {n} hands", "已记{n}局"),
    "hand_count_1": ("after 1 hand", "已记1局"),
    "rules_summary": ("{preset} rules · target {target}", "{preset}规则 · 目标 {target}"),
    "custom_of": ("custom ({preset}-based)", "自定义（基于{preset}）"),
    "team_rules": (" · partnership", " · 对家搭档"),
    # entry
    "hand_n": ("Hand {n}", "第{n}局"),
    "editing_n": ("Correcting hand {n}", "修改第{n}局"),
    "entry_help": ("Tap cards, then the player who took them — or tap a player, then their cards.",
                   "先点牌，再点收牌的玩家；或先点玩家，再点他收的牌。"),
    "keeper_exposed": ("Exposed (亮牌)", "亮牌"),
    "exposed_help": ("Tap the cards that were exposed before the first trick.", "点选首墩前亮出的牌。"),
    "cards": ("Scoring cards", "分牌"),
    "pig": ("pig", "猪"),
    "sheep": ("sheep", "羊"),
    "doubler": ("doubler", "变压器"),
    "keeper_leads": ("leads this hand", "本局首出"),
    "nobody": ("not assigned", "未分配"),
    "card_label": ("{card}: {owner}", "{card}：{owner}"),
    "card_selected": ("selected", "已选"),
    "card_twice": ("assigned twice", "重复"),
    "player_label": ("{name}: {score}, {n} cards", "{name}：{score}，{n}张"),
    "n_cards": ("{n} cards", "{n}张"),
    "one_card": ("1 card", "1张"),
    "tap_cards_for": ("Now tap the cards {name} took.", "现在点选{name}收的牌。"),
    "tap_player_for": ("{n} selected — now tap the player who took them.", "已选{n}张，现在点收牌的玩家。"),
    "left": ("Still to assign: {cards}", "还没分配：{cards}"),
    "complete": ("All 16 scoring cards are assigned.", "16张分牌都已分配。"),
    "rest_to": ("Give the rest to {name}", "其余都给{name}"),
    "record": ("Record hand {n}", "记下第{n}局"),
    "save_edit": ("Save hand {n}", "保存第{n}局"),
    "cancel": ("Cancel", "取消"),
    "clear": ("Clear", "清空"),
    "refused": ("This hand cannot be recorded:", "这一局无法记下："),
    "recorded": ("Hand {n} recorded.", "第{n}局已记下。"),
    "saved_edit": ("Hand {n} corrected; totals recomputed.", "第{n}局已修改，总分已重算。"),
    "draft_kept": ("Hand {n} as entered so far is kept: it comes back once this correction is saved or cancelled.",
                   "第{n}局已录入的牌已保留：保存或取消这次修改后即恢复。"),
    "deleted": ("Hand {n} deleted; totals recomputed.", "第{n}局已删除，总分已重算。"),
    "arithmetic": ("The arithmetic", "算分过程"),
    "no_cards": ("no scoring cards yet", "还没有分牌"),
    # sheet
    "sheet": ("Score sheet", "记分表"),
    "sheet_empty": ("No hands yet.", "还没有记录。"),
    "col_hand": ("#", "局"),
    "edit_hand": ("Hand {n}: details, correct or delete", "第{n}局：详情、修改或删除"),
    "took_pig": ("took the pig", "收了猪"),
    "not_counted": ("after the end — not counted", "结束之后，不计"),
    "totals_row": ("Total", "总分"),
    # hand dialog
    "hand_details": ("Hand {n}", "第{n}局"),
    "exposed_list": ("Exposed: {cards}", "亮牌：{cards}"),
    "none": ("none", "无"),
    "edit": ("Correct this hand", "修改这一局"),
    "delete": ("Delete this hand", "删除这一局"),
    "confirm_delete": ("Delete hand {n}? Totals after it are recomputed.", "删除第{n}局？之后的总分会重算。"),
    # result
    "over": ("Match over", "本场结束"),
    "the_pig": ("The pig: {names} ({total})", "猪：{names}（{total}）"),
    "winner": ("Winner: {names} ({total})", "赢家：{names}（{total}）"),
    "winners": ("Winners: {names} ({total})", "赢家：{names}（{total}）"),
    "rematch": ("New match, same players", "同样的玩家再来一场"),
    "and": (" and ", "和"),
    # tools
    "tools": ("Save and share", "保存与分享"),
    "copy": ("Copy summary", "复制摘要"),
    "share": ("Share…", "分享…"),
    "copied": ("Summary copied — paste it in your chat.", "摘要已复制，可以粘贴到聊天里。"),
    "copy_failed": ("Could not copy; select the text below instead.", "无法复制，请直接选中下面的文字。"),
    "summary": ("Summary text", "摘要文字"),
    "export": ("Export (JSON)", "导出（JSON）"),
    "image": ("Save picture", "保存图片"),
    "import": ("Import (JSON)", "导入（JSON）"),
    "exported": ("Saved {file}.", "已保存 {file}。"),
    "imported": ("Imported the match of {names} ({n} hands).", "已导入 {names} 的记分（{n}局）。"),
    "import_refused": ("Import refused: {reason} Your current match is unchanged.",
                       "导入被拒绝：{reason} 当前记分没有改变。"),
    "confirm_import": ("Replace the current match ({n} hands) with the imported one?",
                       "用导入的记分替换当前记分（{n}局）？"),
    "replace": ("Replace", "替换"),
    "confirm_new": ("Start a new match? The current one is replaced (export it first to keep it).",
                    "开始新的一场？当前记分会被替换（想保留请先导出）。"),
    "storage_broken": ("The saved match could not be read; it was set aside and a new one started.",
                       "保存的记分无法读取，已另存并重新开始。"),
    "storage_failed": ("This browser did not let the page save; export the match to keep it.",
                       "浏览器不允许保存；请导出记分以免丢失。"),
    "offline_note": ("Everything stays on this device; works offline once loaded.",
                     "所有数据只保存在本机；加载后可离线使用。"),
    # The player's statistics (web/ui/stats.py, web/ui/stats_dialog.py).
    "stats": ("Statistics", "统计"),
    "stats_title": ("Your statistics", "你的统计"),
    "stats_kept": ("Kept in this browser only, counted when a hand ends.", "只保存在本浏览器中，每局结束时计入。"),
    "stats_reset": ("Your statistics could not be read and were reset.", "统计数据无法读取，已重置。"),
    "stats_bots": ("Bots", "机器人"),
    "stats_rules": ("Rules", "规则"),
    "stats_all": ("All", "全部"),
    "stats_hands": ("Hands played", "已打局数"),
    "stats_hands_won": ("Hands won (best score at the table)", "赢的局数（全桌最高分）"),
    "stats_matches": ("Matches played", "已打场数"),
    "stats_matches_won": ("Matches won", "赢的场数"),
    "stats_average": ("Average points per hand", "每局平均得分"),
    "stats_pig": ("Took the pig", "收到猪"),
    "stats_moons": ("Shot the moon", "收全红心"),
    "stats_moons_against": ("Moon shot against you", "被别人收全红心"),
    "stats_exposures": ("Cards exposed", "亮牌张数"),
    "stats_exposure_points": ("Points your exposures made", "亮牌带来的得分差"),
    "stats_take_backs": ("Cards taken back", "悔牌次数"),
    "stats_rate": ("{n} ({pct}%)", "{n}（{pct}%）"),
    "stats_chart": ("Your recent hand scores ({n})", "你最近的得分（{n}局）"),
    "stats_chart_alt": ("Your recent hand scores, oldest first: {scores}. Best {best}, worst {worst}.",
                        "你最近的得分（从早到晚）：{scores}。最高{best}，最低{worst}。"),
    "stats_chart_none": ("No hand finished yet.", "还没有打完的局。"),
    "stats_export": ("Export save and statistics", "导出存档和统计"),
    "stats_import": ("Import…", "导入…"),
    "stats_reset_button": ("Reset statistics…", "重置统计…"),
    "stats_reset_confirm": ("Reset all your statistics? This cannot be undone.", "重置你的全部统计？此操作无法撤销。"),
    "stats_reset_yes": ("Reset", "重置"),
    "stats_reset_done": ("Statistics reset.", "统计已重置。"),
    "stats_import_bad": ("Import refused: the file is not a Gong Zhu save or its statistics are damaged. "
                         "Nothing was changed.", "导入被拒绝：该文件不是拱猪存档，或其中的统计已损坏。没有任何改动。"),
    "stats_import_match_bad": ("Import refused: the file's match cannot be played ({reason}). Nothing was changed.",
                               "导入被拒绝：文件中的牌局无法继续（{reason}）。没有任何改动。"),
    "stats_import_confirm": ("Replace your current match and statistics with the file's?",
                             "用文件中的牌局和统计替换当前的？"),
    "stats_import_confirm_stats": ("Replace your statistics with the file's?", "用文件中的统计替换当前的？"),
    "stats_import_confirm_match": ("Replace your current match with the file's? (It has no statistics: yours stay.)",
                                   "用文件中的牌局替换当前的？（文件里没有统计，你的统计保持不变。）"),
    "stats_imported": ("Imported.", "已导入。"),
    # The embeds (web/embed/).
    "calculator": ("Gong Zhu scoring calculator", "拱猪计分器"),
    "replay": ("Gong Zhu replay", "拱猪牌局回放"),
    "puzzle": ("Gong Zhu puzzle", "拱猪残局题"),
    "game": ("Gong Zhu", "拱猪"),
    "specials": ("Pig, sheep and transformer", "猪、羊、变压器"),
    "hearts": ("Hearts", "红心"),
    "embed_exposed": ("Exposed (亮牌)", "亮牌"),
    "exposed_card": ("{card} exposed", "{card}已亮"),
    "exposed_word": ("exposed", "已亮"),
    "embed_preset": ("House rules", "规则"),
    "score": ("Hand score:", "本局得分："),
    "tap_cards": ("Tap the cards the player captured.", "点选该玩家吃进的牌。"),
    "embed_seat_0": ("South", "南"),
    "embed_seat_1": ("East", "东"),
    "embed_seat_2": ("North", "北"),
    "embed_seat_3": ("West", "西"),
    "replay_start": ("Start", "开始"),
    "replay_prev": ("Previous", "上一步"),
    "replay_next": ("Next", "下一步"),
    "replay_play": ("Play", "播放"),
    "replay_pause": ("Pause", "暂停"),
    "replay_end": ("End", "结束"),
    "step_start": ("Before the first trick", "第一墩之前"),
    "step_trick": ("Trick {n} of 13", "第{n}墩（共13墩）"),
    "step_card": ("Trick {n} of 13, card {c}", "第{n}墩，第{c}张"),
    "wins": ("{seat} wins the trick", "{seat}赢得这一墩"),
    "embed_leads": ("{seat} leads", "{seat}先出"),
    "embed_to_play": ("{seat} to play", "轮到{seat}出牌"),
    "hand_over": ("Hand over", "本局结束"),
    "checking": ("Checking the moves with the engine…", "正在用引擎核对出牌…"),
    "checked": ("Every move checked by the engine.", "所有出牌均已经引擎核对。"),
    "check_failed": ("The replay stops before an illegal move. {message}", "回放在一步违规出牌前停止。{message}"),
    "engine_missing": ("The engine could not check the moves: {message}", "引擎无法核对出牌：{message}"),
    "embed_cards_left": ("{n} cards", "{n}张"),
    "card_left": ("1 card", "1张"),
    "question": ("You are {seat}, trick {n}: what do you play?", "你是{seat}家，第{n}墩：出哪张牌？"),
    "pick": ("Pick a card.", "请选一张牌。"),
    "embed_thinking": ("The engine is getting ready…", "引擎准备中…"),
    "right": ("Right! {card} is the answer.", "答对了！答案是{card}。"),
    "wrong": ("Not quite: the answer is {card}.", "不对：答案是{card}。"),
    "answer_of_bot": ("(the choice of the {bot} bot)", "（{bot}级机器人的选择）"),
    "bot_weighing": ("You picked {card}. The strongest bot is weighing its answer…",
                     "你选了{card}。最强的机器人正在思考答案…"),
    "outcome": ("Played out by bots from here:", "由机器人打完本局："),
    "outcome_line": ("After {card}: {scores}", "出{card}后：{scores}"),
    "your_seat_hand": ("{seat}'s hand", "{seat}家的手牌"),
    "try_again": ("Try again", "再试一次"),
    "bad_params": ("This embed cannot show that: {message}", "无法显示：{message}"),
    "embed_engine_failed": ("The game engine failed to start: {message}", "游戏引擎启动失败：{message}"),
    "loading": ("Loading…", "加载中…"),
    "open_game": ("Loading the game…", "正在加载游戏…"),
    # The hand review (web/ui/review.py, gongzhu/review.py): issue 24, part 2.
    "review": ("Review", "复盘"),
    "review_title": ("Review of hand {n}", "第{n}局复盘"),
    "review_getting_ready": ("The expert is getting ready: the review starts as soon as it is.",
                             "专家正在准备：准备好后立即开始复盘。"),
    "review_unavailable": ("The review needs the expert, which could not load ({message}).",
                           "复盘需要专家机器人，但它未能加载（{message}）。"),
    "review_failed": ("The review stopped: {message}", "复盘出错停止：{message}"),
    "review_progress": ("Reviewing decision {i} of {n}…", "正在复盘第 {i} 个决定（共 {n} 个）…"),
    "review_stopped": ("Stopped: {i} of {n} decisions reviewed.", "已停止：已复盘 {i} 个决定（共 {n} 个）。"),
    "review_done": ("All {n} decisions reviewed.", "{n} 个决定已全部复盘。"),
    "review_none": ("You made no decision in this hand.", "这一局你没有做任何决定。"),
    "review_stop": ("Stop", "停止"),
    "review_continue": ("Continue", "继续"),
    "review_total": ("Expected points lost in this hand: {points} ({costly} costly decisions).",
                     "这一局预计丢分：{points}（{costly} 个代价大的决定）。"),
    "review_total_one": ("Expected points lost in this hand: {points} ({costly} costly decision).",
                         "这一局预计丢分：{points}（{costly} 个代价大的决定）。"),
    "review_total_so_far": ("Expected points lost so far: {points} ({costly} costly decisions).",
                            "目前预计丢分：{points}（{costly} 个代价大的决定）。"),
    "review_total_so_far_one": ("Expected points lost so far: {points} ({costly} costly decision).",
                                "目前预计丢分：{points}（{costly} 个代价大的决定）。"),
    "review_intro": ("For each of your decisions, the expert weighs what you knew at that moment, never "
                     "the hidden cards; those costing {costly} or more expected points are marked.",
                     "专家只根据你当时知道的信息（从不看别人的牌）评估你的每个决定；"
                     "预计丢分 {costly} 分或以上的会被标出。"),
    "review_pass": ("Pass: {cards}", "传牌：{cards}"),
    "review_expose": ("Exposure: {cards}", "亮牌：{cards}"),
    "review_expose_none": ("Exposure: none", "亮牌：不亮"),
    "review_play": ("Trick {n}: you played {card}", "第 {n} 墩：你出了 {card}"),
    "review_trick": ("{cards}, won by {name}", "{cards}，{name}赢"),
    "review_best": ("The best choice", "最佳选择"),
    "review_only": ("Your only legal card", "唯一能出的牌"),
    "review_better": ("Better: {best} · {cost} expected points lost", "更好：{best} · 预计丢 {cost} 分"),
    "review_better_one": ("Better: {best} · {cost} expected point lost", "更好：{best} · 预计丢 {cost} 分"),
    "review_score": ("Expected hand score {score}", "预计本局得分 {score}"),
    "review_scores": ("Expected hand score {score} (best {best})", "预计本局得分 {score}（最佳 {best}）"),
    "review_costly": ("Costly", "代价大"),
    "review_nothing": ("nothing", "不亮"),
    "review_retry": ("Try again from here", "从这里重来"),
    # Online rooms: play with friends (room.py).
    "room_open": ("Play with friends", "和朋友玩"),
    "room_title": ("Play with friends", "和朋友一起玩"),
    "room_opening": ("Opening the room…", "正在打开房间…"),
    "room_link_note": ("Send this link to up to three friends (or let them scan the code):",
                       "把这个链接发给最多三位朋友（或让他们扫码）："),
    "room_copy": ("Copy the link", "复制链接"),
    "room_connecting": ("Connecting to the room…", "正在连接房间…"),
    "room_seats": ("Seats", "座位"),
    "room_the_host": ("the host", "房主"),
    "room_empty_bot": ("Bot", "机器人"),
    "room_move_to": ("Move {player} to", "把{player}移到"),
    "room_rules": ("House rules", "规则"),
    "room_rules_mine": ("My house rules (Settings)", "我的规则（设置）"),
    "room_start": ("Start the match", "开始对局"),
    "room_need_guest": ("Waiting for a friend to take a seat…", "等待朋友入座…"),
    "room_offline_host": ("This device is offline: friends can join once it is back online (or pair by codes on the "
                          "same network).", "此设备已离线：恢复联网后朋友才能加入（或在同一网络中用配对码连接）。"),
    "room_offline_guest": ("This device is offline: the room is found once it is back online.",
                           "此设备已离线：恢复联网后才能找到房间。"),
    "room_load_failed": ("The room could not be opened: the connection dropped while it loaded. Try again (the page "
                         "also does once this device is back online).",
                         "无法打开房间：加载时网络断开了。请再试一次（设备恢复联网后也会自动重试）。"),
    "room_load_failed_host": ("The room could not be opened: the connection dropped while it loaded. Reload the page "
                              "to try again; your match is kept.",
                              "无法打开房间：加载时网络断开了。请刷新页面再试，对局会保留。"),
    "room_name": ("Your name (up to {n} characters)", "你的名字（最多 {n} 个字符）"),
    "room_host_name": ("Your name at the table (up to {n} characters)", "你在牌桌上的名字（最多 {n} 个字符）"),
    "room_take_seat": ("Take a seat", "入座"),
    "room_joining": ("Looking for the host…", "正在寻找房主…"),
    "room_not_seated": ("The host could not seat you: {reason}.", "房主无法为你安排座位：{reason}。"),
    "room_host_slow": ("Still looking for the host. Is the host's page still open? If the room never appears, your "
                       "networks may not reach each other through the relays: the host can pair with you by codes "
                       "(“{pair}”).",
                       "仍在寻找房主。房主的页面还开着吗？如果一直找不到房间，可能是双方网络无法通过中转互通："
                       "房主可以用配对码和你连接（“{pair}”）。"),
    "room_seated": ("You sit at the table. Waiting for the host to start…", "你已入座，等待房主开始…"),
    "room_full": ("The room is full.", "房间已满。"),
    "room_refused": ("The host refused a message: {reason}", "房主拒绝了一条消息：{reason}"),
    "room_bad_name": ("Type a name of 1 to 24 characters.", "请输入 1 到 24 个字符的名字。"),
    "room_you": ("You", "你"),
    "room_bot_at": ("bot ({level})", "机器人（{level}）"),
    "room_dropped": ("{player} lost the connection; a bot plays for them.", "{player}断线了，由机器人代打。"),
    "room_back": ("{player} is back.", "{player}回来了。"),
    "room_left": ("{player} left the room; a bot plays for them.", "{player}离开了房间，由机器人代打。"),
    "room_host_gone": ("The host lost the connection. Keep this page open: the game goes on when the host "
                       "reopens the room.", "房主断线了。请保持此页面打开：房主重新打开房间后继续。"),
    "room_react": ("React", "表情"),
    "room_reacted": ("{player}: {emoji}", "{player}：{emoji}"),
    "room_leave": ("Leave the room", "离开房间"),
    "room_leave_short": ("Leave", "离开"),  # the same button where a phone held sideways has no room
    "room_end": ("Close the room", "关闭房间"),
    "room_left_you": ("You left the room.", "你离开了房间。"),
    "room_closed": ("The host closed the room.", "房主关闭了房间。"),
    "room_host_deals": ("The host deals the next hand.", "由房主发下一局。"),
    "room_host_starts": ("The host starts the next match.", "由房主开始下一场。"),
    "room_own_game": ("Back to your own game", "回到你自己的对局"),
    "room_turn": ("Turn: {player}", "轮到：{player}"),
    "room_players": ("At the table", "牌桌上"),
    "room_pair": ("No relay? Pair by codes", "无法中转？用配对码连接"),
    "room_pair_note": ("Your friend opens {link} and pastes the offer code (or scans its QR code); you paste "
                       "their answer code.",
                       "朋友打开 {link} 并粘贴邀请码（或扫描它的二维码）；你再粘贴朋友的回复码。"),
    "room_pair_make": ("Make an offer code", "生成邀请码"),
    "room_pair_offer_code": ("Offer code for your friend", "给朋友的邀请码"),
    "room_pair_answer_in": ("Your friend's answer code:", "朋友的回复码："),
    "room_pair_accept": ("Connect", "连接"),
    "room_pair_offer_in": ("Paste the host's offer code:", "粘贴房主的邀请码："),
    "room_pair_answer": ("Make my answer code", "生成我的回复码"),
    "room_pair_answer_code": ("Your answer code, for the host", "你的回复码（发给房主）"),
    "room_pair_bad": ("That code did not work: {message}", "这个码无法使用：{message}"),
    "room_copy_code": ("Copy the code", "复制代码"),
    "room_pair_offer_qr": ("The offer code as a QR code: a phone's camera opens the game with it",
                           "邀请码的二维码：用手机相机扫描即可打开游戏"),
    "room_pair_answer_qr": ("Your answer code as a QR code", "你的回复码的二维码"),
    "room_no_answer": ("The host did not answer.", "房主没有回应。"),
    "room_choose": ("Type your name and take a seat.", "输入你的名字，然后入座。"),
    "room_take_back_note": ("The match has started. If you played in it, take your seat back:",
                            "对局已经开始。如果你刚才在这局中，请取回你的座位："),
    "room_no_seat_free": ("The match has started and every seat is taken.", "对局已经开始，座位都已有人。"),
    "room_take_back": ("Take back {player}'s seat", "取回{player}的座位"),
    "room_took_back": ("{player} took their seat back ({place}) from another browser.",
                       "{player}从另一个浏览器取回了座位（{place}）。"),
    "room_reopened": ("Your room is open again: your friends come back with the same link.",
                      "你的房间已重新打开：朋友们用同一个链接回来。"),
}
# The presets' names, the same in the game and the score keeper (gongzhu.core.options.PRESET_NAMES),
# capitalised as labels.
for _name in PRESET_NAMES:
    _en, _zh = PRESET_NAMES[_name]
    STRINGS["preset_" + _name] = (_en[0].upper() + _en[1:], _zh)

def t(key, lang="en", **params):
    """The string `key` in `lang` ("en" or "zh"), its placeholders filled from `params`."""
    pair = STRINGS[key]
    text = pair[1] if lang == "zh" else pair[0]
    if params:
        return text.format(**params)
    return text


def t_count(key, lang, count, **params):
    """`t` for a sentence about `count` things: the string `key + "_one"` when `count` is 1 and it
    exists (English's singular), else `key`."""
    if count == 1 and key + "_one" in STRINGS:
        key = key + "_one"
    return t(key, lang, **params)


def rules_name(preset, lang):
    """A rule set's name as it stands in a sentence ("classic", "经典"): a preset's, else "custom"."""
    pair = PRESET_NAMES.get(preset)
    return (pair[1] if lang == "zh" else pair[0]) if pair else t("rules_custom", lang)


def seat_name(seat, lang, position):
    """A seat's name on screen: "You" for seat 0, else the compass point of its screen position."""
    if seat == 0:
        return t("seat_0", lang)
    return t("seat_" + position, lang)


def about(key, lang, seat, position, **params):
    """A sentence whose subject is a seat: the string `key` with `name` filled in, or, for the human's
    seat, `key + "_you"` where that exists (English verbs agree with "You": "You lead", not "You leads")."""
    if seat == 0 and key + "_you" in STRINGS:
        return t(key + "_you", lang, **params)
    return t(key, lang, name=seat_name(seat, lang, position), **params)


def level_name(level, lang):
    """A bot level's display name."""
    key = "level_" + str(level)
    if key in STRINGS:
        return t(key, lang)
    return str(level)


def card_label(code, lang, exposed=False, received=False):
    """A card's accessible name: "Queen of spades, exposed" / "黑桃Q，已亮"."""
    name = card_name(parse_card(code), lang)
    sep = "，" if lang == "zh" else ", "
    if exposed:
        name += sep + t("exposed", lang)
    if received:
        name += sep + t("received", lang)
    return name


def card_short(code):
    """A card as the page writes it in sentences: Q♠, 10♥ (the same in both languages)."""
    return card_symbol(parse_card(code))


def cards_short(codes, lang="en"):
    """Several cards for a sentence: "Q♠ 10♥"."""
    return " ".join([card_short(c) for c in codes])


def join_names(names, lang):
    """Names joined for a sentence: "East and West" / "东家、西家"."""
    if lang == "zh":
        return "、".join(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]

