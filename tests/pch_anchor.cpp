// The one source of the precompiled-header targets in tests/CMakeLists.txt
// (cf_engine_test_pch, cf_gui_test_pch): CMake builds a precompiled header per
// target that has at least one source; the tests then reuse it.
