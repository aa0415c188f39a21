#pragma once
// The problems dock's content: every problem of the design (topology and
// validation) with a severity icon, the field and the message. Clicking a row
// selects its item on the canvas and centres the view on it.

#include <QWidget>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace cf {

class Catalog;
class DesignDocument;
class ProblemChecker;

class ProblemsPanel : public QWidget {
    Q_OBJECT
public:
    enum Column { kSeverityColumn, kFieldColumn, kMessageColumn };
    static constexpr int kItemIdRole = Qt::UserRole;

    ProblemsPanel(DesignDocument* document, const Catalog& catalog, QWidget* parent = nullptr);

    QTreeWidget* list() const { return list_; }
    ProblemChecker* checker() const { return checker_; }
    // Select and centre the row's item (what a click does).
    void activateRow(int row);

signals:
    void countsChanged(int errors, int warnings);

private:
    void refresh();
    void onItemClicked(QTreeWidgetItem* item);

    DesignDocument* document_;
    ProblemChecker* checker_;
    QLabel* summary_;
    QTreeWidget* list_;
};

} // namespace cf
