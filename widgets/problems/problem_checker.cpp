#include "widgets/problems/problem_checker.h"

#include "widgets/document/design_document.h"
#include "models/predict/design_check.h"

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
    timer_.setSingleShot(true);
    timer_.setInterval(0);
    connect(&timer_, &QTimer::timeout, this, &ProblemChecker::recheckNow);
    connect(document_, &DesignDocument::changed, this, &ProblemChecker::schedule);
    schedule();
}

void ProblemChecker::schedule()
{
    if (!timer_.isActive())
        timer_.start();
}

void ProblemChecker::recheckNow()
{
    timer_.stop();
    const Design& design = document_->design();
    // The engine's one verdict: the same list, severities included, as the
    // docks, the headline, the charts and `clusterforge-cli evaluate`.
    problems_ = checkDesign(design, catalog_);
    byItem_.clear();
    for (int i = 0; i < int(problems_.size()); ++i)
        if (!problems_[std::size_t(i)].itemId.empty())
            byItem_[QString::fromStdString(problems_[std::size_t(i)].itemId)].push_back(i);
    ++validations_;
    emit problemsChanged();
}

} // namespace cf
