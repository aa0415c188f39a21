#pragma once
// The design of one plan candidate (issue 29 item 2): the fabric generator's
// layout (auto: compact from 512 switches, as `clusterforge-cli generate`
// does by default), every part placed into racks of the node's cooling (the
// catalog's largest of it, or the envelope's rack kW and cooling), the
// envelope's workload and economics, and the job on all but the spare nodes.
// A compact fabric is not placed (as generate does): its racks are estimated.

#include "models/catalog/catalog.h"
#include "models/cluster/cluster_design.h"
#include "models/core/result.h"
#include "models/design/design.h"
#include "models/plan/fabric_choice.h"
#include "models/plan/plan_envelope.h"
#include "models/topology/fabric_generator.h"

#include <string>

namespace cf {

// A candidate before it is evaluated.
struct CandidateShape {
    std::string nodeId, switchId;
    FabricChoice fabric;
    int jobNodes = 0;       // nodes the job's ranks run on
    int spareNodes = 0;     // whole nodes beside them
    int jobGpusPerNode = 0; // ranks per job node (plan_sizing.h: jobGpusPerNode)

    int nodes() const { return jobNodes + spareNodes; }
    int jobGpus() const { return jobNodes * jobGpusPerNode; }
};

// The generator's spec for a candidate's fabric.
FabricSpec fabricSpecOf(const CandidateShape& shape, FabricLayout layout);

struct PlanDesign {
    Design design;
    FabricSummary fabric;
    int racks = 0; // placed, or estimated when racksEstimated
    bool racksEstimated = false;
    Problems warnings; // racks not placed, and why
};

// The candidate's cluster through buildDesign (cluster_design.h), named,
// trained and placed. Problems name the field ("nodes", "switch", ...) when no
// fabric can be generated.
Result<PlanDesign> buildPlanDesign(const PlanEnvelope& envelope, const CandidateShape& shape,
                                   const Catalog& catalog);

} // namespace cf
