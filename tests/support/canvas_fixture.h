#pragma once
// The MainWindow-free canvas the canvas and undo tests drive: a DesignDocument
// and a DesignView on it, built on the source tree's catalog (repoCatalog()).

#include "models/design/design_json.h"
#include "test_designs.h"
#include "widgets/canvas/design_view.h"
#include "widgets/document/design_document.h"

#include <QSize>
#include <QTest>

#include <memory>
#include <string>

namespace cf::test {

// The document as the file would hold it: undo must restore it byte for byte.
inline std::string designJson(const DesignDocument& doc)
{
    return saveDesignJson(doc.design());
}

struct CanvasFixture {
    DesignDocument doc;
    std::unique_ptr<DesignView> view;

    // An empty document; the view is `size` and not shown yet.
    explicit CanvasFixture(QSize size) { build(size); }
    // `design` is loaded before the view exists, as when a file is opened.
    CanvasFixture(QSize size, const Design& design)
    {
        doc.resetDesign(design);
        build(size);
    }

    // Shows the view; false when the window system never exposed it.
    [[nodiscard]] bool showExposed()
    {
        view->show();
        return QTest::qWaitForWindowExposed(view.get());
    }
    QPoint at(QPointF scenePos) const { return view->mapFromScene(scenePos); }
    std::string json() const { return designJson(doc); }

private:
    void build(QSize size)
    {
        view = std::make_unique<DesignView>(&doc, repoCatalog());
        view->resize(size);
    }
};

} // namespace cf::test
