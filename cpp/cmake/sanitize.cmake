# The sanitizer build (docs/testing.md): -DTCBG_SANITIZE=address,undefined builds every target of this build (the
# core, its C++ tests and the Python module) with those sanitizers. Frame pointers stay for readable stacks, and an
# undefined-behaviour report aborts the program, so a test run cannot pass over one. Included by the top-level
# CMakeLists.txt and by the core's standalone build (cmake -S cpp); the first include sets it up.
include_guard(GLOBAL)
set(TCBG_SANITIZE "" CACHE STRING "Sanitizers to build with (-fsanitize=...), e.g. address,undefined; docs/testing.md")
if(TCBG_SANITIZE)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    message(FATAL_ERROR "TCBG_SANITIZE needs GCC or Clang")
  endif()
  add_compile_options(-fsanitize=${TCBG_SANITIZE} -fno-omit-frame-pointer -g)
  add_link_options(-fsanitize=${TCBG_SANITIZE})
  if(TCBG_SANITIZE MATCHES "undefined")
    add_compile_options(-fno-sanitize-recover=undefined)
  endif()
  message(STATUS "tcbg: sanitizers ${TCBG_SANITIZE}")
endif()
