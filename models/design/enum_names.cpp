// String forms of the design enums, shared by the JSON format, the CLI flags
// and the GUI. One table per enum so both directions stay in step.
#include "models/design/link.h"
#include "models/design/parallelism.h"
#include "models/design/part.h"
#include "models/design/workload.h"

#include <array>
#include <utility>

namespace cf {
namespace {

template <typename E, std::size_t N>
const char* nameOf(const std::array<std::pair<E, const char*>, N>& table, E value)
{
    for (const auto& [e, name] : table)
        if (e == value)
            return name;
    return "?";
}

template <typename E, std::size_t N>
bool valueOf(const std::array<std::pair<E, const char*>, N>& table, const std::string& text, E& out)
{
    for (const auto& [e, name] : table)
        if (text == name) {
            out = e;
            return true;
        }
    return false;
}

constexpr std::array<std::pair<PartKind, const char*>, 3> kPartKinds{
    {{PartKind::Node, "node"}, {PartKind::Switch, "switch"}, {PartKind::Storage, "storage"}}};
constexpr std::array<std::pair<Medium, const char*>, 5> kMedia{{{Medium::NVLink, "nvlink"},
                                                                {Medium::CopperDAC, "dac"},
                                                                {Medium::AOC, "aoc"},
                                                                {Medium::Fibre, "fibre"},
                                                                {Medium::ACC, "acc"}}};
constexpr std::array<std::pair<LengthClass, const char*>, 3> kLengthClasses{
    {{LengthClass::InRack, "in-rack"}, {LengthClass::InRow, "in-row"}, {LengthClass::Campus, "campus"}}};
constexpr std::array<std::pair<Precision, const char*>, 3> kPrecisions{
    {{Precision::BF16, "bf16"}, {Precision::FP8, "fp8"}, {Precision::FP4, "fp4"}}};
constexpr std::array<std::pair<Sharding, const char*>, 6> kShardings{{{Sharding::DDP, "ddp"},
                                                                      {Sharding::ZeRO1, "zero1"},
                                                                      {Sharding::ZeRO2, "zero2"},
                                                                      {Sharding::ZeRO3, "zero3"},
                                                                      {Sharding::FSDPFull, "fsdp-full"},
                                                                      {Sharding::FSDPHybrid, "fsdp-hybrid"}}};
constexpr std::array<std::pair<Recompute, const char*>, 4> kRecomputes{{{Recompute::None, "none"},
                                                                        {Recompute::Selective, "selective"},
                                                                        {Recompute::Full, "full"},
                                                                        {Recompute::AsNeeded, "as-needed"}}};
constexpr std::array<std::pair<PipelineSchedule, const char*>, 4> kPipelineSchedules{
    {{PipelineSchedule::OneFOneB, "1f1b"},
     {PipelineSchedule::Interleaved, "interleaved"},
     {PipelineSchedule::DualPipe, "dualpipe"},
     {PipelineSchedule::ZeroBubble, "zero-bubble"}}};

} // namespace

const char* toString(PartKind v)
{
    return nameOf(kPartKinds, v);
}
bool partKindFromString(const std::string& t, PartKind& out)
{
    return valueOf(kPartKinds, t, out);
}
const char* toString(Medium v)
{
    return nameOf(kMedia, v);
}
bool mediumFromString(const std::string& t, Medium& out)
{
    return valueOf(kMedia, t, out);
}
const char* toString(LengthClass v)
{
    return nameOf(kLengthClasses, v);
}
bool lengthClassFromString(const std::string& t, LengthClass& out)
{
    return valueOf(kLengthClasses, t, out);
}
const char* toString(Precision v)
{
    return nameOf(kPrecisions, v);
}
constexpr std::array<std::pair<Framework, const char*>, 7> kFrameworks{
    {{Framework::Megatron, "megatron"},
     {Framework::TorchtitanEager, "torchtitan-eager"},
     {Framework::TorchtitanCompile, "torchtitan-compile"},
     {Framework::LlmFoundry, "llm-foundry"},
     {Framework::DeepSpeed, "deepspeed"},
     {Framework::MegatronLM, "megatron-lm"},
     {Framework::Jax, "jax"}}};
const char* toString(Framework v)
{
    return nameOf(kFrameworks, v);
}
bool frameworkFromString(const std::string& t, Framework& out)
{
    return valueOf(kFrameworks, t, out);
}
bool precisionFromString(const std::string& t, Precision& out)
{
    return valueOf(kPrecisions, t, out);
}
const char* toString(Sharding v)
{
    return nameOf(kShardings, v);
}
bool shardingFromString(const std::string& t, Sharding& out)
{
    return valueOf(kShardings, t, out);
}
const char* toString(Recompute v)
{
    return nameOf(kRecomputes, v);
}
bool recomputeFromString(const std::string& t, Recompute& out)
{
    return valueOf(kRecomputes, t, out);
}
const char* toString(PipelineSchedule v)
{
    return v == PipelineSchedule::FromVp ? "from-vp" : nameOf(kPipelineSchedules, v);
}
bool pipelineScheduleFromString(const std::string& t, PipelineSchedule& out)
{
    return valueOf(kPipelineSchedules, t, out);
}

} // namespace cf
