#include "widgets/whatif/whatif_format.h"

#include "widgets/common/problem_text.h"

#include <QStringList>

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

} // namespace cf
