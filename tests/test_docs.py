"""The examples in the package's docstrings run and give what they show (python-chess style runnable docs)."""

from __future__ import annotations

import doctest

import pytest

import tcbg
import tcbg._jsonfile
import tcbg._textfile
import tcbg.api
import tcbg.api.game
import tcbg.api.kinds
import tcbg.api.legality
import tcbg.errors
import tcbg.x610z
import tcbg.x610z.actions
import tcbg.x610z.board
import tcbg.x610z.cards
import tcbg.x610z.cost
import tcbg.x610z.decks
import tcbg.x610z.energy
import tcbg.x610z.game
import tcbg.x610z.simulation
import tcbg.zx
import tcbg.zx.cards
import tcbg.zx.decks


@pytest.mark.parametrize("module", [tcbg, tcbg._jsonfile, tcbg._textfile, tcbg.api, tcbg.api.game, tcbg.api.kinds, tcbg.api.legality, tcbg.errors, tcbg.x610z, tcbg.x610z.actions, tcbg.x610z.board, tcbg.x610z.cards, tcbg.x610z.cost, tcbg.x610z.decks, tcbg.x610z.energy,
                                    tcbg.x610z.game, tcbg.x610z.simulation, tcbg.zx, tcbg.zx.cards, tcbg.zx.decks],
                         ids=lambda m: m.__name__)
def test_docstring_examples(module):
    failures, tried = doctest.testmod(module, verbose=False)
    assert tried > 0, f"{module.__name__} has no examples"
    assert failures == 0


# --- The docs as references: README.md and docs/ kept honest where a machine can tell --------------------------------

import io
import re
import shlex
from contextlib import redirect_stdout
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").rglob("*.md"))
PAGES = [README, *DOCS]
README_MAX_LINES = 170  # a newcomer reads it in five minutes; detail belongs in docs/
# Words of a diary, not of a reference: work rounds, sessions, plans. ("round" alone is a technical word here: a
# round robin, the rounds of successive halving and of --until-precise.)
DIARY = re.compile(r"\b(?:(?:third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|"
                   r"fourteenth|fifteenth|this|that|previous|last|next|search|balancing) round|this session|"
                   r"the brief|being implemented|being built|we tried|round-by-round)\b", re.I)
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _prose(path: Path) -> str:
    """The page without its fenced blocks (code is not prose, and may hold brackets of its own)."""
    return FENCE.sub("", path.read_text(encoding="utf-8"))


def _slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped but hyphens and underscores, spaces to hyphens."""
    text = re.sub(r"[`*]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    return {_slug(line.lstrip("#")) for line in _prose(path).splitlines() if re.match(r"#{1,6} ", line)}


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_every_page_opens_with_a_title_and_a_paragraph(page):
    """A title, then a paragraph of prose that says what the page is for (not a list, table, code or heading)."""
    lines = page.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# ") and len(lines[0]) > 3, f"{_rel(page)}: line 1 is not a title"
    assert lines[1] == "", f"{_rel(page)}: no blank line after the title"
    opening = []
    for line in lines[2:]:
        if not line.strip():
            break
        opening.append(line)
    assert opening, f"{_rel(page)}: no opening paragraph"
    assert not re.match(r"(#|```|\||- |\* |\d+\. |!\[|>|    )", opening[0]), f"{_rel(page)}: opens with {opening[0]!r}"
    assert len(" ".join(opening).split()) >= 15, f"{_rel(page)}: the opening paragraph is too short to say anything"


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_every_relative_link_resolves(page):
    """Every link to a file of the repository names one that exists, and its #anchor a heading of it."""
    broken = []
    for target in LINK.findall(_prose(page)):
        if re.match(r"[a-z]+:", target):  # http:, https:, mailto:
            continue
        file, _, anchor = target.partition("#")
        dest = (page.parent / file).resolve() if file else page
        if not dest.exists():
            broken.append(f"{target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest):
            broken.append(f"{target}: no heading with the anchor #{anchor}")
    assert not broken, f"{_rel(page)}: " + "; ".join(broken)


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_no_page_is_a_diary(page):
    found = [m.group(0) for m in DIARY.finditer(page.read_text(encoding="utf-8"))]
    assert not found, f"{_rel(page)} reads as a diary: {found}"


def test_the_diary_check_can_fail():
    assert DIARY.search("in the ninth round we measured") and DIARY.search("This session took")
    assert not DIARY.search("the round robin of the decks; after the first round of successive halving")


def test_the_readme_stays_short():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, f"README.md has {len(lines)} lines; move detail into docs/"


def _shipped_decks() -> set[str]:
    from tcbg.cli import main

    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["list"]) == 0
    return {m.group(1) for m in re.finditer(r"^  (\S+)\s+card set ", out.getvalue(), re.M)}


def _commands(page: Path) -> list[str]:
    """The tcbg commands of a page's sh blocks (each of a line's commands joined by `&&`, without a trailing
    comment)."""
    found = []
    for block in re.findall(r"^```sh\n(.*?)^```", page.read_text(encoding="utf-8"), re.M | re.S):
        for line in block.splitlines():
            line = re.split(r"\s+#\s", line)[0].strip()
            found += [part.strip() for part in line.split("&&") if part.strip().startswith("tcbg ")]
    return found


COMMAND_PAGES = [README, ROOT / "docs" / "balance.md", ROOT / "docs" / "boards.md"]


@pytest.mark.parametrize("page", COMMAND_PAGES, ids=_rel)
def test_the_commands_shown_parse_and_name_shipped_decks(page):
    """Every `tcbg ...` line of the page's sh blocks is accepted by the command's own parser (required options
    included: `tcbg matchup` without `--games` is refused), and every deck it names ships with tcbg. The commands
    themselves are run by the tests of their features (tests/zx/test_matchup.py, tests/analysis/test_rerun.py,
    test_ablation.py, test_tune.py, tests/montecarlo/test_replay.py), with fewer games."""
    from tcbg.cli import _build_parser

    commands = _commands(page)
    assert commands, f"{_rel(page)} shows no tcbg command"
    shipped = _shipped_decks()
    for command in commands:
        args = _build_parser().parse_args(shlex.split(command)[1:])  # raises on a command the CLI refuses
        named = [v for k, v in vars(args).items() if k in ("deck", "deck_a", "deck_b", "decks", "against")]
        decks = [d for v in named for d in ([v] if isinstance(v, str) else v or [])]
        unknown = [d for d in decks if d not in shipped and not d.endswith(".txt")]
        assert not unknown, f"{_rel(page)}: {command}: no shipped deck {unknown}"


def test_the_command_check_can_fail():
    from tcbg.cli import _build_parser

    with pytest.raises(Exception, match="--games"):
        _build_parser().parse_args(["matchup", "act1-quests", "act1-quests", "--board", "act1"])
    assert "no-such-deck" not in _shipped_decks() and "arnunnian" in _shipped_decks()


def test_the_readme_figures_are_the_linked_docs():
    """Each headline figure of README.md "Figures" appears in the doc its line links to, where it is measured."""
    readme = README.read_text(encoding="utf-8")
    section = readme[readme.index("## Figures"):]
    section = section[:section.index("\n## ", 1)]
    items = re.split(r"\n- ", section)[1:]
    assert items
    for item in items:
        links = re.findall(r"\]\((docs/[^)#]+)", item)
        assert links, f"a figure without the doc that measures it: {item[:60]!r}"
        doc = " ".join((ROOT / link).read_text(encoding="utf-8") for link in links)
        figures = re.findall(r"\d[\d,.]*-\d[\d,.]*%|\d[\d.]*%|\d{1,3}(?:,\d{3})+(?: of \d{1,3}(?:,\d{3})*)?", item)
        assert figures, f"no figure in {item[:60]!r}"
        missing = [f for f in figures if f not in doc]
        assert not missing, f"README.md figures {missing} are not in {links}"


@pytest.mark.parametrize("page, heading", [("docs/engine-design.md", "## From Python"),
                                           ("docs/boards.md", "## From Python and the command line")])
def test_the_python_examples_of_a_section_run(page, heading):
    text = (ROOT / page).read_text(encoding="utf-8")
    section = text[text.index(heading):]
    section = section[:section.find("\n## ", 1)] if "\n## " in section[1:] else section
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert blocks
    for code in blocks:
        exec(compile(code, page, "exec"), {})


# --- Sections cited by name: `docs/X.md "Section"` in code, tests and docs names a section the doc has --------------

# A citation: a doc's path (a link's target too), then the section's name in double quotes, as in
# `docs/balance.md "Deck tuning"` or `[cards.md](cards.md) "The slow path"`. Comment lines are joined first (their
# `//`, `#` or `*` dropped), so a name may run over two comment lines.
CITATION = re.compile(r"(?<![\w/.-])((?:docs/)?[\w/.-]+\.md)\)?,? \"([^\"\s][^\"\n]*)\"")
COMMENT_BREAK = re.compile(r"\n[ \t]*(?://+|#+|\*)?[ \t]*")
CITING = [p for folder in ("cpp", "python", "src", "tests", "bench", "tools", "examples")
          for p in sorted((ROOT / folder).rglob("*"))
          if p.suffix in (".py", ".cpp", ".hpp", ".h", ".txt") and p != Path(__file__).resolve()]


def _sections(path: Path) -> set[str]:
    """The names a citation of `path` may use, as anchors: each heading's, and each bold label's that opens a
    paragraph or a list item (`**Slow path.**`), in full or up to its first colon, parenthesis or comma ("The
    native form" for "The native form (`tcbg-effects/1`)", "Frames" for "Frames: advance until decision")."""
    names = set()
    for line in _prose(path).splitlines():
        m = re.match(r"#{1,6} (.+)", line) or re.match(r"(?:- )?\*\*([^*]+?)\.?\*\*", line)
        if m:
            text = m.group(1).strip()
            names.add(_slug(text))
            names.update(_slug(text.split(sep)[0]) for sep in (":", " (", ",") if sep in text)
    return names


def _unresolved_citations(text: str, bases: list[Path]) -> list[str]:
    found = []
    for doc, name in CITATION.findall(COMMENT_BREAK.sub(" ", text)):
        path = next((base / doc for base in bases if (base / doc).is_file()), None)
        if path is None:
            found.append(f"{doc}: no such file")
        elif _slug(name) not in _sections(path):
            found.append(f'{doc} "{name}": no such section')
    return found


@pytest.mark.parametrize("folder", ["cpp", "python", "src", "tests", "bench", "tools", "examples"])
def test_sections_cited_in_code_exist(folder):
    """Comments and docstrings that cite a doc's section by name (`docs/X.md "Section"`) name one it has, so a doc
    that renames or drops a section fails here until every pointer to it follows."""
    broken = [f"{_rel(p)}: {problem}" for p in CITING if _rel(p).startswith(folder + "/")
              for problem in _unresolved_citations(p.read_text(encoding="utf-8", errors="replace"),
                                                   [ROOT, ROOT / "docs"])]
    assert not broken, "\n".join(broken)


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_sections_cited_in_docs_exist(page):
    broken = _unresolved_citations(_prose(page), [page.parent, ROOT, ROOT / "docs"])
    assert not broken, f"{_rel(page)}: " + "; ".join(broken)


def test_the_citation_check_can_fail():
    bases = [ROOT, ROOT / "docs"]
    assert _unresolved_citations('// (docs/balance.md "Under a deeper\n// search"): gone', bases)
    assert _unresolved_citations('see docs/no-such-page.md "Anything"', bases)
    assert not _unresolved_citations('// (docs/engine-design.md "Where the\n// time goes")', bases)
    assert not _unresolved_citations('"""As docs/cards.md "The native form" and docs/zx/engine.md "Frames" say', bases)
    assert not _unresolved_citations('(docs/effects.md "Slow path", a bold label)', bases)


# Work rounds and sessions in code and tests: a comment says why, not when ("being built" is code's own word there).
CODE_DIARY = re.compile(r"\b(?:(?:third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|"
                        r"fourteenth|fifteenth|search|balancing) round|this session)\b", re.I)


@pytest.mark.parametrize("folder", ["cpp", "python", "src", "tests", "bench", "tools", "examples"])
def test_no_comment_is_a_diary(folder):
    found = [f"{_rel(p)}: {m.group(0)}" for p in CITING if _rel(p).startswith(folder + "/")
             for m in CODE_DIARY.finditer(COMMENT_BREAK.sub(" ", p.read_text(encoding="utf-8", errors="replace")))]
    assert not found, "\n".join(found)


def test_the_code_diary_check_can_fail():
    assert CODE_DIARY.search(COMMENT_BREAK.sub(" ", "// (docs/engine-design.md, the tenth\n// round)"))
    assert not CODE_DIARY.search("# the first round of successive halving; the table being built")
