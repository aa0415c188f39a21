#pragma once
// The problems dock's content: every problem of the design (topology and
// validation, split, memory: the engine's checkDesign) with a severity icon,
// the field and the message. Clicking a row selects its item on the canvas and
// centres the view on it, or (no item) asks for its field's editor.

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
    static constexpr int kFieldRole = Qt::UserRole + 1;

    ProblemsPanel(DesignDocument* document, const Catalog& catalog, QWidget* parent = nullptr);

    QTreeWidget* list() const { return list_; }
    ProblemChecker* checker() const { return checker_; }
    // Select and centre the row's item (what a click does).
    void activateRow(int row);

signals:
    void countsChanged(int errors, int warnings);
    // A problem without a part or link was clicked: focus its field's editor.
    void fieldActivated(const QString& field);

private:
    void refresh();
    void onItemClicked(QTreeWidgetItem* item);

    DesignDocument* document_;
    ProblemChecker* checker_;
    QLabel* summary_;
    QTreeWidget* list_;
};

} // namespace cf
