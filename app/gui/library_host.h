#pragma once
// What the design library asks of the window that holds the open document
// (LibraryController): the library keeps its own state (the store, where the
// open design came from, autosave) and calls back here for the document and
// for what the user sees.

#include "models/core/problem.h"

#include <QString>

namespace cf {

struct Design;
struct Headline;

class LibraryHost {
public:
    virtual const Design& libraryDesign() const = 0;
    // The open design's headline figures, stored beside a saved variant.
    virtual Headline libraryHeadline() const = 0;
    // Asks to save a modified design first; false when the user cancelled.
    virtual bool libraryMaybeSave() = 0;
    // The design as the window's new document, from no file.
    virtual void libraryShowDesign(const Design& design) = 0;
    // The library holds the document as it is now / the document is saved nowhere.
    virtual void libraryMarkSaved() = 0;
    virtual void libraryMarkModified() = 0;
    virtual bool libraryHasFile() const = 0;
    // The names changed: title, status bar and Summary again.
    virtual void libraryRefresh() = 0;
    virtual void libraryShowError(const QString& title, const QString& message) = 0;
    virtual void libraryShowStatus(const QString& text, int timeoutMs) = 0;
    virtual void libraryShowLoadWarnings(const QString& shownName, const Problems& warnings) = 0;

protected:
    ~LibraryHost() = default;
};

} // namespace cf
