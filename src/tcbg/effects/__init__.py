"""The card-effect machinery every game shares (docs/effects.md): card abilities written in Python as declarative
objects that read like the card's text, compiled into flat int32 tables when the game is created, and run by the
core's interpreter (``cpp/include/tcbg/core/effects.hpp``), which pauses for a player's choice and resumes with its
position in the State. Each game adds its own filters, effects, instructions, kinds of abilities and events.

Modules:

- :mod:`tcbg.effects.errors`: ``CompileError``, ``fail``, ``name_of``, ``walk``, ``small_int``;
- :mod:`tcbg.effects.refs`: references (``Ref``, ``Target``, ``Chosen``, ``Each``, ``ControllerOf``, ``SELF``,
  ``YOU`` ...) and the ``Filter`` base;
- :mod:`tcbg.effects.values`: amounts and conditions (``Count``, ``StatOf``, ``Sum`` ..., ``AtLeast``, ``And`` ...);
- :mod:`tcbg.effects.actions`: ``Effect``, ``If``, ``May``, ``PythonEffect`` and the durations;
- :mod:`tcbg.effects.kinds`: ``Ability``, ``When``, ``Triggered``, ``Continuous``, ``Keyword``, ``Definition``;
- :mod:`tcbg.effects.program`: the ``Program`` builder a game's compiler subclasses;
- :mod:`tcbg.effects.tables`: the ``TableBuilder`` and the ``NativeTables`` base;
- :mod:`tcbg.effects.native`: ``CoreOp`` (the core's opcodes), ``Ctx``, ``CoreKind``, ``Choose``, ``Duration``,
  ``extend`` (a game's enums), ``compute`` and the ``Disassembler``;
- :mod:`tcbg.effects.loading`: ``load_definitions`` (card-data C14) and the slow path's ``SlowPath`` hook.

>>> from tcbg.effects.native import CoreOp
>>> int(CoreOp.PYTHON), int(CoreOp.CHOOSE)
(31, 18)
"""
