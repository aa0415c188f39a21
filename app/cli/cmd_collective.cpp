// Placeholder until its issue lands: says so plainly instead of pretending.
#include "commands.h"

#include <ostream>

namespace cf::cli {

int runCollective(const Args&, std::ostream&, std::ostream& err)
{
    err << "clusterforge-cli collective: not implemented yet\n";
    return kExitBadInput;
}

} // namespace cf::cli
