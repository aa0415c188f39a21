#pragma once
// "Compare Variants…" (issue 6, item 4): two to four designs side by side.
//  - a table of every headline metric, one column per variant, with the
//    delta against the first variant and the best of each row marked (★,
//    bold, green background);
//  - overlaid scaling (tokens/s against nodes) and cost-over-time (own,
//    cumulative) charts, one colour per variant;
//  - the BOM differences of each variant against the first.
// Issue 28 item 6: why the winner wins, one sentence per other design
// (models/compare/winner_explanation.h) under the table; below, tabs for the
// overlaid charts, the step time of each design side by side, and the BOM
// differences across the window's width; Export writes the comparison as
// Markdown (models/compare/comparison_markdown.h) and says where; Escape
// closes the window.
// The engine part is models/compare/variant_comparison.h.

#include "models/catalog/catalog.h"
#include "models/compare/variant_comparison.h"
#include "models/compare/winner_explanation.h"
#include "models/design/design.h"
#include "models/store/store_error.h"

#include <QWidget>

#include <functional>

#include <vector>

class QHBoxLayout;
class QLabel;
class QPushButton;
class QVBoxLayout;
class QTableWidget;
class QTabWidget;
class QTreeWidget;

namespace cf {

class ChartPanel;
class CompareStepChart;
class DesignStore;

class CompareView : public QWidget {
    Q_OBJECT
public:
    static constexpr int BestRole = Qt::UserRole + 1;  // bool on a metrics cell
    static constexpr int ValueRole = Qt::UserRole + 2; // double (invalid when unknown)
    static constexpr int DeltaRole = Qt::UserRole + 3; // double (invalid for the first or unknown)

    struct Input {
        QString name;
        Design design;
    };

    explicit CompareView(QWidget* parent = nullptr);

    // Two to four variants; false and errorText() otherwise (the view then shows the message).
    bool setVariants(const std::vector<Input>& variants, const Catalog& catalog = Catalog::builtin());
    // Loads the variants from the store ("design — variant" as names). Fails with
    // the store's error for a variant that does not load, BadInput with
    // errorText() when setVariants() refuses them.
    StoreResult<void> setVariantsFromStore(DesignStore& store, const std::vector<qint64>& variantIds,
                                           const Catalog& catalog = Catalog::builtin());

    const VariantComparison& comparison() const { return comparison_; }
    QString errorText() const { return error_; }
    QTableWidget* metricsTable() const { return metrics_; }
    QTreeWidget* bomDiffTree() const { return bomDiff_; }
    ChartPanel* scalingChart() const { return scaling_; }
    ChartPanel* costChart() const { return cost_; }
    CompareStepChart* stepChart() const { return step_; }
    QTabWidget* tabs() const { return tabs_; }
    // Why the winner wins: one sentence per other design ("" when none has training figures).
    QStringList whySentences() const { return why_; }
    QLabel* whyLabel() const { return whyLabel_; }

    // The comparison as Markdown; written to `path` (atomically), with the
    // confirmation (or the failure) in exportNote().
    std::string markdown() const;
    bool exportTo(const QString& path);
    QString exportNote() const;
    // Tests replace the save dialog: the path chosen ("" = cancelled).
    using PathChooser = std::function<QString(const QString& suggested)>;
    void setPathChooser(PathChooser chooser) { choosePath_ = std::move(chooser); }

public slots:
    void exportWithDialog();

    // One distinct colour per variant column (tableau palette).
    static QColor variantColour(int index);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    // The window's parts, built once by the constructor.
    void addCloseAction();
    QHBoxLayout* buildTopRow();
    void buildMetrics(QVBoxLayout* layout);
    void buildTabs(QVBoxLayout* layout);
    void setUpChartAxes();
    void showError(const QString& message);
    // The metrics table exactly as tall as its rows (and a scroll bar when too narrow).
    void fitMetricsHeight();
    void fillMetrics();
    void fillBomDiff();
    void fillWhy();

    QLabel* message_ = nullptr;
    QTableWidget* metrics_ = nullptr;
    QTreeWidget* bomDiff_ = nullptr;
    ChartPanel* scaling_ = nullptr;
    ChartPanel* cost_ = nullptr;
    CompareStepChart* step_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    QLabel* whyLabel_ = nullptr;
    QLabel* exportNote_ = nullptr;
    QPushButton* export_ = nullptr;
    PathChooser choosePath_;
    QStringList why_;
    WinnerExplanation winner_;
    std::vector<Prediction> predictions_;
    VariantComparison comparison_;
    QString error_;
};

} // namespace cf
