#include "widgets/library/recent_designs.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSettings>

#include <algorithm>

namespace cf {
namespace {

const QString kKind = QStringLiteral("kind");
const QString kPath = QStringLiteral("path");
const QString kLibrary = QStringLiteral("library");
const QString kVariantId = QStringLiteral("variantId");
const QString kCreated = QStringLiteral("created");
const QString kDesign = QStringLiteral("design");
const QString kVariant = QStringLiteral("variant");
const QString kKindFile = QStringLiteral("file");
const QString kKindVariant = QStringLiteral("libraryVariant");

QString tr(const char* text)
{
    return QCoreApplication::translate("cf::RecentDesigns", text);
}

QString normalisedPath(const QString& path)
{
    return path.isEmpty() ? QString() : QDir::cleanPath(QFileInfo(path).absoluteFilePath());
}

} // namespace

RecentDesign RecentDesign::file(const QString& path)
{
    RecentDesign e;
    e.kind = Kind::File;
    e.path = normalisedPath(path);
    return e;
}

RecentDesign RecentDesign::variant(const QString& libraryPath, qint64 variantId, const QDateTime& created,
                                   const QString& designName, const QString& variantName)
{
    RecentDesign e;
    e.kind = Kind::LibraryVariant;
    e.libraryPath = normalisedPath(libraryPath);
    e.variantId = variantId;
    e.created = created.toUTC();
    e.designName = designName;
    e.variantName = variantName;
    return e;
}

QString RecentDesign::label() const
{
    if (isFile())
        return QFileInfo(path).fileName();
    const QString design = designName.trimmed().isEmpty() ? tr("Untitled") : designName.trimmed();
    const QString variant = variantName.trimmed();
    return (variant.isEmpty() ? design : design + QStringLiteral(" \u2014 ") + variant) + tr(" (library)");
}

bool RecentDesign::sameTarget(const RecentDesign& other) const
{
    if (kind != other.kind)
        return false;
    if (isFile())
        return path == other.path;
    return variantId == other.variantId && libraryPath == other.libraryPath;
}

RecentDesigns::RecentDesigns(QObject* parent) : QObject(parent)
{
    load();
}

void RecentDesigns::load()
{
    entries_.clear();
    QSettings settings;
    const int size = settings.beginReadArray(settingsKey());
    for (int i = 0; i < size && int(entries_.size()) < kMaxEntries; ++i) {
        settings.setArrayIndex(i);
        const QString kind = settings.value(kKind).toString();
        RecentDesign e;
        if (kind == kKindFile) {
            e = RecentDesign::file(settings.value(kPath).toString());
            if (e.path.isEmpty())
                continue;
        } else if (kind == kKindVariant) {
            bool ok = false;
            const qint64 id = settings.value(kVariantId).toLongLong(&ok);
            const QString library = settings.value(kLibrary).toString();
            if (!ok || id <= 0 || library.isEmpty())
                continue;
            e = RecentDesign::variant(
                library, id, QDateTime::fromString(settings.value(kCreated).toString(), Qt::ISODateWithMs),
                settings.value(kDesign).toString(), settings.value(kVariant).toString());
        } else {
            continue; // unknown kind (a newer version wrote it, or a hand edit): skipped
        }
        const bool duplicate = std::any_of(entries_.begin(), entries_.end(),
                                           [&](const RecentDesign& o) { return o.sameTarget(e); });
        if (!duplicate)
            entries_.push_back(e);
    }
    settings.endArray();
}

void RecentDesigns::save() const
{
    QSettings settings;
    settings.remove(settingsKey()); // a shorter list leaves no stale tail behind
    settings.beginWriteArray(settingsKey(), int(entries_.size()));
    for (int i = 0; i < int(entries_.size()); ++i) {
        const RecentDesign& e = entries_[std::size_t(i)];
        settings.setArrayIndex(i);
        if (e.isFile()) {
            settings.setValue(kKind, kKindFile);
            settings.setValue(kPath, e.path);
        } else {
            settings.setValue(kKind, kKindVariant);
            settings.setValue(kLibrary, e.libraryPath);
            settings.setValue(kVariantId, e.variantId);
            settings.setValue(kCreated,
                              e.created.isValid() ? e.created.toString(Qt::ISODateWithMs) : QString());
            settings.setValue(kDesign, e.designName);
            settings.setValue(kVariant, e.variantName);
        }
    }
    settings.endArray();
}

void RecentDesigns::add(const RecentDesign& entry)
{
    if (entry.isFile() ? entry.path.isEmpty() : (entry.variantId <= 0 || entry.libraryPath.isEmpty()))
        return;
    entries_.erase(std::remove_if(entries_.begin(), entries_.end(),
                                  [&](const RecentDesign& o) { return o.sameTarget(entry); }),
                   entries_.end());
    entries_.insert(entries_.begin(), entry);
    if (int(entries_.size()) > kMaxEntries)
        entries_.resize(kMaxEntries);
    save();
    emit changed();
}

bool RecentDesigns::remove(const RecentDesign& entry)
{
    const auto end = std::remove_if(entries_.begin(), entries_.end(),
                                    [&](const RecentDesign& o) { return o.sameTarget(entry); });
    if (end == entries_.end())
        return false;
    entries_.erase(end, entries_.end());
    save();
    emit changed();
    return true;
}

bool RecentDesigns::replace(const RecentDesign& entry)
{
    const auto it = std::find_if(entries_.begin(), entries_.end(),
                                 [&](const RecentDesign& o) { return o.sameTarget(entry); });
    if (it == entries_.end())
        return false;
    if (it->created == entry.created && it->designName == entry.designName &&
        it->variantName == entry.variantName)
        return false;
    *it = entry;
    save();
    emit changed();
    return true;
}

void RecentDesigns::clear()
{
    entries_.clear();
    save();
    emit changed();
}

QStringList RecentDesigns::labels() const
{
    QStringList out;
    for (const RecentDesign& e : entries_) {
        QString label = e.label();
        if (e.isFile()) {
            const bool shared = std::count_if(entries_.begin(), entries_.end(), [&](const RecentDesign& o) {
                                    return o.isFile() && o.label() == label;
                                }) > 1;
            if (shared)
                label +=
                    QStringLiteral(" \u2014 ") + QDir::toNativeSeparators(QFileInfo(e.path).absolutePath());
        }
        out << label;
    }
    return out;
}

} // namespace cf
