#pragma once
// Checks on an evaluated Prediction that several engine tests share.

#include "models/predict/prediction.h"

#include <string>

namespace cf::test {

// True when the prediction carries an error on `field` (a problem's field name).
inline bool hasErrorOn(const cf::Prediction& p, const std::string& field)
{
    for (const cf::Problem& q : p.problems)
        if (q.severity == cf::Severity::Error && q.field == field)
            return true;
    return false;
}

} // namespace cf::test
