"""Pictures' labels follow the channel's language where they are words (issue 15): the
words the Successors layout draws (province names, "VP", phase titles, the panel and the
key) come from render's own catalogue, render/locale/{es,ru}/LC_MESSAGES/render.po."""
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.service.types import Command
from core.games.successors.board import BOARD
from render import draw as draw_any
from render import i18n
from render import successors as R

from .test_render_successors_layout import collisions


@pytest.fixture(scope="module")
def mid():
    return R.sample_views()[1]


def test_a_spanish_picture_draws_spanish_words(mid):
    words = R.words(mid, lang="es")
    assert "TESALIA 2 PV" in words and "EGIPTO 6 PV" in words and "MACEDONIA 3 PV" in words
    assert {"Jugadores", "PV", "PL", "Leyenda", "Familia real", "Fuera del mapa", "Campeón"} <= set(words)
    assert any(w.startswith("Sucesores · Turno II") for w in words)
    assert any(w.startswith("Estrategia · ronda 3") for w in words)
    assert any("Usurpador" in w for w in words)
    # none of the English words of the same picture is left
    assert not {"Players", "VP", "Key", "Royal family", "Off the map"} & set(words)
    assert not any(w.endswith(" VP") or w.startswith("THESSALY") for w in words)


def test_a_russian_picture_draws_russian_words(mid):
    words = R.words(mid, lang="ru")
    assert "ФЕССАЛИЯ 2 ПО" in words and "ЕГИПЕТ 6 ПО" in words
    assert {"Игроки", "ПО", "ОЛ", "Легенда", "Царская семья"} <= set(words)
    assert any(w.startswith("Диадохи · Ход II") for w in words)


def test_english_stays_the_default(mid):
    words = R.words(mid)
    assert words == R.words(mid, lang="en") == R.words(mid, lang="fr")     # unknown: English
    assert "THESSALY 2 VP" in words and "Players" in words


def test_region_header_follows_the_language(mid):
    words = R.words(mid, region="greece", lang="es")
    assert "Grecia y el Egeo" in words and any("Turno II" in w for w in words)


def test_spanish_and_russian_maps_lay_out_without_collisions(mid):
    for lang in ("es", "ru"):
        R.draw(mid, lang=lang)
        overlaps, cut, far = collisions_in(mid, lang)
        assert not overlaps and not cut and not far, lang


def collisions_in(view, lang):
    original = R.layout
    R.layout = lambda v, region=None, width=None: original(v, region, width, lang)
    try:
        return collisions(view, None)
    finally:
        R.layout = original


def test_the_platform_passes_the_language(mid):
    """render.draw hands `lang` to the drawer: the Spanish picture differs from the English."""
    assert draw_any("successors", mid, None, lang="es").tobytes() != draw_any("successors", mid, None).tobytes()


def test_every_word_the_drawer_translates_is_in_both_catalogues():
    """Every literal passed to tr(...) in render/successors/, every province name and the
    short names, the region titles and the independent armies have a Spanish and a Russian
    translation (a missing one would be drawn in English)."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in sorted(Path(R.__file__).parent.glob("*.py")))
    ids = set(re.findall(r'\btr\("([^"]+)"\)', source)) | set(re.findall(r"\btr\('([^']+)'\)", source))
    ids |= {p["name"] for p in BOARD.provinces.values()} | set(R.CONF["province_short"].values())
    ids |= {r["title"] for r in R.REGIONS.values()} | set(R.PHASES.values())
    ids |= {a["name"] for a in BOARD.indep_armies.values()} - {"Ariarathes"}      # a man's name stays
    ids |= {f"{s} segment" for s in ("activation", "forage", "surrender", "tyche")}
    ids |= set(BOARD.colours.values())
    assert len(ids) > 60
    for lang in ("es", "ru"):
        tr = i18n.translator(lang)
        same = {"Macedonia", "Armenia", "Mesopotamia", "Media", "Susiana"} if lang == "es" else set()
        missing = sorted(i for i in ids if tr(i) == i and i not in same)
        assert not missing, (lang, missing)


def test_the_service_draws_the_channels_language(service):
    """Issue 15 through the service: /map in a Spanish channel draws the Spanish picture,
    cached under its own key (a channel's language change never serves the English one)."""
    def say(channel, user, text):
        return service.handle(Command("t", channel, user, text, name=user))

    pictures = {}
    for channel, lang in (("en-chan", None), ("es-chan", "es")):
        if lang:
            say(channel, "alice", f"/lang {lang}")
        say(channel, "alice", "/new successors seed=7")
        say(channel, "alice", "/join")
        say(channel, "bob", "/join")
        assert say(channel, "alice", "/start").ok
        picture = say(channel, "alice", "/map").image
        pictures[channel] = picture
    assert ":es:" in pictures["es-chan"].key and ":en:" in pictures["en-chan"].key   # bot/service/pictures.py
    assert pictures["es-chan"].render() != pictures["en-chan"].render()


def test_both_catalogues_hold_the_same_words_all_translated():
    """render/locale/{es,ru}: the same message ids, none left empty, and the fields of a
    template ({name}, {n}) kept in its translation."""
    catalogues = {}
    for lang in ("es", "ru"):
        with i18n.po_path(lang).open("rb") as handle:
            catalogues[lang] = {m.id: m.string for m in read_po(handle) if m.id}
    assert catalogues["es"].keys() == catalogues["ru"].keys()
    for lang, messages in catalogues.items():
        for msgid, text in messages.items():
            assert text, (lang, msgid)
            assert set(re.findall(r"\{\w+\}", msgid)) == set(re.findall(r"\{\w+\}", text)), (lang, msgid)
