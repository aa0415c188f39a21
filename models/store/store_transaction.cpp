#include "models/store/store_transaction.h"

#include <QSqlQuery>

namespace cf {
namespace {

QString beginSql(StoreTransaction::Lock lock)
{
    switch (lock) {
    case StoreTransaction::Lock::Deferred:
        return QStringLiteral("BEGIN DEFERRED");
    case StoreTransaction::Lock::Immediate:
        return QStringLiteral("BEGIN IMMEDIATE");
    case StoreTransaction::Lock::Exclusive:
        break;
    }
    return QStringLiteral("BEGIN EXCLUSIVE");
}

} // namespace

StoreTransaction::StoreTransaction(const QSqlDatabase& db, Lock lock) : db_(db)
{
    QSqlQuery q(db_);
    if (q.exec(beginSql(lock)))
        state_ = State::Open;
    else
        error_ = q.lastError();
}

StoreTransaction::~StoreTransaction()
{
    if (state_ != State::Open)
        return;
    // Nothing to report from a destructor: a failed ROLLBACK leaves SQLite to
    // roll back when the connection closes, and the caller already has its error.
    QSqlQuery q(db_);
    q.exec(QStringLiteral("ROLLBACK"));
}

bool StoreTransaction::commit()
{
    if (state_ != State::Open)
        return false;
    QSqlQuery q(db_);
    if (!q.exec(QStringLiteral("COMMIT"))) {
        error_ = q.lastError();
        return false;
    }
    state_ = State::Committed;
    return true;
}

} // namespace cf
