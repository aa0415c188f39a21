// libFuzzer target: the user catalog reader (Catalog::fromJson) on arbitrary bytes,
// then merged over a copy of itself (the overlay path the app takes).
#include "models/catalog/catalog.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const cf::Result<cf::Catalog> catalog = cf::Catalog::fromJson(text);
    if (catalog) {
        cf::Catalog copy = *catalog;
        copy.merge(*catalog);
    }
    return 0;
}
