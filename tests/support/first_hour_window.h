#pragma once
// A design started with File > New and drawn as a user draws it: a QM9700 leaf
// and DGX H100 nodes linked to it (tst_first_hour_defaults, tst_first_hour_two).

#include "app/gui/main_window.h"
#include "widgets/canvas/design_view.h"

#include <QAction>
#include <QPointF>

namespace cf::test {

// `count` DGX H100 nodes in a row at height y, 300 scene units apart from
// firstX, each linked to `leaf`; false if a link was refused.
inline bool addLinkedNodes(DesignView* view, const QString& leaf, int count, double firstX, double y)
{
    constexpr double kNodeSpacing = 300.0; // scene units (our choice: nodes do not overlap)
    for (int i = 0; i < count; ++i)
        if (view->tryAddLink(
                    view->placePart(QStringLiteral("dgx-h100"), QPointF(firstX + kNodeSpacing * i, y)), leaf)
                .isEmpty())
            return false;
    return true;
}

// File > New, a leaf switch above and `nodes` linked nodes below it; the
// leaf's id, or empty if a link was refused.
inline QString newDesignWithNodes(MainWindow& w, int nodes, double firstX)
{
    w.findChild<QAction*>(QStringLiteral("actionNew"))->trigger();
    DesignView* view = w.view();
    const QString leaf = view->placePart(QStringLiteral("qm9700"), QPointF(0, -300));
    return addLinkedNodes(view, leaf, nodes, firstX, 0) ? leaf : QString();
}

} // namespace cf::test
