#pragma once
// "Save as Variant…": asks for the variant's name and a note. The shell saves
// with DesignStore::saveVariant(designId, parentVariantId, name(), note(), ...)
// (or saveDesign when the design was never saved, using designName()).

#include <QDialog>

#include <functional>

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
    // Asked on Save before the dialog closes: false keeps it open, every field
    // as typed (the "name already in the library" question's Cancel, issue 28 item 10).
    void setAcceptCheck(std::function<bool(const SaveVariantDialog&)> check)
    {
        acceptCheck_ = std::move(check);
    }

public slots:
    void accept() override;

protected:
    // The keyboard goes to the first field the user can edit, its text selected.
    void showEvent(QShowEvent* event) override;

private:
    void updateOk();

    QLineEdit* designName_ = nullptr;
    QLineEdit* name_ = nullptr;
    QPlainTextEdit* note_ = nullptr;
    QDialogButtonBox* buttons_ = nullptr;
    std::function<bool(const SaveVariantDialog&)> acceptCheck_;
};

} // namespace cf
