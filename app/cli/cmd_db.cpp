// Placeholder until its issue lands: says so plainly instead of pretending.
#include "commands.h"

#include <ostream>

namespace cf::cli {

int runDb(const Args&, std::ostream&, std::ostream& err)
{
    err << "clusterforge-cli db: not implemented yet\n";
    return kExitBadInput;
}

} // namespace cf::cli
