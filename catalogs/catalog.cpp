// SPDX-License-Identifier: Apache-2.0
#include "catalog.h"

#include <algorithm>
#include <cmath>

namespace aidc {

double EfficiencyCurve::at(double loadFraction) const
{
    if (points.empty())
        return 1.0;
    if (loadFraction <= points.front().first)
        return points.front().second;
    if (loadFraction >= points.back().first)
        return points.back().second;
    for (std::size_t i = 1; i < points.size(); ++i) {
        const auto &[x1, y1] = points[i];
        if (loadFraction <= x1) {
            const auto &[x0, y0] = points[i - 1];
            if (x1 == x0)
                return y1;
            return y0 + (y1 - y0) * (loadFraction - x0) / (x1 - x0);
        }
    }
    return points.back().second;
}

int SwitchModel::radixAt(double speedGbps) const
{
    if (speedGbps <= 0 || portGbps <= 0)
        return 0;
    if (speedGbps >= portGbps)
        return speedGbps == portGbps ? radix : 0;
    const double split = portGbps / speedGbps;
    const long lanes = std::lround(split);
    if (std::abs(split - double(lanes)) > 1e-9 || lanes > maxBreakout)
        return 0;
    return radix * int(lanes);
}

template<typename T> static const T *findById(const std::vector<T> &items, const std::string &id)
{
    auto it =
        std::find_if(items.begin(), items.end(), [&](const T &item) { return item.id == id; });
    return it == items.end() ? nullptr : &*it;
}

const Accelerator *Catalog::accelerator(const std::string &id) const
{
    return findById(accelerators, id);
}

const Server *Catalog::server(const std::string &id) const
{
    return findById(servers, id);
}

const RackType *Catalog::rackType(const std::string &id) const
{
    return findById(rackTypes, id);
}

const StorageSystem *Catalog::storageSystem(const std::string &id) const
{
    return findById(storageSystems, id);
}

const Appliance *Catalog::appliance(const std::string &id) const
{
    return findById(appliances, id);
}

const Appliance *Catalog::applianceFor(const std::string &role, const std::string &technology) const
{
    auto it = std::find_if(appliances.begin(), appliances.end(), [&](const Appliance &a) {
        return a.role == role && a.technology == technology;
    });
    return it == appliances.end() ? nullptr : &*it;
}

const SwitchModel *Catalog::switchModel(const std::string &id) const
{
    return findById(switches, id);
}

const Medium *Catalog::medium(const std::string &id) const
{
    return findById(media, id);
}

const PowerStage *Catalog::powerStage(const std::string &stage, const std::string &variant) const
{
    auto it = std::find_if(powerStages.begin(), powerStages.end(), [&](const PowerStage &s) {
        return s.stage == stage && s.variant == variant;
    });
    return it == powerStages.end() ? nullptr : &*it;
}

const PowerStage *Catalog::powerStageById(const std::string &id) const
{
    return findById(powerStages, id);
}

const Generator *Catalog::generator(const std::string &id) const
{
    return findById(generators, id);
}

const CoolingUnit *Catalog::coolingUnit(const std::string &id) const
{
    return findById(coolingUnits, id);
}

const FailureRate *Catalog::failureRate(const std::string &componentClass) const
{
    auto it = std::find_if(failureRates.begin(), failureRates.end(), [&](const FailureRate &f) {
        return f.componentClass == componentClass;
    });
    return it == failureRates.end() ? nullptr : &*it;
}

const Price *Catalog::price(const std::string &part) const
{
    auto it =
        std::find_if(prices.begin(), prices.end(), [&](const Price &p) { return p.part == part; });
    return it == prices.end() ? nullptr : &*it;
}

namespace {

template<typename Part>
bool findOrdering(const std::vector<Part> &parts, const std::string &id,
                  std::optional<PartOrdering> &out)
{
    auto it = std::find_if(parts.begin(), parts.end(), [&](const Part &p) { return p.id == id; });
    if (it == parts.end())
        return false;
    PartOrdering ordering{it->name, it->manufacturer, it->partNumber, it->leadTime, std::nullopt};
    if (auto source = it->sources.find("leadTimeWeeks"); source != it->sources.end())
        ordering.leadTimeSource = source->second;
    out = std::move(ordering);
    return true;
}

} // namespace

std::optional<PartOrdering> Catalog::ordering(const std::string &part) const
{
    std::optional<PartOrdering> found;
    (void)(findOrdering(servers, part, found) || findOrdering(rackTypes, part, found) ||
           findOrdering(storageSystems, part, found) || findOrdering(appliances, part, found) ||
           findOrdering(switches, part, found) || findOrdering(media, part, found) ||
           findOrdering(powerStages, part, found) || findOrdering(coolingUnits, part, found) ||
           findOrdering(generators, part, found));
    return found;
}

} // namespace aidc
