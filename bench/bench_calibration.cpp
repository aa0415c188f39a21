// Prints predicted vs measured for every expressible row of
// resources/validation/calibration.csv, the rows not expressed and why, and the
// overall MAPE / max error (docs/model.md "Accuracy").
#include "app/validation/calibration_runner.h"

#include <fstream>
#include <iostream>
#include <sstream>

// Usage: bench_calibration [CSV]            the whole report
//        bench_calibration --args ID [CSV]  the evaluate flags of one row (to rerun it by hand)
int main(int argc, char** argv)
{
    std::string showId;
    if (argc > 2 && std::string(argv[1]) == "--args") {
        showId = argv[2];
        argv += 2;
        argc -= 2;
    }
    const std::string path = argc > 1 ? argv[1] : std::string(CF_VALIDATION_DIR) + "/calibration.csv";
    std::ifstream f(path);
    if (!f) {
        std::cerr << "bench_calibration: cannot read " << path << "\n";
        return 2;
    }
    std::stringstream ss;
    ss << f.rdbuf();
    const cf::cli::CalibrationReport report = cf::cli::runCalibration(ss.str());
    if (!showId.empty()) {
        for (const cf::cli::CalibrationResult& r : report.results)
            if (r.row.id == showId) {
                // The row's cluster as the cluster flags, then its workload and split flags.
                const cf::ClusterSpec c = cf::cli::clusterSpecOf(r.row);
                std::cout << "--gpu " << c.gpuId << " --gpus " << c.gpus << " --fabric "
                          << (c.fabricTech == cf::FabricTech::Ethernet ? "roce" : "ib") << ' ';
                if (c.gpusPerNode > 0)
                    std::cout << "--gpus-per-node " << c.gpusPerNode << ' ';
                if (c.nicGbps > 0)
                    std::cout << "--nic-gbps " << c.nicGbps << ' ';
                for (const std::string& a : r.args)
                    std::cout << a << ' ';
                std::cout << '\n';
                return 0;
            }
        std::cerr << "bench_calibration: no row " << showId << "\n";
        return 2;
    }
    std::cout << cf::cli::formatCalibrationReport(report);
    return 0;
}
