#pragma once
// RLIMIT_FSIZE for a scope: the crash-safety tests make a write fail half-way
// (write() fails with EFBIG, also for root) and check that the previous file
// survives byte for byte.

#include <csignal>

#include <sys/resource.h>

namespace cf::test {

// While alive, this process cannot write a file beyond `bytes` (write() fails
// with EFBIG; SIGXFSZ is ignored so the failure is an error, not a signal).
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        getrlimit(RLIMIT_FSIZE, &old_);
        oldHandler_ = std::signal(SIGXFSZ, SIG_IGN);
        rlimit lim = old_;
        lim.rlim_cur = bytes;
        ok_ = setrlimit(RLIMIT_FSIZE, &lim) == 0;
    }
    ~FileSizeLimit()
    {
        setrlimit(RLIMIT_FSIZE, &old_);
        std::signal(SIGXFSZ, oldHandler_);
    }
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;
    bool ok() const { return ok_; }

private:
    rlimit old_{};
    void (*oldHandler_)(int) = nullptr;
    bool ok_ = false;
};

} // namespace cf::test
