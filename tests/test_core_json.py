"""The core's JSON reader (cpp/include/tcbg/core/json.hpp), shared by the games' position readers: strict RFC 8259
JSON with the limits of src/tcbg/_jsonfile.py. What it reads it reads as Python's json module does; what it refuses
is either not JSON or beyond a limit (NaN, Infinity, a number too large for a double, too many digits, too deep, a
key twice, a lone surrogate, bytes that are not UTF-8)."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tcbg._core import json_parse

BIG = "<big integer>"  # what the binding gives for an integer beyond 64 bits (the core keeps its digit count only)


def core(text, **limits):
    result = json_parse(text, **limits)
    return result[1] if result[0] else ("refused", result[1])


def refused(text, **limits) -> str:
    result = json_parse(text, **limits)
    assert not result[0], f"{text!r} read as {result[1]!r}"
    return result[1]


def expected(value):
    """json.loads's value as the binding shows it: integers beyond 64 bits as BIG."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return value if -(2**64) < value < 2**64 else BIG
    if isinstance(value, list):
        return [expected(v) for v in value]
    if isinstance(value, dict):
        return {k: expected(v) for k, v in value.items()}
    return value


@pytest.mark.parametrize("text", [
    "0", "-0", "1", "-1", "123456789", "18446744073709551615", "-18446744073709551615", "18446744073709551616",
    "9" * 4300, "-" + "9" * 4300, "1.5", "-0.0", "1e5", "1E-5", "1.5e+3", "1.5E308", "4.9e-324", "1e-400",
    "0.1", "123.456e-7", "true", "false", "null", '""', '"a"', '"\\"\\\\\\/\\b\\f\\n\\r\\t"', '"\\u0000"',
    '"\\u00e9"', '"\\u20AC"', '"\\ud83d\\ude00"', '"é€😀"', '"\\u0041B"', "[]", "{}", "[[]]", '{"a": {}}',
    ' \t\r\n[1 , 2 ]\n', '{"a": 1, "b": [true, null, {"c": "d"}]}', '{"": 0}', '{"a": 1, "A": 2}',
    '[' * 200 + ']' * 200,
])
def test_reads_what_python_reads(text):
    assert core(text) == expected(json.loads(text))


@pytest.mark.parametrize("text, why", [
    ("", "expecting a value"), (" ", "expecting a value"), ("[1,]", "expecting a value"),
    ("{,}", "expecting a key"), ('{"a" 1}', "expecting ':'"), ('{"a": 1,}', "expecting a key"),
    ("[1 2]", "expecting ','"), ('{"a": 1 "b": 2}', "expecting ','"), ("01", "extra data"), ("1.", "extra data"),
    (".5", "expecting a value"), ("+1", "expecting a value"), ("-", "expecting a value"), ("--1", "expecting a value"),
    ("1e", "extra data"), ("NaN", "NaN and Infinity"), ("Infinity", "NaN and Infinity"),
    ("-Infinity", "NaN and Infinity"), ("[NaN]", "NaN and Infinity"), ("1e400", "not finite"),
    ("-1e400", "not finite"), ('"\x01"', "control character"), ('"a\nb"', "control character"),
    ('"\\x"', "invalid escape"), ('"\\u12"', "four hex digits"), ('"\\u12g4"', "four hex digits"),
    ('"\\ud800"', "lone UTF-16 surrogate"), ('"\\udc00"', "lone UTF-16 surrogate"),
    ('"\\ud800\\u0041"', "lone UTF-16 surrogate"), ('"\\ud800x"', "lone UTF-16 surrogate"),
    ('"abc', "ends inside a string"), ("[", "expecting a value"), ("[1", "ends inside"), ("]", "expecting a value"),
    ("{", "expecting a key"), ('{"a": 1}x', "extra data"), ("tru", "expecting a value"), ("nul", "expecting a value"),
    ("'a'", "expecting a value"), ("\ufeff{}", "expecting a value"), ("[1]]", "extra data"),
    ('{"a": 1, "a": 2}', 'the key "a" twice'), ('[{"b": [{"x": 1, "y": 2, "x": 3}]}]', 'the key "x" twice'),
])
def test_refuses_what_is_not_json_or_beyond_a_limit(text, why):
    assert why in refused(text)


def test_a_key_twice_in_a_large_object():
    members = [f'"k{i}": {i}' for i in range(40)]
    assert core("{" + ", ".join(members) + "}") == {f"k{i}": i for i in range(40)}
    assert 'the key "k7" twice' in refused("{" + ", ".join(members + ['"k7": 0']) + "}")


def test_limits():
    """Nesting depth and integer digits (src/tcbg/_jsonfile.py: 4,300 digits, Python's int limit)."""
    assert core("[" * 512 + "]" * 512) is not None
    assert "nested too deeply" in refused("[" * 513 + "]" * 513)
    assert "nested too deeply" in refused('{"a": ' * 513 + "1" + "}" * 513)
    assert core("[[[1]]]", max_depth=3) == [[[1]]]
    assert "nested too deeply" in refused("[[[[1]]]]", max_depth=3)
    assert core("9" * 4300) == BIG
    assert "more digits" in refused("9" * 4301)
    assert "more digits" in refused("-" + "9" * 4301)
    assert core("12345", max_int_digits=5) == 12345
    assert "more digits" in refused("123456", max_int_digits=5)
    assert "not finite" in refused("1" + "0" * 5000 + ".5")  # Python reads it as inf: refused, not JSON's


@pytest.mark.parametrize("data, why", [
    (b'"\xff"', "not UTF-8"), (b'"\xc0\x80"', "not UTF-8"), (b'"\xed\xa0\x80"', "not UTF-8"),
    (b'"\xf4\x90\x80\x80"', "not UTF-8"), (b'"\xe2\x82"', "not UTF-8"), (b'"\x80"', "not UTF-8"),
    (b'"\xe0\x80\x80"', "not UTF-8"), (b'"\xf0\x80\x80\x80"', "not UTF-8"), (b"\xc3\xa9", "expecting a value"),
])
def test_only_well_formed_utf8(data, why):
    assert why in refused(data)


def test_utf8_of_every_length_reads():
    for ch in ("é", "€", "😀", "\U0010ffff", "\ud7ff", "\ue000"):
        assert core(json.dumps(ch, ensure_ascii=False).encode()) == ch


def test_where_an_error_is():
    ok, reason, offset, line, column = json_parse('{\n  "a": [1,\n   ]\n}')
    assert (ok, line, column, offset) == (False, 3, 4, 16) and "expecting a value" in reason


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.integers(-10, 10)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=4), children, max_size=4),
    max_leaves=20)


@settings(max_examples=400, deadline=None)
@given(json_values, st.booleans(), st.sampled_from([None, 1, "\t"]))
def test_reads_json_dumps_as_json_loads(value, ascii_only, indent):
    text = json.dumps(value, ensure_ascii=ascii_only, indent=indent)
    assert core(text) == expected(json.loads(text))


@settings(max_examples=1500, deadline=None)
@given(st.text(alphabet='[]{}",:0123456789-+.eE tnrufalsNI\\ud8x\n', max_size=24))
def test_never_reads_what_python_refuses(text):
    """Random near-JSON texts: whatever the core reads, Python reads to the same value (the core is the stricter)."""
    result = json_parse(text)
    if not result[0]:
        return

    def no_twice(pairs):
        keys = [k for k, _ in pairs]
        assert len(set(keys)) == len(keys), text
        return dict(pairs)

    value = json.loads(text, object_pairs_hook=no_twice)
    assert not (isinstance(value, float) and math.isinf(value))
    assert result[1] == expected(value)
