"""Finding a card set's definitions: the Python module its ``"effects"`` field names (docs/card-data.md C14), with
the shared loader (:func:`tcbg.effects.loading.load_definitions`); a shipped X610Z card set's effects file lies in
``tcbg/x610z/cardsets``.

``"effects": "ruins.py"`` is a file beside the card file; ``"effects": "mypackage.cards"`` an importable module.
Either defines ``EFFECTS``, a mapping of card names to definitions. Loading a card set with effects runs that
module, as importing any Python module does: load card sets from sources you trust.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tcbg.effects import loading as shared
from tcbg.effects.loading import EffectsFileFinder, module_name_of  # noqa: F401 - X610Z's modules find them here


def load_definitions(reference: Any, source: str) -> Mapping[str, Any]:
    """The ``EFFECTS`` mapping of the module ``reference`` names; ``source`` is the card file (a relative ``.py``
    path is found beside it, a shipped card set's in ``tcbg/x610z/cardsets``). Any failure raises
    :class:`tcbg.CardError` (rule C14)."""
    return shared.load_definitions(reference, source, shipped="tcbg.x610z")
