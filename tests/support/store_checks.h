#pragma once
// Checks on the design store's results (StoreResult<T>, models/store/store_error.h).
//
//   QCOMPARE(storeErrorOf(store.deleteDesign(42)).kind, StoreErrorKind::NotFound);
//   CF_VERIFY_STORE_OK(store.open(path));

#include "models/store/store_error.h"

#include <QTest>

// The failure of `result`, or a StoreError of kind None when it succeeded, so
// that one comparison of the kind asserts both "failed" and "why".
template <typename T> cf::StoreError storeErrorOf(const cf::StoreResult<T>& result)
{
    return result.ok() ? cf::StoreError{} : result.error();
}

// QVERIFY that a store call succeeded, printing its error message when not.
#define CF_VERIFY_STORE_OK(expression)                                                                       \
    do {                                                                                                     \
        const auto storeResult_ = (expression);                                                              \
        QVERIFY2(storeResult_.ok(), qPrintable(storeErrorOf(storeResult_).message));                         \
    } while (false)
