#pragma once
// File ▸ Open Recent (issue 6, item 2): the designs opened or saved last,
// newest first, at most kMaxEntries, kept in QSettings (array "recentDesigns").
// An entry is either a design file on disk or a variant in the design library;
// a library entry records the variant id, the library file it lives in and the
// variant's creation time, so a deleted variant whose id SQLite reused later is
// not mistaken for it. The menu itself is the main window's; this class only
// keeps the list (testable without a window).

#include <QDateTime>
#include <QObject>
#include <QString>

#include <vector>

namespace cf {

struct RecentDesign {
    enum class Kind { File, LibraryVariant };
    Kind kind = Kind::File;
    QString path;         // File: absolute path of the .json
    QString libraryPath;  // LibraryVariant: the store's database file
    qint64 variantId = 0; // LibraryVariant
    QDateTime created;    // LibraryVariant: the variant's creation time (UTC); invalid = not checked
    QString designName;   // LibraryVariant: for the label
    QString variantName;  // LibraryVariant: for the label

    static RecentDesign file(const QString& path);
    static RecentDesign variant(const QString& libraryPath, qint64 variantId, const QDateTime& created,
                                const QString& designName, const QString& variantName);

    bool isFile() const { return kind == Kind::File; }
    // "workhorse.json" or "Workhorse — RoCE (library)".
    QString label() const;
    // The same file (same absolute path) or the same variant of the same library.
    bool sameTarget(const RecentDesign& other) const;
};

class RecentDesigns : public QObject {
    Q_OBJECT
public:
    static constexpr int kMaxEntries = 8; // our choice, the usual length of such menus
    static QString settingsKey() { return QStringLiteral("recentDesigns"); }

    // Reads the list from QSettings; malformed entries are dropped.
    explicit RecentDesigns(QObject* parent = nullptr);

    const std::vector<RecentDesign>& entries() const { return entries_; }
    bool isEmpty() const { return entries_.empty(); }

    // Put `entry` first (an earlier entry for the same target goes), keep at most
    // kMaxEntries, write QSettings and emit changed().
    void add(const RecentDesign& entry);
    void addFile(const QString& path) { add(RecentDesign::file(path)); }
    // Drop every entry for the same target as `entry`; false when none.
    bool remove(const RecentDesign& entry);
    // Update an entry in place (e.g. its names after a rename), keeping its
    // position; false when no entry has that target or nothing changed.
    bool replace(const RecentDesign& entry);
    void clear();
    // Re-read QSettings (another window may have written it).
    void load();

    // The menu labels of all entries: file names, with the folder added when
    // two files share a name.
    QStringList labels() const;

signals:
    void changed();

private:
    void save() const;

    std::vector<RecentDesign> entries_;
};

} // namespace cf
