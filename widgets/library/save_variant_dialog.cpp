#include "widgets/library/save_variant_dialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QShowEvent>
#include <QVBoxLayout>

namespace cf {

SaveVariantDialog::SaveVariantDialog(const QString& designName, const QString& parentVariantName,
                                     QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Save as Variant"));
    setObjectName(QStringLiteral("saveVariantDialog"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    designName_ = new QLineEdit(designName, this);
    designName_->setReadOnly(!designName.isEmpty());
    // Shown for reference only: Tab and opening the dialog skip it, a click can still select it to copy.
    if (designName_->isReadOnly())
        designName_->setFocusPolicy(Qt::ClickFocus);
    designName_->setPlaceholderText(tr("Name of the new design"));
    form->addRow(tr("Design:"), designName_);
    if (!parentVariantName.isEmpty())
        form->addRow(tr("Based on:"), new QLabel(parentVariantName, this));
    name_ = new QLineEdit(this);
    name_->setPlaceholderText(tr("e.g. same cluster on RoCE"));
    form->addRow(tr("Variant name:"), name_);
    note_ = new QPlainTextEdit(this);
    note_->setPlaceholderText(tr("What changed and why (optional)"));
    note_->setMaximumHeight(90);
    form->addRow(tr("Note:"), note_);
    layout->addLayout(form);
    buttons_ = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    layout->addWidget(buttons_);
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(name_, &QLineEdit::textChanged, this, &SaveVariantDialog::updateOk);
    connect(designName_, &QLineEdit::textChanged, this, &SaveVariantDialog::updateOk);
    updateOk();
}

void SaveVariantDialog::accept()
{
    if (acceptCheck_ && !acceptCheck_(*this))
        return; // stays open, as the user left it
    QDialog::accept();
}

QString SaveVariantDialog::designName() const
{
    return designName_->text().trimmed();
}
QString SaveVariantDialog::name() const
{
    return name_->text().trimmed();
}
QString SaveVariantDialog::note() const
{
    return note_->toPlainText().trimmed();
}
void SaveVariantDialog::setDesignName(const QString& name)
{
    designName_->setText(name);
}
void SaveVariantDialog::setName(const QString& name)
{
    name_->setText(name);
}
void SaveVariantDialog::setNote(const QString& note)
{
    note_->setPlainText(note);
}

void SaveVariantDialog::showEvent(QShowEvent* event)
{
    QDialog::showEvent(event);
    // A variant of a library design: the design name is read-only and the variant
    // name is what the user came to type (issue 18: focus landed in the read-only field).
    QLineEdit* first = designName_->isReadOnly() ? name_ : designName_;
    first->setFocus(Qt::OtherFocusReason);
    first->selectAll();
}

bool SaveVariantDialog::canAccept() const
{
    return !name().isEmpty() && !designName().isEmpty();
}

void SaveVariantDialog::updateOk()
{
    buttons_->button(QDialogButtonBox::Save)->setEnabled(canAccept());
}

} // namespace cf
