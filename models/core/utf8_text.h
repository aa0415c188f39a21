#pragma once
// UTF-8 checks shared by every reader of user text (design files, CLI flags):
// RFC 3629 validity (no overlong forms, no surrogates, nothing above U+10FFFF),
// length in code points, and a printable form for error messages.

#include <cstddef>
#include <string>

namespace cf {

// Length of the UTF-8 sequence starting at text[i]; 0 when it is not valid UTF-8.
std::size_t utf8SequenceLength(const std::string& text, std::size_t i);

// True when `text` is valid UTF-8; else `badOffset` is the offset of the first bad byte.
bool isValidUtf8(const std::string& text, std::size_t* badOffset = nullptr);

// Code points of valid UTF-8 text (continuation bytes are not counted).
std::size_t utf8Length(const std::string& text);

struct PrintableOptions {
    std::size_t maxBytes = std::string::npos; // stop after this many input bytes
    bool escapeControls = false;              // also write ASCII control characters as \xNN
};

// `text` with every byte that is not part of valid UTF-8 written as \xNN, so a
// message quoting it is itself valid UTF-8. `consumed` (optional) receives the
// number of input bytes shown, less than text.size() when maxBytes cut it short.
std::string printableUtf8(const std::string& text, const PrintableOptions& options = {},
                          std::size_t* consumed = nullptr);

} // namespace cf
