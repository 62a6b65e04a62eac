"""Every numbered rule of a played game's spec is cited (`§n.m`) by a test of that game,
unless it is listed here with the reason it has no checkable effect."""
import re
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[1] / "docs" / "rules"   # copies of ../shared/rules
TESTS = Path(__file__).resolve().parent

NOT_CHECKABLE = {
    "infinity": {
        "0": "conventions", "0.1": "tags of the document", "0.2": "terms", "0.3": "the platform's contract",
        "1.1": "scope (prose)", "1.2": "out of scope", "15": "a state model, not a rule",
    },
    "successors": {
        "0.1": "tags of the document ([seed]/[designed]), not a rule",
        "13": "appendix listing the designed points of other sections",
        "14": "revision notes of the document",
    },
    "ludi": {
        "0": "conventions of the document", "0.1": "tags of the document ([seed]/[designed]), not a rule",
        "0.2": "definitions of terms (each is checked where a rule uses it)",
        "15": "a state model, not a rule",
    },
    "starcraft": {
        "0.1": "tags of the document ([seed]/[designed]), not a rule",
        "0.2": "fidelity statement about the document, not a rule",
        "12.3": "abort is the platform's /abort (creator or admin); the players' vote is not built",
    },
}


def numbered(spec: str) -> list[str]:
    """Section numbers of headings (`## 5.` / `### 2.5`), list clauses (`- 5.4 `) and bold
    paragraph clauses (`**5.6.1**`, `**1.3.1 Attributes.**`)."""
    found = set(re.findall(r"^- (\d+(?:\.\d+)+)\s", spec, re.M))
    found |= set(re.findall(r"^\*\*(\d+(?:\.\d+)+)[ .*]", spec, re.M))
    found |= set(re.findall(r"^#{2,4} (\d+(?:\.\d+)*)[ .]", spec, re.M))
    return sorted(found, key=lambda n: [int(x) for x in n.split(".")])


def is_cited(number: str, text: str) -> bool:
    """`§6.1` is cited by `§6.1` or `§6.1.2`, never by `§6.10` (nor `§1` by `§10`)."""
    return re.search(re.escape(f"§{number}") + r"(?!\d)", text) is not None


def test_a_citation_is_the_whole_number():
    assert is_cited("6.1", "# §6.1, §5.4") and is_cited("6.10", "§6.10.4 retreat")
    assert not is_cited("6.1", "§6.10 and §6.11") and not is_cited("1", "§10.4")


@pytest.mark.parametrize("game", sorted(NOT_CHECKABLE))
def test_every_numbered_rule_has_a_test_citing_it(game):
    spec_file = RULES / f"{game}.md"
    if not spec_file.exists():
        pytest.skip(f"{spec_file} is not on this machine")
    cited = "".join(p.read_text() for p in (TESTS / game).glob("*.py"))
    missing = [n for n in numbered(spec_file.read_text())
               if n not in NOT_CHECKABLE[game] and not is_cited(n, cited)]
    assert missing == [], f"rules of {game}.md without a test citing them: {missing}"
