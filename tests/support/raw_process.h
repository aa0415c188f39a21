#pragma once
// Runs a program with argv passed as raw bytes (fork/execve, no shell, no
// QString on the way), so that non-UTF-8 and 128 KiB arguments reach it
// unchanged. HOME and the XDG dirs point into `home` so that the program
// cannot touch the user's settings. Used by tst_hostile_cli on the real
// clusterforge-cli (CF_CLI_PATH).

#include <QtGlobal>

#include <string>
#include <vector>

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace cf::test {

struct RawRun {
    int status = -1; // exit status, or 128 + signal
    std::string out, err;
};

// Runs `argv` (argv[0] is the program's path) with HOME = `home`,
// XDG_CONFIG_HOME = `home`/config, XDG_DATA_HOME = `home`/data; collects both
// streams. Gives up waiting for output after 120 s of silence.
inline RawRun runRawProcess(const std::vector<std::string>& argv, const std::string& home)
{
    RawRun r;
    int outPipe[2], errPipe[2];
    if (pipe(outPipe) != 0 || pipe(errPipe) != 0)
        qFatal("pipe failed");
    std::vector<std::string> envStore;
    for (char** e = environ; *e; ++e) {
        const std::string kv = *e;
        if (kv.rfind("HOME=", 0) == 0 || kv.rfind("XDG_", 0) == 0)
            continue;
        envStore.push_back(kv);
    }
    envStore.push_back("HOME=" + home);
    envStore.push_back("XDG_CONFIG_HOME=" + home + "/config");
    envStore.push_back("XDG_DATA_HOME=" + home + "/data");
    std::vector<char*> envp, args;
    for (std::string& s : envStore)
        envp.push_back(s.data());
    envp.push_back(nullptr);
    std::vector<std::string> argStore = argv;
    for (std::string& s : argStore)
        args.push_back(s.data());
    args.push_back(nullptr);
    const pid_t pid = fork();
    if (pid == 0) {
        dup2(outPipe[1], 1);
        dup2(errPipe[1], 2);
        close(outPipe[0]);
        close(errPipe[0]);
        execve(args[0], args.data(), envp.data());
        _exit(127);
    }
    close(outPipe[1]);
    close(errPipe[1]);
    pollfd fds[2] = {{outPipe[0], POLLIN, 0}, {errPipe[0], POLLIN, 0}};
    std::string* sinks[2] = {&r.out, &r.err};
    int open = 2;
    char buf[65536];
    while (open > 0) {
        if (poll(fds, 2, 120000) <= 0)
            break;
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            const ssize_t n = read(fds[i].fd, buf, sizeof buf);
            if (n > 0) {
                sinks[i]->append(buf, std::size_t(n));
            } else {
                close(fds[i].fd);
                fds[i].fd = -1;
                --open;
            }
        }
    }
    int wstatus = 0;
    waitpid(pid, &wstatus, 0);
    r.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
    return r;
}

} // namespace cf::test
