#pragma once
// The repository catalog plus a radix-8 switch, so that the four-tier maximum
// (k^4/8 = 512 endpoints) is small enough to build whole in a test.

#include "models/catalog/catalog.h"
#include "test_files.h"

#include <QTemporaryDir>
#include <QtGlobal>

namespace cf::test {

inline const Catalog& radix8Catalog()
{
    static QTemporaryDir dir;
    static const Catalog catalog = [] {
        const QString user = dir.filePath(QStringLiteral("catalog.json"));
        writeFileBytes(user, R"({"format":"clusterforge-catalog","version":1,"switches":[
            {"id":"radix8","name":"Radix-8 test switch","tech":"infiniband","radix":8,"portGbps":400,
             "powerW":100,"priceUsd":1000,"source":"test fixture"}]})");
        auto loaded = Catalog::load(CF_SOURCE_DIR "/resources/catalog.json", user.toStdString());
        if (!loaded || !loaded->switchSpec("radix8"))
            qFatal("test catalog with radix8 did not load");
        return std::move(*loaded);
    }();
    return catalog;
}

} // namespace cf::test
