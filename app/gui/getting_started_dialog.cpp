#include "app/gui/getting_started_dialog.h"

#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace cf {
namespace {
constexpr int kDialogWidthPx = 640;  // about 80 characters a line (our choice)
constexpr int kDialogHeightPx = 600; // our choice
} // namespace

QString GettingStartedDialog::guideHtml()
{
    return QObject::tr(
        "<h2>Getting started with ClusterForge</h2>"
        "<p>ClusterForge predicts how fast and how expensive training a language model is on a GPU "
        "cluster you draw. Every figure names its source.</p>"
        "<h3>1. Draw the cluster</h3>"
        "<ul><li>Drag nodes, switches and storage from the <b>Palette</b> (left) onto the canvas. "
        "Type in the palette's search box to filter: a name, a vendor or a category (\"storage\").</li>"
        "<li>Press <b>L</b> (or Edit &gt; Draw Links) and drag from one part to another to link them.</li>"
        "<li>Or let <b>Tools &gt; Generate Fabric</b> (Ctrl+G) lay out a fat-tree, rail or spine-leaf "
        "fabric; or open one of <b>File &gt; Open Example</b>.</li></ul>"
        "<h3>2. Read the numbers</h3>"
        "<p>The <b>Predictions</b> bar (top) shows step time, MFU, power, cost and time to train; "
        "the <b>Charts</b> (bottom) show where the time, memory, power and money go. "
        "They update on every edit.</p>"
        "<h3>3. Choose the model and the split</h3>"
        "<p>The <b>Workload</b> dock (right) holds the model, batch and precision; the "
        "<b>Parallelism</b> dock the split (TP, PP, DP, CP, sharding). A new design starts from the "
        "best split for what is drawn, and DP follows the cluster. <b>Tools &gt; Find Best Split</b> "
        "(Ctrl+F) ranks every split; Apply uses one.</p>"
        "<h3>4. Fix problems</h3>"
        "<p>The <b>Problems</b> tab (beside Charts) lists what stops a prediction; double-click a "
        "line to go to the part or field.</p>"
        "<h3>5. Save and compare</h3>"
        "<p><b>File &gt; Save</b> (Ctrl+S) writes a design file; the design library keeps named "
        "designs and their variants, and <b>Tools &gt; Compare Variants</b> puts two to four side "
        "by side. Your work is also kept a few seconds after each edit, so a crash loses little.</p>"
        "<p><b>Help &gt; Keyboard Shortcuts</b> lists every key.</p>");
}

GettingStartedDialog::GettingStartedDialog(QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("gettingStartedDialog"));
    setWindowTitle(tr("Getting Started"));
    text_ = new QTextBrowser(this);
    text_->setObjectName(QStringLiteral("gettingStartedText"));
    text_->setHtml(guideHtml());
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(text_);
    layout->addWidget(buttons);
    resize(kDialogWidthPx, kDialogHeightPx);
}

} // namespace cf
