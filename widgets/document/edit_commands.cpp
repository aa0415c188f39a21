#include "widgets/document/edit_commands.h"

#include <QCoreApplication>

namespace cf {

MovePartsCommand::MovePartsCommand(DesignDocument* doc, QVector<PartMove> moves, int gestureId,
                                   QUndoCommand* parent)
    : DocumentCommand(doc,
                      moves.size() == 1
                          ? QCoreApplication::translate("cf", "Move %1").arg(moves[0].partId)
                          : QCoreApplication::translate("cf", "Move %n parts", nullptr, int(moves.size())),
                      parent),
      moves_(std::move(moves)), gestureId_(gestureId)
{}

void MovePartsCommand::redo()
{
    for (const PartMove& m : moves_)
        setPartPos(m.partId, m.to);
    emitChanged();
}

void MovePartsCommand::undo()
{
    for (const PartMove& m : moves_)
        setPartPos(m.partId, m.from);
    emitChanged();
}

bool MovePartsCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const MovePartsCommand*>(other);
    if (gestureId_ <= 0 || o->gestureId_ != gestureId_ || o->moves_.size() != moves_.size())
        return false;
    for (int i = 0; i < moves_.size(); ++i)
        if (moves_[i].partId != o->moves_[i].partId)
            return false;
    for (int i = 0; i < moves_.size(); ++i)
        moves_[i].to = o->moves_[i].to; // keep our `from`: the gesture's start
    return true;
}

PropertyCommand::PropertyCommand(DesignDocument* doc, Target target, QString objectId, QString property,
                                 QVariant oldValue, QVariant newValue, int mergeSerial, QUndoCommand* parent)
    : DocumentCommand(doc, QCoreApplication::translate("cf", "Set %1 of %2").arg(property, objectId), parent),
      target_(target), objectId_(std::move(objectId)), property_(std::move(property)),
      old_(std::move(oldValue)), new_(std::move(newValue)), mergeSerial_(mergeSerial)
{}

void PropertyCommand::write(const QVariant& value)
{
    if (target_ == Target::Part)
        writePartProperty(objectId_, property_, value);
    else
        writeLinkProperty(objectId_, property_, value);
    emitChanged();
}

void PropertyCommand::redo()
{
    write(new_);
}
void PropertyCommand::undo()
{
    write(old_);
}

bool PropertyCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const PropertyCommand*>(other);
    if (o->target_ != target_ || o->objectId_ != objectId_ || o->property_ != property_ ||
        o->mergeSerial_ != mergeSerial_)
        return false;
    new_ = o->new_;
    setObsolete(new_ == old_); // typed back to the start: drop the step
    return true;
}

ReplaceTopologyCommand::ReplaceTopologyCommand(DesignDocument* doc, std::vector<Part> parts,
                                               std::vector<Link> links, const QString& text,
                                               QUndoCommand* parent)
    : DocumentCommand(doc, text, parent), oldParts_(doc->design().parts), newParts_(std::move(parts)),
      oldLinks_(doc->design().links), newLinks_(std::move(links))
{}

void ReplaceTopologyCommand::redo()
{
    replaceTopology(newParts_, newLinks_);
    emitChanged();
}

void ReplaceTopologyCommand::undo()
{
    replaceTopology(oldParts_, oldLinks_);
    emitChanged();
}

SettingsCommand::SettingsCommand(DesignDocument* doc, const Design& before, const Design& after, What what,
                                 int mergeSerial, QUndoCommand* parent)
    : DocumentCommand(doc, QCoreApplication::translate("cf", "Change settings"), parent), what_(what),
      oldWorkload_(before.workload), newWorkload_(after.workload), oldParallelism_(before.parallelism),
      newParallelism_(after.parallelism), oldEconomics_(before.economics), newEconomics_(after.economics),
      mergeSerial_(mergeSerial)
{
    switch (what_) {
    case What::Workload:
        setText(QCoreApplication::translate("cf", "Change workload"));
        break;
    case What::Parallelism:
        setText(QCoreApplication::translate("cf", "Change parallelism"));
        break;
    case What::Economics:
        setText(QCoreApplication::translate("cf", "Change economics"));
        break;
    }
}

int SettingsCommand::id() const
{
    switch (what_) {
    case What::Workload:
        return kWorkloadCommandId;
    case What::Parallelism:
        return kParallelismCommandId;
    case What::Economics:
        return kEconomicsCommandId;
    }
    return -1;
}

void SettingsCommand::redo()
{
    switch (what_) {
    case What::Workload:
        writeWorkload(newWorkload_);
        break;
    case What::Parallelism:
        writeParallelism(newParallelism_);
        break;
    case What::Economics:
        writeEconomics(newEconomics_);
        break;
    }
    emitChanged();
}

void SettingsCommand::undo()
{
    switch (what_) {
    case What::Workload:
        writeWorkload(oldWorkload_);
        break;
    case What::Parallelism:
        writeParallelism(oldParallelism_);
        break;
    case What::Economics:
        writeEconomics(oldEconomics_);
        break;
    }
    emitChanged();
}

bool SettingsCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const SettingsCommand*>(other);
    if (o->what_ != what_ || o->mergeSerial_ != mergeSerial_)
        return false;
    newWorkload_ = o->newWorkload_;
    newParallelism_ = o->newParallelism_;
    newEconomics_ = o->newEconomics_;
    return true;
}

} // namespace cf
