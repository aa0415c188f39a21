#pragma once
// "Save as Variant…": asks for the variant's name and a note. The shell saves
// with DesignStore::saveVariant(designId, parentVariantId, name(), note(), ...)
// (or saveDesign when the design was never saved, using designName()).

#include <QDialog>

class QDialogButtonBox;
class QLineEdit;
class QPlainTextEdit;

namespace cf {

class SaveVariantDialog : public QDialog {
    Q_OBJECT
public:
    // `designName` empty: a new design (its name is asked too).
    SaveVariantDialog(const QString& designName, const QString& parentVariantName, QWidget* parent = nullptr);

    QString designName() const;
    QString name() const;
    QString note() const;
    // A suggestion for a new design's name (the field stays editable).
    void setDesignName(const QString& name);
    void setName(const QString& name);
    void setNote(const QString& note);
    bool canAccept() const;

protected:
    // The keyboard goes to the first field the user can edit, its text selected.
    void showEvent(QShowEvent* event) override;

private:
    void updateOk();

    QLineEdit* designName_ = nullptr;
    QLineEdit* name_ = nullptr;
    QPlainTextEdit* note_ = nullptr;
    QDialogButtonBox* buttons_ = nullptr;
};

} // namespace cf
