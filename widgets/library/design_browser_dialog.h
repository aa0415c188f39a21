#pragma once
// "Open from Library…": the designs in the store and their variant trees
// (parent-child from parent_variant_id) with key metrics, a search field,
// rename, delete (confirmed) and open. exec() == Accepted means
// selectedVariantId() is the variant to open. Store errors appear in the
// dialog's message line; nothing here throws or crashes on a bad store.

#include <QDialog>

#include <functional>
#include <optional>
#include <vector>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QStandardItem;
class QStandardItemModel;
class QTreeView;

namespace cf {

class DesignStore;

class DesignBrowserDialog : public QDialog {
    Q_OBJECT
public:
    enum Column { Name, Gpus, Mfu, TokensPerS, TimeToTrain, Capex, TotalCost, Note, Saved, ColumnCount };
    static constexpr int IdRole = Qt::UserRole + 1;       // qint64
    static constexpr int IsDesignRole = Qt::UserRole + 2; // bool
    static constexpr int SortRole = Qt::UserRole + 3;

    // Asked before deleting; returns true to go ahead. Default: a QMessageBox.
    using Confirm = std::function<bool(QWidget* parent, const QString& title, const QString& question)>;
    // Asked for a new name; nullopt = cancelled. Default: QInputDialog.
    using AskName = std::function<std::optional<QString>(QWidget* parent, const QString& current)>;

    // The store must outlive the dialog.
    explicit DesignBrowserDialog(DesignStore* store, QWidget* parent = nullptr);

    void setConfirm(Confirm confirm) { confirm_ = std::move(confirm); }
    void setAskName(AskName askName) { askName_ = std::move(askName); }

    // Re-read the store (with the current search text).
    void reload();
    void setSearchText(const QString& text);

    QTreeView* view() const { return view_; }
    QStandardItemModel* model() const { return model_; }
    QString messageText() const;

    // Select the row of a design or variant; false when not listed.
    bool selectVariant(qint64 variantId, bool addToSelection = false);
    bool selectDesign(qint64 designId);
    // The selected variant, or a selected design's first root variant.
    std::optional<qint64> selectedVariantId() const;

    // "Compare Variants…": several rows selectable; Open becomes Compare and
    // accepts two to four variants (selectedVariantIds()).
    void setCompareMode(bool on);
    std::vector<qint64> selectedVariantIds() const;

    // Act on the selection (the buttons call these).
    bool renameSelected();
    bool deleteSelected();
    void openSelected();

private:
    void createModel();
    void createView();
    QDialogButtonBox* createButtons();
    void setDefaultPrompts();
    void fitColumns();
    QStandardItem* selectedItem() const;
    QStandardItem* findItem(qint64 id, bool design) const;
    void showError(const QString& message);
    void updateButtons();

    DesignStore* store_ = nullptr;
    QLineEdit* search_ = nullptr;
    QTreeView* view_ = nullptr;
    QStandardItemModel* model_ = nullptr;
    QLabel* message_ = nullptr;
    QPushButton* open_ = nullptr;
    QPushButton* rename_ = nullptr;
    QPushButton* delete_ = nullptr;
    bool compareMode_ = false;
    Confirm confirm_;
    AskName askName_;
};

} // namespace cf
