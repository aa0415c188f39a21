// Crash safety of every file the engine and the CLI write (issue 7 item 4):
//  - saveDesignFile (the app's Save / Save As, generate -o, db export -o) goes
//    through QSaveFile: a write that fails half-way (the file-size limit
//    RLIMIT_FSIZE makes write() fail with EFBIG, even for root) leaves the
//    previous file byte for byte, no temporary file behind, and an error that
//    names the path;
//  - a save into a missing folder, a folder that is a file, over a folder, or
//    (when not root) into a read-only folder / over a read-only file fails
//    with a message and changes nothing;
//  - the real CLI (generate -o, db export -o) under the same limit exits 2 with
//    the message on stderr and the previous file intact;
//  - a source audit: no file in app/, models/ or widgets/ opens a file for
//    writing other than through QSaveFile (or SQLite, which is transactional).
// The GUI writers (BOM CSV/JSON/PDF, chart PNG/PDF, MainWindow::saveFile) are
// checked in tests/widgets/tst_atomic_exports.cpp.
#include "file_size_limit.h"
#include "models/catalog/resource_paths.h"
#include "models/design/design_json.h"
#include "test_designs.h"
#include "test_files.h"

#include "test_main.h"
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <cstdlib>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_atomic_writes {

using namespace cf;
using test::loadExample;

namespace {

using test::readFileBytes;
using test::writeFileBytes;

// Entries of `dir` other than `keep`: leftovers of a failed save.
QStringList strays(const QString& dir, const QStringList& keep)
{
    QStringList left;
    for (const QString& e :
         QDir(dir).entryList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden))
        if (!keep.contains(e))
            left << e;
    return left;
}

using test::FileSizeLimit; // RLIMIT_FSIZE for a scope (tests/support)

struct Run {
    int status = -1;
    QByteArray out, err;
};

// The real CLI with a file-size limit (fork, setrlimit, exec). HOME is `home`.
Run cliWithLimit(const QStringList& args, rlim_t limitBytes, const QString& home)
{
    const QByteArray program = qgetenv("CF_CLI_PATH");
    QTemporaryDir io;
    const QByteArray outPath = io.filePath("out").toLocal8Bit(), errPath = io.filePath("err").toLocal8Bit();
    std::vector<QByteArray> store = {program};
    for (const QString& a : args)
        store.push_back(a.toLocal8Bit());
    std::vector<char*> argv;
    for (QByteArray& b : store)
        argv.push_back(b.data());
    argv.push_back(nullptr);
    const QByteArray homeEnv = "HOME=" + home.toLocal8Bit();
    const QByteArray dataEnv = "XDG_DATA_HOME=" + home.toLocal8Bit() + "/data";
    const QByteArray configEnv = "XDG_CONFIG_HOME=" + home.toLocal8Bit() + "/config";
    std::vector<char*> envp = {const_cast<char*>(homeEnv.constData()), const_cast<char*>(dataEnv.constData()),
                               const_cast<char*>(configEnv.constData()),
                               const_cast<char*>("QT_QPA_PLATFORM=offscreen"), nullptr};
    // The output files are created before the limit applies in the child and
    // stay far below it (a few hundred bytes of messages).
    const int outFd = ::open(outPath.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int errFd = ::open(errPath.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const pid_t pid = fork();
    if (pid == 0) {
        dup2(outFd, 1);
        dup2(errFd, 2);
        std::signal(SIGXFSZ, SIG_IGN);
        rlimit lim{};
        getrlimit(RLIMIT_FSIZE, &lim);
        lim.rlim_cur = limitBytes;
        setrlimit(RLIMIT_FSIZE, &lim);
        execve(argv[0], argv.data(), envp.data());
        _exit(127);
    }
    ::close(outFd);
    ::close(errFd);
    int status = 0;
    waitpid(pid, &status, 0);
    Run r;
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = readFileBytes(QString::fromLocal8Bit(outPath));
    r.err = readFileBytes(QString::fromLocal8Bit(errPath));
    return r;
}

} // namespace

class TestAtomicWrites : public QObject {
    Q_OBJECT
private:
    QTemporaryDir home_;

private slots:
    void initTestCase()
    {
        QVERIFY(home_.isValid());
        QVERIFY(QDir().mkpath(home_.filePath("data")));
        QVERIFY(QDir().mkpath(home_.filePath("config")));
    }

    // A save that fails while writing leaves the previous file, and nothing else.
    void failedWriteKeepsThePreviousFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("design.json");
        QVERIFY(saveDesignFile(loadExample("scrappy-h100.json"), path.toStdString()).ok());
        std::string error;
        const QByteArray before = readFileBytes(path);
        const Design big = loadExample("fat-tree-256.json");
        QVERIFY(saveDesignJson(big).size() > std::size_t(4 * before.size()));
        {
            // Room for the small file, not for the new one: write() fails half-way.
            const FileSizeLimit limit(rlim_t(2 * before.size()));
            QVERIFY(limit.ok());
            const Result<void> saved = saveDesignFile(big, path.toStdString());
            QVERIFY(!saved.ok());
            error = failureMessage(saved.problems());
        }
        QVERIFY2(QString::fromStdString(error).contains(path), error.c_str());
        QVERIFY2(error.find("cannot save") == 0, error.c_str());
        QCOMPARE(readFileBytes(path), before);
        QCOMPARE(strays(dir.path(), {"design.json"}), QStringList());
        // And with room again, the same save goes through.
        const Result<void> again = saveDesignFile(big, path.toStdString());
        QVERIFY2(again.ok(), failureMessage(again.problems()).c_str());
        QCOMPARE(readFileBytes(path), QByteArray::fromStdString(saveDesignJson(big)));
        QCOMPARE(strays(dir.path(), {"design.json"}), QStringList());
    }

    void saveToAnImpossiblePlaceFails_data()
    {
        QTest::addColumn<QString>("setup"); // what stands in the way
        QTest::newRow("missing folder") << "missing";
        QTest::newRow("parent is a file") << "parent-file";
        QTest::newRow("target is a folder") << "target-folder";
        QTest::newRow("read-only folder") << "ro-folder";
        QTest::newRow("read-only file") << "ro-file";
        QTest::newRow("empty path") << "empty";
    }
    void saveToAnImpossiblePlaceFails()
    {
        QFETCH(QString, setup);
        QTemporaryDir dir;
        const Design d = loadExample("workhorse.json");
        QString path;
        QByteArray before;
        if (setup == "missing") {
            path = dir.filePath("no/such/folder/design.json");
        } else if (setup == "parent-file") {
            QVERIFY(writeFileBytes(dir.filePath("file"), "x"));
            path = dir.filePath("file/design.json");
        } else if (setup == "target-folder") {
            QVERIFY(QDir(dir.path()).mkdir("design.json"));
            path = dir.filePath("design.json");
        } else if (setup == "ro-folder" || setup == "ro-file") {
            if (geteuid() == 0)
                QSKIP(
                    "root ignores file permissions; failedWriteKeepsThePreviousFile covers a refused write");
            path = dir.filePath("design.json");
            before = "{\"previous\": true}\n";
            QVERIFY(writeFileBytes(path, before));
            if (setup == "ro-folder")
                QVERIFY(QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner));
            else
                QVERIFY(QFile::setPermissions(path, QFile::ReadOwner));
        } else {
            path = QString();
        }
        const Result<void> result = saveDesignFile(d, path.toStdString());
        const bool saved = result.ok();
        const std::string error = saved ? std::string() : failureMessage(result.problems());
        QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QVERIFY(!saved);
        QVERIFY2(error.find("cannot save " + path.toStdString() + ": ") == 0, error.c_str());
        QVERIFY2(error.size() > std::size_t(path.size()) + 15, error.c_str()); // a reason follows
        qInfo("SEES %s", error.c_str());
        if (!before.isEmpty())
            QCOMPARE(readFileBytes(path), before);
        if (setup == "target-folder")
            QVERIFY(QFileInfo(path).isDir());
        const QStringList expected = setup == "parent-file"     ? QStringList{"file"}
                                     : setup == "target-folder" ? QStringList{"design.json"}
                                     : before.isEmpty()         ? QStringList{}
                                                                : QStringList{"design.json"};
        QCOMPARE(strays(dir.path(), expected), QStringList());
    }

    // generate -o and db export -o over an existing file, the write failing half-way.
    void cliWritersKeepThePreviousFile_data()
    {
        QTest::addColumn<QString>("command");
        QTest::newRow("generate -o") << "generate";
        QTest::newRow("db export -o") << "export";
    }
    void cliWritersKeepThePreviousFile()
    {
        if (qEnvironmentVariableIsEmpty("CF_CLI_PATH"))
            QSKIP("CF_CLI_PATH is not set (run through ctest)");
        QFETCH(QString, command);
        QTemporaryDir dir;
        const QString target = dir.filePath("out.json");
        const QByteArray before = "{\"previous\": \"version\"}\n";
        QVERIFY(writeFileBytes(target, before));
        QStringList args;
        // A 2,048-node fat-tree, one part per switch: a design file of about 2 MB.
        const QStringList generate = {"generate", "--topology", "fat-tree", "--nodes",  "2048",     "--node",
                                      "dgx-h100", "--switch",   "qm9700",   "--layout", "expanded", "-o"};
        if (command == "generate") {
            args = generate + QStringList{target};
        } else {
            const QString db = dir.filePath("library.sqlite");
            const QString big = home_.filePath("big.json");
            QProcess gen;
            gen.start(qEnvironmentVariable("CF_CLI_PATH"), generate + QStringList{big});
            QVERIFY(gen.waitForFinished(120000));
            QVERIFY2(gen.exitCode() == 0, gen.readAllStandardError().constData());
            QProcess save;
            save.start(qEnvironmentVariable("CF_CLI_PATH"), {"db", "save", big, "--name", "big", "--db", db});
            QVERIFY(save.waitForFinished(60000));
            QVERIFY2(save.exitCode() == 0, save.readAllStandardError().constData());
            const QString id = QString::fromLatin1(save.readAllStandardOutput()).trimmed();
            args = {"db", "export", id, "-o", target, "--db", db};
        }
        // 256 KiB lets the CLI start (and SQLite open its 32 KiB shared-memory
        // file) but not write the design.
        const Run r = cliWithLimit(args, 256 * 1024, home_.path());
        QVERIFY2(r.status == 2,
                 qPrintable(QStringLiteral("exit %1: %2").arg(r.status).arg(QString::fromUtf8(r.err))));
        QVERIFY2(r.err.contains("-o: ") && r.err.contains(target.toUtf8()), r.err.constData());
        qInfo("SEES %s", r.err.left(r.err.indexOf('\n')).constData());
        QCOMPARE(readFileBytes(target), before);
        QStringList keep = {"out.json"};
        if (command == "export")
            keep << "library.sqlite"
                 << "library.sqlite-wal"
                 << "library.sqlite-shm";
        QCOMPARE(strays(dir.path(), keep), QStringList());
        // Without the limit the same command replaces the file.
        const Run ok = cliWithLimit(args, RLIM_INFINITY, home_.path());
        QVERIFY2(ok.status == 0, ok.err.constData());
        QVERIFY(readFileBytes(target) != before);
        QVERIFY(loadDesignFile(target.toStdString()).ok());
    }

    // Every place in the sources that opens a file for writing uses QSaveFile.
    void sourcesWriteFilesOnlyThroughQSaveFile()
    {
        // Calls that write straight to a path: not atomic.
        const QRegularExpression direct(QStringLiteral(
            R"((std::ofstream|std::fstream|\bfopen\s*\(|\bfreopen\s*\(|\bcreat\s*\(|->savePng\(|->savePdf\(|->saveJpg\(|)"
            R"(->saveBmp\(|->saveRastered\(|QPdfWriter\s+\w+\s*\(\s*(path|fileName|file\.fileName))|\.save\(\s*path)"));
        // QFile/QSaveFile objects opened for writing: the object's type is looked up.
        const QRegularExpression openForWrite(
            QStringLiteral(R"((\w+)(\.|->)open\([^)]*(WriteOnly|ReadWrite|Append))"));
        QStringList violations;
        int filesScanned = 0;
        for (const char* top : {"app", "models", "widgets"}) {
            QDirIterator it(QStringLiteral(CF_SOURCE_DIR "/") + top, {"*.cpp", "*.h"}, QDir::Files,
                            QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                QFile f(path);
                QVERIFY(f.open(QIODevice::ReadOnly));
                const QString text = QString::fromUtf8(f.readAll());
                ++filesScanned;
                const QStringList lines = text.split('\n');
                for (int i = 0; i < lines.size(); ++i) {
                    const QString& line = lines[i];
                    if (line.contains(QLatin1String("atomic-ok:")) ||
                        line.trimmed().startsWith(QLatin1String("//")))
                        continue; // justified on the line itself
                    const QString where = QStringLiteral("%1:%2: %3")
                                              .arg(path.mid(int(strlen(CF_SOURCE_DIR)) + 1))
                                              .arg(i + 1)
                                              .arg(line.trimmed());
                    if (direct.match(line).hasMatch())
                        violations << where;
                    const QRegularExpressionMatch m = openForWrite.match(line);
                    if (m.hasMatch()) {
                        const QString name = m.captured(1);
                        const QRegularExpression saveFileDecl(
                            QStringLiteral(R"(QSaveFile\s+%1\b)").arg(name));
                        const QRegularExpression bufferDecl(QStringLiteral(R"(QBuffer\s+%1\b)").arg(name));
                        if (bufferDecl.match(text).hasMatch())
                            continue; // memory, not a file
                        if (!saveFileDecl.match(text).hasMatch())
                            violations << where;
                        // QSaveFile::commit() ignores a failed flush of its buffer (Qt 6.4):
                        // only an unbuffered QSaveFile reports every short write.
                        else if (!line.contains(QLatin1String("Unbuffered")))
                            violations << where + QStringLiteral("  (QSaveFile must be opened Unbuffered)");
                    }
                }
            }
        }
        QVERIFY(filesScanned > 100);
        QVERIFY2(violations.isEmpty(), qPrintable("not atomic:\n" + violations.join('\n')));
    }
};

CF_TEST_GUILESS_MAIN(TestAtomicWrites)

} // namespace cf_tst_atomic_writes

#include "tst_atomic_writes.moc"
