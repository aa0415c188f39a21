#pragma once
// Adding and removing parts and links. Removal records each object with its
// index so that undo re-inserts it exactly where it was (the saved JSON is
// byte-identical after undo). Both are batch commands, O(parts + links) per
// redo/undo, so deleting or pasting thousands of items stays linear.

#include "widgets/document/document_command.h"

#include <QSet>

#include <utility>
#include <vector>

namespace cf {

// Appends parts and links (paste, duplicate, add part, add link).
class AddItemsCommand : public DocumentCommand {
public:
    AddItemsCommand(DesignDocument* doc, std::vector<Part> parts, std::vector<Link> links,
                    const QString& text, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    std::vector<Part> parts_;
    std::vector<Link> links_;
};

// Removes links (by id), then parts (by id) with their rack placements (a
// placement of a part that is gone is a design error). Callers include every
// link of a removed part (DesignDocument::removeItems does).
class RemoveItemsCommand : public DocumentCommand {
public:
    RemoveItemsCommand(DesignDocument* doc, QSet<QString> partIds, QSet<QString> linkIds, const QString& text,
                       QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    QSet<QString> partIds_;
    QSet<QString> linkIds_;
    std::vector<std::pair<int, Part>> removedParts_; // ascending index
    std::vector<std::pair<int, Link>> removedLinks_;
    std::vector<Placement> placementsBefore_; // the whole list: undo restores its order
};

} // namespace cf
