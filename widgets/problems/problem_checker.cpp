#include "widgets/problems/problem_checker.h"

#include "widgets/document/design_document.h"
#include "widgets/whatif/evaluation_controller.h"

#include <QTimer>

namespace cf {

ProblemChecker* ProblemChecker::forDocument(DesignDocument* document, const Catalog& catalog)
{
    if (auto* existing = document->findChild<ProblemChecker*>(QString(), Qt::FindDirectChildrenOnly))
        return existing;
    return new ProblemChecker(document, catalog);
}

ProblemChecker::ProblemChecker(DesignDocument* document, const Catalog& catalog)
    : QObject(document), document_(document), catalog_(catalog)
{
    attach();
    if (evaluation_->hasPrediction() && !evaluation_->isPending())
        take(evaluation_->prediction().problems);
    else if (!evaluation_->isPending()) // a document nobody evaluated yet: the next turn does
        QTimer::singleShot(0, this, &ProblemChecker::recheckNow);
}

ProblemChecker::~ProblemChecker() = default;

void ProblemChecker::attach()
{
    evaluation_ = EvaluationController::forDocument(document_, catalog_);
    // The engine's one verdict: the same list, severities included, as the
    // docks, the headline, the charts and `clusterforge-cli evaluate`.
    connect(evaluation_, &EvaluationController::predictionReady, this,
            [this](const Prediction& p) { take(p.problems); });
}

EvaluationController* ProblemChecker::evaluation() const
{
    return evaluation_.data();
}

bool ProblemChecker::isPending() const
{
    return evaluation_ && (evaluation_->isPending() || !evaluation_->hasPrediction());
}

void ProblemChecker::recheckNow()
{
    if (!evaluation_) // its controller went first (a test's): the document's next one
        attach();
    const int before = validations_;
    evaluation_->evaluateNow(); // emits predictionReady when the design changed
    if (validations_ == before && evaluation_->hasPrediction() &&
        problems_ != evaluation_->prediction().problems)
        take(evaluation_->prediction().problems);
}

void ProblemChecker::take(const Problems& problems)
{
    problems_ = problems;
    byItem_.clear();
    for (int i = 0; i < int(problems_.size()); ++i)
        if (!problems_[std::size_t(i)].itemId.empty())
            byItem_[QString::fromStdString(problems_[std::size_t(i)].itemId)].push_back(i);
    ++validations_;
    emit problemsChanged();
}

} // namespace cf
