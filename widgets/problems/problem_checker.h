#pragma once
// Re-checks the design after edits with the engine's one checker (the same
// list as checkDesign(): validation, topology, prices, split and memory). A
// burst of edits (one event-loop turn) costs one validation: the document's
// changed() only arms a zero-time single-shot timer. The design facts are
// derived again only after a part or link edit (evaluate.h, DesignFacts).
// One checker per document, shared by the canvas and the problems dock.

#include "models/design/problem.h"

#include <QHash>
#include <QObject>
#include <QTimer>

#include <memory>

namespace cf {

class Catalog;
class DesignDocument;
struct DesignFacts;

class ProblemChecker : public QObject {
    Q_OBJECT
public:
    // The document's checker, created (as the document's child) on first use.
    static ProblemChecker* forDocument(DesignDocument* document, const Catalog& catalog);

    const Problems& problems() const { return problems_; }
    // Problems that name this part or link (Problem::itemId).
    QList<int> problemsOfItem(const QString& itemId) const { return byItem_.value(itemId); }
    const QHash<QString, QList<int>>& problemsByItem() const { return byItem_; }
    int validations() const { return validations_; }

    // Validate now (tests, benchmarks); normally the timer does it.
    void recheckNow();
    bool isPending() const { return timer_.isActive(); }

signals:
    void problemsChanged();

private:
    ProblemChecker(DesignDocument* document, const Catalog& catalog);
    ~ProblemChecker() override;
    void schedule();

    DesignDocument* document_;
    const Catalog& catalog_;
    Problems problems_;
    QHash<QString, QList<int>> byItem_; // item id -> indices into problems_
    QTimer timer_;
    int validations_ = 0;
    std::unique_ptr<DesignFacts> facts_; // kept between edits that leave parts and links alone
    bool factsDirty_ = true;
};

} // namespace cf
