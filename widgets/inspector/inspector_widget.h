#pragma once
// The inspector: the selected part's or link's properties with units. Edits
// go through DesignDocument::setPartProperty/setLinkProperty (undoable; typing
// in one field merges into one undo step until the field loses focus). A bad
// value is never applied: a message names the field and the limit.

#include "models/design/design_limits.h"

#include <QVariant>
#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QStackedWidget;

namespace cf {

class Catalog;
class DesignDocument;

class InspectorWidget : public QWidget {
    Q_OBJECT
public:
    InspectorWidget(DesignDocument* document, const Catalog& catalog, QWidget* parent = nullptr);

    // What a valid design may hold (the count, speed and cables) is the field
    // table's rows' design bounds (models/design/field_table.h), as the validator's.
    // A name the design file can hold: the reader refuses longer text
    // (design_json_tree.h, kMaxStringChars), so a longer paste is cut here.
    static constexpr int kMaxNameChars = 4096;

    QString currentId() const { return currentId_; }
    QString errorText() const;

    // The editors (tests drive them).
    QLineEdit* nameEdit() const { return name_; }
    QSpinBox* countSpin() const { return count_; }
    QDoubleSpinBox* xSpin() const { return x_; }
    QDoubleSpinBox* ySpin() const { return y_; }
    QDoubleSpinBox* speedSpin() const { return speed_; }
    QComboBox* mediumCombo() const { return medium_; }
    QComboBox* lengthCombo() const { return length_; }
    QSpinBox* cablesSpin() const { return cables_; }
    // Read-only link lines: "8 × 400 Gb/s = 3.2 Tb/s" and the node's NIC share.
    QString bandwidthText() const;
    QString nicShareText() const;

private:
    void updateCountSuffix();
    void reload();
    void onObjectChanged(const QString& id);
    bool touchesCurrentLink(const QString& id) const;
    void applyPart(const QString& property, const QVariant& value);
    void applyLink(const QString& property, const QVariant& value);
    void showError(const QString& text);
    // Refused edits: the value before the edit's first keystroke, restored when
    // the edit ends with a refused value on screen.
    QVariant documentValue(const QString& property) const;
    void rememberEditStart(const QString& property);
    void endEdit();
    QWidget* buildPartPage();
    QWidget* buildLinkPage();

    DesignDocument* document_;
    const Catalog& catalog_;
    QString currentId_;
    bool loading_ = false;
    struct EditStart {
        QString id, property;
        QVariant value;
    };
    EditStart editStart_;
    QStackedWidget* pages_;
    QLabel* emptyLabel_;
    QLabel* error_;
    // Part page
    QLineEdit* name_;
    QSpinBox* count_;
    QLabel* catalogId_;
    QLabel* specs_;
    QDoubleSpinBox* x_;
    QDoubleSpinBox* y_;
    // Link page
    QLabel* ends_;
    QDoubleSpinBox* speed_;
    QComboBox* medium_;
    QComboBox* length_;
    QSpinBox* cables_;
    QLabel* bandwidth_;
    QLabel* nicShare_;
};

} // namespace cf
