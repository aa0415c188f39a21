#pragma once
// Hostile values everywhere a number enters outside the GUI (issue 7 item 3),
// tested in three executables:
//  - tst_hostile_file: the design file, each numeric and text field replaced
//    by a hostile value, read in-process;
//  - tst_hostile_cli: the real clusterforge-cli, each flag given each hostile
//    value, plus 1 MB values in-process and accepted extremes that must
//    produce a finite report;
//  - tst_hostile_engine: the property test over hostile-but-accepted designs,
//    workloads, splits and economics.
// docs/hardening.md "Hostile inputs" lists what the user sees for each row.
// This header holds the values and helpers more than one of them uses.

#include <QByteArray>

#include <cstddef>
#include <string>

namespace cf::test {

constexpr std::size_t kOneMiB = 1024 * 1024;
// Longest single argument Linux passes to a program (MAX_ARG_STRLEN = 32 pages,
// including the terminating NUL).
constexpr std::size_t kLongestArg = 128 * 1024 - 1;
// A refused value never makes a long message: the CLI quotes at most 40 bytes
// of a value; the rest of a message is a sentence (our bound for the test).
constexpr std::size_t kMaxStderrBytes = 4096;

inline const std::string kNonUtf8 = "\xff\xfe\xc3(";

inline std::string longText(std::size_t n)
{
    return std::string(n, 'a');
}

inline QByteArray bytes(const std::string& s)
{
    return QByteArray(s.data(), qsizetype(s.size()));
}

inline std::string str(const QByteArray& b)
{
    return std::string(b.constData(), std::size_t(b.size()));
}

} // namespace cf::test
