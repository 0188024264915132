// The C++-only test programs' one assertion: CHECK(cond, printf-format, ...) prints the file, line and message of a
// failed condition and counts it, so one run reports every failure rather than stopping at the first; a program
// ends with `return report("name");` (0 when nothing failed).
#pragma once

#include <cstdio>

namespace tcbg_test {

inline int failures = 0;

inline int report(const char* program) {
  if (failures) {
    std::printf("%s: %d failures\n", program, failures);
    return 1;
  }
  std::printf("%s: ok\n", program);
  return 0;
}

}  // namespace tcbg_test

#define CHECK(cond, ...)                                 \
  do {                                                   \
    if (!(cond)) {                                       \
      std::printf("FAIL %s:%d: ", __FILE__, __LINE__);   \
      std::printf(__VA_ARGS__);                          \
      std::printf("\n");                                 \
      ++tcbg_test::failures;                             \
    }                                                    \
  } while (0)
