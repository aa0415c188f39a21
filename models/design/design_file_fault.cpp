#include "models/design/design_file_fault.h"

#include "models/design/design_json_tree.h"

#include <QFile>
#include <QFileInfo>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace cf {
namespace {

// Line and column (from 1) of byte `offset` of `text`.
std::pair<std::size_t, std::size_t> lineAndColumn(std::string_view text, std::size_t offset)
{
    offset = std::min(offset, text.size());
    const std::string_view before = text.substr(0, offset);
    const std::size_t line = 1 + std::size_t(std::count(before.begin(), before.end(), '\n'));
    const std::size_t lastBreak = before.rfind('\n');
    const std::size_t column = lastBreak == std::string_view::npos ? offset + 1 : offset - lastBreak;
    return {line, column};
}

std::string detailOf(const Problems& problems)
{
    std::string text;
    for (const Problem& p : problems)
        if (p.severity == Severity::Error)
            text += (text.empty() ? "" : "\n") + formatProblem(p);
    return text;
}

// The JSON text's first fault in words, or "" when the text is valid JSON.
std::string jsonFault(std::string_view text)
{
    try {
        const nlohmann::json parsed = nlohmann::json::parse(text);
        return parsed.is_discarded() ? "its text is not valid JSON" : std::string();
    } catch (const nlohmann::json::parse_error& e) {
        // nlohmann's byte is one past the character it could not read (1-based).
        const std::size_t at = e.byte > 0 ? e.byte - 1 : 0;
        const auto [line, column] = lineAndColumn(text, at);
        const bool cutOff = at + 1 >= text.size();
        return std::string(cutOff ? "it ends in the middle (the file was cut off or not written to the end)"
                                  : "its text is not valid JSON") +
               "; the first fault is at line " + std::to_string(line) + ", column " + std::to_string(column);
    } catch (const nlohmann::json::exception&) {
        return "its text is not valid JSON (a number too large to read)";
    }
}

} // namespace

DesignFileFault describeDesignFileFault(const std::string& path, const Problems& problems)
{
    DesignFileFault f;
    f.detail = detailOf(problems);
    const QFileInfo info(QString::fromStdString(path));
    if (!info.exists()) {
        f.summary = "The file does not exist: it was moved, renamed or deleted.";
        return f;
    }
    if (info.isDir()) {
        f.summary = "This is a folder, not a design file.";
        return f;
    }
    QFile file(info.filePath());
    if (!file.open(QIODevice::ReadOnly)) {
        f.summary = "The file cannot be read: " + file.errorString().toStdString() + ".";
        return f;
    }
    if (std::size_t(file.size()) > designjson::kMaxInputBytes) {
        f.summary = "The file is too large to be a design (more than " +
                    std::to_string(designjson::kMaxInputBytes / (1024 * 1024)) + " MiB).";
        return f;
    }
    const QByteArray bytes = file.readAll();
    const std::string_view text(bytes.constData(), std::size_t(bytes.size()));
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        f.summary = "The file is empty: it holds no design.";
        return f;
    }
    if (const std::string fault = jsonFault(text); !fault.empty()) {
        f.summary = "This is not a readable design file: " + fault + ".";
        return f;
    }
    // Valid JSON that is not a design this version reads: the first error names its field.
    const auto first = std::find_if(problems.begin(), problems.end(),
                                    [](const Problem& p) { return p.severity == Severity::Error; });
    f.summary =
        "The file is JSON but not a design this version can open" +
        (first == problems.end()
             ? std::string(".")
             : ": " + (first->field.empty() ? std::string() : first->field + ": ") + first->message + ".");
    return f;
}

} // namespace cf
