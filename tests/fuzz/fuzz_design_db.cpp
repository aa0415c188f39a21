// libFuzzer target: an arbitrary file opened as a design database
// (DesignStore::open, listDesigns, listVariants, loadVariant, workingCopy).
// Each input is written to a per-process temp file; the store may migrate it.
#include "models/store/design_store.h"

#include <QCoreApplication>
#include <QFile>

#include <cstddef>
#include <cstdint>
#include <string>
#include <unistd.h>

namespace {

const QString& dbPath()
{
    static const QString path = QStringLiteral("/tmp/cf_fuzz_db_%1.sqlite").arg(::getpid());
    return path;
}

void removeDb()
{
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
        QFile::remove(dbPath() + QLatin1String(suffix));
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv)
{
    static QCoreApplication app(*argc, *argv); // QSqlDatabase loads the QSQLITE plugin
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    removeDb();
    {
        QFile file(dbPath());
        if (!file.open(QIODevice::WriteOnly))
            return 0;
        file.write(reinterpret_cast<const char*>(data), static_cast<qint64>(size));
    }
    {
        cf::DesignStore store;
        cf::DesignStore::Options options;
        options.create = false;
        options.busyTimeoutMs = 0;
        if (store.open(dbPath(), options)) {
            if (auto designs = store.listDesigns()) {
                for (const cf::DesignRow& d : *designs) {
                    auto variants = store.listVariants(d.id);
                    if (!variants)
                        continue;
                    for (const cf::VariantRow& v : *variants)
                        (void)store.loadVariant(v.id);
                }
            }
            (void)store.workingCopy();
            (void)store.checkIntegrity();
        }
        store.close();
    }
    removeDb();
    return 0;
}
