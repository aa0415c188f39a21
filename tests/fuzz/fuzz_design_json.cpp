// libFuzzer target: the design JSON reader (loadDesignJson) on arbitrary bytes.
// A loaded design must save and load again with no errors (round trip).
#include "models/design/design_json.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const cf::Result<cf::Design> result = cf::loadDesignJson(text);
    if (result.ok()) {
        // Property: what the reader accepts, the writer writes and the reader accepts again.
        const std::string saved = cf::saveDesignJson(*result);
        const cf::Result<cf::Design> again = cf::loadDesignJson(saved);
        if (!again.ok())
            std::abort();
    }
    return 0;
}
