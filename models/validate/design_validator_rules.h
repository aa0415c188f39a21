#pragma once
// Internal to validateDesign: the shared context and the rule groups for the
// workload, the parallel split and the economics.

#include "models/core/problem.h"
#include "models/design/design.h"

#include <cstddef>
#include <string>

namespace cf {
class Catalog;
}

namespace cf::validation {

struct Context {
    Context(const Design& d, const Catalog* c);

    const Design& design;
    const Catalog* catalog;
    // GPUs of the design: sum over node parts of count x the node's GPUs.
    // Known only with a catalog in which every node part's id resolves.
    long long gpus = 0;
    bool gpusKnown = false;
    long long nodes = 0; // node members (count summed over node parts)
    int gpusPerNode = 0; // when every node part has the same GPU count, else 0
    Problems problems;

    void error(std::string field, std::string message, std::string itemId = {});
    void warning(std::string field, std::string message, std::string itemId = {});
};

// A number for a message: whole numbers without decimals, others to 6 digits.
std::string num(double value);

void checkWorkload(Context& ctx);
void checkParallelism(Context& ctx);
void checkEconomics(Context& ctx);
// An item as problems name it: "links[l1]", or "links[3]" without an id.
std::string itemLabel(const char* collection, std::size_t index, const std::string& id);
// An item's numbers within their rows' design bounds (field_table.h), named
// itemLabel.key ("links[l1].fromBlocks"); a field of the item another rule
// already reported (a problem from `firstProblem` on: the item's own) keeps
// that rule's message alone. The label is built only for a problem.
void checkItemBounds(Context& ctx, const Link& link, std::size_t index, std::size_t firstProblem);
void checkItemBounds(Context& ctx, const Part& part, std::size_t index, std::size_t firstProblem);

} // namespace cf::validation
