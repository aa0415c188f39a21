#pragma once
// The engine's one error style (docs/CONVENTIONS.md, "Errors"): a fallible
// entry point returns Result<T>, either a value or the Problems that say why
// there is none. A value may come with problems that did not stop it: warnings
// (a design that loads although a field name is unknown) or errors in a part
// that was left out (a broken user catalog over the built-in one), so
// problems() is worth reading either way.
//
//   Result<Design> r = loadDesignFile(path);
//   for (const Problem& p : r.problems()) report(p);
//   if (!r) return;
//   use(*r);

#include "models/core/problem.h"

#include <optional>
#include <utility>

namespace cf {

// The error payload is Problems for the engine; the design store uses its
// StoreError (a kind to branch on and a message naming the file), in the same
// type: Result<T, StoreError>. error() is the payload either way; problems()
// is its name for Problems.
template <typename T, typename E = Problems> class [[nodiscard]] Result {
public:
    // No value yet; problems() may still collect errors before fail-style returns.
    Result() = default;
    // A value with any warnings met on the way.
    Result(T value, E warnings = {}) : value_(std::move(value)), problems_(std::move(warnings)) {}

    // No value: `problems` should hold at least one error saying why.
    static Result failure(E problems)
    {
        Result r;
        r.problems_ = std::move(problems);
        return r;
    }

    bool ok() const { return value_.has_value(); }
    explicit operator bool() const { return ok(); }

    // Only when ok().
    T& value() & { return *value_; }
    const T& value() const& { return *value_; }
    T&& value() && { return std::move(*value_); }
    T& operator*() & { return *value_; }
    const T& operator*() const& { return *value_; }
    T* operator->() { return &*value_; }
    const T* operator->() const { return &*value_; }
    T value_or(T fallback) const& { return value_.value_or(std::move(fallback)); }
    T value_or(T fallback) && { return std::move(value_).value_or(std::move(fallback)); }
    // The value as an optional, moved out (for callers that keep "maybe a value").
    std::optional<T> take() { return std::move(value_); }

    const E& problems() const { return problems_; }
    E& problems() { return problems_; }
    const E& error() const { return problems_; }

    void setValue(T value) { value_ = std::move(value); }

private:
    std::optional<T> value_;
    E problems_;
};

// An action with no value (a file written, a row deleted): done, or why not.
//
//   Result<void> r = saveDesignFile(design, path);
//   if (!r) report(r.problems());
template <typename E> class [[nodiscard]] Result<void, E> {
public:
    // Done, with any warnings.
    static Result success(E warnings = {}) { return Result(true, std::move(warnings)); }
    // Not done: `problems` says why.
    static Result failure(E problems) { return Result(false, std::move(problems)); }

    bool ok() const { return done_; }
    explicit operator bool() const { return ok(); }
    const E& problems() const { return problems_; }
    E& problems() { return problems_; }
    const E& error() const { return problems_; }

private:
    Result(bool done, E problems) : done_(done), problems_(std::move(problems)) {}
    bool done_ = false;
    E problems_;
};

} // namespace cf
