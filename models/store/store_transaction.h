#pragma once
// One SQLite transaction on a store connection, as a scope: the constructor
// begins it, commit() ends it, and the destructor rolls it back unless
// commit() succeeded. An early return on any failure therefore leaves the
// database as it was, without a rollback call on every path.
//
//   StoreTransaction tx(db());
//   if (!tx.began()) return failSql(tx.error(), StoreAction::Write);
//   ... statements ...
//   if (!tx.commit()) return failSql(tx.error(), StoreAction::Write);

#include <QSqlDatabase>
#include <QSqlError>

namespace cf {

class StoreTransaction {
public:
    // Deferred: no lock until the first statement; reads then see one snapshot.
    // Immediate: take the write lock now, so a busy database fails before any
    // work. Exclusive: also keep readers out (rollback journal), for the schema.
    // Each waits up to the connection's busy timeout for another writer.
    enum class Lock { Deferred, Immediate, Exclusive };

    explicit StoreTransaction(const QSqlDatabase& db, Lock lock = Lock::Immediate);
    ~StoreTransaction();
    StoreTransaction(const StoreTransaction&) = delete;
    StoreTransaction& operator=(const StoreTransaction&) = delete;

    bool began() const { return state_ != State::NotBegun; }
    // Returns false (error() says why) when COMMIT fails; the destructor then rolls back.
    bool commit();
    // Why BEGIN or COMMIT failed.
    const QSqlError& error() const { return error_; }

private:
    enum class State { NotBegun, Open, Committed };

    QSqlDatabase db_;
    QSqlError error_;
    State state_ = State::NotBegun;
};

} // namespace cf
