#pragma once
// An nccl-tests result (NVIDIA/nccl-tests: all_reduce_perf, all_gather_perf,
// reduce_scatter_perf, alltoall_perf), read from its text output or from the
// JSON file its -J option writes (format version 2, src/util.cu): the
// operation, the ranks and the hosts they ran on, and per message size the
// time and bandwidths. In-place figures are used (nccl-tests reports both;
// in-place is what training frameworks call).

#include "models/core/result.h"
#include "models/predict/collectives.h"

#include <string>
#include <string_view>
#include <vector>

namespace cf {

struct NcclTestsPoint {
    double bytes = 0;  // the "size" column: the operation's full buffer
    double timeUs = 0; // in-place time, microseconds
    double algbwGBps = 0;
    double busbwGBps = 0;
};

struct NcclTestsLog {
    std::string name; // the file, for messages
    CollectiveOp op = CollectiveOp::AllReduce;
    int ranks = 0;      // "#  Rank N ..." lines (or the JSON "devices")
    int nodes = 0;      // distinct host names among them
    std::string device; // the first rank's device name ("NVIDIA H100 80GB HBM3")
    std::vector<NcclTestsPoint> points;
    int ranksPerNode() const { return nodes > 0 ? ranks / nodes : ranks; }
};

// `name` only labels problems (the file name). Text or JSON is told by the
// first non-blank character. Problems name the file and the line or key.
Result<NcclTestsLog> parseNcclTestsLog(std::string_view text, const std::string& name);
Result<NcclTestsLog> loadNcclTestsLog(const std::string& path);

} // namespace cf
