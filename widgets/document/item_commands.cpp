#include "widgets/document/item_commands.h"

namespace cf {

AddItemsCommand::AddItemsCommand(DesignDocument* doc, std::vector<Part> parts, std::vector<Link> links,
                                 const QString& text, QUndoCommand* parent)
    : DocumentCommand(doc, text, parent), parts_(std::move(parts)), links_(std::move(links))
{}

void AddItemsCommand::redo()
{
    std::vector<std::pair<int, Part>> parts;
    int at = int(design().parts.size());
    for (const Part& p : parts_)
        parts.emplace_back(at++, p);
    std::vector<std::pair<int, Link>> links;
    at = int(design().links.size());
    for (const Link& l : links_)
        links.emplace_back(at++, l);
    insertParts(parts);
    insertLinks(links);
    emitChanged();
}

void AddItemsCommand::undo()
{
    // Undo runs in stack order, so what redo appended is at the end again.
    std::vector<int> links;
    for (int i = int(design().links.size() - links_.size()); i < int(design().links.size()); ++i)
        links.push_back(i);
    std::vector<int> parts;
    for (int i = int(design().parts.size() - parts_.size()); i < int(design().parts.size()); ++i)
        parts.push_back(i);
    removeLinks(links);
    removeParts(parts);
    emitChanged();
}

RemoveItemsCommand::RemoveItemsCommand(DesignDocument* doc, QSet<QString> partIds, QSet<QString> linkIds,
                                       const QString& text, QUndoCommand* parent)
    : DocumentCommand(doc, text, parent), partIds_(std::move(partIds)), linkIds_(std::move(linkIds))
{}

void RemoveItemsCommand::redo()
{
    removedLinks_.clear();
    removedParts_.clear();
    std::vector<int> linkIndices, partIndices;
    const auto& links = design().links;
    for (int i = 0; i < int(links.size()); ++i)
        if (linkIds_.contains(QString::fromStdString(links[i].id))) {
            removedLinks_.emplace_back(i, links[i]);
            linkIndices.push_back(i);
        }
    const auto& parts = design().parts;
    for (int i = 0; i < int(parts.size()); ++i)
        if (partIds_.contains(QString::fromStdString(parts[i].id))) {
            removedParts_.emplace_back(i, parts[i]);
            partIndices.push_back(i);
        }
    removeLinks(linkIndices);
    removeParts(partIndices);
    placementsBefore_ = design().placements;
    std::erase_if(design().placements,
                  [this](const Placement& p) { return partIds_.contains(QString::fromStdString(p.partId)); });
    emitChanged();
}

void RemoveItemsCommand::undo()
{
    insertParts(removedParts_);
    insertLinks(removedLinks_);
    design().placements = placementsBefore_;
    emitChanged();
}

} // namespace cf
