#pragma once
// Edits that change values in place: moves, the generic property edit,
// replacing the fabric, and the workload/parallelism/economics settings.

#include "widgets/document/document_command.h"

#include <vector>

namespace cf {

// One drag (or nudge) of one or more parts. Consecutive commands with the same
// gesture id (> 0) and the same parts merge into one undo step.
class MovePartsCommand : public DocumentCommand {
public:
    MovePartsCommand(DesignDocument* doc, QVector<PartMove> moves, int gestureId,
                     QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    int id() const override { return kMovePartsCommandId; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    QVector<PartMove> moves_;
    int gestureId_;
};

// Generic property edit (object id, property name, old value, new value), as in
// QElectroTech. Repeated edits of the same field within one merge window
// (DesignDocument::mergeSerial) fold into one step, so typing is one undo.
class PropertyCommand : public DocumentCommand {
public:
    enum class Target { Part, Link };
    PropertyCommand(DesignDocument* doc, Target target, QString objectId, QString property, QVariant oldValue,
                    QVariant newValue, int mergeSerial, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    int id() const override
    {
        return target_ == Target::Part ? kPartPropertyCommandId : kLinkPropertyCommandId;
    }
    bool mergeWith(const QUndoCommand* other) override;

private:
    void write(const QVariant& value);
    Target target_;
    QString objectId_;
    QString property_;
    QVariant old_;
    QVariant new_;
    int mergeSerial_;
};

// Replaces every part and link (fabric generator). Keeps workload etc.
class ReplaceTopologyCommand : public DocumentCommand {
public:
    ReplaceTopologyCommand(DesignDocument* doc, std::vector<Part> parts, std::vector<Link> links,
                           const QString& text, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    std::vector<Part> oldParts_, newParts_;
    std::vector<Link> oldLinks_, newLinks_;
};

// Workload / parallelism / economics: whole-struct old/new, merging edits
// within one merge window.
class SettingsCommand : public DocumentCommand {
public:
    enum class What { Workload, Parallelism, Economics };
    SettingsCommand(DesignDocument* doc, const Design& before, const Design& after, What what,
                    int mergeSerial, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    What what_;
    Workload oldWorkload_, newWorkload_;
    Parallelism oldParallelism_, newParallelism_;
    Economics oldEconomics_, newEconomics_;
    int mergeSerial_;
};

} // namespace cf
