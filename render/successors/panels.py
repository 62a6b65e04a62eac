"""The words beside the map, each a panel `block` built from the view only: the side panel
(turn and order, players, off-map boxes, royal family, activation, last battle, key) and
where its blocks stand, a region crop's header, and the private "Your hand" block."""
from __future__ import annotations

import textwrap
from functools import lru_cache

from PIL import Image, ImageDraw

from core.game import without_seat_refs
from core.games.successors.battles import BATTLE_AT
from core.games.successors.board import BOARD
from core.message import Msg, kept
from render.fonts import font
from render.i18n import translator
from render.successors.colours import GOLD, INK, PANEL_BG, PANEL_LINE, WHITE, ink_on, seat_colour
from render.successors.geometry import CONF, REGIONS, Frame
from render.successors.pieces import CU_LETTER, ROYAL_TAG, activation_marks, general_name
from render.successors.sprites import chip, key_sprite, text_sprite

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}
PHASES = {"preparations": "Preparations", "reinforcement": "Reinforcement", "reinforcements": "Reinforcement",
          "strategy": "Strategy", "end_of_turn": "End of Turn", "scoring": "Scoring", "over": "Game over"}


def _seg(text, fg=INK, bg=None, bold=False):
    return (str(text), fg, bg, bold)


def _wrap(text: str, size: int, bold: bool, room: int) -> list[str]:
    """`text` in lines of at most `room` pixels (a word longer than that on its own)."""
    f = font(size, bold)
    lines, line = [], ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if line and f.getlength(trial) > room:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + [line]


@lru_cache(maxsize=512)
def block(rows: tuple, width: int | None, u: float, cols: tuple | str | None = None,
          height: int | None = None) -> Image.Image:
    """A panel block: rows of segments (text, colour, chip colour or None, bold), first row
    a title; a text starting with NUL is a legend sample (`key_sprite`). `cols` puts the
    i-th segment of every row but the title at x = cols[i] (UI px), or, "auto", in columns
    as wide as their widest segment (a table whose words change with the language). In a
    block of fixed `width`, a text too long wraps word by word and a chip that does not fit
    goes on the next line under the row's second segment. Cached by content, so an
    unchanged block costs one paste."""
    size = max(10, round(12 * u))
    pad = max(4, round(6 * u))
    gap = max(3, round(4 * u))
    lh = size + max(4, round(5 * u))

    def sprite(i: int, text: str, fg, bg, bold) -> Image.Image:
        if text.startswith("\x00"):
            return key_sprite(text[1:], u)
        if bg is not None:
            return chip(text, bg, fg, size - 1, max(2, round(3 * u)))
        return text_sprite(text, size + (1 if i == 0 else 0), fg, bold or i == 0)

    col_px = None
    if cols == "auto":
        widths: dict[int, int] = {}
        for i, row in enumerate(rows[1:], 1):
            if len(row) < 2:
                continue                # a line of its own (the key's last rows) sets no column
            for j, seg in enumerate(row):
                widths[j] = max(widths.get(j, 0), sprite(i, *seg).width)
        col_px, x = [], 0
        for j in range(len(widths)):
            col_px.append(x)
            x += widths[j] + gap + max(2, round(3 * u))
    elif cols:
        col_px = [round(c * u) for c in cols]
    laid = []
    right = 0
    for i, row in enumerate(rows):
        x = pad
        items = []
        indent = pad
        for j, (text, fg, bg, bold) in enumerate(row):
            if col_px and i and j < len(col_px):
                x = pad + col_px[j]
            if j == 1:
                indent = x
            spr = sprite(i, text, fg, bg, bold)
            if width and x + spr.width > width - pad:
                if bg is None and not text.startswith("\x00") and " " in text:
                    # a text too long goes on under itself, word by word
                    txt_size, txt_bold = size + (1 if i == 0 else 0), bold or i == 0
                    lines = _wrap(text, txt_size, txt_bold, width - pad - x)
                    for line in lines[:-1]:
                        items.append((text_sprite(line, txt_size, fg, txt_bold), x))
                        laid.append(items)
                        items = []
                    spr = text_sprite(lines[-1], txt_size, fg, txt_bold)
                elif items and j > 1:
                    # a chip (or a word) that does not fit: the next line, under the second segment
                    right = max(right, x - gap)
                    laid.append(items)
                    items, x = [], indent
            items.append((spr, x))
            x += spr.width + gap
        right = max(right, x - gap)
        laid.append(items)
    width = width or right + pad
    h = height or pad * 2 + lh * len(laid)
    img = Image.new("RGB", (width, h), PANEL_BG)
    ImageDraw.Draw(img).rectangle([0, 0, width - 1, h - 1], outline=PANEL_LINE)
    y = pad
    for items in laid:
        for spr, x in items:
            img.paste(spr, (x, y + (lh - spr.height) // 2), spr)
        y += lh
    return img


def panel_blocks(view: dict, tr=translator(None)) -> dict[str, tuple]:
    """The panel's blocks, each a tuple of rows, from the public view only, their words
    through `tr` (`render.i18n.translator`), the rules' kept messages through `tr.say`."""
    sm = view.get("summary") or {}
    seats = list(view.get("seats") or [])
    players = sm.get("players") or {}
    turn = sm.get("turn", view.get("turn"))
    phase = sm.get("phase", view.get("phase"))
    rnd = sm.get("round", view.get("round"))
    seg = sm.get("segment", view.get("segment"))
    head = [(_seg(tr("Successors · Turn {turn}").format(turn=ROMAN.get(turn, turn)), bold=True),)]
    where = [_phase(phase, tr)]
    if rnd:
        where.append(tr("round {n}").format(n=rnd))
    line = [_seg(" · ".join(where))]
    result = view.get("result")
    if result:
        line = [_seg(tr("Game over: {winner} wins ({reason})").format(
            winner=result.get("winner"), reason=tr.say(kept(result.get("reason", ""))))[:70], bold=True)]
    head.append(tuple(line))
    if seg and not result:          # a line of its own: the strip stays narrow in every language
        head.append((_seg(tr(f"{seg} segment")),))
    order = sm.get("order") or view.get("order") or seats
    first = sm.get("first_player", view.get("first"))
    usurper = sm.get("usurper", view.get("usurper"))
    row = [_seg(tr("Order:"))]
    for s in order:
        c = seat_colour(s, view)
        tag = s + (f" {tr('1st')}" if s == first else "") + (f" {tr('Usurper')}" if s == usurper else "")
        row.append(_seg(tag, ink_on(c), c))
    if sm.get("direction") or view.get("direction"):
        row.append(_seg(f"({tr(str(sm.get('direction') or view.get('direction')))})"))
    head.append(tuple(row))
    head.append((_seg(tr("Deck {deck} · discard {discard} · table {table}").format(
        deck=sm.get("deck", view.get("deck", "?")), discard=sm.get("discard", "?"),
        table=sm.get("table_cards", view.get("table", "?"))), (90, 90, 90)),))
    table = [(_seg(tr("Players"), bold=True),),
             (_seg(""), *(_seg(tr(word), bold=True) for word in ("VP", "LP", "status", "cards", "FS", "CUs")))]
    for s in seats:
        pl = players.get(s, {})
        c = seat_colour(s, view)
        hand = pl.get("hand")
        if hand is None:
            h = (view.get("p") or {}).get(s, {}).get("hand")
            hand = h if isinstance(h, int) else len(h or [])
        status = tr("Champion" if pl.get("status") == "champion" else "Diadochos")
        table.append((_seg(f"{s} {tr(BOARD.colours.get(s, ''))}", ink_on(c), c),
                      _seg(pl.get("vp", "?"), bold=True), _seg(pl.get("legitimacy", "?"), bold=True),
                      _seg(status), _seg(hand), _seg(pl.get("fleets", "?")),
                      _seg(f"{pl.get('cus', '?')}" + (f" ({pl['royal_cus']}R)" if pl.get("royal_cus") else ""))))
    blocks = {"turn": tuple(head), "players": tuple(table)}
    # off-map boxes: Dispersed, reserve, dead, independents' holding boxes
    off = [(_seg(tr("Off the map"), bold=True),)]
    gens = view.get("gens") or {}
    # the minor generals in reserve, one row for every player; a row per player only for
    # what is Dispersed (rarer, and longer)
    reserve = [_seg(tr("Reserve (minor):"))]
    for s in seats:
        c = seat_colour(s, view)
        n = sum(1 for g, d in gens.items() if d.get("o") == s and d.get("at") == "reserve")
        reserve.append(_seg(f"{s} {n}", ink_on(c), c))
    off.append(tuple(reserve))
    for s in seats:
        disp = [general_name(g) for g, d in gens.items() if d.get("o") == s and d.get("at") == "dispersed"]
        cus = (view.get("p") or {}).get(s, {}).get("disp") or {}
        cu = " ".join(f"{n}{CU_LETTER.get(k, k)}" for k, n in sorted(cus.items()) if n)
        if disp or cu:
            c = seat_colour(s, view)
            off.append((_seg(s, ink_on(c), c),
                        _seg(tr("Dispersed: {list}").format(list=", ".join(disp + ([cu] if cu else []))))))
    dead = [general_name(g) for g, d in gens.items() if d.get("at") == "dead"]
    if dead:
        off.append((_seg(tr("Dead: {list}").format(list=", ".join(dead))),))
    ind = []
    for army, at in sorted((view.get("indep") or {}).items()):
        name = tr(BOARD.indep_armies.get(army, {}).get("name", army))
        if at == "box":
            ind.append(tr("{name} in box").format(name=name))
        elif at == "removed":
            ind.append(tr("{name} gone").format(name=name))
    for i in range(0, len(ind), 2):
        off.append((_seg("; ".join(ind[i:i + 2])),))
    blocks["offmap"] = tuple(off)
    # royal family and the body
    roy = [(_seg(tr("Royal family"), bold=True),)]
    for r, d in (view.get("royals") or {}).items():
        spec = BOARD.royals.get(r, {})
        name = ROYAL_TAG.get(r, r)
        st = d.get("st")
        at = BOARD.spaces[d["at"]]["name"] if d.get("at") in BOARD.spaces else (d.get("at") or st)
        ctrl = None
        for nm, info in (sm.get("royals") or {}).items():
            if nm == spec.get("name"):
                ctrl = info.get("controller")
        c = seat_colour(ctrl, view) if ctrl else None
        row = [_seg(name, INK, GOLD if st == "active" else (214, 214, 214)),
               _seg(f"{spec.get('lp', '?')} {tr('LP')} {at}" + ("" if st in ("active",) else f" ({tr(str(st))})"))]
        if ctrl:
            row.append(_seg(ctrl, ink_on(c), c))
        roy.append(tuple(row))
    b = view.get("body") or {}
    if b:
        at = BOARD.spaces[b["at"]]["name"] if b.get("at") in BOARD.spaces else b.get("at")
        where = tr("at {at}").format(at=at) if at else tr("left the game")   # §9.6.7: never buried
        roy.append((_seg(tr("Tomb" if b.get("st") == "tomb" else "Cart"), WHITE, (140, 90, 40)), _seg(where)))
    blocks["royals"] = tuple(roy)
    # the activation (in progress, else the last) and what its marks on the map mean
    marks = activation_marks(view)
    if marks:
        blocks["activation"] = activation_rows(marks, view, tr)
    battle = view.get("last_battle")
    if isinstance(battle, dict):
        at = battle.get("space")
        rows = [(_seg(tr("Last battle"), bold=True),)]
        if at in BOARD.spaces:
            rows.append((_seg(BOARD.spaces[at]["name"]),))
        said = battle_line(battle.get("text") or battle.get("result") or "", at)
        said = without_seat_refs(tr.say(said))      # the picture names seats by their letters
        rows.append((_seg(textwrap.shorten(said, 120, placeholder=" …")),))  # wrapped by `block`
        blocks["battle"] = tuple(rows)
    blocks["legend"] = legend_rows(tr)
    return blocks


def activation_rows(marks, view: dict, tr) -> tuple:
    """The activation's block: whose, where it went, and a legend of its marks on the map
    (only the marks drawn: the path by land and by sea, a battle, an assault)."""
    c = seat_colour(marks.seat, view)
    title = tr("Last activation") if marks.done else tr("Activation")
    rows = [(_seg(title, bold=True), _seg(marks.seat or "?", ink_on(c), c))]
    names = [BOARD.spaces[s]["name"] for s in marks.path]
    if names:
        rows.append((_seg(" → ".join(names) if len(names) <= 3 else tr("{first} → … → {last} ({n} moves)").format(
            first=names[0], last=names[-1], n=len(names) - 1)),))
    rgb = ",".join(map(str, c))
    sample = []
    if any(not sea for _, _, sea in marks.steps):
        sample += [_seg(f"\x00mark:march:{rgb}"), _seg(tr("march"))]
    if any(sea for _, _, sea in marks.steps):
        sample += [_seg(f"\x00mark:sea:{rgb}"), _seg(tr("by sea"))]
    if sample:
        rows.append(tuple(sample))
    for key, spaces, word in (("battle", marks.battles, "battle at {spaces}"),
                              ("assault", marks.assaults, "assault on {spaces}")):
        if spaces:
            rows.append((_seg(f"\x00mark:{key}"),
                         _seg(tr(word).format(spaces=", ".join(BOARD.spaces[s]["name"] for s in spaces)))))
    return tuple(rows)


def battle_line(text, at: str | None):
    """The last battle's line without the space the block names on its first line: a message's
    own field (`BATTLE_AT`'s `text`); a game set up before issue 36 kept it in English, where the
    space is its first words."""
    said = kept(text)
    if isinstance(said, Msg) and said.id == BATTLE_AT:
        return said.args["text"]
    if at in BOARD.spaces and not isinstance(said, Msg) and said.startswith(f"Battle at {BOARD.spaces[at]['name']}: "):
        return type(said)(said.split(": ", 1)[1])
    return said


def legend_rows(tr=translator(None)) -> tuple:
    """The key's rows, its words through `tr`: two samples a row, so that the longer words
    of Spanish and Russian keep the strip of blocks within the picture."""
    return (
        (_seg(tr("Key"), bold=True),),
        (_seg("\x00MAJ"), _seg(tr("Major")), _seg("\x00MIN"), _seg(tr("Minor"))),
        (_seg("\x00STR"), _seg(tr("Strongh.")), _seg("\x00TRN"), _seg(tr("Transit"))),
        (_seg("\x00MIN:port"), _seg(tr("port")), _seg("\x00land"), _seg(tr("road"))),
        (_seg("\x00pass"), _seg(tr("pass")), _seg("\x00strait"), _seg(tr("strait"))),
        (_seg("\x00sea"), _seg(tr("sea lane")), _seg("\x00trans"), _seg(tr("trans-Med."))),
        (_seg("R", INK, GOLD), _seg(tr("Royal")), _seg("S", INK, (200, 205, 215)), _seg(tr("Silver Shields"))),
        (_seg(tr("L Loyal Macedonian")),),
        (_seg(tr("M Mercenary  E Elephant")),),
        (_seg(tr("I Independent")),),
    )


LEGEND_ROWS = legend_rows()


def _phase(phase, tr) -> str:
    """A phase's name as the panel shows it."""
    return tr(PHASES.get(phase, str(phase).replace("_", " ").title()))


def panel_layout(view: dict, f: Frame, tr=translator(None)) -> list[tuple]:
    """The side panel's blocks and where they go: a strip along the bottom edge (over the
    open sea), and blocks stacked in the empty north-east corner (regions.json
    "panels"). [(name, sprite, (x, y))]; counters are placed clear of them."""
    blocks = panel_blocks(view, tr)
    conf = CONF["panels"]
    gap = f.k(6)
    out = []
    x = gap
    for name in conf["strip"]:
        if name in blocks:
            spr = block(blocks[name], None, f.u, "auto" if name in ("players", "legend") else None)
            if name == "turn" and spr.width > f.k(230):
                # the turn block at most 230 UI px wide: its order row wraps (5 players, Russian)
                spr = block(blocks[name], f.k(230), f.u)
            out.append((name, spr, (x, f.size[1] - gap - spr.height)))
            x += spr.width + gap
    # each slot takes its blocks while they fit in its box; a block that does not goes on
    # to the next slot, and the last slot takes what is left whatever its height
    slots = conf["slots"]
    queue: list[str] = []
    for i, slot in enumerate(slots):
        x0, y = f.ipx(*slot["box"][:2])
        x1, y1 = f.ipx(*slot["box"][2:])
        y = max(y, gap)
        waiting, queue = queue + [n for n in slot["blocks"] if n in blocks], []
        for name in waiting:
            spr = block(blocks[name], min(x1, f.size[0] - gap) - x0, f.u)
            if y + spr.height > y1 and i < len(slots) - 1:
                queue.append(name)
                continue
            out.append((name, spr, (x0, y)))
            y += spr.height + gap
    return out


def header_rows(view: dict, f: Frame, tr=translator(None)) -> tuple:
    """A region crop's header: its title, turn, phase and round; each player's VP and LP."""
    sm = view.get("summary") or {}
    players = sm.get("players") or {}
    turn = sm.get("turn", view.get("turn"))
    title = (_seg(tr(REGIONS[f.name]["title"]), bold=True),
             _seg(f"· {tr('Turn {turn}').format(turn=ROMAN.get(turn, turn))} · {_phase(sm.get('phase'), tr)}"
                  + (f" · {tr('round {n}').format(n=sm['round'])}" if sm.get("round") else ""), bold=True))
    row = []
    for s in view.get("seats") or []:
        c = seat_colour(s, view)
        pl = players.get(s, {})
        row.append(_seg(f"{s} {pl.get('vp', '?')} {tr('VP')} {pl.get('legitimacy', '?')} {tr('LP')}", ink_on(c), c))
    return title, tuple(row)


def own_seat(view: dict, seat: str | None) -> str | None:
    """`seat` when `view` is that seat's private view (its hand a list of cards), else None."""
    hand = ((view.get("p") or {}).get(seat) or {}).get("hand") if seat else None
    return seat if isinstance(hand, list) else None


def hand_rows(view: dict, seat: str | None, tr=translator(None)) -> tuple:
    """The private "Your hand" block (§11: a hand is seen by its owner only): the seat's
    cards by number and name, the armed Surprise cards (§4.7) marked; () for a public view."""
    seat = own_seat(view, seat)
    if seat is None:
        return ()
    p = view["p"][seat]
    armed = set(p.get("armed") or ())
    c = seat_colour(seat)
    title = (_seg(tr("Your hand"), bold=True), _seg(f"{seat} {tr(BOARD.colours.get(seat, ''))}", ink_on(c), c),
             _seg(f"({tr('only you see this')})", (90, 90, 90)))
    cards = [_seg(tr("{n} cards:").format(n=len(p["hand"])))] if p["hand"] else [_seg(tr("no cards"))]
    for n in p["hand"]:
        name = f"#{n} {BOARD.cards[n]['name']}"       # as the card and /me name it
        if n in armed:
            cards.append(_seg(f"{name} · {tr('armed')}", INK, GOLD))
        else:
            cards.append(_seg(name, INK, (214, 214, 214)))
    return title, tuple(cards)

