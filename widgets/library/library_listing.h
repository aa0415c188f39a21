#pragma once
// What "Open from Library…" lists: every design with its variants, or for a
// search text the matching variants grouped under their designs (a design
// found only through a variant has no variant count: -1).

#include "models/store/store_error.h"
#include "models/store/store_types.h"

#include <QString>

#include <map>
#include <utility>
#include <vector>

namespace cf {

class DesignStore;

struct LibraryListing {
    std::vector<std::pair<qint64, DesignRow>> designs;  // in the store's order
    std::map<qint64, std::vector<VariantRow>> variants; // by design id, parents before children
};

// The whole library when `search` is empty, else the store's search for it.
StoreResult<LibraryListing> listLibrary(DesignStore& store, const QString& search);

} // namespace cf
