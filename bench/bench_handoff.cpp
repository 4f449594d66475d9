// SPDX-License-Identifier: Apache-2.0
// Times `aidc export netbox` without the evaluation: the twelve NetBox import files of an evaluated
// project written into a temporary directory. Issue 21 asks for the export of the 100k-GPU sample
// in at most 10 s and 1 GiB.
//   bench_handoff [PROJECT...]   (default: the bundled 1k and 100k samples)

#include "bench/benchutil.h"
#include "solvers/handoff/netbox.h"
#include "solvers/pipeline/loading.h"

#include <cstdio>
#include <filesystem>

using namespace aidc;

int main(int argc, char **argv)
{
    std::vector<std::string> projects(argv + 1, argv + argc);
    if (projects.empty()) {
        projects = {AIDC_SOURCE_DIR "/projects/h100-1k-infiniband.json",
                    AIDC_SOURCE_DIR "/projects/h100-100k-site.json"};
    }
    const Catalog catalog = loadBaseCatalog(AIDC_SOURCE_DIR "/catalogs/data");
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "aidc-bench-netbox";
    const EvaluateOptions options; // named: GCC 12 -O3 and a temporary
    for (const std::string &path : projects) {
        const LoadedProject loaded = loadProjectForEvaluation(path, catalog);
        const Result result = evaluateLoadedProject(loaded, options);
        NetBoxExport exported;
        const double s = bench::medianSeconds(3, [&] {
            exported = exportNetBox(loaded.project, loaded.catalog, result, options, dir.string());
        });
        std::int64_t rows = 0;
        for (const NetBoxFile &file : exported.files)
            rows += file.objects;
        std::printf("%s\n  netbox export: %lld objects in %zu files: %8.3f s (%s)\n", path.c_str(),
                    static_cast<long long>(rows), exported.files.size(), s,
                    exported.ok ? "ok" : exported.error.c_str());
    }
    std::filesystem::remove_all(dir);
    std::printf("peak RSS %8.1f MiB\n", bench::peakRssMiB());
    return 0;
}
