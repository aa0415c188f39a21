// Issue 13: the project stands alone and keeps the layout the README describes.
// These read the source tree (CF_SOURCE_DIR), so a new folder missing from the
// README's map, an include that crosses layers the wrong way, or a path outside
// the repository fails here rather than in a user's fresh clone.

#include "test_main.h"
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QMap>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

#include <algorithm>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_project_layout {

namespace {

const QString kSourceDir = QStringLiteral(CF_SOURCE_DIR);
const QStringList kLayers = {QStringLiteral("app"), QStringLiteral("models"), QStringLiteral("report"),
                             QStringLiteral("widgets")};

QString readText(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

// The lines of the README's "## Folders" code block.
QStringList folderMapLines()
{
    const QString readme = readText(kSourceDir + QStringLiteral("/README.md"));
    const qsizetype section = readme.indexOf(QStringLiteral("\n## Folders"));
    if (section < 0)
        return {};
    const qsizetype open = readme.indexOf(QStringLiteral("```"), section);
    const qsizetype close = readme.indexOf(QStringLiteral("```"), open + 3);
    if (open < 0 || close < 0)
        return {};
    return readme.mid(open + 3, close - open - 3).split(QLatin1Char('\n'));
}

// Folders the map names under app/, models/ and widgets/: "app/cli/" at the left
// margin, or "  design/" indented under the last top-level "models/" line.
QSet<QString> foldersInMap()
{
    static const QRegularExpression top(QStringLiteral(R"(^([a-z]+)/([a-z_]+/)?\s)"));
    static const QRegularExpression child(QStringLiteral(R"(^  ([a-z_]+)/\s)"));
    QSet<QString> folders;
    QString parent;
    for (const QString& line : folderMapLines()) {
        if (const QRegularExpressionMatch m = top.match(line); m.hasMatch()) {
            parent = m.captured(1);
            if (!m.captured(2).isEmpty())
                folders.insert(parent + QLatin1Char('/') + m.captured(2).chopped(1));
        } else if (const QRegularExpressionMatch c = child.match(line); c.hasMatch() && !parent.isEmpty()) {
            folders.insert(parent + QLatin1Char('/') + c.captured(1));
        }
    }
    return folders;
}

QSet<QString> foldersOnDisk()
{
    QSet<QString> folders;
    for (const QString& layer : kLayers)
        for (const QString& sub :
             QDir(kSourceDir + QLatin1Char('/') + layer).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
            folders.insert(layer + QLatin1Char('/') + sub);
    return folders;
}

// Every source file of the given top-level folders, relative to the repository.
QStringList sourceFiles(const QStringList& tops)
{
    QStringList files;
    for (const QString& top : tops) {
        QDirIterator it(kSourceDir + QLatin1Char('/') + top, {QStringLiteral("*.cpp"), QStringLiteral("*.h")},
                        QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            files << it.next().mid(kSourceDir.size() + 1);
    }
    return files;
}

QStringList quotedIncludes(const QString& text)
{
    static const QRegularExpression include(QStringLiteral("^\\s*#\\s*include\\s+\"([^\"]+)\""),
                                            QRegularExpression::MultilineOption);
    QStringList out;
    for (auto it = include.globalMatch(text); it.hasNext();)
        out << it.next().captured(1);
    return out;
}

// The engine's layers as models/CMakeLists.txt links them: each
// `cf_engine_layer(<folder> <layers below>...)` line, folder -> layers it links.
QMap<QString, QStringList> engineLayerTable()
{
    static const QRegularExpression call(
        QStringLiteral(R"(^cf_engine_layer\(([a-z_]+)((?:\s+[a-z_]+)*)\s*\))"),
        QRegularExpression::MultilineOption);
    QMap<QString, QStringList> table;
    const QString text = readText(kSourceDir + QStringLiteral("/models/CMakeLists.txt"));
    for (auto it = call.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        table.insert(m.captured(1), m.captured(2).split(QLatin1Char(' '), Qt::SkipEmptyParts));
    }
    return table;
}

// A layer and every layer below it (what it may include); empty when the
// table has a loop through it.
QSet<QString> layersReachable(const QMap<QString, QStringList>& table, const QString& layer,
                              QStringList path = {})
{
    if (path.contains(layer))
        return {};
    path << layer;
    QSet<QString> out{layer};
    for (const QString& below : table.value(layer)) {
        const QSet<QString> more = layersReachable(table, below, path);
        if (more.isEmpty())
            return {};
        out |= more;
    }
    return out;
}

} // namespace

class TstProjectLayout : public QObject {
    Q_OBJECT

private slots:
    void readmeFolderMapNamesEveryFolder()
    {
        const QSet<QString> map = foldersInMap();
        QVERIFY2(!map.isEmpty(), "README.md has no \"## Folders\" code block");
        const QSet<QString> disk = foldersOnDisk();
        QVERIFY(!disk.isEmpty());
        QStringList missing = (disk - map).values();
        QStringList stale = (map - disk).values();
        missing.sort();
        stale.sort();
        QVERIFY2(missing.isEmpty(),
                 qPrintable(QStringLiteral("folders not in README's map: ") + missing.join(", ")));
        QVERIFY2(
            stale.isEmpty(),
            qPrintable(QStringLiteral("README's map names folders that do not exist: ") + stale.join(", ")));
    }

    // Includes name their layer from the root, and data flows one way: the
    // engine never includes a view or a front end, the report (the PDF both front
    // ends print, a library beside the engine) only the engine, and a view no
    // front end.
    void includesNameTheirLayerAndFlowOneWay()
    {
        QStringList violations;
        const QStringList files = sourceFiles(kLayers);
        QVERIFY(files.size() > 100);
        for (const QString& file : files) {
            for (const QString& inc : quotedIncludes(readText(kSourceDir + QLatin1Char('/') + file))) {
                const QString layer = inc.section(QLatin1Char('/'), 0, 0);
                if (!kLayers.contains(layer) || !inc.contains(QLatin1Char('/')))
                    violations << file + QStringLiteral(": \"") + inc +
                                      QStringLiteral("\" does not name its layer");
                else if (file.startsWith(QLatin1String("models/")) && layer != QLatin1String("models"))
                    violations << file + QStringLiteral(": the engine includes \"") + inc + QLatin1Char('"');
                else if (file.startsWith(QLatin1String("report/")) && layer != QLatin1String("models") &&
                         layer != QLatin1String("report"))
                    violations << file + QStringLiteral(": the report includes \"") + inc + QLatin1Char('"');
                else if (file.startsWith(QLatin1String("widgets/")) && layer == QLatin1String("app"))
                    violations << file + QStringLiteral(": a widget includes the application \"") + inc +
                                      QLatin1Char('"');
            }
        }
        QVERIFY2(violations.isEmpty(), qPrintable(violations.join('\n')));
    }

    // Issue 30: each folder of models/ is a layer, a library that links only the
    // layers below it (the cf_engine_layer() table in models/CMakeLists.txt). The
    // build already fails on an include of a layer that is not below (a layer
    // compiles with its own headers and those of the layers it links, see
    // engine_upward_include_fails in tests/CMakeLists.txt); this names every such
    // file and line at once, and keeps the table whole and free of loops.
    void engineLayersIncludeOnlyLayersBelow()
    {
        const QMap<QString, QStringList> table = engineLayerTable();
        QVERIFY2(table.size() >= 10, "models/CMakeLists.txt has no cf_engine_layer() table");
        QStringList problems;
        for (const QString& folder :
             QDir(kSourceDir + QStringLiteral("/models")).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
            if (!table.contains(folder))
                problems << QStringLiteral("models/%1/ is no layer of models/CMakeLists.txt").arg(folder);
        for (auto it = table.cbegin(); it != table.cend(); ++it) {
            for (const QString& below : it.value())
                if (!table.contains(below))
                    problems << QStringLiteral("layer %1 links %2, which is no layer").arg(it.key(), below);
            if (layersReachable(table, it.key()).isEmpty())
                problems << QStringLiteral("layer %1 is in a loop of links").arg(it.key());
        }
        static const QRegularExpression include(
            QStringLiteral("^\\s*#\\s*include\\s+\"(models/([a-z_]+)/[^\"]+)\""));
        const QStringList files = sourceFiles({QStringLiteral("models")});
        QVERIFY(files.size() > 100);
        for (const QString& file : files) {
            if (file.count(QLatin1Char('/')) != 2) {
                problems << file +
                                QStringLiteral(
                                    ": not directly in a layer's folder (the build globs models/<layer>/*)");
                continue;
            }
            const QString layer = file.section(QLatin1Char('/'), 1, 1);
            const QSet<QString> allowed = layersReachable(table, layer);
            const QStringList lines = readText(kSourceDir + QLatin1Char('/') + file).split(QLatin1Char('\n'));
            for (int i = 0; i < lines.size(); ++i) {
                const QRegularExpressionMatch m = include.match(lines[i]);
                if (m.hasMatch() && !allowed.contains(m.captured(2)))
                    problems << QStringLiteral("%1:%2: layer %3 includes \"%4\", but %5 is not below %3")
                                    .arg(file)
                                    .arg(i + 1)
                                    .arg(layer, m.captured(1), m.captured(2));
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));
    }

    // Issue 30 item 3: the site calibration the GUI's Calibration dialog fits is
    // the engine's (models/calibration); app/validation is the accuracy harness,
    // which the GUI uses only for Help > Model accuracy, and no GUI file takes
    // the CLI's flag handling (app/cli).
    void guiTakesOnlyTheAccuracyHarnessFromTheCli()
    {
        static const QStringList harnessUsers = {QStringLiteral("app/gui/model_accuracy_dialog."),
                                                 QStringLiteral("app/gui/accuracy_table_model.")};
        QStringList problems;
        const QStringList files = sourceFiles({QStringLiteral("app/gui")});
        QVERIFY(files.size() > 10);
        for (const QString& file : files) {
            const bool harnessUser = std::any_of(harnessUsers.begin(), harnessUsers.end(),
                                                 [&](const QString& p) { return file.startsWith(p); });
            for (const QString& inc : quotedIncludes(readText(kSourceDir + QLatin1Char('/') + file)))
                if (inc.startsWith(QLatin1String("app/cli/")) ||
                    (inc.startsWith(QLatin1String("app/validation/")) && !harnessUser))
                    problems << file + QStringLiteral(": includes \"") + inc + QLatin1Char('"');
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));
    }

    // Issue 13 item 1: nothing reads a path outside the repository (a user's
    // clone has nothing beside it).
    void nothingReachesOutsideTheRepository()
    {
        static const QRegularExpression outside(QStringLiteral(R"((\.\./)+shared\b|shared/refdata)"));
        QStringList hits;
        QStringList files =
            sourceFiles(kLayers + QStringList{QStringLiteral("tests"), QStringLiteral("bench")});
        for (const char* extra : {"CMakeLists.txt", "CMakePresets.json", "scripts/setup.sh", ".ci/run"})
            files << QString::fromLatin1(extra);
        for (const QString& file : files) {
            if (file.endsWith(QLatin1String("tst_project_layout.cpp")))
                continue; // this file names the pattern it looks for
            const QStringList lines = readText(kSourceDir + QLatin1Char('/') + file).split(QLatin1Char('\n'));
            for (int i = 0; i < lines.size(); ++i)
                if (outside.match(lines[i]).hasMatch())
                    hits << QStringLiteral("%1:%2: %3").arg(file).arg(i + 1).arg(lines[i].trimmed());
        }
        QVERIFY(files.size() > 150);
        QVERIFY2(hits.isEmpty(), qPrintable(hits.join('\n')));
    }

    // The validation data the tests and the accuracy report use ships inside
    // the repository, each file with its sources named in the folder's README.
    void validationDataShipsWithItsSources()
    {
        const QString dir = QStringLiteral(CF_VALIDATION_DIR);
        QVERIFY2(dir.startsWith(kSourceDir + QLatin1Char('/')), qPrintable(dir));
        const QString readme = readText(dir + QStringLiteral("/README.md"));
        QVERIFY2(!readme.isEmpty(), "resources/validation/README.md is missing");
        const QStringList data =
            QDir(dir).entryList({QStringLiteral("*.csv"), QStringLiteral("*.json")}, QDir::Files);
        QVERIFY(data.contains(QStringLiteral("calibration.csv")));
        QVERIFY(data.contains(QStringLiteral("calibration_moe.csv")));
        QVERIFY(data.contains(QStringLiteral("collectives.csv")));
        for (const QString& file : data)
            QVERIFY2(readme.contains(file),
                     qPrintable(file + QStringLiteral(" is not described in the README")));
    }
};

CF_TEST_GUILESS_MAIN(TstProjectLayout)

} // namespace cf_tst_project_layout

#include "tst_project_layout.moc"
