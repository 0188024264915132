"""Text of a list file (a deck list of either game): UTF-8 with an optional byte order mark, its errors typed by the
caller's rule."""

from __future__ import annotations


def decode_list_text(data: str | bytes, source: str, error: type, rule: str) -> str:
    """``data`` as text: a str as it is (a leading byte order mark dropped), bytes decoded as UTF-8. Anything else, or
    bytes that are not UTF-8, raise ``error`` (a :class:`tcbg.TcbgError` taking ``file``, ``where`` and ``rule``)
    naming ``source``, the line and ``rule``.

    >>> from tcbg.errors import DeckError
    >>> decode_list_text(b"\\xef\\xbb\\xbf2 Ashwing Drake", "deck.txt", DeckError, "D1")
    '2 Ashwing Drake'
    >>> decode_list_text(b"ok\\n\\xff", "deck.txt", DeckError, "D1")
    Traceback (most recent call last):
    ...
    tcbg.errors.DeckError: deck.txt: line 2: not UTF-8 text (invalid start byte at byte 3) [deck-format D1]
    """
    if isinstance(data, str):
        return data[1:] if data.startswith("\ufeff") else data
    if not isinstance(data, (bytes, bytearray)):
        raise error(f"a deck list is text (str, or UTF-8 bytes), not {type(data).__name__}", file=source, rule=rule)
    try:
        return bytes(data).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = bytes(data)[:exc.start].count(b"\n") + 1
        raise error(f"not UTF-8 text ({exc.reason} at byte {exc.start})", file=source, where=f"line {line}",
                    rule=rule) from None


def read_list_file(path: str, shipped: list[str], error: type, rule: str) -> bytes:
    """The bytes of the list file at ``path``; errors are ``error`` naming ``path`` and ``rule``: no such file (with
    the closest of the ``shipped`` names, or all of them), a folder, or a file that cannot be read."""
    import difflib

    try:
        with open(path, "rb") as handle:
            return handle.read()
    except FileNotFoundError:
        close = difflib.get_close_matches(path, shipped, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else f" (shipped decks: {', '.join(shipped)})"
        raise error(f"no shipped deck of this name and no such file{hint}", file=path, rule=rule) from None
    except IsADirectoryError:
        raise error("is a folder, not a deck list", file=path, rule=rule) from None
    except (OSError, ValueError) as exc:  # ValueError: a path with a NUL byte
        raise error(f"cannot be read ({getattr(exc, 'strerror', None) or exc})", file=path, rule=rule) from None
