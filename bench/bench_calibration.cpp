// Prints predicted vs measured for every expressible row of
// ../shared/refdata/calibration.csv, the rows not expressed and why, and the
// overall MAPE / max error (docs/model.md "Accuracy").
#include "calibration_runner.h"

#include <fstream>
#include <iostream>
#include <sstream>

int main(int argc, char** argv)
{
    const std::string path = argc > 1 ? argv[1] : std::string(CF_SHARED_DIR) + "/refdata/calibration.csv";
    std::ifstream f(path);
    if (!f) {
        std::cerr << "bench_calibration: cannot read " << path << "\n";
        return 2;
    }
    std::stringstream ss;
    ss << f.rdbuf();
    const cf::cli::CalibrationReport report = cf::cli::runCalibration(ss.str());
    std::cout << cf::cli::formatCalibrationReport(report);
    return 0;
}
