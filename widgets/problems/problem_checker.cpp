#include "widgets/problems/problem_checker.h"

#include "widgets/document/design_document.h"
#include "models/predict/design_check.h"
#include "models/predict/evaluate.h"

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
    // The design facts (topology, BOM, structural checks) change only with
    // parts and links; a workload or split edit re-checks on the kept facts.
    auto structure = [this] { factsDirty_ = true; };
    connect(document_, &DesignDocument::partAdded, this, structure);
    connect(document_, &DesignDocument::partRemoved, this, structure);
    connect(document_, &DesignDocument::partChanged, this, structure);
    connect(document_, &DesignDocument::linkAdded, this, structure);
    connect(document_, &DesignDocument::linkRemoved, this, structure);
    connect(document_, &DesignDocument::linkChanged, this, structure);
    connect(document_, &DesignDocument::designReset, this, structure);
    connect(document_, &DesignDocument::changed, this, &ProblemChecker::schedule);
    schedule();
}

ProblemChecker::~ProblemChecker() = default;

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
    if (factsDirty_ || !facts_) {
        facts_ = std::make_unique<DesignFacts>(deriveDesignFacts(design, catalog_));
        factsDirty_ = false;
    }
    problems_ = evaluateWithFacts(design, catalog_, *facts_).problems; // == checkDesign(design, catalog_)
    byItem_.clear();
    for (int i = 0; i < int(problems_.size()); ++i)
        if (!problems_[std::size_t(i)].itemId.empty())
            byItem_[QString::fromStdString(problems_[std::size_t(i)].itemId)].push_back(i);
    ++validations_;
    emit problemsChanged();
}

} // namespace cf
