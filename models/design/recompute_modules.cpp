#include "models/design/recompute_modules.h"

#include <cctype>

namespace cf {

const char* toString(RecomputeModule module)
{
    switch (module) {
    case RecomputeModule::CoreAttn:
        return "core_attn";
    case RecomputeModule::Layernorm:
        return "layernorm";
    case RecomputeModule::MoeAct:
        return "moe_act";
    case RecomputeModule::MlaUpProj:
        return "mla_up_proj";
    case RecomputeModule::Mlp:
        return "mlp";
    case RecomputeModule::Moe:
        return "moe";
    case RecomputeModule::SharedExperts:
        return "shared_experts";
    }
    return "";
}

std::string recomputeModulesToString(unsigned mask)
{
    std::string out;
    for (RecomputeModule m : kRecomputeModules) {
        if (!hasModule(mask, m))
            continue;
        if (!out.empty())
            out += ',';
        out += toString(m);
    }
    return out;
}

std::string recomputeModuleChoices()
{
    std::string out;
    for (RecomputeModule m : kRecomputeModules)
        out += (out.empty() ? "" : ", ") + std::string(toString(m));
    return out;
}

std::optional<unsigned> recomputeModulesFromString(const std::string& text, std::string& badName)
{
    unsigned mask = 0;
    std::string name;
    auto flush = [&]() {
        if (name.empty())
            return true;
        for (RecomputeModule m : kRecomputeModules) {
            if (name == toString(m)) {
                mask |= unsigned(m);
                name.clear();
                return true;
            }
        }
        badName = name;
        return false;
    };
    for (char ch : text) {
        if (ch == ',' || std::isspace(static_cast<unsigned char>(ch))) {
            if (!flush())
                return std::nullopt;
        } else {
            name += char(std::tolower(static_cast<unsigned char>(ch)));
        }
    }
    if (!flush())
        return std::nullopt;
    return mask;
}

} // namespace cf
