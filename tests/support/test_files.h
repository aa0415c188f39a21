#pragma once
// File helpers shared by the tests: whole-file reads and writes that report
// failure instead of throwing (a test checks the result itself).

#include <QByteArray>
#include <QFile>
#include <QString>

namespace cf::test {

// The file's bytes, or empty when it cannot be opened.
inline QByteArray readFileBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Writes `bytes` over `path` directly (not atomically: tests use it to set up
// fixtures); false when the file cannot be opened or the write is short.
inline bool writeFileBytes(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace cf::test
