#include "models/search/split_candidates.h"

#include <algorithm>

namespace cf {
namespace {

// Our choices for the search space: splits beyond these are not used in
// practice (Megatron-LM, NeMo and torchtitan recipes stay within them).
constexpr int kMaxCp = 16;
constexpr int kMaxMicrobatch = 16;
constexpr int kMaxVp = 8;

void addPowersOfTwo(std::vector<int>& out, int upTo)
{
    for (int v = 1; v > 0 && v <= upTo; v *= 2)
        out.push_back(v);
}

void sortUnique(std::vector<int>& v)
{
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
}

} // namespace

SplitCandidates splitCandidates(const Workload& w, int gpus)
{
    SplitCandidates c;
    const ModelShape& m = w.model;
    for (int tp = 1; tp > 0 && tp <= std::min(gpus, m.heads); tp *= 2)
        if (m.heads % tp == 0 && m.ffn % tp == 0)
            c.tp.push_back(tp);
    for (int pp = 1; pp <= m.layers && pp <= gpus; ++pp)
        if (m.layers % pp == 0)
            c.pp.push_back(pp);
    addPowersOfTwo(c.pp, std::min(m.layers, gpus));
    sortUnique(c.pp);
    for (int cp = 1; cp <= std::min(kMaxCp, gpus); cp *= 2)
        if (w.seqLen % (cp == 1 ? 1 : 2 * cp) == 0)
            c.cp.push_back(cp);
    addPowersOfTwo(c.microbatch, kMaxMicrobatch);
    if (m.isMoe()) {
        // EP: powers of two dividing the experts; ETP: up to 8 (one NVLink board), dividing the expert FFN.
        const int expertFfn = m.expertFfn > 0 ? m.expertFfn : m.ffn;
        constexpr int kMaxEtp = 8; // our choice: expert TP beyond one 8-GPU board is not used in practice
        c.ep.clear();
        c.etp.clear();
        for (int ep = 1; ep > 0 && ep <= std::min(gpus, m.experts); ep *= 2)
            if (m.experts % ep == 0)
                c.ep.push_back(ep);
        for (int etp = 1; etp <= std::min(gpus, kMaxEtp); etp *= 2)
            if (expertFfn % etp == 0)
                c.etp.push_back(etp);
    }
    return c;
}

std::vector<int> vpCandidates(int pp, int layers)
{
    std::vector<int> vp{1};
    if (pp <= 1)
        return vp;
    for (int v = 2; v <= kMaxVp; ++v)
        if (layers % (pp * v) == 0)
            vp.push_back(v);
    return vp;
}

} // namespace cf
