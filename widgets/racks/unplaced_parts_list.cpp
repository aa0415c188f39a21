#include "widgets/racks/unplaced_parts_list.h"

#include "models/racks/rack_placement.h"
#include "widgets/document/design_document.h"

#include <QDataStream>
#include <QIODevice>
#include <QMimeData>

#include <algorithm>

namespace cf {
namespace {

enum Role { kPartRole = Qt::UserRole + 1, kFirstRole, kMembersRole };

} // namespace

const char* const UnplacedPartsList::kUnplacedMimeType = "application/x-clusterforge-unplaced-run";

UnplacedPartsList::UnplacedPartsList(const DesignDocument* document, const Catalog& catalog, QWidget* parent)
    : QListWidget(parent), document_(document), catalog_(catalog)
{
    setObjectName(QStringLiteral("rackUnplacedList"));
    setSelectionMode(QAbstractItemView::SingleSelection);
    setDragEnabled(true);
    setDragDropMode(QAbstractItemView::DragOnly);
    setContextMenuPolicy(Qt::CustomContextMenu);
    setToolTip(
        tr("Parts in no rack: drag one onto a free U of a rack, or right-click it for Place in Rack..."));
}

QString UnplacedPartsList::labelOf(const UnplacedRun& run) const
{
    const QString id = QString::fromStdString(run.partId);
    const QString name = document_->displayName(id);
    const Part* part = document_->part(id);
    const int heightU = part ? partHeightU(*part, catalog_) : kUnknownHeightU;
    if (!part || part->kind != PartKind::Node || std::max(1, part->count) == 1)
        return tr("%1 · %2 U").arg(name).arg(heightU);
    // Members are 0-based in the file; people count from 1.
    if (run.members == 1)
        return tr("%1 #%2 · %3 U").arg(name).arg(run.firstMember + 1).arg(heightU);
    return tr("%1 #%2–%3 · %4 × %5 U")
        .arg(name)
        .arg(run.firstMember + 1)
        .arg(run.firstMember + run.members)
        .arg(run.members)
        .arg(heightU);
}

void UnplacedPartsList::rebuild()
{
    clear();
    for (const UnplacedRun& run : unplacedRuns(document_->design())) {
        auto* item = new QListWidgetItem(labelOf(run), this);
        item->setData(kPartRole, QString::fromStdString(run.partId));
        item->setData(kFirstRole, run.firstMember);
        item->setData(kMembersRole, run.members);
        item->setToolTip(item->text());
    }
}

UnplacedRun UnplacedPartsList::runOf(const QListWidgetItem* item)
{
    return {item->data(kPartRole).toString().toStdString(), item->data(kFirstRole).toInt(),
            item->data(kMembersRole).toInt()};
}

QStringList UnplacedPartsList::mimeTypes() const
{
    return {QString::fromLatin1(kUnplacedMimeType)};
}

QMimeData* UnplacedPartsList::mimeData(const QList<QListWidgetItem*>& items) const
{
    if (items.isEmpty())
        return nullptr;
    const UnplacedRun run = runOf(items.front());
    QByteArray bytes;
    QDataStream out(&bytes, QIODevice::WriteOnly);
    out << QString::fromStdString(run.partId) << qint32(run.firstMember) << qint32(run.members);
    auto* mime = new QMimeData;
    mime->setData(QString::fromLatin1(kUnplacedMimeType), bytes);
    mime->setText(items.front()->text());
    return mime;
}

QMimeData* UnplacedPartsList::dragData(int row) const
{
    QListWidgetItem* it = item(row);
    return it ? mimeData({it}) : nullptr;
}

std::optional<UnplacedRun> UnplacedPartsList::runFromMime(const QMimeData* mime)
{
    if (!mime || !mime->hasFormat(QString::fromLatin1(kUnplacedMimeType)))
        return std::nullopt;
    QDataStream in(mime->data(QString::fromLatin1(kUnplacedMimeType)));
    QString partId;
    qint32 first = 0, members = 0;
    in >> partId >> first >> members;
    if (in.status() != QDataStream::Ok || partId.isEmpty())
        return std::nullopt;
    const UnplacedRun run{partId.toStdString(), first, members};
    return run;
}

} // namespace cf
