#include "widgets/problems/problems_panel.h"

#include "widgets/common/problem_text.h"

#include "widgets/document/design_document.h"
#include "widgets/problems/problem_checker.h"

#include <QApplication>
#include <QHeaderView>
#include <QLabel>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace cf {

ProblemsPanel::ProblemsPanel(DesignDocument* document, const Catalog& catalog, QWidget* parent)
    : QWidget(parent), document_(document), checker_(ProblemChecker::forDocument(document, catalog)),
      summary_(new QLabel(this)), list_(new QTreeWidget(this))
{
    list_->setColumnCount(3);
    list_->setHeaderLabels({tr("Severity"), tr("Field"), tr("Message")});
    list_->setRootIsDecorated(false);
    list_->setUniformRowHeights(true); // cheap layout for long lists
    list_->setAlternatingRowColors(true);
    list_->header()->setSectionResizeMode(kMessageColumn, QHeaderView::Stretch);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(summary_);
    layout->addWidget(list_);
    connect(checker_, &ProblemChecker::problemsChanged, this, &ProblemsPanel::refresh);
    connect(list_, &QTreeWidget::itemClicked, this,
            [this](QTreeWidgetItem* item, int) { onItemClicked(item); });
    connect(list_, &QTreeWidget::itemActivated, this,
            [this](QTreeWidgetItem* item, int) { onItemClicked(item); });
    refresh();
}

void ProblemsPanel::refresh()
{
    list_->clear();
    const QIcon errorIcon = style()->standardIcon(QStyle::SP_MessageBoxCritical);
    const QIcon warningIcon = style()->standardIcon(QStyle::SP_MessageBoxWarning);
    int errors = 0, warnings = 0;
    QList<QTreeWidgetItem*> rows;
    for (const Problem& p : checker_->problems()) {
        const bool isError = p.severity == Severity::Error;
        (isError ? errors : warnings)++;
        auto* row = new QTreeWidgetItem(
            {isError ? tr("Error") : tr("Warning"), QString::fromStdString(p.field), problemText(p)});
        row->setIcon(kSeverityColumn, isError ? errorIcon : warningIcon);
        row->setData(0, kItemIdRole, QString::fromStdString(p.itemId));
        row->setData(0, kFieldRole, QString::fromStdString(p.field));
        row->setToolTip(kMessageColumn, problemText(p));
        rows.push_back(row);
    }
    list_->addTopLevelItems(rows);
    summary_->setText(
        errors + warnings == 0
            ? tr("No problems found.")
            : tr("%1 error(s), %2 warning(s). Click one to show its item.").arg(errors).arg(warnings));
    emit countsChanged(errors, warnings);
}

void ProblemsPanel::activateRow(int row)
{
    onItemClicked(list_->topLevelItem(row));
}

void ProblemsPanel::onItemClicked(QTreeWidgetItem* item)
{
    if (!item)
        return;
    const QString id = item->data(0, kItemIdRole).toString();
    if (id.isEmpty()) {
        emit fieldActivated(item->data(0, kFieldRole).toString());
        return;
    }
    document_->setSelectedIds({id});
    document_->requestFocus(id);
}

} // namespace cf
