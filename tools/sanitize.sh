#!/usr/bin/env bash
# The sanitizer run (docs/testing.md): builds the core and the Python module with AddressSanitizer and
# UndefinedBehaviorSanitizer (-DTCBG_SANITIZE=address,undefined) into build/sanitize, then runs the fuzz tests and a
# soak of both games on that module.
#
#   tools/sanitize.sh [MINUTES]      # the soak's length, 2 minutes unless given
#
# The module goes into a package tree of its own (build/sanitize/site/tcbg: links to src/tcbg's files, the sanitized
# _core in place of the usual one), so the tree's own build is left as it is. Python itself is not built with ASan,
# so libasan is preloaded, and libstdc++ with it (Python does not link it: ASan's interceptor of C++ throws finds
# the real one only if it is loaded from the start); leak checks are off (the interpreter keeps memory to its exit
# by design), and any error ASan or UBSan reports aborts the run with its stack (pytest runs with -s, so that the
# report is not lost in its captured output).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
minutes=${1:-2}
python=${PYTHON:-python}
build="$root/build/sanitize"
site="$build/site"

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTCBG_BUILD_PYTHON=ON \
  -DTCBG_SANITIZE=address,undefined -Dpybind11_DIR="$("$python" -m pybind11 --cmakedir)" \
  -DPython_EXECUTABLE="$(command -v "$python")" >/dev/null
cmake --build "$build" -j "${JOBS:-2}" >"$build/build.log" 2>&1 || { tail -40 "$build/build.log"; exit 1; }

rm -rf "$site" && mkdir -p "$site/tcbg"
for entry in "$root"/src/tcbg/*; do
  case "$(basename "$entry")" in _core*.so|__pycache__) ;; *) ln -s "$entry" "$site/tcbg/" ;; esac
done
cp "$build"/python/_core*.so "$site/tcbg/"

export LD_PRELOAD="$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libstdc++.so)"
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:strict_init_order=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export PYTHONPATH="$site" PYTHONDONTWRITEBYTECODE=1
"$python" -c "import tcbg, sys; assert tcbg.__file__.startswith('$site'), tcbg.__file__"

cd "$root"
"$python" -m pytest -n 0 -q -s -p no:cacheprovider tests/test_fuzz_inputs.py tests/x610z/test_state_limits.py \
  tests/x610z/test_position_native.py tests/zx/test_position.py tests/x610z/test_actions.py tests/zx/test_actions.py
"$python" tools/soak.py --minutes "$minutes"
echo "sanitizer run passed: fuzz tests and a ${minutes}-minute soak under ASan and UBSan"
