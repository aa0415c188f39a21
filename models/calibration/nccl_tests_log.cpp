#include "models/calibration/nccl_tests_log.h"

#include <nlohmann/json.hpp>

#include <QFile>

#include <cctype>
#include <cmath>
#include <set>
#include <sstream>

namespace cf {
namespace {

// Largest log read (our choice: a full -b 8 -e 16G sweep with per-iteration
// timing is well under 1 MB).
constexpr qint64 kMaxLogBytes = 64LL << 20;

Problem problem(const std::string& where, std::string message)
{
    return {Severity::Error, where, std::move(message), {}};
}

// The operation from the program name ("all_reduce_perf", "./build/alltoall_perf -b 8").
bool opFromProgram(const std::string& text, CollectiveOp& op)
{
    static const std::pair<const char*, CollectiveOp> kPrograms[] = {
        {"all_reduce_perf", CollectiveOp::AllReduce},
        {"all_gather_perf", CollectiveOp::AllGather},
        {"reduce_scatter_perf", CollectiveOp::ReduceScatter},
        {"alltoall_perf", CollectiveOp::AllToAll},
    };
    for (const auto& [program, value] : kPrograms)
        if (text.find(program) != std::string::npos) {
            op = value;
            return true;
        }
    return false;
}

bool finitePositive(double v)
{
    return std::isfinite(v) && v > 0;
}

Result<NcclTestsLog> finish(NcclTestsLog log, bool haveOp, std::set<std::string> hosts, Problems problems)
{
    if (!haveOp)
        problems.push_back(problem(log.name, "no nccl-tests program named (all_reduce_perf, all_gather_perf, "
                                             "reduce_scatter_perf or alltoall_perf)"));
    log.nodes = int(hosts.size());
    if (log.ranks < 2)
        problems.push_back(
            problem(log.name, "fewer than 2 ranks listed (\"#  Rank N Group G Pid P on HOST ...\")"));
    else if (log.ranks % log.nodes != 0)
        problems.push_back(problem(log.name, std::to_string(log.ranks) + " ranks on " +
                                                 std::to_string(log.nodes) +
                                                 " hosts: not the same number on every host"));
    if (log.points.empty())
        problems.push_back(problem(log.name, "no result rows"));
    if (hasErrors(problems))
        return Result<NcclTestsLog>::failure(std::move(problems));
    return {std::move(log), std::move(problems)};
}

Result<NcclTestsLog> parseText(std::string_view text, const std::string& name)
{
    NcclTestsLog log;
    log.name = name;
    Problems problems;
    std::set<std::string> hosts;
    bool haveOp = opFromProgram(name, log.op);
    std::istringstream in{std::string(text)};
    std::string line;
    int lineNo = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        const std::string where = name + ":" + std::to_string(lineNo);
        if (line.rfind("#", 0) == 0) {
            if (line.find("Collective test starting:") != std::string::npos ||
                line.find("_perf") != std::string::npos)
                haveOp = opFromProgram(line, log.op) || haveOp;
            std::istringstream words(line.substr(1));
            std::string w, host, device;
            int rank = -1;
            if (words >> w && w == "Rank" && words >> rank) {
                // "#  Rank  0 Group  0 Pid 1234 on HOST device  0 [0x07] NVIDIA H100 80GB HBM3"
                while (words >> w && w != "on") {
                }
                words >> host;
                ++log.ranks;
                hosts.insert(host);
                if (log.device.empty()) {
                    const std::size_t bracket = line.find(']');
                    if (bracket != std::string::npos && bracket + 2 <= line.size())
                        log.device = line.substr(bracket + 2);
                }
            }
            continue;
        }
        // size count type redop root | time algbw busbw #wrong | time algbw busbw #wrong
        std::istringstream cols(line);
        std::vector<std::string> f;
        for (std::string c; cols >> c;)
            f.push_back(c);
        if (f.empty() || !std::isdigit(static_cast<unsigned char>(f[0][0])))
            continue; // NCCL INFO lines, banners: not results
        // 13 columns since nccl-tests added "root"; 12 before it.
        const std::size_t inPlace = f.size() >= 13 ? 9 : 8;
        if (f.size() < 12) {
            problems.push_back(
                {Severity::Warning, where, "not a result row (expected 12 or 13 columns): skipped", {}});
            continue;
        }
        NcclTestsPoint p;
        try {
            p.bytes = std::stod(f[0]);
            p.timeUs = std::stod(f[inPlace]);
            p.algbwGBps = std::stod(f[inPlace + 1]);
            p.busbwGBps = std::stod(f[inPlace + 2]);
        } catch (const std::exception&) {
            problems.push_back(problem(where, "a number in the result row does not parse"));
            continue;
        }
        if (!finitePositive(p.bytes) || !finitePositive(p.timeUs)) {
            problems.push_back(problem(where, "size and in-place time must be positive numbers"));
            continue;
        }
        log.points.push_back(p);
    }
    return finish(std::move(log), haveOp, std::move(hosts), std::move(problems));
}

double numberAt(const nlohmann::json& obj, const char* key, const std::string& where, Problems& problems)
{
    const auto it = obj.find(key);
    if (it == obj.end() || !it->is_number()) {
        problems.push_back(problem(where + "/" + key, "expected a number"));
        return 0;
    }
    return it->get<double>();
}

Result<NcclTestsLog> parseJson(std::string_view text, const std::string& name)
{
    NcclTestsLog log;
    log.name = name;
    Problems problems;
    const nlohmann::json root = nlohmann::json::parse(text, nullptr, false);
    if (root.is_discarded() || !root.is_object())
        return Result<NcclTestsLog>::failure({problem(name, "not a JSON object (nccl-tests -J output)")});
    bool haveOp = opFromProgram(name, log.op);
    if (const auto args = root.find("args");
        args != root.end() && args->is_array() && !args->empty() && args->front().is_string())
        haveOp = opFromProgram(args->front().get<std::string>(), log.op) || haveOp;
    std::set<std::string> hosts;
    const auto config = root.find("config");
    if (config != root.end() && config->is_object())
        if (const auto devices = config->find("devices"); devices != config->end() && devices->is_array())
            for (const nlohmann::json& d : *devices) {
                if (!d.is_object())
                    continue;
                ++log.ranks;
                hosts.insert(d.value("hostname", std::string()));
                if (log.device.empty())
                    log.device = d.value("device_info", std::string());
            }
    const auto results = root.find("results");
    if (results == root.end() || !results->is_array())
        return Result<NcclTestsLog>::failure(
            {problem(name + ": /results", "missing: not nccl-tests -J output")});
    for (std::size_t i = 0; i < results->size(); ++i) {
        const nlohmann::json& r = (*results)[i];
        const std::string where = name + ": /results/" + std::to_string(i);
        const auto inPlace = r.is_object() ? r.find("in_place") : r.end();
        if (!r.is_object() || inPlace == r.end() || !inPlace->is_object()) {
            problems.push_back(problem(where, "expected an object with \"size\" and \"in_place\""));
            continue;
        }
        NcclTestsPoint p;
        p.bytes = numberAt(r, "size", where, problems);
        p.timeUs = numberAt(*inPlace, "time", where + "/in_place", problems);
        p.algbwGBps = numberAt(*inPlace, "alg_bw", where + "/in_place", problems);
        p.busbwGBps = numberAt(*inPlace, "bus_bw", where + "/in_place", problems);
        if (finitePositive(p.bytes) && finitePositive(p.timeUs))
            log.points.push_back(p);
        else
            problems.push_back(problem(where, "size and in_place/time must be positive numbers"));
    }
    return finish(std::move(log), haveOp, std::move(hosts), std::move(problems));
}

} // namespace

Result<NcclTestsLog> parseNcclTestsLog(std::string_view text, const std::string& name)
{
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && text[first] == '{')
        return parseJson(text, name);
    return parseText(text, name);
}

Result<NcclTestsLog> loadNcclTestsLog(const std::string& path)
{
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly))
        return Result<NcclTestsLog>::failure(
            {problem(path, "cannot open: " + file.errorString().toStdString())});
    if (file.size() > kMaxLogBytes)
        return Result<NcclTestsLog>::failure({problem(path, "larger than 64 MB: not an nccl-tests log")});
    const QByteArray bytes = file.readAll();
    return parseNcclTestsLog(std::string_view(bytes.constData(), std::size_t(bytes.size())), path);
}

} // namespace cf
