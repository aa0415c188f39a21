// libFuzzer target: the CLI flag parsing (cf::cli::runCli) with string streams.
// The input is split at '\n' into an argument vector. Tokens "@0".."@3" become the
// example designs so that commands reach their flag handling with a real design.
// Skipped for safety/speed: `db` (opens the user's database) and any argument
// vector whose `-o`/`--output` value would name a file other than our temp path:
// every -o/--output value is rewritten to a per-process file under /tmp.
#include "app/cli/commands.h"

#include <QCoreApplication>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

const char* const kExamples[] = {
    CF_SOURCE_DIR "/resources/examples/scrappy-a100.json",
    CF_SOURCE_DIR "/resources/examples/scrappy-h100.json",
    CF_SOURCE_DIR "/resources/examples/workhorse.json",
    CF_SOURCE_DIR "/resources/examples/fat-tree-256.json",
};
constexpr std::size_t kMaxArgs = 64; // our choice: far more than any real command line

std::string tempOutput()
{
    static const std::string path = "/tmp/cf_fuzz_cli_" + std::to_string(::getpid()) + ".json";
    return path;
}

bool isOutputFlag(const std::string& a)
{
    return a == "-o" || a == "--output";
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv)
{
    static QCoreApplication app(*argc, *argv); // Catalog::builtin() asks QStandardPaths
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    cf::cli::Args args;
    std::string current;
    for (std::size_t i = 0; i < size; ++i) {
        const char c = static_cast<char>(data[i]);
        if (c == '\n') {
            args.push_back(current);
            current.clear();
        } else {
            current.push_back(c);
        }
    }
    if (!current.empty())
        args.push_back(current);
    if (args.size() > kMaxArgs)
        return -1; // not added to the corpus
    if (!args.empty() && args.front() == "db")
        return -1;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string& a = args[i];
        if (a.size() == 2 && a[0] == '@' && a[1] >= '0' && a[1] <= '3')
            a = kExamples[a[1] - '0'];
        else if (isOutputFlag(a) && i + 1 < args.size())
            args[++i] = tempOutput();
        else if (a.rfind("-o=", 0) == 0 || a.rfind("--output=", 0) == 0)
            a = a.substr(0, a.find('=') + 1) + tempOutput();
    }
    std::ostringstream out, err;
    cf::cli::runCli(args, out, err);
    std::remove(tempOutput().c_str()); // what `generate -o` wrote, if anything
    return 0;
}
