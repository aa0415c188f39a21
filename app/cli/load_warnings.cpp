#include "app/cli/load_warnings.h"

namespace cf::cli {

void printLoadWarnings(std::ostream& err, std::string_view command, const std::string& file,
                       const Problems& problems)
{
    for (const Problem& p : problems)
        if (p.severity == Severity::Warning)
            err << "clusterforge-cli " << command << ": " << file << ": " << formatProblem(p) << "\n";
}

} // namespace cf::cli
