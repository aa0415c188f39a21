#include "widgets/canvas/empty_canvas_hint.h"

#include "widgets/document/design_document.h"

#include <QAbstractScrollArea>
#include <QCoreApplication>

#include <algorithm>

namespace cf {

namespace {
// At most this wide, and this far in from the viewport's edges, pixels (our choice).
constexpr int kHintMaxWidthPx = 460;
constexpr int kHintMarginPx = 24;
} // namespace

EmptyCanvasHint::EmptyCanvasHint(QAbstractScrollArea* view, const DesignDocument* document)
    : QLabel(view), view_(view), document_(document)
{
    setObjectName(QStringLiteral("emptyCanvasHint"));
    setWordWrap(true);
    setAlignment(Qt::AlignCenter);
    setMaximumWidth(kHintMaxWidthPx);
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setStyleSheet(QStringLiteral("color: #444; background: rgba(255,255,255,230); padding: 8px;"));
    // The canvas's words: translated in the view's context.
    setText(QCoreApplication::translate(
        "cf::DesignView", "<b>An empty design.</b> Drag nodes, a switch and storage from the <b>Palette</b> "
                          "onto this canvas and press <b>L</b> to draw links; or use <b>Tools &gt; Generate "
                          "Fabric</b> (Ctrl+G); or start from <b>File &gt; Open Example</b>. "
                          "<b>Help &gt; Getting Started</b> explains the rest."));
    for (auto signal : {&DesignDocument::partAdded, &DesignDocument::partRemoved})
        connect(document_, signal, this, [this] { refresh(); });
    connect(document_, &DesignDocument::designReset, this, [this] { refresh(); });
    refresh();
}

void EmptyCanvasHint::refresh()
{
    const bool empty = document_->design().parts.empty();
    setVisible(empty);
    if (!empty)
        return;
    const QRect area =
        view_->viewport()->geometry().adjusted(kHintMarginPx, kHintMarginPx, -kHintMarginPx, -kHintMarginPx);
    const int width = std::max(0, std::min(kHintMaxWidthPx, area.width()));
    const int height = std::max(0, std::min(area.height(), heightForWidth(width)));
    QRect box(0, 0, width, height);
    box.moveCenter(area.center());
    setGeometry(box);
    raise();
}

} // namespace cf
