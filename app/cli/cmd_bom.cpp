// Placeholder until its issue lands: says so plainly instead of pretending.
#include "commands.h"

#include <ostream>

namespace cf::cli {

int runBom(const Args&, std::ostream&, std::ostream& err)
{
    err << "clusterforge-cli bom: not implemented yet\n";
    return kExitBadInput;
}

} // namespace cf::cli
