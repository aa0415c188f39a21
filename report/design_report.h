#pragma once
// The printable report of a design (issue 18, finding 11), QtGui only so that
// both the app (File/BOM ▸ PDF) and `clusterforge-cli report` write the same
// pages without Qt Widgets: a first page naming the design, the date, GPU and
// node counts, model, split and the headline predictions; the charts drawn to
// the page width; a picture of the fabric's tiers on the first page; the
// assumptions, the warnings and each catalog figure's source; the bill of materials at full width with prices
// on one line and its sources as numbered notes; a header and a footer on every page. Needs a QGuiApplication
// (fonts); A4 portrait, 300 dpi.

#include "models/bom/bill_of_materials.h"
#include "models/catalog/catalog.h"
#include "models/core/result.h"
#include "models/design/design.h"

#include <QDateTime>
#include <QImage>
#include <QString>

#include <string>

namespace cf {

struct DesignFacts;
struct Prediction;

class DesignReport {
public:
    // documentName: the name the app shows (file or library name); empty: the design's name.
    DesignReport(const Design& design, const Catalog& catalog, QString documentName = {},
                 QDateTime when = QDateTime::currentDateTimeUtc());

    QString title() const { return title_; }
    // The body as HTML; pictures referenced as "chart://topology", "chart://scaling" and "chart://cost".
    QString html() const;
    // A chart drawn `widthPx` wide (height in the report's proportion).
    QImage scalingChart(int widthPx) const;
    QImage costChart(int widthPx) const;
    // The fabric drawn as tiers over the node groups (fabric_picture.h), `widthPx` wide.
    QImage topologyPicture(int widthPx) const;
    // The PDF bytes, pages numbered "page N of M".
    QByteArray pdf() const;
    // pdf() written all or nothing (writeFileAtomically); problems name the path.
    Result<void> writePdf(const std::string& path) const;

private:
    QString headerHtml() const;
    QString designHtml(const DesignFacts& facts, const Prediction& p) const;
    QString predictionsHtml(const Prediction& p, const BillOfMaterials& bom, double provisioningW) const;
    QString powerNoteHtml(const Prediction& p, double provisioningW) const;
    // headingStyle: the heading's style attribute (a page break when no warnings page precedes it).
    QString assumptionsHtml(const QString& headingStyle) const;
    QString bomHtml(const BillOfMaterials& bom, double capexUsd) const;
    QString sourcesHtml() const;

    const Design& design_;
    const Catalog& catalog_;
    QString title_;
    QDateTime when_;
};

} // namespace cf
