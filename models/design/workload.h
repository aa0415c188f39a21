#pragma once

#include <cstdint>
#include <string>

namespace cf {

enum class Precision { BF16, FP8 };

// The transformer's shape. Dense decoder-only; `experts` > 1 makes the FFN a
// mixture of experts with `expertsPerToken` active per token.
struct ModelShape {
    std::string preset;      // catalog preset id it came from ("llama3-70b"), "" if custom
    int layers = 80;
    int hidden = 8192;
    int heads = 64;
    int kvHeads = 8;         // GQA groups; == heads for multi-head attention
    int ffn = 28672;         // FFN inner size
    bool gatedFfn = true;    // SwiGLU (3 matrices) vs GELU MLP (2 matrices)
    int vocab = 128256;
    bool tiedEmbeddings = false;
    int experts = 1;
    int expertsPerToken = 1;

    bool operator==(const ModelShape&) const = default;
};

struct Workload {
    ModelShape model;
    int seqLen = 8192;               // tokens per sequence
    double tokensToTrain = 15e12;    // tokens
    int globalBatchSeqs = 512;       // sequences per optimizer step
    Precision precision = Precision::BF16;
    bool asyncCheckpoint = true;     // asynchronous (background) checkpoint writes

    bool operator==(const Workload&) const = default;
};

const char* toString(Precision precision);
bool precisionFromString(const std::string& text, Precision& out);

} // namespace cf
