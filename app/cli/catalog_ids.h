#pragma once
// The catalog's sections as the CLI names them (`catalog gpus`), their ids,
// and the message for an unknown id that lists the nearest ones (issue 28
// item 16): "--gpu: unknown GPU 'h100' (nearest: h100-sxm, h100-pcie, ...)".

#include "models/catalog/catalog.h"

#include <string>
#include <vector>

namespace cf::cli {

enum class CatalogKind { Gpus, Nodes, Switches, Storage, Racks, Models, Nics, Cables };

struct CatalogKindInfo {
    CatalogKind kind;
    const char* name; // "gpus": the catalog command's word
    const char* noun; // "GPU": in messages
};

const std::vector<CatalogKindInfo>& catalogKinds();
const CatalogKindInfo& infoOf(CatalogKind kind);
std::vector<std::string> catalogKindNames();

std::vector<std::string> catalogIds(const Catalog& catalog, CatalogKind kind);

// "unknown GPU 'h100' (nearest: h100-sxm, h100-pcie, h200-sxm; 'clusterforge-cli
// catalog gpus' lists all)"; the caller puts the flag in front.
std::string unknownIdMessage(const Catalog& catalog, CatalogKind kind, const std::string& id);

// The catalog ids a flag takes (--gpu, --node, --switch, --storage, --model),
// for completion; empty for any other flag.
std::vector<std::string> idsForFlag(const Catalog& catalog, const std::string& flag);

} // namespace cf::cli
