// main() of a test executable that holds several Qt Test classes (test_main.h).
//   cf_engine_tests                 lists the tests it holds
//   cf_engine_tests NAME [ARGS...]  runs test NAME with Qt Test's ARGS
// NAME's application is made as QTEST_MAIN / QTEST_GUILESS_MAIN would make it, and
// its application name is NAME, as it was when each test was its own executable
// (QSettings and QStandardPaths folders depend on it).
#include "test_main.h"

#if defined(QT_WIDGETS_LIB)
#include <QApplication>
#elif defined(QT_GUI_LIB)
#include <QGuiApplication>
#endif
#include <QCoreApplication>

#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace cf::test {
namespace {

struct Registered {
    TestApp app;
    RunTest run;
};

// A function-local map: registrations run during static initialisation, in any order.
std::map<std::string, Registered>& registry()
{
    static std::map<std::string, Registered> tests;
    return tests;
}

std::string baseName(const char* file)
{
    std::string name(file);
    const auto slash = name.find_last_of("/\\");
    if (slash != std::string::npos)
        name.erase(0, slash + 1);
    const auto dot = name.find('.');
    if (dot != std::string::npos)
        name.erase(dot);
    return name;
}

int listTests(const char* program)
{
    std::printf("usage: %s TEST [Qt Test arguments]\ntests:\n", program);
    for (const auto& [name, test] : registry())
        std::printf("  %s\n", name.c_str());
    return 2;
}

template <typename Application>
int runIn(const std::string& name, const Registered& test, int argc, char** argv)
{
    Application app(argc, argv);
    app.setAttribute(Qt::AA_Use96Dpi, true);
    QCoreApplication::setApplicationName(QString::fromStdString(name));
    return test.run(argc, argv);
}

} // namespace

bool registerTest(const char* file, TestApp app, RunTest run)
{
    const auto [it, inserted] = registry().emplace(baseName(file), Registered{app, run});
    if (!inserted)
        std::fprintf(stderr, "test_main: two tests are named %s\n", it->first.c_str());
    return inserted;
}

} // namespace cf::test

int main(int argc, char** argv)
{
    using namespace cf::test;
    if (argc < 2 || argv[1][0] == '-')
        return listTests(argv[0]);
    const std::string name = argv[1];
    const auto found = registry().find(name);
    if (found == registry().end()) {
        std::fprintf(stderr, "%s: no test named '%s'\n", argv[0], name.c_str());
        listTests(argv[0]);
        return 2;
    }
    // Qt Test sees the test's own arguments, with the program name first.
    std::vector<char*> args{argv[0]};
    args.insert(args.end(), argv + 2, argv + argc);
    args.push_back(nullptr);
    int count = argc - 1;
    if (found->second.app == TestApp::Core)
        return runIn<QCoreApplication>(name, found->second, count, args.data());
#if defined(QT_WIDGETS_LIB)
    return runIn<QApplication>(name, found->second, count, args.data());
#elif defined(QT_GUI_LIB)
    return runIn<QGuiApplication>(name, found->second, count, args.data());
#else
    return runIn<QCoreApplication>(name, found->second, count, args.data());
#endif
}
