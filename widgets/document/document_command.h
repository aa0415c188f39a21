#pragma once
// Base of every design edit on the undo stack. The only friend of
// DesignDocument: subclasses reach the raw mutators through it.

#include "widgets/document/design_document.h"

#include <QUndoCommand>

namespace cf {

// Command ids for QUndoCommand::id() (merging); our choice, unique per type.
enum DocumentCommandId {
    kMovePartsCommandId = 1001,
    kPartPropertyCommandId = 1002,
    kLinkPropertyCommandId = 1003,
    kWorkloadCommandId = 1004,
    kParallelismCommandId = 1005,
    kEconomicsCommandId = 1006,
    kCalibrationCommandId = 1007,
};

class DocumentCommand : public QUndoCommand {
public:
    DocumentCommand(DesignDocument* document, const QString& text, QUndoCommand* parent = nullptr)
        : QUndoCommand(text, parent), doc_(document)
    {}

protected:
    DesignDocument* doc() const { return doc_; }
    Design& design() const { return doc_->design_; }
    void insertParts(const std::vector<std::pair<int, Part>>& p) const { doc_->insertParts(p); }
    void removeParts(const std::vector<int>& indices) const { doc_->removeParts(indices); }
    void insertLinks(const std::vector<std::pair<int, Link>>& l) const { doc_->insertLinks(l); }
    void removeLinks(const std::vector<int>& indices) const { doc_->removeLinks(indices); }
    void setPartPos(const QString& id, QPointF pos) const { doc_->setPartPos(id, pos); }
    void writePartProperty(const QString& id, const QString& p, const QVariant& v) const
    {
        doc_->writePartProperty(id, p, v);
    }
    void writeLinkProperty(const QString& id, const QString& p, const QVariant& v) const
    {
        doc_->writeLinkProperty(id, p, v);
    }
    void replaceTopology(const std::vector<Part>& parts, const std::vector<Link>& links) const
    {
        doc_->replaceTopology(parts, links);
    }
    void writeWorkload(const Workload& w) const { doc_->writeWorkload(w); }
    void writeParallelism(const Parallelism& p) const { doc_->writeParallelism(p); }
    void writeEconomics(const Economics& e) const { doc_->writeEconomics(e); }
    void writeCalibration(const std::optional<CalibrationProfile>& p) const { doc_->writeCalibration(p); }
    void emitChanged() const { emit doc_->changed(); }

private:
    DesignDocument* doc_;
};

} // namespace cf
