#pragma once
// Fabric generator dialog: node type, node count, switch, topology, tiers,
// oversubscription and storage; previews the summary counts from
// generateFabric() and applies the result as one undoable command.

#include "models/topology/fabric_generator.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace cf {

class Catalog;
class DesignDocument;

class FabricGeneratorDialog : public QDialog {
    Q_OBJECT
public:
    FabricGeneratorDialog(DesignDocument* document, const Catalog& catalog, QWidget* parent = nullptr);

    FabricSpec spec() const;
    void setSpec(const FabricSpec& spec);
    // The last preview (generated on every change of an input).
    const Result<GeneratedFabric>& preview() const { return preview_; }
    QString previewText() const;
    // Replace the design's parts and links with the preview (one undo step).
    bool applyToDocument();

    // Limits of the inputs (our choice; the generator reports its own limits).
    static constexpr int kMaxNodes = 65536;
    static constexpr double kMaxOversubscription = 8.0;

signals:
    // Inside the apply's undo macro, right after the fabric replaced the
    // parts: edits made by a listener join the same undo step.
    void fabricApplied();

private:
    void updatePreview();

    DesignDocument* document_;
    const Catalog& catalog_;
    QComboBox* node_;
    QSpinBox* count_;
    QComboBox* switch_;
    QComboBox* topology_;
    QComboBox* tiers_;
    QDoubleSpinBox* oversub_;
    QComboBox* storage_;
    QLabel* summary_;
    QPushButton* apply_;
    Result<GeneratedFabric> preview_;
    QComboBox* planes_ = nullptr; // rail only: shared spines or one plane per rail (issue 19)
};

} // namespace cf
