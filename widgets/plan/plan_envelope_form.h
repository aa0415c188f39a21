#pragma once
// The envelope form of Tools > Plan (issue 29 item 6): the model preset, the
// tokens to train, facility power, budget, deadline (each optional), horizon,
// PUE and electricity price, the candidate GPUs (a checkable list of the
// catalog's training nodes) and the fabrics. envelope() reads it into a
// PlanEnvelope; its errors, and the engine's (validatePlanEnvelope), name the
// field as the form labels it. The last envelope is kept in QSettings.

#include "models/catalog/catalog.h"
#include "models/plan/plan_envelope.h"

#include <QString>
#include <QStringList>
#include <QWidget>

#include <map>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLineEdit;
class QListWidget;

namespace cf {

class PlanEnvelopeForm : public QWidget {
    Q_OBJECT
public:
    explicit PlanEnvelopeForm(const Catalog& catalog, QWidget* parent = nullptr);

    // The envelope, or nullopt with errors() naming each bad field ("Facility
    // power (MW): must be a positive number ..."); the first bad field gets the focus.
    std::optional<PlanEnvelope> envelope();
    QStringList errors() const { return errors_; }

    // Settings: the last envelope run, restored at the next opening.
    void saveSettings() const;
    void restoreSettings();

    // For tests and the screenshot: set a field's text by its engine name
    // ("tokens", "power-mw", "budget-usd", "deadline-days", "horizon-years",
    // "pue", "usd-per-kwh").
    QLineEdit* field(const QString& name) const;
    QComboBox* modelBox() const { return model_; }
    QListWidget* gpuList() const { return gpus_; }
    const std::vector<QCheckBox*>& fabricBoxes() const { return fabrics_; }
    // Checks only these node or GPU ids (ids not in the list: unchecked).
    void checkOnlyGpus(const QStringList& ids);
    void checkOnlyFabrics(const QStringList& names);

private:
    // The constructor's parts, top to bottom.
    void addModelRow();
    void addLimitRows();
    void addGpuList();
    void addFabricBoxes();
    QLineEdit* addNumberField(const QString& name, const QString& label, const QString& tip,
                              const QString& placeholder);
    void addError(const QString& field, const QString& message);
    QString labelOf(const QString& field) const;

    const Catalog& catalog_;
    QComboBox* model_ = nullptr;
    QListWidget* gpus_ = nullptr;
    std::vector<QCheckBox*> fabrics_;
    std::map<QString, QLineEdit*> fields_; // by the engine's field name
    std::map<QString, QString> labels_;    // the form's label of each field name
    QStringList errors_;
    QWidget* firstBad_ = nullptr;
    QFormLayout* form_ = nullptr;
};

} // namespace cf
