#include "models/core/utf8_text.h"

#include <cstdio>

namespace cf {

std::size_t utf8SequenceLength(const std::string& text, std::size_t i)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char c = byte(i);
    if (c < 0x80)
        return 1;
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xBF; // allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0)
            lo = 0xA0; // overlong
        if (c == 0xED)
            hi = 0x9F; // surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0)
            lo = 0x90; // overlong
        if (c == 0xF4)
            hi = 0x8F; // above U+10FFFF
    } else {
        return 0;
    }
    if (i + n > text.size() || byte(i + 1) < lo || byte(i + 1) > hi)
        return 0;
    for (std::size_t k = 2; k < n; ++k)
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF)
            return 0;
    return n;
}

bool isValidUtf8(const std::string& text, std::size_t* badOffset)
{
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = utf8SequenceLength(text, i);
        if (n == 0) {
            if (badOffset)
                *badOffset = i;
            return false;
        }
        i += n;
    }
    return true;
}

std::size_t utf8Length(const std::string& text)
{
    std::size_t n = 0;
    for (unsigned char c : text)
        if ((c & 0xC0u) != 0x80u) // not a continuation byte
            ++n;
    return n;
}

std::string printableUtf8(const std::string& text, const PrintableOptions& options, std::size_t* consumed)
{
    std::string out;
    std::size_t i = 0;
    while (i < text.size() && i < options.maxBytes) {
        const std::size_t n = utf8SequenceLength(text, i);
        const auto c = static_cast<unsigned char>(text[i]);
        const bool control = n == 1 && (c < 0x20 || c == 0x7F);
        if (n == 0 || (control && options.escapeControls)) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02x", c);
            out += hex;
            ++i;
        } else {
            out.append(text, i, n);
            i += n;
        }
    }
    if (consumed)
        *consumed = i;
    return out;
}

} // namespace cf
