#include "widgets/common/problem_text.h"

#include "models/design/split_rules.h"

#include <QCoreApplication>

namespace cf {

QString problemText(const Problem& problem)
{
    const char* source = problem.code.empty() ? nullptr : splitRuleTemplate(problem.code);
    if (!source)
        return QString::fromStdString(problem.message);
    QString text = QCoreApplication::translate("SplitRules", source);
    for (const std::string& arg : problem.args)
        text = text.arg(QString::fromStdString(arg));
    return text;
}

} // namespace cf
