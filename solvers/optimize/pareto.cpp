// SPDX-License-Identifier: Apache-2.0
#include "solvers/optimize/pareto.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace aidc {

bool dominates(const ParetoPoint &a, const ParetoPoint &b)
{
    if (a.violation > 0 || b.violation > 0)
        return a.violation < b.violation;
    bool better = false;
    for (std::size_t i = 0; i < a.costs.size(); ++i) {
        if (a.costs[i] > b.costs[i])
            return false;
        better = better || a.costs[i] < b.costs[i];
    }
    return better;
}

std::vector<int> nondominatedRanks(const std::vector<ParetoPoint> &points)
{
    const std::size_t n = points.size();
    std::vector<std::vector<std::size_t>> beats(n);
    std::vector<int> beatenBy(n, 0), rank(n, 0);
    std::vector<std::size_t> current;
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 1; j < n; ++j) {
            if (dominates(points[i], points[j])) {
                beats[i].push_back(j);
                ++beatenBy[j];
            } else if (dominates(points[j], points[i])) {
                beats[j].push_back(i);
                ++beatenBy[i];
            }
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (beatenBy[i] == 0)
            current.push_back(i);
    }
    for (int front = 0; !current.empty(); ++front) {
        std::vector<std::size_t> next;
        for (const std::size_t i : current) {
            rank[i] = front;
            for (const std::size_t j : beats[i]) {
                if (--beatenBy[j] == 0)
                    next.push_back(j);
            }
        }
        current = std::move(next);
    }
    return rank;
}

std::vector<double> crowdingDistances(const std::vector<ParetoPoint> &points,
                                      const std::vector<std::size_t> &front)
{
    std::vector<double> distance(front.size(), 0.0);
    if (front.empty())
        return distance;
    const std::size_t objectives = points[front[0]].costs.size();
    std::vector<std::size_t> order(front.size());
    for (std::size_t m = 0; m < objectives; ++m) {
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return points[front[a]].costs[m] < points[front[b]].costs[m];
        });
        const double low = points[front[order.front()]].costs[m];
        const double high = points[front[order.back()]].costs[m];
        distance[order.front()] = distance[order.back()] = std::numeric_limits<double>::infinity();
        if (high <= low)
            continue;
        for (std::size_t k = 1; k + 1 < order.size(); ++k)
            distance[order[k]] +=
                (points[front[order[k + 1]]].costs[m] - points[front[order[k - 1]]].costs[m]) /
                (high - low);
    }
    return distance;
}

std::size_t kneeIndex(const std::vector<ParetoPoint> &points, const std::vector<std::size_t> &front)
{
    if (front.empty())
        return 0;
    const std::size_t objectives = points[front[0]].costs.size();
    std::vector<double> low(objectives, std::numeric_limits<double>::infinity());
    std::vector<double> high(objectives, -std::numeric_limits<double>::infinity());
    for (const std::size_t i : front) {
        for (std::size_t m = 0; m < objectives; ++m) {
            low[m] = std::min(low[m], points[i].costs[m]);
            high[m] = std::max(high[m], points[i].costs[m]);
        }
    }
    std::size_t best = 0;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < front.size(); ++k) {
        double sum = 0;
        for (std::size_t m = 0; m < objectives; ++m) {
            const double span = high[m] - low[m];
            const double scaled = span > 0 ? (points[front[k]].costs[m] - low[m]) / span : 0;
            sum += scaled * scaled;
        }
        if (sum < bestDistance) {
            bestDistance = sum;
            best = k;
        }
    }
    return best;
}

} // namespace aidc
