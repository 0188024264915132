"""The replay page: one self-contained HTML file that steps through a :class:`~tcbg.replay.record.Replay`.

Everything is inline (style, script, the X610Z board's SVG, the positions as JSON); the page fetches nothing, so it
opens from a disk or a mail attachment. It shows, at every decision, the position (X610Z: the board drawn as
``tcbg board show`` draws it, with the pieces on their dots; Z/X: the 3x3 field with its zones), the action taken
there and who took it, the stack (X610Z: the stack, the pending choice; Z/X: the process frames under way), and
either everything or what one chosen player sees (:func:`tcbg.replay.view.player_view`). Left and right arrows step,
Home and End jump to the ends, a slider moves anywhere, a selector picks the view; ``page.html#K`` opens at position
K (from 1) and ``#K,V`` in view V (0 everything, 1 + seat a player's).

**How the page stays small.** The positions are held as JSON, and the page draws each one when it is shown (the
board's SVG is written once and the pieces are drawn over it from the position). Drawing an SVG per decision in
Python would repeat the board (about 60 kB for ``existenz``) hundreds of times; JSON drawn in the page does not.
Consecutive positions differ in a few zones, so each position (and each player's view of it) is cut into its
top-level fields and each player's fields, every distinct field value is written once (``parts``), and a position
is a list of indices into them. A Z/X game of 420 decisions with three views (everything, each player) is about
2.6 MB of ``to_json`` text as it is, and about 0.3 MB in the page (docs/replay.md gives the measurements).

>>> import tcbg
>>> from tcbg.replay.record import play_game
>>> replay = play_game(tcbg.load_game("zx", decks=["vanilla-red-blue", "vanilla-white-black"]), "random", seed=2)
>>> text = replay_html(replay)
>>> text.startswith("<!DOCTYPE html>") and "http://" not in text.replace("http://www.w3.org/2000/svg", "")
True
>>> data = page_data(replay)
>>> decode(data, len(data["frames"]) - 1, 0) == replay.frames[-1]["position"]
True
"""

from __future__ import annotations

import html
import json
import math
from pathlib import Path
from typing import Any

from tcbg.replay.view import player_view

FORMAT = "tcbg-replay/1"


class _Parts:
    """Distinct JSON values, each kept once, by their canonical text."""

    def __init__(self) -> None:
        self.index: dict[tuple, int] = {}
        self.values: list[Any] = []

    def add(self, value: Any) -> int:
        # a value read from JSON: its repr tells it apart as its text would (to_json writes equal fields in the same
        # key order), at a third of json.dumps's cost; a string, most entries of a zone, is its own key
        key = (0, value) if type(value) is str else (1, repr(value))
        found = self.index.get(key)
        if found is None:
            found = self.index[key] = len(self.values)
            self.values.append(value)
        return found


def _keys(docs: list[dict]) -> tuple[list[str], list[str]]:
    top: dict[str, None] = {}
    player: dict[str, None] = {}
    for doc in docs:
        for key in doc:
            if key != "players":
                top.setdefault(key)
        for p in doc.get("players", []):
            for key in p:
                player.setdefault(key)
    return list(top), list(player)


def view_names(replay) -> list[Any]:
    """The views the page offers: None (everything), then every seat."""
    return [None, *range(replay.game.num_players())]


LONG_LIST = 8
"""A field's list of at least this many entries is kept entry by entry (each entry a part), so a deck that lost
its top card costs a list of indices, not the whole deck again."""


def _encode(value: Any, parts: _Parts, seen: dict[int, int]) -> int:
    """The part index of a field's ``value``; ``seen`` remembers the values of one position by identity (the views
    of a position share the values they keep with it, so each is written out once)."""
    found = seen.get(id(value))
    if found is not None:
        return found
    encoded = value
    if isinstance(value, list) and len(value) >= LONG_LIST:
        encoded = {"@": [parts.add(entry) for entry in value]}  # no position document has a key "@"
    seen[id(value)] = found = parts.add(encoded)
    return found


def page_data(replay) -> dict:
    """The JSON the page holds: the replay's facts, the views, and every position of every view cut into parts.

    A position of a view is a flat list of part indices, one per top-level field (``keys``) and then one per field
    of each player (``player_keys``), -1 for a field it does not have; each frame keeps, per view, only the
    entries that changed since the frame before, as pairs ``[place, index, place, index, ...]``."""
    views = view_names(replay)
    docs = [[player_view(frame["position"], viewer) for viewer in views] for frame in replay.frames]
    keys, player_keys = _keys([doc for row in docs for doc in row])
    parts = _Parts()
    frames = []
    previous = [None] * len(views)
    for frame, row in zip(replay.frames, docs):
        changes = []
        seen: dict[int, int] = {}  # the row's documents are alive: their ids stay theirs until the next row
        for v, doc in enumerate(row):
            flat = [_encode(doc[k], parts, seen) if k in doc else -1 for k in keys]
            for p in doc["players"]:
                flat += [_encode(p[k], parts, seen) if k in p else -1 for k in player_keys]
            before = previous[v] or [-1] * len(flat)
            changes.append([x for place, (old, new) in enumerate(zip(before, flat)) if old != new
                            for x in (place, new)])
            previous[v] = flat
        hidden = [v for v, viewer in enumerate(views) if viewer is not None and viewer in frame.get("hidden_from", ())]
        frames.append({"p": frame["player"], "a": frame["action"], "h": hidden, "v": changes})
    game = replay.game
    data = {"format": FORMAT, "game": type(game).KIND, "labels": replay.labels, "source": replay.source,
            "seed": replay.seed, "end": replay.end, "views": ["everything"] + [f"player {v} ({replay.labels[v]})"
                                                                           for v in views[1:]],
            "players": game.num_players(), "keys": keys, "player_keys": player_keys, "parts": parts.values,
            "frames": frames, "cards": _cards(game), "colours": _colours()}
    if data["game"] == "x610z":
        data["board"] = _board_geometry(game)
    return data


def decode(data: dict, frame: int, view: int) -> dict:
    """Position ``frame`` of view ``view`` (0 everything, 1 + seat a player's) rebuilt from the page's data as the
    page's script rebuilds it: here to test that the page holds what it should."""
    keys, player_keys, parts = data["keys"], data["player_keys"], data["parts"]
    flat = [-1] * (len(keys) + data["players"] * len(player_keys))
    for f in range(frame + 1):
        changes = data["frames"][f]["v"][view]
        for place, index in zip(changes[::2], changes[1::2]):
            flat[place] = index

    def value(i: int) -> Any:
        part = parts[i]
        return [parts[j] for j in part["@"]] if isinstance(part, dict) and "@" in part else part

    doc = {k: value(i) for k, i in zip(keys, flat) if i >= 0}
    doc["players"] = []
    for seat in range(data["players"]):
        row = flat[len(keys) + seat * len(player_keys):len(keys) + (seat + 1) * len(player_keys)]
        doc["players"].append({k: value(i) for k, i in zip(player_keys, row) if i >= 0})
    return doc


def _colours() -> list[str]:
    from tcbg.x610z.svg import PLAYER_COLOURS

    return list(PLAYER_COLOURS)


def _cards(game) -> dict:
    """What the page shows of each card, by the name positions use: X610Z by card name (type, stats); Z/X by the
    card's English name (type, cost, power, colours) and, under ``owners``, each instance's owner."""
    if type(game).KIND == "x610z":
        names = {name for _, name in game.instance_cards()}
        out = {}
        for card in game.cards:
            if card.name in names:
                out[card.name] = {"type": card.type, "attack": card.attack, "defense": card.defense,
                                  "speed": card.speed, "range": card.range, "text": card.text}
        return out
    out = {"owners": [owner for owner, _ in game.instance_cards()], "by_name": {}}
    for i in range(len(game.instance_cards())):
        card = game.card_of(i)
        name = card.name_en or card.name
        out["by_name"].setdefault(name, {"type": card.type, "cost": card.cost, "power": card.power,
                                         "colours": list(card.colours), "text": card.text})
    return out


def _board_geometry(game) -> dict:
    """The board's SVG (as ``tcbg board show`` draws it, with the setup's seats) and where its dots are, for the
    pieces the page draws over it; the radius is the one the SVG's dots have (tcbg.x610z.svg)."""
    import re

    from tcbg.x610z.svg import render_board_svg

    board = game.board
    # the legend as the page's own text (read off the drawing with one), the board drawn without it: inside the
    # drawing its text shrinks with the board to a few pixels
    legend = [{"shape": shape, "text": html.unescape(text)} for shape, text in re.findall(
        r'<g class="legend-row" transform="[^"]*">(.*?)<text [^>]*>(.*?)</text></g>',
        render_board_svg(board, setup=game.setup))]
    svg = render_board_svg(board, setup=game.setup, legend=False)
    svg = svg[svg.index("<svg"):]  # no XML declaration inside HTML
    points = [(float(d.x), float(d.y)) for d in board.dots]
    closest = min(((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 for i, p in enumerate(points) for q in points[i + 1:]),
                  default=1.0)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    span = max(max(xs) - min(xs), max(ys) - min(ys), 1)
    r = max(0.22 * math.sqrt(closest), span * 0.004)
    return {"svg": svg, "dots": {d.id: [float(d.x), -float(d.y)] for d in board.dots}, "r": r,
            "name": board.name, "setup": game.setup, "legend": legend, "title": f"{board.name} ({board.rules}), "
                                                                              f"setup {game.setup}"}


def _json_for_script(data: dict) -> str:
    # "</" would end the script element; "\/" is the same character to a JSON reader
    return json.dumps(data, separators=(",", ":"), allow_nan=False).replace("</", "<\\/")


def replay_html(replay, title: str | None = None) -> str:
    """The replay page of ``replay`` (see the module documentation)."""
    data = page_data(replay)
    title = title or f"{' vs '.join(replay.labels)}: {replay.source}"
    board = data.pop("board", None)
    board_svg = board.pop("svg") if board else ""
    legend = ""
    if board:
        data["board"] = board
        board_svg = board_svg.replace("</svg>", '<g id="pieces"></g></svg>', 1)
        r = board["r"]
        box = f"{-1.8 * r:g} {-1.8 * r:g} {3.6 * r:g} {3.6 * r:g}"
        legend = (f'<div id="legend"><b>{html.escape(board.pop("title"))}</b> ' + "".join(
            f'<span class="legend-row"><svg viewBox="{box}" width="16" height="16">{row["shape"]}</svg> '
            f'{html.escape(row["text"])}</span>' for row in board.pop("legend")) + "</div>")
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{html.escape(title)}</title>"
            f"<style>{STYLE}</style></head><body>\n<h1>{html.escape(title)}</h1>\n"
            f"{CONTROLS}\n<div id=\"main\" class=\"{'x610z' if board else 'zx'}\"><div id=\"position\">"
            f"<div id=\"board\" class=\"{'x610z' if board else 'zx'}\">{board_svg}</div>{legend}</div>"
            f"<div id=\"side\"></div></div>\n"
            f"<script type=\"application/json\" id=\"replay-data\">{_json_for_script(data)}</script>\n"
            f"<script>{SCRIPT}</script>\n</body></html>\n")


def write_replay(replay, path, title: str | None = None) -> Path:
    """Write the replay page of ``replay`` to ``path`` (its folder must exist); return the path."""
    path = Path(path)
    path.write_text(replay_html(replay, title), encoding="utf-8")
    return path


STYLE = """body{font-family:sans-serif;margin:1em 2em;color:#222;background:#fff}
h1{font-size:1.3em;margin:0.2em 0}
#controls{position:sticky;top:0;background:#f4f4f0;padding:6px 8px;border:1px solid #ccc;z-index:2}
#controls button{min-width:2.5em}#slider{width:40%;vertical-align:middle}
#step{font-weight:bold;margin:0 0.6em}#action{margin-top:4px;font-size:1.05em}
#action .who{font-weight:bold}#main{display:flex;gap:1em;align-items:flex-start;margin-top:0.6em}
#position{flex:3;min-width:0}#side{flex:2;min-width:0;font-size:0.92em}
#board svg{width:100%;height:auto;overflow:visible}#board.x610z{padding:0 2.2em}
#main.x610z #position{flex:1 1 auto}#main.x610z #side{flex:0 0 400px}
.player{border:2px solid #ccc;border-radius:6px;padding:4px 8px;margin-bottom:8px}
.player h3{margin:0.1em 0;font-size:1em}.zone{margin:2px 0}.zone b{display:inline-block;min-width:5.5em}
.card{display:inline-block;border:1px solid #999;border-radius:4px;padding:0 4px;margin:1px;background:#fafafa;
white-space:nowrap}.card.hidden{background:#666;color:#fff;border-color:#555}.card.asleep{font-style:italic;
border-style:dashed;background:#e4e4e4;color:#333}.none{color:#767676}.stack{border:1px dashed #888;padding:4px 8px;border-radius:6px}
#field{display:grid;grid-template-columns:repeat(3,1fr);gap:6px;max-width:640px}
.square{border:2px solid #bbb;border-radius:6px;min-height:92px;padding:4px;background:#fcfcf7;font-size:0.9em}
.square .sq{color:#666;font-size:0.8em}.square .zx{border-radius:4px;padding:2px 4px;color:#fff;margin-top:2px}
.square .zx.asleep{font-style:italic;background:#fff!important;color:#222;border:2px dashed}.square.player-square{background:#f1f4fb}
#board svg .title{display:none}#board svg text.label{paint-order:stroke;stroke:#fbfaf5;fill:#555}
#legend{font-size:0.85em;color:#333;margin-top:4px;line-height:1.7}#legend svg{vertical-align:middle}
.legend-row{display:inline-block;margin-right:1.2em;white-space:nowrap}
.status{margin:0.4em 0}.over{font-weight:bold;color:#7b1e15}details{margin:2px 0}"""

CONTROLS = """<div id="controls"><button id="first" title="first (Home)">|&lt;</button>
<button id="prev" title="previous (left arrow)">&lt;</button><button id="next" title="next (right arrow)">&gt;</button>
<button id="last" title="last (End)">&gt;|</button><input id="slider" type="range" min="0" value="0">
<span id="step"></span><label>view <select id="view"></select></label>
<div id="action"></div></div>"""

SCRIPT = r"""(function(){
'use strict';
const D=JSON.parse(document.getElementById('replay-data').textContent);
const N=D.frames.length;let at=0,view=0;const HIDDEN_CHOICE='chooses a card (which one, only the chooser sees)';
const $=id=>document.getElementById(id);
const esc=s=>String(s).replace(/[&<>"]/g,c=>({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]));
const K=D.keys.length,P=D.player_keys.length,FLAT=[];
D.views.forEach((_,v)=>{let cur=new Array(K+D.players*P).fill(-1);const per=[];
  D.frames.forEach(f=>{cur=cur.slice();const c=f.v[v];for(let i=0;i<c.length;i+=2)cur[c[i]]=c[i+1];per.push(cur);});
  FLAT.push(per);});
function part(i){const x=D.parts[i];return x!==null&&typeof x==='object'&&!Array.isArray(x)&&x['@']?x['@'].map(j=>D.parts[j]):x;}
function decode(f,v){const flat=FLAT[v][f],doc={};
  D.keys.forEach((k,i)=>{if(flat[i]>=0)doc[k]=part(flat[i]);});doc.players=[];
  for(let s=0;s<D.players;s++){const p={};D.player_keys.forEach((k,i)=>{const j=flat[K+s*P+i];if(j>=0)p[k]=part(j);});doc.players.push(p);}
  return doc;}
const nameOf=c=>c===null||c===undefined?null:(typeof c==='string'?c:c.card);
const colour=p=>D.colours[p%D.colours.length];
function chip(c,extra){const n=nameOf(c);if(n===null)return '<span class="card hidden">?</span>';
  const asleep=typeof c==='object'&&c.sleeping?' asleep':'';return '<span class="card'+asleep+'">'+esc(n)+(extra||'')+'</span>';}
function list(cards,open){if(!cards||!cards.length)return '<span class="none">none</span>';
  const hidden=cards.filter(c=>c===null).length;
  if(hidden===cards.length)return '<span class="card hidden">'+hidden+' hidden</span>';
  const runs=[];cards.forEach(c=>{const n=nameOf(c),last=runs[runs.length-1];  // Entrancing Pearl x9, not nine chips
    if(last&&n!==null&&last.n===n&&!(typeof c==='object'&&c.sleeping)&&!last.asleep)last.k++;
    else runs.push({c:c,n:n,k:1,asleep:typeof c==='object'&&!!c&&!!c.sleeping});});
  const shown=runs.map(r=>chip(r.c,r.k>1?' \u00d7'+r.k:'')).join('');
  if(cards.length<=12||open)return shown;
  return '<details><summary>'+cards.length+' cards</summary>'+shown+'</details>';}
function zone(label,body){return '<div class="zone"><b>'+esc(label)+'</b> '+body+'</div>';}
function counted(label,cards){return zone(label+' ('+(cards?cards.length:0)+')',list(cards));}
function short(name){const w=String(name).replace(/[^A-Za-z0-9 ]/g,'').split(/\s+/).filter(Boolean);
  return (w.length>1?w.slice(0,3).map(x=>x[0]).join(''):String(name).slice(0,3)).toUpperCase();}
// what a person reads: field names as words (cost_left: "cost left"), lists with commas, no braces
const words=k=>String(k).replace(/[_-]+/g,' ');
function plain(x){if(x===null||x===undefined)return 'none';if(Array.isArray(x))return x.length?x.map(plain).join(', '):'none';
  if(typeof x==='object')return Object.entries(x).map(([k,v])=>words(k)+' '+plain(v)).join(', ');return String(x);}
const LABEL_PX=11,PIECE_PX=10;  // the smallest text on the board, in screen pixels, whatever the board's scale
// ---------------- X610Z
// each dot's id under its dot; where the dots of a ring stand closer than an id is wide (the inner rings), the id
// turned along the radius, beside the line from the centre, so that it takes a line's height across the ring
function nearest(cx,cy){const B=D.board,ids=Object.keys(B.dots),out={},rad=k=>Math.hypot(B.dots[k][0]-cx,B.dots[k][1]-cy);
  ids.forEach(a=>{let m=Infinity;ids.forEach(b=>{if(a!==b&&Math.abs(rad(a)-rad(b))<B.r)  // the same ring
    m=Math.min(m,Math.hypot(B.dots[a][0]-B.dots[b][0],B.dots[a][1]-B.dots[b][1]));});out[a]=m;});
  return out;}
function placeLabels(unit){const B=D.board,r=B.r,fs=LABEL_PX*unit,ids=Object.keys(B.dots);
  const cx=ids.reduce((a,k)=>a+B.dots[k][0],0)/ids.length,cy=ids.reduce((a,k)=>a+B.dots[k][1],0)/ids.length;
  const near=placeLabels.near||(placeLabels.near=nearest(cx,cy));
  document.querySelectorAll('#board svg text.label').forEach(t=>{const id=t.textContent,at=B.dots[id];if(!at)return;
    let dx=at[0]-cx,dy=at[1]-cy;const n=Math.hypot(dx,dy);if(n<r){dx=0;dy=1;}else{dx/=n;dy/=n;}
    const wide=fs*0.62*id.length,turn=near[id]<wide+2.2*r&&n>=r;
    t.setAttribute('font-size',fs);t.setAttribute('dominant-baseline','central');t.setAttribute('stroke-width',fs*0.25);
    if(turn){const x=at[0]+dx*r*1.2-dy*fs*0.75,y=at[1]+dy*r*1.2+dx*fs*0.75;let deg=Math.atan2(dy,dx)*180/Math.PI;const flip=Math.abs(deg)>90;
      if(flip)deg+=deg>0?-180:180;
      t.setAttribute('x',x);t.setAttribute('y',y);t.setAttribute('text-anchor',flip?'end':'start');
      t.setAttribute('transform','rotate('+deg+' '+x+' '+y+')');}
    else{t.setAttribute('x',at[0]);t.setAttribute('y',at[1]+r*1.9+fs*0.5);t.setAttribute('text-anchor','middle');
      t.removeAttribute('transform');}});}
function drawX610Z(doc,named){const B=D.board,g=document.getElementById('pieces'),r=B.r;let out='';
  const svg=document.querySelector('#board svg'),ctm=svg.getScreenCTM(),unit=ctm&&ctm.a>0?1/ctm.a:r/4;  // user units a pixel
  if(unit!==drawX610Z.unit){placeLabels(unit);drawX610Z.unit=unit;}
  named.forEach(id=>{const at=B.dots[id];out+='<circle class="replay-named" data-dot="'+esc(id)+'" cx="'+at[0]+'" cy="'+at[1]+
    '" r="'+Math.max(r*2.4,9*unit)+'" fill="none" stroke="#111" stroke-width="'+Math.max(r*0.3,2*unit)+'"/>';});
  doc.players.forEach((p,seat)=>{(p.in_play||[]).forEach(c=>{if(typeof c!=='object'||!c.dot)return;
    const at=B.dots[c.dot];if(!at)return;const info=D.cards[c.card]||{};const life=info.type==='life-base';
    const fill=colour(seat),x=at[0],y=at[1],s=Math.max(r*1.75,11*unit),fs=Math.max(r*1.35,PIECE_PX*unit);
    const shape=life?'<rect x="'+(x-s)+'" y="'+(y-s)+'" width="'+2*s+'" height="'+2*s+'" rx="'+r*0.3+'"':
      '<circle cx="'+x+'" cy="'+y+'" r="'+s+'"';
    const dmg=c.damage?(' '+c.damage+'/'+(info.defense===null?'-':info.defense)):'';
    out+='<g class="replay-piece" data-card="'+esc(c.card)+'" data-dot="'+esc(c.dot)+'" data-player="'+seat+'">'+
      '<title>'+esc(c.card+' of player '+seat+' on '+c.dot+(c.damage?', damage '+c.damage:'')+(c.activated?', activated':''))+'</title>'+
      shape+' fill="'+fill+'" stroke="'+(c.activated?'#000':'#fff')+'" stroke-width="'+r*0.22+'"/>'+
      '<text x="'+x+'" y="'+(y+fs*0.36)+'" font-size="'+fs+'" text-anchor="middle" fill="#fff" font-weight="bold" font-family="sans-serif">'+esc(short(c.card))+'</text>'+
      (dmg?'<text x="'+x+'" y="'+(y-s-r*0.3)+'" font-size="'+fs+'" text-anchor="middle" fill="#c0392b" stroke="#fff" stroke-width="'+fs*0.2+'" paint-order="stroke" font-weight="bold" font-family="sans-serif">'+esc(dmg)+'</text>':'')+'</g>';});});
  (doc.stack||[]).forEach(it=>{if(it.kind!=='move'&&it.kind!=='attack')return;  // a declared move or attack: an arrow
    const p=doc.players[it.controller===undefined?(doc.active_player||0):it.controller];
    const piece=(p&&p.in_play||[]).find(c=>typeof c==='object'&&c.dot&&c.card===it.card&&(it.instance===undefined||c.instance===it.instance));
    const to=B.dots[it.kind==='move'?it.destination:it.target];if(!piece||!to)return;const from=B.dots[piece.dot];
    const col=it.kind==='move'?'#1e9e4a':'#c0392b';
    out+='<g class="replay-declared" data-kind="'+it.kind+'"><line x1="'+from[0]+'" y1="'+from[1]+'" x2="'+to[0]+'" y2="'+to[1]+
      '" stroke="'+col+'" stroke-width="'+r*0.45+'" stroke-dasharray="'+r*0.9+','+r*0.5+'"/><circle cx="'+to[0]+'" cy="'+to[1]+
      '" r="'+r*2.1+'" fill="none" stroke="'+col+'" stroke-width="'+r*0.45+'"/></g>';});
  g.innerHTML=out;}
function itemText(it){const what=it.kind==='cast'?'casts '+it.card:it.kind==='move'?'moves '+it.card+' to '+it.destination:
    it.kind==='attack'?it.card+' attacks '+it.target:'ability '+it.ability+' of '+it.source;
  return 'player '+(it.controller===undefined?'?':it.controller)+' '+what+(it.targets?' (targets '+plain(it.targets)+')':'')+
    (it.event?' (triggered by '+plain(it.event)+')':'');}
const PENDING={move:c=>'where '+c+' moves',attack:c=>'what '+c+' attacks',placement:c=>'the dot '+c+' is placed on',
  announce:()=>'the mode, targets or costs of the top item',resolve:()=>'a choice of the resolving effect',
  trigger:()=>'which waiting triggered ability goes on the stack'};
function pendingText(p){const f=PENDING[p.choice];return f?'to choose: '+f(p.card||'the card'):plain(p);}
function stackX610Z(doc){let items=(doc.stack||[]).slice().reverse().map(it=>'<div>'+esc(itemText(it))+'</div>').join('');
  if(!items)items='<span class="none">empty</span>';
  let extra='';if(doc.pending)extra+=zone('pending',esc(pendingText(doc.pending)));
  if(doc.waiting&&doc.waiting.length)extra+=zone('waiting',doc.waiting.map(w=>'<div>'+esc('ability '+w.ability+' of '+w.source+
    (w.controller===undefined?'':' (player '+w.controller+')')+(w.event?', triggered by '+plain(w.event):''))+'</div>').join(''));
  if(doc.resolution)extra+=zone('resolving',esc(itemText(doc.resolution.item)+(doc.resolution.part?', additional effect '+doc.resolution.part:'')));
  return '<div class="stack"><b>stack</b> (top first) '+items+extra+'</div>';}
function sideX610Z(doc){let out='<div class="status">turn '+(doc.turn===undefined?(doc.phase==='mulligan'?0:1):doc.turn)+
  ', '+esc(words(doc.phase||'action'))+' phase, active player '+(doc.active_player===undefined?(doc.first_player||0):doc.active_player)+
  (doc.end_reason?', <span class="over">over: '+esc(words(doc.end_reason))+'</span>':'')+'</div>';
  out+=stackX610Z(doc);
  doc.players.forEach((p,seat)=>{const board=(p.in_play||[]).filter(c=>typeof c==='object'&&c.dot);
    const off=(p.in_play||[]).filter(c=>!(typeof c==='object'&&c.dot));
    const pool=Object.entries(p.pool||{}).map(([k,v])=>v+' '+words(k)).join(', ')||'empty';
    out+='<div class="player" style="border-color:'+colour(seat)+'"><h3 style="color:'+colour(seat)+'">player '+seat+': '+esc(D.labels[seat])+
      (p.outcome&&p.outcome!=='playing'?' <span class="over">'+esc(words(p.outcome))+(p.reason?' ('+esc(words(p.reason))+')':'')+'</span>':'')+'</h3>'+
      zone('on the board',board.map(c=>chip(c,' @'+esc(c.dot)+(c.damage?' dmg '+c.damage:''))).join('')||'<span class="none">none</span>')+
      zone('in play',list(off))+zone('pool',esc(pool)+(p.crystal_placed?'; crystal placed':''))+
      counted('hand',p.hand)+counted('deck',p.deck)+counted('discard',p.discard)+(p.removed&&p.removed.length?counted('removed',p.removed):'')+'</div>';});
  return out;}
// ---------------- Z/X
function ownerOf(ref){const m=/#(\d+)$/.exec(ref||'');return m?D.cards.owners[+m[1]]:0;}
function plainName(ref){return String(ref).replace(/ #\d+$/,'');}
function drawZX(doc){const el=$('board');const field={};(doc.field||[]).forEach(c=>{field[c.square]=c;});
  const rows=[[7,8,9],[4,5,6],[1,2,3]];let out='<div id="field">';
  rows.forEach(row=>row.forEach(n=>{const sq='s'+n,c=field[sq],ps=n===2?0:n===8?1:-1;
    let inner='<div class="sq">'+sq+(ps>=0?' (player '+ps+'\'s Player Square'+(doc.players[ps].player_card?': '+esc(plainName(doc.players[ps].player_card)):'')+')':'')+'</div>';
    if(c){const ref=c.card,info=D.cards.by_name[plainName(ref)]||{},own=ownerOf(ref);
      const power=info.power===undefined||info.power===null?'':' '+((info.power||0)+(c.power_change||0))+' power';
      inner+='<div class="zx'+(c.sleeping?' asleep':'')+'" data-card="'+esc(ref)+'" style="background:'+colour(own)+';border-color:'+colour(own)+'">'+esc(ref)+'</div>'+
        '<div>'+esc(power)+(c.damage?', damage '+c.damage:'')+(c.sleeping?', Sleep':'')+'</div>';}
    out+='<div class="square'+(ps>=0?' player-square':'')+'" data-square="'+sq+'">'+inner+'</div>';}));
  el.innerHTML=out+'</div>';}
function frameText(f){const args=Object.entries(f).filter(([k,v])=>!['kind','player','step','registers'].includes(k)&&
    v!==null&&v!==''&&!(Array.isArray(v)&&!v.length)).map(([k,v])=>words(k)+' '+plain(v)).join(', ');
  return esc(words(f.kind)+' (player '+f.player+(args?'; '+args:'')+')');}
function sideZX(doc){let out='<div class="status">turn '+(doc.turn||0)+', turn player '+(doc.turn_player||0)+
  (doc.over?', <span class="over">over: '+esc(words(doc.end_reason||''))+'</span>':'')+'</div>';
  const fr=(doc.frames||[]).slice().reverse().map(f=>'<div>'+frameText(f)+'</div>').join('')||'<span class="none">none</span>';
  out+='<div class="stack"><b>frames under way</b> (top first) '+fr+((doc.waiting&&doc.waiting.length)?zone('waiting',esc(plain(doc.waiting))):'')+'</div>';
  doc.players.forEach((p,seat)=>{out+='<div class="player" style="border-color:'+colour(seat)+'"><h3 style="color:'+colour(seat)+'">player '+seat+': '+esc(D.labels[seat])+
    (p.outcome&&p.outcome!=='playing'?' <span class="over">'+esc(words(p.outcome))+'</span>':'')+'</h3>'+
    zone('Player',p.player_card?chip(p.player_card):'<span class="none">none</span>')+
    counted('hand',p.hand)+counted('Life',p.life)+counted('Resource',p.resource)+counted('Charge',p.charge)+
    counted('Trash',p.trash)+counted('deck',p.deck)+(p.resolving&&p.resolving.length?counted('playing',p.resolving):'')+
    zone('other',esc('reloads '+(p.reloads||0)+(p.pending_damage?', damage waiting '+p.pending_damage:'')+(p.mulligan_used?', mulligan used':'')))+'</div>';});
  return out;}
// ---------------- the page
function show(){const f=D.frames[at],doc=decode(at,view);
  if(D.game==='x610z'){drawX610Z(doc,f.a===null||f.h.includes(view)?[]:namedDots(f.a));$('side').innerHTML=sideX610Z(doc);}else{drawZX(doc);$('side').innerHTML=sideZX(doc);}
  $('slider').value=at;$('step').textContent='position '+(at+1)+' of '+N;
  if(f.a!==null){const a=f.h.includes(view)?HIDDEN_CHOICE:f.a;  // named to its chooser only (docs/replay.md)
    $('action').innerHTML='<span class="who" style="color:'+colour(f.p)+'">player '+f.p+'</span>: '+esc(a);}
  else{const e=D.end;$('action').innerHTML=e.over?'<span class="over">game over after '+e.turns+' turns: '+
    (e.winners.length?'player '+e.winners.join(', ')+' won':'a draw')+' ('+esc(e.reason)+')</span>':'the record stops here';}
  document.body.dataset.frame=at;document.body.dataset.view=view;}
function go(k){at=Math.max(0,Math.min(N-1,k));show();}
function namedDots(text){return [...new Set(String(text).match(/[A-Za-z0-9-]+/g)||[])].filter(w=>D.board.dots[w]);}
window.addEventListener('resize',()=>show());  // the board's text keeps its size in pixels
$('slider').max=N-1;
D.views.forEach((v,i)=>{const o=document.createElement('option');o.value=i;o.textContent=v;$('view').appendChild(o);});
$('first').onclick=()=>go(0);$('prev').onclick=()=>go(at-1);$('next').onclick=()=>go(at+1);$('last').onclick=()=>go(N-1);
$('slider').oninput=e=>go(+e.target.value);$('view').onchange=e=>{view=+e.target.value;show();e.target.blur();};
// the slider and the selector take their own keys while they have the focus (the slider steps by itself)
document.addEventListener('keydown',e=>{if(e.target===$('slider')||(e.target&&e.target.tagName==='SELECT'))return;
  const k={ArrowLeft:at-1,ArrowRight:at+1,Home:0,End:N-1}[e.key];if(k===undefined)return;e.preventDefault();go(k);});
const start=/^#(\d+)(?:,(\d+))?$/.exec(location.hash);  // page.html#K or #K,V opens position K (from 1), view V
if(start){at=Math.max(0,Math.min(N-1,(+start[1])-1));view=Math.min(D.views.length-1,+(start[2]||0));$('view').value=view;}
show();
})();"""


__all__ = ["FORMAT", "decode", "page_data", "replay_html", "write_replay"]
