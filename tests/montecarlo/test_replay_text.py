"""Replay pages read as text by a person (src/tcbg/replay/page.py): headless Chromium steps through every position of
every view and reads what is on screen. No internal token (a snake_case field name such as ``charge_card``) and no
JSON (braces, quoted keys) in the visible text; every card chip and Z/X card on the field, Sleeping ones included,
at a contrast of at least 4.5:1 with what is behind it (WCAG AA, from the computed styles); and on the X610Z board,
at 1,400 px wide, the dot ids and the legend at 11 px or more, so that a dot named in the action can be found.
"""

from __future__ import annotations

import html
import json
import re

import pytest

import tcbg
from browser import with_script
from tcbg.replay.page import write_replay
from tcbg.replay.record import play_game

SNAKE = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")
JSON_BITS = re.compile(r'[{}]|"\w+":')

_READ = """<script>window.addEventListener('load',()=>{
const b=document.body,press=k=>document.dispatchEvent(new KeyboardEvent('keydown',{key:k,bubbles:true}));
const N=+document.getElementById('slider').max+1,sel=document.getElementById('view');
const rgb=s=>{const m=(s.match(/[\\d.]+/g)||[0,0,0]).map(Number);return m.length>3?m:[m[0],m[1],m[2],1];};
const lum=c=>{const f=x=>{x/=255;return x<=0.04045?x/12.92:Math.pow((x+0.055)/1.055,2.4);};
  return 0.2126*f(c[0])+0.7152*f(c[1])+0.0722*f(c[2]);};
const blend=(a,o,under)=>[0,1,2].map(i=>a[i]*o+under[i]*(1-o));
function backing(e){for(;e;e=e.parentElement){const c=rgb(getComputedStyle(e).backgroundColor);if(c[3]>0)return [c,e];}
  return [[255,255,255,1],null];}
function contrast(e){const [bg,owner]=backing(e);let o=1;  // the opacity over the element and up to its background's owner
  for(let x=e;x;x=x.parentElement){o*=+getComputedStyle(x).opacity;if(x===owner)break;}
  const under=owner&&owner.parentElement?backing(owner.parentElement)[0]:[255,255,255,1];
  const fg=rgb(getComputedStyle(e).color),f=blend(blend(fg,fg[3],bg),o,under),g=blend(bg,o,under);
  const L1=lum(f),L2=lum(g);return (Math.max(L1,L2)+0.05)/(Math.min(L1,L2)+0.05);}
const texts=new Set();let worst=99,worstWhat='',asleep=0,labelPx=99,piecePx=99;
for(let v=0;v<sel.options.length;v++){sel.value=v;sel.dispatchEvent(new Event('change'));press('Home');
  for(let k=0;k<N;k++){texts.add(document.getElementById('action').innerText);
    texts.add(document.getElementById('side').innerText);
    const field=document.getElementById('field');if(field)texts.add(field.innerText);
    document.querySelectorAll('#side .card:not(.hidden), #field .zx, #side .none, #field .sq').forEach(e=>{
      const c=contrast(e);if(e.classList.contains('asleep'))asleep++;
      if(c<worst){worst=c;worstWhat=e.className+': '+e.textContent;}});
    const svg=document.querySelector('#board svg');
    if(svg&&k%25===0){const a=svg.getScreenCTM().a;
      svg.querySelectorAll('text.label').forEach(t=>{labelPx=Math.min(labelPx,parseFloat(t.getAttribute('font-size'))*a);});
      svg.querySelectorAll('.replay-piece text').forEach(t=>{piecePx=Math.min(piecePx,parseFloat(t.getAttribute('font-size'))*a);});}
    press('ArrowRight');}}
const legend=[...document.querySelectorAll('#legend .legend-row')].map(e=>parseFloat(getComputedStyle(e).fontSize));
b.dataset.read=JSON.stringify({texts:[...texts],worst:worst,worstWhat:worstWhat,asleep:asleep,labelPx:labelPx,
  piecePx:piecePx,legendPx:legend.length?Math.min(...legend):null,legendRows:legend.length,steps:N});});</script>"""


def read(page, tmp_path) -> tuple[dict, list[str]]:
    raw, stderr = with_script(page, tmp_path, _READ, "read", timeout=240, width=1400)
    return json.loads(html.unescape(raw["read"])), [line for line in stderr.splitlines() if "CONSOLE" in line]


@pytest.fixture(scope="module")
def zx_page(tmp_path_factory):
    folder = tmp_path_factory.mktemp("zx-replay")
    replay = play_game(tcbg.load_game("zx", decks=["c01-white-red", "c04-green-red"], max_turns=14), "heuristic",
                       seed=4)
    return write_replay(replay, folder / "replay.html")


@pytest.fixture(scope="module")
def x610z_page(tmp_path_factory):
    folder = tmp_path_factory.mktemp("x610z-replay")
    replay = play_game(tcbg.load_game("x610z", decks=["arnunnian", "pirate"], max_turns=14), "heuristic", seed=5)
    return write_replay(replay, folder / "replay.html")


def _assert_plain(texts: list[str]) -> None:
    tokens = sorted({t for text in texts for t in SNAKE.findall(text)})
    assert not tokens, tokens
    braces = sorted({text[max(0, m.start() - 30):m.end() + 30] for text in texts for m in JSON_BITS.finditer(text)})
    assert not braces, braces[:5]


def test_the_zx_replay_reads_as_words_with_legible_sleeping_cards(zx_page, tmp_path):
    facts, console = read(zx_page, tmp_path)
    assert not console, console[:5]
    _assert_plain(facts["texts"])
    joined = "\n".join(facts["texts"])
    assert "(top first) " in joined and "(top first)none" not in joined
    assert "frames under way" in joined and "charge card" in joined.lower()  # an Ignition's argument, in words
    assert facts["asleep"] > 0  # Sleeping cards were on screen, and measured
    assert facts["worst"] >= 4.5, facts["worstWhat"]


def test_the_x610z_replay_reads_as_words_with_a_legible_board(x610z_page, tmp_path):
    facts, console = read(x610z_page, tmp_path)
    assert not console, console[:5]
    _assert_plain(facts["texts"])
    joined = "\n".join(facts["texts"])
    assert "(top first) " in joined and "pending to choose: where " in joined  # the pending choice in words
    assert facts["worst"] >= 4.5, facts["worstWhat"]
    assert facts["labelPx"] >= 10.9, facts["labelPx"]  # the dot ids, at 1,400 px wide
    assert facts["legendRows"] >= 5 and facts["legendPx"] >= 11, facts
    assert facts["piecePx"] >= 9.9, facts["piecePx"]


def test_the_check_catches_tokens_and_json():
    with pytest.raises(AssertionError):
        _assert_plain(["ignition (player 0; charge_card Exploding Coal #80)"])
    with pytest.raises(AssertionError):
        _assert_plain(['pending {"choice": "move"}'])
    _assert_plain(["ignition (player 0; charge card Exploding Coal #80)", "r2-00"])
