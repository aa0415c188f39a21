#include "models/predict/design_check.h"

#include "models/predict/evaluate.h"

#include <algorithm>

namespace cf {
namespace {

const char* const kMemoryField = "memory"; // evaluateOn's field for a split that does not fit

bool repeats(Problems::const_iterator begin, Problems::const_iterator end, const Problem& p)
{
    return std::any_of(begin, end, [&](const Problem& q) {
        if (q == p)
            return true;
        return scopeOf(p) == ProblemScope::Training && q.field == p.field && q.severity == p.severity;
    });
}

// A missing group whose error is the design's (the fabric's wiring, markMissingFigures), not the split's.
bool wiringField(const std::string& field)
{
    return scopeOf(Problem{Severity::Error, field, {}, {}}) == ProblemScope::Design;
}

template <typename Accept> const Problem* firstError(const Problems& problems, Accept accept)
{
    for (const Problem& p : problems)
        if (p.severity == Severity::Error && accept(p))
            return &p;
    return nullptr;
}

} // namespace

Problems mergeProblems(const Problems& facts, const Problems& run, const Problems& validation)
{
    Problems all = facts;
    for (const Problem& p : run)
        if (std::find(all.begin(), all.end(), p) == all.end())
            all.push_back(p);
    const std::size_t listed = all.size();
    for (const Problem& p : validation) {
        const auto earlier = all.begin() + std::ptrdiff_t(listed);
        if (!repeats(all.begin(), earlier, p) && std::find(earlier, all.end(), p) == all.end())
            all.push_back(p);
    }
    return all;
}

void markMissingFigures(Prediction& p, const Problems& fabric)
{
    p.missing.clear();
    auto add = [&](FigureGroup g, const Problem& why) { p.missing.push_back({g, why.field, why.message}); };
    const auto wiring = [&](const Problem& q) {
        return std::find(fabric.begin(), fabric.end(), q) != fabric.end();
    };
    if (const Problem* e = firstError(
            p.problems, [&](const Problem& q) { return scopeOf(q) == ProblemScope::Design && !wiring(q); })) {
        add(FigureGroup::Design, *e);
        add(FigureGroup::Memory, *e);
        add(FigureGroup::Training, *e);
    } else if (const Problem* s = firstError(p.problems, [&](const Problem& q) {
                   return scopeOf(q) == ProblemScope::Design ||
                          (scopeOf(q) == ProblemScope::Training && q.field != kMemoryField);
               })) {
        add(FigureGroup::Memory, *s);
        add(FigureGroup::Training, *s);
    } else if (const Problem* m = firstError(
                   p.problems, [](const Problem& q) { return scopeOf(q) == ProblemScope::Training; })) {
        add(FigureGroup::Training, *m);
    }
}

std::string describeMissing(const MissingFigures& m)
{
    switch (m.group) {
    case FigureGroup::Design:
        return "No figures: the design has an error: " + m.reason;
    case FigureGroup::Memory:
        return (wiringField(m.field) ? "Memory figures need a fabric without errors: "
                                     : "Memory figures need a valid split: ") +
               m.reason;
    case FigureGroup::Training:
        break;
    }
    if (wiringField(m.field))
        return "Training figures need a fabric without errors: " + m.reason;
    return m.field == kMemoryField ? "Training figures need a split that fits in memory: " + m.reason
                                   : "Training figures need a valid split: " + m.reason;
}

Problems checkDesign(const Design& design, const Catalog& catalog)
{
    return evaluate(design, catalog).problems;
}

} // namespace cf
