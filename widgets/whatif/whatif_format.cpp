#include "widgets/whatif/whatif_format.h"

#include <QCoreApplication>

#include "widgets/common/problem_text.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QStringList>

#include <algorithm>
#include <cstring>

namespace cf {

QString problemsHtml(const Problems& problems, const std::function<bool(const std::string&)>& keep,
                     const std::function<QString(const std::string&)>& label)
{
    QStringList lines;
    for (const Problem& p : problems) {
        if (!keep(p.field))
            continue;
        const bool error = p.severity == Severity::Error;
        const QString name = label(p.field);
        QString text = problemText(p).toHtmlEscaped();
        if (!name.isEmpty())
            text = QStringLiteral("<b>%1:</b> %2").arg(name.toHtmlEscaped(), text);
        lines << QStringLiteral("<span style=\"color:%1\">%2 %3</span>")
                     .arg(error ? QStringLiteral("#b00020") : QStringLiteral("#9a6700"),
                          error ? QStringLiteral("&#10007;") : QStringLiteral("&#9888;"), text);
    }
    return lines.join(QStringLiteral("<br>"));
}

QString fieldToolTip(const char* tip, const char* help, double min, double max, const char* unit, bool whole)
{
    const QString text = QCoreApplication::translate("FieldTable", *tip ? tip : help);
    constexpr int kDigits = 15; // a double's exact digits: no exponent below 1e15
    const QString lo = whole ? QString("%L1").arg(qint64(min)) : QString("%L1").arg(min, 0, 'g', kDigits);
    const QString hi = whole ? QString("%L1").arg(qint64(max)) : QString("%L1").arg(max, 0, 'g', kDigits);
    const QString range = QCoreApplication::translate("FieldTable", "Allowed: %1 to %2").arg(lo, hi);
    return text + QLatin1Char(' ') + range +
           (*unit ? QLatin1Char(' ') + QCoreApplication::translate("FieldTable", unit) : QString()) +
           QLatin1Char('.');
}

void addChoices(QComboBox* combo, std::span<const char* const> choices, std::span<const ChoiceName> names)
{
    const auto isChoice = [&](const char* c) {
        return std::any_of(choices.begin(), choices.end(),
                           [&](const char* x) { return std::strcmp(x, c) == 0; });
    };
    for (const ChoiceName& n : names) {
        Q_ASSERT(isChoice(n.choice)); // a name for a spelling the row does not have
        if (!isChoice(n.choice))
            continue;
        combo->addItem(n.text, QString::fromLatin1(n.choice));
        if (!n.tip.isEmpty())
            combo->setItemData(combo->count() - 1, n.tip, Qt::ToolTipRole);
    }
    for (const char* c : choices) {
        const bool named = std::any_of(names.begin(), names.end(),
                                       [&](const ChoiceName& n) { return std::strcmp(n.choice, c) == 0; });
        if (!named)
            combo->addItem(QString::fromLatin1(c), QString::fromLatin1(c));
    }
}

void selectChoice(QComboBox* combo, const std::string& choice)
{
    combo->setCurrentIndex(combo->findData(QString::fromStdString(choice)));
}

std::string currentChoice(const QComboBox* combo)
{
    return combo->currentData().toString().toStdString();
}

QString fieldLabel(const char* label)
{
    return QCoreApplication::translate("FieldTable", label);
}

QString fieldShortLabel(const char* label)
{
    const QString text = fieldLabel(label);
    const qsizetype open = text.lastIndexOf(QLatin1String(" ("));
    if (open > 0 && text.endsWith(QLatin1Char(')')))
        return text.mid(open + 2, text.size() - open - 3);
    return text;
}

void narrowSpinBox(QAbstractSpinBox* spin, double narrowMax)
{
    // The width is the minimum size hint with the range capped at narrowMax.
    auto narrowed = [narrowMax](auto* box) {
        const auto lo = box->minimum(), hi = box->maximum();
        using Value = decltype(lo);
        box->setRange(lo, std::max(lo, std::min(hi, static_cast<Value>(narrowMax))));
        box->setMinimumWidth(box->minimumSizeHint().width());
        box->setRange(lo, hi);
    };
    if (auto* whole = qobject_cast<QSpinBox*>(spin))
        narrowed(whole);
    else if (auto* real = qobject_cast<QDoubleSpinBox*>(spin))
        narrowed(real);
}

void narrowCombo(QComboBox* combo, int chars)
{
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(chars);
}

} // namespace cf
