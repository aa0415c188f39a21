// Placeholder until its issue lands: says so plainly instead of pretending.
#include "commands.h"

#include <ostream>

namespace cf::cli {

int runGenerate(const Args&, std::ostream&, std::ostream& err)
{
    err << "clusterforge-cli generate: not implemented yet\n";
    return kExitBadInput;
}

} // namespace cf::cli
