#include "widgets/library/library_listing.h"

#include "models/store/design_store.h"

namespace cf {

namespace {

StoreResult<LibraryListing> listAll(DesignStore& store)
{
    const auto list = store.listDesigns();
    if (!list)
        return StoreFailure{list.error()};
    LibraryListing out;
    for (const DesignRow& d : *list) {
        const auto variants = store.listVariants(d.id);
        if (!variants)
            return StoreFailure{variants.error()};
        out.variants[d.id] = *variants;
        out.designs.emplace_back(d.id, d);
    }
    return out;
}

StoreResult<LibraryListing> listMatches(DesignStore& store, const QString& text)
{
    const auto found = store.search(text);
    if (!found)
        return StoreFailure{found.error()};
    LibraryListing out;
    for (const VariantRow& v : *found) {
        if (!out.variants.count(v.designId)) {
            DesignRow d;
            d.id = v.designId;
            d.name = v.designName;
            d.variantCount = -1;
            out.designs.emplace_back(v.designId, d);
        }
        out.variants[v.designId].push_back(v);
    }
    return out;
}

} // namespace

StoreResult<LibraryListing> listLibrary(DesignStore& store, const QString& search)
{
    return search.isEmpty() ? listAll(store) : listMatches(store, search);
}

} // namespace cf
