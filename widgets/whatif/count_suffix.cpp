#include "whatif/count_suffix.h"

#include <QSpinBox>

namespace cf {

void followCountSuffix(QSpinBox* box, const QString& singular, const QString& plural)
{
    // Only when it changes: setSuffix rewrites the text being typed.
    const auto update = [box, singular, plural](int value) {
        const QString& suffix = value == 1 ? singular : plural;
        if (box->suffix() != suffix)
            box->setSuffix(suffix);
    };
    update(box->value());
    QObject::connect(box, &QSpinBox::valueChanged, box, update);
}

} // namespace cf
