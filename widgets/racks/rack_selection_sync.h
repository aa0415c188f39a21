#pragma once
// One selection for the canvas and the rack elevation: a part box selected in
// the racks selects its part in the document (and centres the canvas on a
// single one); the document's selection highlights every box of its parts and
// scrolls the first into sight. A flag keeps either direction from echoing
// back, and a scene rebuild from touching the document.

#include <utility>

class QGraphicsView;
class QWidget;

namespace cf {

class DesignDocument;
class RackScene;

class RackSelectionSync {
public:
    RackSelectionSync(DesignDocument* document, RackScene* scene, QGraphicsView* view)
        : document_(document), scene_(scene), view_(view)
    {}

    // The scene's selection changed: select the same parts in the document.
    void fromScene();
    // The document's selection changed: select the boxes (scrolled to while `shown` is visible).
    void fromDocument(const QWidget* shown);
    // Runs `change` (a scene rebuild) without passing its selection changes on.
    template <typename F> void quietly(F&& change)
    {
        syncing_ = true;
        std::forward<F>(change)();
        syncing_ = false;
    }

private:
    DesignDocument* document_;
    RackScene* scene_;
    QGraphicsView* view_;
    bool syncing_ = false;
};

} // namespace cf
