#pragma once
// The design's name and description replaced in one undo step: a generated
// fabric names itself (issue 28 item 4) and one undo gives the old name back.

#include "widgets/document/document_command.h"

#include <string>

namespace cf {

class DesignTitleCommand : public DocumentCommand {
public:
    DesignTitleCommand(DesignDocument* doc, std::string name, std::string description, const QString& text,
                       QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    void swap();

    std::string name_;
    std::string description_;
};

} // namespace cf
