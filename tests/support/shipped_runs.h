#pragma once
// The validation runs shipped in resources/validation, loaded once per test
// executable (the accuracy and gate tests share them).
#include "app/validation/model_accuracy.h"

namespace cf::test {

inline const cli::ShippedRuns& shippedRuns()
{
    static const cli::ShippedRuns data = cli::loadShippedRuns(CF_VALIDATION_DIR);
    return data;
}

} // namespace cf::test
