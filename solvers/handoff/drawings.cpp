// SPDX-License-Identifier: Apache-2.0
#include "drawings.h"

#include "model/atomicfile.h"
#include "model/enumnames.h"
#include "solvers/common/reportformat.h"
#include "solvers/handoff/netbox.h"
#include "solvers/handoff/rackelevation.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <system_error>

#include <unistd.h>

namespace aidc {

namespace {

namespace fs = std::filesystem;

// Colours as the GUI's floor plan and rack elevation use them.
const char *roleColour(RackRole role)
{
    switch (role) {
    case RackRole::Compute:
        return "#4a7fc1";
    case RackRole::Network:
        return "#e88a2e";
    case RackRole::Storage:
        return "#4ca65a";
    case RackRole::Management:
        return "#8c8c8c";
    }
    return "#999999";
}

const char *itemColour(ElevationItem::Kind kind)
{
    switch (kind) {
    case ElevationItem::Kind::Server:
        return "#4a7fc1";
    case ElevationItem::Kind::Switch:
        return "#e88a2e";
    case ElevationItem::Kind::Appliance:
        return "#7b52ab";
    case ElevationItem::Kind::PatchPanel:
        return "#b0b0b0";
    case ElevationItem::Kind::PowerShelf:
        return "#c62828";
    case ElevationItem::Kind::Storage:
        return "#4ca65a";
    case ElevationItem::Kind::Blank:
        return "#eeeeee";
    }
    return "#eeeeee";
}

// SVG coordinates and sizes: two decimals, locale-free.
std::string num(double value)
{
    return formatFixed(value, 2);
}

std::string header(double width, double height)
{
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
           num(width) + "\" height=\"" + num(height) + "\" viewBox=\"0 0 " + num(width) + " " +
           num(height) +
           "\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n"
           "<rect x=\"0\" y=\"0\" width=\"" +
           num(width) + "\" height=\"" + num(height) + "\" fill=\"#ffffff\"/>\n";
}

std::string text(double x, double y, double size, const std::string &content,
                 const char *anchor = "start", const char *colour = "#202020")
{
    return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" font-size=\"" + num(size) +
           "\" text-anchor=\"" + anchor + "\" fill=\"" + colour + "\">" + xmlEscaped(content) +
           "</text>\n";
}

// `label` cut to `chars` characters, with an ellipsis when it was longer.
std::string clipped(const std::string &label, std::size_t chars)
{
    const std::string prefix = utf8Prefix(label, chars);
    return prefix.size() < label.size() ? prefix + "…" : label;
}

// A scale bar of a round length near a fifth of `spanM`, at (x, y), `scale` px per metre.
std::string scaleBar(double x, double y, double scale, double spanM)
{
    double metres = 1;
    for (double step : {1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0})
        if (step <= spanM / 5)
            metres = step;
    std::string out;
    const double w = metres * scale;
    out += "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(w / 2) +
           "\" height=\"6\" fill=\"#202020\"/>\n";
    out += "<rect x=\"" + num(x + w / 2) + "\" y=\"" + num(y) + "\" width=\"" + num(w / 2) +
           "\" height=\"6\" fill=\"#ffffff\" stroke=\"#202020\"/>\n";
    out += text(x, y + 20, 11, "0");
    out += text(x + w, y + 20, 11, num(metres).substr(0, num(metres).find('.')) + " m", "middle");
    return out;
}

} // namespace

std::string xmlEscaped(const std::string &text)
{
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&apos;";
            break;
        default:
            // Control characters are not allowed in XML 1.0 text.
            if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r')
                out += ' ';
            else
                out += c;
        }
    }
    return out;
}

std::string floorPlanSvg(const Project &project, const Result &result, std::size_t hallIndex)
{
    const LayoutHall &hall = result.layout.halls.at(hallIndex);
    const double widthM = std::max(hall.widthM, 1.0), lengthM = std::max(hall.lengthM, 1.0);
    // About 1400 px across the hall's width, within 4-40 px per metre.
    const double scale = std::clamp(1400.0 / widthM, 4.0, 40.0);
    const double left = 70, top = 80, legendWidth = 260;
    const double width = left + widthM * scale + 40 + legendWidth;
    const double height = top + lengthM * scale + 90;
    std::string svg = header(width, height);

    std::map<RackRole, int> racksByRole;
    std::int64_t gpus = 0;
    double peakW = 0;
    for (std::size_t i = 0; i < result.layout.racks.size(); ++i) {
        const PlacedRack &rack = result.layout.racks[i];
        if (std::size_t(rack.hall) != hallIndex)
            continue;
        ++racksByRole[rack.role];
        gpus += rack.gpus;
        if (i < result.power.racks.size())
            peakW += result.power.racks[i].peakW();
    }
    const std::string title =
        (project.name.empty() ? std::string("Design") : project.name) + " — hall " + hall.id +
        (hall.name.empty() || hall.name == hall.id ? "" : " (" + hall.name + ")");
    svg += text(left, 32, 20, title);
    svg += text(left, 56, 13,
                num(hall.widthM) + " m × " + num(hall.lengthM) + " m; " + std::to_string(gpus) +
                    " GPUs; racks at peak " + num(peakW / 1e6) + " MW IT");

    svg += "<g transform=\"translate(" + num(left) + " " + num(top) + ")\">\n";
    svg += "<rect x=\"0\" y=\"0\" width=\"" + num(widthM * scale) + "\" height=\"" +
           num(lengthM * scale) + "\" fill=\"#f4f4f0\" stroke=\"#202020\" stroke-width=\"2\"/>\n";
    svg += "<g stroke=\"#dddddd\" stroke-width=\"0.5\">\n";
    for (double x = 5; x < widthM; x += 5)
        svg += "<line x1=\"" + num(x * scale) + "\" y1=\"0\" x2=\"" + num(x * scale) + "\" y2=\"" +
               num(lengthM * scale) + "\"/>\n";
    for (double y = 5; y < lengthM; y += 5)
        svg += "<line x1=\"0\" y1=\"" + num(y * scale) + "\" x2=\"" + num(widthM * scale) +
               "\" y2=\"" + num(y * scale) + "\"/>\n";
    svg += "</g>\n";

    for (std::size_t i = 0; i < result.layout.racks.size(); ++i) {
        const PlacedRack &rack = result.layout.racks[i];
        if (std::size_t(rack.hall) != hallIndex)
            continue;
        const double kW = i < result.power.racks.size() ? result.power.racks[i].peakW() / 1e3 : 0;
        svg += "<rect class=\"rack\" x=\"" + num((rack.xM - rack.widthM / 2) * scale) + "\" y=\"" +
               num(rack.yM * scale) + "\" width=\"" + num(rack.widthM * scale) + "\" height=\"" +
               num(rack.depthM * scale) + "\" fill=\"" + roleColour(rack.role) +
               "\" stroke=\"#202020\" stroke-width=\"0.5\"><title>" +
               xmlEscaped(rack.id + ": " + toString(rack.role) +
                          (rack.pool.empty() ? "" : ", pool " + rack.pool) + ", " +
                          std::to_string(rack.servers) + " servers, " + std::to_string(rack.gpus) +
                          " GPUs, " + num(kW) + " kW peak") +
               "</title></rect>\n";
    }
    // Trays over each row, and the row's label left of its first rack.
    for (const LayoutRow &row : hall.rows) {
        double depthM = 1.2;
        if (!row.racks.empty())
            depthM = result.layout.racks[std::size_t(row.racks.front())].depthM;
        const double y = (row.yM + depthM / 2) * scale;
        svg += "<line class=\"tray\" x1=\"" + num(row.xM * scale) + "\" y1=\"" + num(y) +
               "\" x2=\"" + num((row.xM + row.lengthM) * scale) + "\" y2=\"" + num(y) +
               "\" stroke=\"#6d4c41\" stroke-width=\"1.5\" stroke-dasharray=\"6 3\" "
               "opacity=\"0.8\"/>\n";
        svg += text(row.xM * scale - 4, y + 4, std::clamp(depthM * scale * 0.5, 7.0, 12.0), row.id,
                    "end");
    }
    // North arrow: the drawing's up (the project states no orientation).
    const double nx = widthM * scale + 25, ny = 10;
    svg +=
        "<path d=\"M " + num(nx) + " " + num(ny) + " l -8 24 l 8 -6 l 8 6 z\" fill=\"#202020\"/>\n";
    svg += text(nx, ny + 40, 12, "N", "middle");
    svg += scaleBar(0, lengthM * scale + 25, scale, widthM);
    svg += "</g>\n";

    // Legend.
    const double lx = left + widthM * scale + 60;
    double ly = top + 80;
    svg += text(lx, ly, 14, "Racks");
    for (RackRole role :
         {RackRole::Compute, RackRole::Network, RackRole::Storage, RackRole::Management}) {
        ly += 24;
        svg += "<rect x=\"" + num(lx) + "\" y=\"" + num(ly - 12) +
               "\" width=\"16\" height=\"16\" "
               "fill=\"" +
               std::string(roleColour(role)) + "\" stroke=\"#202020\"/>\n";
        svg += text(lx + 24, ly, 12,
                    std::string(toString(role)) + ": " + std::to_string(racksByRole[role]));
    }
    ly += 28;
    svg += "<line x1=\"" + num(lx) + "\" y1=\"" + num(ly - 4) + "\" x2=\"" + num(lx + 16) +
           "\" y2=\"" + num(ly - 4) +
           "\" stroke=\"#6d4c41\" stroke-width=\"1.5\" "
           "stroke-dasharray=\"6 3\"/>\n";
    svg += text(lx + 24, ly, 12, "cable trays over the row");
    ly += 24;
    svg += text(lx, ly, 11, "grid 5 m; rack fronts at the row line", "start", "#606060");
    svg += "</svg>\n";
    return svg;
}

std::string rowElevationsSvg(const Project &project, const Catalog &catalog, const Result &result,
                             std::size_t hallIndex, std::size_t rowIndex)
{
    const LayoutHall &hall = result.layout.halls.at(hallIndex);
    const LayoutRow &row = hall.rows.at(rowIndex);
    const LayoutOptions layoutOptions;
    std::vector<RackElevation> racks;
    int maxU = 1;
    std::size_t maxNotes = 0;
    for (int index : row.racks) {
        if (index < 0 || std::size_t(index) >= result.layout.racks.size())
            continue;
        racks.push_back(rackElevation(result.layout.racks[std::size_t(index)], project,
                                      result.layout, &catalog, &result.fabric, layoutOptions));
        maxU = std::max(maxU, racks.back().heightU);
        maxNotes = std::max(maxNotes, racks.back().notes.size());
    }
    const double uPx = 12, column = 190, gap = 20, left = 40, top = 70;
    const double width =
        left + double(std::max<std::size_t>(racks.size(), 1)) * (column + gap) + 20;
    const double height = top + maxU * uPx + 30 + double(maxNotes) * 14 + 20;
    std::string svg = header(width, height);
    svg +=
        text(left, 30, 18,
             (project.name.empty() ? std::string("Design") : project.name) + " — row " + row.id +
                 " (hall " + hall.id + "): " + std::to_string(racks.size()) + " racks, front view");
    for (std::size_t r = 0; r < racks.size(); ++r) {
        const RackElevation &e = racks[r];
        const double x = left + double(r) * (column + gap);
        const double base = top + maxU * uPx; // bottom of U1
        svg += text(x + column / 2, top - 10, 12,
                    e.rackId + " (" + std::to_string(e.heightU) + "U)", "middle");
        svg += "<rect x=\"" + num(x) + "\" y=\"" + num(base - e.heightU * uPx) + "\" width=\"" +
               num(column) + "\" height=\"" + num(e.heightU * uPx) +
               "\" fill=\"#fafafa\" stroke=\"#303030\" stroke-width=\"1.5\"/>\n";
        if (r == 0) {
            for (int u = 1; u <= e.heightU; ++u)
                if (u == 1 || u % 5 == 0)
                    svg += text(x - 6, base - (u - 1) * uPx - 3, 9, std::to_string(u), "end",
                                "#606060");
        }
        for (const ElevationItem &item : e.items) {
            const double y = base - (item.firstU + item.heightU - 1) * uPx;
            const double h = item.heightU * uPx - 1;
            svg +=
                "<rect class=\"device\" x=\"" + num(x + 2) + "\" y=\"" + num(y) + "\" width=\"" +
                num(column - 4) + "\" height=\"" + num(h) + "\" fill=\"" + itemColour(item.kind) +
                "\" stroke=\"#202020\" stroke-width=\"0.5\"><title>" +
                xmlEscaped("U" + std::to_string(item.firstU) +
                           (item.heightU > 1 ? "-" + std::to_string(item.firstU + item.heightU - 1)
                                             : std::string()) +
                           ": " + item.label) +
                "</title></rect>\n";
            const bool dark = item.kind == ElevationItem::Kind::Server ||
                              item.kind == ElevationItem::Kind::Appliance ||
                              item.kind == ElevationItem::Kind::PowerShelf ||
                              item.kind == ElevationItem::Kind::Storage;
            svg += text(x + 6, y + std::min(h, uPx) / 2 + 3.5, 8.5, clipped(item.label, 36),
                        "start", dark ? "#ffffff" : "#202020");
        }
        double ny = base + 20;
        for (const std::string &note : e.notes) {
            svg += text(x, ny, 8.5, clipped(note, 44), "start", "#8b0000");
            ny += 14;
        }
    }
    svg += "</svg>\n";
    return svg;
}

DrawingSet writeDrawings(const Project &project, const Catalog &catalog, const Result &result,
                         const std::string &directory, bool floorPlans, bool elevations)
{
    DrawingSet out;
    std::error_code ec;
    const fs::path dir(directory);
    bool created = false;
    out.error = ensureDirectory(directory, created);
    if (!out.error.empty())
        return out;
    // File names are slugs of the ids (no '/', no "..": they stay in the directory), made unique.
    std::set<std::string> taken;
    auto fileName = [&](const std::string &prefix, const std::string &id, std::size_t index) {
        std::string slug = netBoxSlug(id);
        if (slug.empty())
            slug = std::to_string(index + 1);
        std::string name = prefix + slug + ".svg";
        for (int n = 2; !taken.insert(name).second; ++n)
            name = prefix + slug + "-" + std::to_string(n) + ".svg";
        return name;
    };
    // Every file is saved into a staging directory beside the targets, then renamed into place
    // once all were saved (a 1M-GPU site has thousands of rows: no file stays open meanwhile).
    const fs::path staging = dir / (".aidc-draw-" + std::to_string(::getpid()));
    fs::remove_all(staging, ec);
    std::string problem;
    if (!fs::create_directory(staging, ec))
        problem = staging.string() + ": cannot create (" + ec.message() + ")";
    auto write = [&](const std::string &name, const std::string &svg) {
        if (!problem.empty())
            return;
        const SaveResult saved = saveFileAtomically((staging / name).string(), svg);
        if (!saved.ok)
            problem = saved.error;
        out.files.push_back(name);
    };
    const std::vector<LayoutHall> &halls = result.layout.halls;
    for (std::size_t h = 0; h < halls.size(); ++h) {
        if (floorPlans)
            write(fileName("floorplan-", halls[h].id, h), floorPlanSvg(project, result, h));
        if (elevations)
            for (std::size_t r = 0; r < halls[h].rows.size(); ++r)
                write(fileName("elevations-", halls[h].rows[r].id, r),
                      rowElevationsSvg(project, catalog, result, h, r));
    }
    // A target that is a directory would stop the renames halfway: refuse before the first.
    for (std::size_t i = 0; problem.empty() && i < out.files.size(); ++i)
        if (fs::is_directory(dir / out.files[i], ec))
            problem = (dir / out.files[i]).string() + ": is a directory";
    for (std::size_t i = 0; problem.empty() && i < out.files.size(); ++i) {
        fs::rename(staging / out.files[i], dir / out.files[i], ec);
        if (ec)
            problem = (dir / out.files[i]).string() + ": cannot write (" + ec.message() + ")";
    }
    fs::remove_all(staging, ec);
    if (!problem.empty()) {
        out.error = problem;
        out.files.clear();
        if (created)
            fs::remove(dir, ec);
        return out;
    }
    out.ok = true;
    return out;
}

} // namespace aidc
