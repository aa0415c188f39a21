#pragma once
// Several Qt Test classes in one executable (issue 24: one moc-and-link per area
// instead of one per test). Each tst_*.cpp ends with CF_TEST_MAIN(Class) or
// CF_TEST_GUILESS_MAIN(Class) where it used to say QTEST_MAIN / QTEST_GUILESS_MAIN;
// test_main.cpp's main() runs the one named by its first argument, so ctest still
// lists and reports every test on its own:  cf_engine_tests tst_catalog [qtest args].

#include <QtTest>

namespace cf::test {

// The application a test gets, as QTEST_MAIN and QTEST_GUILESS_MAIN chose it:
// Full is the richest the executable links (QApplication with Qt Widgets,
// QGuiApplication with Qt Gui), Core is QCoreApplication.
enum class TestApp { Core, Full };

using RunTest = int (*)(int argc, char** argv);

// Called by the macros below before main(); `file` is the test's __FILE__, whose
// base name ("tst_catalog") is the name ctest and main() know it by.
bool registerTest(const char* file, TestApp app, RunTest run);

} // namespace cf::test

#define CF_TEST_REGISTER_(TestObject, appKind)                                                               \
    namespace {                                                                                              \
    int cfRunTest_##TestObject(int argc, char** argv)                                                        \
    {                                                                                                        \
        TestObject tc;                                                                                       \
        QTEST_SET_MAIN_SOURCE_PATH                                                                           \
        return QTest::qExec(&tc, argc, argv);                                                                \
    }                                                                                                        \
    [[maybe_unused]] const bool cfTestRegistered_##TestObject =                                              \
        cf::test::registerTest(__FILE__, appKind, &cfRunTest_##TestObject);                                  \
    }

#define CF_TEST_MAIN(TestObject) CF_TEST_REGISTER_(TestObject, cf::test::TestApp::Full)
#define CF_TEST_GUILESS_MAIN(TestObject) CF_TEST_REGISTER_(TestObject, cf::test::TestApp::Core)
