// The DOT export (issue 17 item 4): renders with Graphviz (`dot -Tsvg`, Debian
// package graphviz), tiers as ranks, small groups as clusters and big groups
// collapsed into one box with their count.
#include "export_designs.h"
#include "models/export/dot_writer.h"

#include "test_main.h"
#include <QProcess>
#include <QStandardPaths>
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_export_dot {

using namespace cf;
using test::repoCatalog;

namespace {

int count(const std::string& text, const std::string& what)
{
    int n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

} // namespace

class TstExportDot : public QObject {
    Q_OBJECT
private slots:
    void rendersWithGraphviz()
    {
        const QString dot = QStandardPaths::findExecutable(QStringLiteral("dot"));
        if (dot.isEmpty())
            QSKIP("Graphviz's dot is not installed (Debian package: graphviz)");
        for (const Design& d : {test::railDgxB200(128), test::nvl72Racks(2)}) {
            const auto text = designToDot(d, repoCatalog());
            QVERIFY(text.ok());
            QProcess p;
            p.start(dot, {QStringLiteral("-Tsvg")});
            QVERIFY(p.waitForStarted());
            p.write(QByteArray::fromStdString(*text));
            p.closeWriteChannel();
            QVERIFY(p.waitForFinished(120000));
            const QByteArray svg = p.readAllStandardOutput();
            const QByteArray warnings = p.readAllStandardError();
            QVERIFY2(p.exitCode() == 0, warnings.constData());
            QVERIFY2(warnings.isEmpty(), warnings.constData());
            QVERIFY(svg.contains("<svg"));
            QVERIFY(svg.contains("gpu[001&#45;032]") || svg.contains("gpu[01&#45;18]"));
        }
    }

    void bigGroupsCollapseSmallOnesAreClusters()
    {
        const auto big = designToDot(test::railDgxB200(128), repoCatalog());
        QVERIFY(big.ok());
        QCOMPARE(count(*big, "subgraph cluster_"), 0);
        QCOMPARE(count(*big, "shape=box3d"), 4); // 4 SUs of 32 nodes
        QVERIFY(big->find("32 x DGX B200") != std::string::npos);
        QVERIFY(big->find("{ rank=same;") != std::string::npos);

        Design small;
        small.parts = {test::node("n", 4), test::sw("leaf")};
        small.links = {test::link("l", "n", "leaf", 8)};
        const auto drawn = designToDot(small, repoCatalog());
        QVERIFY(drawn.ok());
        QCOMPARE(count(*drawn, "subgraph cluster_p0"), 1);
        QCOMPARE(count(*drawn, " -- p0_"), 4); // one edge per member
        QVERIFY(drawn->find("xlabel=\"8 x 400G\"") != std::string::npos);
    }

    void namesAreEscaped()
    {
        Design d;
        d.name = "a \"quoted\" \\ name";
        d.parts = {test::node("n", 1), test::sw("leaf")};
        d.parts[0].name = "line\nbreak";
        d.links = {test::link("l", "n", "leaf", 1)};
        const auto text = designToDot(d, repoCatalog());
        QVERIFY(text.ok());
        QVERIFY(text->rfind("graph \"a \\\"quoted\\\" \\\\ name\" {", 0) == 0);
    }
};

CF_TEST_GUILESS_MAIN(TstExportDot)

} // namespace cf_tst_export_dot

#include "tst_export_dot.moc"
