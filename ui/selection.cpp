// SPDX-License-Identifier: Apache-2.0
#include "selection.h"

#include "model/projectedit.h"

#include <cctype>
#include <vector>

namespace aidc::ui {

namespace {

std::vector<std::string> tokens(const std::string &pointer)
{
    std::vector<std::string> out;
    std::string token;
    for (std::size_t i = 1; i <= pointer.size() && !pointer.empty(); ++i) {
        if (i == pointer.size() || pointer[i] == '/') {
            out.push_back(token);
            token.clear();
        } else {
            token += pointer[i];
        }
    }
    return out;
}

int indexToken(const std::vector<std::string> &t, std::size_t i)
{
    if (i >= t.size() || t[i].empty())
        return -1;
    for (char c : t[i]) {
        if (!std::isdigit(static_cast<unsigned char>(c)))
            return -1;
    }
    return std::stoi(t[i]);
}

bool pinnedRow(const Project &project, int hall, int row)
{
    return hall >= 0 && hall < int(project.halls.size()) && row >= 0 &&
           row < int(project.halls[hall].rows.size());
}

} // namespace

std::string Selection::pointer(const Project &project) const
{
    switch (kind) {
    case Kind::None:
    case Kind::RackType:
        return {};
    case Kind::Site:
        return "/site";
    case Kind::Hall:
        return hall >= 0 && hall < int(project.halls.size()) ? hallPointer(hall) : std::string();
    case Kind::Row:
        return pinnedRow(project, hall, row) ? rowPointer(hall, row) : std::string();
    case Kind::Rack:
        return pinnedRow(project, hall, row) &&
                       slot < int(project.halls[hall].rows[row].racks.size())
                   ? rackPointer(hall, row, slot)
                   : std::string();
    case Kind::Power:
        return "/power";
    case Kind::Cooling:
        return "/cooling";
    case Kind::Pool:
        return "/compute/pools/" + std::to_string(index);
    case Kind::Plane:
        return "/network/planes/" + std::to_string(index);
    case Kind::Storage:
        return "/storage";
    case Kind::Workload:
        return "/workload";
    case Kind::Reliability:
        return "/reliability";
    case Kind::Cost:
        return "/cost";
    case Kind::CatalogOverrides:
        return "/catalogOverrides";
    }
    return {};
}

bool Selection::needsPinning(const Project &project) const
{
    return (kind == Kind::Row || kind == Kind::Rack ||
            (kind == Kind::Hall && hall >= int(project.halls.size()))) &&
           pointer(project).empty();
}

Selection siteSelection()
{
    return kindSelection(Selection::Kind::Site);
}

Selection hallSelection(int hall)
{
    Selection s;
    s.kind = Selection::Kind::Hall;
    s.hall = hall;
    return s;
}

Selection rowSelection(int hall, int row)
{
    Selection s = hallSelection(hall);
    s.kind = Selection::Kind::Row;
    s.row = row;
    return s;
}

Selection rackSelection(int hall, int row, int slot)
{
    Selection s = rowSelection(hall, row);
    s.kind = Selection::Kind::Rack;
    s.slot = slot;
    return s;
}

Selection poolSelection(int index)
{
    Selection s;
    s.kind = Selection::Kind::Pool;
    s.index = index;
    return s;
}

Selection planeSelection(int index)
{
    Selection s;
    s.kind = Selection::Kind::Plane;
    s.index = index;
    return s;
}

Selection kindSelection(Selection::Kind kind)
{
    Selection s;
    s.kind = kind;
    return s;
}

int layoutRackIndex(const LayoutResult &layout, int hall, int row, int slot)
{
    if (hall < 0 || hall >= int(layout.halls.size()))
        return -1;
    const LayoutHall &h = layout.halls[hall];
    if (row < 0 || row >= int(h.rows.size()))
        return -1;
    const LayoutRow &r = h.rows[row];
    if (slot < 0 || slot >= int(r.racks.size()))
        return -1;
    return r.racks[slot];
}

Selection selectionForDiagnostic(const std::string &jsonPath, const std::string &message,
                                 const LayoutResult *layout)
{
    const std::vector<std::string> t = tokens(jsonPath);
    const std::string head = t.empty() ? std::string() : t[0];
    if (head == "halls" && indexToken(t, 1) >= 0) {
        const int hall = indexToken(t, 1);
        if (t.size() > 3 && t[2] == "rows" && indexToken(t, 3) >= 0) {
            const int row = indexToken(t, 3);
            if (t.size() > 5 && t[4] == "racks" && indexToken(t, 5) >= 0)
                return rackSelection(hall, row, indexToken(t, 5));
            return rowSelection(hall, row);
        }
        return hallSelection(hall);
    }
    if (head == "compute" && t.size() > 2 && t[1] == "pools" && indexToken(t, 2) >= 0)
        return poolSelection(indexToken(t, 2));
    if (head == "pools" && indexToken(t, 1) >= 0)
        return poolSelection(indexToken(t, 1));
    if (head == "network" && t.size() > 2 && t[1] == "planes" && indexToken(t, 2) >= 0)
        return planeSelection(indexToken(t, 2));
    if (head == "planes" && indexToken(t, 1) >= 0)
        return planeSelection(indexToken(t, 1));

    // A rack or row named in the message ("rack H1-R03-12 draws ...", "row H1-N1: copper tray
    // ...") beats a whole-section pointer; the longest whole id wins ("H1-R1-12" over "H1-R1-1").
    if (layout) {
        auto namedAt = [&message](const std::string &id) {
            if (id.empty())
                return false;
            for (std::size_t at = message.find(id); at != std::string::npos;
                 at = message.find(id, at + 1)) {
                const std::size_t end = at + id.size();
                const bool whole = end >= message.size() ||
                                   !(std::isalnum(static_cast<unsigned char>(message[end])) ||
                                     message[end] == '-');
                if (whole)
                    return true;
            }
            return false;
        };
        const PlacedRack *best = nullptr;
        for (const PlacedRack &rack : layout->racks) {
            if ((!best || rack.id.size() > best->id.size()) && namedAt(rack.id))
                best = &rack;
        }
        if (best)
            return rackSelection(best->hall, best->row, best->slot);
        for (int h = 0; h < int(layout->halls.size()); ++h) {
            const std::vector<LayoutRow> &rows = layout->halls[h].rows;
            for (int r = 0; r < int(rows.size()); ++r) {
                if (namedAt("row " + rows[r].id))
                    return rowSelection(h, r);
            }
        }
    }

    if (head == "site")
        return siteSelection();
    if (head == "power")
        return kindSelection(Selection::Kind::Power);
    if (head == "cooling")
        return kindSelection(Selection::Kind::Cooling);
    if (head == "storage")
        return kindSelection(Selection::Kind::Storage);
    if (head == "workload")
        return kindSelection(Selection::Kind::Workload);
    if (head == "reliability")
        return kindSelection(Selection::Kind::Reliability);
    if (head == "cost")
        return kindSelection(Selection::Kind::Cost);
    if (head == "catalogOverrides")
        return kindSelection(Selection::Kind::CatalogOverrides);
    return {};
}

} // namespace aidc::ui
