#pragma once
// The document's problems for the canvas and the Problems panel: the list of
// the document's one live evaluation (EvaluationController::forDocument), the
// same list as checkDesign() (validation, topology, prices, split and
// memory). It runs no evaluation of its own (issue 26 item 2): a burst of
// edits (one event-loop turn) costs one evaluation, shared with the docks,
// the headline and the charts.
// One checker per document, shared by the canvas and the problems dock.

#include "models/core/problem.h"

#include <QHash>
#include <QObject>
#include <QPointer>

namespace cf {

class Catalog;
class DesignDocument;
class EvaluationController;

class ProblemChecker : public QObject {
    Q_OBJECT
public:
    // The document's checker, created (as the document's child) on first use.
    static ProblemChecker* forDocument(DesignDocument* document, const Catalog& catalog);

    const Problems& problems() const { return problems_; }
    // Problems that name this part or link (Problem::itemId).
    QList<int> problemsOfItem(const QString& itemId) const { return byItem_.value(itemId); }
    const QHash<QString, QList<int>>& problemsByItem() const { return byItem_; }
    // Problem lists taken from an evaluation (one per evaluation of the design).
    int validations() const { return validations_; }

    // Bring the list up to date now (tests, benchmarks): evaluates if an edit is pending.
    void recheckNow();
    bool isPending() const;
    EvaluationController* evaluation() const;

signals:
    void problemsChanged();

private:
    ProblemChecker(DesignDocument* document, const Catalog& catalog);
    ~ProblemChecker() override;
    void attach();
    void take(const Problems& problems);

    DesignDocument* document_;
    const Catalog& catalog_;
    QPointer<EvaluationController> evaluation_;
    Problems problems_;
    QHash<QString, QList<int>> byItem_; // item id -> indices into problems_
    int validations_ = 0;
};

} // namespace cf
