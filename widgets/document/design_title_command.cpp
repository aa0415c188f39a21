#include "widgets/document/design_title_command.h"

namespace cf {

DesignTitleCommand::DesignTitleCommand(DesignDocument* doc, std::string name, std::string description,
                                       const QString& text, QUndoCommand* parent)
    : DocumentCommand(doc, text, parent), name_(std::move(name)), description_(std::move(description))
{}

// redo and undo both exchange the held title with the design's.
void DesignTitleCommand::swap()
{
    design().name.swap(name_);
    design().description.swap(description_);
    emitChanged(); // the window's title, status bar and Summary follow
}

void DesignTitleCommand::redo()
{
    swap();
}
void DesignTitleCommand::undo()
{
    swap();
}

} // namespace cf
