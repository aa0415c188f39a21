#include "widgets/inspector/inspector_widget.h"

#include "models/catalog/catalog.h"
#include "models/design/field_table.h"
#include "models/validate/link_rules.h"
#include "widgets/document/design_document.h"
#include "widgets/document/spec_text.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace cf {

namespace {
QString q(const std::string& s)
{
    return QString::fromStdString(s);
}
// The rows the editors show (field_table.h): their keys are the document's
// property names, their design bounds what a valid design holds.
const FieldSpec<Part>& countRow()
{
    return partRow("parts.count");
}
const FieldSpec<Link>& speedRow()
{
    return linkRow("links.speedGbps");
}
const FieldSpec<Link>& cablesRow()
{
    return linkRow("links.cablesPerMember");
}
template <class S> QString keyOf(const FieldSpec<S>& f)
{
    return QString::fromStdString(f.key());
}
// A spin box's tooltip: the row's help, unit and design range.
template <class S> QString tipOf(const FieldSpec<S>& f)
{
    return QCoreApplication::translate("FieldTable", f.label) + QStringLiteral(": ") +
           QString::fromUtf8(f.help) + QStringLiteral(" (") +
           (*f.unit ? QString::fromUtf8(f.unit) + QStringLiteral(", ") : QString()) +
           QString::number(f.design.min, 'g', 10) + QStringLiteral(" to ") +
           QString::number(f.design.max, 'g', 10) + QStringLiteral(")");
}
enum Page { kEmptyPage, kPartPage, kLinkPage };
} // namespace

InspectorWidget::InspectorWidget(DesignDocument* document, const Catalog& catalog, QWidget* parent)
    : QWidget(parent), document_(document), catalog_(catalog), pages_(new QStackedWidget(this)),
      emptyLabel_(new QLabel(this)), error_(new QLabel(this))
{
    emptyLabel_->setAlignment(Qt::AlignCenter);
    emptyLabel_->setWordWrap(true);
    pages_->addWidget(emptyLabel_);
    pages_->addWidget(buildPartPage());
    pages_->addWidget(buildLinkPage());
    error_->setWordWrap(true);
    error_->setStyleSheet(QStringLiteral("color: #d32f2f;"));
    error_->hide();
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(pages_);
    layout->addWidget(error_);
    layout->addStretch();
    connect(document_, &DesignDocument::selectionChanged, this, &InspectorWidget::reload);
    connect(document_, &DesignDocument::designReset, this, &InspectorWidget::reload);
    connect(document_, &DesignDocument::selectionChanged, this, [this] { editStart_ = {}; });
    connect(document_, &DesignDocument::designReset, this, [this] { editStart_ = {}; });
    connect(document_, &DesignDocument::partChanged, this, &InspectorWidget::onObjectChanged);
    connect(document_, &DesignDocument::linkChanged, this, &InspectorWidget::onObjectChanged);
    reload();
}

void InspectorWidget::updateCountSuffix()
{
    // "1 node", "2 nodes" (issue 28 item 9: never "1 nodes").
    const Part* p = document_->part(currentId_);
    const PartKind kind = p ? p->kind : PartKind::Node;
    const bool one = count_->value() == 1;
    switch (kind) {
    case PartKind::Switch:
        count_->setSuffix(one ? tr(" switch") : tr(" switches"));
        break;
    case PartKind::Storage:
        count_->setSuffix(one ? tr(" system") : tr(" systems"));
        break;
    default:
        count_->setSuffix(one ? tr(" node") : tr(" nodes"));
        break;
    }
}

QWidget* InspectorWidget::buildPartPage()
{
    auto* page = new QWidget(this);
    auto* form = new QFormLayout(page);
    name_ = new QLineEdit(page);
    name_->setMaxLength(kMaxNameChars);
    count_ = new QSpinBox(page);
    // Past the design bound: a message, never applied.
    count_->setRange(0, static_cast<int>(countRow().design.max) * 10);
    count_->setToolTip(tipOf(countRow()));
    count_->setSuffix(tr(" nodes"));
    catalogId_ = new QLabel(page);
    catalogId_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    specs_ = new QLabel(page);
    specs_->setWordWrap(true);
    x_ = new QDoubleSpinBox(page);
    y_ = new QDoubleSpinBox(page);
    for (QDoubleSpinBox* s : {x_, y_}) {
        const FieldSpec<Part>& row = partRow(s == x_ ? "parts.x" : "parts.y");
        s->setRange(row.design.min, row.design.max);
        s->setToolTip(tipOf(row));
        s->setDecimals(0);
        s->setSuffix(tr(" px"));
    }
    form->addRow(tr("Name:"), name_);
    form->addRow(tr("Count:"), count_);
    form->addRow(tr("Catalog id:"), catalogId_);
    form->addRow(tr("Specs:"), specs_);
    form->addRow(tr("X (scene):"), x_);
    form->addRow(tr("Y (scene):"), y_);

    connect(name_, &QLineEdit::textEdited, this,
            [this](const QString& t) { applyPart(QStringLiteral("name"), t); });
    connect(count_, &QSpinBox::valueChanged, this, &InspectorWidget::updateCountSuffix);
    connect(count_, &QSpinBox::valueChanged, this, [this](int v) { applyPart(QStringLiteral("count"), v); });
    connect(x_, &QDoubleSpinBox::valueChanged, this, [this](double v) { applyPart(QStringLiteral("x"), v); });
    connect(y_, &QDoubleSpinBox::valueChanged, this, [this](double v) { applyPart(QStringLiteral("y"), v); });
    connect(name_, &QLineEdit::editingFinished, document_, &DesignDocument::closeMergeWindow);
    // A refused edit is undone before the undo step closes (same step).
    connect(count_, &QSpinBox::editingFinished, this, &InspectorWidget::endEdit);
    connect(count_, &QSpinBox::editingFinished, document_, &DesignDocument::closeMergeWindow);
    connect(x_, &QDoubleSpinBox::editingFinished, document_, &DesignDocument::closeMergeWindow);
    connect(y_, &QDoubleSpinBox::editingFinished, document_, &DesignDocument::closeMergeWindow);
    return page;
}

QWidget* InspectorWidget::buildLinkPage()
{
    auto* page = new QWidget(this);
    auto* form = new QFormLayout(page);
    ends_ = new QLabel(page);
    speed_ = new QDoubleSpinBox(page);
    speed_->setRange(0, speedRow().design.max * 10);
    speed_->setToolTip(tipOf(speedRow()));
    speed_->setDecimals(0);
    speed_->setSuffix(tr(" Gb/s"));
    medium_ = new QComboBox(page);
    for (Medium m : {Medium::NVLink, Medium::CopperDAC, Medium::AOC, Medium::Fibre, Medium::ACC})
        medium_->addItem(QString::fromLatin1(toString(m)), QString::fromLatin1(toString(m)));
    length_ = new QComboBox(page);
    length_->addItem(tr("in-rack (≤ 3 m)"), QStringLiteral("in-rack"));
    length_->addItem(tr("in-row (≤ 30 m)"), QStringLiteral("in-row"));
    length_->addItem(tr("campus (≤ 500 m)"), QStringLiteral("campus"));
    cables_ = new QSpinBox(page);
    cables_->setRange(0, static_cast<int>(cablesRow().design.max) * 10);
    cables_->setToolTip(tipOf(cablesRow()));
    cables_->setSuffix(tr(" cables"));
    form->addRow(tr("Ends:"), ends_);
    form->addRow(tr("Speed per cable:"), speed_);
    form->addRow(tr("Medium:"), medium_);
    form->addRow(tr("Length class:"), length_);
    form->addRow(tr("Cables per member:"), cables_);
    bandwidth_ = new QLabel(page);
    bandwidth_->setWordWrap(true);
    bandwidth_->setToolTip(
        tr("Cables per member × speed per cable = bandwidth per member, one direction "
           "(Gb/s = gigabits per second; 1 Tb/s = 1,000 Gb/s). A node group's link has this "
           "for every node of the group."));
    nicShare_ = new QLabel(page);
    nicShare_->setWordWrap(true);
    nicShare_->setToolTip(
        tr("This link's bandwidth per node over the node's NIC capacity (NICs × Gb/s per NIC). "
           "A node's links to switches together should reach 100 %: below, NICs stay idle; "
           "above, the node has more cables than NICs."));
    form->addRow(tr("Bandwidth:"), bandwidth_);
    form->addRow(tr("Node's NICs:"), nicShare_);
    connect(speed_, &QDoubleSpinBox::valueChanged, this,
            [this](double v) { applyLink(QStringLiteral("speedGbps"), v); });
    connect(medium_, &QComboBox::currentIndexChanged, this,
            [this](int) { applyLink(QStringLiteral("medium"), medium_->currentData()); });
    connect(length_, &QComboBox::currentIndexChanged, this,
            [this](int) { applyLink(QStringLiteral("lengthClass"), length_->currentData()); });
    connect(cables_, &QSpinBox::valueChanged, this, [this](int v) { applyLink(keyOf(cablesRow()), v); });
    connect(speed_, &QDoubleSpinBox::editingFinished, this, &InspectorWidget::endEdit);
    connect(cables_, &QSpinBox::editingFinished, this, &InspectorWidget::endEdit);
    connect(speed_, &QDoubleSpinBox::editingFinished, document_, &DesignDocument::closeMergeWindow);
    connect(cables_, &QSpinBox::editingFinished, document_, &DesignDocument::closeMergeWindow);
    return page;
}

QString InspectorWidget::bandwidthText() const
{
    return bandwidth_->text();
}
QString InspectorWidget::nicShareText() const
{
    return nicShare_->text();
}

QString InspectorWidget::errorText() const
{
    return error_->isHidden() ? QString() : error_->text();
}

void InspectorWidget::showError(const QString& text)
{
    error_->setText(text);
    error_->setVisible(!text.isEmpty());
}

void InspectorWidget::reload()
{
    const QStringList ids = document_->selectedIds();
    currentId_ = ids.size() == 1 ? ids.front() : QString();
    showError({});
    loading_ = true;
    if (const Part* p = document_->part(currentId_)) {
        pages_->setCurrentIndex(kPartPage);
        if (name_->text() != q(p->name))
            name_->setText(q(p->name));
        count_->setValue(p->count);
        // Node groups and switch arrays (issue 19) have a count; storage is always one.
        count_->setEnabled(p->kind != PartKind::Storage);
        updateCountSuffix();
        catalogId_->setText(q(p->catalogId));
        QString specs = tr("not in the catalog");
        if (const NodeSpec* n = catalog_.node(p->catalogId))
            specs = spec::nodeSummary(*n, catalog_);
        else if (const SwitchSpec* s = catalog_.switchSpec(p->catalogId))
            specs = spec::switchSummary(*s);
        else if (const StorageSpec* st = catalog_.storage(p->catalogId))
            specs = spec::storageSummary(*st);
        specs_->setText(specs);
        x_->setValue(p->x);
        y_->setValue(p->y);
    } else if (const Link* l = document_->link(currentId_)) {
        pages_->setCurrentIndex(kLinkPage);
        const Part* a = document_->part(q(l->fromPartId));
        const Part* b = document_->part(q(l->toPartId));
        ends_->setText(QStringLiteral("%1 ↔ %2").arg(a ? q(a->name) : q(l->fromPartId),
                                                     b ? q(b->name) : q(l->toPartId)));
        speed_->setValue(l->speedGbps);
        medium_->setCurrentIndex(medium_->findData(QString::fromLatin1(toString(l->medium))));
        length_->setCurrentIndex(length_->findData(QString::fromLatin1(toString(l->lengthClass))));
        cables_->setValue(l->cablesPerMember);
        const LinkCapacity capacity = LinkRules::capacityOf(document_->design(), catalog_, *l);
        bandwidth_->setText(spec::linkBandwidthText(capacity));
        const QString share = spec::nicShareText(capacity);
        nicShare_->setText(share.isEmpty() ? tr("no node end") : share);
    } else {
        pages_->setCurrentIndex(kEmptyPage);
        emptyLabel_->setText(ids.isEmpty() ? tr("Select a part or a link to see its properties.")
                                           : tr("%n items selected.", nullptr, int(ids.size())));
    }
    loading_ = false;
}

QVariant InspectorWidget::documentValue(const QString& property) const
{
    if (const Part* p = document_->part(currentId_); p && property == QLatin1String("count"))
        return p->count;
    if (const Link* l = document_->link(currentId_)) {
        if (property == QLatin1String("speedGbps"))
            return l->speedGbps;
        if (property == keyOf(cablesRow()))
            return l->cablesPerMember;
    }
    return {};
}

void InspectorWidget::rememberEditStart(const QString& property)
{
    // Typing applies each valid prefix ("4", "42", ...): remember what the
    // design held before the first keystroke of this edit.
    if (editStart_.property != property || editStart_.id != currentId_)
        editStart_ = {currentId_, property, documentValue(property)};
}

void InspectorWidget::endEdit()
{
    // The edit ends with a refused value on screen: put back what the design
    // held before the edit (merging into the same undo step), show it, and keep
    // the message. The screen never shows a value the design does not hold.
    const EditStart start = editStart_;
    editStart_ = {};
    const QString message = errorText();
    if (message.isEmpty() || start.id != currentId_ || !start.value.isValid())
        return;
    if (documentValue(start.property) != start.value) {
        if (document_->part(currentId_))
            document_->setPartProperty(currentId_, start.property, start.value);
        else
            document_->setLinkProperty(currentId_, start.property, start.value);
    }
    reload(); // the fields show the design again
    showError(message);
}

void InspectorWidget::onObjectChanged(const QString& id)
{
    if (loading_)
        return;
    if (id == currentId_ || touchesCurrentLink(id))
        reload();
}

bool InspectorWidget::touchesCurrentLink(const QString& id) const
{
    // The bandwidth and NIC share lines read the link's ends (a group's count)
    // and the node's other links (re-split NICs): O(1) per changed object.
    const Link* current = document_->link(currentId_);
    if (!current)
        return false;
    const auto isEnd = [&](const std::string& partId) {
        return partId == current->fromPartId || partId == current->toPartId;
    };
    if (const Link* other = document_->link(id))
        return isEnd(other->fromPartId) || isEnd(other->toPartId);
    return isEnd(id.toStdString());
}

void InspectorWidget::applyPart(const QString& property, const QVariant& value)
{
    const Part* p = document_->part(currentId_);
    if (loading_ || !p)
        return;
    rememberEditStart(property);
    QString error;
    QString notice; // shown, but the value is applied
    if (property == QLatin1String("name") && value.toString().trimmed().isEmpty())
        error = tr("Name: must not be empty.");
    else if (property == QLatin1String("name") && value.toString().size() >= kMaxNameChars)
        notice = tr("Name: at most %1 characters; the rest was cut.").arg(kMaxNameChars);
    else if (property == QLatin1String("count")) {
        const int n = value.toInt();
        if (p->kind == PartKind::Storage && n != 1)
            error = tr("Count: a storage system is always 1; place more of them instead.");
        else if (n < countRow().design.min ||
                 n > countRow().design.max) // a switch array has the node group's bound (our choice)
            error = tr("Count: %1 %2 is out of range (%3 to %4).")
                        .arg(n)
                        .arg(p->kind == PartKind::Switch ? tr("switches") : tr("nodes"))
                        .arg(static_cast<int>(countRow().design.min))
                        .arg(static_cast<int>(countRow().design.max));
    }
    if (error.isEmpty())
        document_->setPartProperty(currentId_, property, value); // reloads, which clears the message
    showError(error.isEmpty() ? notice : error);
}

void InspectorWidget::applyLink(const QString& property, const QVariant& value)
{
    if (loading_ || !document_->link(currentId_))
        return;
    rememberEditStart(property);
    QString error;
    if (property == QLatin1String("speedGbps")) {
        const double v = value.toDouble();
        if (v <= speedRow().design.min || v > speedRow().design.max)
            error = tr("Speed per cable: %1 Gb/s is out of range (above %2, at most %3 Gb/s).")
                        .arg(v)
                        .arg(speedRow().design.min)
                        .arg(speedRow().design.max);
    } else if (property == keyOf(cablesRow())) {
        const int v = value.toInt();
        if (v < cablesRow().design.min || v > cablesRow().design.max)
            error = tr("Cables per member: %1 is out of range (%2 to %3).")
                        .arg(v)
                        .arg(static_cast<int>(cablesRow().design.min))
                        .arg(static_cast<int>(cablesRow().design.max));
    }
    showError(error);
    if (error.isEmpty())
        document_->setLinkProperty(currentId_, property, value);
}

} // namespace cf
