#include "widgets/whatif/combo_key_guard.h"

#include <QComboBox>
#include <QKeyEvent>

namespace cf {

void ComboKeyGuard::install(QWidget* root)
{
    auto* guard = new ComboKeyGuard(root);
    for (QComboBox* combo : root->findChildren<QComboBox*>())
        if (!combo->isEditable())
            combo->installEventFilter(guard);
}

bool ComboKeyGuard::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::KeyPress)
        return QObject::eventFilter(watched, event);
    const auto* key = static_cast<const QKeyEvent*>(event);
    const bool chord = key->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier);
    const QString text = key->text();
    // A printable character other than space (which opens the list) is type-ahead: eat it.
    const bool typeAhead = !chord && !text.isEmpty() && text.at(0).isPrint() && !text.at(0).isSpace();
    if (typeAhead) {
        event->accept();
        return true;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace cf
