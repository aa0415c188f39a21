#pragma once
// The words over an empty canvas: how a first-time user begins (the palette,
// Generate Fabric, an example); shown while the document has no part. The
// mouse and drops from the palette pass through it to the canvas. A child of
// the view, not of its viewport: a scroll moves the viewport's children with
// the scene.

#include <QLabel>

class QAbstractScrollArea;

namespace cf {

class DesignDocument;

class EmptyCanvasHint : public QLabel {
public:
    // Follows `document`'s parts; the view calls refresh() when it resizes.
    EmptyCanvasHint(QAbstractScrollArea* view, const DesignDocument* document);

    // Shown, centred on the view's viewport and inside it whatever its size,
    // while the design has no part; hidden otherwise.
    void refresh();

private:
    QAbstractScrollArea* view_;
    const DesignDocument* document_;
};

} // namespace cf
