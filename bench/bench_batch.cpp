// SPDX-License-Identifier: Apache-2.0
// Times `aidc batch` and `aidc sweep` as their core runs them: the base catalog loaded once and
// shared by the worker threads, each item read (or patched), loaded, evaluated and rendered to
// its result document, rows collected into CSV, JSON Lines and a results database.
// Issue 9 asks for >= 50 evaluations/s of a 10k-GPU project on this 2-core machine, the 100k
// figure, and a 1,000-variant sweep of a 10k-GPU project in seconds.
//   bench_batch [JOBS]    (default: every core)

#include "bench/benchutil.h"
#include "solvers/batch/batch.h"
#include "solvers/batch/batchoutput.h"
#include "solvers/batch/resultsdb.h"
#include "solvers/batch/sweep.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

using namespace aidc;

namespace {

struct Throughput
{
    double seconds = 0;
    double perSecond = 0;
    std::int64_t failed = 0;
};

// Runs `items` through runBatch with every output the CLI builds (CSV, JSONL, database).
Throughput timeBatch(const std::vector<std::int64_t> &items, const BatchSource &source,
                     const Catalog &catalog, int jobs, const std::string &dbPath, int repeats)
{
    Throughput t;
    t.seconds = bench::medianSeconds(repeats, [&] {
        std::filesystem::remove(dbPath);
        ResultsDatabase db(dbPath);
        db.begin();
        BatchCsv csv;
        std::string jsonl;
        const std::string runTime = currentRunTime();
        BatchOptions options;
        options.jobs = jobs;
        t.failed = runBatch(items, source, catalog, options, [&](BatchRow &&row) {
            csv.add(row, runTime);
            jsonl += batchJsonLine(row, runTime);
            db.addRow(row, "batch", runTime);
        });
        db.commit();
        const std::string text = csv.text(); // as written at the end of a batch
        (void)text;
    });
    t.perSecond = double(items.size()) / t.seconds;
    return t;
}

// The 100k-GPU sample scaled to `gpus` GPUs with islands scaled along, written to `path`.
void writeScaledProject(const std::string &path, int gpus)
{
    std::ifstream in(AIDC_SOURCE_DIR "/projects/h100-100k-site.json");
    nlohmann::json project = nlohmann::json::parse(in);
    project["compute"]["pools"][0]["gpuCount"] = gpus;
    project["network"]["planes"][0]["islandGpus"] = gpus / 8;
    project["name"] = "H100 " + std::to_string(gpus) + "-GPU variant of the 100k sample";
    std::ofstream(path) << project.dump(2) << '\n';
}

} // namespace

int main(int argc, char **argv)
{
    const int jobs = argc > 1 ? std::atoi(argv[1]) : int(std::thread::hardware_concurrency());
    const auto dir = std::filesystem::temp_directory_path() / "aidc-bench-batch";
    std::filesystem::create_directories(dir);
    const std::string dbPath = (dir / "results.db").string();

    Catalog catalog;
    const double catalogS = bench::medianSeconds(
        3, [&] { catalog = loadBaseCatalog(AIDC_SOURCE_DIR "/catalogs/data"); });
    std::printf("jobs %d, catalog load %.1f ms (once per batch)\n", jobs, catalogS * 1e3);

    // Batch of 10k-GPU projects: distinct files, as a nightly batch reads them.
    const std::string project10k = (dir / "h100-10k.json").string();
    writeScaledProject(project10k, 10000);
    std::vector<std::string> files10k;
    for (int i = 0; i < 40; ++i) {
        const std::string copy = (dir / ("p10k-" + std::to_string(i) + ".json")).string();
        std::filesystem::copy_file(project10k, copy,
                                   std::filesystem::copy_options::overwrite_existing);
        files10k.push_back(copy);
    }
    std::vector<std::int64_t> items10k(files10k.size());
    for (std::size_t i = 0; i < items10k.size(); ++i)
        items10k[i] = std::int64_t(i);
    const Throughput b10k =
        timeBatch(items10k, fileBatchSource(files10k), catalog, jobs, dbPath, 3);
    std::printf("batch 10k-GPU project   %3zu items  %7.2f s  %7.1f evaluations/s  (%lld failed)\n",
                items10k.size(), b10k.seconds, b10k.perSecond, static_cast<long long>(b10k.failed));

    // Batch of the 100k-GPU sample.
    const std::vector<std::string> files100k(4, AIDC_SOURCE_DIR "/projects/h100-100k-site.json");
    const Throughput b100k =
        timeBatch({0, 1, 2, 3}, fileBatchSource(files100k), catalog, jobs, dbPath, 3);
    std::printf("batch 100k-GPU project  %3d items  %7.2f s  %7.1f evaluations/s  (%lld failed)\n",
                4, b100k.seconds, b100k.perSecond, static_cast<long long>(b100k.failed));

    // 1,000-variant sweep of the 10k-GPU project: island oversubscription x tariff x staff.
    std::ifstream in(project10k);
    const std::string baseText((std::istreambuf_iterator<char>(in)),
                               std::istreambuf_iterator<char>());
    const Sweep sweep(
        project10k, baseText,
        {parseSweepAxis("/network/planes/0/islandOversubscription=1,2,3,4,5,6,7,8,9,10"),
         parseSweepAxis("/site/electricityUsdPerKWh=0.03,0.04,0.05,0.06,0.07,0.08,0.09,"
                        "0.1,0.11,0.12"),
         parseSweepAxis("/cost/staffUsdPerYear=0,1e6,2e6,3e6,4e6,5e6,6e6,7e6,8e6,9e6")});
    std::vector<std::int64_t> variants(std::size_t(sweep.size()));
    for (std::size_t i = 0; i < variants.size(); ++i)
        variants[i] = std::int64_t(i);
    const Throughput s1000 = timeBatch(variants, sweep.source(), catalog, jobs, dbPath, 1);
    std::printf(
        "sweep 10k-GPU project  %4zu variants %6.2f s  %7.1f evaluations/s  (%lld failed)\n",
        variants.size(), s1000.seconds, s1000.perSecond, static_cast<long long>(s1000.failed));
    std::printf("peak RSS %.1f MiB\n", bench::peakRssMiB());
    std::filesystem::remove_all(dir);
    return 0;
}
