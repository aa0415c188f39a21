#pragma once
// Copy/paste of parts and links as a design JSON fragment (saveDesignJson of a
// Design holding only the copied parts and the links between them). Pasted
// objects get fresh ids (numbered after the largest id in use for their
// prefix, as Design::nextId does, but allocated in one pass).

#include "models/core/result.h"
#include "models/design/design.h"

#include <QPointF>
#include <QString>
#include <QStringList>

#include <vector>

namespace cf {

class DesignDocument;

struct DesignFragment {
    std::vector<Part> parts;
    std::vector<Link> links;
};

// The selected parts and the links whose both ends are selected parts.
Design copyFragment(const Design& design, const DesignDocument& document, const QStringList& ids);
// Fresh ids and names unique in `design` for `fragment`, ends re-pointed, moved by `offset`.
DesignFragment remapFragment(const Design& fragment, const Design& design, QPointF offset);
// Fragment <-> text. Reading is the design reader's: the fragment with its
// warnings (an unknown field, with a did-you-mean), or the errors that say
// why the text is not one (at least one problem).
QString fragmentToJson(const Design& fragment);
Result<Design> fragmentFromJson(const QString& text);

} // namespace cf
