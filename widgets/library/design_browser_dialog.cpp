#include "widgets/library/design_browser_dialog.h"

#include "models/store/design_store.h"
#include "widgets/library/figure_delegate.h"
#include "widgets/library/library_listing.h"
#include "widgets/library/library_rows.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTreeView>
#include <QVBoxLayout>

namespace cf {

namespace {
constexpr int kColumnGap = 16; // pixels added to each fitted column (our choice)
} // namespace

DesignBrowserDialog::DesignBrowserDialog(DesignStore* store, QWidget* parent) : QDialog(parent), store_(store)
{
    setWindowTitle(tr("Open from Library"));
    setObjectName(QStringLiteral("designBrowser"));
    auto* layout = new QVBoxLayout(this);

    search_ = new QLineEdit(this);
    search_->setPlaceholderText(tr("Search designs, variants and notes…"));
    search_->setClearButtonEnabled(true);
    layout->addWidget(search_);
    createModel();
    createView();
    layout->addWidget(view_, 1);

    message_ = new QLabel(this);
    message_->setObjectName(QStringLiteral("browserMessage"));
    message_->setWordWrap(true);
    message_->setStyleSheet(QStringLiteral("color: #b00020;"));
    message_->hide();
    layout->addWidget(message_);
    layout->addWidget(createButtons());

    connect(search_, &QLineEdit::textChanged, this, &DesignBrowserDialog::reload);
    connect(view_, &QTreeView::doubleClicked, this, [this](const QModelIndex& index) {
        if (index.isValid() && !index.sibling(index.row(), Name).data(IsDesignRole).toBool())
            openSelected();
    });
    connect(view_->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &DesignBrowserDialog::updateButtons);
    setDefaultPrompts();
    resize(980, 520);
    reload();
}

void DesignBrowserDialog::createModel()
{
    model_ = new QStandardItemModel(this);
    model_->setHorizontalHeaderLabels({tr("Design / variant"), tr("GPUs"), tr("MFU"), tr("Tokens/s"),
                                       tr("Time to train"), tr("Capex"), tr("Run cost"), tr("Note"),
                                       tr("Saved")});
    // Figures are right-aligned: so are their headings.
    for (int c = Gpus; c <= TotalCost; ++c)
        model_->setHeaderData(c, Qt::Horizontal, int(Qt::AlignRight | Qt::AlignVCenter),
                              Qt::TextAlignmentRole);
    model_->setHeaderData(TotalCost, Qt::Horizontal,
                          tr("Total cost of the training run: the capital cost's share over the run plus "
                             "the operating cost during it"),
                          Qt::ToolTipRole);
    model_->setHeaderData(Capex, Qt::Horizontal, tr("Capital cost: the bill of materials"), Qt::ToolTipRole);
}

void DesignBrowserDialog::createView()
{
    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(model_);
    proxy->setSortRole(SortRole);
    view_ = new QTreeView(this);
    view_->setModel(proxy);
    view_->setSortingEnabled(true);
    view_->sortByColumn(-1, Qt::AscendingOrder);
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setAlternatingRowColors(true);
    view_->setUniformRowHeights(true);
    view_->setItemDelegate(new FigureDelegate(view_));
}

QDialogButtonBox* DesignBrowserDialog::createButtons()
{
    auto* buttons = new QDialogButtonBox(this);
    open_ = buttons->addButton(tr("Open"), QDialogButtonBox::AcceptRole);
    rename_ = buttons->addButton(tr("Rename…"), QDialogButtonBox::ActionRole);
    delete_ = buttons->addButton(tr("Delete…"), QDialogButtonBox::DestructiveRole);
    buttons->addButton(QDialogButtonBox::Cancel);
    connect(open_, &QPushButton::clicked, this, &DesignBrowserDialog::openSelected);
    connect(rename_, &QPushButton::clicked, this, &DesignBrowserDialog::renameSelected);
    connect(delete_, &QPushButton::clicked, this, &DesignBrowserDialog::deleteSelected);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    return buttons;
}

// A QMessageBox to confirm a delete, a QInputDialog for a new name (tests replace both).
void DesignBrowserDialog::setDefaultPrompts()
{
    confirm_ = [](QWidget* p, const QString& title, const QString& question) {
        return QMessageBox::question(p, title, question, QMessageBox::Yes | QMessageBox::No,
                                     QMessageBox::No) == QMessageBox::Yes;
    };
    askName_ = [](QWidget* p, const QString& current) -> std::optional<QString> {
        bool ok = false;
        const QString name =
            QInputDialog::getText(p, tr("Rename"), tr("New name:"), QLineEdit::Normal, current, &ok);
        if (!ok)
            return std::nullopt;
        return name;
    };
}

void DesignBrowserDialog::reload()
{
    const std::optional<qint64> keep = selectedVariantId();
    model_->removeRows(0, model_->rowCount());
    message_->hide();
    if (!store_ || !store_->isOpen()) {
        showError(tr("The design library is not open."));
        updateButtons();
        return;
    }
    const QString text = search_->text().trimmed();
    StoreResult<LibraryListing> listing = listLibrary(*store_, text);
    if (!listing) {
        showError(listing.error().message);
        return;
    }
    for (const auto& [id, d] : listing->designs)
        library::appendDesignTree(*model_, d, listing->variants[id]);
    view_->expandAll();
    fitColumns();
    if (model_->rowCount() == 0)
        showError(text.isEmpty() ? tr("The library is empty: use Save to Library to add the current design.")
                                 : tr("Nothing matches “%1”.").arg(text));
    if (keep)
        selectVariant(*keep);
    updateButtons();
}

void DesignBrowserDialog::fitColumns()
{
    for (int c = 0; c < ColumnCount - 1; ++c) {
        view_->resizeColumnToContents(c);
        view_->setColumnWidth(c, view_->columnWidth(c) + kColumnGap); // figures never touch the next column
    }
}

void DesignBrowserDialog::setSearchText(const QString& text)
{
    search_->setText(text); // textChanged reloads
}

QString DesignBrowserDialog::messageText() const
{
    return message_->isHidden() ? QString() : message_->text();
}

void DesignBrowserDialog::showError(const QString& message)
{
    message_->setText(message);
    message_->setVisible(!message.isEmpty());
}

QStandardItem* DesignBrowserDialog::findItem(qint64 id, bool design) const
{
    std::function<QStandardItem*(QStandardItem*)> walk = [&](QStandardItem* parent) -> QStandardItem* {
        for (int r = 0; r < parent->rowCount(); ++r) {
            QStandardItem* item = parent->child(r, Name);
            if (item->data(IdRole).toLongLong() == id && item->data(IsDesignRole).toBool() == design)
                return item;
            if (QStandardItem* found = walk(item))
                return found;
        }
        return nullptr;
    };
    return walk(model_->invisibleRootItem());
}

bool DesignBrowserDialog::selectVariant(qint64 variantId, bool addToSelection)
{
    QStandardItem* item = findItem(variantId, false);
    if (!item)
        return false;
    auto* proxy = static_cast<QSortFilterProxyModel*>(view_->model());
    const QModelIndex index = proxy->mapFromSource(item->index());
    const auto mode = addToSelection ? QItemSelectionModel::Select : QItemSelectionModel::ClearAndSelect;
    view_->selectionModel()->select(index, mode | QItemSelectionModel::Rows);
    if (!addToSelection)
        view_->setCurrentIndex(index);
    return true;
}

bool DesignBrowserDialog::selectDesign(qint64 designId)
{
    QStandardItem* item = findItem(designId, true);
    if (!item)
        return false;
    auto* proxy = static_cast<QSortFilterProxyModel*>(view_->model());
    const QModelIndex index = proxy->mapFromSource(item->index());
    view_->selectionModel()->select(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    view_->setCurrentIndex(index);
    return true;
}

QStandardItem* DesignBrowserDialog::selectedItem() const
{
    const QModelIndexList rows = view_->selectionModel()->selectedRows(Name);
    if (rows.isEmpty())
        return nullptr;
    auto* proxy = static_cast<QSortFilterProxyModel*>(view_->model());
    return model_->itemFromIndex(proxy->mapToSource(rows.front()));
}

std::optional<qint64> DesignBrowserDialog::selectedVariantId() const
{
    QStandardItem* item = selectedItem();
    if (!item)
        return std::nullopt;
    if (!item->data(IsDesignRole).toBool())
        return item->data(IdRole).toLongLong();
    if (item->rowCount() > 0)
        return item->child(0, Name)->data(IdRole).toLongLong();
    return std::nullopt;
}

bool DesignBrowserDialog::renameSelected()
{
    QStandardItem* item = selectedItem();
    if (!item || !store_)
        return false;
    const std::optional<QString> name = askName_(this, item->text());
    if (!name || name->trimmed().isEmpty() || *name == item->text())
        return false;
    const qint64 id = item->data(IdRole).toLongLong();
    const bool design = item->data(IsDesignRole).toBool();
    const StoreResult<void> renamed =
        design ? store_->renameDesign(id, name->trimmed()) : store_->renameVariant(id, name->trimmed());
    if (!renamed) {
        showError(renamed.error().message);
        return false;
    }
    reload();
    design ? selectDesign(id) : selectVariant(id);
    return true;
}

bool DesignBrowserDialog::deleteSelected()
{
    QStandardItem* item = selectedItem();
    if (!item || !store_)
        return false;
    const qint64 id = item->data(IdRole).toLongLong();
    const bool design = item->data(IsDesignRole).toBool();
    const QString question =
        design ? tr("Delete the design “%1” and all its variants? This cannot be undone.").arg(item->text())
               : tr("Delete the variant “%1”? Its child variants are kept and move up one level.")
                     .arg(item->text());
    if (!confirm_(this, design ? tr("Delete design") : tr("Delete variant"), question))
        return false;
    const StoreResult<void> deleted = design ? store_->deleteDesign(id) : store_->deleteVariant(id);
    if (!deleted) {
        showError(deleted.error().message);
        return false;
    }
    reload();
    return true;
}

void DesignBrowserDialog::setCompareMode(bool on)
{
    compareMode_ = on;
    view_->setSelectionMode(on ? QAbstractItemView::ExtendedSelection : QAbstractItemView::SingleSelection);
    open_->setText(on ? tr("Compare") : tr("Open"));
    setWindowTitle(on ? tr("Compare Variants") : tr("Open from Library"));
    updateButtons();
}

std::vector<qint64> DesignBrowserDialog::selectedVariantIds() const
{
    std::vector<qint64> ids;
    auto* proxy = static_cast<QSortFilterProxyModel*>(view_->model());
    for (const QModelIndex& index : view_->selectionModel()->selectedRows(Name)) {
        QStandardItem* item = model_->itemFromIndex(proxy->mapToSource(index));
        if (item && !item->data(IsDesignRole).toBool())
            ids.push_back(item->data(IdRole).toLongLong());
    }
    return ids;
}

void DesignBrowserDialog::openSelected()
{
    if (compareMode_) {
        const std::size_t n = selectedVariantIds().size();
        if (n >= 2 && n <= 4) // two to four variants (issue 6, item 4)
            accept();
        else
            showError(tr("Select two to four variants to compare (Ctrl+click)."));
        return;
    }
    if (selectedVariantId())
        accept();
    else
        showError(tr("Select a design or a variant to open."));
}

void DesignBrowserDialog::updateButtons()
{
    const bool any = selectedItem() != nullptr;
    if (compareMode_) {
        const std::size_t n = selectedVariantIds().size();
        open_->setEnabled(n >= 2 && n <= 4);
    } else {
        open_->setEnabled(any && selectedVariantId().has_value());
    }
    rename_->setEnabled(any);
    delete_->setEnabled(any);
}

} // namespace cf
