#pragma once
// Why one design of a comparison wins (issue 28 item 14): the winner is the
// one with the shortest time to train (or the most tokens/s when no token
// count is set); for each other design one sentence from the two predictions'
// step breakdowns: how much longer it takes and where its step goes that the
// winner's does not ("B loses 17 % of its step to the pipeline bubble (A 4 %)").

#include "models/predict/prediction.h"

#include <string>
#include <vector>

namespace cf {

struct WinnerExplanation {
    int winner = -1;                  // index into the compared designs; -1 when none has training figures
    std::vector<std::string> reasons; // one sentence per other design
};

// `names[i]` names `predictions[i]` in the sentences (the caller's letters or names).
WinnerExplanation explainWinner(const std::vector<std::string>& names,
                                const std::vector<Prediction>& predictions);

} // namespace cf
