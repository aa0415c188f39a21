#include "widgets/whatif/count_suffix.h"

#include <QSpinBox>
#include <QVariant>

namespace cf {
namespace {

// The box keeps its two suffixes as properties, for refreshCountSuffix.
constexpr const char* kSingularProperty = "cfCountSingular";
constexpr const char* kPluralProperty = "cfCountPlural";

} // namespace

void refreshCountSuffix(QSpinBox* box)
{
    const QVariant singular = box->property(kSingularProperty);
    if (!singular.isValid())
        return; // not a counting box
    const QString suffix =
        box->value() == 1 ? singular.toString() : box->property(kPluralProperty).toString();
    // Only when it changes: setSuffix rewrites the text being typed.
    if (box->suffix() != suffix)
        box->setSuffix(suffix);
}

void followCountSuffix(QSpinBox* box, const QString& singular, const QString& plural)
{
    box->setProperty(kSingularProperty, singular);
    box->setProperty(kPluralProperty, plural);
    refreshCountSuffix(box);
    QObject::connect(box, &QSpinBox::valueChanged, box, [box] { refreshCountSuffix(box); });
}

} // namespace cf
